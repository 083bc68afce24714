"""The action lists of `bp build`: build/site/actionlist/{html,pdf}/ from the definitions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
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


def two_up_name(selection: Selection) -> str:
    """`blackpoker-lite-2up.pdf`: the leaflet two A5 pages to an A4 side."""
    return f"{Path(pdf_name(selection)).stem}-2up.pdf"


def page_name(selection: Selection) -> str:
    """`all.html` for the whole list (with the filters), `lite.html` (the format id) for a format's page."""
    return ALL_PAGE if selection.format is None else f"{selection.format.id}.html"
@dataclass(frozen=True)
class ListOutput:
    """One list (a format, or everything) as the site holds it: its web page and its leaflet,
    each rendered to HTML when first asked for (the PDFs are laid out from `leaflet_html`)."""

    root: Path
    defs: m.Definitions
    everything: ActionList
    selection: Selection
    build_date: str = ""

    @property
    def title(self) -> str:
        """The format's name, or すべて."""
        return self.selection.format.name if self.selection.format else "すべて"

    @property
    def page(self) -> str:
        """html/lite.html, relative to the action lists' folder."""
        return f"html/{page_name(self.selection)}"

    @property
    def pdf(self) -> str:
        return f"pdf/{pdf_name(self.selection)}"

    @property
    def two_up(self) -> str:
        return f"pdf/{two_up_name(self.selection)}"

    @cached_property
    def page_html(self) -> str:
        return render_page(self.root, self.defs, self.everything, self.selection, interactive=self.selection.format is None,
                           build_date=self.build_date)

    @cached_property
    def leaflet_html(self) -> str:
        return render_leaflet(self.root, self.defs, self.everything, self.selection, self.build_date)


def list_outputs(root: Path, defs: m.Definitions, build_date: str = "") -> list[ListOutput]:
    """Every list of the site."""
    everything = build_view(defs)
    return [ListOutput(root, defs, everything, selection, build_date) for selection in every_format(defs)]


def build_actionlists(root: Path, defs: m.Definitions, out: Path, log: Callable[[str], None] = lambda _: None) -> list[PdfResult]:
    """Write html/ (all.html with the filters, a static page per format) and pdf/ (a leaflet and
    its 2-up per format and for everything) under `out`."""
    (out / "html").mkdir(parents=True, exist_ok=True)
    (out / "pdf").mkdir(parents=True, exist_ok=True)
    jobs: list[PdfJob] = []
    for output in list_outputs(root, defs):
        (out / output.page).write_text(output.page_html, encoding="utf-8")
        jobs.append(PdfJob(output.leaflet_html, out / output.pdf, out / output.two_up))
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
