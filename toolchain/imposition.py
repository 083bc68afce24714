"""Page imposition with pikepdf (qpdf): 2-up sheets (reading order) and the A5 saddle-stitch booklet.

Each source page becomes a Form XObject drawn into its half of an A4 landscape side, scaled to
fit and centred. qpdf copies the resources the pages share (WeasyPrint gives every page the
whole document's) once, so a 100-page booklet takes a fraction of a second.

The imposed file keeps the source's title (with what it is: 「2面付け」, 「製本用」) and author,
its bookmarks (each pointing at the side its page is on) and its tags (the pages' text in reading
order for a screen reader, pdf/structure.py). How to print it is said once in its metadata (the
subject) and on the site's index; the 2-up sheets also carry it in the gutter at the foot of every
side (「A4横・両面・短辺とじで印刷」, set by WeasyPrint in Noto Sans CJK, 5 mm or more from the edge,
which home printers do not print). The booklet does not: its sides are folded into the book, and a
note at their foot would be printed across the fold on the cover and every spread.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

MM = 72 / 25.4
A4_LANDSCAPE = (297 * MM, 210 * MM)

Side = tuple[int | None, int | None]  # 1-based page numbers of the left and right halves; None = blank

TWO_UP_NOTE = "A4横・両面印刷・短辺とじ (2ページずつ並べて印刷)"
BOOKLET_NOTE = "A4横・両面印刷・短辺とじ → 重ねて中央で二つ折り (中とじ製本)"
NOTE_SIZE = (120 * MM, 3 * MM)  # the strip the note is set in, centred on the gutter
NOTE_BOTTOM = 5.5 * MM  # within the pages' bottom margins, between their page numbers, inside what printers print


def page_count(source: Path) -> int:
    import pikepdf

    with pikepdf.open(source) as pdf:
        return len(pdf.pages)


def place(target: Any, page: Any, other: Any, name: str, rect: Any, *, artifact: bool = False) -> Any:
    """Draw page `other` (of another pikepdf.Pdf) on `page` of `target`, fitted into `rect`, as
    the form XObject `name`, and return the form. Named here, not by pikepdf's add_overlay (which
    draws a random name each time): the same input gives the same bytes. An `artifact` (a page
    number, a printing note) is marked as such: no part of the text a screen reader reads."""
    return _draw(target, page, _form_of(other), name, rect, artifact=artifact)


def _form_of(other: Any) -> Any:
    """Page `other` as a form XObject of its own PDF, to be copied into another."""
    drawn = other.as_form_xobject()
    resources = other.obj.get("/Resources")
    if resources is not None and resources.is_indirect:  # shared by the pages of a part: once, not copied into every form
        drawn.Resources = resources
    return drawn


def _draw(target: Any, page: Any, drawn: Any, name: str, rect: Any, *, artifact: bool = False) -> Any:
    """`place`, of a page already made a form of its PDF (`_form_of`); the form as copied into `target`."""
    import pikepdf

    from .pdf.structure import artifact as as_artifact

    form = target.copy_foreign(drawn)
    placed = page.add_resource(form, pikepdf.Name.XObject, pikepdf.Name(name))
    placement = page.calc_form_xobject_placement(form, placed, pikepdf.Rectangle(rect), allow_expand=True)
    if "/Contents" in page.obj:  # the page may leave its coordinates changed: draw over it from a clean state
        page.contents_add(target.make_stream(b"q\n"), prepend=True)
        page.contents_add(target.make_stream(b"\nQ\n"))
    page.contents_add(target.make_stream(as_artifact(placement) if artifact else placement))
    return form


def _sheet(out: Any, source: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    """A blank page of `out` (as pikepdf's add_blank_page makes it), copied from an object made in
    `source`: the tags of `source` name it by that object (pdf/structure.py, TagTree.append_forms).
    The page, and the object of `source`."""
    import pikepdf

    made = source.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=pikepdf.Array([0, 0, *size]), Contents=source.make_stream(b""),
        Resources=pikepdf.Dictionary()))
    out.pages.append(pikepdf.Page(made))  # a page of another PDF: copied, and the copy remembered
    return out.pages[-1], made


@lru_cache(maxsize=4)
def note_pdf(note: str) -> bytes:
    """The printing note as a one-page PDF strip (NOTE_SIZE), to be drawn onto each side."""
    from weasyprint import HTML

    from markupsafe import escape

    from .pdf.fetch import LocalFetcher

    width, height = (f"{size / MM:.1f}mm" for size in NOTE_SIZE)
    html = (f'<html lang="ja"><style>@page {{ size: {width} {height}; margin: 0 }} body {{ margin: 0; font: 6pt/{height} '
            f'"Noto Sans CJK JP"; text-align: center; color: #555 }}</style><body>{escape(note)}</body></html>')
    return HTML(string=html, url_fetcher=LocalFetcher()).write_pdf()  # plain text: nothing to load


def impose(source: Path | Any, target: Path, sides: Sequence[Side], *, kind: str = "", note: str = "", note_on_sheets: bool = True) -> int:
    """Write `target` with one A4 landscape side per entry of `sides`; returns the side count.
    `source`: a PDF file, or one opened with pikepdf (which this changes: its tags are moved onto the sheets).
    `kind` is added to the title (「2面付け」); `note` (how to print it) is the file's subject and,
    `note_on_sheets`, printed at the foot of every side."""
    import pikepdf

    if isinstance(source, pikepdf.Pdf):
        return _impose(source, target, sides, kind=kind, note=note, note_on_sheets=note_on_sheets)
    with pikepdf.open(source) as pdf:
        return _impose(pdf, target, sides, kind=kind, note=note, note_on_sheets=note_on_sheets)


def _impose(pdf: Any, target: Path, sides: Sequence[Side], *, kind: str, note: str, note_on_sheets: bool) -> int:
    import io

    import pikepdf

    from .pdf.structure import Placed, TagTree, save

    width, height = A4_LANDSCAPE
    out = pikepdf.new()
    tags = TagTree(out)
    placed: dict[int, Placed] = {}
    strip = pikepdf.open(io.BytesIO(note_pdf(note))) if note and note_on_sheets else None
    for left, right in sides:
        sheet, made = _sheet(out, pdf, (width, height))
        for number, x in ((left, 0.0), (right, width / 2)):
            if number is not None:  # None: a blank half
                drawn = _form_of(pdf.pages[number - 1])
                form = _draw(out, sheet, drawn, f"/P{number}", pikepdf.Rectangle(x, 0, x + width / 2, height))
                placed[number - 1] = Placed(made, drawn, form)
        if strip is not None:
            x = (width - NOTE_SIZE[0]) / 2
            place(out, sheet, strip.pages[0], "/Note", pikepdf.Rectangle(x, NOTE_BOTTOM, x + NOTE_SIZE[0], NOTE_BOTTOM + NOTE_SIZE[1]),
                  artifact=True)
    title = _copy_info(pdf, out, kind, note)
    _copy_outline(pdf, out, sides)
    tags.append_forms(pdf, placed)
    tags.finish(title)
    save(out, target)
    if strip is not None:
        strip.close()
    return len(out.pages)


def _copy_info(source: Any, out: Any, kind: str, note: str) -> str:
    """The source's metadata, the title saying what the file is, the subject how to print it; the title."""
    import pikepdf

    info = source.docinfo
    title = str(info.get("/Title", ""))
    title = f"{title} ({kind})" if title and kind else title or kind
    for key in ("/Author", "/Subject", "/CreationDate", "/ModDate"):
        if key in info:
            out.docinfo[pikepdf.Name(key)] = info[key]
    if note:
        out.docinfo["/Subject"] = pikepdf.String(note)
    return title


def _copy_outline(source: Any, out: Any, sides: Sequence[Side]) -> None:
    """The source's bookmarks, each pointing at the side its page is printed on."""
    from pikepdf import Array, OutlineItem

    side_of = {number: index for index, side in enumerate(sides) for number in side if number is not None}
    page_numbers = {page.objgen: number for number, page in enumerate(source.pages, 1)}

    def side(item: Any) -> int | None:
        destination = item.destination
        if isinstance(destination, Array) and len(destination) and hasattr(destination[0], "objgen"):
            return side_of.get(page_numbers.get(destination[0].objgen, 0))
        return None

    def copy(items: Any) -> list[Any]:
        copied = []
        for item in items:
            index = side(item)
            if index is None:
                continue
            new = OutlineItem(item.title, index)
            new.children.extend(copy(item.children))
            copied.append(new)
        return copied

    with source.open_outline() as outline:
        items = copy(outline.root)
    if items:
        with out.open_outline() as outline:
            outline.root.extend(items)


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


def two_up(source: Path | Any, target: Path) -> int:
    """Two consecutive pages side by side on A4 landscape (`source`: a file, or a PDF opened with pikepdf,
    which this changes). Returns the number of sheets."""
    import pikepdf

    pages = len(source.pages) if isinstance(source, pikepdf.Pdf) else page_count(source)
    return impose(source, target, two_up_order(pages), kind="A4 2面付け", note=TWO_UP_NOTE)


def booklet(source: Path, target: Path) -> int:
    """Impose an A5 document as a saddle-stitch booklet on A4 landscape. Returns the sheet sides."""
    return impose(source, target, booklet_order(page_count(source)), kind="A4 製本用", note=BOOKLET_NOTE, note_on_sheets=False)
