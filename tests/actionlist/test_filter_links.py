"""all.html's links follow its filters: a player who filtered to プロ + ストラテジー and taps 印刷用 PDF gets that
regulation's leaflet, not the whole list's, and the edition bar's 「第9.1.1版では」 opens the same view in the other
edition. The page alone is rendered (no PDF is laid out), with the bar a site of two editions puts on it, and opened
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
    from toolchain.site.crosslinks import bar, with_bar
    from toolchain.site.editions import Edition

    own, newer = Edition(ROOT, "v8.1", "第8.1版", "v8.1"), Edition(ROOT, "v9.1.1", "第9.1.1版", "")
    page = tmp_path_factory.mktemp("lists") / "html" / "all.html"
    page.parent.mkdir()
    page.write_text(with_bar(everything.page_html, bar(own, [(newer, OTHER_EDITION)])), encoding="utf-8")
    return page


OTHER_EDITION = "../../../actionlist/html/all.html"


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


def test_the_other_editions_link_opens_the_same_view(page, all_html: Path) -> None:
    query = "format=" + quote("プロ") + "&frame=" + quote("ストラテジー")
    page.goto(all_html.as_uri() + "?" + query)
    page.wait_for_selector("#bp-filters:not([hidden])")
    assert page.get_attribute("nav.bp-editions a", "href") == f"{OTHER_EDITION}?{query}"
    page.select_option("select[name=format]", label="すべて")
    page.select_option("select[name=frame]", label="すべて")
    assert page.get_attribute("nav.bp-editions a", "href") == OTHER_EDITION
    page.fill("input[name=q]", "キル")
    assert page.get_attribute("nav.bp-editions a", "href") == OTHER_EDITION + "?q=" + quote("キル")
