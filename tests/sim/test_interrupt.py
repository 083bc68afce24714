"""`bp sim` at absurd sizes and under Ctrl-C: the seeds are drawn as the games are played (a trillion
games start at once, in bounded memory), a capped --workers is said (the cap itself:
internals/test_randomplay_workers.py), and Ctrl-C stops every process with one line and exit 130,
leaving neither a player process nor a temporary file."""

from __future__ import annotations

import os
import resource
import signal
import time
from pathlib import Path

import pytest

from tests.runbp import ROOT, alive, bp, children, running
from toolchain import simtools

MEMORY = 2 * 1024**3  # a game needs a few hundred megabytes; a list of 10**12 seeds, terabytes


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C's SIGINT at its default (a suite started from a background shell ignores it, and the
    child would inherit that), and bounded memory, so that a regression fails instead of swapping."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_a_trillion_games_cleanly(tmp_path: Path, workers: int) -> None:
    out, temporary = tmp_path / "out", tmp_path / "tmp"
    out.mkdir()
    temporary.mkdir()
    transcript = out / "games.jsonl"

    def playing() -> bool:
        if workers > 1:  # the players' folder, and their games under way
            return any(temporary.glob("bp-sim-*")) and len(children(process.pid, all_descendants=True)) >= workers - 1
        return any(path.stat().st_size > 0 for path in out.iterdir())  # the first games in the transcript

    with running("sim", "--root", str(ROOT), "--games", "1000000000000", "--workers", str(workers),
                 "--transcript", str(transcript), env={"TMPDIR": str(temporary)}, start_new_session=True,
                 preexec_fn=_as_a_terminal_starts_it) as process:
        deadline = time.monotonic() + 120
        while not playing():
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "no game was played"
            time.sleep(0.1)
        time.sleep(0.5)
        players = children(process.pid, all_descendants=True)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the terminal's whole process group
        code = process.wait(timeout=60)
        stderr = process.stderr.read() if process.stderr else ""
    assert "Traceback" not in stderr, stderr
    assert code == 130, stderr
    lines = [line for line in stderr.splitlines() if line.strip() and line.strip() != "playing"]
    assert lines == ["bp sim: interrupted"], stderr
    assert not [pid for pid in players if alive(pid)]
    assert list(out.iterdir()) == [] and list(temporary.iterdir()) == []


def test_a_capped_workers_is_said() -> None:
    run = bp("sim", "--root", str(ROOT), "--games", "2", "--workers", "100000")
    assert run.returncode == 0, run.stderr
    cores = os.cpu_count() or 1
    assert (f"bp sim: --workers 100000: playing on {simtools.PROCESSES_PER_CORE * cores} processes, {simtools.PROCESSES_PER_CORE} per core "
            "(more play no faster; the results are the same)") in run.stderr
