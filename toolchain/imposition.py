"""Page imposition with pypdf: 2-up sheets (reading order) and the A5 saddle-stitch booklet."""

from __future__ import annotations

from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

MM = 72 / 25.4
A4_LANDSCAPE = (297 * MM, 210 * MM)


def _sheet(writer: PdfWriter, left: PageObject | None, right: PageObject | None) -> None:
    width, height = A4_LANDSCAPE
    sheet = writer.add_blank_page(width=width, height=height)
    for page, x in ((left, 0.0), (right, width / 2)):
        if page is None:
            continue  # a blank page: nothing to draw
        box = page.mediabox
        scale = min((width / 2) / float(box.width), height / float(box.height))
        dx = x + ((width / 2) - float(box.width) * scale) / 2 - float(box.left) * scale
        dy = (height - float(box.height) * scale) / 2 - float(box.bottom) * scale
        sheet.merge_transformed_page(page, Transformation().scale(scale, scale).translate(dx, dy))


def two_up(source: Path, target: Path) -> int:
    """Pages 1|2, 3|4, … side by side on A4 landscape; an odd last page gets a blank right half.
    Returns the number of sheets."""
    pages = list(PdfReader(source).pages)
    writer = PdfWriter()
    for i in range(0, len(pages), 2):
        _sheet(writer, pages[i], pages[i + 1] if i + 1 < len(pages) else None)
    with target.open("wb") as out:
        writer.write(out)
    return len(writer.pages)


def booklet_order(page_count: int) -> list[tuple[int | None, int | None]]:
    """Saddle-stitch order for `page_count` pages (1-based; None = blank padding).

    Pages are padded to N, a multiple of 4. Sheet side 2i (front of sheet i) holds pages
    N−2i | 2i+1 and side 2i+1 (back) holds 2i+2 | N−2i−1, so folded sheets read in order.
    """
    n = -(-page_count // 4) * 4 if page_count else 0
    sides: list[tuple[int | None, int | None]] = []

    def real(page: int) -> int | None:
        return page if page <= page_count else None

    for i in range(n // 4):
        sides.append((real(n - 2 * i), real(2 * i + 1)))
        sides.append((real(2 * i + 2), real(n - 2 * i - 1)))
    return sides


def booklet(source: Path, target: Path) -> int:
    """Impose an A5 document as a saddle-stitch booklet on A4 landscape. Returns the sheet sides."""
    pages = list(PdfReader(source).pages)
    writer = PdfWriter()
    for left, right in booklet_order(len(pages)):
        _sheet(writer, pages[left - 1] if left else None, pages[right - 1] if right else None)
    with target.open("wb") as out:
        writer.write(out)
    return len(writer.pages)
