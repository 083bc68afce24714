"""axe-core over every kind of page of the rulebook and the site's index, at 1280 and 390 px, in the
light and the dark colour scheme: no WCAG 2.1 A or AA violation (aria-required-attr on 5 pages,
scrollable-region-focusable on 48 nodes at 390 px, link-in-text-block on the site index, grey text
at 3.26:1 in the dark scheme)."""

from __future__ import annotations

import pytest

from tests.axe import REMEMBER_PARSED_COLOURS, SCHEMES, VIEWPORTS, axe_script, axe_script_with_fields_on_their_objects, violations

# The top page, the chapters (prose, tables, the definitions' entries, figures, flowcharts, the history), the index, the search.
PAGES = ["index", "common", "regulation", "format", "frame", "core", "history", "genindex", "search"]


@pytest.fixture(scope="module", params=[(viewport, scheme) for viewport in VIEWPORTS for scheme in SCHEMES],
                ids=lambda param: f"{param[0]}-{param[1]}")
def page(browser, request):
    viewport, scheme = request.param
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    yield context.new_page()
    context.close()


# The first of these can take a minute of wall time in its setup: `book` is the session's shared two-edition build
# (tests/shared.py), which this module, among the last to run, may still be waiting for.
@pytest.mark.parametrize("name", PAGES)
def test_rulebook_pages_have_no_violations(book, page, name: str) -> None:
    page.goto((book.html / f"{name}.html").as_uri())
    page.wait_for_load_state("load")
    assert violations(page) == []


def test_the_site_index_has_no_violations(tmp_path_factory, page) -> None:
    from toolchain.imposition import BOOKLET_NOTE
    from toolchain.site.index import render_index
    from toolchain.site.manifest import FileRecord, Label

    files = {
        "rulebook/index.html": FileRecord("k", "s", 2048, Label("ルールブック", "ルールブック", "HTML", 10)),
        "blackpoker.pdf": FileRecord("k", "s", 1_800_000, Label("ルールブック", "ルールブック", "PDF (A5)", 10, 114)),
        "blackpoker_a5-booklet.pdf": FileRecord("k", "s", 1_800_000, Label("ルールブック", "ルールブック", "製本用 PDF (A4)", 10, 58,
                                                                           BOOKLET_NOTE)),
        "actionlist/html/lite.html": FileRecord("k", "s", 40_000, Label("アクションリスト", "ライト", "HTML", 20)),
        "definitions.json": FileRecord("k", "s", 90_000, Label("データ", "すべての定義", "JSON", 30)),
    }
    site = tmp_path_factory.mktemp("index")
    edition = {"title": "BlackPoker 公式ルール", "name": "第8.1版", "subtitle": "副題", "release": "2025/6/x", "copyright": "©"}
    (site / "index.html").write_text(render_index(edition, "2026年11月26日", files), encoding="utf-8")
    page.goto((site / "index.html").as_uri())
    assert violations(page) == []


def test_colours_remembered_change_no_result_of_the_contrast_rules(browser, book) -> None:
    """tests/axe.py keeps each colour string axe parses (REMEMBER_PARSED_COLOURS) and loads axe with its colours'
    private fields kept on the colours (FIELDS_ON_THEIR_OBJECTS: only its colour classes make their weak maps as the
    script loads): the contrast rules find the same passes, violations and incomplete nodes, with the same colours and
    ratios, as axe left as it is."""
    def contrast(as_the_suite_runs_it: bool) -> dict:
        context = browser.new_context(viewport=VIEWPORTS["phone"], color_scheme="dark")
        page = context.new_page()
        try:
            page.goto((book.html / "regulation.html").as_uri())
            page.add_script_tag(content=axe_script_with_fields_on_their_objects() if as_the_suite_runs_it else axe_script())
            if as_the_suite_runs_it:
                # the page's own WeakMap and WeakSet again once axe has loaded
                assert page.evaluate("() => [WeakMap, WeakSet].every((made) => String(made).includes('[native code]'))")
                page.evaluate(REMEMBER_PARSED_COLOURS)
            result = page.evaluate("() => axe.run(document, {runOnly: ['color-contrast', 'link-in-text-block']})")
            return {kind: [(rule["id"], [(node["target"], node["any"], node["all"], node["none"]) for node in rule["nodes"]])
                           for rule in result[kind]] for kind in ("passes", "violations", "incomplete")}
        finally:
            context.close()

    as_run = contrast(as_the_suite_runs_it=True)
    assert as_run["passes"] and as_run == contrast(as_the_suite_runs_it=False)
