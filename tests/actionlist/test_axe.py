"""axe-core over the action lists' pages (all.html with its filters, a page per format), at 1280
and 390 px, in the light and the dark colour scheme: no WCAG 2.1 A or AA violation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.axe import SCHEMES, VIEWPORTS, violations


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("name", ["all", "pro"])
def test_action_list_pages_have_no_violations(browser, site: Path, name: str, viewport: str, scheme: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto((site / "html" / f"{name}.html").as_uri())
        page.wait_for_load_state("load")
        assert violations(page) == []
    finally:
        context.close()
