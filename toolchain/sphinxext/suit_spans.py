"""Suits as the cards print them: ♡ and ♢ red, all four in one font at one size.

Wherever a suit character is printed (the entries of 4.3, the tables, the prose), it is wrapped in
`<span class="suit">`, the red ones also in `suit-red` (the action lists use the same classes);
the themes' stylesheets colour them and give them a font that has all four at the same size.
Done when a page is written, so the search index and the stored pages keep the plain text.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..notation.card_notation import RED_SUITS, SUITS

SUIT = re.compile(f"([{''.join(SUITS)}])")
_SKIPPED = (nodes.FixedTextElement, nodes.raw, nodes.comment, nodes.substitution_definition)


def suit_classes(suit: str) -> list[str]:
    return ["suit", "suit-red"] if suit in RED_SUITS else ["suit"]


def suit_node(suit: str) -> nodes.inline:
    return nodes.inline(suit, suit, classes=suit_classes(suit))


def split_suits(text: str) -> list[nodes.Node]:
    """`♡ 3, ♠ 2` → [suit ♡, " 3, ", suit ♠, " 2"]."""
    return [suit_node(part) if part and part in SUITS else nodes.Text(part) for part in SUIT.split(text) if part]


class MarkSuits(SphinxPostTransform):
    default_priority: ClassVar[int] = 900  # after the references are resolved: their text too

    def run(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or not SUIT.search(text) or _inside_skipped(parent) or "suit" in parent.get("classes", ()):
                continue
            parent.replace(text, split_suits(str(text)))


def _inside_skipped(node: nodes.Node | None) -> bool:
    while node is not None:
        if isinstance(node, _SKIPPED):
            return True
        node = node.parent
    return False


def setup(app: Sphinx) -> None:
    app.add_post_transform(MarkSuits)
