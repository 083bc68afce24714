"""Upstream's text markup and this project's (definitions/README.md "Text markup"), both ways.

Upstream writes a bullet `・`, a numbered item `1.` or `A.`, and nests with leading dashes (`-1.` is an
item under the item above, `--A.` two levels down, `-・` a bullet one level down). This project nests
by indentation, the width of the parent's marker. A note (`actNote`) starts with `※`, which the
project's `note` leaves out. Trailing spaces are dropped: they mean nothing in either markup."""

from __future__ import annotations

import re
import unicodedata

# A marker typed in full width (１．, Ａ．), as upstream's earlier editions write them: read as 1. and A.
_WIDE_MARKER = re.compile(r"^(?P<depth>-*)(?P<marker>[０-９]+|[Ａ-Ｚ])[．.]\s?")
_ITEM = re.compile(r"^(?P<depth>-*)(?P<marker>・|[0-9]+\.|[A-Z]\.)\s?(?P<rest>.*)$")
_OURS = re.compile(r"^(?P<indent> *)(?P<marker>- |[0-9]+\. |[A-Z]\. )(?P<rest>.*)$")
NOTE_MARK = "※"
_BULLET_UPSTREAM = "・"
_BULLET_OURS = "- "


def wide_markers(text: str) -> bool:
    """Whether a line starts with a full-width marker (１．): the import reads it, with a warning."""
    return any(_WIDE_MARKER.match(line) for line in text.split("\n"))


def _narrow(line: str) -> str:
    match = _WIDE_MARKER.match(line)
    if match is None:
        return line
    marker = unicodedata.normalize("NFKC", match.group("marker"))
    return f"{match.group('depth')}{marker}. {line[match.end():]}"


def to_markup(text: str) -> str:
    """Upstream's text in the project's markup (one line each; the nesting as indentation)."""
    lines: list[str] = []
    widths: list[int] = []  # the marker widths of the open items, outermost first
    for raw in text.rstrip().split("\n"):
        line = _narrow(raw.rstrip())
        match = _ITEM.match(line)
        if match is None:
            widths = []
            lines.append(line)
            continue
        depth = len(match.group("depth"))
        depth = min(depth, len(widths))  # a deeper item than any open one nests under the last
        widths = widths[:depth]
        marker = _BULLET_OURS if match.group("marker") == _BULLET_UPSTREAM else match.group("marker") + " "
        lines.append(" " * sum(widths) + marker + match.group("rest"))
        widths.append(len(marker))
    return "\n".join(lines)


def from_markup(text: str) -> str:
    """The project's markup in upstream's: indentation back to leading dashes, `- ` back to `・`."""
    lines: list[str] = []
    indents: list[int] = []  # the indentation of the open items, outermost first
    for line in text.rstrip().split("\n"):
        match = _OURS.match(line)
        if match is None:
            indents = [] if not line.startswith(" ") else indents
            lines.append(line.strip() if line.startswith(" ") else line)
            continue
        indent = len(match.group("indent"))
        while indents and indents[-1] >= indent:
            indents.pop()
        depth = len(indents)
        indents.append(indent)
        marker = _BULLET_UPSTREAM if match.group("marker") == _BULLET_OURS else match.group("marker").rstrip()
        separator = "" if marker == _BULLET_UPSTREAM else " "
        lines.append("-" * depth + marker + separator + match.group("rest"))
    return "\n".join(lines)


def note_to_markup(text: str) -> str:
    """A note without its leading ※ (the project prints it)."""
    stripped = text.strip()
    return to_markup(stripped[len(NOTE_MARK):].lstrip() if stripped.startswith(NOTE_MARK) else stripped)


def note_from_markup(text: str) -> str:
    return NOTE_MARK + from_markup(text)


def plain(text: str) -> str:
    """Upstream's text as it reads, trailing spaces dropped: what an import keeps, word for word."""
    return "\n".join(line.rstrip() for line in text.rstrip().split("\n"))


_KATAKANA = re.compile(r"[ァ-ヶ]")


def kana(reading: str) -> str:
    """Upstream's ruby in hiragana, as the project's kana is (ダメージはんてい → だめーじはんてい)."""
    return _KATAKANA.sub(lambda m: chr(ord(m.group()) - 0x60), reading.strip())


def flavor(text: str) -> str:
    """A flavor text on one line, as the project writes it: upstream's one quotation a line, run together."""
    return "".join(line.strip() for line in text.strip().split("\n"))
