"""`bp export`: every definition as one JSON document (schema/export.schema.json) for other tools."""

from __future__ import annotations

import json
from typing import Any

from . import model as m
from .model import display
from .notation import markup
from .notation.kana import name_reading


def _group_title(defs: m.Definitions, definition: m.Action | m.FogEntry | m.Trump) -> str | None:
    """The heading the lists group the definition under (model.display)."""
    group = display.group_of(defs, definition)
    return group.title if group else None


def _identity(item: m.Action | m.Character | m.FogEntry | m.Frame | m.Trump) -> dict[str, Any]:
    """What every named definition starts with: its id, name, reading and anchor."""
    return {"id": item.id, "name": item.name, "kana": name_reading(item.name, item.kana), "anchor": item.anchor}


def _flavor(flavor: m.Flavor | None) -> dict[str, str] | None:
    return {"text": flavor.text, "speaker": flavor.speaker} if flavor else None


def _versions(item: Any) -> dict[str, Any]:
    return {"since": item.since, "updated": list(item.updated)}


def _action(defs: m.Definitions, action: m.Action) -> dict[str, Any]:
    return {
        **_identity(action),
        "category": defs.name_of("categories", action.category),
        "category_id": action.category,
        "formats": list(defs.formats_of(action)),
        "frames": list(action.frames),
        "group": _group_title(defs, action),
        "trigger": defs.name_of("triggers", action.trigger),
        "speed": defs.name_of("speeds", action.speed),
        "timing": defs.name_of("timings", action.timing),
        "trigger_speed_timing": defs.trigger_speed_timing(action),
        "cost": action.cost or "",
        "keycards": defs.keycards_display(action.keycards) or "",
        "keycards_notation": action.keycards or "",
        "note": action.note,
        "activation_condition": action.activation_condition,
        "trigger_condition": action.trigger_condition,
        "target": {"kind": action.target.kind, "text": action.target.text} if action.target else None,
        "effect": action.effect,
        "effect_plain": markup.plain(action.effect.blocks),
        "summons": list(action.summons),
        "story": action.story,
        "flavor": _flavor(action.flavor),
        "trump": action.trump,
        **_versions(action),
    }


def _character(defs: m.Definitions, character: m.Character) -> dict[str, Any]:
    return {
        **_identity(character),
        "type": defs.name_of("character_types", character.type),
        "type_id": character.type,
        "formats": list(character.formats),
        "keycards": defs.keycards_display(character.keycards),
        "keycards_notation": character.keycards,
        "size": character.size_text,
        "size_value": character.size_value,
        "labels": [
            {"id": g.label, "name": defs.label_name(g.label), "condition": g.condition} for g in character.labels
        ],
        "abilities": [
            {"name": a.name, "scope": a.scope, "text": a.text} for a in character.abilities
        ],
        "story": character.story,
        "flavor": _flavor(character.flavor),
        **_versions(character),
        # a frame character (frames/characters.yaml): the frames that use it
        **({"frames": list(character.frames)} if character.frame_character else {}),
    }


def _fog(defs: m.Definitions, entry: m.FogEntry) -> dict[str, Any]:
    return {
        **_identity(entry),
        "group": _group_title(defs, entry),
        "category": defs.name_of("categories", entry.category),
        "action": entry.action,
        "formats": list(defs.formats_of(entry)),
        "frames": list(entry.frames),
        "keycards": defs.keycards_display(defs.fog_keycards(entry)) or "",
        "ability": entry.ability,
        **_versions(entry),
    }


def _frame(defs: m.Definitions, frame: m.Frame) -> dict[str, Any]:
    return {
        **_identity(frame),
        "formats": list(frame.formats),
        "deck": {"min_cards": frame.min_cards} if frame.min_cards else {
            "cards": {suit: list(ranks) for suit, ranks in (frame.cards or {}).items()}, "size": frame.deck_size
        },
        "start": {"procedure": frame.procedure, "then": frame.then},
        "zones": [
            {"id": zone.id, "name": zone.name, "access": dict(zone.access)}
            for zone in (defs.rules.zone(z) for z in frame.zones) if zone
        ],
        "actions": [a.id for a in defs.frame_actions_of(frame.id)],
    }


def _trump(defs: m.Definitions, trump: m.Trump) -> dict[str, Any]:
    return {
        **_identity(trump),
        "category": defs.name_of("trump_categories", trump.category),
        "frames": list(trump.frames),
        "keycards": defs.keycards_display(trump.keycards),
        "keycards_notation": trump.keycards,
        "heading": _group_title(defs, trump),
        "ability": trump.ability.text if trump.ability else None,
        "grants": trump.ability.grants if trump.ability else None,
        "image": trump.image,
        **_versions(trump),
    }


def _ruling(ruling: m.Ruling) -> dict[str, Any]:
    return {
        "id": ruling.id,
        "anchor": ruling.anchor,
        "question": ruling.question,
        "answer": ruling.answer,
        "answer_plain": markup.plain(ruling.answer.blocks),
        "concerns": list(ruling.concerns),
        "sections": list(ruling.sections),
        "source": ruling.origin,
        "date": ruling.date,
        "examples": [example.name for example in ruling.examples],
        "not_executable": ruling.not_executable,
    }


def export(defs: m.Definitions) -> dict[str, Any]:
    rules = defs.rules
    assert rules is not None
    return {
        "edition": dict(rules.edition),
        "counts": defs.counts(),
        "ranks": [{"card": card, "value": value} for card, value in rules.ranks],
        "costs": [{"letter": c.letter, "name": c.name, "payment": c.payment} for c in rules.costs],
        "formats": [
            {"id": f.id, "name": f.name, "order": f.order, "description": f.description, "file_stem": f.file_stem}
            for f in defs.formats
        ],
        "regulations": {frame: list(formats) for frame, formats in defs.regulations.items()},
        "actions": [_action(defs, a) for a in defs.actions],
        "characters": [_character(defs, c) for c in defs.characters],
        "fog": [_fog(defs, f) for f in defs.fog],
        "frames": [_frame(defs, f) for f in defs.frames],
        "frame_actions": [_action(defs, a) for a in defs.frame_actions],
        "frame_fog": [_fog(defs, f) for f in defs.frame_fog],
        "trumps": [_trump(defs, t) for t in defs.trumps],
        "rulings": [_ruling(r) for r in defs.rulings],
    }


def export_json(defs: m.Definitions) -> str:
    return json.dumps(export(defs), ensure_ascii=False, indent=2) + "\n"
