"""The HTML rulebook in Chromium as a reader sees it: red ♡ ♢, tables that read on a phone,
an interface in Japanese, a favicon."""

from __future__ import annotations

import re

import pytest

from toolchain.sphinxext.interface import JAPANESE

RED = "rgb(198, 40, 40)"  # #c62828, the cover's red
PAGES = ["index", "preface", "common", "regulation", "format", "frame", "core", "appendix", "history", "faq", "genindex", "search"]


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, color_scheme="light")
    yield context.new_page()
    context.close()


def _suit_colours(page) -> dict[str, set[str]]:
    found = page.evaluate("""() => {
        const out = {};
        const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const suit of node.data.match(/[♠♡♢♣]/g) || []) {
                (out[suit] = out[suit] || new Set()).add(getComputedStyle(node.parentElement).color);
            }
        }
        return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
    }""")
    return {suit: set(colours) for suit, colours in found.items()}


@pytest.mark.parametrize("name", ["common", "format", "frame"])
def test_hearts_and_diamonds_print_red_and_the_black_suits_do_not(book, desktop, name: str) -> None:
    desktop.goto((book.html / f"{name}.html").as_uri())
    colours = _suit_colours(desktop)
    assert colours.get("♡") == {RED} and colours.get("♢") == {RED}
    assert RED not in colours.get("♠", set()) | colours.get("♣", set())
    assert colours["♠"] and colours["♣"]


def test_all_four_suits_are_drawn_the_same_size(book, desktop) -> None:
    desktop.goto((book.html / "format.html").as_uri())
    sizes = desktop.eval_on_selector_all(
        "article span.suit", "els => els.map(e => [e.textContent, Math.round(e.getBoundingClientRect().width * 10) / 10])")
    widths = {suit: {width for text, width in sizes if text == suit} for suit in "♠♡♢♣"}
    assert all(len(found) == 1 for found in widths.values()), widths
    assert len({next(iter(found)) for found in widths.values()}) == 1, widths


def _one_character_lines(page, selector: str) -> list[str]:
    """Header cells whose text wraps to lines of one character (「ラ/イ/ト」)."""
    return page.eval_on_selector_all(selector, """cells => cells.filter(cell => {
        const text = cell.innerText.trim();
        if (text.length < 2) return false;
        const style = getComputedStyle(cell);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const box = cell.querySelector('p') || cell;
        return box.getBoundingClientRect().height > line * 1.5;
    }).map(cell => cell.innerText.trim())""")


@pytest.mark.parametrize(("name", "selector"), [
    ("format", "table.bp-formats th"),
    ("regulation", "table.bp-regulations th"),
    ("history", "table.bp-history th"),
])
def test_table_headers_stay_on_one_line_on_a_phone(book, phone, name: str, selector: str) -> None:
    phone.goto((book.html / f"{name}.html").as_uri())
    assert phone.eval_on_selector_all(selector, "cells => cells.length") > 0
    assert _one_character_lines(phone, selector) == []
    page_width = phone.evaluate("document.documentElement.scrollWidth")
    assert page_width <= 390, "a wide table scrolls in its own frame, not the page"
    cut = phone.eval_on_selector_all(  # a table's own scrolling frame may hold more than the screen shows
        "article dd, article p", "els => els.filter(e => !e.closest('.table-wrapper') && e.getBoundingClientRect().right > 391).length")
    assert cut == 0, "no text runs past the right edge of the screen"


# Furo's own English interface, and Sphinx's words that Furo leaves in English.
FURO_ENGLISH = [*JAPANESE, "Made with", "Copyright", "Search", "Index", "Contents", "Hide navigation sidebar", "Edit this page"]


@pytest.mark.parametrize("name", PAGES)
def test_no_english_in_the_interface(book, desktop, name: str) -> None:
    desktop.goto((book.html / f"{name}.html").as_uri())
    shown = desktop.evaluate("""() => {
        const texts = [document.body.innerText];
        for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], svg title')) {
            texts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '',
                       el.getAttribute('placeholder') || '', el.tagName.toLowerCase() === 'title' ? el.textContent : '');
        }
        return texts.join('\\n');
    }""")
    english = [word for word in FURO_ENGLISH if re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", shown)]
    assert english == []


def test_every_page_has_a_favicon(book) -> None:
    for name in PAGES:
        text = (book.html / f"{name}.html").read_text(encoding="utf-8")
        match = re.search(r'<link rel="(?:shortcut )?icon" href="([^"]+)"', text)
        assert match, name
        assert (book.html / match[1]).is_file()


@pytest.mark.parametrize("name", ["format", "frame", "core", "common", "regulation"])
def test_no_table_or_figure_is_wider_than_a_phone(book, phone, name: str) -> None:
    """At 390 px the 43 format tables hid their マスター column behind a sideways scroll, and 7 of the
    9 figures of core.html were cut off: every table and figure fits the screen, nothing scrolls sideways."""
    phone.goto((book.html / f"{name}.html").as_uri())
    wide = phone.eval_on_selector_all(
        "article table, article figure img",
        "els => els.filter(e => e.getBoundingClientRect().right > 390.5 || e.getBoundingClientRect().left < -0.5)"
        "          .map(e => e.tagName + ' ' + (e.closest('[id]') || {}).id + ' ' + Math.round(e.getBoundingClientRect().right))")
    assert wide == []
    scrolled = phone.eval_on_selector_all(
        "article *", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')"
                     "          .map(e => e.className)")
    assert scrolled == []


def test_figures_open_enlarged_on_a_tap(book, phone) -> None:
    phone.goto((book.html / "core.html").as_uri())
    links = phone.eval_on_selector_all("figure a.bp-figure-zoom", "els => els.map(a => [a.getAttribute('href'), !!a.querySelector('img')])")
    assert links and all(href.endswith(".svg") and has_image for href, has_image in links)


def test_figure_alt_text_says_what_the_figure_shows(book) -> None:
    """The alt text repeated the caption; it now says what lies where (or a diagram's words)."""
    from html import unescape

    checked = 0
    for page in book.html.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for figure in re.findall(r"<figure\b.*?</figure>", text, re.S):
            alt = re.search(r'<img [^>]*alt="([^"]*)"', figure)
            caption = re.search(r'<span class="caption-text">(.*?)</span>', figure)
            if alt is None:
                continue
            checked += 1
            words = unescape(alt[1])
            assert caption is None or words != unescape(caption[1]), (page.name, words)
            assert len(words) > 20, (page.name, words)
    assert checked >= 15
    core = (book.html / "core.html").read_text(encoding="utf-8")
    assert "ライフ:" in unescape(core) or "ライフ:" in unescape((book.html / "common.html").read_text(encoding="utf-8"))
