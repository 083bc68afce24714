"""Typing into an action list's search box in a browser page, and reading which entries it shows."""

from __future__ import annotations

from typing import Any


def search(page: Any, query: str) -> list[str]:
    """The anchors of the entries a search shows, in page order."""
    page.fill("input[name=q]", query)
    return page.eval_on_selector_all("article.entry", "els => els.filter(e => !e.hidden).map(e => e.id)")


def searches(page: Any, queries: list[str]) -> list[list[str]]:
    """`search` of each query in one call to the page (hundreds of queries cost one round trip): typed as
    page.fill types it (the value, then an input event), the anchors read as `search` reads them
    (test_browser.py's test_searches_are_typed_as_a_person_types_them holds the two equal)."""
    return page.evaluate("""queries => queries.map(query => {
        const box = document.querySelector('input[name=q]');
        box.value = query;
        box.dispatchEvent(new Event('input', {bubbles: true}));
        return [...document.querySelectorAll('article.entry')].filter(e => !e.hidden).map(e => e.id);
    })""", queries)
