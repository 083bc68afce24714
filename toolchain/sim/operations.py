"""The moves every primitive, cost and start procedure is made of: take a card from wherever it
is, put it into a zone, put cards onto the field as a character, take a character off it.

Each move is logged in `state.events` as ("moved", card, from zone, from seat, to zone) for the
trigger check (世代交代 triggers on field → graveyard).
A character leaving the field is remembered as it was (last-known information, `{was: …}`) when the
ruleset's programs read it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from . import abilities
from .cards import owner_of
from .errors import EngineError
from .state import FIELD, Character, Former, State

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

STAGE: Final = "stage"


def remember(game: Game, character: Character) -> None:
    """Last-known information: the character as it is now, before it leaves the field, for each of its cards
    (what `{was: card}` reads: kind, role, the attacker it blocks, controller, size); called when the programs read it."""
    state = game.state
    blocking = character.blocking if character.blocking is not None else state.unlinked.get(character.id)
    former = Former(character, abilities.size(game, character), blocking,
                    state.resolving[-1].action.id if state.resolving else None)
    for card in character.cards:
        state.former[card] = former


def take(game: Game, card: int) -> tuple[str, int]:
    """Remove a card from the place it is in; returns (zone, seat). A character losing its last card leaves."""
    state = game.state
    player = state.players[owner_of(card)]
    for name in player.zones:
        zone = player.zone(name)
        at = _find(zone, card)
        if at >= 0:
            zone.pop(at)
            if zone is player.trump:  # a trump leaves its face and its lock behind
                player.trumps_up.discard(card)
                player.locked.discard(card)
            if state.former:
                state.former.pop(card, None)  # it moves on: what it was on the field is no longer its last move
            return name, player.index
    for seat in state.players:
        for character in seat.field:
            at = _find(character.cards, card)
            if at >= 0:
                if game.ruleset.remembers:
                    remember(game, character)
                character.cards.pop(at)
                if not character.cards:
                    leave_field(game, character)
                return FIELD, seat.index
    for requests in (state.stage, state.resolving, state.buffer):
        for request in requests:
            for cards in (request.held, request.revealed):
                at = _find(cards, card)
                if at >= 0:
                    cards.pop(at)
                    return STAGE, request.controller
    raise EngineError(f"card {card} is nowhere")


def _find(cards: list[int], card: int) -> int:
    """Where `card` lies in `cards`, or -1: compiled, a loop of machine integers instead of `in`, which compares the
    boxed cards one by one through Python's comparison (take looks through every zone of the owner)."""
    for i, each in enumerate(cards):
        if each == card:
            return i
    return -1


def zone_of(state: State, card: int) -> str | None:
    """The zone of its owner a card lies in (None: on the field, the stage or elsewhere)."""
    player = state.players[owner_of(card)]
    return next((name for name in player.zones if card in player.zone(name)), None)


def put(state: State, card: int, zone: str, seat: int | None = None, at: str = "top") -> None:
    """Put a card into a zone of its owner (or of `seat`); `top` of life/graveyard is the end of the list."""
    cards = state.players[owner_of(card) if seat is None else seat].zone(zone)
    if at == "bottom":
        cards.insert(0, card)
    else:
        cards.append(card)


def move(game: Game, cards: Iterable[int], zone: str, seat: int | None = None, at: str = "top") -> list[int]:
    state, done = game.state, []
    for card in list(cards):
        source, source_seat = take(game, card)
        put(state, card, zone, seat, at)
        state.events.append(("moved", card, source, source_seat, zone))
        done.append(card)
    return done


def leave_field(game: Game, character: Character) -> None:
    """A character leaves the field: its size changes and its roles go with it (a blocker of it keeps, as
    last-known information, which attacker it blocked)."""
    state = game.state
    field = state.players[character.controller].field
    if character in field:
        field.remove(character)
    state.modifiers = [m for m in state.modifiers if not (m.scope == "this" and m.subject == character.id)]
    for other in state.characters():
        if other.blocking == character.id:
            other.blocking = None
            if game.ruleset.remembers:
                state.unlinked[other.id] = character.id


def move_character(game: Game, character: Character, zone: str, seat: int | None = None, at: str = "top",
                   order: list[int] | None = None) -> list[int]:
    """2.8.3: a character of several cards moves as one; `order` is the order the cards are put in."""
    state, controller = game.state, character.controller
    if game.ruleset.remembers:
        remember(game, character)
    leave_field(game, character)
    cards = order if order is not None else list(character.cards)
    for card in cards:
        put(state, card, zone, seat, at)
        state.events.append(("moved", card, FIELD, controller, zone))
    character.cards = []
    return cards


def new_character(game: Game, cards: list[int], component: str, controller: int, *, driven: bool, entered: int | None = None) -> Character:
    """Put cards (already taken from their zone) onto `controller`'s field as one character."""
    spec = game.ruleset.characters[component]
    state = game.state
    character = Character(state.new_id(), cards, component, spec.kind, controller, driven=driven,
                          entered=state.turn_number if entered is None else entered, face_down=spec.face_down)
    state.players[controller].field.append(character)
    return character


def damage(state: State, seat: int, amount: int) -> int:
    """2.7: move the top cards of the life to the graveyard, as many as there are (2.10.4)."""
    player = state.players[seat]
    count = max(0, min(amount, len(player.life)))
    for _ in range(count):
        card = player.life.pop()
        player.graveyard.append(card)
        state.events.append(("moved", card, "life", seat, "graveyard"))
    return count


def bury_keycards(state: State, request) -> None:
    """The keycards still with a request (on the stage) go to their owners' graveyards."""
    for card in request.held:
        put(state, card, "graveyard")
        state.events.append(("moved", card, STAGE, request.controller, "graveyard"))
    request.held = []


def draw(state: State, seat: int, count: int) -> list[int]:
    player = state.players[seat]
    drawn = []
    for _ in range(max(0, min(count, len(player.life)))):
        card = player.life.pop()
        player.hand.append(card)
        state.events.append(("moved", card, "life", seat, "hand"))
        drawn.append(card)
    return drawn
