"""How each kind of value (model.display) looks in the action lists' HTML.

Every piece of text is escaped here; the results are `Markup`, so Jinja does not escape them twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from .. import figures
from .. import model as m
from ..model import display
from ..rulebook import FAQ_PAGE, HTML_DIR
from .markup_html import bullet_list, to_html
from .suits import text_html

# The rulebook's FAQ (docs/faq.rst) from the action lists' pages: the site holds actionlist/html/ and rulebook/.
FAQ_FROM_LISTS = f"../../{HTML_DIR}/{FAQ_PAGE}.html"
# Values that are a block of their own rather than the body of a labelled field.
UNWRAPPED = (display.FormatTable, display.FrameList)


def _paragraph(text: str, css_class: str | None = None) -> Markup:
    if not text:
        return Markup("")
    body = text_html(text)
    return Markup('<p class="{}">{}</p>').format(css_class, body) if css_class else Markup("<p>{}</p>").format(body)


def _format_table(defs: m.Definitions, value: display.FormatTable) -> Markup:
    heads = Markup("").join(Markup('<th scope="col">{}</th>').format(f.name) for f in defs.formats)
    cells = Markup("").join(Markup('<td class="yes">○</td>') if f.id in value.formats else Markup('<td class="no">×</td>')
                            for f in defs.formats)
    return Markup('\n<table class="format-table">\n  <tr>{}</tr>\n  <tr>{}</tr>\n</table>\n').format(heads, cells)


def _frame_list(value: display.FrameList) -> Markup:
    items = Markup("\n").join(  # apart, so that an inline list may wrap between its items (markup_html.bullet_list)
        Markup('<li><span class="bullet-mark" aria-hidden="true">・</span>{}</li>').format(frame.name) for frame in value.frames
    )
    return Markup('\n  <ul class="bullet frames">{}</ul>\n').format(items)


def _deck(deck: display.Deck) -> Markup:
    if deck.cards:
        rows = Markup("").join(
            Markup('<li><span class="suit">{}</span> {}</li>').format(text_html(suit), ", ".join(ranks))
            for suit, ranks in deck.cards.items()
        )
        return Markup('<p>次のカードのみで構成された {} 枚のデッキを使う</p><ul class="deck">{}</ul>').format(deck.size, rows)
    return Markup("<p>{} 枚以上</p>").format(deck.min_cards)


def _access_levels(defs: m.Definitions, value: display.AccessLevels) -> Markup:
    levels = defs.rules.access_levels if defs.rules else ()
    parts = []
    for zone in value.zones:
        shown = Markup(" / ").join(
            Markup("{}: {}").format(level.name, zone.access.get(level.id) or display.NONE) for level in levels
        )
        parts.append(Markup('<li><span class="zone">{}</span> — {}</li>').format(zone.name, shown))
    return Markup('<ul class="zones">{}</ul>').format(Markup("").join(parts))


def _flavor(flavor: m.Flavor) -> Markup:
    return Markup('<p class="flavor-text">{}</p><p class="flavor-speaker">〜 {} 〜</p>').format(text_html(flavor.text), text_html(flavor.speaker))


def _figure(defs: m.Definitions, value: display.Figure) -> Markup:
    """The drawing inline (its SVG title is its caption), so pages and leaflets need no image files."""
    svg = figures.spec(value.name, defs).draw(defs)
    return Markup('<figure class="figure">{}</figure>').format(Markup(svg))


def _ruling_links(value: display.RulingLinks) -> Markup:
    """関連する裁定: each ruling's question, linked to it in the rulebook's FAQ."""
    return bullet_list(Markup('<a href="{}#{}">{}</a>').format(FAQ_FROM_LISTS, r.anchor, text_html(r.question)) for r in value.rulings)


def _links(value: display.FrameActions) -> Markup:
    return bullet_list(Markup('<a href="#{}">{}</a>').format(a.anchor, text_html(a.name)) for a in value.actions) or Markup("")


_RENDER: dict[type, Callable[[m.Definitions, Any], Markup]] = {
    display.Text: lambda defs, v: _paragraph(v.text),
    display.Markup: lambda defs, v: to_html(v.text, v.mark),
    display.Bullets: lambda defs, v: bullet_list(v.items) or Markup(""),
    display.InlineList: lambda defs, v: _paragraph(",".join(v.items)),
    display.Nothing: lambda defs, v: _paragraph(v.text, "none"),
    display.FormatTable: _format_table,
    display.FrameList: lambda defs, v: _frame_list(v),
    m.Flavor: lambda defs, v: _flavor(v),
    display.Figure: _figure,
    display.Deck: lambda defs, v: _deck(v),
    display.StartProcedure: lambda defs, v: to_html(v.procedure),
    display.FrameActions: lambda defs, v: _links(v),
    display.AccessLevels: _access_levels,
    display.RulingLinks: lambda defs, v: _ruling_links(v),
}


def value_html(defs: m.Definitions, value: Any) -> Markup:
    """The HTML of one item's value."""
    return _RENDER[type(value)](defs, value)
