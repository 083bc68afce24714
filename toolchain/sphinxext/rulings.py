"""The rulings of definitions/rulings.yaml in the rulebook, written there once:

    .. bp-ruling:: self-target     the ruling where the rulebook asks its question (2.10.3): the question as a
                                   rubric, the answer, and a link to the ruling in the FAQ (→ 裁定 9.3) when
                                   the rulebook has a FAQ page (docs/faq.rst, which then needs bp-faq)
    .. bp-faq::                    every ruling as a section of its own, labelled `ruling-<id>` (what 関連する裁定
                                   links to): the answer, the definitions and sections it concerns, its source and
                                   date, and the examples bp check runs (or why it has none)

What a ruling shows, in which order and under which name is model.display's (`ruling_items`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains import Domain
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .. import model as m
from ..i18n import _
from ..model import display
from ..rulebook import FAQ_PAGE
from . import sectionrefs, source
from .docutils_blocks import field, field_list, markup, para, section_number_ref
from .entries import Entries, labelled_section

RULINGS = "rulings"  # the kind of definitions (model/repository.py) the directives render
MODULE = "sphinxext/rulings.py"  # its changes rebuild the pages that use the directives
RULING_DIRECTIVE, FAQ_DIRECTIVE = "bp-ruling", "bp-faq"  # what bp diff looks for in docs/
RULING_PREFIX = "ruling-"  # of a ruling's label (model.Ruling.anchor)

logger = logging.getLogger(__name__)


def _ruling(definitions: m.Definitions, id_: str, directive: SphinxDirective) -> m.Ruling:
    ruling = definitions.ruling(id_)
    if ruling is None:
        known = ", ".join(r.id for r in definitions.rulings) or _("none")
        raise directive.error(_("no ruling '{id}' in definitions/rulings.yaml; there are: {known}").format(id=id_, known=known))
    return ruling


class RulingDirective(SphinxDirective):
    """One ruling where the rulebook asks it: its question as a rubric, its answer as paragraphs."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, (RULINGS,), (MODULE,))
        ruling = _ruling(definitions, self.arguments[0], self)
        box = nodes.container(classes=["bp-ruling"])
        box += nodes.rubric(ruling.question, ruling.question)
        box.extend(markup(ruling.answer))
        # where its examples and the definitions it concerns are: the FAQ page, if the rulebook has one (a rulebook
        # without docs/faq.rst prints the ruling here alone)
        if FAQ_PAGE in self.env.found_docs:
            link = section_number_ref(ruling.anchor, "→ 裁定 {number}")
            self.set_source_info(link)  # an unresolved link is reported at this directive's line (_no_faq_entry)
            box += para(link, classes=["bp-ruling-link"])
        return [box]


class FaqDirective(SphinxDirective):
    """Every ruling, in the order of definitions/rulings.yaml, each a section titled by its question."""

    def run(self) -> list[nodes.Node]:
        if self.env.docname != FAQ_PAGE:
            raise self.error(_("bp-faq belongs on docs/{page}.rst, where the action lists link the rulings").format(page=FAQ_PAGE))
        definitions = source.use(self.env, (), (MODULE, "model/display.py"))
        # The page relies on what it shows only (a ruling links its definitions by their titles): an action's
        # effect changed reads it not again.
        shown = source.view(self.env, "faq")
        sectionrefs.note_directive(self.name, self.state.parent)
        if not shown:
            raise self.error(_("no rulings to list (definitions/rulings.yaml)"))
        entries = Entries(definitions, self.state.document)
        sections = []
        for anchor, question, items in shown:
            section = labelled_section(self.state.document, anchor, question, ["bp-ruling-entry"])
            section += field_list(field(item.name, *entries.value(item.value), item=item.id) for item in items)
            sections.append(section)
        return sections


source.add_view("faq", lambda definitions: tuple((r.anchor, r.question, display.ruling_items(definitions, r)) for r in definitions.rulings))


def _no_faq_entry(app: Sphinx, domain: Domain, node: addnodes.pending_xref) -> bool | None:
    """A ruling's link to the FAQ that finds no section there: docs/faq.rst is there, but without the directive that
    lists the rulings. Said at the bp-ruling's line with what is needed, instead of Sphinx's "undefined label"."""
    target = node.get("reftarget", "")
    if node.get("reftype") != "numref" or not target.startswith(RULING_PREFIX):
        return None
    logger.warning(_("ruling '{id}' links to the FAQ, but docs/{page}.rst has no '.. {directive}::' to list the rulings: "
                     "add it there (or remove docs/{page}.rst)").format(id=target[len(RULING_PREFIX):], page=FAQ_PAGE,
                                                                        directive=FAQ_DIRECTIVE), location=node)
    return True


def setup(app: Sphinx) -> None:
    app.add_directive(RULING_DIRECTIVE, RulingDirective)
    app.add_directive(FAQ_DIRECTIVE, FaqDirective)
    app.connect("warn-missing-reference", _no_faq_entry)
