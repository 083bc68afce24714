"""axe-core over the action lists' pages (all.html with its filters, a page per format), at 1280
and 390 px, in the light and the dark colour scheme (each followed: light text on a dark ground in the dark one): no
WCAG 2.1 A or AA violation."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, violations


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("name", ["all", "pro", "all?format=foo&q=アップ"])  # the last with its problem box and hits
def test_action_list_pages_have_no_violations(browser, site: Path, name: str, viewport: str, scheme: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page = context.new_page()
    file, _, query = name.partition("?")
    try:
        page.goto((site / "html" / f"{file}.html").as_uri() + (f"?{quote(query, safe='=&')}" if query else ""))
        page.wait_for_load_state("load")
        assert follows(scheme, colours(page)), colours(page)
        assert violations(page) == []
    finally:
        context.close()
