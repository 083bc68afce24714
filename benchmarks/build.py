"""Time `bp build` as a rules editor meets it (goals on 2 cores: cold ≤ 15 s, no-op ≤ 0.5 s,
one action changed: HTML ≤ 2 s, every output ≤ 8 s). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/build.py [--runs N] [-j N]

On a copy of definitions/, schema/, docs/ and templates/ (with SOURCE_DATE_EPOCH set, as a
repository without git would otherwise date its outputs by the files' times):

- cold: `bp build` into an empty site with an empty cache (a new process: imports and checks included);
- no-op: `bp build` again, nothing changed (median of --runs);
- one action changed, HTML: one action's effect text edited, then `bp build --only html`;
- one action changed, every output: another edit of the same kind, then `bp build`.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ACTION_FILE = "definitions/actions/3-quick-spell.yaml"  # B・J (master only) lives here
CPU: list[float] = []  # the CPU seconds (all processes) of each build, load-independent
EDITS = [
    ("1. 合計点 を 0 とし、", "1. 合計点を 0 とし、"),
    ("めくったカードの点数を合計点に加える。", "めくったカードの点数を合計点へ加える。"),
]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bp(root: Path, tmp: Path, *args: str) -> tuple[float, str]:
    """Wall seconds of one `bp build` (and its output); the CPU seconds it used go to CPU[-1]."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1750000000", "PYTHONPATH": str(ROOT)}
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "toolchain", "build", "--root", str(root), "--out", str(tmp / "site"),
                           "--cache", str(tmp / "cache"), *args], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    CPU.append(_cpu() - cpu)
    if done.returncode != 0:
        raise SystemExit(f"bp build {' '.join(args)} failed:\n{done.stderr}")
    return seconds, done.stdout


def edit(root: Path, old: str, new: str) -> None:
    path = root / ACTION_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-j", "--jobs", default=None)
    args = parser.parse_args()
    jobs = ("-j", args.jobs) if args.jobs else ()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        root = tmp / "rules"
        for part in ("definitions", "schema", "docs", "templates"):
            shutil.copytree(ROOT / part, root / part)
        seconds, _ = bp(root, tmp, *jobs)
        print(f"cold build                        {seconds:6.2f} s   (goal ≤ 15 s)   CPU {CPU[-1]:5.1f} s")
        noop = [bp(root, tmp, *jobs)[0] for _ in range(args.runs)]
        print(f"no-op build, median of {args.runs}         {statistics.median(noop):6.2f} s   (goal ≤ 0.5 s)")
        edit(root, *EDITS[0])
        seconds, _ = bp(root, tmp, "--only", "html", *jobs)
        print(f"one action changed: HTML          {seconds:6.2f} s   (goal ≤ 2 s)    CPU {CPU[-1]:5.1f} s   bp build --only html")
        edit(root, *EDITS[1])
        seconds, out = bp(root, tmp, *jobs)
        print(f"one action changed: every output  {seconds:6.2f} s   (goal ≤ 8 s)    CPU {CPU[-1]:5.1f} s   bp build")
        print("  " + "\n  ".join(out.strip().splitlines()))
    print(f"load average {os.getloadavg()[0]:.2f} at the end (other work on the machine slows every wall figure;")
    print("CPU is the time of every process of the build: with no other load, wall ≥ CPU / cores)")


if __name__ == "__main__":
    main()
