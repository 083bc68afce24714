"""White-box test of sim/randomplay.py's parallel play: the processes share the games, the progress adds up, and a
failure in a forked process reaches the caller."""

from __future__ import annotations

import os

import pytest

from toolchain import sim
from toolchain.sim import randomplay


def test_workers_share_the_games_report_progress_and_pass_a_failure_on(engine: sim.Engine,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The processes take the games one at a time: progress adds up to every game once, and a game that fails in
    a forked process fails the whole run in this one, with that process's traceback (nothing is lost)."""
    steps: list[int] = []
    stats = sim.play(engine, "lite", "entry20", 40, seed=3, workers=3, progress=steps.append, check=False)
    assert stats.games == 40 and sum(steps) == 40 and all(step > 0 for step in steps)

    parent, played = os.getpid(), randomplay._play_indexed

    def fails_elsewhere(job: object, index: int, seed: int) -> object:
        if os.getpid() != parent:
            raise ValueError(f"game {index} broke")
        return played(job, index, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(randomplay, "_play_indexed", fails_elsewhere)
    with pytest.raises(RuntimeError, match=r"(?s)in a simulator process: .*ValueError: game \d+ broke"):
        sim.play(engine, "lite", "entry20", 40, seed=3, workers=2, check=False)
