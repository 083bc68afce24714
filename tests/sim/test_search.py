"""The search player (simtools.treesearch, ISMCTS) decides from what its seat may see (2.11.1): at request decisions
of whole games, the game with what the deciding seat cannot see permuted gives the same search, option by option,
for the same seed; an agent that searched the true cards would not (the comparison is not blind)."""

from __future__ import annotations

import random

import pytest

from toolchain import sim
from toolchain.simtools import treesearch as search

from .test_observation import every_decision, permutation

BUDGET = 6


def searched(decision: sim.Decision, seed: int) -> tuple:
    """What the search made of a decision: each root option's visits and reward, and the option taken."""
    root = search.SearchAgent(seed, BUDGET).search(decision)
    return tuple(sorted((key, node.visits, round(node.reward, 6)) for key, node in root.children.items()))


def request_decisions(engine: sim.Engine, regulation: tuple[str, str], games: int) -> list[tuple[sim.Game, sim.Decision]]:
    found = []
    for game, decision in every_decision(engine, regulation, seeds=games, turns=4):
        if decision.kind == "request" and len(decision) > 1 and len(found) < 6 * games:
            found.append((game.clone(), game.clone().decision()))
    return found


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra")])
def test_permuting_what_the_seat_cannot_see_changes_no_search(engine: sim.Engine, regulation: tuple[str, str]) -> None:
    rng = random.Random(3)
    checked = 0
    for game, decision in request_decisions(engine, regulation, games=1):
        seat = decision.seat
        expected = searched(decision, seed=7)
        permuted = game.rerun(permutation(game, seat, rng))
        assert sum(visits for _key, visits, _reward in expected) == BUDGET  # every simulation came back
        assert searched(permuted.decision(), seed=7) == expected, (decision, game.state.turn_number)
        assert search.SearchAgent(7, BUDGET).choose(permuted.decision()) == search.SearchAgent(7, BUDGET).choose(game.decision())
        checked += 1
    assert checked >= 3


def test_the_comparison_is_not_blind(engine: sim.Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that keeps the true cards (no deal again) gives another search once they are permuted."""
    monkeypatch.setattr(search, "redeal", lambda state, seat, rng: None)
    rng = random.Random(3)
    differs = 0
    for game, decision in request_decisions(engine, ("lite", "entry20"), games=1):
        permuted = game.rerun(permutation(game, decision.seat, rng))
        differs += searched(permuted.decision(), seed=7) != searched(decision, seed=7)
    assert differs


def test_it_beats_nothing_it_cannot_play(engine: sim.Engine) -> None:
    """A whole game with the search agent at one seat ends, decided, as the policy agent's do."""
    agents = [search.SearchAgent(1, budget=2), sim.PolicyAgent(2)]
    game = sim.Game.new(engine, "lite", "entry20", seed=4, agents=agents)
    assert game.play(200)
    assert agents[0].simulations > 0
