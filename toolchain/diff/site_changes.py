"""Which files of the built site a rules change reaches: definitions.json, the action-list pages
and PDF leaflets (and, on request, the leaflets' page counts before and after).

Both revisions are rendered with this toolchain and the newer revision's templates, so what
differs is what the definitions changed. Pages are compared as the HTML they render to; a
leaflet's PDF changes exactly when its HTML does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import model as m
from ..actionlist.leaflet_pdf import PdfJob, render_all
from ..actionlist.render import render_leaflet, render_page
from ..actionlist.selection import Selection, every_format, every_regulation
from ..actionlist.site import page_name, pdf_name
from ..actionlist.view import ActionList, build_view
from ..export import export_json
from ..temporaries import temporary_folder

DEFINITIONS_JSON = "definitions.json"
ACTIONLIST_HTML = "actionlist/html"
ACTIONLIST_PDF = "actionlist/pdf"


@dataclass(frozen=True)
class OutputChange:
    path: str  # in the site: definitions.json, actionlist/html/lite.html, actionlist/pdf/blackpoker-lite.pdf
    change: str  # added, removed, changed
    pages_before: int | None = None  # A5 pages of a leaflet (with --pages)
    pages_after: int | None = None
    sheets_before: int | None = None  # A4 sheets of its 2-up
    sheets_after: int | None = None

    @property
    def two_up(self) -> str | None:
        return self.path.replace(".pdf", "-2up.pdf") if self.path.endswith(".pdf") else None

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "change": self.change, "two_up": self.two_up, "pages_before": self.pages_before,
                "pages_after": self.pages_after, "sheets_before": self.sheets_before, "sheets_after": self.sheets_after}


def _export(defs: m.Definitions) -> str | None:
    try:
        return export_json(defs)
    except Exception:  # noqa: BLE001 - definitions with errors may not export; then it is not compared
        return None


def _selections(defs: m.Definitions) -> dict[str, Selection]:
    """The lists `bp build` makes, by slug: the whole list, each format's, and each regulation's
    of table 3.1 (`pro-strategy`)."""
    try:
        return {s.slug: s for s in (*every_format(defs), *every_regulation(defs))}
    except Exception:  # noqa: BLE001 - a revision whose formats or frames did not load has no lists
        return {}


def _change(before: object, after: object) -> str | None:
    if before == after:
        return None
    return "added" if before is None else "removed" if after is None else "changed"


def output_changes(old: m.Definitions, new: m.Definitions, templates: Path, pages: bool = False,
                   views: tuple[ActionList, ActionList] | None = None) -> list[OutputChange]:
    """The site's files that differ. `templates`: the repository whose templates/ render both sides.
    `pages`: also render the changed leaflets of both sides to count their pages (slow: WeasyPrint).
    `views`: both sides' lists (build_view), when the caller has them already."""
    found: list[OutputChange] = []
    change = _change(_export(old), _export(new))
    if change:
        found.append(OutputChange(DEFINITIONS_JSON, change))
    old_lists, new_lists = _selections(old), _selections(new)
    old_view, new_view = views or (build_view(old), build_view(new))
    html: list[OutputChange] = []
    leaflets: list[tuple[OutputChange, str | None, str | None]] = []
    for key in (*new_lists, *(k for k in old_lists if k not in new_lists)):
        before, after = old_lists.get(key), new_lists.get(key)
        some = after or before
        page = (render_page(templates, old, old_view, before, interactive=before.format is None) if before else None,
                render_page(templates, new, new_view, after, interactive=after.format is None) if after else None)
        if change := _change(*page):
            html.append(OutputChange(f"{ACTIONLIST_HTML}/{page_name(some)}", change))
        leaflet = (render_leaflet(templates, old, old_view, before) if before else None,
                   render_leaflet(templates, new, new_view, after) if after else None)
        if change := _change(*leaflet):
            leaflets.append((OutputChange(f"{ACTIONLIST_PDF}/{pdf_name(some)}", change), *leaflet))
    if pages and leaflets:
        leaflets = [(counted, None, None) for counted in _count_pages(leaflets)]
    return [*found, *html, *(output for output, _, _ in leaflets)]


def _count_pages(leaflets: list[tuple[OutputChange, str | None, str | None]]) -> list[OutputChange]:
    """Render each changed leaflet of both sides (in parallel) and note its pages and 2-up sheets."""
    with temporary_folder("bp-diff-pdf-") as tmp:
        jobs: list[PdfJob] = []
        for index, (_, before, after) in enumerate(leaflets):
            for side, html in (("before", before), ("after", after)):
                if html is not None:
                    pdf = Path(tmp, f"{index}-{side}.pdf")
                    jobs.append(PdfJob(html, pdf, pdf.with_name(f"{pdf.stem}-2up.pdf")))
        results = {result.pdf.name: result for result in render_all(jobs)}
    counted: list[OutputChange] = []
    for index, (output, _, _) in enumerate(leaflets):
        before, after = results.get(f"{index}-before.pdf"), results.get(f"{index}-after.pdf")
        counted.append(OutputChange(
            output.path, output.change,
            before.pages if before else None, after.pages if after else None,
            before.sheets if before else None, after.sheets if after else None,
        ))
    return counted
