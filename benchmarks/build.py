"""Time `bp build` as a rules editor meets it (goals on 2 cores: cold ≤ 15 s, no-op ≤ 0.5 s,
one action changed: HTML ≤ 2 s, every output ≤ 8 s). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/build.py [--runs N] [-j N]

On a copy of what a build of this repository reads (definitions/, schema/, docs/, templates/, history/,
balance/, the other editions its site publishes under editions/, and the past editions its history reads),
with SOURCE_DATE_EPOCH set, as a repository without git would otherwise date its outputs by the files' times.
Every edition the site publishes is built, as `make build` builds it:

- cold: `bp build` into an empty site with an empty cache (a new process: imports and checks included);
- no-op: `bp build` again, nothing changed (median of --runs);
- one action changed, HTML: one action's effect text edited, then `bp build --only html`;
- one action changed, every output: another edit of the same kind, then `bp build`;
- bp serve, one action changed: `bp serve --no-pdf` running (as the editor previews), an edit,
  then the seconds until the action lists and the rulebook's HTML are published (the browser
  reloads): the editor's loop without a new process, its imports and its check.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import conditions  # this folder, on the path of a script run from it

ROOT = Path(__file__).resolve().parents[1]
ACTION_FILE = "definitions/actions/3-quick-spell.yaml"  # B・J (master only) lives here
CPU: list[float] = []  # the CPU seconds (all processes) of each build, load-independent
EDITS = [
    ("1. 合計点 を 0 とし、", "1. 合計点を 0 とし、"),
    ("めくったカードの点数を合計点に加える。", "めくったカードの点数を合計点へ加える。"),
    ("1. 合計点を 0 とし、", "1. 合計点を 0 にし、"),
]


SOURCES = ("definitions", "schema", "docs", "templates", "history", "balance")
EDITIONS = "editions"  # the other editions the site publishes (definitions/rules.yaml's site: editions:)
PAST_EDITIONS = "tests/editions"  # the past editions the history reads and the site does not publish


def copy_sources(root: Path) -> None:
    """What `bp build` of this repository reads, copied into `root` (without any edition's own check cache)."""
    for part in SOURCES:
        shutil.copytree(ROOT / part, root / part)
    shutil.copytree(ROOT / EDITIONS, root / EDITIONS, ignore=shutil.ignore_patterns("build"))
    for past in (ROOT / PAST_EDITIONS).iterdir():
        if (past / "definitions").is_dir():
            shutil.copytree(past / "definitions", root / PAST_EDITIONS / past.name / "definitions")


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


def serve_reload(root: Path, tmp: Path) -> tuple[float, float]:
    """Seconds from an edit to the action lists, then the rulebook HTML, published by `bp serve --no-pdf`."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1750000000", "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "toolchain", "serve", "--root", str(root), "--out", str(tmp / "site"),
                               "--cache", str(tmp / "cache"), "--port", str(port), "--no-pdf"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    def status() -> dict[str, object]:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/__bp__/status", timeout=10) as response:
            return json.loads(response.read())

    def wait(until: object) -> None:
        deadline = time.monotonic() + 300
        while True:
            try:
                if until(status()):  # type: ignore[operator]
                    return
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("bp serve did not answer")
            time.sleep(0.02)

    try:
        wait(lambda state: state["phase"] == "idle")
        version = status()["version"]
        assert isinstance(version, int)
        edit(root, *EDITS[2])
        start = time.perf_counter()
        wait(lambda state: state["version"] > version)
        lists = time.perf_counter() - start
        wait(lambda state: state["phase"] == "idle" and state["version"] > version + 1)
        return lists, time.perf_counter() - start
    finally:
        server.send_signal(signal.SIGTERM)  # as Ctrl-C (which a process started in the background ignores)
        try:
            server.wait(timeout=120)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-j", "--jobs", default=None)
    args = parser.parse_args()
    jobs = ("-j", args.jobs) if args.jobs else ()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    print(conditions.describe())
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        root = tmp / "rules"
        copy_sources(root)
        seconds, _ = bp(root, tmp, *jobs)
        print(f"cold build                        {seconds:6.2f} s   (goal ≤ 15 s)   CPU {CPU[-1]:5.1f} s")
        noop = [bp(root, tmp, *jobs)[0] for _ in range(args.runs)]
        print(f"no-op build, median of {args.runs}         {statistics.median(noop):6.2f} s   (goal ≤ 0.5 s)  "
              f"CPU {statistics.median(CPU[-args.runs:]):5.2f} s")
        edit(root, *EDITS[0])
        seconds, _ = bp(root, tmp, "--only", "html", *jobs)
        print(f"one action changed: HTML          {seconds:6.2f} s   (goal ≤ 2 s)    CPU {CPU[-1]:5.1f} s   bp build --only html")
        edit(root, *EDITS[1])
        seconds, out = bp(root, tmp, *jobs)
        print(f"one action changed: every output  {seconds:6.2f} s   (goal ≤ 8 s)    CPU {CPU[-1]:5.1f} s   bp build")
        print(f"  its CPU against the cold build's: {CPU[-1] / CPU[0]:.2f}   (goal ≤ 0.5)")
        print("  " + "\n  ".join(out.strip().splitlines()))
        lists, rulebook = serve_reload(root, tmp)
        print(f"bp serve, one action changed: action lists reloaded {lists:5.2f} s, rulebook HTML reloaded {rulebook:5.2f} s"
              "   (goal: HTML ≤ 2 s; the change is seen within half a second)")
    print(f"load average {os.getloadavg()[0]:.2f} at the end (other work on the machine slows every wall figure;")
    print("CPU is the time of every process of the build: with no other load, wall ≥ CPU / cores)")


if __name__ == "__main__":
    main()
