"""The rulings (definitions/rulings.yaml) in the action lists: on screen each entry lists its rulings
(関連する裁定), linked to the rulebook's FAQ, and the search finds an entry by its rulings' questions
(Chromium); the leaflets name the entries that have rulings in their legend, with the FAQ's address."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from toolchain.actionlist.site import default_base_url, faq_url

from .pdftext import flow, pages

FAQ = "../../rulebook/faq.html"  # the site holds actionlist/html/ and rulebook/


def _entry(html: str, anchor: str) -> str:
    start = html.index(f'id="{anchor}"')
    return html[start:html.index("</article>", start)]


def test_each_entry_lists_its_rulings_linked_to_the_faq(site: Path, definitions) -> None:
    page = (site / "html" / "all.html").read_text(encoding="utf-8")
    for definition in definitions.every_definition():
        entry = _entry(page, definition.anchor)
        rulings = definitions.rulings_of(definition)
        links = re.findall(r'<div class="field field-rulings">.*?</div></div>', entry, re.S)
        assert bool(links) == bool(rulings), definition.anchor
        found = re.findall(rf'<a href="{FAQ}#([^"]+)">(.*?)</a>', links[0] if links else "", re.S)
        # the words of a question may be kept together in spans (a katakana word: actionlist/suits.py)
        assert [(anchor, re.sub(r"<[^>]+>", "", text)) for anchor, text in found] == [(r.anchor, r.question) for r in rulings]
    assert "field-rulings" in _entry(page, "act-counter") and "field-rulings" not in _entry(page, "act-end")
    # a static page of a format shows them too
    lite = (site / "html" / "lite.html").read_text(encoding="utf-8")
    assert f'href="{FAQ}#ruling-self-target"' in _entry(lite, "act-counter")


def test_the_leaflets_legend_names_the_entries_with_rulings_and_where_they_are(site: Path, site_url: str, definitions) -> None:
    text = flow(pages(site / "pdf" / "blackpoker-all.pdf")).text
    legend = text[text.index("(補足)関連する裁定"):text.index("(補足)防壁の置き方")]
    ruled = [d.name for d in definitions.every_definition() if definitions.rulings_of(d)]
    assert len(ruled) >= 6 and all(name in legend for name in ruled)
    assert faq_url(default_base_url(definitions)) == "https://blackpoker.github.io/BlackPoker/master/rulebook/faq.html"
    assert f"{site_url}rulebook/faq.html" in legend  # where the site publishes this edition's rulebook
    assert "関連する裁定" not in text[text.index("(補足)防壁の置き方"):]  # the entries leave them to the legend
    lite = flow(pages(site / "pdf" / "blackpoker-lite.pdf")).text
    lite_legend = lite[lite.index("(補足)関連する裁定"):lite.index("(補足)防壁の置き方")]
    assert "カウンター" in lite_legend and "キル" not in lite_legend  # only the entries of its list


def test_the_search_finds_the_entries_a_ruling_concerns_by_its_question(browser, site: Path) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((site / "html" / "all.html").as_uri() + "?q=" + quote("自身を対象"))
    page.wait_for_selector("#bp-filters:not([hidden])")
    visible = page.eval_on_selector_all("article.entry", "els => els.filter(e => e.offsetParent !== null).map(e => e.id)")
    assert visible == ["act-counter", "act-ceasefire", "act-retarget", "act-trap-counter"]
    link = page.locator("#act-counter .field-rulings a")
    assert link.get_attribute("href") == f"{FAQ}#ruling-self-target"
    assert link.text_content() == "アクションを対象とするアクションは自身を対象にできるか?"
    context.close()
    assert errors == []
