"""axe-core over the action lists' pages (all.html with its filters, a page per format), at 1280
and 390 px, in the light and the dark colour scheme (each followed: light text on a dark ground in the dark one): no
WCAG 2.1 A or AA violation."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, show, violations


@pytest.fixture(scope="module")
def module_page(browser):
    """One page for the module (a browser context costs Chromium twice a page load): each test sets its width and
    colour scheme, as a context made with them would, before it loads its page."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("name", ["all", "pro", "all?format=foo&q=アップ"])  # the last with its problem box and hits
def test_action_list_pages_have_no_violations(module_page, site: Path, name: str, viewport: str, scheme: str) -> None:
    page = module_page
    show(page, viewport, scheme)
    file, _, query = name.partition("?")
    page.goto((site / "html" / f"{file}.html").as_uri() + (f"?{quote(query, safe='=&')}" if query else ""))
    page.wait_for_load_state("load")
    assert follows(scheme, colours(page)), colours(page)
    assert violations(page) == []
