"""Page imposition with pikepdf (qpdf): 2-up sheets (reading order) and the A5 saddle-stitch booklet.

Each source page becomes a Form XObject drawn into its half of an A4 landscape side, scaled to
fit and centred. qpdf copies the resources the pages share (WeasyPrint gives every page the
whole document's) once, so a 100-page booklet takes a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

MM = 72 / 25.4
A4_LANDSCAPE = (297 * MM, 210 * MM)

Side = tuple[int | None, int | None]  # 1-based page numbers of the left and right halves; None = blank


def page_count(source: Path) -> int:
    import pikepdf

    with pikepdf.open(source) as pdf:
        return len(pdf.pages)


def place(target: Any, page: Any, other: Any, name: str, rect: Any) -> None:
    """Draw page `other` (of another pikepdf.Pdf) on `page` of `target`, fitted into `rect`, as
    the form XObject `name`. Named here, not by pikepdf's add_overlay (which draws a random name
    each time): the same input gives the same bytes."""
    import pikepdf

    form = target.copy_foreign(other.as_form_xobject())
    placed = page.add_resource(form, pikepdf.Name.XObject, pikepdf.Name(name))
    placement = page.calc_form_xobject_placement(form, placed, pikepdf.Rectangle(rect), allow_expand=True)
    if "/Contents" in page.obj:  # the page may leave its coordinates changed: draw over it from a clean state
        page.contents_add(target.make_stream(b"q\n"), prepend=True)
        page.contents_add(target.make_stream(b"\nQ\n"))
    page.contents_add(target.make_stream(placement))


def impose(source: Path, target: Path, sides: Sequence[Side]) -> int:
    """Write `target` with one A4 landscape side per entry of `sides`; returns the side count."""
    import pikepdf

    width, height = A4_LANDSCAPE
    with pikepdf.open(source) as pdf:
        out = pikepdf.new()
        for left, right in sides:
            sheet = out.add_blank_page(page_size=(width, height))
            for number, x in ((left, 0.0), (right, width / 2)):
                if number is not None:  # None: a blank half
                    place(out, sheet, pdf.pages[number - 1], f"/P{number}", pikepdf.Rectangle(x, 0, x + width / 2, height))
        out.save(target, deterministic_id=True)
        return len(out.pages)


def two_up_order(page_count: int) -> list[Side]:
    """Pages 1|2, 3|4, …; an odd last page gets a blank right half."""
    return [(i, i + 1 if i + 1 <= page_count else None) for i in range(1, page_count + 1, 2)]


def booklet_order(page_count: int) -> list[Side]:
    """Saddle-stitch order for `page_count` pages.

    Pages are padded to N, a multiple of 4. Sheet side 2i (front of sheet i) holds pages
    N−2i | 2i+1 and side 2i+1 (back) holds 2i+2 | N−2i−1, so folded sheets read in order.
    """
    n = -(-page_count // 4) * 4 if page_count else 0

    def real(page: int) -> int | None:
        return page if page <= page_count else None

    sides: list[Side] = []
    for i in range(n // 4):
        sides.append((real(n - 2 * i), real(2 * i + 1)))
        sides.append((real(2 * i + 2), real(n - 2 * i - 1)))
    return sides


def two_up(source: Path, target: Path) -> int:
    """Two consecutive pages side by side on A4 landscape. Returns the number of sheets."""
    return impose(source, target, two_up_order(page_count(source)))


def booklet(source: Path, target: Path) -> int:
    """Impose an A5 document as a saddle-stitch booklet on A4 landscape. Returns the sheet sides."""
    return impose(source, target, booklet_order(page_count(source)))
