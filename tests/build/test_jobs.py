"""The process pool of `bp build`: urgent jobs overtake the waiting ones, failures and
cancellations reach the caller."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError

import pytest

from toolchain.jobs import InlineExecutor, PriorityPool, ahead, process_pool

# Inherited by the pool's processes (forked after it exists): the first job holds its process
# until the test has queued the others.
GATE = multiprocessing.get_context("fork").Event()
HELD = multiprocessing.get_context("fork").Event()  # set once the first job holds its process


def hold() -> int:
    HELD.set()
    if not GATE.wait(timeout=60):
        raise TimeoutError("the test never opened the gate")
    return time.monotonic_ns()


def started() -> int:
    return time.monotonic_ns()


def fail() -> None:
    raise ValueError("this job fails")


@pytest.fixture
def pool() -> Iterator[PriorityPool]:
    GATE.clear()
    HELD.clear()
    pool = PriorityPool(1)
    yield pool
    GATE.set()
    pool.shutdown(wait=True, cancel_futures=True)


def test_an_urgent_job_starts_before_the_jobs_waiting_longer(pool: PriorityPool) -> None:
    pool.submit(hold)
    assert HELD.wait(timeout=60)  # the one process is busy until the gate opens
    waiting = [pool.submit(started) for _ in range(3)]
    urgent = ahead(pool).submit(started)
    GATE.set()
    assert urgent.result(timeout=60) < min(job.result(timeout=60) for job in waiting)
    assert [job.result() for job in waiting] == sorted(job.result() for job in waiting)  # the others in their order


def test_a_failure_reaches_the_caller(pool: PriorityPool) -> None:
    GATE.set()
    with pytest.raises(ValueError, match="this job fails"):
        pool.submit(fail).result(timeout=60)
    assert pool.submit(started).result(timeout=60) > 0  # the pool goes on


def test_shutdown_drops_the_waiting_jobs(pool: PriorityPool) -> None:
    running = pool.submit(hold)
    assert HELD.wait(timeout=60)
    waiting = [pool.submit(started), ahead(pool).submit(started)]
    pool.shutdown(wait=False, cancel_futures=True)
    GATE.set()
    assert running.result(timeout=60) > 0  # a job in a process is never interrupted
    for job in waiting:
        with pytest.raises(CancelledError):
            job.result(timeout=60)
    with pytest.raises(RuntimeError):
        pool.submit(started)


def test_one_worker_runs_in_this_process_and_ahead_changes_nothing_there() -> None:
    inline = process_pool(1)
    assert isinstance(inline, InlineExecutor) and ahead(inline) is inline
    assert inline.submit(started).result() > 0
