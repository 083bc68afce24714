"""The action lists of `bp build`: build/site/actionlist/{html,pdf}/ from the definitions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from urllib.parse import urljoin

from .. import model as m
from ..rulebook import FAQ_PAGE, HTML_DIR
from .leaflet_pdf import PdfJob, PdfResult, render_all
from .qrcode import public_url
from .render import render_leaflet, render_page
from .selection import ALL, NONE, Selection, every_format, every_regulation
from .view import ActionList, build_view

ALL_PAGE = "all.html"


def _frame_part(selection: Selection) -> str:
    """`-strategy` for a regulation (a format + a frame), nothing for a format's own list or everything."""
    return f"-{selection.frames[0].id}" if selection.format and selection.frame_choice not in (ALL, NONE) else ""


def pdf_name(selection: Selection) -> str:
    """`blackpoker-lite.pdf` (formats.yaml file_stem), `blackpoker-pro-strategy.pdf` for a regulation,
    `blackpoker-all.pdf` for the whole list."""
    return f"blackpoker-{selection.format.file_stem if selection.format else 'all'}{_frame_part(selection)}.pdf"


def two_up_name(selection: Selection) -> str:
    """`blackpoker-lite-2up.pdf`: the leaflet two A5 pages to an A4 side."""
    return f"{Path(pdf_name(selection)).stem}-2up.pdf"


def page_name(selection: Selection) -> str:
    """`all.html` for the whole list (with the filters), `lite.html` (the format id) for a format's page,
    `pro-strategy.html` for a regulation's."""
    return ALL_PAGE if selection.format is None else f"{selection.format.id}{_frame_part(selection)}.html"


@dataclass(frozen=True)
class Link:
    href: str  # relative to the pages' folder: `pro-strategy.html`
    title: str  # `プロ + ストラテジー`
    selection: Selection


@dataclass(frozen=True)
class Pages:
    """The lists a page links to: everything (all.html), each format, each regulation of table 3.1."""

    everything: str
    formats: list[Link]
    regulations: list[Link]

    @classmethod
    def of(cls, defs: m.Definitions) -> Pages:
        def links(selections: list[Selection]) -> list[Link]:
            return [Link(page_name(s), s.title(), s) for s in selections]

        return cls(ALL_PAGE, links(every_format(defs)[1:]), links(every_regulation(defs)))

    def leaflets(self, defs: m.Definitions) -> dict[str, str]:
        """Each list's leaflet, relative to the pages' folder, by the view all.html's filters show it in
        (`pro strategy`, `lite none`, `all all`): the page's 印刷用 PDF link follows its filters."""
        return {view_key(s): f"../pdf/{pdf_name(s)}" for s in (*every_format(defs), *every_regulation(defs))}


def view_key(selection: Selection) -> str:
    """The view of all.html's filters (templates/actionlist/actionlist.js) that shows `selection`: its format's id
    (or all) and its frame's (or all, none)."""
    return f"{selection.format.id if selection.format else ALL} {selection.frame_choice}"


@dataclass(frozen=True)
class ListOutput:
    """One list (a format, or everything) as the site holds it: its web page and its leaflet,
    each rendered to HTML when first asked for (the PDFs are laid out from `leaflet_html`)."""

    root: Path
    defs: m.Definitions
    everything: ActionList
    selection: Selection
    build_date: str = ""
    pages: Pages | None = None
    base_url: str = ""  # the site's public address: the leaflet prints its page's URL and QR code

    @property
    def title(self) -> str:
        """The format's name, the regulation (`プロ + ストラテジー`), or すべて."""
        return self.selection.title() or "すべて"

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
        interactive = self.selection.format is None
        leaflets = self.pages.leaflets(self.defs) if interactive and self.pages else None
        return render_page(self.root, self.defs, self.everything, self.selection, interactive=interactive,
                           pages=self.pages, pdf=f"../{self.pdf}", build_date=self.build_date, leaflets=leaflets)

    @cached_property
    def leaflet_html(self) -> str:
        url = public_url(self.base_url, page_name(self.selection)) if self.base_url else ""
        return render_leaflet(self.root, self.defs, self.everything, self.selection, self.build_date, url, faq_url(self.base_url))


def faq_url(base_url: str) -> str:
    """The public address of the rulebook's FAQ (its rulings), printed in the leaflets' legend; '' without an address."""
    return urljoin(base_url if base_url.endswith("/") else base_url + "/", f"{HTML_DIR}/{FAQ_PAGE}.html") if base_url else ""


def default_base_url(defs: m.Definitions) -> str:
    """rules.yaml edition.url: where the site is published (the rulebook's 付録 prints it too)."""
    return str(defs.rules.edition.get("url", "")) if defs.rules else ""


def list_outputs(root: Path, defs: m.Definitions, build_date: str = "", base_url: str | None = None) -> list[ListOutput]:
    """Every list of the site; `base_url` (default: edition.url) is printed on the leaflets."""
    everything = build_view(defs)
    pages = Pages.of(defs)
    url = default_base_url(defs) if base_url is None else base_url
    return [ListOutput(root, defs, everything, selection, build_date, pages, url)
            for selection in (*every_format(defs), *every_regulation(defs))]


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
        html.write_text(render_page(root, defs, everything, selection), encoding="utf-8")
    if pdf:
        url = default_base_url(defs)
        page_url = public_url(url, page_name(selection)) if url else ""
        render_all([PdfJob(render_leaflet(root, defs, everything, selection, page_url=page_url, faq_url=faq_url(url)), pdf)])
