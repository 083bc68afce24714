"""The A5 PDF, read back with poppler (pdftotext), pikepdf and pypdf: cover, table of contents
with the right page numbers, chapters in order, running headers, the index, embedded fonts."""

from __future__ import annotations

import re

from pypdf import PdfReader

from tests.pdfcheck import fonts

from . import seed
from .conftest import index_start

A5 = (419.5, 595.3)  # points
_TOC_LINE = re.compile(r"^\s*(第\d+章|\d+(?:\.\d+)*)?\s+(\S.*?)\s*(?:\.\s)+\.?\s*(\d+)\s*$")


def _squash(text: str) -> str:
    return seed.normalize(text)


def test_the_pdf_is_a5(book) -> None:
    reader = PdfReader(book.pdf)
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == A5


def test_cover_from_the_definitions(book, definitions) -> None:
    edition = definitions.rules.edition
    cover = _squash(book.pages[0])
    for key in ("title", "subtitle", "name", "release", "copyright"):
        assert _squash(edition[key]) in cover, key
    assert _squash(f"{edition['author']} 著") in cover


def test_chapters_in_order(book) -> None:
    first = _outline(PdfReader(book.pdf))[_squash("第1章 はじめに")]
    text = _squash("".join(book.pages[first - 1:]))
    positions = [text.find(_squash(f"{number}{title}")) for number, title in seed.HEADINGS if number.startswith("第")]
    assert -1 not in positions and positions == sorted(positions)
    assert text.rfind("索引") > positions[-1]


def _toc(book) -> list[tuple[str, str, int]]:
    """(number, title, page) of each line of the table of contents."""
    pages = book.layout[1:6]
    assert "目次" in pages[0]
    entries = []
    for page in pages:
        found = [match for match in map(_TOC_LINE.match, page.splitlines()) if match]
        if not found:
            break
        entries += [(match.group(1) or "", match.group(2), int(match.group(3))) for match in found]
    return entries


def _outline(reader: PdfReader) -> dict[str, int]:
    """The PDF's bookmarks (one per heading, made by WeasyPrint where the heading is): title → page."""
    found: dict[str, int] = {}

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.setdefault(_squash(item.title), reader.get_destination_page_number(item) + 1)

    walk(reader.outline)
    return found


def test_table_of_contents_lists_chapters_and_sections_with_their_pages(book) -> None:
    toc = _toc(book)
    listed = [(number, _squash(title)) for number, title, _ in toc]
    expected = [(n, _squash(t)) for n, t in seed.HEADINGS if n.count(".") <= 1]
    for entry in expected:
        assert entry in listed, entry
    bookmarks = _outline(PdfReader(book.pdf))
    for number, title, page in toc:
        assert bookmarks.get(_squash(f"{number} {title}")) == page, (number, title, page)
    assert toc[-1][1] == "索引" and toc[-1][2] == index_start(book)


def test_toc_pages_hold_their_headings(book) -> None:
    for number, title, page in _toc(book):
        assert _squash(f"{number}{title}") in _squash(book.pages[page - 1]), (number, title, page)


def test_running_headers_and_page_numbers(book) -> None:
    """Left pages: the chapter at the top, the number at the bottom left; right pages: the section,
    the number at the bottom right. Beside the number, on the inner side, the edition line."""
    pages = book.layout
    numbered = 0
    for index, text in enumerate(pages):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if not lines or index < 2:
            continue
        number = index + 1
        footer = re.split(r"\s{2,}", lines[-1])
        outer = footer[0] if number % 2 == 0 else footer[-1]
        if outer == str(number):
            numbered += 1
            assert len(footer) == 2 and "第8.1版" in footer[1 if number % 2 == 0 else 0], (number, lines[-1])
        if number % 2 == 0 and len(lines) > 3 and outer == str(number):
            assert re.match(r"^(第\d+章|目次|索引)", lines[0]), (number, lines[0])
    assert numbered > len(pages) * 0.8


# The 第8.1版 index lists the 効果 item (2.x) as the pair 即時効果 / 通常効果, words its page does not print.
INDEX_ONLY = {"即時効果", "通常効果"}


def test_index_with_page_numbers(book) -> None:
    pages = book.layout[index_start(book) - 1:]
    assert "索引" in pages[0]
    entries = []
    for line in (line for page in pages for line in page.splitlines()):
        for cell in re.split(r"\s{3,}", line.strip()):
            match = re.match(r"^(.*?),\s*([\d, ]+)$", cell)
            if match:
                entries.append((match.group(1), [int(n) for n in match.group(2).split(",") if n.strip()]))
    assert len(entries) >= 30
    for term, numbers in entries:
        for number in numbers:
            assert 3 <= number < len(book.pages)
            if not term.startswith("(") and term not in INDEX_ONLY:
                word = term.split(" (")[0]
                # An entry set before a list (the zones of 2.5: ライフ, 墓地, 場, 手札) points where the list begins.
                shown = _squash("".join(book.pages[number - 1:number + 1]))
                assert _squash(word) in shown, (term, number)


def test_fonts_are_embedded_noto_cjk(book) -> None:
    used = fonts(book.pdf)
    assert used and all("Noto" in font.name for font in used)
    assert all(font.embedded for font in used), "every font embedded"


def test_suits_render_in_the_text(book) -> None:
    text = "".join(book.pages)
    for suit in "♠♡♢♣":
        assert suit in text


def test_links_stay_inside_the_pdf(book) -> None:
    """Internal links jump within the PDF; none points at a file of the build machine."""
    reader = PdfReader(book.pdf)
    internal = uris = 0
    for page in reader.pages:
        for annotation in page.get("/Annots", []) or []:
            action = annotation.get_object().get("/A", {})
            if "/URI" in action:
                uris += 1
                assert not str(action["/URI"]).startswith("file:"), action["/URI"]
            elif annotation.get_object().get("/Dest") is not None or action.get("/S") == "/GoTo":
                internal += 1
    assert internal > 100


_WORD_BOX = re.compile(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>')
MM = 72 / 25.4


def test_text_stays_in_the_text_block(book) -> None:
    """No word prints in the margins (print.css: inner 15 mm, outer 12 mm, mirrored): table 8.1
    with its cells' padding on top of 100 % ran 13 mm into the outer margin of page 111, off the
    paper on a left-hand page."""
    out = book.text(book.pdf, "-bbox")  # as test_booklet reads it: once in the session
    width = 148 * MM
    for number, body in enumerate(out.split("<page ")[1:], 1):
        if number == 1:  # the cover: no margins
            continue
        left, right = (15 * MM, width - 12 * MM) if number % 2 == 0 else (12 * MM, width - 15 * MM)
        over = [text for x0, x1, text in _WORD_BOX.findall(body) if float(x0) < left - 1 or float(x1) > right + 1]
        assert not over, f"page {number}: {over[:5]} outside the text block"
