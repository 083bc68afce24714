"""第9.1.1版 written as data (editions/v9.1.1): it passes bp check, every action has an example, and seeded games of
every regulation, ドラフト included, break no invariant. Its README lists each changelog item and what waits for
the engine's new constructs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import toolchain
from tests.runbp import bp

from .conftest import ROOT

V911 = ROOT / "editions" / "v9.1.1"


@pytest.fixture(scope="module")
def v911(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy, so that the check's cache is not written into the repository."""
    root = tmp_path_factory.mktemp("v911") / "rules"
    for part in ("definitions", "docs"):
        shutil.copytree(V911 / part, root / part)
    return root


def test_bp_check_passes(v911: Path) -> None:
    run = bp("check", "--root", str(v911), cwd=v911)
    assert run.returncode == 0, run.stdout + run.stderr
    counts, examples = run.stdout.strip().splitlines()[:2]
    assert counts.endswith(": OK") and "6 frames" in counts and "31 trumps" in counts
    assert examples.endswith(", 0 failed")


def test_every_action_has_an_example(v911: Path) -> None:
    defs = toolchain.load(v911).definitions
    actions = (*defs.actions, *defs.frame_actions)
    assert len(actions) == 98
    assert [a.id for a in actions if not a.examples] == []


def test_the_changes_of_9_1_1_are_in_the_data(v911: Path) -> None:
    defs = toolchain.load(v911).definitions
    actions = {a.id: a for a in defs.frame_actions}
    at = {a: (actions[a].trigger, actions[a].speed, actions[a].timing)
          for a in ("reincarnation-summon", "smash", "pursuit", "prostration")}
    assert at == {"reincarnation-summon": ("direct", "instant", "quick"), "smash": ("direct", "instant", "quick"),
                  "pursuit": ("direct", "instant", "main"), "prostration": ("direct", "instant", "quick")}
    # the draft frame is master's only, and has エクストラ's frame actions
    draft = next(f for f in defs.frames if f.id == "draft")
    assert tuple(draft.formats) == ("master",)
    assert {a.id for a in defs.frame_actions if "extra" in a.frames} == {a.id for a in defs.frame_actions if "draft" in a.frames}


def test_100_seeded_games_per_regulation_break_no_invariant(v911: Path) -> None:
    run = bp("sim", "--root", str(v911), "--all-regulations", "--games", "100", "--seed", "0", "--json",
             "--workers", "2", cwd=v911, timeout=1800)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    played = json.loads(run.stdout)["regulations"]
    assert len(played) == 11
    assert [(p["games"], p["violations"]) for p in played] == [(100, [])] * 11
