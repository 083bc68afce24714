"""A document laid out again from one page on, the pages before it kept from its last layout.

fit.py mends a half-empty page by moving a figure and the text after it, then lays the part out
again; a chapter may need five such passes. Nothing before the mended page changes, so laying
those pages out again is wasted: here WeasyPrint's page maker (the state it keeps at every page
break, to re-make only the pages whose content changed when page counters resolve) starts at
the mended page with the state the last layout had there, and the page boxes before it are the
last layout's. The style cascade and the box tree are built again (the document changed); only
the layout of the pages before is saved, and the result is the same as a full layout
(tests/rulebook/test_fit.py compares them).

The pages after the mend are saved too when the caller says which is the last page of the last
layout whose content changed (`through_page`): the page maker is given every entry of the last
layout, and WeasyPrint's own check (the one it makes when counters resolve) keeps each page
after that one whose start the new layout reaches with the same state (the same place in the
box tree, the same break, side and counters): from there on the content is the one already
laid out. A mend moves blocks inside one container and changes no index outside what the
caller marks as changed, so the same place is the same content.

This relies on WeasyPrint's internals (`weasyprint.layout.make_all_pages`, the page maker's
entries, the page boxes' children), read in WeasyPrint 66: with another version every layout
is a full one (the same pages, only slower).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

CHECKED_VERSIONS = ("66.",)  # WeasyPrint versions whose internals this module was written against


@dataclass(frozen=True)
class _MadePage:
    """A page box as the page maker made it, before the margin boxes were added to it."""

    page: Any
    children: tuple[Any, ...]  # the root box and the footnote area
    root_children: tuple[Any, ...]

    def fresh(self) -> Any:
        """A copy to lay the margin boxes out on again (the layout adds them to the page it is given)."""
        root = self.children[0].copy()
        root.children = list(self.root_children)
        page = self.page.copy()
        page.children = [root, *self.children[1:]]
        return page


class Layouts:
    """Lays out one weasyprint.HTML, again and again as its tree changes, from a given page on."""

    def __init__(self, source: Any) -> None:
        self.source = source
        self._maker: list[Any] = []
        self._pages: list[_MadePage] = []
        self._images: dict[str, Any] = {}  # WeasyPrint's image cache: each figure is read and parsed once, not per layout

    def render(self, from_page: int = 0, through_page: int | None = None) -> Any:
        """The document laid out; the pages before `from_page` are those of the last layout, and
        with `through_page` (the last page of the last layout whose content changed) so are the
        pages after it that begin where they began (see the module's docstring)."""
        import weasyprint
        import weasyprint.layout
        from weasyprint.layout.page import set_page_type_computed_styles

        if weasyprint.__version__.startswith(CHECKED_VERSIONS):
            from_page = min(from_page, len(self._pages))
        else:  # another WeasyPrint: a full layout
            from_page, through_page = 0, None
        original = weasyprint.layout.make_all_pages
        made: list[_MadePage] = []
        contexts: list[Any] = []

        def make_all_pages(context: Any, root_box: Any, html: Any, pages: list[Any]) -> Iterator[Any]:
            if not contexts and (from_page or through_page is not None) and self._pages:  # the first pass: seed it
                if through_page is None:  # every page from `from_page` on is made again
                    seeded, last_changed = self._maker[:from_page + 1], from_page
                else:  # the entries after `through_page`, unchanged, let WeasyPrint keep their pages
                    seeded, last_changed = self._maker, max(from_page, through_page)
                context.page_maker[:] = [_entry(entry, changed=from_page <= number <= last_changed)
                                         for number, entry in enumerate(seeded)]
                pages = [page.fresh() for page in self._pages[:len(seeded) - 1]]
                for page in pages:  # the styles of their page types (margin boxes) are made with the page
                    set_page_type_computed_styles(page.page_type, html, context.style_for)
            contexts.append(context)
            made.clear()
            for page in original(context, root_box, html, pages):
                made.append(_MadePage(page, tuple(page.children), tuple(page.children[0].children)))
                yield page

        weasyprint.layout.make_all_pages = make_all_pages
        try:
            document = self.source.render(cache=self._images)
        finally:
            weasyprint.layout.make_all_pages = original
        self._maker = list(contexts[-1].page_maker)
        self._pages = made
        return document


def _entry(entry: tuple[Any, ...], *, changed: bool) -> tuple[Any, ...]:
    """A page maker's entry (where the page begins, its break, its side, its counters) for a new
    layout: re-made when `changed`, else taken as it is."""
    resume_at, next_page, right_page, page_state, _remake = entry
    remake = {"content_changed": changed, "pages_wanted": False, "anchors": [], "content_lookups": []}
    return resume_at, copy.deepcopy(next_page), right_page, copy.deepcopy(page_state), remake
