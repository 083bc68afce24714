"""Suits as printed in every list: ♡ and ♢ red (as the cover prints them), ♢ enlarged to the size of
the other suits (Noto Sans CJK draws it smaller). The one place that decides it: every piece of
text of the action lists goes through `text_html`, and the rulebook reuses the same CSS classes.

CSS (actionlist.css, leaflet.css): `.suit-red` colours the heart and the diamond; `.suit-diamond`
scales the diamond.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..notation import linebreaks
from ..notation.card_notation import RED_SUITS

RED_CLASS = "suit-red"
DIAMOND_CLASS = "suit-diamond"  # ♢ is drawn smaller than ♠ ♡ ♣ by the fonts the lists use
_RED = re.compile("|".join(map(re.escape, RED_SUITS)))


def _span(match: re.Match[str]) -> str:
    suit = match.group(0)
    classes = f"{RED_CLASS} {DIAMOND_CLASS}" if suit == "♢" else RED_CLASS
    return f'<span class="{classes}">{suit}</span>'


def _marked(text: str) -> str:
    return _RED.sub(_span, str(escape(text)))


def text_html(text: object, *, breaks: bool = True) -> Markup:
    """`text` escaped, its red suits in `<span class="suit-red">`, what must stay on one line (a
    number and its counter, a katakana word, its last two letters: notation/linebreaks.py) in
    `<span class="nobr">` unless not `breaks` (a piece of a name, which stays whole: `name_html`);
    Markup passes through untouched (it was made here or by a template, and its suits already handled)."""
    if isinstance(text, Markup):
        return text
    if not breaks:
        return Markup(_marked(str(text)))
    return Markup("".join(f'<span class="{linebreaks.CLASS}">{_marked(piece)}</span>' if kept else _marked(piece)
                          for piece, kept in linebreaks.segments(str(text), words=True)))


def suits_html(text: object) -> Markup:
    """`text` escaped with its red suits marked, nothing else: a piece of something kept whole."""
    return text_html(text, breaks=False)
