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


def colours(page: Any) -> dict[str, float]:
    """The relative luminance (WCAG, 0 black to 1 white) of the page's ground (the body's, else the root's) and of
    its text: what tells that a colour scheme was followed."""
    return page.evaluate("""() => {
        const rgba = (colour) => (colour.match(/[\\d.]+/g) || []).map(Number);
        const opaque = (colour) => rgba(colour).length === 3 || rgba(colour)[3] > 0;
        const channel = (value) => { value /= 255; return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4; };
        const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        const ground = [document.body, document.documentElement].map((e) => getComputedStyle(e).backgroundColor).find(opaque);
        return {ground: luminance(rgba(ground || "rgb(255, 255, 255)")), text: luminance(rgba(getComputedStyle(document.body).color))};
    }""")


def follows(scheme: str, seen: dict[str, float]) -> bool:
    """Light text on a dark ground in the dark scheme, dark on light in the light one."""
    return seen["ground"] < 0.05 < 0.5 < seen["text"] if scheme == "dark" else seen["text"] < 0.05 < 0.5 < seen["ground"]
