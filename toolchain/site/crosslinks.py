"""The editions' bar of a site that publishes more than one edition: every HTML page of each edition
(rulebook pages and FAQ, action lists, balance report) says which edition it is and links to the same
page in each other edition, 「第8.1版では」.

The same page: for a rulebook page, the other edition's page that holds most of its section labels
(the ids of its sections, which are the labels of the rst: a chapter moved to another file is still found);
for any other page, the page at the same place; else the other edition's front page of the same kind
of output, or its index.

Each entry of an action list (an action, character, trump, fog entry or frame: its <article id="act-…">)
also links the same entry, by id, in each other edition that has it: on the other edition's same page,
else on its page that holds every entry (all.html).

Made from the pages already built, after every edition's steps: the bar is put right after <body> between
two markers, and put again (never twice) into a page kept from the previous site. A page it changes is
written as a new file (a kept page is a hard link into the previous site) and its record gets the new
bytes; its key stays what the page was made from, so the next build keeps it.
"""

from __future__ import annotations

import dataclasses
import html
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rulebook import HTML_DIR
from .editions import Edition
from .index import INDEX
from .manifest import file_hash

if TYPE_CHECKING:  # pragma: no cover
    from .steps import Build

START, END = "<!-- bp-editions -->", "<!-- /bp-editions -->"
_BAR = re.compile(re.escape(START) + ".*?" + re.escape(END), re.DOTALL)
_BODY = re.compile(r"<body\b[^>]*>", re.IGNORECASE)
_LABEL = re.compile(r"<(?:section|span)\b[^>]*\bid=\"((?!id\d+\")[^\"]+)\"")
_ENTRY = re.compile(r'<article class="entry\b[^"]*" id="([^"]+)"')
_ENTRY_END = "</article>"
ENTRY_START, ENTRY_END = "<!-- bp-edition-entry -->", "<!-- /bp-edition-entry -->"
_ENTRY_LINKS = re.compile(re.escape(ENTRY_START) + ".*?" + re.escape(ENTRY_END), re.DOTALL)
_EVERY_ENTRY = "all.html"  # the action lists' page of every entry: where an entry is found when its page has no match
# Its own colours, both schemes (every page's own stylesheet differs): 4.5:1 or more either way.
_STYLE = ("margin:0;padding:.35rem 1rem;font:0.9rem/1.5 'Noto Sans CJK JP','Hiragino Sans',sans-serif;"
          "background:#f3f3f3;color:#1d1d1f;border-bottom:1px solid #bbb")
_LINK_STYLE = "color:#1a4f9c;text-decoration:underline"


@dataclass
class Published:
    """One edition of the site as built: where its pages are, and its rulebook's labels by page."""

    edition: Edition
    build: Build

    @property
    def pages(self) -> set[str]:
        return {path for step in self.build.manifest.steps.values() for path in step.files if path.endswith(".html")}

    def labels(self) -> dict[str, list[str]]:
        """Each rulebook page (rulebook/core.html) → the labels of its sections (the ids Sphinx gives
        their <section> and label <span>; not its own numbered id1, id2 …, which every page has)."""
        return {path: list(dict.fromkeys(_LABEL.findall((self.build.staging / path).read_text(encoding="utf-8"))))
                for path in self.pages if path.startswith(f"{HTML_DIR}/")}


    def entries(self) -> dict[str, list[str]]:
        """Each page with entries (actionlist/html/all.html) → the ids of its entries (act-attack), in order."""
        found = {path: _ENTRY.findall((self.build.staging / path).read_text(encoding="utf-8")) for path in self.pages}
        return {path: ids for path, ids in found.items() if ids}


def entry_pages(entries: dict[str, list[str]]) -> dict[str, str]:
    """Each entry id → the page that shows it when the same page of the other edition does not: the page of
    every entry if one has it, else the first page (by path) that does."""
    where: dict[str, str] = {}
    for page in sorted(entries, key=lambda path: (posixpath.basename(path) != _EVERY_ENTRY, path)):
        for entry in entries[page]:
            where.setdefault(entry, page)
    return where


def counterpart(path: str, labels: Sequence[str], other_pages: set[str], other_labels: dict[str, set[str]]) -> str:
    """The page of the other edition that is `path`'s (a path in its folder of the site). `labels`: the
    page's section labels in their order; of two pages sharing as many, the one with the page's first."""
    own = set(labels)
    if own:
        def shared(page: str) -> tuple[int, bool]:
            return len(own & other_labels[page]), labels[0] in other_labels[page]

        best = max(sorted(page for page in other_labels if page in other_pages), key=shared, default=None)
        if best is not None and shared(best)[0]:
            return best
    if path in other_pages:
        return path
    top = path.split("/", 1)[0]
    fronts = sorted(page for page in other_pages if page.startswith(f"{top}/") and posixpath.basename(page) in (INDEX, "all.html"))
    return fronts[0] if fronts else INDEX


def _href(source: Edition, path: str, target: Edition, page: str) -> str:
    here = posixpath.dirname(posixpath.join(source.folder, path))
    return posixpath.relpath(posixpath.join(target.folder, page), here or ".")


def bar(source: Edition, links: Sequence[tuple[Edition, str]]) -> str:
    """The bar of a page of `source`: its edition, and a link to each other edition's same page."""
    others = " ・ ".join(f'<a href="{html.escape(href)}" style="{_LINK_STYLE}">{html.escape(edition.name)}では</a>'
                         for edition, href in links)
    return (f'{START}<nav class="bp-editions" aria-label="版" style="{_STYLE}">'
            f'<strong>{html.escape(source.name)}</strong> ・ {others}</nav>{END}')


def with_bar(page: str, new_bar: str) -> str:
    """The page with `new_bar` right after <body> (its previous bar removed); unchanged without a <body>."""
    page = _BAR.sub("", page, count=1)
    body = _BODY.search(page)
    return page if body is None else page[:body.end()] + new_bar + page[body.end():]


def _entry_page(entry: str, same: str, entry_sets: dict[str, set[str]], elsewhere: dict[str, str]) -> str | None:
    """The other edition's page of `entry`: its same page when that shows it, else where it is (entry_pages)."""
    return same if entry in entry_sets.get(same, ()) else elsewhere.get(entry)


def entry_links(links: Mapping[str, Sequence[tuple[Edition, str]]]) -> dict[str, str]:
    """Each entry id → what its article ends with: a link to the same entry in each other edition that has it."""
    return {entry: (f'{ENTRY_START}<p class="bp-edition-entry" style="margin:.3rem 0 0;font-size:.85rem">'
                    + " ・ ".join(f'<a href="{html.escape(href)}">{html.escape(edition.name)}では</a>' for edition, href in targets)
                    + f"</p>{ENTRY_END}")
            for entry, targets in links.items() if targets}


def with_entry_links(page: str, links: dict[str, str]) -> str:
    """The page with `links[id]` at the end of the entry (<article>) of that id (the previous ones removed)."""
    page = _ENTRY_LINKS.sub("", page)
    parts: list[str] = []
    done = 0
    for match in _ENTRY.finditer(page):
        end = page.find(_ENTRY_END, match.end())
        if match[1] not in links or end < 0:
            continue
        parts += [page[done:end], links[match[1]]]
        done = end
    return "".join(parts) + page[done:]


def link_editions(published: Sequence[Published]) -> None:
    """Put the editions' bar into every HTML page of every edition, and the entries' links into their entries."""
    pages = {item.edition.id: item.pages for item in published}
    labels = {item.edition.id: item.labels() for item in published}
    label_sets = {edition: {page: set(found) for page, found in pages_labels.items()} for edition, pages_labels in labels.items()}
    entries = {item.edition.id: item.entries() for item in published}
    entry_sets = {edition: {page: set(ids) for page, ids in found.items()} for edition, found in entries.items()}
    elsewhere = {edition: entry_pages(found) for edition, found in entries.items()}
    for item in published:
        build = item.build
        for step in build.manifest.steps.values():
            for path, record in list(step.files.items()):
                if not path.endswith(".html"):
                    continue
                own = labels[item.edition.id].get(path, [])
                same = {other.edition.id: counterpart(path, own, pages[other.edition.id], label_sets[other.edition.id])
                        for other in published if other is not item}
                links = [(other.edition, _href(item.edition, path, other.edition, same[other.edition.id]))
                         for other in published if other is not item]
                entry_targets = {entry: [(other.edition, f"{_href(item.edition, path, other.edition, page)}#{entry}")
                                         for other in published if other is not item
                                         if (page := _entry_page(entry, same[other.edition.id], entry_sets[other.edition.id],
                                                                 elsewhere[other.edition.id])) is not None]
                                 for entry in entries[item.edition.id].get(path, [])}
                file = build.staging / path
                text = file.read_text(encoding="utf-8")
                new = with_entry_links(with_bar(text, bar(item.edition, links)), entry_links(entry_targets))
                if new == text:
                    continue
                file.unlink()  # a kept page is a hard link into the previous site: never written in place
                file.write_text(new, encoding="utf-8")
                step.files[path] = dataclasses.replace(record, sha256=file_hash(file), size=file.stat().st_size)


def edition_links(source: Edition, editions: Sequence[Edition]) -> list[tuple[str, str, bool]]:
    """The site index's list of editions, from `source`'s index: (name, address, whether it is this one)."""
    return [(edition.name, _href(source, INDEX, edition, INDEX), edition == source) for edition in editions]

