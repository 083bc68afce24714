"""axe-core over bp play's page, a game under way, at 1280 and 390 px, in the light and the dark colour scheme
(each followed: light text on a dark ground in the dark one): no WCAG 2.1 A or AA violation."""

from __future__ import annotations

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, violations

from .conftest import Played


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_table_has_no_violations(browser, played: Played, viewport: str, scheme: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(played.url)
        page.wait_for_selector("#options .option")
        assert follows(scheme, colours(page)), colours(page)
        assert violations(page) == []
        page.click("#open-new")  # the new game's dialog, over the table
        page.wait_for_selector("#new-form select[name=regulation]")
        assert violations(page) == []
    finally:
        context.close()
