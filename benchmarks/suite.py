"""Time the test suite as `make test` runs it: wall minutes, and CPU minutes of every process it
started (pytest's workers, the bp runs, the build's renderers, Chromium: this process becomes their
"subreaper", so that the processes whose parents did not wait for them, as Chromium's, are waited for
here and counted); the goal is `make test` in at most 8 minutes on the
2-core machine with nothing else running. Then the costliest tests by CPU from `benchmarks/pytest_cpu.py`
(setup included, and the bp runs forked for the test; the session's shared builds of tests/shared.py are
one line of their own, whichever test was running when they ended).

    .venv/bin/python benchmarks/suite.py [pytest arguments …]

Extra arguments go to pytest after the Makefile's (a folder, `-x`), to time a part of the suite;
BP_TEST_TIMES=FILE keeps every test phase's figures (JSON lines, appended).
On a shared machine wall time says more about the other work than about the suite: compare CPU
minutes, and the host yardstick printed first.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conditions import describe  # noqa: E402 - the benchmarks' helper beside this script

ROOT = Path(__file__).resolve().parent.parent
GOAL_MINUTES = 8
COSTLIEST = 15


def make_test_command() -> list[str]:
    """The recipe of the Makefile's `test` target, with this interpreter for $(BIN)/python."""
    recipe = re.search(r"^test:.*\n\t(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert recipe, "the Makefile has a test target"
    command = shlex.split(recipe.group(1))
    assert command[0] == "$(BIN)/python", command
    return [sys.executable, *command[1:]]


PR_SET_CHILD_SUBREAPER = 36  # prctl(2): orphans below this process are given to it rather than to init


def become_subreaper() -> bool:
    """Linux only: whether this process now inherits every orphaned descendant (then reap_orphans counts them)."""
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_orphans() -> None:
    """Wait for the orphans handed to this process (their CPU then joins RUSAGE_CHILDREN); those still running
    after a minute (none should be) are left."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.2)


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def costliest(times: Path) -> list[tuple[float, float, str]]:
    """(CPU s, wall s, test) of the costliest tests, every phase added up."""
    cpu: dict[str, float] = defaultdict(float)
    wall: dict[str, float] = defaultdict(float)
    for line in times.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        cpu[record["test"]] += record["cpu"]
        wall[record["test"]] += record["wall"]
    return sorted(((cpu[test], wall[test], test) for test in cpu), reverse=True)[:COSTLIEST]


def compile_messages() -> None:
    """Each bp.po compiled into its bp.mo, as `make test` does before the tests (its bootstrap's compiled-messages):
    with a .mo missing or older than its .po, every run in another language would compile the .po in memory first
    (Babel imported, the catalogue read), which `make test` never pays. Not timed."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "messages"), "compile"], cwd=ROOT, check=False,
                          capture_output=True, text=True)
    print(done.stdout.strip() or done.stderr.strip())


def main(extra: list[str]) -> int:
    print(describe())
    compile_messages()
    print(f"load average before: {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    command = [*make_test_command(), "-p", "benchmarks.pytest_cpu", *extra]
    print("$ " + shlex.join(command), flush=True)
    counted = "all processes" if become_subreaper() else "all processes but Chromium (no subreaper here)"
    with tempfile.TemporaryDirectory(prefix="bp-suite-") as scratch:
        times = Path(os.environ.get("BP_TEST_TIMES") or Path(scratch) / "times.jsonl")  # given: kept, to read further
        started, cpu_before = time.perf_counter(), children_cpu_seconds()
        done = subprocess.run(command, cwd=ROOT, env={**os.environ, "BP_TEST_TIMES": str(times)}, check=False)
        wall = time.perf_counter() - started
        reap_orphans()
        cpu = children_cpu_seconds() - cpu_before
        print(f"\nsuite: exit {done.returncode}; {wall / 60:.1f} min wall (goal ≤ {GOAL_MINUTES} min on a quiet machine), "
              f"{cpu / 60:.1f} min CPU ({counted}); load average after: "
              f"{' '.join(f'{load:.1f}' for load in os.getloadavg())}")
        if times.exists():
            print(f"the {COSTLIEST} costliest tests by CPU (setup, call and teardown):")
            for test_cpu, test_wall, test in costliest(times):
                print(f"  {test_cpu:7.1f} s CPU {test_wall:7.1f} s wall  {test}")
    return done.returncode


if __name__ == "__main__":
    if Path(sys.argv[0]).resolve() == Path(__file__).resolve():
        sys.exit(main(sys.argv[1:]))
    main([])  # run by benchmarks/run.py, whose arguments name benchmarks: the whole suite, and on to the next
