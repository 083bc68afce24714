"""`.. bp-readings:: pass-record` — the toolchain's readings of chapter 6 (coreflow.READINGS) about one
thing (their `about`), printed as a ※ note where the text is silent or slips (6.4; the text edition
lacks the figures). A definition's own readings are an item of its entry (model.display), not this
directive's."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ..i18n import _
from ..model import coreflow
from ..model.display import item_name, reading_markup
from . import source
from .docutils_blocks import field, field_list, markup

def _about() -> list[str]:
    return list(dict.fromkeys(reading.about or "" for reading in coreflow.READINGS))


class ReadingsDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in _about():
            raise self.error(_("no readings about '{name}'; there are: {known}").format(name=name, known=", ".join(_about())))
        definitions = source.use(self.env, (), ("model/coreflow.py",))
        note = reading_markup([reading for reading in coreflow.READINGS if reading.about == name])
        if note is None:
            return []
        return [field_list([field(item_name(definitions, "reading"), *markup(note.text, note.mark), item="reading")], ["bp-readings"])]


def setup(app: Sphinx) -> None:
    app.add_directive("bp-readings", ReadingsDirective)
