"""The rulebook's links to the site's other outputs: relative in the HTML (a local build links its
own files), the public address in print (付録), with the Japanese of an address never %-encoded."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from toolchain.sphinxext.sitelinks import printed_link, public_address, site_path

from .htmltext import read

BASE = "https://blackpoker.github.io/BlackPoker/master/"  # rules.yaml edition.url, as the 第8.1版 付録 prints it
APPENDIX_FILES = [
    "blackpoker.pdf", "blackpoker_a5-booklet.pdf",
    "actionlist/html/lite.html", "actionlist/pdf/blackpoker-lite.pdf", "actionlist/pdf/blackpoker-lite-2up.pdf",
    "actionlist/html/master.html", "actionlist/pdf/blackpoker-mast.pdf", "actionlist/pdf/blackpoker-mast-2up.pdf",
    "actionlist/html/all.html", "actionlist/pdf/blackpoker-all.pdf", "actionlist/pdf/blackpoker-all-2up.pdf",
]


def _appendix_text(book) -> str:
    start = next(i for i, page in enumerate(book.pages) if "通常版" in page and "中綴じ印刷用" in page)
    return "".join(book.pages[start:start + 3])


def test_the_printed_appendix_gives_absolute_addresses_each_on_one_line(book) -> None:
    lines = [line.strip() for line in _appendix_text(book).splitlines()]
    assert [line for line in lines if line.startswith("https://")] == [BASE + path for path in APPENDIX_FILES]


def test_nothing_printed_is_a_relative_path_or_percent_encoded(book) -> None:
    text = "".join(book.pages)
    assert "../" not in text
    assert not re.search(r"%[0-9A-F]{2}", text)


def test_the_pdf_links_the_public_addresses(book) -> None:
    uris = [
        str(annotation.get_object()["/A"]["/URI"])
        for page in PdfReader(book.pdf).pages
        for annotation in page.get("/Annots", []) or []
        if "/URI" in annotation.get_object().get("/A", {})
    ]
    assert sorted(uris) == sorted(BASE + path for path in APPENDIX_FILES)


def test_the_html_appendix_links_the_files_next_to_the_rulebook(book) -> None:
    links = [url for tag, url in read(book.html / "appendix.html").links if tag == "a" and url.startswith("../")]
    assert [url for url in links if not url.startswith("../_")][-len(APPENDIX_FILES):] == ["../" + p for p in APPENDIX_FILES]
    text = (book.html / "appendix.html").read_text(encoding="utf-8")
    assert f">{BASE}actionlist/html/lite.html</a>" in text  # the address a reader can type, as in print


def test_every_html_page_links_each_formats_list_and_the_pdfs(book) -> None:
    expected = {"../actionlist/html/lite.html", "../actionlist/html/standard.html", "../actionlist/html/pro.html",
                "../actionlist/html/master.html", "../actionlist/html/all.html", "../blackpoker.pdf",
                "../blackpoker_a5-booklet.pdf", "../actionlist/pdf/blackpoker-std.pdf"}
    for page in sorted(book.html.glob("*.html")):
        links = {url for tag, url in read(page).links if tag == "a"}
        assert expected <= links, page.name


def test_a_query_is_printed_in_japanese_and_linked_encoded() -> None:
    assert public_address(BASE, "actionlist/html/all.html?format=%E3%83%97%E3%83%AD") == BASE + "actionlist/html/all.html?format=プロ"
    assert printed_link(BASE, "../actionlist/html/all.html?format=プロ") == BASE + "actionlist/html/all.html?format=%E3%83%97%E3%83%AD"


def test_an_unknown_target_or_format_is_refused(definitions) -> None:
    with pytest.raises(ValueError, match="unknown site target 'list:'"):
        site_path(definitions, "list:")
    with pytest.raises(ValueError, match="no format 'lyte'"):
        site_path(definitions, "list-pdf:lyte")
