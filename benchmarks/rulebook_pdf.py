"""CPU seconds of the rulebook PDF's layout (toolchain.rulebook.parts), cold and after one action
changed, in one process: the parts laid out one after another, so that the figure does not
depend on how busy the other core is. Also the pages WeasyPrint laid out (a count that noise
does not change). Prints figures; asserts nothing.

    .venv/bin/python benchmarks/rulebook_pdf.py [--runs N]

The print page (Sphinx, the `bppdf` builder) is made first and not timed. "One action changed"
edits B・J's effect (as benchmarks/build.py does) and lays the book out again with the parts of
the cold build kept. Run it with PYTHONPATH set to another checkout to measure that one's code.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import conditions  # this folder, on the path of a script run from it

ROOT = Path(__file__).resolve().parents[1]
if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(ROOT))  # this checkout's toolchain, not the one installed in the environment
ACTION_FILE = "definitions/actions/3-quick-spell.yaml"  # B・J: the 25-page chapter 4
EDIT = ("1. 合計点 を 0 とし、", "1. 合計点を 0 とし、")


class InProcess(Executor):
    """Runs each job at once, in this process."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def count_pages() -> list[int]:
    """Counts the pages WeasyPrint lays out (each page made, not each page of the result)."""
    import weasyprint.layout.page as page_module

    made = [0]
    original = page_module.make_page

    def make_page(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return original(*args, **kwargs)

    page_module.make_page = make_page
    return made


def lay_out(root: Path, cache: Path, out: Path, made: list[int]) -> tuple[float, int, list[str]]:
    from toolchain.rulebook import parts, sphinx_run

    page = sphinx_run.build_print_page(root, cache)
    before, started = made[0], time.process_time()
    report = parts.build_pdf(page, out / "blackpoker.pdf", executor=InProcess(), cache=parts.PartCache(cache / "parts"),
                             salt="benchmark", folio=parts.Folio("benchmark"), info=parts.BookInfo("t", "a", "s", "2026-11-23"))
    return time.process_time() - started, made[0] - before, report.rendered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    made = count_pages()
    conditions.collect_as_bp_does()
    print(f"load average {os.getloadavg()[0]:.2f} at the start")
    cold, changed = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            root = tmp / "rules"
            for part in ("definitions", "schema", "docs", "templates", "history"):
                shutil.copytree(ROOT / part, root / part)
            cold.append(lay_out(root, tmp / "cache", tmp, made))
            path = root / ACTION_FILE
            path.write_text(path.read_text(encoding="utf-8").replace(*EDIT, 1), encoding="utf-8")
            changed.append(lay_out(root, tmp / "cache", tmp, made))
    for label, results in (("cold", cold), ("one action changed", changed)):
        seconds = [result[0] for result in results]
        print(f"rulebook PDF, {label}: CPU median {statistics.median(seconds):.2f} s (min {min(seconds):.2f}, "
              f"max {max(seconds):.2f}, {args.runs} runs); {results[-1][1]} pages laid out; "
              f"parts: {', '.join(results[-1][2])}")


if __name__ == "__main__":
    main()
