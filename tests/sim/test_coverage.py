"""Coverage of random play (bp sim --coverage): how often each action, character and fog entry was
played, per regulation, and for what never was, the reason."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from toolchain import sim, simtools
from tests.runbp import bp


@pytest.fixture(scope="module")
def lite(engine: sim.Engine) -> tuple[simtools.Coverage, simtools.Stats]:
    coverage = simtools.Coverage()
    stats = simtools.play(engine, "lite", "entry20", 40, 3, coverage=coverage)
    return coverage, stats


def test_counts_add_up(engine: sim.Engine, lite: tuple[simtools.Coverage, simtools.Stats]) -> None:
    coverage, stats = lite
    rules = engine.ruleset("lite", "entry20")
    assert sum(coverage.requested.values()) >= stats.requests  # the players' requests, and the triggered ones
    for spec in rules.actions:
        assert coverage.resolved[spec.id] + coverage.negated[spec.id] <= coverage.requested[spec.id], spec.id
        if spec.trigger == "direct":
            assert coverage.offered[spec.id] >= coverage.requested[spec.id] > 0 or spec.id == "search", spec.id
    # エンド resolves once per turn passed; チャージ and ドロー follow it
    assert coverage.resolved["end"] == coverage.resolved["charge"] == coverage.requested["draw"] > 0
    assert coverage.characters["bulwark"] >= 2 * stats.games  # both presets, every game
    assert coverage.fog["up"] <= coverage.resolved["up"]


def test_why_an_action_was_never_legal_is_counted(engine: sim.Engine, lite: tuple[simtools.Coverage, simtools.Stats]) -> None:
    """サーチ is refused for its keycards at every decision (エントリー20 has no Joker)."""
    coverage, _ = lite
    assert set(coverage.refused["search"]) == {"keycards"} and coverage.refused["search"]["keycards"] > 40
    assert "legal" not in {why for reasons in coverage.refused.values() for why in reasons}  # refusal agrees with options


def test_what_the_frames_deck_cannot_make_is_named(engine: sim.Engine, lite: tuple[simtools.Coverage, simtools.Stats]) -> None:
    """エントリー20 has no Joker: サーチ (★Joker) can never be requested."""
    unplayed = {item["id"]: item["reason"] for item in lite[0].unplayed(engine.ruleset("lite", "entry20"))}
    assert unplayed.get("search") == "unreachable: its keycards cannot be made from the frame's deck"


def test_the_reason_tells_never_legal_from_never_chosen(engine: sim.Engine) -> None:
    rules = engine.ruleset("master", "extra")
    spec = {s.id: s for s in rules.actions}
    coverage = simtools.Coverage()
    coverage.offered["kill"] = 3
    assert coverage.action_reason(spec["kill"]) == "legal 3 times, but never chosen"
    assert coverage.action_reason(spec["down"]) == "never legal in the games played"
    coverage.refused["down"] = Counter({"target": 5, "keycards": 2})
    assert coverage.action_reason(spec["down"]) == "never legal in the games played: refused for target 5, keycards 2"
    assert coverage.action_reason(spec["block"]) == "never triggered in the games played"
    reasons = {(item["kind"], item["id"]) for item in coverage.unplayed(rules)}
    assert ("action", "kill") in reasons and ("character", "magician") in reasons and ("fog", "close") in reasons


def test_bp_sim_reports_coverage_for_every_regulation(repo_root: Path) -> None:
    result = bp("sim", "--all-regulations", "--games", "2", "--coverage", "--json", "--root", str(repo_root))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)["regulations"]
    assert [(r["format"], r["frame"]) for r in report] == [
        ("lite", "entry20"), ("standard", "pack"), ("pro", "pack"), ("master", "pack"), ("standard", "rare-pack"),
        ("pro", "rare-pack"), ("master", "rare-pack"), ("pro", "strategy"), ("master", "strategy"), ("master", "extra")]
    for regulation in report:
        assert regulation["games"] == 2 and regulation["violations"] == []
        actions = regulation["coverage"]["actions"]
        assert set(actions["end"]) == {"offered", "requested", "resolved", "negated"}
        never = {item["id"] for item in regulation["coverage"]["unplayed"] if item["kind"] == "action"}
        assert never == {a for a, counts in actions.items() if counts["requested"] == 0}
    text = bp("sim", "--games", "3", "--coverage", "--root", str(repo_root))
    assert "never played: action サーチ: unreachable: its keycards cannot be made from the frame's deck" in text.stdout
