"""Game start (2.9 ゲームの始め方, and each frame's ゲームの始め方 of 5.3.1).

Every frame's procedure is a sequence of general steps, read from the frame's `start.steps` in
definitions/frames/frames.yaml (definitions/README.md, the start steps); the frame's `then` field says
where the common procedure takes over (`placement` = 2.9.1, `first-player` = 2.9.2). A `first-player`
step among the steps decides the first player there, and the steps after it follow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.definitions import SetupStep
from ..notation.card_notation import RANK_VALUES, Card, full_deck
from . import operations as ops
from .cards import RANK, deck_from
from .draws import shuffle
from .primitives import choose_items
from .state import Player, State

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
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


@dataclass
class Preparing:
    """What one player has in front of them while preparing: the deck not yet dealt (its top last) and the packs
    dealt from it (the pack in front first)."""

    deck: list[int]
    packs: list[list[int]] = field(default_factory=list)


def setup(game: Game) -> None:
    """Both players prepare (the frame's recipe, 2.9.1), then 2.9.2 先攻決定 and 2.9.3 ゲーム開始."""
    frame = game.ruleset.frame
    players = []
    for seat in (0, 1):
        player = Player(seat, deck_for(game, seat), game.ruleset.card_zones)
        players.append(player)
    game.state = State(players)
    preparing = {seat: Preparing(list(p.deck)) for seat, p in enumerate(players)}
    before, after = split_at_first_player(frame.steps)
    procedure = phases(before)
    for number, phase in enumerate(procedure, 1):  # both players finish a phase before either begins the next
        for seat in (0, 1):
            for step in phase:
                STEPS[step.kind](game, seat, preparing[seat], step)
            if number == len(procedure) and frame.then == "placement":
                placement(game, seat)
    if game.agreed_first is None:
        decide_first_player(game)
    else:
        game.state.first = game.agreed_first
    first = game.state.first
    for phase in phases(after):
        for seat in (first, 1 - first):
            for step in phase:
                if step.players == "both" or (step.players == "first") == (seat == first):
                    STEPS[step.kind](game, seat, preparing[seat], step)
    begin_turn(game)


FIRST_PLAYER = "first-player"


def split_at_first_player(steps: tuple[SetupStep, ...]) -> tuple[tuple[SetupStep, ...], tuple[SetupStep, ...]]:
    """The steps before 2.9.2 先攻決定 and those after it (none when the frame has no first-player step)."""
    for index, step in enumerate(steps):
        if step.kind == FIRST_PLAYER:
            return steps[:index], steps[index + 1:]
    return steps, ()


def phases(steps: tuple[SetupStep, ...]) -> list[list[SetupStep]]:
    """The steps cut at every `both-ready` (エクストラ: 「対戦相手も手札を7枚用意でき、準備ができてから切札を
    1枚表向きにする」): what comes after it waits until both players have done what comes before."""
    out: list[list[SetupStep]] = [[]]
    for step in steps:
        if step.kind == BOTH_READY:
            out.append([])
        else:
            out[-1].append(step)
    return [phase for phase in out if phase] or [[]]


# -- the steps --------------------------------------------------------------------------------


def _zone_name(game: Game, zone: str) -> str:
    return game.ruleset.defs.name_of("zones", zone)


def _choose_into(game: Game, seat: int, candidates: list[int], count: int, zone: str, prompt: str) -> None:
    """The player chooses `count` of the candidates (taken out of them) into one of their zones."""
    chosen = choose_items(game, seat, list(candidates), count, count, prompt)
    for card in chosen:
        candidates.remove(card)
    game.state.players[seat].zone(zone).extend(chosen)


def _shuffle(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    shuffle(game.rng, prep.deck)


def _move(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The top cards of the deck go to a zone one by one (all of them without a count)."""
    zone, deck = game.state.players[seat].zone(step.to or ""), prep.deck
    for _ in range(len(deck) if step.count is None else min(step.count, len(deck))):
        zone.append(deck.pop())


def _pack(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """{pack: N}, the short form of {move: {count: N, to: pack}}."""
    _move(game, seat, prep, SetupStep("move", count=step.count, to="pack"))


def _life(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The rest of the deck becomes the life, as it lies."""
    game.state.players[seat].life.extend(prep.deck)
    prep.deck.clear()


def _preset(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
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


def _draw(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    ops.draw(game.state, seat, step.count or 1)


def _draw_to(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    player = game.state.players[seat]
    ops.draw(game.state, seat, (step.count or 0) - len(player.hand))


def _choose(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The player chooses cards of the deck (or of one of their zones) into a zone."""
    zone = step.to or ""
    candidates = prep.deck if step.origin is None else game.state.players[seat].zone(step.origin)
    _choose_into(game, seat, candidates, step.count or 1, zone, step.prompt or _zone_name(game, zone))


def _short_choice(zone: str, prompt: Callable[[m.Prompts], str]) -> Callable[[Game, int, Preparing, SetupStep], None]:
    """{choose-rare: N} and its kin: the short forms of {choose: {count: N, to: zone}}, each asking in the edition's
    words (rules.yaml `prompts`)."""
    def choose(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
        _choose(game, seat, prep, SetupStep("choose", count=step.count, to=zone, prompt=prompt(game.ruleset.prompts)))
    return choose


def _deal(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """Packs of cards from the top of the deck, face down in front of the player, one pack after another."""
    for _ in range(step.packs or 1):
        size = min(step.count or 1, len(prep.deck))
        if size:
            prep.packs.append([prep.deck.pop() for _ in range(size)])


def _pick(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The player looks at the pack in front and chooses cards of it into a zone (all it has, if fewer)."""
    if prep.packs:
        zone = step.to or ""
        _choose_into(game, seat, prep.packs[0], step.count or 1, zone, step.prompt or _zone_name(game, zone))
        if not prep.packs[0]:
            prep.packs.pop(0)


def _pass(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The pack in front goes to the back of the player's own packs (`among: own`, the only way the rules pass a
    pack: ドラフト's mini-packs are dealt from each player's own deck and looked at by that player) and the next
    one comes up. A pack never reaches the other player, so every card stays its owner's."""
    for _ in range(step.count or 1):
        if prep.packs:
            prep.packs.append(prep.packs.pop(0))


def _gather(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """The cards left in the packs go under the deck (or into a zone)."""
    left = [card for pack in prep.packs for card in pack]
    prep.packs.clear()
    if step.to is None:
        prep.deck[:0] = left  # the deck's top is its last card
    else:
        game.state.players[seat].zone(step.to).extend(left)


def _open_trump(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    player = game.state.players[seat]
    if player.trump:
        index = game.decide(seat, "setup", game.ruleset.prompts.open_trump, list(player.trump))
        player.trumps_up.add(player.trump[index])


BOTH_READY = "both-ready"


def _both_ready(game: Game, seat: int, prep: Preparing, step: SetupStep) -> None:
    """Nothing to do for one player: `phases` makes both players wait for each other here."""


# The steps frames.yaml may use (its schema lists the same names). `first-player` is not among them: `setup` cuts
# the steps there.
STEPS: dict[str, Callable[[Game, int, Preparing, SetupStep], None]] = {
    "shuffle": _shuffle, "move": _move, "life": _life, "preset": _preset, "draw": _draw, "draw-to": _draw_to,
    "choose": _choose, "deal": _deal, "pick": _pick, "pass": _pass, "gather": _gather, "open-trump": _open_trump,
    BOTH_READY: _both_ready,
    # the short forms the 第8.1版 frames are written in
    "pack": _pack, "choose-rare": _short_choice("rare", lambda prompts: prompts.choose_rare),
    "choose-hand": _short_choice("hand", lambda prompts: prompts.choose_hand),
    "choose-trumps": _short_choice("trump", lambda prompts: prompts.choose_trumps),
}


def placement(game: Game, seat: int) -> None:
    """2.9.1 配置準備: shuffle, draw 7, the rest is the life (the deck is already the life here)."""
    shuffle(game.rng, game.state.players[seat].life)
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
