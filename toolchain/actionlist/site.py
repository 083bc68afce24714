"""The action lists of `bp build`: build/site/actionlist/{html,pdf}/ from the definitions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .. import model as m
from .pdf import PdfJob, PdfResult, render_all
from .render import render_leaflet, render_page
from .selection import Selection, every_format
from .view import ActionList, build_view

ALL_PAGE = "all.html"


def pdf_name(selection: Selection) -> str:
    """`blackpoker-lite.pdf` (formats.yaml file_stem), `blackpoker-all.pdf` for the whole list."""
    return f"blackpoker-{selection.format.file_stem if selection.format else 'all'}.pdf"


def page_name(selection: Selection) -> str:
    """`all.html` for the whole list (with the filters), `lite.html` (the format id) for a format's page."""
    return ALL_PAGE if selection.format is None else f"{selection.format.id}.html"


def build_actionlists(root: Path, defs: m.Definitions, out: Path, log: Callable[[str], None] = lambda _: None) -> list[PdfResult]:
    """Write html/ (all.html with the filters, a static page per format) and pdf/ (a leaflet and
    its 2-up per format and for everything) under `out`."""
    everything = build_view(defs)
    html_dir, pdf_dir = out / "html", out / "pdf"
    html_dir.mkdir(parents=True, exist_ok=True)
    pdf_dir.mkdir(parents=True, exist_ok=True)
    jobs: list[PdfJob] = []
    for selection in every_format(defs):
        page = page_name(selection)
        html = render_page(root, defs, everything, selection, interactive=selection.format is None)
        (html_dir / page).write_text(html, encoding="utf-8")
        pdf = pdf_dir / pdf_name(selection)
        jobs.append(PdfJob(render_leaflet(root, defs, everything, selection), pdf, pdf.with_name(f"{pdf.stem}-2up.pdf")))
    log(f"actionlist: {len(jobs)} HTML pages written; rendering {len(jobs)} PDFs and their 2-up")
    results = render_all(jobs)
    for result in results:
        log(f"actionlist: {result.pdf.name}: {result.pages} A5 pages, {result.sheets} 2-up sheets")
    return results


def write_one(root: Path, defs: m.Definitions, selection: Selection, *, pdf: Path | None, html: Path | None) -> None:
    """One list (`bp actionlist --format … --frame … --pdf/--html FILE`); the caller makes it atomic."""
    everything = build_view(defs)
    if html:
        html.write_text(render_page(root, defs, everything, selection, nav=False), encoding="utf-8")
    if pdf:
        render_all([PdfJob(render_leaflet(root, defs, everything, selection), pdf)])
