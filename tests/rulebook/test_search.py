"""The rulebook's search in Chromium: every action, character and trump found by its name (compound
words too: 防壁破壊, 兵士召喚) and by its reading in hiragana or katakana (ぼうへきはかい, ボウヘキハカイ), each
hit landing on its entry; any word of the text, compounds included (パス記録), as the index split it; the
name hits and Sphinx's results on one list; from a file, no errors and a notice."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from sphinx.search.ja import DefaultSplitter

from toolchain.model import display

from .test_index_order import _genindex

NOT_FOUND = "どの文書にも見つかりませんでした"  # Sphinx's Japanese "Your search did not match any documents"


@pytest.fixture(scope="module")
def search_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page, problems
    context.close()


def _search(book, page, query: str) -> tuple[str, list[tuple[str, str]]]:
    """The summary Sphinx writes when the search is done, and each result as (class, link)."""
    page.goto(f"{(book.html / 'search.html').as_uri()}?q={quote(query)}")
    page.wait_for_function("() => (document.querySelector('#search-results .search-summary') || {}).textContent",
                           timeout=10_000)
    results = page.eval_on_selector_all("#search-results ul.search > li",
                                        "items => items.map(li => [li.className, li.querySelector('a').getAttribute('href')])")
    return page.text_content("#search-results .search-summary"), [(kind, href) for kind, href in results]


def _hits(book, page, query: str) -> list[str]:
    """The links of the name hits."""
    return [href for kind, href in _search(book, page, query)[1] if kind == "kind-bp-name"]


def _results(book, page, queries: list[str]) -> list[list[tuple[str, str]]]:
    """What `_search` reads off the page for each query, asked of the search page once loaded: the query parsed and
    searched by the functions the page calls (with the name hits bp-search.js adds), each result as the page lists
    it (class, link), without a page load and the display's pauses for each (test_results_are_what_the_page_lists)."""
    page.goto((book.html / "search.html").as_uri())
    page.wait_for_function("() => Search.hasIndex()", timeout=10_000)
    found = page.evaluate("""queries => queries.map(query => {
        const [searched, terms, excluded, highlighted, objects] = Search._parseQuery(query);
        // listed from the end of the array (searchtools.js's _displayNextItem), linked as its _displayItem links
        return Search._performSearch(searched, terms, excluded, highlighted, objects).reverse()
            .map(([doc, , anchor, , , , kind]) => [`kind-${kind}`, doc + DOCUMENTATION_OPTIONS.LINK_SUFFIX + anchor]);
    })""", queries)
    return [[(kind, href) for kind, href in results] for results in found]


def _katakana(text: str) -> str:
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def test_every_action_character_and_trump_is_found_by_its_name_and_reading_and_lands_on_its_entry(
        book, definitions, search_page) -> None:
    page, _ = search_page
    entries = [display.entry(definitions, definition)
               for definition in (*definitions.actions, *definitions.frame_actions, *definitions.characters, *definitions.trumps)]
    assert [entry.name for entry in entries if not entry.kana] == ["B・J", "R・S・F"]  # the rulebook never says how these are read
    # Katakana folds to hiragana for every query alike: its own tests below (ヘイシショウカン, ウラキリフダ).
    asked = [(query, entry.anchor) for entry in entries for query in (entry.name, entry.kana) if query]
    found = _results(book, page, [query for query, _ in asked])
    missing = [query for (query, anchor), results in zip(asked, found, strict=True)
               if not any(kind == "kind-bp-name" and href.endswith(f"#{anchor}") for kind, href in results)]
    assert missing == []


@pytest.mark.parametrize("query", ["防壁破壊", "兵士召喚", "防壁破壊の効果"])
def test_compound_words_find_their_entry(book, search_page, definitions, query: str) -> None:
    page, _ = search_page
    action = next(a for a in definitions.actions if query.startswith(a.name))
    assert any(href.endswith("#" + display.entry(definitions, action).anchor) for href in _hits(book, page, query))


@pytest.mark.parametrize("query", ["兵士召喚", "へいししょうかん", "ヘイシショウカン"])
def test_a_hit_opens_at_the_entry_not_the_chapter_top(book, search_page, query: str) -> None:
    page, _ = search_page
    assert len(_hits(book, page, query)) == 1
    page.click("#search-results li.kind-bp-name a")
    page.wait_for_load_state("load")
    # The browser scrolls to the fragment once the page is laid out; give it that moment.
    page.wait_for_function("""() => {
        const entry = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        const top = entry && entry.getBoundingClientRect().top;
        return entry && top >= 0 && top < window.innerHeight / 2;
    }""", timeout=5_000)
    assert page.evaluate("location.hash") == "#act-soldier-summon"
    assert page.evaluate("window.scrollY") > 1000, "the page opened at its top"


def test_from_a_file_no_errors_and_a_notice_instead_of_snippets(book, search_page) -> None:
    page, problems = search_page
    problems.clear()
    fetched: list[str] = []

    def record(request) -> None:
        fetched.append(request.url)

    page.on("request", record)
    try:
        _, results = _search(book, page, "ダメージ")
    finally:
        page.remove_listener("request", record)
    assert "抜粋は表示されません" in page.inner_text(".bp-search-notice")
    assert results
    # Each result is listed before the summary is written: a snippet would have been asked for by then.
    pages = {(book.html / href.split("#")[0]).as_uri() for _, href in results}
    assert [url for url in fetched if url in pages] == []
    assert problems == []


def test_part_of_a_reading_finds_every_name_read_so(book, search_page) -> None:
    page, _ = search_page
    assert sorted(_hits(book, page, "はかい")) == sorted(_hits(book, page, "破壊"))  # 防壁破壊, 切札破壊
    assert len(_hits(book, page, "はかい")) == 2


def test_a_reading_is_found_with_or_without_voicing_marks(book, search_page, definitions) -> None:
    """A reader who reads 裏切札 without rendaku (うらきりふだ) or drops a ゛ still finds it."""
    page, _ = search_page
    hidden = display.entry(definitions, next(t for t in definitions.trumps if t.name == "裏切札"))
    for query in ("うらぎりふだ", "うらきりふだ", "ウラキリフダ", _katakana(hidden.kana)):
        assert any(href.endswith(f"#{hidden.anchor}") for href in _hits(book, page, query)), query


def _pages_with(book, text: str) -> set[str]:
    """The chapter pages whose text (tags left out) has `text`; a figure's words, listed under it for a phone, are
    the figure's (its alt text), not the page's text the search indexes."""
    found = set()
    for page in book.html.glob("*.html"):
        html = re.sub(r'<details class="bp-figure-words">.*?</details>', "", page.read_text(encoding="utf-8"), flags=re.S)
        body = re.sub(r"<[^>]+>", "", html)
        if page.name not in ("genindex.html", "search.html") and text in body:
            found.add(page.name)
    return found


@pytest.mark.parametrize("query", ["パス記録", "ドライブ状態", "墓地の一番上"])
def test_a_compound_of_the_text_finds_the_pages_that_say_it(book, search_page, query: str) -> None:
    """Sphinx's own query splitting looked these up as one word, which its index never holds (sphinx-doc/sphinx#13395)."""
    page, _ = search_page
    summary, results = _search(book, page, query)
    assert NOT_FOUND not in summary
    shown = {href.split("#")[0] for _, href in results}
    assert _pages_with(book, query) <= shown


def test_every_term_of_the_index_is_found(book, search_page) -> None:
    page, _ = search_page
    terms = sorted({re.sub(r"\s*\(.*\)$", "", text) for depth, text in _genindex(book).entries if depth == 1})
    assert len(terms) > 30
    missing = [term for term, results in zip(terms, _results(book, page, terms), strict=True) if not results]
    assert missing == []


@pytest.mark.parametrize("query", ["ブラックジャック", "へいししょうかん", "パス記録", "Joker", "ダメージ", "zqxj"])
def test_results_are_what_the_page_lists(book, search_page, query: str) -> None:
    """The results asked of the loaded page (_results, which the tests of every name and every index term read) are
    those the page lists for the same query: name hits, Sphinx's own, and none."""
    page, _ = search_page
    (results,) = _results(book, page, [query])
    assert results == _search(book, page, query)[1]


@pytest.mark.parametrize(("query", "anchor"), [("B・J", "act-blackjack"), ("ブラックジャック", "act-blackjack"),
                                               ("ロイヤルストレートフラッシュ", "act-royal-straight-flush")])
def test_a_name_hit_heads_the_one_list_of_results(book, search_page, query: str, anchor: str) -> None:
    """The name hit is the first result of Sphinx's own list, counted in its summary: never followed by
    "not found" (ブラックジャック is in no text: only B・J's search_terms say it)."""
    page, _ = search_page
    summary, results = _search(book, page, query)
    assert results[0] == ("kind-bp-name", f"format.html#{anchor}")
    assert NOT_FOUND not in summary and f"{len(results)} 件" in summary
    assert page.eval_on_selector_all("#search-results ul", "lists => lists.length") == 1


def test_the_search_page_splits_a_query_as_the_index_split_the_text(book, search_page) -> None:
    """splitQuery in the browser against Sphinx's own Python splitter, on every paragraph of the rulebook's text:
    the same words, less those of one character, which the index never holds (SearchJapanese.word_filter)."""
    page, _ = search_page
    _search(book, page, "ダメージ")
    texts = [re.sub(r"<[^>]+>", "", p) for name in ("common", "core", "frame")
             for p in re.findall(r"<p>(.*?)</p>", (book.html / f"{name}.html").read_text(encoding="utf-8"), re.S)]
    texts = [" ".join(text.split()) for text in texts if text.strip()]
    assert len(texts) > 100
    splitter = DefaultSplitter({})
    expected = [[word for word in splitter.split(text) if len(word) > 1] for text in texts]
    assert page.evaluate("texts => texts.map(splitQuery)", texts) == expected


def test_a_word_that_stands_for_a_card_finds_what_the_text_says_of_the_card(book, search_page, definitions) -> None:
    """rules.yaml gives Joker the search term ジョーカー (the action lists' search reads it so); the text writes
    Joker, and the rulebook's search finds it from either, in katakana, hiragana or half-width."""
    page, _ = search_page
    assert definitions.rules.rank_terms["Joker"] == ("ジョーカー",)
    summary, joker = _search(book, page, "Joker")
    assert joker and NOT_FOUND not in summary
    assert {href.split("#")[0] for _, href in joker} >= _pages_with(book, "Joker") - {"index.html"}
    for query in ("ジョーカー", "じょーかー", "ｼﾞｮｰｶｰ"):
        summary, found = _search(book, page, query)
        assert found == joker and NOT_FOUND not in summary, query
