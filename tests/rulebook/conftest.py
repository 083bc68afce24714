"""The rulebook (HTML, PDF, booklet) is the session's one shared `bp build` of this repository
(tests/shared.py; `bp rulebook` runs the same build step, test_command.py); every test reads that build."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest

from tests.pdfread import pdftotext, rasterised
from tests.shared import SiteBuild, session_folder

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Book:
    site: Path
    cache: Path
    readings: Path | None = None  # where poppler's readings of its PDFs are kept for the session (tests/pdfread.py)

    @property
    def html(self) -> Path:
        return self.site / "rulebook"

    @property
    def pdf(self) -> Path:
        return self.site / "blackpoker.pdf"

    @property
    def booklet(self) -> Path:
        return self.site / "blackpoker_a5-booklet.pdf"

    @property
    def print_html(self) -> Path:
        """The single page WeasyPrint turned into the PDF."""
        return self.cache / "pdf" / "index.html"

    @cached_property
    def pages(self) -> list[str]:
        """The PDF's text, page by page (index 0 is page 1)."""
        return pdf_pages(self.pdf, cache=self.readings)

    @cached_property
    def layout(self) -> list[str]:
        """The PDF's text page by page as laid out (`pdftotext -layout`): read once, poppler takes seconds
        over the book (its pages sliced are what `-f`/`-l` would give)."""
        return pdf_pages(self.pdf, "-layout", cache=self.readings)

    def text(self, pdf: Path, *args: str) -> str:
        """`pdftotext ARGS PDF -` of one of its PDFs, read once in the session."""
        return pdftotext(pdf, *args, cache=self.readings)

    def pages_rasterised(self, pdf: Path, dpi: int) -> list[Path]:
        """One of its PDFs' pages rendered in grey (`pdftoppm -gray`), once in the session."""
        assert self.readings is not None
        return rasterised(pdf, dpi, self.readings)


def pdf_pages(pdf: Path, *args: str, cache: Path | None = None) -> list[str]:
    return pdftotext(pdf, *args, cache=cache).split("\f")[:-1]


def index_start(book: Book) -> int:
    """The page (from 1) the 索引 begins on: its running header and its title both say 索引."""
    return next(number for number, text in enumerate(book.pages, 1) if text.startswith("索引\n\n索引\n"))


@pytest.fixture(scope="session")
def book(site_build: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Book:
    return Book(site_build.own_site, site_build.own_cache, session_folder(tmp_path_factory) / "pdf-readings")


@pytest.fixture(scope="session")
def definitions():
    from toolchain.model.loader import load_definitions

    return load_definitions(ROOT).definitions
