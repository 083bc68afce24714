"""Time the action-list build: all HTML pages plus every PDF and its 2-up (goal: ≤ 20 s cold on
2 cores). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/actionlist.py [--runs N]

"cold" is a whole `bp actionlist --out DIR` in a new process (imports, checks, rendering);
the phases are measured in this process, with the PDFs once on 1 worker and once on 2.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def cold(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "toolchain", "actionlist", "--root", str(ROOT), "--out", f"{tmp}/actionlist"],
                           check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def phases() -> dict[str, float]:
    from toolchain.actionlist.pdf import PdfJob, render_all
    from toolchain.actionlist.render import render_leaflet, render_page
    from toolchain.actionlist.selection import every_format
    from toolchain.actionlist.view import build_view
    from toolchain.model.loader import load_definitions

    figures: dict[str, float] = {}
    start = time.perf_counter()
    defs = load_definitions(ROOT).definitions
    figures["load definitions"] = time.perf_counter() - start
    start = time.perf_counter()
    everything = build_view(defs)
    selections = every_format(defs)
    for selection in selections:
        render_page(ROOT, defs, everything, selection, interactive=selection.format is None)
    figures["HTML pages (5)"] = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [
            PdfJob(render_leaflet(ROOT, defs, everything, s), Path(tmp) / f"{s.slug}.pdf", Path(tmp) / f"{s.slug}-2up.pdf")
            for s in selections
        ]
        for workers in (1, 2):
            start = time.perf_counter()
            render_all(jobs, workers=workers)
            figures[f"PDFs + 2-up (5+5), {workers} worker{'s' if workers > 1 else ''}"] = time.perf_counter() - start
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times = cold(args.runs)
    print(f"bp actionlist, cold, {args.runs} runs: median {statistics.median(times):.2f} s, "
          f"min {min(times):.2f} s, max {max(times):.2f} s (goal ≤ 20 s)")
    for name, seconds in phases().items():
        print(f"  {name:34} {seconds:6.2f} s")


if __name__ == "__main__":
    main()
