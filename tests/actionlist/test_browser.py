"""The filters of all.html in a real headless Chromium (Debian's, driven by Playwright), opened
from file:// as a player would open a downloaded copy."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from . import rulebook
from .searchbox import search, searches


@pytest.fixture(scope="module")
def module_page(browser, site: Path):
    """One page for the module's tests (a browser context costs Chromium twice a page load): the page keeps
    nothing between loads (no storage, no cookies), and each test opens its own address."""
    context = browser.new_context()
    page = context.new_page()
    page.requests = []
    page.errors = []
    page.on("request", lambda request: page.requests.append(request.url))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.all_html = (site / "html" / "all.html").as_uri()
    yield page
    context.close()


@pytest.fixture()
def page(module_page):
    module_page.goto("about:blank")  # the last test's page gone: an address with only another #anchor is a new load
    module_page.requests.clear()
    module_page.errors.clear()
    yield module_page
    assert module_page.errors == []
    assert all(url.startswith("file://") for url in module_page.requests), module_page.requests  # nothing from elsewhere


def _open(page, query: str = "") -> None:
    page.goto(page.all_html + query)
    page.wait_for_selector("#bp-filters:not([hidden])")


def _visible(page, kind: str | None = None) -> list[str]:
    """Headings of the visible entries, as `エンド (基本)`."""
    selector = "article.entry" + (f'[data-kind="{kind}"]' if kind else "")
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.offsetParent !== null).map(e => {
            const c = e.querySelector('.category');
            return e.querySelector('.name').textContent + (c ? ' ' + c.textContent : '');
        })""",
    )


def _query(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_format_from_the_url_then_pro_and_strategy_then_an_illegal_pair(page) -> None:
    _open(page, "?format=" + quote("ライト"))
    assert len(_visible(page, "action")) == 19
    assert "アクションリスト 19" in page.text_content("#bp-status")
    assert page.get_attribute("#bp-status", "aria-live") == "polite"

    page.select_option("select[name=format]", label="プロ")
    page.select_option("select[name=frame]", label="ストラテジー")
    assert _query(page) == {"format": ["プロ"], "frame": ["ストラテジー"]}
    assert len(_visible(page, "action")) == 31
    assert _visible(page) == [x.heading for x in rulebook.entries("プロ", ("ストラテジー",))]
    assert page.text_content("#bp-regulation") == "プロ + ストラテジー"
    assert "フレームアクションリスト 4" in page.text_content("#bp-status")

    page.select_option("select[name=frame]", value="extra")  # エクストラ is マスター only (table 3.1)
    assert _visible(page) == []
    problem = page.text_content("#bp-problem")
    assert page.is_visible("#bp-problem") and "3.1" in problem and "プロ + エクストラ" in problem and "マスター" in problem
    assert page.text_content("#bp-status") == "表示: 0 件"
    assert _query(page) == {"format": ["プロ"], "frame": ["エクストラ"]}
    assert page.is_hidden("#list-actions")  # no list, no heading
    # The frame menu marks what the format cannot be played with.
    assert page.eval_on_selector("select[name=frame] option[value=extra]", "o => o.textContent") == "エクストラ (×)"


@pytest.mark.parametrize("format_name", rulebook.FORMATS)
def test_each_format_by_name_and_id(page, format_name: str) -> None:
    expected = [x.heading for x in rulebook.entries(format_name)]
    for key in (format_name, rulebook.FORMAT_IDS[format_name]):
        _open(page, "?format=" + quote(key))
        assert _visible(page) == expected
        assert len(_visible(page, "action")) == rulebook.ACTION_COUNTS[format_name]


def test_each_legal_regulation(page) -> None:
    """By ids (?format=pro&frame=strategy); by names, as the filters write them, in
    test_every_address_the_filters_write_reads_back_as_the_same_view."""
    for format_name, frame_name in rulebook.legal_regulations():
        _open(page, f"?format={rulebook.FORMAT_IDS[format_name]}&frame={rulebook.FRAME_IDS[frame_name]}")
        assert _visible(page) == [x.heading for x in rulebook.entries(format_name, (frame_name,))], (format_name, frame_name)


def test_each_illegal_regulation_says_so(page) -> None:
    for format_name, frame_name in rulebook.illegal_regulations():
        _open(page, f"?format={quote(format_name)}&frame={quote(frame_name)}")
        assert _visible(page) == []
        assert "3.1" in page.text_content("#bp-problem")


def test_no_filter_shows_everything_and_all_frames_of_a_format(page) -> None:
    _open(page)
    assert _visible(page) == [x.heading for x in rulebook.everything()]
    assert "表示: 68 件" in page.text_content("#bp-status")
    page.select_option("select[name=format]", label="スタンダード")
    # The frame stays "すべて": the format with every frame table 3.1 allows it.
    frames = tuple(f for f in rulebook.FRAMES if "スタンダード" in rulebook.REGULATIONS[f])
    assert _visible(page) == [x.heading for x in rulebook.entries("スタンダード", frames)]
    assert _query(page) == {"format": ["スタンダード"], "frame": ["すべて"]}  # names throughout, not `all`
    page.select_option("select[name=frame]", label="なし")
    assert _query(page) == {"format": ["スタンダード"]}
    page.select_option("select[name=format]", label="すべて")
    assert _query(page) == {"frame": ["なし"]}
    assert len(_visible(page)) == 37 + 6 + 3


def _view(page) -> dict[str, object]:
    """What a player sees of the filters: the labels chosen, the heading, the status, the problem, the entries shown."""
    return page.evaluate("""() => ({
        format: document.querySelector('select[name=format]').selectedOptions[0].textContent,
        frame: document.querySelector('select[name=frame]').selectedOptions[0].textContent,
        heading: document.getElementById('bp-regulation').textContent,
        status: document.getElementById('bp-status').textContent,
        problem: document.getElementById('bp-problem').hidden ? '' : document.getElementById('bp-problem').textContent,
        entries: [...document.querySelectorAll('article.entry')].filter(e => !e.hidden).map(e => e.id),
    })""")


def _options(page, name: str) -> list[str]:
    return page.eval_on_selector_all(f"select[name={name}] option", "options => options.map(o => o.value)")


def test_every_address_the_filters_write_reads_back_as_the_same_view(page) -> None:
    """The player's guide promises that the address can be shared: each format × frame the menus offer,
    chosen in the menus, and the address they write opened afresh, shows the same list; a regulation of
    table 3.1 opened by its names (?format=プロ&frame=ストラテジー) lists what the rulebook does."""
    _open(page)
    fresh = page.context.new_page()
    checked = []
    legal = {(rulebook.FORMAT_IDS[format_name], rulebook.FRAME_IDS[frame_name]): rulebook.entries(format_name, (frame_name,))
             for format_name, frame_name in rulebook.legal_regulations()}

    def same_when_reloaded() -> None:
        chosen = _view(page)
        fresh.goto(page.url)
        fresh.wait_for_selector("#bp-filters:not([hidden])")
        assert _view(fresh) == chosen, page.url
        checked.append(len(chosen["entries"]))
        regulation = (page.eval_on_selector("select[name=format]", "s => s.value"),
                      page.eval_on_selector("select[name=frame]", "s => s.value"))
        if regulation in legal:
            assert _visible(fresh) == [x.heading for x in legal.pop(regulation)], page.url

    for format_id in _options(page, "format"):
        page.select_option("select[name=frame]", value="all")
        page.select_option("select[name=format]", value=format_id)  # the frame stays すべて
        same_when_reloaded()
        for frame_id in _options(page, "frame"):
            page.select_option("select[name=frame]", value=frame_id)
            same_when_reloaded()
    assert len(checked) == 5 * (1 + 7)
    assert legal == {}  # every regulation of table 3.1 opened by its names
    fresh.close()


@pytest.mark.parametrize("written", ["all", "すべて", "ALL"])
def test_every_frame_as_any_address_wrote_it(page, written: str) -> None:
    """frame=すべて (the name the page writes) and frame=all (the id it once wrote) are both every frame."""
    _open(page, "?format=" + quote("プロ"))
    pro_alone = _view(page)["entries"]
    _open(page, "?format=" + quote("プロ") + "&frame=" + quote(written))
    assert page.is_hidden("#bp-problem")
    view = _view(page)
    assert (view["format"], view["frame"]) == ("プロ", "すべて")
    frames = tuple(f for f in rulebook.FRAMES if "プロ" in rulebook.REGULATIONS[f])
    assert len(view["entries"]) == len(rulebook.entries("プロ", frames)) > len(pro_alone)
    _open(page, "?frame=" + quote(written))
    assert page.is_hidden("#bp-problem") and len(_view(page)["entries"]) == 68


@pytest.mark.parametrize("written", ["none", "なし"])
def test_no_frame_as_any_address_wrote_it(page, written: str) -> None:
    _open(page, "?format=" + quote("ライト") + "&frame=" + quote(written))
    assert page.is_hidden("#bp-problem") and _view(page)["frame"] == "なし"
    assert len(_view(page)["entries"]) == len(rulebook.entries("ライト"))


def test_search_box_hides_empty_groups(page) -> None:
    _open(page, "?format=" + quote("マスター"))
    page.fill("input[name=q]", "ﾘﾊﾞｰｽ")  # half-width kana: folded to リバース
    assert _visible(page) == ["リバース (速攻魔法)"]
    assert _query(page) == {"format": ["マスター"], "q": ["ﾘﾊﾞｰｽ"]}
    assert page.is_hidden("h3.group-heading:text-is('基本')")
    assert page.is_visible("h3:has-text('速攻魔法')")
    assert page.is_hidden("#list-characters")
    assert page.text_content("#bp-status") == "表示: 1 件 (アクションリスト 1)"
    page.fill("input[name=q]", "カウンターアクションの対象にならない")
    assert _visible(page) == ["R・S・F (速攻魔法)", "フォース (通常魔法)", "剣の雨 (通常魔法)", "徴募 (通常魔法)", "奇襲 (通常魔法)"]


def test_unknown_names_are_reported(page) -> None:
    _open(page, "?format=foo")
    assert "foo" in page.text_content("#bp-problem")
    assert len(_visible(page)) == 68


def test_anchor_of_an_entry(page) -> None:
    page.goto(page.all_html + "?format=" + quote("プロ") + "#act-kill")
    assert page.evaluate("location.hash") == "#act-kill"
    assert page.is_visible("#act-kill")
    page.select_option("select[name=frame]", label="パック")
    assert page.evaluate("location.hash") == "#act-kill"  # replaceState keeps the anchor


def test_screenshot_renders(page, tmp_path: Path) -> None:
    _open(page, "?format=" + quote("プロ") + "&frame=" + quote("ストラテジー"))
    shot = tmp_path / "all.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 50_000


def test_jump_links_to_lists_the_filters_empty_are_hidden(page) -> None:
    """プロ + ストラテジー has no frame fog and no trumps: their jump links would lead nowhere."""
    _open(page, "?format=" + quote("プロ") + "&frame=" + quote("ストラテジー"))
    shown = page.eval_on_selector_all("nav.jump a", "els => els.filter(e => e.offsetParent !== null).map(e => e.textContent)")
    assert shown == ["アクションリスト", "キャラクターリスト", "フォグリスト", "フレームリスト", "フレームアクションリスト"]
    _open(page)
    shown = page.eval_on_selector_all("nav.jump a", "els => els.filter(e => e.offsetParent !== null).map(e => e.textContent)")
    assert "フレーム切札リスト" in shown and "フレームフォグリスト" in shown



def test_searches_are_typed_as_a_person_types_them(page) -> None:
    _open(page)
    queries = ["♡3", "$ BL", "ジョーカー", "zzzz", ""]
    assert searches(page, queries) == [search(page, query) for query in queries]


def _names(page, anchors: list[str]) -> list[str]:
    return [page.text_content(f"#{anchor} .name") + " " + page.get_attribute(f"#{anchor}", "data-kind") for anchor in anchors]


# What ♡3 can be, read off the rulebook's keycards (4.3.1, 4.3.2, 4.3.3, 5.3.2, 5.3.4): 2〜10, A〜K, ♡ A〜10,
# ♡ A〜10 を 2 枚, 同じ数字を 2 枚, 同じスートを 2 枚 (以上), ♡ A〜K と another suit, 全て(裏向き), ♡3.
HEART_3 = [
    "兵士召喚 action", "装備 action", "アップ action", "再会 action", "リバース action", "帰還 action", "防壁破壊 action",
    "防壁補充 action", "リアニメイト action", "フォース action", "一般兵 character", "装備兵 character", "防壁 character",
    "アップ fog", "フォース fog", "切札破壊 frame-action", "激励 trump", "裏切札 trump",
]


@pytest.mark.parametrize("typed", ["♡3", "H3", "h3", "ハート3", "ハートの3", "はーとの3", "♥3", "♡３", "ﾊｰﾄ3",
                                   "♡ 3", "ハート の 3", "ハートの 3", "H 3"])  # with the space the lists print
def test_a_card_typed_any_way_finds_the_actions_characters_and_trump_it_can_be(page, typed: str) -> None:
    _open(page)
    assert sorted(_names(page, search(page, typed))) == sorted(HEART_3)
    assert page.text_content("#bp-status").startswith("♡3 をキーカードにできるもの — 表示: 18 件")
    # The hits begin with what ♡3 alone is (the trump 激励), then アップ and the other ♡ A〜10.
    hits = page.eval_on_selector_all("#bp-hits a", "links => links.map(a => a.textContent)")
    assert hits[:2] == ["激励", "アップ"]
    assert "act-down" not in search(page, typed)


def _printed(page, selector: str) -> dict[str, list[str]]:
    """Each text the entries print in `selector` (their heading's cost: `$ BL`), with the entries that print it."""
    printed: dict[str, list[str]] = {}
    for anchor, text in page.eval_on_selector_all(
            f"article.entry:has({selector})", f"els => els.map(e => [e.id, e.querySelector('{selector}').textContent])"):
        printed.setdefault(text, []).append(anchor)
    return printed


def test_a_cost_copied_off_the_list_finds_the_entries_that_print_it(page) -> None:
    _open(page)
    costs = _printed(page, ".cost")
    assert costs["$ BL"] == ["act-soldier-summon", "act-equip"]  # 4.3.1: 兵士召喚 and 装備 cost BL
    # What is printed finds what prints it, and what begins so ($ D finds $ DD too): a search is of words.
    asked = [(typed, {anchor for printed, anchors in costs.items() if printed.startswith(text) for anchor in anchors})
             for text in costs for typed in (text, text.replace(" ", ""))]  # $ BL, $BL
    found = searches(page, [typed for typed, _ in asked])
    assert [typed for (typed, expected), shown in zip(asked, found, strict=True) if set(shown) != expected] == []
    # A mark alone still finds what it marks: every entry that has a cost.
    assert set(search(page, "$")) == {anchor for anchors in costs.values() for anchor in anchors}


def test_keycards_copied_off_the_list_find_the_entries_that_print_them(page) -> None:
    _open(page)
    printed = _printed(page, ".keycards")
    found = searches(page, list(printed))
    assert [text for (text, anchors), shown in zip(printed.items(), found, strict=True) if not set(anchors) <= set(shown)] == []
    assert search(page, "★ ♡ 3") == ["trump-encourage"]  # 激励's keycards as printed, not every card ♡3 can be


def test_joker_by_either_name_finds_what_a_joker_can_be(page) -> None:
    _open(page)
    found = search(page, "ジョーカー")
    assert search(page, "Joker") == search(page, "joker") == found
    names = _names(page, found)
    for expected in ("魔術士召喚 action", "サーチ action", "リバース action", "魔術士 character", "防壁 character", "裏切札 trump"):
        assert expected in names
    assert "帰還 action" not in names  # 同じスート: a Joker has no suit
    assert "世代交代 action" in names  # its text says Joker: ジョーカー finds it as a word too


def test_abbreviations_and_other_names(page) -> None:
    _open(page)
    for typed in ("BJ", "bj", "ＢＪ", "B・J", "ブラックジャック", "ぶらっくじゃっく"):
        assert search(page, typed) == ["act-blackjack"], typed
    for typed in ("RSF", "R・S・F", "ロイヤルストレートフラッシュ"):
        assert search(page, typed) == ["act-royal-straight-flush"], typed
    a_to_10 = search(page, "A〜10")
    assert a_to_10 and search(page, "A-10") == search(page, "a－10") == a_to_10


def test_every_action_is_found_from_a_card_its_keycards_accept(page, definitions) -> None:
    """For each action and frame action with keycards of cards, a card of a hand that makes them (the
    simulator's own test of a hand, pattern.candidates over one deck) finds it."""
    from toolchain.notation.card_notation import full_deck

    _open(page)
    asked = [(action, card) for action in (*definitions.actions, *definitions.frame_actions)
             if action.keycards and action.keycards.pattern.kind != "unit"
             for card in action.keycards.pattern.candidates(full_deck())[-1]]  # the last hand: K, not A, where ranks run A〜K
    found = searches(page, [str(card) for _, card in asked])
    missing = [f"{action.name} from {card}" for (action, card), shown in zip(asked, found, strict=True)
               if f"act-{action.id}" not in shown]
    assert missing == []


def test_an_empty_search_says_what_exists_instead(page) -> None:
    _open(page, "?format=" + quote("ライト"))
    assert search(page, "徴募") == []  # 徴募 is マスター's alone
    assert "表示: 0 件" not in page.text_content("#bp-status")
    suggestion = page.text_content("#bp-suggest")
    assert "全フォーマット・全フレームでは 1 件" in suggestion and "徴募" in suggestion
    page.click("#bp-suggest button")
    assert search(page, "徴募") == ["act-recruit"]
    assert page.is_hidden("#bp-suggest")

    assert search(page, "アプ") == []  # a name mistyped: the nearest names
    assert page.eval_on_selector_all("#bp-suggest a", "links => links.map(a => a.textContent)")[0] == "アップ"
    page.click("#bp-suggest a >> nth=0")
    page.wait_for_selector("#act-up", state="visible")  # the link lands on the entry, the search cleared

    assert search(page, "zzzz") == []
    assert "カード (♡3" in page.text_content("#bp-suggest")  # what can be searched for
