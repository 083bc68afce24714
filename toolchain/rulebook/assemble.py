"""The whole book as one document tree for print, with ids that are unique across chapters.

Sphinx's single-page HTML keeps each page's ids as they are, so `id1` or `index-0` appear
once per chapter and a link (or a page number in the table of contents or the index) may
land in the wrong chapter. Here every id of a chapter is prefixed with its page name, every
link is rewritten to match, and the section and figure numbers are re-keyed likewise.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment

from ..sphinxext.sitelinks import printed_link

_DOCUMENT_PREFIX = "#document-"


def unique_id(docname: str, id_: str) -> str:
    return f"{docname}--{id_}"


def rewrite_uri(uri: str) -> str:
    """`#document-common#id3` (a link across pages in a single page) → `#common--id3`."""
    if not uri.startswith(_DOCUMENT_PREFIX):
        return uri
    docname, _, anchor = uri[len(_DOCUMENT_PREFIX):].partition("#")
    return "#" + unique_id(docname, anchor) if anchor else uri


def chapters(tree: nodes.document) -> list[addnodes.start_of_file]:
    """The pages the root document includes, outermost first, in reading order."""
    return [node for node in tree.findall(addnodes.start_of_file) if _owner(node.parent) is None]


def _owner(node: nodes.Node | None) -> addnodes.start_of_file | None:
    while node is not None and not isinstance(node, addnodes.start_of_file):
        node = node.parent
    return node


def flatten(tree: nodes.document) -> nodes.document:
    """A document whose top-level children are the included pages: the root page's own title
    and text are left out (the print cover replaces them), so chapters become <h1>."""
    _reparent(tree)
    pages = chapters(tree)
    for page in pages:
        page.parent.remove(page)
    tree.clear()
    tree.extend(pages)
    return tree


def _reparent(node: nodes.Element) -> None:
    """inline_all_toctrees moves each page's children under a start_of_file without
    updating their `parent`; make the tree consistent again."""
    for child in node.children:
        child.parent = node
        if isinstance(child, nodes.Element):
            _reparent(child)


def absolute_site_links(tree: nodes.document, base: str) -> None:
    """Links to the site's other files (`../blackpoker.pdf`, relative to the HTML rulebook) mean
    nothing on paper, and WeasyPrint would turn them into paths of the build machine: the PDF
    links the public address (`base`, the site's root) instead."""
    for reference in tree.findall(nodes.reference):
        uri = reference.get("refuri", "")
        if uri and not uri.startswith("#") and not re.match(r"^[a-z][a-z0-9+.-]*:", uri):
            reference["refuri"] = printed_link(base, uri)


def _own_nodes(page: addnodes.start_of_file) -> Iterator[nodes.Element]:
    """The elements of one page, not of the pages it includes itself."""
    for node in page.findall(nodes.Element):
        if _owner(node.parent) is page or node is page:
            yield node


@dataclass
class Numbers:
    secnumbers: dict[str, tuple[int, ...]]
    fignumbers: dict[str, dict[str, tuple[int, ...]]]


def make_ids_unique(tree: nodes.document, env: BuildEnvironment) -> Numbers:
    """Prefix the ids of each page with its name; rewrite links; re-key the numbering."""
    secnumbers: dict[str, tuple[int, ...]] = {}
    fignumbers: dict[str, dict[str, tuple[int, ...]]] = {}
    for page in chapters(tree):
        docname = page["docname"]
        top = next(iter(page.findall(nodes.section)), None)
        for node in list(_own_nodes(page)):
            _rewrite(node, docname)
        for anchor, number in env.toc_secnumbers.get(docname, {}).items():
            if anchor:
                secnumbers["#" + unique_id(docname, anchor[1:])] = number
            elif top is not None and top["ids"]:
                secnumbers["#" + top["ids"][0]] = number
        for figtype, numbers in env.toc_fignumbers.get(docname, {}).items():
            for id_, number in numbers.items():
                fignumbers.setdefault(figtype, {})[unique_id(docname, id_)] = number
    return Numbers(secnumbers, fignumbers)


def _rewrite(node: nodes.Element, docname: str) -> None:
    attributes: dict[str, Any] = node.attributes
    if attributes.get("ids"):
        node["ids"] = [unique_id(docname, id_) for id_ in node["ids"]]
    if attributes.get("backrefs"):
        node["backrefs"] = [unique_id(docname, id_) for id_ in node["backrefs"]]
    if attributes.get("refid"):
        node["refid"] = unique_id(docname, node["refid"])
    if attributes.get("refuri"):
        node["refuri"] = rewrite_uri(node["refuri"])


def title_anchor(section: nodes.section) -> str:
    """An id on the section's heading itself, for page numbers: a section can begin on the page
    before its heading (when the heading moves on with its first paragraph), so the page
    of the section's own id may be one too early."""
    title = section[0]
    anchor = section["ids"][0] + "--title"
    if anchor not in title["ids"]:
        title["ids"].append(anchor)
    return anchor


@dataclass(frozen=True)
class TocEntry:
    level: int  # 1: a chapter, 2: a section
    number: tuple[int, ...]
    title: str
    anchor: str


def toc(tree: nodes.document, secnumbers: dict[str, tuple[int, ...]], depth: int = 2) -> list[TocEntry]:
    """The table of contents of the print edition: chapters and their sections."""
    entries: list[TocEntry] = []

    def walk(section: nodes.section, level: int) -> None:
        number = secnumbers.get("#" + section["ids"][0], ())
        entries.append(TocEntry(level, number, section[0].astext(), title_anchor(section)))
        if level < depth:
            for child in section.children:
                if isinstance(child, nodes.section):
                    walk(child, level + 1)

    for page in chapters(tree):
        for child in page.children:
            if isinstance(child, nodes.section) and child["ids"]:
                walk(child, 1)
    return entries
