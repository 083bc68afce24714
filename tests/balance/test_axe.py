"""axe-core over the balance report (index.html of a small bp balance run), at 1280 and 390 px, in the light and
the dark colour scheme (each followed: light text on a dark ground in the dark one): no WCAG 2.1 A or AA violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.axe import SCHEMES, VIEWPORTS, colours, follows, show, violations
from tests.runbp import ROOT, bp


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("balance") / "report"
    run = bp("balance", "--root", str(ROOT), "--games", "2", "--only", "attack", "--workers", "1", "--out", str(out))
    assert run.returncode == 0, run.stderr
    return out / "index.html"


@pytest.fixture(scope="module")
def module_page(browser: Any) -> Iterator[Any]:
    """One page for the module: each test sets its width and colour scheme (tests/axe.py's `show`)."""
    context = browser.new_context()
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_report_has_no_violations(module_page: Any, report: Path, viewport: str, scheme: str) -> None:
    page = module_page
    show(page, viewport, scheme)
    page.goto(report.as_uri())
    page.wait_for_load_state("load")
    assert follows(scheme, colours(page)), colours(page)
    assert violations(page) == []
