"""Time `bp check` on the repository against check-jsonschema validating the same files against
the same schemas (schema only). Goal: bp check, doing all its checks, as fast as that."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
RUNS = 7


def _median_seconds(commands: list[list[str]]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for command in commands:
            subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from toolchain.model.repository import KINDS

    bp = [[str(BIN / "bp"), "check"]]
    # check-jsonschema takes one schema per run: one run per kind of file, as CI would do it.
    jsonschema_runs = []
    for kind in KINDS:
        files = sorted(str(p) for p in (ROOT / "definitions").glob(kind.pattern))
        jsonschema_runs.append([str(BIN / "check-jsonschema"), "--schemafile", str(ROOT / "schema" / kind.schema), *files])

    import toolchain

    start = time.perf_counter()
    for _ in range(RUNS):
        toolchain.load(ROOT)
    in_process = (time.perf_counter() - start) / RUNS

    ours = _median_seconds(bp)
    theirs = _median_seconds(jsonschema_runs)
    print(f"bp check (all checks, one process)           {ours * 1000:7.0f} ms")
    print(f"check-jsonschema (schema only, {len(jsonschema_runs)} runs)       {theirs * 1000:7.0f} ms")
    print(f"bp check in-process (load + all checks)      {in_process * 1000:7.0f} ms")
    print(f"ratio bp / check-jsonschema                  {ours / theirs:7.2f}  (goal: <= 1.00)")


if __name__ == "__main__":
    main()
