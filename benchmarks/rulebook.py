"""Time the rulebook build (goals on 2 cores: HTML + PDF + booklet ≤ 30 s cold, HTML ≤ 5 s after
one YAML change, and faster than sphinx-simplepdf building the same book). Prints figures;
asserts nothing.

    .venv/bin/python benchmarks/rulebook.py [--runs N] [--no-simplepdf]

- cold: `bp rulebook` in a new process with an empty Sphinx cache (imports, checks, Sphinx
  html and bppdf, WeasyPrint, the booklet), with the time of each step;
- one YAML change: in a copy of docs/, definitions/ and schema/, after a first build, one file
  is touched and `bp rulebook --html-only` runs again (a new process: startup and checks included);
- sphinx-simplepdf: `sphinx-build -b simplepdf` on the same copy, cold (PDF only, no booklet).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CHANGED = ["definitions/actions/1-basic.yaml", "definitions/characters.yaml", "definitions/frames/frames.yaml", "definitions/rules.yaml"]


def bp(*args: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "toolchain", *args], check=True, capture_output=True, text=True)
    return time.perf_counter() - start, done.stdout + done.stderr


def copy_sources(target: Path) -> Path:
    for name in ("docs", "definitions", "schema"):
        shutil.copytree(ROOT / name, target / name)
    return target


def cold(runs: int) -> None:
    times, steps = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            seconds, output = bp("rulebook", "--root", str(ROOT), "--out", f"{tmp}/site", "--cache", f"{tmp}/cache")
            times.append(seconds)
            steps.append(next(line for line in output.splitlines() if line.startswith("built ")))
    print(f"HTML + PDF + booklet, cold, {runs} runs: median {statistics.median(times):.2f} s, "
          f"min {min(times):.2f} s, max {max(times):.2f} s (goal ≤ 30 s)")
    print(f"  last run: {steps[-1]}")


def after_one_change() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = copy_sources(Path(tmp))
        args = ("rulebook", "--root", str(root), "--html-only", "--out", f"{tmp}/site", "--cache", f"{tmp}/cache")
        bp(*args)
        for name in CHANGED:
            os.utime(root / name)
            seconds, _ = bp(*args)
            print(f"HTML after touching {name:34} {seconds:5.2f} s (goal ≤ 5 s)")


def simplepdf() -> None:
    try:
        import sphinx_simplepdf  # noqa: F401
    except ImportError:
        print("sphinx-simplepdf: not installed (pip install -e '.[test]')")
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = copy_sources(Path(tmp))
        index = root / "docs" / "index.rst"
        # simplepdf fails on a toctree entry that is no page (genindex): leave it out of its copy.
        index.write_text(re.sub(r"\.\. toctree::\n   :hidden:\n\n   genindex\n", "", index.read_text(encoding="utf-8")), encoding="utf-8")
        extensions = "toolchain.sphinxext,toolchain.rulebook.pdf_builder,sphinx_simplepdf"
        env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}  # it runs the weasyprint command
        start = time.perf_counter()
        done = subprocess.run([str(BIN / "sphinx-build"), "-q", "-b", "simplepdf", "-D", f"extensions={extensions}", str(root / "docs"),
                               f"{tmp}/out", "-d", f"{tmp}/doctrees"], capture_output=True, text=True, env=env)
        seconds = time.perf_counter() - start
        pdfs = list(Path(tmp, "out").glob("*.pdf"))
        state = f"{len(pdfs)} PDF" if pdfs and done.returncode == 0 else f"failed ({done.returncode})"
        print(f"sphinx-simplepdf, the same book, cold (PDF only): {seconds:.2f} s, {state}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-simplepdf", action="store_true")
    args = parser.parse_args()
    cold(args.runs)
    after_one_change()
    if not args.no_simplepdf:
        simplepdf()


if __name__ == "__main__":
    main()
