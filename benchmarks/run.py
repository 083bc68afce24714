"""Run every benchmark in this folder (`make benchmark`) and print their figures."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    wanted = set(sys.argv[1:])
    for script in sorted(HERE.glob("*.py")):
        if script.name in ("run.py", "conditions.py", "pytest_cpu.py") or (wanted and script.stem not in wanted):  # helpers
            continue
        print(f"== {script.stem}")
        runpy.run_path(str(script), run_name="__main__")
        print()
