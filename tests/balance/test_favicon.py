"""The balance report has the site's icon, as the action lists carry it (inline: the report is also written on its
own by `bp balance --out`): a browser showing it asks no server for /favicon.ico."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.runbp import ROOT

REPORTS = [ROOT / "balance" / "balance.json", ROOT / "balance" / "editions" / "balance.json"]


@pytest.mark.parametrize("stored", REPORTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_the_report_links_the_sites_icon(stored: Path) -> None:
    from toolchain.actionlist.favicon import favicon_data_uri
    from toolchain.balancepage import render

    page = render(json.loads(stored.read_text(encoding="utf-8")))
    head = page.split("</head>", 1)[0]
    icons = re.findall(r'<link rel="icon" type="image/svg\+xml" href="([^"]+)">', head)
    assert [html.unescape(icon) for icon in icons] == [favicon_data_uri()], icons  # the attribute as the browser reads it
