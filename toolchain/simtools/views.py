"""A read-only view of a game's situation, for whatever draws or inspects it (figures, tests):
each side's zones by the rulebook's zone ids (rules.yaml: life, hand, graveyard, fog, pack,
rare, trump), its characters, and the requests on the stage with their targets. Cards are
written as the notation writes them (`♠5`, `Joker`); nothing here is an engine object.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..sim import abilities
from ..sim.cards import TEXT
from ..sim.notation import SIDES, character_text
from ..sim.state import Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from ..sim import Game

@dataclass(frozen=True)
class CharacterView:
    id: int  # stable while it stays on the field; a request's target names it
    component: str  # the character definition's id
    kind: str  # soldier / bulwark
    cards: tuple[str, ...]  # bottom first (an equipped card lies on top)
    face_down: bool
    driven: bool
    size: int  # now, with every modifier and ability (0 for a bulwark)
    labels: frozenset[str]
    text: str  # its cards as the situation notation writes them: `♠5+♠9`, `[♣7]`
    notation: str  # … with its flags: `♠5+♠9(driven,+3)`


@dataclass(frozen=True)
class SideView:
    seat: int
    side: str  # you (seat 0) / opponent
    zones: Mapping[str, tuple[str, ...]]  # rulebook zone id → its cards in the order they lie (the top card last)
    field: tuple[CharacterView, ...]
    face_up: frozenset[str]  # trumps turned face up (表切札)
    locked: frozenset[str]  # trumps that may not turn face up this turn
    pack_opened: bool


@dataclass(frozen=True)
class TargetView:
    kind: str  # character, request, player, trump
    ref: int | str  # the character's or request's id, the player's seat, the trump card


@dataclass(frozen=True)
class RequestView:
    id: int
    action: str  # the action's name
    action_id: str
    controller: int  # seat
    cards: tuple[str, ...]  # the keycards still on the stage with it
    targets: tuple[TargetView, ...]
    keycards: tuple[str, ...]  # the cards it was requested with (キーカード), wherever they are now
    key_unit: int | None  # a soldier-borne request's key soldier (its CharacterView.id), else None


@dataclass(frozen=True)
class BoardView:
    sides: tuple[SideView, ...]  # by seat
    stage: tuple[RequestView, ...]  # bottom first
    turn: int
    turn_number: int
    chance: int | None
    winner: int | None
    first: int | None  # the seat that went first (先攻); None during the game start


def board(game: Game) -> BoardView:
    state = game.state
    return BoardView(
        sides=tuple(_side(game, seat) for seat in range(len(state.players))),
        stage=tuple(_request(request) for request in state.stage),
        turn=state.turn,
        turn_number=state.turn_number,
        chance=state.chance,
        winner=state.winner,
        first=game.first_player,
    )


def _side(game: Game, seat: int) -> SideView:
    player = game.state.players[seat]
    return SideView(
        seat=seat,
        side=SIDES[seat],
        zones={zone: tuple(TEXT[c] for c in player.zone(zone)) for zone in player.zones},
        field=tuple(_character(game, character) for character in player.field),
        face_up=frozenset(TEXT[c] for c in player.trumps_up),
        locked=frozenset(TEXT[c] for c in player.locked),
        pack_opened=player.pack_open,
    )


def _character(game: Game, character: Character) -> CharacterView:
    return CharacterView(
        id=character.id,
        component=character.component,
        kind=character.kind,
        cards=tuple(TEXT[c] for c in character.cards),
        face_down=character.face_down,
        driven=character.driven,
        size=abilities.size(game, character),
        labels=abilities.labels(game, character),
        text=character_text(character),
        notation=character_text(character, game, flags=True),
    )


def _request(request: Request) -> RequestView:
    return RequestView(
        id=request.id,
        action=request.action.name,
        action_id=request.action.id,
        controller=request.controller,
        cards=tuple(TEXT[c] for c in request.held),
        targets=tuple(_target(kind, value) for kind, value in request.targets),
        keycards=tuple(TEXT[c] for c in request.keys),
        key_unit=request.unit,
    )


def _target(kind: str, value: int) -> TargetView:
    if kind == "trump":
        return TargetView(kind, TEXT[value])
    return TargetView(kind, value)

