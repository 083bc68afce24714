"""The pool's worker processes end with their parent, quietly: a build cancelled by bp serve
(SIGTERM to its workers) prints no traceback, and a parent killed with SIGKILL, even before a
worker asked to die with it, leaves no worker behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

from tests.runbp import ROOT, alive, children

# bp serve's handler (SIGTERM stops it as Ctrl-C does) is in place when the build forks its pool,
# and a cancelled build terminates the workers.
_CANCELLED_BUILD = textwrap.dedent("""
    import time
    from toolchain.jobs import PriorityPool, stop_at_once
    from toolchain.site.live_server import stop_on_sigterm

    stop_on_sigterm()
    pool = PriorityPool(2)
    job = pool.submit(time.sleep, 60)
    while not job.running():
        time.sleep(0.01)
    time.sleep(0.2)  # the job in its worker
    stop_at_once(pool)
""")

_KILLED_BUILD = textwrap.dedent("""
    import sys, time
    from toolchain.jobs import PriorityPool

    pool = PriorityPool(3)
    print("ready", flush=True)
    time.sleep(60)
""")


def _python(script: str, **popen: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, **popen)  # type: ignore[call-overload]


def test_workers_of_a_cancelled_build_print_no_traceback() -> None:
    process = _python(_CANCELLED_BUILD)
    _, err = process.communicate(timeout=120)  # the workers' stderr is this pipe too: read to its end
    assert process.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_no_worker_outlives_a_parent_killed_with_sigkill() -> None:
    process = _python(_KILLED_BUILD)
    try:
        assert process.stdout is not None and process.stdout.readline() == "ready\n", process.stderr
        workers = children(process.pid)
        assert len(workers) == 3
        process.kill()
        process.wait()
        deadline = time.monotonic() + 60  # only stops a hung test
        while [pid for pid in workers if alive(pid)] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if alive(pid)]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _adopted_worker() -> None:
    """A worker whose parent died before it asked to die with it: it finds itself adopted."""
    from toolchain import jobs

    jobs._forked_by = os.getppid() + 1_000_000  # not its parent any more: the race's outcome, made certain
    jobs.die_with_parent()


def test_a_worker_whose_parent_died_before_it_asked_ends_at_once() -> None:
    worker = multiprocessing.get_context("fork").Process(target=_adopted_worker)
    worker.start()
    worker.join(timeout=60)
    assert worker.exitcode == -signal.SIGKILL
