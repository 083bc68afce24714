"""A definition's field value as a rules editor reads it: ids of the closed vocabularies by their
Japanese names (`direct` → 直接, `lite` → ライト), other values as written (keycards are shown
from the model's parse, changes.py)."""

from __future__ import annotations

import json
from typing import Any

from .. import model as m

# field (the last key of its path) → the rules.yaml vocabularies its ids come from, tried in order
_VOCABULARIES: dict[str, tuple[str, ...]] = {
    "trigger": ("triggers",),
    "speed": ("speeds",),
    "timing": ("timings",),
    "category": ("categories", "trump_categories"),
    "type": ("character_types",),
    "kind": ("character_types",),  # target.kind: soldier, bulwark (character, player, request, trump as written)
    "group": ("fog_groups", "frame_action_groups"),
    "scope": ("scopes",),
    "then": ("start_steps",),
    "labels": ("labels",),
    "grants": ("labels",),
    "label": ("labels",),
}


def display(defs: m.Definitions, field: str, value: Any) -> str:
    """`field` is the value's key (`formats`, `keycards`, `target.text` → `text`)."""
    key = field.rsplit(".", 1)[-1]
    if value is None:
        return ""
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return ", ".join(_name(defs, key, v) for v in value)
    if isinstance(value, str):
        return _name(defs, key, value.rstrip("\n"))
    if isinstance(value, (int, float, bool)):
        return _name(defs, key, value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _name(defs: m.Definitions, key: str, value: Any) -> str:
    text = str(value)
    if defs.rules is None:
        return text
    if key == "formats":
        found = defs.format(text)
        return found.name if found else text
    if key == "frames":
        found = defs.frame(text)
        return found.name if found else text
    if key == "summons":
        character = defs.character(text)
        return character.name if character else text
    if key == "zones":
        zone = defs.rules.zone(text)
        return zone.name if zone else text
    if key == "concerns":  # a ruling's: the definitions' names for their labels
        definition = defs.by_anchor(text)
        return definition.name if definition else text
    for vocabulary in _VOCABULARIES.get(key, ()):
        if text in defs.rules.vocabulary(vocabulary):
            return defs.name_of(vocabulary, text)
    return text
