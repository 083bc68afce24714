"""The engine walks the core flow of toolchain.coreflow: every node has a handler, and the steps
it takes are edges of the flow (Fig. 6.6–6.9)."""

from __future__ import annotations

from toolchain.model.coreflow import CORE_FLOW, INSTANT_RESOLUTION, NORMAL_PROCESSING, TRIGGER_CHECK
from toolchain.model import Definitions
from toolchain.sim import flow
from toolchain.sim.randomplay import play_one

from .helpers import pass_, request, situation

FLOWS = {
    CORE_FLOW.figure: (CORE_FLOW, flow.CORE_HANDLERS),
    TRIGGER_CHECK.figure: (TRIGGER_CHECK, flow.TRIGGER_HANDLERS),
    INSTANT_RESOLUTION.figure: (INSTANT_RESOLUTION, flow.INSTANT_HANDLERS),
    NORMAL_PROCESSING.figure: (NORMAL_PROCESSING, flow.NORMAL_HANDLERS),
}


def test_every_node_but_the_end_has_a_handler() -> None:
    for chart, handlers in FLOWS.values():
        assert set(handlers) == {n.id for n in chart.nodes} - {"end", "return"}


def _core_steps(trace: list[str]) -> list[str]:
    return [node for node in trace if node.isdigit()]


def test_the_steps_taken_are_edges_of_the_core_flow(defs: Definitions) -> None:
    edges = {(e.source, e.target) for e in CORE_FLOW.edges}
    game = situation(defs, {"you": {"hand": "♠5", "field": "[♡6]", "life": "♣2 ♣3"}})
    game.trace = []
    request(game, "兵士召喚 ★♠5")  # [3] → [4] → [5] → [6] → [7] → [10] → [6] → [3]
    pass_(game, 2)  # [11] → [12] → [16] → [3]; [11] → [12] → [13] → [14] → [15] → [9] → [6] → [2] → (waits at [3])
    steps = _core_steps(game.trace)
    assert steps == ["3", "4", "5", "6", "7", "10", "6", "3", "11", "12", "16", "3", "11", "12", "13", "14", "15", "9", "6", "2"]
    assert all(pair in edges for pair in zip(steps, steps[1:]))


def test_an_instant_request_keeps_the_chance_with_its_requester(defs: Definitions) -> None:
    """6.1.5: after [8] the requester still holds the chance ([6] → [3])."""
    game = situation(defs, {"turn": "opponent", "you": {"hand": "Joker", "life": "♠2 ♠K"}}, ["♠K"])
    game.state.chance = 0
    game.trace = []
    request(game, "サーチ ★Joker")
    assert _core_steps(game.trace) == ["3", "4", "5", "6", "7", "8", "9", "6"]  # and waits at [3]
    assert game.state.chance == 0


def test_random_games_only_take_edges_of_the_flows(defs: Definitions) -> None:
    from toolchain.sim.agents import RandomAgent
    from toolchain.sim.game import Game

    edges = {(e.source, e.target) for chart, _ in FLOWS.values() for e in chart.edges}
    for seed in range(5):
        game = Game.new(defs, "master", "extra", seed=seed, agents=(RandomAgent(seed), RandomAgent(seed + 100)))
        game.trace = []
        game.play()
        core = _core_steps(game.trace)
        assert all(pair in edges for pair in zip(core, core[1:]))
    assert play_one(defs, "lite", "entry20", 3)[2] == []
