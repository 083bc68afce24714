"""Time the action-list build: all HTML pages plus every PDF and its 2-up (goal: ≤ 20 s cold on
2 cores). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/actionlist.py [--runs N]

"cold" is a whole `bp actionlist --out DIR` in a new process (imports, checks, rendering);
the phases are measured in this process, with the PDFs once on 1 worker and once on 2. Last, the
CPU seconds of every leaflet `bp build` makes (each format and regulation), one after the other in
this process, as `bp build -j 1` lays them out: the figure to compare on a busy machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import conditions  # this folder, on the path of a script run from it

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
    from toolchain.actionlist.leaflet_pdf import PdfJob, render_all
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


def leaflets_cpu() -> dict[str, float]:
    """CPU seconds (this process) of the site's leaflets: WeasyPrint's layout, the PDF's writing, the glyph
    check and 2-up; WeasyPrint's imports and first font lookup are left out (one leaflet laid out first)."""
    from weasyprint import HTML

    from toolchain.actionlist.columns import lay_columns_out_once
    from toolchain.actionlist.glyphs import check_pdf
    from toolchain.html_parsing import parse_with_cached_patterns
    from toolchain.actionlist.site import list_outputs
    from toolchain.imposition import two_up
    from toolchain.model.loader import load_definitions

    outputs = list_outputs(ROOT, load_definitions(ROOT).definitions, "2026年11月23日")
    lay_columns_out_once()
    parse_with_cached_patterns()
    HTML(string=outputs[0].leaflet_html).render()
    conditions.collect_as_bp_does()
    figures = dict.fromkeys(("layout", "write", "glyph check + 2-up"), 0.0)
    pages = 0
    with tempfile.TemporaryDirectory() as tmp:
        for output in outputs:
            html, pdf = output.leaflet_html, Path(tmp) / "leaflet.pdf"
            start = time.process_time()
            document = HTML(string=html).render()
            laid_out = time.process_time()
            document.write_pdf(pdf)
            written = time.process_time()
            check_pdf(pdf, html)
            two_up(pdf, Path(tmp) / "2up.pdf")
            figures["layout"] += laid_out - start
            figures["write"] += written - laid_out
            figures["glyph check + 2-up"] += time.process_time() - written
            pages += len(document.pages)
    return {f"{len(outputs)} leaflets ({pages} pages), CPU: {name}": seconds for name, seconds in figures.items()} | {
        f"{len(outputs)} leaflets, CPU in all": sum(figures.values())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times = cold(args.runs)
    print(f"bp actionlist, cold, {args.runs} runs: median {statistics.median(times):.2f} s, "
          f"min {min(times):.2f} s, max {max(times):.2f} s (goal ≤ 20 s)")
    for name, seconds in (phases() | leaflets_cpu()).items():
        print(f"  {name:50} {seconds:6.2f} s")


if __name__ == "__main__":
    main()
