"""`.. bp-readings:: pass-record` — the toolchain's readings of chapter 6 (rules.yaml core_readings) about one
thing (their `about`), printed as a ※ note where the text is silent or slips (6.4; the text edition
lacks the figures). A definition's own readings are an item of its entry (model.display), not this
directive's."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .. import model as m
from ..i18n import _
from ..model.display import item_name, reading_markup
from . import source
from .docutils_blocks import field, field_list, markup


def _about(definitions: m.Definitions) -> list[str]:
    core = definitions.rules.core_readings if definitions.rules else ()
    return list(dict.fromkeys(reading.about or "" for reading in core))


class ReadingsDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        definitions = source.use(self.env, ())  # rules.yaml's core_readings: every page relies on rules.yaml
        known = _about(definitions)
        if name not in known:
            raise self.error(_("no readings about '{name}'; there are: {known}").format(name=name, known=", ".join(known)))
        note = reading_markup([reading for reading in definitions.rules.core_readings if reading.about == name])
        if note is None:
            return []
        return [field_list([field(item_name(definitions, "reading"), *markup(note.text, note.mark), item="reading")], ["bp-readings"])]


def setup(app: Sphinx) -> None:
    app.add_directive("bp-readings", ReadingsDirective)
