"""How full each page of a PDF is: the lowest ink in the text block, read from the page rendered
to an image (so text, drawings, tables and pictures all count, and nothing of how they were laid
out is trusted)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests.pdfcheck import DPI as INK_DPI

DPI = INK_DPI  # tests/pdfcheck.py's ink check renders at it too: the book's pages are rendered once for both (tests/pdfread.py)
TOP_MM, BOTTOM_MM = 17, 16  # print.css's page margins: the running header above, the folio below
MIN_FILL = 0.5  # issue 11: no page below half filled, but where a chapter ends
INK = 200  # a grey darker than this is ink (the cover's paper tint and anti-aliasing fringes are not)


def fill(page: Image.Image, dpi: int = DPI) -> float:
    """The part of the text block's height above the lowest ink (0 for a blank page)."""
    per_mm = dpi / 25.4
    top, bottom = round(TOP_MM * per_mm), page.height - round(BOTTOM_MM * per_mm)
    block = page.convert("L").crop((0, top, page.width, bottom))
    ink = block.point(lambda value: 255 if value < INK else 0).getbbox()
    return 0.0 if ink is None else ink[3] / block.height


def fills(pages: list[Path]) -> list[float]:
    """Every page's fill, page 1 first, from the pages rendered in grey at DPI (`pdftoppm -gray`)."""
    return [fill(Image.open(image)) for image in pages]
