"""`.. bp-readings:: core-flow` — the toolchain's readings of the core flow (coreflow.READINGS), printed
as a ※ note where the text is silent (6.4; the text edition lacks the figures). A definition's own
readings are an item of its entry (model.display), not this directive's."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ..model import coreflow
from ..model.display import item_name, reading_markup
from . import source
from .render import field, field_list, markup

SOURCES = {"core-flow": (coreflow.READINGS, ("model/coreflow.py",))}


class ReadingsDirective(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in SOURCES:
            raise self.error(f"no readings '{name}'; there are: {', '.join(SOURCES)}")
        readings, modules = SOURCES[name]
        definitions = source.use(self.env, (), modules)
        note = reading_markup(readings)
        if note is None:
            return []
        return [field_list([field(item_name(definitions, "reading"), *markup(note.text, note.mark))], ["bp-readings"])]


def setup(app: Sphinx) -> None:
    app.add_directive("bp-readings", ReadingsDirective)
