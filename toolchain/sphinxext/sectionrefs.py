"""Links to sections of the prose, written as the rulebook writes them: `2.9.1 配置準備`.

Generated text sometimes points at a section the prose holds (a frame's start procedure
continues at 2.9.1 配置準備; the frame list points at 5.3.2). Such a link is a `section_ref`
node that names the section by its title, or by the list directive it contains. Titles and
directive places are collected while reading; the links are made, with the section numbers
of the finished toctree, when each page is written.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from ..i18n import _
from . import domain

logger = logging.getLogger(__name__)


class section_ref(nodes.Inline, nodes.Element):
    """A link to a section: `title` (its title) or `directive` (the list directive placed in it)."""


def by_title(title: str) -> section_ref:
    return section_ref("", title=title)


def by_directive(name: str) -> section_ref:
    return section_ref("", directive=name)


Place = tuple[str, str, str, bool]  # docname, section id, title, whether it is the page's title


def _places(env: BuildEnvironment) -> dict[str, dict[str, Place]]:
    """{"title": {title: place}, "directive": {directive name: place}} (the domain's data: cleared and merged there)"""
    return domain.data(env)["sections"]


def note_directive(name: str, section: nodes.Element) -> None:
    """Mark `section` (the current section of the page) as the place of the list directive `name`.

    Its id is not final yet (a label before the title replaces the generated one), so the
    place is recorded once the page is read.
    """
    if isinstance(section, nodes.section):
        section["bp_directives"] = [*section.get("bp_directives", []), name]


def collect(app: Sphinx, doctree: nodes.document) -> None:
    """doctree-read: remember where every section title is (the first page that has it wins)
    and which sections hold list directives."""
    env = app.env
    places = _places(env)
    for section in doctree.findall(nodes.section):
        if not (section["ids"] and section.children and isinstance(section[0], nodes.title)):
            continue
        place = (env.docname, section["ids"][0], section[0].astext(), isinstance(section.parent, nodes.document))
        places["title"].setdefault(place[2], place)
        for name in section.get("bp_directives", []):
            places["directive"][name] = place


def _number(env: BuildEnvironment, place: Place) -> str:
    docname, anchor, _title, top = place
    numbers: dict[str, Any] = env.toc_secnumbers.get(docname, {})
    number = numbers.get("" if top else "#" + anchor)
    return ".".join(map(str, number)) if number else ""


def resolve(app: Sphinx, doctree: nodes.document, fromdocname: str) -> None:
    """doctree-resolved: turn every section_ref into a link `number title`."""
    env = app.env
    for node in list(doctree.findall(section_ref)):
        kind, key = ("title", node["title"]) if node.get("title") else ("directive", node["directive"])
        place = _places(env)[kind].get(key)
        if place is None:
            said = _("no section titled '{key}' to link to") if kind == "title" else _("no section holding '{key}' to link to")
            logger.warning(said.format(key=key), location=node)
            node.replace_self(nodes.Text(key))
            continue
        docname, anchor, title, _top = place
        number = _number(env, place)
        text = f"{number} {title}" if number else title
        reference = nodes.reference("", "", nodes.Text(text), internal=True,
                                    refuri=app.builder.get_relative_uri(fromdocname, docname) + "#" + anchor)
        node.replace_self(reference)


def setup(app: Sphinx) -> None:
    domain.setup(app)
    app.add_node(section_ref)
    app.connect("doctree-read", collect)
    app.connect("doctree-resolved", resolve)
