"""axe-core over bp play's page, a game under way, at 1280 and 390 px, in the light and the dark colour scheme
(each followed: light text on a dark ground in the dark one): no WCAG 2.1 A or AA violation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, show, violations

from .conftest import Played


@pytest.fixture(scope="module")
def module_page(browser: Any) -> Iterator[Any]:
    """One page for the module: each test sets its width and colour scheme (tests/axe.py's `show`); the table keeps
    nothing in the browser between loads (no storage, no cookies): its game is the server's."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_table_has_no_violations(module_page: Any, played: Played, viewport: str, scheme: str) -> None:
    page = module_page
    show(page, viewport, scheme)
    page.goto(played.url)
    page.wait_for_selector("#options .option")
    assert follows(scheme, colours(page)), colours(page)
    assert violations(page) == []
    page.click("#open-new")  # the new game's dialog, over the table
    page.wait_for_selector("#new-form select[name=regulation]")
    assert violations(page) == []


def test_the_table_reads_as_a_structure(module_page: Any, played: Played) -> None:
    """A screen reader finds the page's landmarks and headings, each side's zones as named regions whose cards
    are list items, no board image named by its labels, and the log as a live region that is added to."""
    page = module_page
    show(page, "desktop", "light")
    page.goto(played.url)
    page.wait_for_selector("#options .option")
    landmarks = page.evaluate("""() => ["header", "nav", "main", "aside"].map((tag) => document.querySelectorAll(tag).length)""")
    assert landmarks == [1, 1, 1, 1]
    assert page.eval_on_selector_all("h1", "els => els.length") == 1
    assert page.get_attribute("#board", "aria-hidden") == "true"  # the zones say what it draws
    regions = page.eval_on_selector_all("#zones .zone", "els => els.map((e) => e.getAttribute('aria-label'))")
    assert "あなたの手札" in regions and "相手の手札" in regions and "あなたの場" in regions, regions
    hand = page.eval_on_selector_all("#zones .zone[aria-label='あなたの手札'] li", "els => els.map((e) => e.textContent)")
    assert len(hand) >= 5 and all(card for card in hand), hand
    sides = page.eval_on_selector_all("#zones .side", "els => els.map((e) => document.getElementById(e.getAttribute('aria-labelledby')).tagName)")
    assert sides[:2] == ["H2", "H2"]
    assert page.get_attribute("#log", "aria-live") == "polite"
    page.evaluate("() => { for (const item of document.querySelectorAll('#log li')) item.dataset.seen = '1'; }")
    lines = page.eval_on_selector_all("#log li", "els => els.length")
    before = page.get_attribute("body", "data-version")
    page.click("#options .option")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=60_000)
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=lines, timeout=60_000)
    # the lines already read stay (the same elements): only the new ones are announced
    assert page.eval_on_selector_all("#log li[data-seen]", "els => els.length") == lines


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_focus_ring_stands_out(module_page: Any, played: Played, scheme: str) -> None:
    """The keyboard's focus ring has 3:1 or more against the page and the boxes it is drawn on (WCAG 1.4.11)."""
    page = module_page
    show(page, "desktop", scheme)
    page.goto(played.url)
    page.wait_for_selector("#options .option")
    page.focus("body")
    page.keyboard.press("Tab")  # the first button, focused from the keyboard: :focus-visible
    ratios = page.evaluate("""() => {
        const rgb = (colour) => (colour.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
        const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
        const focused = getComputedStyle(document.activeElement);
        if (focused.outlineStyle === "none" || parseFloat(focused.outlineWidth) < 2) return null;
        const ring = rgb(focused.outlineColor);
        const grounds = [document.body, document.querySelector("header"), document.querySelector("#decision")];
        return grounds.map((e) => ratio(ring, rgb(getComputedStyle(e).backgroundColor)));
    }""")
    assert ratios is not None and min(ratios) >= 3, ratios
