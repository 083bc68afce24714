"""The situation notation: a game position as a rules editor writes it, and as the engine prints it.

    you:      {hand: ♠5 ♡9, field: ♢3(driven) ♠5+♠9 [♣7], life: 10}
    opponent: {field: ♣4(+3,attacker)}
    stage:    [opponent: アップ ★♡3 → you:♢3]

Cards are `♠5`, `♡Q`, `Joker`; a character of several cards joins them with `+`; a bulwark is
`[♣7]` (its face-down card); flags in parentheses: `driven`, `new` (came onto the field this
turn), `+3`/`-2` (size until the end of the turn), `attacker`, `blocks ♠9`. A life is its cards
top first, or a number of cards nobody cares about. Requests are `name ★keycards → target`,
with `you:`/`opponent:` in front of a target (and of a request on the stage) when it matters.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import abilities
from .cards import TEXT, owner_of
from .requests import PASS, RequestOption
from .state import FIELD, SEAT_NAMES, Character, Request, State

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SIDES: Final = ("you", "opponent")


def side(seat: int, viewer: int) -> str:
    return SIDES[0] if seat == viewer else SIDES[1]


def cards_text(cards: list[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def character_text(character: Character, game: Game | None = None, flags: bool = False) -> str:
    body = "+".join(TEXT[c] for c in character.cards)
    body = f"[{body}]" if character.kind == "bulwark" else body
    if not flags or game is None:
        return body
    marks = []
    if character.driven:
        marks.append("driven")
    if character.entered == game.state.turn_number:
        marks.append("new")
    change = sum(m.amount for m in game.state.modifiers if m.scope == "this" and m.subject == character.id)
    if change:
        marks.append(f"{change:+d}")
    if character.role == "attacker":
        marks.append("attacker")
    if character.blocking is not None:
        attacker = game.state.character(character.blocking)
        marks.append(f"blocks {character_text(attacker) if attacker else '?'}")
    return f"{body}({','.join(marks)})" if marks else body


def keycards_text(game: Game, keys: tuple[int, ...], unit: int | None) -> str:
    """` ★♠5 ♣K` (cards) or ` ★♠7` (the key soldier), empty without keycards."""
    if unit is not None:
        found = game.state.character(unit)
        return f" ★{character_text(found) if found else '?'}"
    return f" ★{cards_text(list(keys))}" if keys else ""


def request_text(game: Game, request: Request, viewer: int | None = None) -> str:
    text = request.action.name + keycards_text(game, request.keys, request.unit)
    if request.targets:
        text += " → " + ", ".join(target_text(game, t, request.controller if viewer is None else viewer) for t in request.targets)
    return text


def target_text(game: Game, target: tuple[str, int], viewer: int, character: Callable[[Character], str] | None = None,
                card: Callable[[int], str] | None = None) -> str:
    """`opponent:♢3`, `you`, `opponent:アップ`; `character` and `card` write a character or a trump card otherwise
    (an example's stand-ins for what its player cannot see)."""
    kind, value = target
    state = game.state
    if kind == "player":
        return side(value, viewer)
    found: Any  # a character or a request (the compiled engine checks a variable's type)
    if kind == "character":
        found = state.character(value)
        return f"{side(found.controller, viewer)}:{(character or character_text)(found)}" if found else "(gone)"
    if kind == "request":
        found = state.request(value)
        return f"{side(found.controller, viewer)}:{found.action.name}" if found else "(gone)"
    return f"{side(owner_of(value), viewer)}:{card(value) if card is not None else TEXT[value]}"


def option_text(game: Game, option: Any, viewer: int, targets: bool = False) -> str:
    """How a decision's option is written (for scripts and transcripts), seen from the deciding seat."""
    if option is PASS:
        return game.ruleset.prompts.pass_label
    if isinstance(option, RequestOption):
        return option.action.name + keycards_text(game, option.keys, option.unit)
    if isinstance(option, tuple):
        return target_text(game, option, viewer)
    if isinstance(option, Character):
        text = character_text(option)
        return f"{side(option.controller, viewer)}:{text}" if targets else text
    if isinstance(option, Request):
        return f"{side(option.controller, viewer)}:{request_text(game, option)}"
    if isinstance(option, int):
        return f"{side(owner_of(option), viewer)}:{TEXT[option]}" if targets else TEXT[option]
    return str(option)


# -- a state, as the situation notation prints it ----------------------------------------------

def trump_text(state: State, card: int) -> str:
    player = state.players[owner_of(card)]
    marks = (["up"] if card in player.trumps_up else []) + (["locked"] if card in player.locked else [])
    return f"{TEXT[card]}({','.join(marks)})" if marks else TEXT[card]


def view(game: Game, you: int = 0) -> dict[str, str]:
    """Every part of the situation as a normalized string, keyed `you.hand`, `opponent.field`, `stage`, …"""
    state = game.state
    out: dict[str, str] = {}
    for seat in (you, 1 - you):
        player = state.players[seat]
        name = side(seat, you)
        for zone in player.zones:
            if zone == "life":  # written top first, in order
                out[f"{name}.{zone}"] = cards_text(player.life[::-1])
            elif zone == "trump":
                out[f"{name}.{zone}"] = normalize(" ".join(trump_text(state, c) for c in player.trump), True)
            else:
                out[f"{name}.{zone}"] = normalize(cards_text(player.zone(zone)), True)
        out[f"{name}.{FIELD}"] = normalize(" ".join(character_text(c, game, flags=True) for c in player.field), True)
        out[f"{name}.pack_opened"] = str(player.pack_open).lower()
        bonus = sum(m.amount for m in state.modifiers if m.scope == "your" and m.subject == seat)
        out[f"{name}.size_bonus"] = str(bonus)
    out["turn"] = side(state.turn, you)
    out["stage"] = " / ".join(f"{side(r.controller, you)}: {request_text(game, r, you)}" for r in state.stage)
    out["winner"] = "" if state.winner is None else side(state.winner, you)
    return out


_TOKEN = re.compile(r"\[[^\]]*\](?:\([^)]*\))?|[^\s(]+(?:\([^)]*\))?")


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def normalize(text: str, unordered: bool) -> str:
    parts = tokens(text)
    return " ".join(sorted(parts) if unordered else parts)


def sizes(game: Game, seat: int) -> dict[str, int]:
    """The size of each soldier of a seat, by its cards (for messages)."""
    return {character_text(c): abilities.size(game, c) for c in game.state.players[seat].field if c.kind == "soldier"}


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]
