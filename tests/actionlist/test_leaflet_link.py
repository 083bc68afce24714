"""all.html's 印刷用 PDF link prints the list its filters show: a player who filtered to プロ + ストラテジー and taps it
gets that regulation's leaflet, not the whole list's. The page alone is rendered (no PDF is laid out) and opened
from file:// in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.actionlist.conftest import ROOT


@pytest.fixture(scope="module")
def all_html(tmp_path_factory: pytest.TempPathFactory, definitions) -> Path:
    from toolchain.actionlist.site import list_outputs

    (everything,) = [output for output in list_outputs(ROOT, definitions) if output.selection.is_everything]
    page = tmp_path_factory.mktemp("lists") / "html" / "all.html"
    page.parent.mkdir()
    page.write_text(everything.page_html, encoding="utf-8")
    return page


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context()
    yield context.new_page()
    context.close()


def _leaflet(page, address: str) -> str:
    page.goto(address)
    page.wait_for_selector("#bp-filters:not([hidden])")
    return page.get_attribute("a.pdf-link", "href")


def test_each_list_the_filters_show_links_its_own_leaflet(page, all_html: Path, definitions) -> None:
    from toolchain.actionlist.selection import every_format, every_regulation
    from toolchain.actionlist.site import pdf_name

    lists = [*every_format(definitions), *every_regulation(definitions)]
    assert len(lists) > 5
    for selection in lists:
        query = []
        if selection.format:
            query.append(f"format={quote(selection.format.name)}")
            if selection.frames and selection.frame_choice != "none":
                query.append(f"frame={quote(selection.frames[0].name)}")
        address = all_html.as_uri() + ("?" + "&".join(query) if query else "")
        assert _leaflet(page, address) == f"../pdf/{pdf_name(selection)}", selection.title()


def test_a_view_without_a_leaflet_of_its_own_links_the_whole_lists(page, all_html: Path) -> None:
    address = all_html.as_uri() + "?format=" + quote("プロ") + "&frame=" + quote("すべて")
    assert _leaflet(page, address) == "../pdf/blackpoker-all.pdf"


def test_the_link_follows_the_filters_as_they_are_changed(page, all_html: Path) -> None:
    assert _leaflet(page, all_html.as_uri()) == "../pdf/blackpoker-all.pdf"
    page.select_option("select[name=format]", label="プロ")  # with every frame table 3.1 plays with プロ: no leaflet
    assert page.get_attribute("a.pdf-link", "href") == "../pdf/blackpoker-all.pdf"
    page.select_option("select[name=frame]", label="なし")
    assert page.get_attribute("a.pdf-link", "href") == "../pdf/blackpoker-pro.pdf"
    page.select_option("select[name=frame]", label="ストラテジー")
    assert page.get_attribute("a.pdf-link", "href") == "../pdf/blackpoker-pro-strategy.pdf"
