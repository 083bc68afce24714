"""The text markup (definitions/README.md) as HTML: paragraphs, numbered, lettered and `・` lists.

Every piece of text is escaped here (its red suits marked, suits.py); the result is a `Markup` so Jinja does not escape it twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from markupsafe import Markup

from .. import model as m
from ..notation import markup
from .suits import text_html

_LIST_TAGS = {"decimal": ("ol", ' class="decimal"'), "upper-alpha": ("ol", ' class="upper-alpha" type="A"'), "bullet": ("ul", ' class="bullet"')}


def to_html(text: m.Text | None, mark: str = "") -> Markup:
    """Render markup text (parsed when the definitions loaded); empty text renders as nothing. A
    `mark` (`※`) opens the first paragraph, spaced from its text as the printed leaflet does."""
    if not text:
        return Markup("")
    blocks = list(text.blocks)
    if mark and blocks and isinstance(blocks[0], markup.Paragraph):
        blocks[0] = markup.Paragraph(f"{mark} {blocks[0].text}")
    elif mark:
        blocks.insert(0, markup.Paragraph(mark))
    return Markup(_blocks(blocks))


def _blocks(blocks: Sequence[markup.Block]) -> str:
    parts: list[str] = []
    for block in blocks:
        if isinstance(block, markup.Paragraph):
            parts.append(f"<p>{text_html(block.text)}</p>")
            continue
        tag, attributes = _LIST_TAGS[block.style]
        items = "".join(_item(item, block.style) for item in block.items)
        parts.append(f"<{tag}{attributes}>{items}</{tag}>")
    return "".join(parts)


# The bullet is text, not a CSS marker, so it survives copying and text extraction alike.
_BULLET = '<span class="bullet-mark" aria-hidden="true">・</span>'


def _item(item: markup.Item, style: str) -> str:
    bullet = _BULLET if style == "bullet" else ""
    return f"<li>{bullet}{text_html(item.text)}{_blocks(item.children)}</li>"


def bullet_list(items: Iterable[str | Markup], css_class: str = "bullet") -> Markup | None:
    """`・` items (escaped unless already Markup); None when there are none. The items are apart
    by a line break: where a leaflet runs them on one line (inline, each nowrap) that space is the
    only place the line may wrap — 「・」 may not begin a line, so without it the list ran off the page."""
    rendered = "\n".join(f"<li>{_BULLET}{text_html(item)}</li>" for item in items)
    return Markup(f'<ul class="{css_class}">{rendered}</ul>') if rendered else None
