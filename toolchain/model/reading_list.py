"""The readings: every place where the rulebook's text is silent or leaves a choice open, and the
toolchain reads it one way (definitions/README.md "Readings"). They are written in the data, on
the definition or ruling they concern (`reading:`) or, for the core flow, in rules.yaml (`core_readings`), never fixed
silently in code; `bp check --readings` lists them and the rulebook prints them as notes.

    for noted in readings(defs):      # in the order of the rulebook: core flow, the lists, then the rulings
        noted.owner, noted.reading.reads, noted.reading.location
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from .definitions import Definitions, Reading
from .display import LISTINGS, item_names, kind_of

CORE_FLOW = "コアフロー"  # the owner of the core flow's readings (6.4)


@dataclass(frozen=True)
class Noted:
    """A reading with what it belongs to: a definition's title (`魔術士 (兵士)`) or the core flow."""

    owner: str
    kind: str  # the display kind (action, character, frame, …), `ruling` or `core-flow`
    anchor: str | None  # the definition's label in the rulebook (`char-magician`), None for the core flow
    reading: Reading

    def as_dict(self) -> dict[str, str | int | None]:
        where = self.reading.location
        return {
            "owner": self.owner, "kind": self.kind, "anchor": self.anchor, "about": self.reading.about,
            "says": self.reading.says, "reads": self.reading.reads, "why": self.reading.why,
            "path": where.path, "line": where.line, "column": where.column,
        }

    def text(self) -> str:
        where = self.reading.location
        about = f" [{self.reading.about}]" if self.reading.about else ""
        said = _("reading: {owner}{about}: {reads}").format(owner=self.owner, about=about, reads=self.reading.reads)
        return f"{where.path}:{where.line}:{where.column}: {said}"


def readings(definitions: Definitions) -> list[Noted]:
    """Every reading: the core flow's first (chapter 6 explains the lists' terms), then every definition's
    in the order of the lists (LISTINGS)."""
    core = definitions.rules.core_readings if definitions.rules else ()
    found = [Noted(CORE_FLOW, "core-flow", None, reading) for reading in core]
    for listing in LISTINGS:
        for definition in listing.definitions(definitions):
            kind = kind_of(definition)
            category = kind.category(definitions, definition)
            owner = f"{definition.name} ({category})" if category else definition.name
            found += [Noted(owner, kind.id, definition.anchor, reading) for reading in definition.readings]
    return found + _ruling_readings(definitions)


def _ruling_readings(definitions: Definitions) -> list[Noted]:
    """The rulings' readings, after the lists' (the FAQ follows the rulebook): each named by its id and what
    rules.yaml calls a ruling (`upstream-block (裁定)`), its question being too long for a line."""
    named = item_names(definitions).get("ruling")
    return [Noted(f"{ruling.id} ({named})" if named else ruling.id, "ruling", ruling.anchor, reading)
            for ruling in definitions.rulings for reading in ruling.readings]
