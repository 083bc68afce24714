"""Where `--help` may break a line, for Japanese as for English: rich breaks at spaces only, and folds a
Japanese sentence (which has none) at any character, so that a line began with 。、） and a path or an
address was cut in two. Here a line breaks at a space, or between two phrases of Japanese (BudouX, as
the flowcharts' labels); never before a closing mark or after an opening one (kinsoku), never inside a
run of ASCII (a path, an address, an option). A run longer than the line is still folded."""

from __future__ import annotations

import functools
import re
from typing import Any

_WORD = re.compile(r"\S+\s*")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
_NEVER_FIRST = frozenset("。、，．・：；！？）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ)]},.:;!?")
_NEVER_LAST = frozenset("（「『【〔〈《([{")


@functools.lru_cache(maxsize=1)
def _parser() -> Any:
    import budoux

    return budoux.load_default_japanese_parser()


def _may_break(text: str, at: int) -> bool:
    before, after = text[at - 1], text[at]
    if before.isspace():
        return True
    if after in _NEVER_FIRST or before in _NEVER_LAST:
        return False
    return not (before.isascii() and after.isascii())  # inside a path, an address, an option


def break_points(text: str) -> list[int]:
    """The offsets where a line of `text` may break: each word's start after a space, and the phrase
    boundaries inside a word with Japanese in it."""
    points = []
    for match in _WORD.finditer(text):
        if match.start():
            points.append(match.start())
        word = match.group().rstrip()
        if _JAPANESE.search(word):
            at = match.start()
            for phrase in _parser().parse(word)[:-1]:
                at += len(phrase)
                points.append(at)
    return [at for at in points if 0 < at < len(text) and _may_break(text, at)]


def _fold_at(text: str, start: int, width: int) -> int:
    """Where a run longer than the line breaks: after the last / that fits (a path goes on at its next
    part), else at the edge; never before a closing mark, which goes down with what it closes."""
    from rich.cells import cell_len

    edge = start + 1
    while edge < len(text) and cell_len(text[start:edge + 1]) <= width:
        edge += 1
    for at in range(edge, start + 1, -1):
        if text[at - 1] == "/" and text[at] not in _NEVER_FIRST:
            return at
    while edge > start + 1 and text[edge] in _NEVER_FIRST:
        edge -= 1
    return edge


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """rich's `divide_line` (the offsets to break `text` at to fit `width` cells), at `break_points`."""
    from rich.cells import cell_len

    breaks: list[int] = []
    used = 0  # cells on the current line
    start = 0
    for end in [*break_points(text), len(text)]:
        unit = text[start:end]
        if used + cell_len(unit.rstrip()) > width and used and start:
            breaks.append(start)
            used = 0
        if cell_len(unit.rstrip()) > width and fold:  # longer than a line: folded
            at = start
            while cell_len(text[at:end].rstrip()) > width:
                at = _fold_at(text, at, width)
                breaks.append(at)
            used = cell_len(text[at:end])
        else:
            used += cell_len(unit)
        start = end
    return breaks


def use_in_rich() -> None:
    """rich's Text wraps with `divide_line` from here (typer's help is made of rich Text)."""
    import rich.text

    rich.text.divide_line = divide_line  # type: ignore[assignment]
