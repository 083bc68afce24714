"""A pytest plugin that writes each test phase's wall and CPU seconds, as it ends, to the JSON-lines
file named by BP_TEST_TIMES (`-p benchmarks.pytest_cpu`; benchmarks/suite.py loads it). CPU is this
process's and its waited-for children's (a cold bp run, a build's workers), and that of the bp runs forked
for it by tests/runbp.py's preloaded processes (with their own children's), which are not its children:
what a test costs the machine whatever else runs on it, which wall time on a shared machine does not say.
The session's shared builds (tests/shared.py), which may end on a background thread while any test runs,
are counted apart: one line of their own (SHARED_BUILDS) at the end of the session."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED_BUILDS = "tests/shared.py::(the session's shared builds)"


def _this_process_and_its_runs() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    runbp = sys.modules.get("tests.runbp")  # loaded by the first test that runs bp (not imported here: a plugin of any suite)
    forked = runbp.forked_cpu_seconds() if runbp is not None else 0.0
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + forked


def _with_shared_builds() -> tuple[float, float, float]:
    """The CPU seconds of this process and its runs, and the shared builds' CPU and wall seconds in them."""
    shared = sys.modules.get("tests.shared")
    return shared.apart(_this_process_and_its_runs) if shared is not None else (_this_process_and_its_runs(), 0.0, 0.0)


def cpu_seconds() -> float:
    """The CPU seconds of this process and its bp runs so far, the shared builds' apart."""
    total, shared_cpu, _shared_wall = _with_shared_builds()
    return total - shared_cpu


def _record(test: str, phase: str, wall: float, cpu: float) -> None:
    target = os.environ.get("BP_TEST_TIMES")
    if not target:
        return
    line = json.dumps({"test": test, "phase": phase, "wall": round(wall, 3), "cpu": round(cpu, 3),
                       "worker": os.environ.get("PYTEST_XDIST_WORKER", "main")})
    with Path(target).open("a", encoding="utf-8") as log:  # one short line per write: workers do not interleave
        log.write(line + "\n")


def _timed(item: pytest.Item, phase: str) -> Iterator[None]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    try:
        return (yield)
    finally:  # a failed phase is timed too
        _record(item.nodeid, phase, time.perf_counter() - wall, cpu_seconds() - cpu)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from _timed(item, "setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from _timed(item, "call"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    return (yield from _timed(item, "teardown"))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    _total, shared_cpu, shared_wall = _with_shared_builds()
    if shared_cpu:
        _record(SHARED_BUILDS, "setup", shared_wall, shared_cpu)
