"""The playtest table in a real headless Chromium (Playwright), by clicking as a person plays: a whole game
against the policy agent, undo, a position set up by hand, an example kept and passed by `bp check`, a
saved transcript replayed by `bp replay` and stepped through, two people at one screen, the keyboard, a
phone's width."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.runbp import bp

from .conftest import Played, after, click, new_game, open_page, options, rules_copy, start_played, version

ROOT = Path(__file__).resolve().parents[2]
MAX_CLICKS = 1500


@pytest.fixture(scope="module")
def laptop(browser: Any) -> Any:
    """One page at the width of a laptop for the module's tests (a browser context costs Chromium twice a page
    load); the table keeps nothing in the browser between loads (no storage, no cookies): its game is the server's."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors, page.requests = [], []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.requests.append(request.url))
    yield page
    context.close()


@pytest.fixture()
def page(laptop: Any, played: Played) -> Any:
    """The table loaded afresh; it must load nothing from elsewhere and throw nothing (as conftest's `page`)."""
    laptop.goto("about:blank")
    laptop.errors.clear()
    laptop.requests.clear()
    laptop.goto(played.url)
    laptop.wait_for_selector("body[data-version]")
    yield laptop
    assert laptop.errors == []
    assert all(url.startswith(played.url) for url in laptop.requests), laptop.requests


# What a player sees before each click, read in one call to the page: the status, the options' kinds, the version.
SEEN = """() => ({status: document.querySelector('#status').textContent, version: document.body.dataset.version,
                 kinds: [...document.querySelectorAll('#options .option')].map(e => e.dataset.kind)})"""


def play_to_the_end(page: Any, rng: random.Random) -> int:
    """Click options until the game is decided (a pass half the time it is offered, else any option); the clicks."""
    clicks = 0
    while "勝敗判定" not in (seen := page.evaluate(SEEN))["status"]:
        assert clicks < MAX_CLICKS, seen["status"]
        kinds = seen["kinds"]
        assert kinds, f"no option offered: {page.text_content('#prompt')}"
        index = kinds.index("pass") if "pass" in kinds and rng.random() < 0.5 else rng.randrange(len(kinds))
        page.locator("#options .option").nth(index).click()
        after(page, seen["version"])
        clicks += 1
    return clicks


@pytest.mark.parametrize(("regulation", "name"), [("lite+entry20", "ライト + エントリー20"), ("master+extra", "マスター + エクストラ")])
def test_a_whole_game_against_the_policy_agent(page: Any, regulation: str, name: str) -> None:
    new_game(page, regulation, seed=11)
    assert name in page.text_content("#regulation") and "シード 11" in page.text_content("#regulation")
    assert page.is_visible("#board svg") and "あなた" in page.text_content("#zones")
    clicks = play_to_the_end(page, random.Random(3))
    assert clicks > 10
    status = page.text_content("#status")
    assert re.search(r"勝敗判定: (あなた|相手)の勝ち", status), status
    assert page.text_content("#prompt") == "ゲーム終了"
    log = page.text_content("#log")
    assert "勝敗判定" in log and "リクエスト:" in log and "パス" in log


def test_the_setup_decisions_of_a_frame_are_offered_to_the_person(page: Any) -> None:
    """エクストラ: 切札を2枚選ぶ, then 最初の手札に入れる3枚 (the game start's choices) come before the first request,
    each saying how many to choose (the frame's counts) and how many are chosen, on the page and to a screen reader;
    every one of the 54 options has its number on the keyboard."""
    new_game(page, "master+extra", seed=2)
    assert page.text_content("#prompt") == "あなた: 切札（2 枚選ぶ・0 枚選択済み）"
    assert page.locator("#options").get_attribute("aria-labelledby") == "prompt"  # the group's accessible name
    offered = options(page)
    assert len(offered) == 54 and offered[53].startswith("54. ")  # any card of the deck, each numbered
    assert "Enter" in page.text_content("#keys")  # the help says how to reach an option past 9
    before = version(page)
    page.keyboard.press("5")
    page.keyboard.press("4")  # no other option begins with 54: taken at once
    after(page, before)
    assert page.text_content("#prompt") == "あなた: 切札（2 枚選ぶ・1 枚選択済み）"
    assert len(options(page)) == 53
    before = version(page)
    page.keyboard.press("5")
    assert "番号 5" in page.text_content("#typed") and version(page) == before  # 5 or 50–53: Enter decides
    chosen = options(page)[4]
    page.keyboard.press("Enter")
    after(page, before)
    assert page.text_content("#prompt") == "あなた: 最初の手札（3 枚選ぶ・0 枚選択済み）"
    assert chosen.split(". ", 1)[1] not in [text.split(". ", 1)[1] for text in options(page)]  # option 5 was taken
    click(page, "#options .option >> nth=0")
    assert page.text_content("#prompt") == "あなた: 最初の手札（3 枚選ぶ・1 枚選択済み）"


def test_undo_a_move(page: Any) -> None:
    new_game(page, "lite+entry20", seed=5, first="0")
    status, offered = page.text_content("#status"), options(page)
    assert "先攻: あなた" in status and page.is_disabled("#undo")
    index = next(i for i, text in enumerate(offered) if "パス" not in text)  # a request, then its costs and targets
    click(page, f"#options .option >> nth={index}")
    assert options(page) != offered or page.text_content("#status") != status
    click(page, "#undo")
    assert options(page) == offered and page.text_content("#status") == status
    assert "1 手戻しました" in page.text_content("#notice")
    assert page.is_disabled("#undo")


def test_choose_who_starts(page: Any) -> None:
    new_game(page, "lite+entry20", seed=5, first="1")
    assert "先攻: 相手" in page.text_content("#status")
    assert "ターン 1 (相手)" in page.text_content("#status") or "ターン 2" in page.text_content("#status")


POSITION = "you: {hand: ♡3 ♠9, field: ♢5}\nopponent: {hand: 2, field: \"[♣7] ♣4\"}\n"


def set_up(page: Any, text: str, regulation: str = "lite+entry20") -> None:
    page.click("#open-position")
    page.wait_for_function("() => document.querySelector('#position-form textarea').value !== ''")
    page.select_option("#position-form select[name=regulation]", regulation)
    page.fill("#position-form textarea", text)
    page.click("#position-start")


def test_set_up_a_position_in_the_examples_notation(page: Any) -> None:
    before = version(page)
    set_up(page, POSITION)
    after(page, before)
    assert not page.is_visible("#position-dialog")
    zones = page.text_content("#zones")
    assert "♠9 ♡3" in zones and "[?]、♣4" in zones  # the other player's bulwark is face down
    assert "♣7" not in page.content()  # … even in the page's data
    assert "アップ ★♡3 (コスト D)" in " ".join(options(page))
    page.click("#refused summary")  # why the others are not offered, as the rulebook's items say it
    refused = page.eval_on_selector_all("#refused-list li", "els => els.map(e => e.textContent)")
    assert any(text.startswith("投擲: キーカード (") for text in refused), refused


def _list_reds() -> dict[str, str]:
    """The red of ♡ and ♢ in the action lists' CSS, per colour scheme, as the browser computes it (rgb(r, g, b))."""
    css = (ROOT / "templates" / "actionlist" / "actionlist.css").read_text(encoding="utf-8")
    light, dark = re.findall(r"--red:\s*#([0-9a-f]{6})", css)
    return {scheme: "rgb({}, {}, {})".format(*(int(hex_[i:i + 2], 16) for i in (0, 2, 4)))
            for scheme, hex_ in (("light", light), ("dark", dark))}


def test_hearts_and_diamonds_are_red_as_in_the_action_lists(page: Any) -> None:
    """♡ and ♢ in the zones, the options and the log are in the lists' red in either colour scheme; ♠ and ♣ are
    not; the text read (textContent) is unchanged."""
    before = version(page)
    set_up(page, POSITION)
    after(page, before)
    assert "♠9 ♡3" in page.text_content("#zones")
    reds = _list_reds()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found = page.eval_on_selector_all(
            "#zones .suit-red, #options .suit-red", "els => els.map((e) => [e.textContent, getComputedStyle(e).color])")
        assert {text for text, _ in found} == {"♡", "♢"}, found
        assert {colour for _, colour in found} == {reds[scheme]}, (scheme, found)
    page.emulate_media(color_scheme="light")
    black = page.eval_on_selector_all("#zones li", "els => els.filter((e) => /[♠♣]/.test(e.textContent))"
                                      ".map((e) => e.querySelector('.suit-red') === null)")
    assert black and all(black), black


def test_a_position_the_rules_do_not_allow_is_refused_at_its_line(page: Any) -> None:
    set_up(page, "you: {hand: ♡3 ♠9}\nopponent: {field: ♡3+♡3}\n")
    error = page.locator("#position-form .error")
    error.wait_for(state="visible")
    assert page.is_visible("#position-dialog")
    assert re.match(r"2:\d+: ♡3 が .* 2 回出てきます", error.text_content()), error.text_content()  # in the player's language
    page.fill("#position-form textarea", "you: {hand: ♡3 ♠9, feild: ♢5}\n")
    page.click("#position-start")
    page.wait_for_function("() => document.querySelector('#position-form .error').textContent.includes('feild')")
    assert page.text_content("#position-form .error").startswith("1:")
    page.keyboard.press("Escape")


def test_keep_a_position_as_an_example_that_bp_check_passes(page: Any, played: Played) -> None:
    before = version(page)
    set_up(page, POSITION)
    after(page, before)
    click(page, "#example")
    assert page.is_visible("#example-dialog")
    ask = page.locator("#example-options .option")
    texts = ask.evaluate_all("els => els.map(e => e.textContent)")
    assert not any("パス" in text for text in texts)  # the example is a request
    click(page, "#example-options .option:has-text('アップ ★♡3')")
    while page.is_visible("#example-ask"):  # its cost (D: 捨てる手札 ♠9) and target (♢5)
        click(page, "#example-options .option >> nth=0")
    text = page.input_value("#example-yaml")
    assert "合格" in page.text_content("#example-check")
    assert "request: \"★♡3 → you:♢5\"" in text and "[♣7]" not in text  # the bulwark: a stand-in card
    where = re.search(r"(definitions/\S+\.yaml):(\d+)", page.text_content("#example-check"))
    assert where
    click(page, "#example-close")
    # Pasted under アップ's examples, bp check runs it as written.
    path = played.root / where.group(1)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = int(where.group(2))
    assert lines[at - 1].strip() == "examples:"
    counts = bp("check", "--root", str(played.root)).stdout
    path.write_text("".join(lines[:at]) + text + "".join(lines[at:]), encoding="utf-8")
    try:
        checked = bp("check", "--root", str(played.root))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        examples = lambda out: int(re.search(r"(\d+) examples", out).group(1))
        assert examples(checked.stdout) == examples(counts) + 1
    finally:
        path.write_text("".join(lines), encoding="utf-8")


def test_save_the_game_then_bp_replay_reads_it_and_the_page_steps_through_it(page: Any, played: Played) -> None:
    new_game(page, "lite+entry20", seed=8)
    rng = random.Random(4)
    for _ in range(6):
        before = version(page)
        buttons = page.locator("#options .option")
        buttons.nth(rng.randrange(buttons.count())).click()
        after(page, before)
    click(page, "#save")
    saved = re.search(r"(build/play/\S+\.jsonl)", page.text_content("#notice")).group(1)
    replayed = bp("replay", "--root", str(played.root), str(played.root / saved))
    assert replayed.returncode == 0, replayed.stderr
    assert "1 game replayed, 1 identical" in replayed.stdout
    assert (played.root / saved).with_suffix(".txt").read_text(encoding="utf-8").startswith("=== ゲーム 1: ライト + エントリー20、シード 8 ===")

    board = page.inner_html("#board")
    page.click("#open-transcript")
    page.select_option("#transcript-form select[name=saved]", saved)
    click(page, "#transcript-load")
    assert page.is_visible("#replay") and page.text_content("#replay-step").startswith("0 /")
    assert page.locator("#options .option").count() == 0  # stepped through, not decided
    steps = int(page.text_content("#replay-step").split("/")[1].split()[0])
    click(page, "#step-last")
    assert page.text_content("#replay-step").startswith(f"{steps} /")
    # Where the game was saved, seen from P1 (named P1 and P2 in a transcript, あなた and 相手 in a game against the AI).
    assert page.inner_html("#board").replace("P1", "あなた").replace("P2", "相手") == board
    click(page, "#step-back")
    assert page.text_content("#replay-step").startswith(f"{steps - 1} /")
    # The game is unfinished: P2 was the AI's seat, its view is not offered.
    assert page.eval_on_selector("#look option[value='1']", "option => option.disabled")
    click(page, "#take-over")
    assert not page.is_visible("#replay")
    # P1 has seen the step after this one: a new game from here, said so.
    assert "新しいゲーム" in page.text_content("#notice")


def test_two_people_at_one_screen_hand_it_over(page: Any) -> None:
    new_game(page, "lite+entry20", seed=3, seats="human,human", first="0")
    assert page.is_visible("#cover") and not page.is_visible("#board")
    assert page.text_content("#cover-name") == "P1"
    click(page, "#reveal")
    assert page.text_content("#prompt") == "P1: リクエストするか"
    pass_option = page.locator("#options .option[data-kind=pass]")
    before = version(page)
    pass_option.click()
    after(page, before)
    assert page.is_visible("#cover") and page.text_content("#cover-name") == "P2"
    assert "♠" not in page.inner_html("#table")  # P1's cards are gone from the page while it is covered


def test_the_keyboard_plays(page: Any) -> None:
    new_game(page, "lite+entry20", seed=9, first="0")
    assert page.evaluate("document.activeElement.classList.contains('option')")  # the first option has the focus
    offered = options(page)
    before = version(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the second option
    after(page, before)
    assert options(page) != offered or "パス" in offered[1]
    before = version(page)
    page.keyboard.press("u")
    after(page, before)
    assert options(page) == offered
    before = version(page)
    page.keyboard.press("1")
    if len(offered) >= 10:
        page.keyboard.press("Enter")  # 1, or 10–19: the number typed is taken with Enter
    after(page, before)


def test_a_phone_width_shows_everything_without_sideways_scrolling(browser: Any, played: Played) -> None:
    from .conftest import open_page

    for page in open_page(browser, played, {"width": 390, "height": 844}):
        new_game(page, "master+extra", seed=4)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.is_visible("#options .option") and page.is_visible("#board svg")
        box = page.locator("#options .option").first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 32  # a finger's target


def test_the_page_is_japanese(page: Any) -> None:
    assert page.get_attribute("html", "lang") == "ja"
    labels = page.eval_on_selector_all("header button", "els => els.map(e => e.textContent)")
    assert labels == ["元に戻す", "新しいゲーム", "局面を作る", "棋譜を見る", "保存", "この局面を例にする"]
    assert page.text_content("#status").startswith("ターン ") and "手札" in page.text_content("#zones")
    response = page.goto(page.url + "nowhere")  # a page it has not: in the same language
    assert response.status == 404 and page.get_attribute("html", "lang") == "ja" and "ページが見つかりません" in page.text_content("h1")


@pytest.fixture(scope="module")
def played_in_english(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    yield from start_played(rules_copy(tmp_path_factory.mktemp("rules-en")), language="en")


def test_an_english_player_reads_the_page_in_english(browser: Any, played_in_english: Played) -> None:
    """The page's words come from bp's catalogue in bp's language (play/page_words.py): the same page in English; what
    the game asks and offers is the edition's (rules.yaml prompts), in its own language."""
    for page in open_page(browser, played_in_english, {"width": 1280, "height": 900}):
        assert page.get_attribute("html", "lang") == "en"
        labels = page.eval_on_selector_all("header button", "els => els.map(e => e.textContent)")
        assert labels == ["Undo", "New game", "Set up a position", "View a transcript", "Save", "Keep this position as an example"]
        assert page.get_attribute("#undo", "title") == "Undo (U)" and page.text_content("#log-title") == "Log"
        assert "seed 1" in page.text_content("#regulation") and page.text_content("#status").startswith("turn 1 (")
        assert "Hand" in page.eval_on_selector_all("#zones h3", "els => els.map(e => e.textContent)")
        assert page.text_content("#prompt").startswith("you: ")  # the seat's name, then the edition's words
        shown = page.eval_on_selector_all("header button, #status, #zones h3, #log-title", "els => els.map(e => e.textContent)")
        assert not [text for text in shown if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)]
