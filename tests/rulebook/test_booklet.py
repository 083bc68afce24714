"""The saddle-stitch booklet, read back: the page number printed in each half of every A4 side.

N is the page count padded to a multiple of 4; sheet i (from 0) has pages N−2i | 2i+1 on its
front and 2i+2 | N−2i−1 on its back, so every side sums to N+1; every page appears once; the
padding pages are blank."""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.pdfcheck import tagged_pdf_problems
from tests.pdfread import pdftotext

from toolchain.imposition import BOOKLET_NOTE
from toolchain.imposition import booklet as impose_booklet

_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">(.*?)</word>')


def halves(pdf: Path, split: bool, read: Callable[..., str] = pdftotext) -> list[tuple[int | None, bool]]:
    """For every page (or every half page when `split`): (the number printed at its foot, whether it holds any text).
    `read`: what gives `pdftotext -bbox`'s output (the book's: read once in the session)."""
    out = read(pdf, "-bbox")
    found = []
    for width, height, body in _PAGE.findall(out):
        words = [(float(x), float(y), html.unescape(t)) for x, y, t in _WORD.findall(body)]
        parts = [(0.0, float(width) / 2), (float(width) / 2, float(width))] if split else [(0.0, float(width))]
        for left, right in parts:
            mine = [w for w in words if left <= w[0] < right]
            corner = (right - left) * 0.2  # page numbers sit at the outer corners, not the cover's centred ©
            foot = [t for x, y, t in mine if y > float(height) * 0.93 and t.isdigit() and (x < left + corner or x > right - corner)]
            found.append((int(foot[-1]) if foot else None, bool(mine)))
    return found


def check_booklet(source: Path, booklet: Path, read: Callable[..., str] = pdftotext) -> None:
    pages = halves(source, split=False, read=read)
    count = len(pages)
    n = -(-count // 4) * 4
    for page, (number, _) in enumerate(pages, 1):
        assert number in (page, None), f"page {page} prints {number}"
    sides = halves(booklet, split=True, read=read)
    assert len(sides) == n, "two halves per side, N/2 sides"
    seen = []
    for side in range(n // 2):
        i = side // 2
        expected = (n - 2 * i, 2 * i + 1) if side % 2 == 0 else (2 * i + 2, n - 2 * i - 1)
        assert sum(expected) == n + 1
        for half, page in enumerate(expected):
            number, inked = sides[2 * side + half]
            if page > count:
                assert not inked, f"padding page {page} is not blank"
                continue
            printed, source_inked = pages[page - 1]
            assert number == printed, f"side {side + 1}, half {half + 1}: page {page} expected, {number} read"
            assert inked == source_inked
            seen.append(page)
    assert sorted(seen) == list(range(1, count + 1)), "every page exactly once"
    blank_halves = sum(1 for _, inked in sides if not inked)
    assert blank_halves == (n - count) + sum(1 for _, inked in pages if not inked)


@pytest.mark.parametrize("count", [1, 4, 6, 9])
def test_booklet_of_numbered_pages(tmp_path: Path, count: int) -> None:
    import weasyprint

    pages = "".join(f'<div style="break-after: page">page {i}</div>' for i in range(1, count + 1))
    source, target = tmp_path / "a5.pdf", tmp_path / "booklet.pdf"
    style = "@page { size: A5; @bottom-right { content: counter(page) } }"
    weasyprint.HTML(string=f"<style>{style}</style>{pages}").write_pdf(source)
    impose_booklet(source, target)
    check_booklet(source, target)
    assert all(page.mediabox.width > page.mediabox.height for page in PdfReader(target).pages), "A4 landscape"
    sheets = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True, check=True).stdout
    assert "中とじ" not in sheets  # how to print it is no page's ink: folded, it crossed the cover and every spread
    assert PdfReader(target).metadata.subject == BOOKLET_NOTE  # but in the file's metadata (and on the site's index)
    assert PdfReader(target).metadata.title == "A4 製本用"  # the source has no title: what it is


def test_the_booklet_keeps_the_tags_in_reading_order(tmp_path: Path) -> None:
    """The pages are drawn as forms onto the sheets in folding order; a screen reader still reads them
    in the book's order (their tags name the sheet and the form), links left out (a form has none)."""
    import weasyprint

    pages = "".join(f'<section style="break-after: page"><h1>見出し {i}</h1><p>本文 {i} <a href="#h{i}">リンク</a></p></section>'
                    for i in range(1, 6))
    source, target = tmp_path / "a5.pdf", tmp_path / "booklet.pdf"
    weasyprint.HTML(string=f'<html lang="ja"><title>本</title><style>@page {{ size: A5 }}</style>{pages}</html>').write_pdf(
        source, pdf_tags=True)
    impose_booklet(source, target)
    tree = subprocess.run(["pdfinfo", "-struct-text", str(target)], capture_output=True, text=True, check=True).stdout
    read = re.findall(r'"(.*?)"', tree)
    assert [text for text in read if text.startswith("見出し")] == [f"見出し {i}" for i in range(1, 6)]
    assert "本文 3 " in read and "リンク" in read
    assert tagged_pdf_problems(target) == []
    assert PdfReader(target).metadata.title == "本 (A4 製本用)"


def test_booklet_of_the_book(book) -> None:
    check_booklet(book.pdf, book.booklet, book.text)
