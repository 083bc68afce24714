"""A definition saved while a game is on the table reaches the page: rules that check are offered as a
restart that keeps the position as far as its decisions are still legal; rules that do not check show
their findings, and the game goes on by the last rules that did."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Played, after, click, open_page, options, rules_copy, start_played, version

UP = Path("definitions/actions/3-quick-spell.yaml")
UP_KEYCARDS = "  keycards: ♡A-10\n"  # アップ's, the first keycards of the file


@pytest.fixture()
def own_table(tmp_path: Path) -> Iterator[Played]:
    """A table of its own: this test changes its rules."""
    yield from start_played(rules_copy(tmp_path / "rules"))


def save_keycards(root: Path, keycards: str) -> None:
    path = root / UP
    text = path.read_text(encoding="utf-8")
    start = text.index("  keycards: ")
    end = text.index("\n", start) + 1
    path.write_text(text[:start] + f"  keycards: {keycards}\n" + text[end:], encoding="utf-8")


def set_up(page: Any, text: str) -> None:
    page.click("#open-position")
    page.wait_for_function("() => document.querySelector('#position-form textarea').value !== ''")
    page.select_option("#position-form select[name=regulation]", "lite+entry20")
    page.fill("#position-form textarea", text)
    click(page, "#position-start")


def test_a_saved_change_reaches_the_page(browser: Any, own_table: Played) -> None:
    assert (own_table.root / UP).read_text(encoding="utf-8").count(UP_KEYCARDS) >= 1
    for page in open_page(browser, own_table, {"width": 1280, "height": 900}):
        set_up(page, "you: {hand: ♡J ♡10 ♠9, field: ♢5}\nopponent: {field: ♣4}\n")
        assert not any("♡J" in text for text in options(page))  # アップ: ♡A〜10
        assert any("アップ ★♡10" in text for text in options(page))

        # ♡A〜K: the page offers to restart; nothing was decided yet, so all of it is kept.
        save_keycards(own_table.root, "♡A-K")
        page.wait_for_selector("#apply-rules", state="visible", timeout=60_000)
        assert "定義が保存されました" in page.text_content("#rules")
        click(page, "#apply-rules")
        assert any("アップ ★♡J (コスト D)" in text for text in options(page))
        assert "0 手のうち 0 手まで同じ局面です" in page.text_content("#notice")
        assert page.is_hidden("#rules")

        # アップ ★♡10 requested, its cost paid; then ♡A〜9: the request is no longer legal, the position goes back to it.
        click(page, "#options .option:has-text('アップ ★♡10')")
        while page.locator("#options .option[data-kind=pass]").count() == 0:
            click(page, "#options .option >> nth=0")
        taken = int(page.evaluate("fetch('/api/state').then(r => r.json()).then(s => s.steps)"))
        save_keycards(own_table.root, "♡A-9")
        page.wait_for_selector("#apply-rules", state="visible", timeout=60_000)
        click(page, "#apply-rules")
        assert f"{taken} 手のうち 0 手まで同じ局面です (1 手目は新しいルールでは選べません)" in page.text_content("#notice")
        assert not any("アップ ★♡10" in text or "アップ ★♡J" in text for text in options(page))

        # Keycards that do not parse: the findings, at their line; the game goes on by the rules that checked.
        offered = options(page)
        save_keycards(own_table.root, "♡A-9 &")
        page.wait_for_selector("#rules-findings", state="visible", timeout=60_000)
        findings = page.text_content("#rules-findings")
        assert f"{UP.as_posix()}:" in findings and ("BP010" in findings or "BP024" in findings), findings
        assert "前のルールのまま続けています" in page.text_content("#rules-text")
        assert page.is_hidden("#apply-rules") and options(page) == offered
        before = version(page)
        page.locator("#options .option").first.click()
        after(page, before)  # still playing

        # Put right again, and not applied: a new game is played by the newest rules that check.
        save_keycards(own_table.root, "♡A-K")
        page.wait_for_selector("#apply-rules", state="visible", timeout=60_000)
        set_up(page, "you: {hand: ♡J ♠9, field: ♢5}\n")
        assert page.is_hidden("#rules") and any("アップ ★♡J" in text for text in options(page))
