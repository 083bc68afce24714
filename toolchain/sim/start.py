"""Game start (2.9 ゲームの始め方, and each frame's ゲームの始め方 of 5.3.1).

Every frame's procedure is a sequence of general steps, read from the frame's `start.steps` in
definitions/frames/frames.yaml; the frame's `then` field says where the common procedure takes
over (`placement` = 2.9.1, `first-player` = 2.9.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..notation.card_notation import RANK_VALUES, Card, full_deck
from . import operations as ops
from .agents import TRUMP_CHOICE
from .cards import RANK, deck_from
from .primitives import choose_items
from .state import Player, State

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HAND_SIZE = 7  # 2.9.1: デッキより7枚引き手札にする


def deck_for(game: Game, seat: int) -> list[int]:
    """The frame's deck condition: its exact cards (エントリー20), else a full 54-card deck (40 枚以上)."""
    decks = game.ruleset.decks
    if seat not in decks:
        frame = game.ruleset.frame
        if frame.cards:
            cards = [Card(suit, RANK_VALUES[r]) for suit, ranks in frame.cards.items() for r in ranks]
        else:
            cards = full_deck()
        decks[seat] = tuple(deck_from(seat, cards))
    return list(decks[seat])


def setup(game: Game) -> None:
    """Both players prepare (the frame's recipe, 2.9.1), then 2.9.2 先攻決定 and 2.9.3 ゲーム開始."""
    frame = game.ruleset.frame
    players = []
    for seat in (0, 1):
        player = Player(seat, deck_for(game, seat), game.ruleset.card_zones)
        players.append(player)
    game.state = State(players)
    staging: dict[int, list[int]] = {seat: list(p.deck) for seat, p in enumerate(players)}
    procedure = phases(frame.steps)
    for number, phase in enumerate(procedure, 1):  # both players finish a phase before either begins the next
        for seat in (0, 1):
            for step, count in phase:
                STEPS[step](game, seat, staging[seat], count or 1)
            if number == len(procedure) and frame.then == "placement":
                placement(game, seat)
    if game.agreed_first is None:
        decide_first_player(game)
    else:
        game.state.first = game.agreed_first
    begin_turn(game)


def phases(steps: tuple[tuple[str, int | None], ...]) -> list[list[tuple[str, int | None]]]:
    """The steps cut at every `both-ready` (エクストラ: 「対戦相手も手札を7枚用意でき、準備ができてから切札を
    1枚表向きにする」): what comes after it waits until both players have done what comes before."""
    out: list[list[tuple[str, int | None]]] = [[]]
    for step, count in steps:
        if step == BOTH_READY:
            out.append([])
        else:
            out[-1].append((step, count))
    return [phase for phase in out if phase] or [[]]


# -- the steps --------------------------------------------------------------------------------


def _choose_from_deck(game: Game, seat: int, deck: list[int], count: int, prompt: str) -> list[int]:
    chosen = choose_items(game, seat, list(deck), count, count, prompt)
    for card in chosen:
        deck.remove(card)
    return chosen


def _shuffle(game: Game, seat: int, deck: list[int], count: int) -> None:
    game.rng.shuffle(deck)


def _pack(game: Game, seat: int, deck: list[int], count: int) -> None:
    player = game.state.players[seat]
    for _ in range(min(count, len(deck))):
        player.pack.append(deck.pop())


def _life(game: Game, seat: int, deck: list[int], count: int) -> None:
    game.state.players[seat].life.extend(deck)
    deck.clear()


def _preset(game: Game, seat: int, deck: list[int], count: int) -> None:
    """ライフの一番上のカードを防壁として場に出し、次のカードを兵士として場に出す。A soldier card no
    character of the format is made of (a Joker in ライト) goes to the graveyard and the next one is taken."""
    player, rules = game.state.players[seat], game.ruleset
    if player.life:
        card = player.life.pop()
        ops.new_character(game, [card], rules.component_for([card], "bulwark"), seat, driven=False, entered=-1)
    while player.life:
        card = player.life.pop()
        component = rules.component_for([card], "soldier")
        if component is None:
            player.graveyard.append(card)
            continue
        ops.new_character(game, [card], component, seat, driven=False, entered=-1)
        break


def _draw(game: Game, seat: int, deck: list[int], count: int) -> None:
    ops.draw(game.state, seat, count)


def _draw_to(game: Game, seat: int, deck: list[int], count: int) -> None:
    player = game.state.players[seat]
    ops.draw(game.state, seat, count - len(player.hand))


def _choose_rare(game: Game, seat: int, deck: list[int], count: int) -> None:
    game.state.players[seat].rare.extend(_choose_from_deck(game, seat, deck, count, "レアカード"))


def _choose_hand(game: Game, seat: int, deck: list[int], count: int) -> None:
    game.state.players[seat].hand.extend(_choose_from_deck(game, seat, deck, count, "最初の手札"))


def _choose_trumps(game: Game, seat: int, deck: list[int], count: int) -> None:
    game.state.players[seat].trump.extend(_choose_from_deck(game, seat, deck, count, TRUMP_CHOICE))


def _open_trump(game: Game, seat: int, deck: list[int], count: int) -> None:
    player = game.state.players[seat]
    if player.trump:
        index = game.decide(seat, "setup", "表にする切札", list(player.trump))
        player.trumps_up.add(player.trump[index])


BOTH_READY = "both-ready"


def _both_ready(game: Game, seat: int, deck: list[int], count: int) -> None:
    """Nothing to do for one player: `phases` makes both players wait for each other here."""


# The steps frames.yaml may use (its schema lists the same names), each with its count.
STEPS: dict[str, Callable[[Game, int, list[int], int], None]] = {
    "shuffle": _shuffle, "pack": _pack, "life": _life, "preset": _preset, "draw": _draw, "draw-to": _draw_to,
    "choose-rare": _choose_rare, "choose-hand": _choose_hand, "choose-trumps": _choose_trumps, "open-trump": _open_trump,
    BOTH_READY: _both_ready,
}


def placement(game: Game, seat: int) -> None:
    """2.9.1 配置準備: shuffle, draw 7, the rest is the life (the deck is already the life here)."""
    game.rng.shuffle(game.state.players[seat].life)
    ops.draw(game.state, seat, HAND_SIZE)


def decide_first_player(game: Game) -> None:
    """2.9.2: both turn over the top of their life; the higher number goes first; on a tie, again.
    The cards turned over go to the graveyard."""
    state = game.state
    first = 0
    while True:
        tops: list[int | None] = []
        for player in state.players:
            if not player.life:
                tops.append(None)
                continue
            card = player.life.pop()
            player.graveyard.append(card)
            tops.append(RANK[card])
        if None in tops:
            first = 0 if tops[0] is not None else 1
            break
        if tops[0] != tops[1]:
            first = 0 if tops[0] > tops[1] else 1
            break
    state.first = first


def begin_turn(game: Game) -> None:
    """2.9.3: the first player draws one card and starts with the turn and the chance."""
    state = game.state
    ops.draw(state, state.first, 1)
    state.turn = state.chance = state.first
    state.turn_number = 1
    state.events.clear()
