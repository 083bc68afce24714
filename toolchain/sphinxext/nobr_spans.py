"""Line breaks as a typesetter makes them, in the rulebook's HTML and PDF: a number stays with its
counter, and a paragraph's last two letters stay together (no single kana alone on its last line).

The spans toolchain/notation/linebreaks.py names are wrapped in `<span class="nobr">` (the themes'
stylesheets keep them on one line). Done when a page is written, so the search index and the stored
pages keep the plain text.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..notation import linebreaks

_BLOCKS = (nodes.paragraph, nodes.title, nodes.caption, nodes.term, nodes.rubric)
_SKIPPED = (nodes.FixedTextElement, nodes.raw, nodes.comment, nodes.substitution_definition)


def _kept(text: str, *, end: bool) -> list[nodes.Node] | None:
    pieces = linebreaks.segments(text, end=end)
    if not any(kept for _, kept in pieces):
        return None
    return [nodes.inline(piece, piece, classes=[linebreaks.CLASS]) if kept else nodes.Text(piece) for piece, kept in pieces]


def _skipped(node: nodes.Node | None) -> bool:
    while node is not None:
        if isinstance(node, _SKIPPED) or linebreaks.CLASS in getattr(node, "get", lambda *_: ())("classes", ()):
            return True
        node = node.parent
    return False


class KeepTogether(SphinxPostTransform):
    default_priority: ClassVar[int] = 910  # after the suits are marked (suit_spans.py, 900)

    def run(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(lambda node: isinstance(node, _BLOCKS))):
            texts = [text for text in block.findall(nodes.Text) if not _skipped(text.parent)]
            for number, text in enumerate(texts):
                replacement = _kept(str(text), end=number == len(texts) - 1)
                if replacement is not None and text.parent is not None:
                    text.parent.replace(text, replacement)


def setup(app: Sphinx) -> None:
    app.add_post_transform(KeepTogether)
