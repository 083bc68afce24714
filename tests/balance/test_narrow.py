"""The balance report on a phone (390 px): the page does not scroll sideways, whatever its tables hold (a figure
with its interval, seven columns of readings, a transcript's path). The reports the site publishes from this
repository (balance/ and balance/editions/, a run and a comparison) are rendered and opened in headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.axe import VIEWPORTS
from tests.runbp import ROOT

REPORTS = [ROOT / "balance" / "balance.json", ROOT / "balance" / "editions" / "balance.json"]


@pytest.mark.parametrize("stored", REPORTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_report_fits_a_phone(browser: Any, tmp_path: Path, stored: Path) -> None:
    from toolchain.balancepage import render

    page_file = tmp_path / "index.html"
    page_file.write_text(render(json.loads(stored.read_text(encoding="utf-8"))), encoding="utf-8")
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        width = page.evaluate("document.documentElement.scrollWidth")
        wider = page.evaluate("""() => Array.from(document.querySelectorAll('main *'))
            .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
            .slice(0, 3).map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40))""")
        assert width <= VIEWPORTS["phone"]["width"], wider
    finally:
        context.close()
