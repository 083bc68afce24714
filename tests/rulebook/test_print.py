"""The rulebook's PDF and booklet as a printer and a screen reader take them: tagged with /Lang
and a title, each font face embedded once (the book ≤ 2 MB), nothing printed within 5 mm of the
paper's edge, the booklet's printing note in its metadata and never on its pages, line breaks
as a typesetter makes them."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.pdfcheck import fonts, ink_near_edges, tagged_pdf_problems
from toolchain.imposition import BOOKLET_NOTE

from .conftest import Book, index_start

MB = 1024 * 1024
A5 = (419.5, 595.3)  # points


def test_the_pdf_and_the_booklet_are_tagged_with_lang_and_title(book) -> None:
    for pdf in (book.pdf, book.booklet):
        assert tagged_pdf_problems(pdf) == [], pdf.name


def test_the_tags_read_the_book_in_order(book) -> None:
    """A screen reader follows the tag tree: its marked content runs through the pages in order, every
    page with text is in it, and each chapter is a heading; the page numbers are artifacts, not text."""
    import pikepdf

    with pikepdf.open(book.pdf) as pdf:
        page_of = {page.objgen: number for number, page in enumerate(pdf.pages)}
        order: list[int] = []
        headings = 0

        def walk(element, page=None) -> None:
            nonlocal headings
            page = page_of.get(element.Pg.objgen, page) if "/Pg" in element else page
            headings += element.get("/S") == "/H1"
            kids = element.get("/K")
            for kid in (kids if isinstance(kids, pikepdf.Array) else [kids] if kids is not None else []):
                if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
                    walk(kid, page)
                elif page is not None and (not isinstance(kid, pikepdf.Dictionary) or kid.get("/Type") == "/MCR"):
                    order.append(page)

        walk(pdf.Root.StructTreeRoot.K[0])
        assert order == sorted(order), "the tags read the pages in order"
        texts = [number for number, text in enumerate(book.pages) if text.strip()]
        assert set(texts) <= set(order) | {0}, "every page with text is read"
        assert headings >= 9, "the chapters are headings"
        folios = [number for number, page in enumerate(pdf.pages)
                  if isinstance(page.obj.Contents, pikepdf.Array) and b"/BPFolio" in page.obj.Contents[-1].read_bytes()]
        assert folios and all(page.obj.Contents[-1].read_bytes().startswith(b"/Artifact BMC")
                              for page in (pdf.pages[n] for n in folios))


def test_each_face_is_embedded_once_and_the_files_are_small(book) -> None:
    """Each part embedded its own subset of every face: 32 font programs for 4 faces, 4.45 MB of the book's 5.45."""
    for pdf in (book.pdf, book.booklet):
        names = [font.name for font in fonts(pdf)]
        assert len(names) == len(set(names)) and len(names) <= 5, (pdf.name, names)
        assert pdf.stat().st_size <= 2 * MB, f"{pdf.name}: {pdf.stat().st_size / MB:.2f} MB"


def test_nothing_printed_within_5_mm_of_the_edge(book) -> None:
    """Home printers leave 4–5 mm of the paper unprinted: the cover's background ran to the edge."""
    for pdf in (book.pdf, book.booklet):
        assert ink_near_edges(pdf, cache=book.readings) == [], pdf.name


def test_the_booklets_printing_note_is_in_its_metadata_not_on_its_pages(book) -> None:
    """Folded, every spread and the cover carried 「…重ねて中央で二つ折り (中とじ製本)」."""
    assert PdfReader(book.booklet).metadata.subject == BOOKLET_NOTE
    # Its words as test_booklet reads them (pdftotext -bbox, once in the session), run together: a phrase the plain
    # text would show is in them, and one broken between two words or lines too.
    text = "".join(html.unescape(word) for word in _WORD.findall(book.text(book.booklet, "-bbox")))
    assert text and "中とじ" not in text and "二つ折り" not in text


_WORD = re.compile(r"<word [^>]*>(.*?)</word>")
_ALONE = re.compile(r"^[\u3041-\u30ffー][、。，．）」』]*$")
_COUNTER = re.compile(r"^[枚点体回人つ章版]")


def test_no_kana_alone_on_a_line_and_no_number_parted_from_its_counter(book) -> None:
    """25 lines ended with a single kana alone (「す。」 under 「…ターンを渡」); 2 numbers were parted from their counter.
    (The index's headings あ, か, … are single kana by design.)"""
    for number, page in enumerate(book.layout[:index_start(book) - 1], 1):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        alone = [(before, line) for before, line in zip(lines, lines[1:]) if _ALONE.match(line)]
        assert not alone, f"page {number}: {alone}"
        parted = [(before, line) for before, line in zip(lines, lines[1:]) if re.search(r"\d$", before) and _COUNTER.match(line)]
        assert not parted, f"page {number}: {parted}"


# -- for a print shop (bp build --print-shop) ------------------------------------------------------------

BLEED = 3 * 72 / 25.4


@pytest.fixture(scope="module")
def print_shop_build(book, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The print-shop PDF of the same print page, laid out in parts as `bp build --print-shop` does after the A5
    book (whose parts are in the cache copied), and its report (the parts laid out and kept)."""
    from toolchain.jobs import process_pool
    from toolchain.provenance import code_salt
    from toolchain.rulebook import PRINT_SHOP_NAME
    from toolchain.rulebook.sphinx_run import build_pdf, stamp_of

    site = tmp_path_factory.mktemp("print-shop")
    cache = shutil.copytree(book.cache, site.parent / f"{site.name}-cache")  # its parts are cached: not in the shared one
    stamp = stamp_of({"title": "BlackPoker 公式ルール", "name": "第8.1版"}, "2026年11月26日", "2026-11-26T00:00:00Z")
    pool = process_pool(2)
    try:
        report = build_pdf(Book(site, cache).print_html, site, cache, executor=pool, salt=code_salt(), stamp=stamp,
                           log=lambda _: None, print_shop=True)
    finally:
        pool.shutdown()
    return site / PRINT_SHOP_NAME, report


@pytest.fixture(scope="module")
def print_shop(print_shop_build: tuple[Path, Any]) -> Path:
    return print_shop_build[0]


def test_print_shop_lays_out_only_its_front_matter_again(print_shop_build: tuple[Path, Any]) -> None:
    """The cover's background reaches the bleed; nothing else does: the chapters and the index are the A5 book's
    parts, taken from its cache (the folios too, but for the date line this fixture changes)."""
    _, report = print_shop_build
    assert set(report.rendered) <= {"front (layout)", "front", "folios"}, report.rendered
    assert "index" in report.kept and len(report.kept) >= 9, report.kept


def test_print_shop_pages_are_the_a5_books_but_for_the_cover(book, print_shop: Path) -> None:
    """Every page after the cover draws what the A5 book's page draws, its page number placed on the cut page (the
    trim box) as the A5 book's is: laid out with the bleed, the page numbers and the footer line sat 2 mm further out."""
    import pikepdf

    def streams(page) -> list[bytes]:
        contents = page.obj.Contents
        return [stream.read_bytes() for stream in (contents if isinstance(contents, pikepdf.Array) else [contents])]

    with pikepdf.open(book.pdf) as a5, pikepdf.open(print_shop) as shop:
        assert len(a5.pages) == len(shop.pages)
        differ = [number for number, (ours, theirs) in enumerate(zip(a5.pages, shop.pages), 1)
                  if streams(theirs)[1:len(streams(ours)) + 1] != streams(ours)]  # crop marks: a q before, marks after
        assert differ == [1], differ


def _box(page, name: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in page[name])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def test_print_shop_pages_are_a5_trimmed_with_3_mm_bleed_and_room_for_marks(book, print_shop: Path) -> None:
    reader = PdfReader(print_shop)
    assert len(reader.pages) == len(PdfReader(book.pdf).pages)
    for number, page in enumerate(reader.pages, 1):
        trim, bleed, media = _box(page, "/TrimBox"), _box(page, "/BleedBox"), _box(page, "/MediaBox")
        assert (round(trim[2] - trim[0], 1), round(trim[3] - trim[1], 1)) == A5, number
        assert all(abs(b - (t - BLEED if i < 2 else t + BLEED)) < 0.1 for i, (b, t) in enumerate(zip(bleed, trim))), (number, bleed, trim)
        assert all(m <= b - 5 * 72 / 25.4 if i < 2 else m >= b + 5 * 72 / 25.4 for i, (m, b) in enumerate(zip(media, bleed))), number


def test_print_shop_cover_reaches_the_bleed_and_has_crop_marks(print_shop: Path, tmp_path: Path) -> None:
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", "1", "-l", "1", str(print_shop), str(tmp_path / "cover")], check=True)
    image = Image.open(next(tmp_path.iterdir()))
    page = PdfReader(print_shop).pages[0]
    media, bleed, trim = _box(page, "/MediaBox"), _box(page, "/BleedBox"), _box(page, "/TrimBox")
    height = media[3] - media[1]

    def at(x: float, y: float) -> int:  # PDF points from the media box's lower left → the pixel's grey
        return image.getpixel((round(x - media[0]), round(height - (y - media[1]))))

    middle = (trim[1] + trim[3]) / 2
    # The background's grey runs from inside the trim to the bleed's edge, on both sides and at the foot.
    for x in (bleed[0] + 1, trim[0] + 3, bleed[2] - 1):
        assert at(x, middle) < 250, x
    assert at((trim[0] + trim[2]) / 2, bleed[1] + 1) < 250
    assert at(media[0] + 2, middle) == 255, "nothing beyond the bleed but the marks"
    # A crop mark (a hairline) on the trim line beyond the bleed at each corner.
    for x, y, outward in ((trim[0], trim[1], -1), (trim[2], trim[3], 1)):
        assert min(at(x + outward * (BLEED + mm * 72 / 25.4), y + dy) for mm in (1, 2, 3) for dy in (-1, 0, 1)) < 200, (x, y)
        assert at(x + outward * (BLEED + 3 * 72 / 25.4), y + 12) == 255, "a mark, not a background"
