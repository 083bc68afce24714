"""Build the rulebook: the HTML site, the A5 PDF and the A5 saddle-stitch booklet.

Sphinx runs in this process, twice over one shared environment: the `html` builder, then
`bppdf` (which reads nothing again). Both write into a cache directory that survives between
builds, so that a change to one YAML file re-reads only the pages that render it; the outputs
are then copied into the site:

    <site>/rulebook/index.html              the HTML rulebook
    <site>/blackpoker.pdf                   the A5 PDF
    <site>/blackpoker_a5-booklet.pdf        the booklet: A5 pages two per A4 side, saddle-stitch order
"""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import model as m
from ..imposition import booklet as impose_booklet
from ..sphinxext.source import remember

from . import BOOKLET_NAME, HTML_DIR, OUTPUTS, PDF_NAME  # noqa: F401 - OUTPUTS is read through here too


class RulebookError(Exception):
    """Sphinx reported warnings or errors (the rulebook is built with warnings as errors)."""


@dataclass
class Timings:
    steps: dict[str, float] = field(default_factory=dict)

    def add(self, name: str, started: float) -> None:
        self.steps[name] = time.perf_counter() - started


def default_cache(root: Path) -> Path:
    return root / "build" / "cache" / "rulebook"


def run_sphinx(docs: Path, out: Path, doctrees: Path, builder: str, *, strict: bool = True,
               parallel: int = 1, fresh: bool = False) -> None:
    """One Sphinx build in this process; any warning fails it when `strict`."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    status, warnings = io.StringIO(), io.StringIO()
    with patch_docutils(docs), docutils_namespace():
        app = Sphinx(str(docs), str(docs), str(out), str(doctrees), builder, status=status, warning=warnings,
                     freshenv=fresh, warningiserror=strict, parallel=parallel)
        app.build()
    problems = warnings.getvalue().strip()
    if app.statuscode or (strict and problems):
        raise RulebookError(f"sphinx-build -b {builder} failed:\n{problems or status.getvalue()[-2000:]}")


def build_html(root: Path, cache: Path, *, strict: bool = True, definitions: m.Definitions | None = None) -> Path:
    if definitions is not None:
        remember(root, definitions)  # checked already: the extension need not load them again
    out = cache / "html"
    run_sphinx(root / "docs", out, cache / "doctrees", "html", strict=strict)
    return out


def build_pdf(root: Path, cache: Path, *, strict: bool = True) -> Path:
    """The PDF, from a copy of the HTML build's environment: nothing is read again, and the
    HTML environment keeps its own configuration (the print theme's differs from Furo's, and
    Sphinx would otherwise rewrite every HTML page after each PDF build)."""
    out = cache / "pdf"
    doctrees = cache / "doctrees-pdf"
    if (cache / "doctrees").is_dir():
        replace_tree(cache / "doctrees", doctrees)
    run_sphinx(root / "docs", out, doctrees, "bppdf", strict=strict)
    return out / PDF_NAME


def build_rulebook(root: Path, site: Path, *, cache: Path | None = None, log: Callable[[str], None] = print,
                   strict: bool = True, definitions: m.Definitions | None = None) -> Timings:
    """HTML, PDF and booklet into `site` (created if needed); returns how long each step took.
    `definitions`, when given, are the checked definitions of `root` (as `bp build` has them)."""
    cache = cache or default_cache(root)
    timings = Timings()
    site.mkdir(parents=True, exist_ok=True)

    started = time.perf_counter()
    html = build_html(root, cache, strict=strict, definitions=definitions)
    replace_tree(html, site / HTML_DIR)
    timings.add("html", started)
    log(f"rulebook: {HTML_DIR}/index.html")

    started = time.perf_counter()
    pdf = build_pdf(root, cache, strict=strict)
    shutil.copyfile(pdf, site / PDF_NAME)
    timings.add("pdf", started)
    log(f"rulebook: {PDF_NAME}")

    started = time.perf_counter()
    impose_booklet(site / PDF_NAME, site / BOOKLET_NAME)
    timings.add("booklet", started)
    log(f"rulebook: {BOOKLET_NAME}")
    return timings


def build_rulebook_html(root: Path, site: Path, *, cache: Path | None = None, log: Callable[[str], None] = print,
                        definitions: m.Definitions | None = None) -> None:
    """Only the HTML rulebook into `site` (the quick loop while writing)."""
    cache = cache or default_cache(root)
    replace_tree(build_html(root, cache, definitions=definitions), site / HTML_DIR)
    log(f"rulebook: {HTML_DIR}/index.html")


def replace_tree(source: Path, target: Path) -> None:
    """Copy a directory over another; Sphinx's bookkeeping (.buildinfo, objects.inv) stays behind."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".buildinfo", ".doctrees", "objects.inv", "_sources"))
