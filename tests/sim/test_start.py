"""Game start (2.9 and each frame's ゲームの始め方 in 5.3.1): decks, packs, rare cards, trumps,
the preset, the first player."""

from __future__ import annotations

import pytest

from toolchain.model import Definitions
from toolchain.sim import start
from toolchain.sim.agents import RandomAgent
from toolchain.sim.cards import parse, text
from toolchain.sim.game import Game
from toolchain.sim.state import Player, State

from .helpers import situation


def new(defs: Definitions, format_id: str, frame_id: str, seed: int = 1) -> Game:
    return Game.new(defs, format_id, frame_id, seed=seed, agents=(RandomAgent(seed), RandomAgent(seed + 1)))


def test_every_start_step_of_the_frames_is_one_the_engine_knows(defs: Definitions, repo_root) -> None:
    import json

    schema = json.loads((repo_root / "schema" / "frames.schema.json").read_text(encoding="utf-8"))
    allowed = schema["items"]["properties"]["start"]["properties"]["steps"]["items"]["oneOf"]
    assert set(start.STEPS) == set(allowed[0]["enum"]) | set(allowed[1]["propertyNames"]["enum"])
    assert all(step in start.STEPS for frame in defs.frames for step, _ in frame.steps)


@pytest.mark.parametrize("seed", range(5))
def test_entry20(defs: Definitions, seed: int) -> None:
    """エントリー20: the 20 cards; a bulwark and a soldier preset; 7 cards in hand (2.9.1); the cards
    turned over for 2.9.2 in the graveyard; the first player draws one (2.9.3)."""
    game = new(defs, "lite", "entry20", seed)
    state = game.state
    for seat, player in enumerate(state.players):
        assert sorted(text(c) for c in player.deck) == sorted(
            "♠A ♠2 ♠3 ♠4 ♠5 ♡A ♡8 ♡9 ♡10 ♡J ♢A ♢3 ♢7 ♢10 ♢Q ♣A ♣5 ♣6 ♣10 ♣K".split())
        assert sorted(c.kind for c in player.field) == ["bulwark", "soldier"]
        assert len(player.hand) == 7 + (seat == state.first)
        revealed = len(player.graveyard)
        assert revealed >= 1
        assert len(player.life) == 20 - 2 - 7 - revealed - (seat == state.first)
    assert state.turn == state.chance == state.first and state.turn_number == 1 and game.node == "3"


@pytest.mark.parametrize("frame_id", ["pack", "rare-pack"])
def test_pack_frames(defs: Definitions, frame_id: str) -> None:
    """パック / レアパック: a 54-card deck (40 枚以上), 14 cards in the pack, the rare card (レアパック)."""
    game = new(defs, "standard", frame_id)
    for seat, player in enumerate(game.state.players):
        assert len(player.deck) == 54 and len(player.pack) == 14 and not player.pack_open
        assert len(player.rare) == (frame_id == "rare-pack")
        assert len(player.field) == 2
        assert len(player.hand) == 7 + (seat == game.state.first)


def test_strategy_puts_the_three_chosen_cards_in_the_hand(defs: Definitions) -> None:
    chosen = ["♠K", "♡Q", "Joker"]
    from toolchain.sim.agents import ScriptedAgent

    script = [*chosen, "♢A"] + [*chosen, "♣A"]  # each seat: 3 cards for the hand, then the rare card
    agent = ScriptedAgent(script, fallback=RandomAgent(3))
    game = Game.new(defs, "pro", "strategy", seed=3, agents=(agent, agent))
    for seat, player in enumerate(game.state.players):
        hand = [text(c) for c in player.hand]
        assert set(chosen) <= set(hand) and len(hand) == 7 + (seat == game.state.first)
        assert [text(c) for c in player.rare] == (["♢A"] if seat == 0 else ["♣A"])
        assert len(player.pack) == 14


def test_extra_sets_two_trumps_aside_and_opens_one(defs: Definitions) -> None:
    game = new(defs, "master", "extra")
    for player in game.state.players:
        assert len(player.trumps) == 2 and len(player.trumps_up) == 1
        assert len(player.rare) == 1 and len(player.pack) == 14


def test_a_soldier_card_no_character_of_the_format_is_made_of_goes_to_the_graveyard(defs: Definitions) -> None:
    """パック: フォーマットがライトの場合、プリセットされた兵士カードが Joker ならばそれを墓地に移し、
    次のカードを兵士として場に出す (ライトに兵士「魔術士」がいないため)."""
    from toolchain.sim.ruleset import compiled, Ruleset

    rules = Ruleset(defs, compiled(defs), "lite", "pack")  # not in table 3.1 any more: the rule stays general
    game = Game(rules, State([Player(0, []), Player(1, [])]), [RandomAgent(1), RandomAgent(2)])
    game.state.players[0].life = [parse(0, "♣9"), parse(0, "♠5"), parse(0, "Joker"), parse(0, "♡7")]  # top last
    start._preset(game, 0, [], 1)
    player = game.state.players[0]
    assert [(c.kind, text(c.cards[0])) for c in player.field] == [("bulwark", "♡7"), ("soldier", "♠5")]
    assert [text(c) for c in player.graveyard] == ["Joker"]
    master = Ruleset(defs, compiled(defs), "master", "pack")
    assert master.component_for([parse(0, "Joker")], "soldier") == "magician"


def test_the_first_player_is_the_higher_number_after_ties(defs: Definitions) -> None:
    """2.9.2: both turn over the top of their life; on a tie, again; the cards go to the graveyard."""
    game = situation(defs, {"you": {"life": "♠5 ♠9 ♠K"}, "opponent": {"life": "♡5 ♡2 ♡K"}})
    start.decide_first_player(game)
    assert game.state.first == 0
    assert sorted(text(c) for c in game.state.players[0].graveyard) == ["♠5", "♠9"]
    assert sorted(text(c) for c in game.state.players[1].graveyard) == ["♡2", "♡5"]
    joker = situation(defs, {"you": {"life": "Joker"}, "opponent": {"life": "♡A"}})
    start.decide_first_player(joker)
    assert joker.state.first == 1  # Joker is 0 (table 2.1)
