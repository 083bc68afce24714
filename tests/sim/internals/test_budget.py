"""The engine's step budgets (sim/budget.py): a chain of triggers that never ends stops with an
EngineLoop naming the action, and ordinary play stays far below every budget."""

from __future__ import annotations

import pytest

import toolchain
from tests.repos import echo_action, minimal_repository
from toolchain import sim
from toolchain.sim import budget
from toolchain.sim.errors import EngineLoop

# A normal, quick action triggered by its own resolution: each one on the stage, once both players
# pass, resolves and puts the next on the stage, so the stage never empties and the turn never ends.
ECHO = echo_action("normal", "quick")


@pytest.fixture(scope="module")
def looping(tmp_path_factory: pytest.TempPathFactory) -> sim.Engine:
    root = minimal_repository(tmp_path_factory.mktemp("looping"))
    with (root / "definitions" / "actions" / "1-basic.yaml").open("a", encoding="utf-8") as handle:
        handle.write(ECHO)
    return sim.Engine(toolchain.load(root).definitions)


def test_a_normal_action_that_triggers_itself_ends_the_turn_budget_named(looping: sim.Engine) -> None:
    game = sim.from_situation(looping, {"stage": ["you: こだま"]}, regulation=("lite", "entry20"),
                              agents=[sim.RandomAgent(1), sim.RandomAgent(2)])
    with pytest.raises(EngineLoop) as raised:
        game.play()
    assert "こだま (echo) resolved" in str(raised.value) and "in one turn" in str(raised.value)
    assert "its own resolution" in str(raised.value)
    assert raised.value.action is not None and raised.value.action.id == "echo"
    assert raised.value.path == ("program", "trigger")
    assert game.budget.steps > budget.TURN_STEPS


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra")])
def test_ordinary_play_stays_far_below_the_budgets(engine: sim.Engine, regulation: tuple[str, str]) -> None:
    most_per_request = most_per_turn = 0

    def watch(game: sim.Game) -> bool:
        nonlocal most_per_request, most_per_turn
        spent = game.budget
        most_per_request = max(most_per_request, spent.steps - spent.request_start)
        most_per_turn = max(most_per_turn, spent.steps - spent.turn_start)
        return True

    for seed in range(20):
        game = sim.Game.new(engine, *regulation, seed=seed, agents=(sim.RandomAgent(seed), sim.RandomAgent(seed + 100)))
        game.play(200, watch)
        assert game.budget.steps < budget.GAME_STEPS / 100
    assert 0 < most_per_request < budget.REQUEST_STEPS / 50
    assert 0 < most_per_turn < budget.TURN_STEPS / 20
