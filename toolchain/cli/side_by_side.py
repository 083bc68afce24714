"""Two lists of lines set side by side on a terminal, by the width each character takes there (a kanji two
columns, a latin letter one: unicodedata's East Asian Width)."""

from __future__ import annotations

import unicodedata
from itertools import zip_longest

_GAP = " │ "


def width_of(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def wrapped(line: str, width: int) -> list[str]:
    """`line` cut into pieces no wider than `width` (a line's indent is kept on its pieces)."""
    indent = line[: len(line) - len(line.lstrip(" "))]
    pieces: list[str] = []
    current = ""
    for char in line:
        if width_of(current) + width_of(char) > width:
            pieces.append(current)
            current = indent + char if len(indent) < width // 2 else char
        else:
            current += char
    return [*pieces, current]


def side_by_side(left: list[str], right: list[str], width: int) -> list[str]:
    """The two lists in two columns of a terminal `width` wide, each line wrapped within its column."""
    column = (width - width_of(_GAP)) // 2
    lines: list[str] = []
    for one, other in zip_longest(left, right, fillvalue=""):
        for a, b in zip_longest(wrapped(one, column), wrapped(other, column), fillvalue=""):
            lines.append((a + " " * (column - width_of(a)) + _GAP + b).rstrip())
    return lines
