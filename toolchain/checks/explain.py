"""`bp check --explain ID`: an entry's printed text beside what its program does, read in controlled Japanese
(model/effect_reading.py), with the disagreements BP048 finds between them (effect_facts.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import model as m
from ..i18n import _
from ..model.effect_reading import Reader, entry_reading
from . import effect_facts

# The printed items an entry is explained by, as rules.yaml `items` names them (its id: the entry's field).
_ITEMS = (("trigger-condition", "trigger_condition"), ("activation-condition", "activation_condition"),
          ("target", "target"), ("effect", "effect"), ("note", "note"), ("ability", "ability"))


def entries(definitions: m.Definitions, key: str) -> list[Any]:
    """The actions, fog entries, characters and trumps whose id or name is `key` (an action and its fog entry share one)."""
    every = (*definitions.actions, *definitions.frame_actions, *definitions.fog, *definitions.frame_fog,
             *definitions.characters, *definitions.trumps)
    return [item for item in every if key in (item.id, item.name)]


@dataclass(frozen=True)
class Explained:
    """One entry explained: its heading, its printed items, what its program does, and their disagreements."""

    heading: str
    printed: list[str]
    reading: list[str]
    disagreements: list[str]
    failed: bool  # a disagreement on a number, a zone or whose (an error)

    def lines(self) -> Iterator[str]:
        """One part under the other."""
        yield self.heading
        for title, part in ((_("printed"), self.printed), (_("what the program does"), self.reading),
                            (_("disagreements (BP048)"), self.disagreements)):
            yield f"── {title} ──"
            yield from part


def explain(definitions: m.Definitions, item: Any) -> Explained:
    """One entry: its printed items, the reading of its program, and the disagreements between them."""
    rules = definitions.rules
    items = rules.vocabulary("items") if rules else m.Vocabulary(())
    where = item.source.location()
    printed: list[str] = []
    for item_id, field in _ITEMS:
        value = getattr(item, field, None)
        if isinstance(value, m.Target):
            value = value.text
        if value and not isinstance(value, m.Ability):  # a trump's ability is printed with the abilities, below
            printed += _block(items.name(item_id), str(value))
    for ability in getattr(item, "abilities", ()) or ((item.ability,) if isinstance(getattr(item, "ability", None), m.Ability) else ()):
        printed += _block(ability.name or items.name("ability"), str(ability.text))
    reading = entry_reading(Reader(definitions), item) or [_("(no program: the printed text is all there is)")]
    found = [f for f in effect_facts.run(definitions) if f.location.path == where.path and _within(item, f)]
    return Explained(f"{item.name} ({item.id})  {where.path}:{where.line}", printed, reading,
                     [f.text() for f in found] or [_("none found")], any(f.severity == "error" for f in found))


def _block(heading: str, text: str) -> list[str]:
    return list(_lines(heading, text))


def _lines(heading: str, text: str) -> Iterator[str]:
    lines = text.strip().splitlines()
    yield f"{heading}: {lines[0]}" if len(lines) == 1 else f"{heading}:"
    if len(lines) > 1:
        yield from ("   " + line for line in lines)


def _within(item: Any, finding: Any) -> bool:
    """Whether the finding is at one of this entry's lines (its first line up to the next entry's)."""
    paths = [("effect",), ("target", "text"), ("activation_condition",), ("trigger_condition",), ("note",), ("ability",),
             *((*path, "text") for path, _ability in effect_facts.abilities_of(item))]
    return any(finding.location == item.source.location(*path) for path in paths
               if item.source.has(*path)) or finding.location == item.source.location()
