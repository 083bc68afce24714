"""axe-core (Deque's accessibility engine, the copy the axe-playwright-python package ships, installed
with the test dependencies of pyproject.toml) run on a page open in Playwright: the WCAG 2.1 A and AA
rules, violations only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


def axe_script() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """Each rule the page breaks, with its impact and the first elements that break it."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script())
    result = page.evaluate("options => axe.run(document, options)",
                           {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]})
    return [f"{rule['id']} ({rule['impact']}, {len(rule['nodes'])} nodes): "
            f"{[node['target'] for node in rule['nodes'][:3]]} {rule['nodes'][0].get('failureSummary', '')[:300]}"
            for rule in result["violations"]]
