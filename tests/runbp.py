"""Run the `bp` command as a user would: a separate process, from this checkout."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def bp(*args: str, cwd: Path | None = None, timeout: float = 900,
       env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # The timeout only stops a hung run: a full build on a loaded two-core machine has taken over 5 minutes.
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "toolchain", *args], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout)


def start_bp(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, **popen: Any) -> subprocess.Popen[str]:
    """`bp` in the background (to kill it, or to run several at once); stop it with `stop` (or in a
    `running` block), which a suite started from a background shell can do too."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "toolchain", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=cwd, env=env, **popen)


def sigint_at_default() -> None:
    """A `preexec_fn` for a child that a test sends SIGINT (Ctrl-C): SIGINT back to its default. A shell
    starts background jobs with SIGINT ignored, a suite started so runs with it ignored, and its children
    would inherit that and never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop(process: subprocess.Popen[str], timeout: float = 60) -> int:
    """Stop a `bp` started by start_bp, if it still runs: SIGTERM (bp serve stops on it as on Ctrl-C),
    then SIGKILL when it has not ended within `timeout`. Never SIGINT: a shell starts background
    jobs with SIGINT ignored, and their children inherit that. The exit code."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


@contextmanager
def running(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """start_bp for the block; stopped when it ends, however it ends (a failed assertion too)."""
    process = start_bp(*args, cwd=cwd, env=env, **popen)
    try:
        yield process
    finally:
        stop(process)


def children(pid: int, *, all_descendants: bool = False) -> list[int]:
    """The processes whose parent is `pid` (with all_descendants, their children too, and so on)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            if all_descendants:
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet waited for, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def serve_status(process: subprocess.Popen[str], port: int, phases: tuple[str, ...], seconds: float = 120) -> dict[str, Any]:
    """bp serve's /__bp__/status once its phase is one of `phases`; the server must run meanwhile."""
    import json
    import time
    import urllib.request

    deadline = time.monotonic() + seconds
    while True:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        assert time.monotonic() < deadline, f"bp serve did not reach {phases}"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/__bp__/status", timeout=5) as response:
                status: dict[str, Any] = json.loads(response.read())
            if status["phase"] in phases:
                return status
        except OSError:
            pass
        time.sleep(0.2)
