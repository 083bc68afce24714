"""axe-core over the balance report (index.html of a small bp balance run), at 1280 and 390 px, in the light and
the dark colour scheme (each followed: light text on a dark ground in the dark one): no WCAG 2.1 A or AA violation."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, violations
from tests.runbp import ROOT, bp


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("balance") / "report"
    run = bp("balance", "--root", str(ROOT), "--games", "2", "--only", "attack", "--workers", "1", "--out", str(out))
    assert run.returncode == 0, run.stderr
    return out / "index.html"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_report_has_no_violations(browser, report: Path, viewport: str, scheme: str) -> None:
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(report.as_uri())
        page.wait_for_load_state("load")
        assert follows(scheme, colours(page)), colours(page)
        assert violations(page) == []
    finally:
        context.close()
