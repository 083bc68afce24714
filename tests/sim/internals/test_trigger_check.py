"""White-box tests of the trigger check (sim/flow.py's TRIGGER_HANDLERS, 6.4.1) with requests put
straight into the trigger buffer (sim/requests.py's `triggered`)."""

from __future__ import annotations

from toolchain import sim
from toolchain.model.coreflow import TRIGGER_CHECK
from toolchain.sim import flow
from toolchain.sim.requests import triggered

from ..helpers import observed, situation, zone

A, B = 0, 1


def test_a_triggered_main_normal_request_is_discarded_when_the_stage_is_in_use(engine: sim.Engine) -> None:
    """6-10-4 / 6-10-6: a triggered request of timing main and speed normal finds the stage not
    empty and is thrown away."""
    game = situation(engine, {"you": {"field": "♢5"}, "stage": ["opponent: アップ ★♡3 → you:♢5"]})
    log = observed(game)
    game.state.buffer.append(triggered(game, game.ruleset.compiled.actions["draw"], A, None))
    flow.run(game, TRIGGER_CHECK, flow.TRIGGER_HANDLERS, "start")
    assert [r.action.name for r in game.state.stage] == ["アップ"]
    assert [kind for kind, _ in log] == ["discard"]


def test_instants_go_before_normals_and_the_turn_player_first(engine: sim.Engine) -> None:
    """6.4.1: 6-3 instants before 6-8 normals; inside each group the turn player, then the next."""
    game = situation(engine, {"you": {"life": "♣2 ♣K ♣3"}, "opponent": {"life": "♢2 ♢K ♢3"}})
    actions = game.ruleset.compiled.actions
    log = observed(game)
    for spec, seat in ((actions["succession"], B), (actions["draw"], A), (actions["succession"], A)):
        game.state.buffer.append(triggered(game, spec, seat, None))
    flow.run(game, TRIGGER_CHECK, flow.TRIGGER_HANDLERS, "start")
    order = [(d.action.name, d.controller) for kind, d in log if kind == "request"]
    assert order == [("世代交代", A), ("世代交代", B), ("ドロー", A)]
    assert zone(game, A, "hand") == ["♣K"] and zone(game, B, "hand") == ["♢K"]
