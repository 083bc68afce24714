"""The rulebook is built once per session (HTML, PDF, booklet) into a temporary site, by the
command users run (`bp rulebook`); every test reads that build."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest

from tests.runbp import bp

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


def pdf_pages(pdf: Path, *args: str) -> list[str]:
    out = subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return out.split("\f")[:-1]


def index_start(book: Book) -> int:
    """The page (from 1) the 索引 begins on: its running header and its title both say 索引."""
    return next(number for number, text in enumerate(book.pages, 1) if text.startswith("索引\n\n索引\n"))


@pytest.fixture(scope="session")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    site = tmp_path_factory.mktemp("rulebook-site")
    cache = tmp_path_factory.mktemp("rulebook-cache")
    run = bp("rulebook", "--root", str(ROOT), "--out", str(site), "--cache", str(cache), timeout=1800)
    assert run.returncode == 0, run.stderr
    return Book(site, cache)


@pytest.fixture(scope="session")
def definitions():
    from toolchain.model.loader import load_definitions

    return load_definitions(ROOT).definitions
