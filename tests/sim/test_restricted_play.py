"""Restricted play (Jaffe et al., AIIDE 2012): an agent forbidden an action never requests it, one forbidden a
trump never takes its card as a trump; and a game without a restriction is the game `bp sim` plays."""

from __future__ import annotations

import pytest

from toolchain import sim, simtools


@pytest.mark.parametrize("agent", ["policy", "random"])
def test_a_forbidden_action_is_never_requested_by_that_seat(engine: sim.Engine, agent: str) -> None:
    forbidden = sim.agents.Restriction(frozenset({"attack", "soldier-summon"}))
    by_restricted = by_other = 0
    for seed in range(12):
        seat = seed % 2
        tally = simtools.play_tally(engine, "lite", "entry20", seed, agent=agent, restriction=forbidden, restricted_seat=seat)
        by_restricted += sum(tally.requested[seat].get(action, 0) for action in forbidden.actions)
        by_other += sum(tally.requested[1 - seat].get(action, 0) for action in forbidden.actions)
    assert by_restricted == 0 and by_other > 10


def test_a_forbidden_trump_is_never_taken_as_a_trump(engine: sim.Engine) -> None:
    """エクストラ: the restricted agent never chooses ♠2 or ♡3 (スラッシュ, 激励) among its two trumps; the other
    agent, choosing among the 54 cards of its deck, takes them now and then."""
    cards = frozenset({"♠2", "♡3", "♢3", "♣4"})
    restriction = sim.agents.Restriction(trump_cards=cards)
    held: list[set[str]] = [set(), set()]
    for seed in range(60):
        agents = [sim.PolicyAgent(seed), sim.PolicyAgent(seed + 1000)]
        agents[0] = sim.agents.RestrictedAgent(agents[0], restriction)
        game = sim.Game.new(engine, "master", "extra", seed=seed, agents=agents)
        for seat in (0, 1):
            held[seat] |= {sim.cards.text(card) for card in game.state.players[seat].trump} & cards
    assert held[0] == set() and held[1]


def test_without_a_restriction_it_is_the_game_bp_sim_plays(engine: sim.Engine) -> None:
    for seed in range(4):
        tally = simtools.play_tally(engine, "pro", "strategy", seed)
        game, decided, _ = simtools.play_one(engine, "pro", "strategy", seed, agent="policy", check=False)
        assert (tally.winner, tally.first, tally.turns, tally.decided) == (game.winner if decided else None, game.state.first,
                                                                           game.state.turn_number, decided)
        # every request counted, those the players made (game.played.requests) and those triggered (チャージ, ドロー, …)
        assert sum(sum(seat.values()) for seat in tally.requested) > game.played.requests > 0


def test_a_restriction_that_refuses_every_option_refuses_none(engine: sim.Engine) -> None:
    """At a request a pass is always left; where a restriction would leave nothing, the agent decides as usual."""
    tally = simtools.play_tally(engine, "lite", "entry20", 3, restriction=sim.agents.Restriction(frozenset({"end"})), restricted_seat=0)
    assert tally.requested[0].get("end", 0) == 0 and tally.turns >= 1
