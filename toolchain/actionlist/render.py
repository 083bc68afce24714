"""Jinja2 rendering of the action lists: the web pages and the HTML of the PDF leaflets share
the entry templates in templates/actionlist/."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from .. import model as m
from .favicon import favicon_data_uri
from .qrcode import qr_svg
from .search import card_words
from .selection import Selection
from .suits import suits_html, text_html
from .values_html import FAQ_FROM_LISTS
from .view import MARKS, ActionList

TEMPLATES = "templates"
# The toolchain's own templates, for a rules repository that has none of its own.
TOOLCHAIN_TEMPLATES = Path(__file__).resolve().parents[2] / TEMPLATES


@lru_cache(maxsize=4)
def environment(root: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([root / TEMPLATES, TOOLCHAIN_TEMPLATES]),
        autoescape=True,  # every template here is HTML: definitions' text can't inject markup
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    env.filters["suits"] = text_html  # escaped, ♡ ♢ marked red, kept on one line where it must: `{{ e.keycards | suits }}`
    env.filters["suits_only"] = suits_html  # escaped, ♡ ♢ marked red: a piece of a name, which stays whole
    return env


def _context(defs: m.Definitions, everything: ActionList, selection: Selection, build_date: str = "") -> dict[str, Any]:
    shown = everything.only(selection)
    return {
        "edition": defs.rules.edition if defs.rules else {},
        "build_date": build_date,  # the day the site was built (2026年11月23日), or "" for a single list
        "costs": defs.rules.costs if defs.rules else (),
        "formats": defs.formats,
        "frames": defs.frames,
        "selection": selection,
        "actionlist": shown,
        "marks": MARKS,  # ★ before the keycards, $ before the cost
        # [1]–[4] only where the list has every format; ■ wherever frame entries are listed.
        "markers": selection.format is None,
        "frame_marker": any(entry.frame_bound for entry in shown.entries),
    }


def render_page(
    root: Path, defs: m.Definitions, everything: ActionList, selection: Selection, *, interactive: bool = False,
    pages: Any = None, pdf: str = "", build_date: str = "", leaflets: dict[str, str] | None = None,
) -> str:
    """A web page: all.html (interactive: every entry, filtered by script) or a static page. `pages`
    (site.Pages): the links to the other lists, none for a page on its own; `pdf`: its leaflet; `leaflets`:
    all.html's, each list's leaflet by the filters' view (site.Pages.leaflets), which its 印刷用 PDF link follows."""
    context = _context(defs, everything, selection, build_date)
    filter_data = _filter_data(defs)
    if leaflets:
        filter_data["leaflets"] = leaflets
    # On screen the [1]–[4] marker stands in for the format table wherever it says the same.
    context.update(interactive=interactive, nav=pages is not None, pages=pages, pdf=pdf, markers=True,
                   favicon=favicon_data_uri(), filter_data=filter_data, faq={"href": FAQ_FROM_LISTS, "text": ""})
    return environment(root).get_template("actionlist/page.html.j2").render(context)


def render_leaflet(root: Path, defs: m.Definitions, everything: ActionList, selection: Selection, build_date: str = "",
                   page_url: str = "", faq_url: str = "") -> str:
    """The HTML that WeasyPrint lays out as the A5 leaflet; `page_url`, the same list's web page, is
    printed with its QR code; `faq_url`, the rulebook's FAQ, where the legend sends a reader for the rulings."""
    context = _context(defs, everything, selection, build_date)
    context.update(page_url=page_url, qr=qr_svg(page_url) if page_url else "",
                   faq={"href": faq_url, "text": faq_url} if faq_url else None)
    return environment(root).get_template("actionlist/leaflet.html.j2").render(context)


def _filter_data(defs: m.Definitions) -> dict[str, Any]:
    return {
        "formats": [{"id": f.id, "name": f.name} for f in defs.formats],
        "frames": [{"id": f.id, "name": f.name} for f in defs.frames],
        "regulations": {frame: list(formats) for frame, formats in defs.regulations.items()},
        "cards": card_words(defs),  # how a card typed in the search box is read (search.py)
    }
