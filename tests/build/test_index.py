"""The site's index.html: made from the labels in the manifest, escaped, usable without a server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.runbp import bp
from toolchain.site.index import render_index
from toolchain.site.manifest import FileRecord, Label


def test_a_labelled_output_appears_on_the_index_by_itself() -> None:
    files = {
        "leaflets/pro-strategy.pdf": FileRecord("k", "s", 2048, Label("リーフレット", "プロ × ストラテジー", "PDF", 40, 2)),
        "rulebook/_static/furo.css": FileRecord("k", "s", 10, None),  # not an entry point: not listed
        "blackpoker.pdf": FileRecord("k", "s", 3 * 1024 * 1024, Label("ルールブック", "ルールブック", "PDF (A5)", 10, 107)),
    }
    page = render_index({"title": "BlackPoker", "name": "第8.1版"}, "2025年6月15日", files)
    assert page.index("ルールブック") < page.index("リーフレット")  # sections in the order of their ranks
    assert 'href="leaflets/pro-strategy.pdf"' in page and "2 KB, 2 ページ" in page
    assert 'href="blackpoker.pdf"' in page and "3.0 MB, 107 ページ" in page
    assert "furo.css" not in page


def test_the_index_escapes_what_the_definitions_say(minimal_repo: Path, tmp_path: Path) -> None:
    rules = minimal_repo / "definitions" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("title: BlackPoker 公式ルール", 'title: "<script>alert(1)</script> & co"', 1), encoding="utf-8")
    run = bp("build", "--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
    assert 'href="definitions.json"' in page


def test_index_columns_put_the_page_and_the_document_first() -> None:
    files = {
        "actionlist/pdf/blackpoker-pro-2up.pdf": FileRecord("k", "s", 2048, Label("アクションリスト", "プロ", "2面付け PDF (A4)", 20, 3)),
        "actionlist/pdf/blackpoker-pro.pdf": FileRecord("k", "s", 2048, Label("アクションリスト", "プロ", "PDF (A5)", 20, 5)),
        "actionlist/html/pro.html": FileRecord("k", "s", 2048, Label("アクションリスト", "プロ", "HTML", 20)),
    }
    page = render_index({"title": "BlackPoker", "name": "第8.1版"}, "2025年6月15日", files)
    heads = re.findall(r'<th scope="col">([^<]+)</th>', page)
    assert heads == ["HTML", "PDF (A5)", "2面付け PDF (A4)"]
    # Each link says what it opens in Japanese, the kind included (a phone shows no column heads); the file's name under it.
    assert '<td><a href="actionlist/pdf/blackpoker-pro.pdf">プロ・PDF (A5)</a> <span class="file"><span class="name">blackpoker-pro.pdf</span>' in page
    assert '<link rel="icon" type="image/svg+xml" href="favicon.svg">' in page


def test_how_to_print_an_imposed_pdf_is_said_once_under_its_section() -> None:
    """The booklet's printing note left its pages (folded, it crossed the cover and every spread): the
    index says it, once per kind of file, under the section."""
    from toolchain.imposition import BOOKLET_NOTE, TWO_UP_NOTE

    files = {
        "blackpoker_a5-booklet.pdf": FileRecord("k", "s", 2048, Label("ルールブック", "ルールブック", "製本用 PDF (A4)", 10, 58, BOOKLET_NOTE)),
        **{f"actionlist/pdf/blackpoker-{name}-2up.pdf": FileRecord("k", "s", 2048, Label("アクションリスト", name, "2面付け PDF (A4)", 20, 3,
                                                                                            TWO_UP_NOTE))
           for name in ("lite", "pro")},
    }
    page = render_index({"title": "BlackPoker", "name": "第8.1版"}, "2025年6月15日", files)
    assert page.count(f'<p class="print-note">製本用 PDF (A4): {BOOKLET_NOTE.replace(">", "&gt;")}</p>') == 1
    assert page.count(f'<p class="print-note">2面付け PDF (A4): {TWO_UP_NOTE}</p>') == 1


# The longest names of the site's lists (a format + frame with its 2-up sheet) and of the rulebook.
LONG_NAMES = {
    "actionlist/html/standard-rare-pack.html": ("スタンダード + レアパック", "HTML", None),
    "actionlist/pdf/blackpoker-std-rare-pack.pdf": ("スタンダード + レアパック", "PDF (A5)", 5),
    "actionlist/pdf/blackpoker-std-rare-pack-2up.pdf": ("スタンダード + レアパック", "2面付け PDF (A4)", 3),
    "blackpoker_a5-booklet.pdf": ("ルールブック", "製本用 PDF (A4)", 58),
}


@pytest.mark.parametrize("width", [1280, 390])
def test_no_file_name_breaks_and_every_link_reads_in_japanese(browser, tmp_path: Path, width: int) -> None:
    files = {path: FileRecord("k", "s", 600_000, Label("アクションリスト" if "actionlist" in path else "ルールブック", title, kind, 20, pages))
             for path, (title, kind, pages) in LONG_NAMES.items()}
    (tmp_path / "index.html").write_text(render_index({"title": "BlackPoker", "name": "第8.1版"}, "2025年6月15日", files),
                                         encoding="utf-8")
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        page.goto((tmp_path / "index.html").as_uri())
        names = page.eval_on_selector_all(".file .name", "els => els.map(e => [e.textContent, e.getClientRects().length])")
        assert sorted(names) == sorted([Path(path).name, 1] for path in LONG_NAMES)  # each on one line
        links = page.eval_on_selector_all("td a", "links => links.map(a => a.textContent)")
        assert "スタンダード + レアパック・2面付け PDF (A4)" in links and all("." not in link for link in links)
    finally:
        context.close()
