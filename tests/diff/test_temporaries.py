"""What a killed `bp diff`, `bp check --since` or `bp sim` left in the temporary directory is removed by
the next run of the same kind: only folders of bp's own making that no running bp holds, never a
user's folder of the same name."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.runbp import ROOT, bp

HOLD = """
import os, signal, sys, time
from toolchain.temporaries import temporary_folder
with temporary_folder(sys.argv[1]) as folder:
    (folder / "part.yaml").write_text("half written")
    print(folder, flush=True)
    if sys.argv[2] == "killed":
        os.kill(os.getpid(), signal.SIGKILL)  # as a killed run ends: no clean-up at all
    time.sleep(600)
"""


def _hold(temporary: Path, prefix: str, how: str) -> tuple[Path, subprocess.Popen[str]]:
    """A temporary folder as a run of bp holds it (`running`) or as a killed one left it (`killed`)."""
    process = subprocess.Popen([sys.executable, "-c", HOLD, prefix, how], stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary)})
    assert process.stdout is not None
    folder = Path(process.stdout.readline().strip())
    if how == "killed":
        process.wait(timeout=30)
    assert folder.parent == temporary and (folder / "part.yaml").is_file()
    return folder, process


@pytest.fixture
def temporary(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "tmp"
    folder.mkdir()
    yield folder


@pytest.fixture
def holders() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        process.kill()
        process.wait()


def _leave_and_run(temporary: Path, prefix: str, holders: list[subprocess.Popen[str]],
                   run: Callable[[], subprocess.CompletedProcess[str]]) -> None:
    alive, holder = _hold(temporary, prefix, "running")
    holders.append(holder)
    killed, _ = _hold(temporary, prefix, "killed")  # last: making a folder removes the abandoned ones
    users = temporary / f"{prefix}notes"  # a user's own folder that happens to share the prefix
    users.mkdir()
    (users / "notes.txt").write_text("keep me", encoding="utf-8")
    done = run()
    assert done.returncode == 0, done.stderr
    assert not killed.exists()
    assert (alive / "part.yaml").is_file(), "a folder in use was removed"
    assert (users / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_bp_check_since_removes_what_a_killed_bp_diff_left(scratch_repo, temporary: Path,
                                                          holders: list[subprocess.Popen[str]]) -> None:
    repo = scratch_repo()
    _leave_and_run(temporary, "bp-diff-", holders,
                   lambda: bp("check", "--since", "v8.0", "--root", str(repo), env={"TMPDIR": str(temporary)}))


def test_bp_sim_removes_what_a_killed_bp_sim_left(temporary: Path, holders: list[subprocess.Popen[str]]) -> None:
    _leave_and_run(temporary, "bp-sim-", holders,
                   lambda: bp("sim", "--root", str(ROOT), "--games", "2", "--workers", "2", env={"TMPDIR": str(temporary)}))
