"""The line-based text markup of effects, conditions and procedures (definitions/README.md).

`parse` turns the text into a tree of Paragraph and ListBlock nodes; each renderer (HTML,
docutils, plain text) walks the tree. Malformed lists raise MarkupError with the line. `escape`
makes a line of prose text that the parser never reads as a marker.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..i18n import _

# A marker without its space: `2.めくった`, `-Aは` (not `1.5倍` nor `-1`, which are text).
_UNSPACED_MARKER = re.compile(r"^(?:[1-9][0-9]*\.|-)(?=[^\s\d.\-])")
# A marker typed in full width (２. 1． Ａ.) or a typed bullet ・: text to the parser, a broken list to the reader.
_LOOKALIKE_MARKER = re.compile(r"^(?:[０-９]+[.．]|[0-9]+．|[Ａ-Ｚ][.．]|[A-Z]．|・)")
_MARKER = re.compile(r"^(?:(?P<num>[1-9][0-9]*)\.(?: |$)|(?P<alpha>[A-Z])\.(?: |$)|(?P<bullet>-(?: |$)))")
# A line that starts with a backslash is text as it follows (`\2. は…` prints `2. は…`): prose that begins
# with what reads as a marker, such as a reading that quotes an item, is printed without becoming a list.
ESCAPE = "\\"


class MarkupError(ValueError):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line  # 0-based line within the text


@dataclass
class Paragraph:
    text: str


@dataclass
class Item:
    text: str
    children: list[Block] = field(default_factory=list)


@dataclass
class ListBlock:
    style: str  # "decimal", "upper-alpha" or "bullet"
    items: list[Item] = field(default_factory=list)


Block = Paragraph | ListBlock


@dataclass
class _Open:
    indent: int  # indentation of the item's marker
    content: int  # indentation of the item's text (marker + its width)
    item: Item


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    stack: list[_Open] = []  # the chain of items the next line may nest under

    for number, raw in enumerate(text.splitlines()):
        if not raw.strip():
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise MarkupError(_("indent with spaces, not tabs"), number)
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        while stack and indent < stack[-1].content:
            if indent > stack[-1].indent:
                raise MarkupError(
                    _("indentation {indent} is inside the marker of the item above; nest by {content}").format(
                        indent=indent, content=stack[-1].content),
                    number,
                )
            stack.pop()
        siblings = stack[-1].item.children if stack else blocks
        if stack and indent > stack[-1].content:
            raise MarkupError(_("indented {indent} spaces; an item's content starts at {content}").format(
                indent=indent, content=stack[-1].content), number)
        if not stack and indent:
            raise MarkupError(_("a top-level line must not be indented"), number)
        if line.startswith(ESCAPE):
            siblings.append(Paragraph(line[len(ESCAPE):]))
            continue
        match = _MARKER.match(line)
        if not match:
            unspaced = _UNSPACED_MARKER.match(line)
            if unspaced:  # `2.めくった…` or `-Aは…` would print as text, the list broken around it
                marker = unspaced.group()
                raise MarkupError(_("'{marker}' needs a space after it to start an item: write '{marker} {text}…'").format(
                    marker=marker, text=line[len(marker):][:8]),
                                  number)
            lookalike = _LOOKALIKE_MARKER.match(line)
            if lookalike and lookalike.group() == "・":
                raise MarkupError(_("write a bullet as '- ' (it prints as ・)"), number)
            if lookalike:
                marker = lookalike.group()
                meant = unicodedata.normalize("NFKC", marker).replace("．", ".")
                raise MarkupError(_("'{marker}' is not a list marker: write '{meant} ' (half-width, then a space)").format(marker=marker, meant=meant), number)
            siblings.append(Paragraph(line))
            continue
        style, ordinal = _style(match)
        body = line[match.end():].strip()
        if not body:
            raise MarkupError(_("an item needs text after its marker"), number)
        current = siblings[-1] if siblings and isinstance(siblings[-1], ListBlock) else None
        if current is None or current.style != style:
            if ordinal not in (None, 1):
                raise MarkupError(_("a list must start at {first}").format(first=_first(style)), number)
            current = ListBlock(style)
            siblings.append(current)
        elif ordinal not in (None, len(current.items) + 1):
            expected = _ordinal_text(style, len(current.items) + 1)
            raise MarkupError(_("this item should be numbered {expected}").format(expected=expected), number)
        item = Item(body)
        current.items.append(item)
        stack.append(_Open(indent, indent + match.end(), item))
    return blocks


def _style(match: re.Match[str]) -> tuple[str, int | None]:
    if match.group("num"):
        return "decimal", int(match.group("num"))
    if match.group("alpha"):
        return "upper-alpha", ord(match.group("alpha")) - ord("A") + 1
    return "bullet", None


def _first(style: str) -> str:
    return {"decimal": "1.", "upper-alpha": "A."}.get(style, "- ")


def _ordinal_text(style: str, n: int) -> str:
    return f"{n}." if style == "decimal" else f"{chr(ord('A') + n - 1)}."


def plain(blocks: Sequence[Block], depth: int = 0) -> str:
    """Plain text with the markers, for search indexes and terminals."""
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.append("  " * depth + block.text)
            continue
        for n, item in enumerate(block.items, 1):
            marker = "・" if block.style == "bullet" else _ordinal_text(block.style, n) + " "
            lines.append("  " * depth + marker + item.text)
            if item.children:
                lines.append(plain(item.children, depth + 1))
    return "\n".join(lines)


def escape(line: str) -> str:
    """One line of prose as markup that parses to exactly that text, whatever it starts with."""
    return ESCAPE + line
