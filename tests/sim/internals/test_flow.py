"""White-box tests of sim/flow.py: the engine walks the core flow of toolchain.model.coreflow, every
node has a handler, and the steps it takes are edges of the flow (Fig. 6.6–6.9)."""

from __future__ import annotations

import ast
from pathlib import Path

from toolchain.model.coreflow import CORE_FLOW, INSTANT_RESOLUTION, NORMAL_PROCESSING, PASS_RECORD_RESETS, TRIGGER_CHECK
from toolchain import sim, simtools
from toolchain.sim import flow

from ..helpers import pass_, request, situation

FLOWS = {
    CORE_FLOW.id: (CORE_FLOW, flow.CORE_HANDLERS),
    TRIGGER_CHECK.id: (TRIGGER_CHECK, flow.TRIGGER_HANDLERS),
    INSTANT_RESOLUTION.id: (INSTANT_RESOLUTION, flow.INSTANT_HANDLERS),
    NORMAL_PROCESSING.id: (NORMAL_PROCESSING, flow.NORMAL_HANDLERS),
}


def test_every_node_but_the_end_has_a_handler() -> None:
    for chart, handlers in FLOWS.values():
        assert set(handlers) == {n.id for n in chart.nodes} - {"end", "return"}


def test_every_step_the_pass_record_reading_names_is_a_step_of_the_flows() -> None:
    steps = {node.id for chart, _ in FLOWS.values() for node in chart.nodes}
    assert PASS_RECORD_RESETS and set(PASS_RECORD_RESETS) <= steps


def test_the_pass_record_is_empty_after_a_request_goes_on_the_stage_or_resolves_from_it(engine: sim.Engine) -> None:
    """PASS_RECORD_RESETS (a reading of 6.4): the record is reset at [4], at 6-10-5/6-10-7 and after [15]."""
    game = situation(engine, {"you": {"field": "♠9"}, "opponent": {"life": "♣2 ♣3 ♣4"}}, ["♠9"])
    request(game, "アタック")
    assert game.state.passed == set()
    pass_(game)
    assert game.state.passed == {0}
    pass_(game)  # アタック resolves ([15]) and the triggered ブロック goes on the stage (6-10-5)
    assert game.state.passed == set() and game.state.chance == 0


def _core_steps(trace: list[str]) -> list[str]:
    return [node for node in trace if node.isdigit()]


def test_the_steps_taken_are_edges_of_the_core_flow(engine: sim.Engine) -> None:
    edges = {(e.source, e.target) for e in CORE_FLOW.edges}
    game = situation(engine, {"you": {"hand": "♠5", "field": "[♡6]", "life": "♣2 ♣3"}})
    game.core.trace = []
    request(game, "兵士召喚 ★♠5")  # [3] → [4] → [5] → [6] → [7] → [10] → [6] → [3]
    pass_(game, 2)  # [11] → [12] → [16] → [3]; [11] → [12] → [13] → [14] → [15] → [9] → [6] → [2] → (waits at [3])
    steps = _core_steps(game.core.trace)
    assert steps == ["3", "4", "5", "6", "7", "10", "6", "3", "11", "12", "16", "3", "11", "12", "13", "14", "15", "9", "6", "2"]
    assert all(pair in edges for pair in zip(steps, steps[1:]))


def test_an_instant_request_keeps_the_chance_with_its_requester(engine: sim.Engine) -> None:
    """6.1.5: after [8] the requester still holds the chance ([6] → [3])."""
    game = situation(engine, {"turn": "opponent", "you": {"hand": "Joker", "life": "♠2 ♠K"}}, ["♠K"])
    game.state.chance = 0
    game.core.trace = []
    request(game, "サーチ ★Joker")
    assert _core_steps(game.core.trace) == ["3", "4", "5", "6", "7", "8", "9", "6"]  # and waits at [3]
    assert game.state.chance == 0


def test_random_games_only_take_edges_of_the_flows(engine: sim.Engine) -> None:
    edges = {(e.source, e.target) for chart, _ in FLOWS.values() for e in chart.edges}
    for seed in range(5):
        game = sim.Game.new(engine, "master", "extra", seed=seed, agents=(sim.RandomAgent(seed), sim.RandomAgent(seed + 100)))
        game.core.trace = []
        game.play()
        core = _core_steps(game.core.trace)
        assert all(pair in edges for pair in zip(core, core[1:]))
    assert simtools.play_one(engine, "lite", "entry20", 3)[2] == []


def test_the_direct_dispatch_calls_the_handler_of_each_code() -> None:
    """flow._dispatch (and the parts it hands on to) calls _NATIVE[code] for every code (read from the source:
    compiled, its calls cannot be replaced to watch them), and every handler of the four tables has a code."""
    tree = ast.parse((Path(sim.__file__).parent / "flow.py").read_text(encoding="utf-8"))  # the source, compiled or not
    parts = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("_dispatch")]
    assert [part.name for part in parts] == ["_dispatch", "_dispatch_more", "_dispatch_rest"]
    called = {test.test.comparators[0].value: test.body[0].value.func.id
              for part in parts for test in part.body if isinstance(test, ast.If)}
    handed_on = [part.body[-1].value.func.id for part in parts[:-1]]  # each part ends by calling the next
    assert handed_on == ["_dispatch_more", "_dispatch_rest"]
    assert called == {code: handler.__name__ for code, handler in enumerate(flow._NATIVE)}
    assert all(handler in flow._NATIVE for _, handlers in FLOWS.values() for handler in handlers.values())
