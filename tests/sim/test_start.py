"""Game start (2.9 and each frame's ゲームの始め方 in 5.3.1) through Game.new: decks, packs, rare
cards, trumps, the preset (the steps themselves: internals/test_start.py)."""

from __future__ import annotations

import pytest

from toolchain import sim
from toolchain.sim import Game, RandomAgent
from toolchain.sim.cards import text


def new(engine: sim.Engine, format_id: str, frame_id: str, seed: int = 1) -> Game:
    return Game.new(engine, format_id, frame_id, seed=seed, agents=(RandomAgent(seed), RandomAgent(seed + 1)))


@pytest.mark.parametrize("seed", range(5))
def test_entry20(engine: sim.Engine, seed: int) -> None:
    """エントリー20: the 20 cards; a bulwark and a soldier preset; 7 cards in hand (2.9.1); the cards
    turned over for 2.9.2 in the graveyard; the first player draws one (2.9.3)."""
    game = new(engine, "lite", "entry20", seed)
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
def test_pack_frames(engine: sim.Engine, frame_id: str) -> None:
    """パック / レアパック: a 54-card deck (40 枚以上), 14 cards in the pack, the rare card (レアパック)."""
    game = new(engine, "standard", frame_id)
    for seat, player in enumerate(game.state.players):
        assert len(player.deck) == 54 and len(player.pack) == 14 and not player.pack_open
        assert len(player.rare) == (frame_id == "rare-pack")
        assert len(player.field) == 2
        assert len(player.hand) == 7 + (seat == game.state.first)


def test_strategy_puts_the_three_chosen_cards_in_the_hand(engine: sim.Engine) -> None:
    chosen = ["♠K", "♡Q", "Joker"]
    script = [*chosen, "♢A"] + [*chosen, "♣A"]  # each seat: 3 cards for the hand, then the rare card
    agent = sim.agents.ScriptedAgent(script, fallback=RandomAgent(3))
    game = Game.new(engine, "pro", "strategy", seed=3, agents=(agent, agent))
    for seat, player in enumerate(game.state.players):
        hand = [text(c) for c in player.hand]
        assert set(chosen) <= set(hand) and len(hand) == 7 + (seat == game.state.first)
        assert [text(c) for c in player.rare] == (["♢A"] if seat == 0 else ["♣A"])
        assert len(player.pack) == 14


def test_extra_sets_two_trumps_aside_and_opens_one(engine: sim.Engine) -> None:
    game = new(engine, "master", "extra")
    for player in game.state.players:
        assert len(player.trump) == 2 and len(player.trumps_up) == 1
        assert len(player.rare) == 1 and len(player.pack) == 14


def test_extra_opens_a_trump_only_when_both_players_have_prepared(engine: sim.Engine) -> None:
    """5.3.1 エクストラ: 「対戦相手も手札を7枚用意でき、準備ができてから切札を1枚表向きにする」: neither player
    opens a trump before both have chosen their trumps, hand and rare card and drawn to 7 cards."""
    asked: list[tuple[int, str]] = []

    class Recording(RandomAgent):
        def choose(self, decision: sim.Decision) -> int:
            asked.append((decision.player, decision.prompt))
            return super().choose(decision)

    game = Game.new(engine, "master", "extra", seed=5, agents=(Recording(1), Recording(2)))
    opening = [i for i, (_, prompt) in enumerate(asked) if prompt == "表にする切札"]
    preparing = [i for i, (_, prompt) in enumerate(asked) if prompt in ("切札", "最初の手札", "レアカード")]
    assert sorted(seat for seat, prompt in asked if prompt == "表にする切札") == [0, 1]
    assert {seat for seat, prompt in asked if prompt in ("切札", "最初の手札", "レアカード")} == {0, 1}
    assert max(preparing) < min(opening)
    for player in game.state.players:
        assert len(player.trumps_up) == 1 and len(player.hand) >= 7
