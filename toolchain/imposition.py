"""Page imposition with pypdf: 2-up sheets (reading order) and the A5 saddle-stitch booklet.

Each source page becomes a Form XObject that the A4 sides draw, scaled into their halves.
pypdf's merge_transformed_page would copy and rename the page's resources on every merge, and
WeasyPrint gives every page the whole document's resources, which made a 100-page booklet take
seconds per sheet; a form keeps each page's content and resources untouched and shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, IndirectObject, NameObject

MM = 72 / 25.4
A4_LANDSCAPE = (297 * MM, 210 * MM)

Side = tuple[int | None, int | None]  # 1-based page numbers of the left and right halves; None = blank


def _form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """The page as a Form XObject of the writer (its resources cloned once, shared objects deduplicated)."""
    contents = page.get_contents()
    form = DecodedStreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(v) for v in page.mediabox),
        NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
    })
    return writer._add_object(form.flate_encode())  # noqa: SLF001 - pypdf has no public call to add a stream


def _placement(page: PageObject, x: float) -> tuple[float, float, float]:
    """Scale and offset that centre a page in the half of an A4 landscape side starting at x."""
    width, height = A4_LANDSCAPE
    box = page.mediabox
    scale = min((width / 2) / float(box.width), height / float(box.height))
    dx = x + ((width / 2) - float(box.width) * scale) / 2 - float(box.left) * scale
    dy = (height - float(box.height) * scale) / 2 - float(box.bottom) * scale
    return scale, dx, dy


def impose(source: Path, target: Path, sides: Sequence[Side]) -> int:
    """Write `target` with one A4 landscape side per entry of `sides`; returns the side count."""
    pages = list(PdfReader(source).pages)
    writer = PdfWriter()
    forms = [_form(writer, page) for page in pages]
    width, height = A4_LANDSCAPE
    for left, right in sides:
        sheet = writer.add_blank_page(width=width, height=height)
        xobjects = DictionaryObject()
        operations = []
        for number, x in ((left, 0.0), (right, width / 2)):
            if number is None:
                continue  # a blank half
            name = f"/P{number}"
            xobjects[NameObject(name)] = forms[number - 1]
            scale, dx, dy = _placement(pages[number - 1], x)
            operations.append(f"q {scale:.6f} 0 0 {scale:.6f} {dx:.4f} {dy:.4f} cm {name} Do Q")
        content = DecodedStreamObject()
        content.set_data("\n".join(operations).encode("ascii"))
        sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        sheet[NameObject("/Contents")] = writer._add_object(content)  # noqa: SLF001
    with target.open("wb") as out:
        writer.write(out)
    return len(writer.pages)


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
    return impose(source, target, two_up_order(len(PdfReader(source).pages)))


def booklet(source: Path, target: Path) -> int:
    """Impose an A5 document as a saddle-stitch booklet on A4 landscape. Returns the sheet sides."""
    return impose(source, target, booklet_order(len(PdfReader(source).pages)))
