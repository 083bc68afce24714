"""White-box test of simtools/randomplay.py's parallel play: the processes share the games, the progress adds up, a
failure in a forked process reaches the caller, and no more processes are forked than a small multiple of the cores."""

from __future__ import annotations

import os

import pytest

from toolchain import sim, simtools
from toolchain.simtools import randomplay


def test_workers_share_the_games_report_progress_and_pass_a_failure_on(engine: sim.Engine,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The processes take the games one at a time: progress adds up to every game once, and a game that fails in
    a forked process fails the whole run in this one, with that process's traceback (nothing is lost)."""
    steps: list[int] = []
    stats = simtools.play(engine, "lite", "entry20", 40, seed=3, workers=3, progress=steps.append, check=False)
    assert stats.games == 40 and sum(steps) == 40 and all(step > 0 for step in steps)

    parent, played = os.getpid(), randomplay._play_indexed

    def fails_elsewhere(job: object, index: int, seed: int) -> object:
        if os.getpid() != parent:
            raise ValueError(f"game {index} broke")
        return played(job, index, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(randomplay, "_play_indexed", fails_elsewhere)
    with pytest.raises(RuntimeError, match=r"(?s)in a simulator process: .*ValueError: game \d+ broke"):
        simtools.play(engine, "lite", "entry20", 40, seed=3, workers=2, check=False)


def test_workers_are_capped_at_a_small_multiple_of_the_cores(engine: sim.Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    forked: list[int] = []
    together = randomplay._played_together

    def counted(job: object, games: int, processes: int, progress: object) -> object:
        forked.append(processes)
        return together(job, games, processes, progress)  # type: ignore[arg-type]

    monkeypatch.setattr(randomplay, "_played_together", counted)
    many = simtools.play(engine, "lite", "entry20", 6, seed=3, workers=10_000)
    assert forked == [simtools.PROCESSES_PER_CORE]
    assert many.as_dict() | {"seconds": 0} == simtools.play(engine, "lite", "entry20", 6, seed=3).as_dict() | {"seconds": 0}
