"""The rulebook (HTML, PDF, booklet) is the session's one shared `bp build` of this repository
(tests/shared.py; `bp rulebook` runs the same build step, test_command.py); every test reads that build."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest

from tests.shared import SiteBuild

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Book:
    site: Path
    cache: Path

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
        return pdf_pages(self.pdf)

    @cached_property
    def layout(self) -> list[str]:
        """The PDF's text page by page as laid out (`pdftotext -layout`): read once, poppler takes seconds
        over the book (its pages sliced are what `-f`/`-l` would give)."""
        return pdf_pages(self.pdf, "-layout")


def pdf_pages(pdf: Path, *args: str) -> list[str]:
    out = subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return out.split("\f")[:-1]


def index_start(book: Book) -> int:
    """The page (from 1) the 索引 begins on: its running header and its title both say 索引."""
    return next(number for number, text in enumerate(book.pages, 1) if text.startswith("索引\n\n索引\n"))


@pytest.fixture(scope="session")
def book(site_build: SiteBuild) -> Book:
    return Book(site_build.own_site, site_build.own_cache)


@pytest.fixture(scope="session")
def definitions():
    from toolchain.model.loader import load_definitions

    return load_definitions(ROOT).definitions
