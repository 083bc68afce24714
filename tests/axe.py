"""axe-core (Deque's accessibility engine, the copy the axe-playwright-python package ships, installed
with the test dependencies of pyproject.toml) run on a page open in Playwright: the WCAG 2.1 A and AA
rules, violations only."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")

# axe-core 4.12 parses every colour string it reads through colorjs.io, afresh each time: the same few strings
# (`rgb(255, 255, 255)`, …) thousands of times a page, most of its colour-contrast rule's time, which is most of a
# run's. Color.parseString is a function of its text alone (it sets the colour's channels and alpha from it, or
# throws): its result kept per text gives the same colours, and a text it cannot parse still throws each time.
REMEMBER_PARSED_COLOURS = """() => {
    const Color = axe.commons.color.Color;
    const parse = Color.prototype.parseString;
    const parsed = new Map();
    Color.prototype.parseString = function (text) {
        const known = parsed.get(text);
        if (known === undefined) {
            parse.call(this, text);
            parsed.set(text, [this.r, this.g, this.b, this.alpha]);
        } else {
            [this.r, this.g, this.b, this.alpha] = known;
        }
        return this;
    };
}"""


# axe-core 4.12's colour classes (its own Color, colorjs.io's Color and ColorSpace) keep their private fields as Babel
# compiles them for old browsers: a WeakMap per field and a WeakSet per class, made once as the script loads, written
# on every colour made. The tens of thousands of colours of a long page made those inserts, and the garbage
# collector's work on so many weak entries, about a fifth of Chromium's CPU for a page loaded and checked. While
# the script loads, WeakMap and WeakSet are a store on the object itself, under a symbol of each map's own: an entry
# per object, gone with the object, not enumerable (no spread, JSON or clone copies it), a missing one still found
# missing. The maps axe makes while it runs (its node map) are the browser's own: they are restored after the load.
FIELDS_ON_THEIR_OBJECTS = """(() => {
    const own = Object.prototype.hasOwnProperty;
    class FieldStore {
        constructor() { this.key = Symbol("field"); }
        has(object) { return own.call(object, this.key); }
        get(object) { return object[this.key]; }
        set(object, value) {
            Object.defineProperty(object, this.key, {value, writable: true, configurable: true});
            return this;
        }
        add(object) { return this.set(object, true); }
        delete(object) { return delete object[this.key]; }
    }
    globalThis.__weakCollections = [WeakMap, WeakSet];
    globalThis.WeakMap = globalThis.WeakSet = FieldStore;
})();
"""
WEAK_COLLECTIONS_RESTORED = """
[globalThis.WeakMap, globalThis.WeakSet] = globalThis.__weakCollections;
delete globalThis.__weakCollections;
"""


@cache
def axe_script() -> str:
    """axe-core as the package ships it."""
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


@cache
def axe_script_with_fields_on_their_objects() -> str:
    """axe-core loaded with its colours' private fields kept on the colours (FIELDS_ON_THEIR_OBJECTS)."""
    return FIELDS_ON_THEIR_OBJECTS + axe_script() + WEAK_COLLECTIONS_RESTORED


def show(page: Any, viewport: str, scheme: str) -> None:
    """The page (one for a module: a browser context costs Chromium twice a page load) at the width and in the colour
    scheme given, as a context made with them would show the next address it opens."""
    page.goto("about:blank")
    page.set_viewport_size(VIEWPORTS[viewport])
    page.emulate_media(color_scheme=scheme)


def violations(page: Any) -> list[str]:
    """Each rule the page breaks, with its impact and the first elements that break it."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_script_with_fields_on_their_objects())
        page.evaluate(REMEMBER_PARSED_COLOURS)
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
