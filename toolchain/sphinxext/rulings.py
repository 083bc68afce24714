"""The rulings of definitions/rulings.yaml in the rulebook, written there once:

    .. bp-ruling:: self-target     the ruling where the rulebook asks its question (2.10.3): the question as a
                                   rubric, the answer, and a link to the ruling in the FAQ (→ 裁定 9.3)
    .. bp-faq::                    every ruling as a section of its own, labelled `ruling-<id>` (what 関連する裁定
                                   links to): the answer, the definitions and sections it concerns, its source and
                                   date, and the examples bp check runs (or why it has none)

What a ruling shows, in which order and under which name is model.display's (`ruling_items`).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
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
        # where its examples and the definitions it concerns are
        box += para(section_number_ref(ruling.anchor, "→ 裁定 {number}"), classes=["bp-ruling-link"])
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


def setup(app: Sphinx) -> None:
    app.add_directive(RULING_DIRECTIVE, RulingDirective)
    app.add_directive(FAQ_DIRECTIVE, FaqDirective)
