"""What the page is sent about a game: everything one seat may see of it, and nothing else.

`seen(game, seat, …)` is made from that seat's observation (sim.observe, 2.11.1) and, when that seat decides,
its decision's options as it sees them (sim.observation.OptionSeen): the board drawn from the observation, the
zones as text, the stage, who holds the chance and the pass record. The referee's notation of the options
(`Decision.texts()`) names the other seat's face-down cards and is never sent; tests/play/test_hidden.py
permutes what the seat cannot see and compares the JSON.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from .. import model as m
from .. import sim
from ..figures.observed import board_svg, cards_shown

SIDES = ("you", "opponent")
_SIDE_WORD = re.compile(r"(?<![A-Za-z])(you|opponent)(?![A-Za-z])")


def localized(text: str, names: Mapping[str, str]) -> str:
    """The notation's `you:` / `opponent:` as the players' names on the page (`相手:♢3`), its cards as cards_shown."""
    return cards_shown(_SIDE_WORD.sub(lambda match: names[match.group(1)], text))


def option_seen(option: sim.observation.OptionSeen, index: int, names: Mapping[str, str]) -> dict[str, Any]:
    shown = {"index": index, "text": localized(option.text, names), "kind": option.kind}
    if option.cost:
        shown["cost"] = option.cost
    if option.keys:
        shown["keys"] = list(option.keys)
    return shown


def decision_seen(decision: sim.Decision, names: Mapping[str, str]) -> dict[str, Any]:
    """A decision as its deciding seat sees it: the prompt, every option the engine lists, and for a choice of several
    items asked one at a time how many are to be chosen and how many are (`choosing`)."""
    seen: dict[str, Any] = {
        "kind": decision.kind,
        "prompt": decision.prompt,
        "options": [option_seen(option, index, names) for index, option in enumerate(decision.options)],
    }
    if decision.choosing is not None:
        seen["choosing"] = decision.choosing._asdict()
    return seen


# Why an action is refused (sim.refusal.REASONS) as the rulebook's item that says so (rules.yaml `items`).
REASON_ITEMS = {"timing": "timing", "once-per-turn": "activation-condition", "activation": "activation-condition",
                "keycards": "keycards", "cost": "cost", "target": "target"}


def refused(game: sim.Game, seat: int, definitions: m.Definitions) -> list[dict[str, str]]:
    """The actions of the regulation `seat` may not request now, each with the item of the rulebook it fails and
    that item as printed (キーカード ♡ A〜10, コスト D, タイミング メイン, …)."""
    shown = []
    for action_id, reason in sim.refusal.refusals(game, seat).items():
        action = definitions.action(action_id)
        item = REASON_ITEMS.get(reason)
        if action is None or item is None:
            continue
        printed = {
            "timing": definitions.name_of("timings", action.timing),
            "activation-condition": action.activation_condition,
            "keycards": definitions.keycards_display(action.keycards),
            "cost": action.cost,
            "target": action.target.text if action.target else None,
        }[item]
        shown.append({"action": action.name, "item": definitions.name_of("items", item), "printed": str(printed or "")})
    return shown


def _character(character: sim.observation.CharacterSeen, definitions: m.Definitions) -> dict[str, Any]:
    shown = dataclasses.asdict(character)
    shown["text"] = cards_shown(character.text)
    shown["role"] = definitions.label_name(character.role) if character.role else None
    shown["labels"] = [definitions.label_name(label) for label in character.labels] if character.labels is not None else None
    return shown


def _zones(side: sim.observation.SideSeen, definitions: m.Definitions) -> dict[str, Any]:
    """Each zone as SideSeen has it (a count, or the cards as a list), the characters as _character shows them."""
    shown = {field.name: [cards_shown(card) for card in value] if isinstance(value := getattr(side, field.name), tuple) else value
             for field in dataclasses.fields(side) if field.name not in ("side", "field")}
    shown["field"] = [_character(character, definitions) for character in side.field]
    return shown


def seen(game: sim.Game, seat: int, definitions: m.Definitions, names: Mapping[str, str]) -> dict[str, Any]:
    """The game as `seat` sees it, with its decision when it is the one to decide."""
    observation = sim.observe(game, seat)
    decision = game.decision()
    frame = definitions.frame(game.regulation[1])
    zones = tuple(frame.zones) if frame else ()
    first = game.first_player
    return {
        "board": board_svg(observation, definitions, zones, names),
        "turn": observation.turn, "turn_number": observation.turn_number, "chance": observation.chance,
        "passed": list(observation.passed), "winner": observation.winner,
        "first": None if first is None else SIDES[0] if first == seat else SIDES[1],
        "you": _zones(observation.you, definitions), "opponent": _zones(observation.opponent, definitions),
        "stage": [{"side": request.side, "action": request.action, "cards": [cards_shown(card) for card in request.cards],
                   "targets": [localized(target, names) for target in request.targets]} for request in observation.stage],
        "decision": decision_seen(decision, names) if decision is not None and decision.seat == seat else None,
        "refused": refused(game, seat, definitions) if decision is not None and decision.seat == seat and decision.kind == "request"
                   else [],
        "waiting": None if decision is None or decision.seat == seat else SIDES[1],
    }
