"""How the lists read in a real Chromium: suits, search, the phone layout (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.model import display

from .searchbox import search, searches

RED = "rgb(198, 40, 40)"  # #c62828, the red of the figures (toolchain/figures/card_svg.py)


@pytest.fixture(scope="module")
def module_page(browser):
    """One page for the module's tests (a browser context costs Chromium twice a page load); all.html keeps
    nothing between loads (no storage, no cookies)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


@pytest.fixture()
def page(module_page, site: Path):
    """all.html loaded afresh."""
    module_page.goto("about:blank")  # the last test's page gone, whatever its address
    module_page.errors.clear()
    module_page.goto((site / "html" / "all.html").as_uri())
    module_page.wait_for_selector("#bp-filters:not([hidden])")
    yield module_page
    assert module_page.errors == []


def _colours(page, selector: str) -> dict[str, set[str]]:
    """The computed colour of each suit character printed in `selector` (every text node's suit)."""
    return page.evaluate(
        """selector => {
            const found = {};
            for (const root of document.querySelectorAll(selector)) {
                const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    const style = getComputedStyle(node.parentElement);
                    // A drawing's text is coloured by its fill, the page's by its colour.
                    const colour = node.parentElement.closest('svg') ? style.fill : style.color;
                    for (const suit of ['♠', '♡', '♢', '♣']) {
                        if (node.textContent.includes(suit)) {
                            (found[suit] = found[suit] || new Set()).add(colour);
                        }
                    }
                }
            }
            return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v]]));
        }""",
        selector,
    )


def test_hearts_and_diamonds_print_red_everywhere(page) -> None:
    colours = _colours(page, "main")
    assert set(colours["♡"]) == {RED} and set(colours["♢"]) == {RED}
    assert RED not in colours["♠"] and RED not in colours["♣"]
    keycards = _colours(page, "#act-up .keycards")
    assert keycards == {"♡": [RED]}
    # ♢ drawn as tall as ♡ (Noto Sans CJK draws it smaller): its box at least as high.
    heights = page.evaluate("""() => ['.suit-diamond', '#act-up .suit-red'].map(
        s => document.querySelector(s).getBoundingClientRect().height)""")
    assert heights[0] >= heights[1]



def _in_viewport(page, anchor: str) -> bool:
    return page.evaluate("""id => { const r = document.getElementById(id).getBoundingClientRect();
                                    return r.top >= -1 && r.top < window.innerHeight; }""", anchor)


def katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def test_every_name_and_reading_finds_its_entry_and_the_hit_lands_on_it(page, definitions) -> None:
    entries = page.eval_on_selector_all("article.entry", "els => els.map(e => [e.id, e.querySelector('.name').textContent])")
    assert len(entries) == 68
    readings = {entry.anchor: entry.kana for listing in display.LISTINGS for group in display.grouped(definitions, listing)
                for entry in group.entries}
    unread = [name for anchor, name in entries if not readings[anchor]]
    assert unread == ["B・J", "R・S・F", "エントリー20"]  # the rulebook never says how these are read
    asked = [(anchor, query) for anchor, name in entries
             for query in ((name, readings[anchor], katakana(readings[anchor])) if readings[anchor] else (name,))]
    assert [(anchor, query) for (anchor, query), found in zip(asked, searches(page, [q for _, q in asked]), strict=True)
            if anchor not in found] == []
    assert searches(page, ["アップ"]) == [search(page, "アップ")]  # the searches above as a person types them
    for anchor, name in entries:
        search(page, name)
        page.click(f'#bp-hits a[href="#{anchor}"]')
        page.wait_for_function("id => location.hash === '#' + id", arg=anchor)
        assert _in_viewport(page, anchor), name


def test_search_by_reading_suit_word_and_either_tilde(page, definitions) -> None:
    assert "act-kill" in search(page, "きる")  # hiragana finds katakana
    found = search(page, "りあにめいと")
    assert [page.text_content(f"#{anchor} .name") for anchor in found] == ["リアニメイト"]
    assert "act-kill" in search(page, "ｷﾙ")  # half-width kana
    assert "act-soldier-summon" in search(page, "へいししょうかん")  # the reading of 兵士召喚
    assert "act-soldier-summon" in search(page, "ヘイシショウカン")
    assert search(page, "ほうへきはかい") == search(page, "ぼうへきはかい") == ["act-bulwark-break"]  # ゛ or not
    with_heart = page.eval_on_selector_all("article.entry", "els => els.filter(e => e.dataset.search.includes('♡')).map(e => e.id)")
    assert with_heart and search(page, "ハート") == with_heart
    assert search(page, "はーと") == with_heart
    suit_words = dict(definitions.rules.suits)
    assert search(page, suit_words["♢"]) == search(page, "♢")
    tilde = page.eval_on_selector_all("article.entry", "els => els.filter(e => e.querySelector('.keycards')?.textContent.includes('A〜10')).map(e => e.id)")
    assert tilde
    for typed in ("A~10", "A〜10", "a～10"):
        assert set(tilde) <= set(search(page, typed)), typed


def test_search_ignores_the_format_table_and_hidden_details(page) -> None:
    found = search(page, "ライト")
    assert 0 < len(found) < 10, found  # only entries whose printed text says ライト, not every [1] entry
    assert search(page, "導入バージョン") == []  # the folded details' summary
    assert search(page, "ex3.4") == []  # a version, in the details


def test_a_link_to_an_entry_the_filter_hides_shows_it(page) -> None:
    page.select_option("select[name=format]", value="lite")
    assert page.is_hidden("#act-kill")
    page.evaluate("location.hash = '#act-kill'")
    page.wait_for_selector("#act-kill", state="visible")
    assert _in_viewport(page, "act-kill")
    assert "キル" in page.text_content("#bp-problem")


def test_filter_url_uses_names_only(page) -> None:
    page.select_option("select[name=format]", value="pro")
    page.select_option("select[name=frame]", value="all")
    assert "frame=%E3%81%99%E3%81%B9%E3%81%A6" in page.url  # すべて, not all
    page.select_option("select[name=frame]", value="strategy")
    assert page.url.endswith("?format=%E3%83%97%E3%83%AD&frame=%E3%82%B9%E3%83%88%E3%83%A9%E3%83%86%E3%82%B8%E3%83%BC")


@pytest.fixture(scope="module")
def phone(browser):
    """One phone for the pages of the module's phone tests, each of which loads its own page."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


ONE_LINE_HEADERS = """() => [...document.querySelectorAll('th, h1, h2, h3, h4')].filter(el => el.offsetParent !== null).filter(el => {
    const text = el.textContent.trim();
    const lines = el.getClientRects().length && Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    return text.length > 1 && lines >= text.length;  // one character a line
}).map(el => el.textContent.trim())"""


@pytest.mark.parametrize("name", ["all.html", "pro-strategy.html", "lite.html"])
def test_phone_first_entry_on_first_screen_no_header_one_character_a_line(phone, site: Path, name: str) -> None:
    phone.goto((site / "html" / name).as_uri())
    top = phone.evaluate("document.querySelector('article.entry').getBoundingClientRect().top")
    assert top < 844 - 100, top  # the first entry's heading and first lines are on the first screen
    assert phone.evaluate(ONE_LINE_HEADERS) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone


def test_without_javascript_the_page_says_where_the_static_lists_are(browser, site: Path) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((site / "html" / "all.html").as_uri() + "?format=" + "%E3%83%97%E3%83%AD")
    notice = page.locator("noscript p, p.problem").filter(has_text="JavaScript")
    assert notice.count() == 1
    hrefs = page.eval_on_selector_all("p.problem a", "els => els.map(a => a.getAttribute('href'))")
    assert "pro.html" in hrefs and "pro-strategy.html" in hrefs and len(hrefs) == 4 + 10
    for href in hrefs:
        assert (site / "html" / href).is_file(), href
    context.close()
