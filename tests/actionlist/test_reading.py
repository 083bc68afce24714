"""How the lists read in a real Chromium: suits, search, the phone layout (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

RED = "rgb(198, 40, 40)"  # #c62828, the red of the figures (toolchain/figures/cards.py)


@pytest.fixture()
def page(browser, site: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto((site / "html" / "all.html").as_uri())
    page.wait_for_selector("#bp-filters:not([hidden])")
    yield page
    assert page.errors == []
    context.close()


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
