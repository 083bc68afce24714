"""Time `bp check` against one check-jsonschema run over the four action files (schema/actions.schema.json),
measured in the same run, pair by pair: each bp check is followed by a check-jsonschema run, so that both
meet the same load on the machine. Goals (bp check / check-jsonschema, medians):

    unchanged repository (answered from the cache)   <= 0.3
    after one changed action                         <= 0.5
    cold (an empty cache)                            <= 1.0

Each bp check that is not answered from the cache compares every printed effect and ability with its program
or data (BP048); the comparison's own time, in this process, is printed beside the ratios.

bp check does every check (YAML, schemas, cross-file checks, programs, every example); check-jsonschema
validates the action files against their schema only. Both run on a copy of the repository's
definitions/ and schema/, in new processes with Python's bytecode cache as an installed tool has it.

    .venv/bin/python benchmarks/check.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
GOALS = {"unchanged": 0.3, "one changed action": 0.5, "cold": 1.0}
CHANGED_ACTION = "definitions/actions/1-basic.yaml"
# An editor's change: the effect of one action written otherwise, and back again on the next run.
EDITS = ("1. ライフの一番上からカードを1枚引き", "1. ライフの一番上からカードを 1 枚引き")
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _seconds(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=ENV, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])}… failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return seconds


def _jsonschema(repo: Path) -> tuple[list[str], str]:
    """One check-jsonschema run over the action files; with Python's regular expressions where its default
    (ECMA-262, the regress library) refuses a pattern of the schemas (issue 19: `turn\\-player`)."""
    files = sorted(str(path) for path in (repo / "definitions" / "actions").glob("*.yaml"))
    command = [str(BIN / "check-jsonschema"), "--schemafile", str(repo / "schema" / "actions.schema.json"), *files]
    trial = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=ENV, check=False)
    if trial.returncode == 0:
        return command, "ECMA-262 regular expressions"
    return [*command[:1], "--regex-variant", "python", *command[1:]], "Python regular expressions (the default refused a pattern)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bp-check-benchmark-") as name:
        repo = Path(name) / "rules"
        for folder in ("definitions", "schema"):
            shutil.copytree(ROOT / folder, repo / folder)
        cache = Path(name) / "cache"
        bp = [sys.executable, "-m", "toolchain", "check", "--root", str(repo)]
        jsonschema, variant = _jsonschema(repo)
        action = repo / CHANGED_ACTION
        assert action.read_text(encoding="utf-8").count(EDITS[0]) == 1, f"{CHANGED_ACTION} no longer says {EDITS[0]}"

        def unchanged() -> list[str]:
            return [*bp, "--cache-dir", str(cache)]

        def one_changed_action() -> list[str]:
            text = action.read_text(encoding="utf-8")
            old, new = EDITS if EDITS[0] in text else EDITS[::-1]
            action.write_text(text.replace(old, new, 1), encoding="utf-8")
            return [*bp, "--cache-dir", str(cache)]

        def cold() -> list[str]:
            shutil.rmtree(cache, ignore_errors=True)
            return [*bp, "--cache-dir", str(cache)]

        cases: dict[str, Callable[[], list[str]]] = {"unchanged": unchanged, "one changed action": one_changed_action, "cold": cold}
        _seconds(unchanged())  # the bytecode written and the cache filled once
        ours: dict[str, list[float]] = {case: [] for case in cases}
        theirs: dict[str, list[float]] = {case: [] for case in cases}
        for _ in range(args.runs):
            for case, command in cases.items():
                ours[case].append(_seconds(command()))
                theirs[case].append(_seconds(jsonschema))
    comparison = _comparison_seconds()
    print(f"check-jsonschema: schema/actions.schema.json over the 4 action files, {variant}; {args.runs} pairs each, medians")
    for case, goal in GOALS.items():
        mine, reference = statistics.median(ours[case]), statistics.median(theirs[case])
        ratio = mine / reference
        print(f"bp check, {case:<20} {mine * 1000:6.0f} ms   check-jsonschema {reference * 1000:6.0f} ms   "
              f"ratio {ratio:4.2f} (goal <= {goal:.1f}) {'ok' if ratio <= goal else 'MISSED'}")
    reference = statistics.median(theirs["one changed action"])
    print(f"BP048, the printed texts against the programs: {comparison * 1000:6.0f} ms   "
          f"= {comparison / reference:4.2f} of one check-jsonschema run (inside each bp check above but the unchanged one)")


def _comparison_seconds(runs: int = 5) -> float:
    """The median time of BP048 over the repository's definitions, loaded once."""
    sys.path.insert(0, str(ROOT))
    from toolchain.checks import effect_facts
    from toolchain.model.loader import load_definitions

    definitions = load_definitions(ROOT).definitions
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        effect_facts.run(definitions)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    main()
