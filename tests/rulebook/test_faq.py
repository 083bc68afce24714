"""The rulings (definitions/rulings.yaml) in the rulebook: where the 第8.1版 rulebook asks them (2.8.3, 2.10.3,
2.11.1), on the FAQ page (HTML and PDF), on the entries of the definitions they concern (関連する裁定), and in
the search (Chromium)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from .conftest import ROOT
from .htmltext import numbered_headings, read

# Where the seed (shared/seeds/000, 第8.1版) asks each question: its section and the answer's first words.
ASKED = {
    "multi-card-bulwark": ("common-character-notes", "複数枚で1体となるキャラクターが防壁になったら?", "アクションの効果で兵士を防壁にすることがあります。"),
    "no-target": ("common-request", "対象を指定しないでアクションを起こせるか?", "「対象」項目がある場合、記載された条件を満たした対象を"),
    "self-target": ("common-request", "アクションを対象とするアクションは自身を対象にできるか?", "アクションは、自分自身を対象とすることはできません。"),
    "remaining-life": ("common-access-levels", "残りライフを聞かれたらどうしたらいいの?", "対戦相手から残りのライフを聞かれた場合、"),
    "graveyard-top": ("common-access-levels", "墓地の一番上のカードはいつ決まるのか?", "カードを墓地に移す際に移すカードの中から1枚を公開してください。"),
}


def _section(page: str, section_id: str) -> str:
    start = page.index(f'id="{section_id}"')
    return page[start:page.index("</section>", start)]


def _text(html: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", html))


def test_the_questions_stand_where_the_rulebook_asks_them(book) -> None:
    common = (book.html / "common.html").read_text(encoding="utf-8")
    for id_, (section, question, answer) in ASKED.items():
        here = _section(common, section)
        # the question as a rubric (its words may be kept together in spans: sphinxext/nobr_spans.py)
        rubric = next((found for found in re.finditer(r'<p class="rubric">(.*?)</p>', here, re.S)
                       if _text(found.group(1)) == _text(question)), None)
        assert rubric is not None, id_
        after = here[rubric.start():]
        assert _text(after).startswith(_text(question + answer)), id_
        assert f'href="faq.html#ruling-{id_}"' in after  # → 裁定 9.x
    # the seed's own wording, copied once: into rulings.yaml, nowhere in docs/
    docs = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.rst"))
    assert not [question for _, question, _ in ASKED.values() if question in docs]


def test_the_faq_lists_every_ruling_numbered_with_what_it_concerns(book, definitions) -> None:
    faq = (book.html / "faq.html").read_text(encoding="utf-8")
    headings = numbered_headings(book.html / "faq.html")
    assert headings[0] == ("第9章", "裁定 (FAQ)")
    assert headings[1:] == [(f"9.{i}", r.question) for i, r in enumerate(definitions.rulings, 1)]
    for ruling in definitions.rulings:
        entry = _section(faq, ruling.anchor)
        items = re.findall(r"<dt[^>]*>([^<]+)<span", entry)
        assert items[0] == "回答" and ("関連する定義" in items) == bool(ruling.concerns)
        assert ("実行例" in items) != ("実行例がない理由" in items)
        for anchor in ruling.concerns:
            assert f'#{anchor}"' in entry
    self_target = _section(faq, "ruling-self-target")
    assert 'href="format.html#act-counter"' in self_target and "カウンター(速攻魔法)" in _text(self_target)
    assert 'href="frame.html#act-trap-counter"' in self_target
    section_link = re.search(r'href="common.html#common-request"><span[^>]*>(.*?)</span></a>', self_target, re.S)
    assert section_link and _text(section_link.group(1)).startswith("2.10.3アクションの起こし方")
    life = _text(_section(faq, "ruling-remaining-life"))
    assert "実行例" in life and "対戦相手に見えるのは「10枚以上」だけ" in life and "実行例がない理由" not in life


UNRUN_RULING = """# yaml-language-server: $schema=../schema/rulings.schema.json
- id: unrun
  question: 答え方の裁定?
  answer: こう答えます。
  source: テスト
  date: 2025-06
  not_executable: プレイヤーが何を答えるかの裁定で、ゲームの進み方は変わらない。
"""


def test_a_ruling_without_examples_says_why_on_the_faq(tmp_path: Path) -> None:
    """Every 第8.1版 ruling runs; a ruling that cannot (not_executable) shows its reason where the examples
    would stand."""
    from tests.repos import minimal_repository
    from tests.runbp import bp

    root = minimal_repository(tmp_path)
    (root / "definitions" / "rulings.yaml").write_text(UNRUN_RULING, encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "index.rst").write_text("本\n==\n\n.. toctree::\n\n   faq\n", encoding="utf-8")
    (root / "docs" / "faq.rst").write_text("裁定\n====\n\n.. bp-faq::\n", encoding="utf-8")
    run = bp("rulebook", "--root", str(root), "--html-only", "--out", str(tmp_path / "site"), timeout=600)
    assert run.returncode == 0, run.stderr
    entry = _text(_section((tmp_path / "site" / "rulebook" / "faq.html").read_text(encoding="utf-8"), "ruling-unrun"))
    assert "実行例がない理由" in entry and "プレイヤーが何を答えるかの裁定" in entry


def test_each_entry_lists_its_rulings_linked_to_the_faq(book, definitions) -> None:
    pages = {name: (book.html / f"{name}.html").read_text(encoding="utf-8") for name in ("format", "frame")}
    concerned = {anchor for ruling in definitions.rulings for anchor in ruling.concerns}
    for definition in definitions.every_definition():
        page = next(text for text in pages.values() if f'id="{definition.anchor}"' in text)
        entry = _section(page, definition.anchor)
        rulings = definitions.rulings_of(definition)
        assert ("関連する裁定" in entry) == (definition.anchor in concerned), definition.anchor
        links = re.findall(r'href="faq.html#([^"]+)"><span class="std std-ref">(.*?)</span></a>', entry, re.S)
        assert [(anchor, _text(text)) for anchor, text in links] == [(r.anchor, _text(r.question)) for r in rulings]
    counter = re.findall(r"<dt[^>]*>([^<]+)<span", _section(pages["format"], "act-counter"))
    assert counter.index("関連する裁定") == counter.index("効果") + 1


def test_the_pdf_has_the_faq_chapter_and_its_links(book, definitions) -> None:
    printed = read(book.print_html)
    assert "faq--ruling-self-target" in printed.ids
    assert "#faq--ruling-self-target" in {url for _, url in printed.links}
    squeezed = ["".join(text.split()) for text in book.pages]  # a long heading wraps
    first = f"9.1{definitions.rulings[0].question}回答:"  # the section, not its line in the 目次
    chapter = next(i for i, text in enumerate(squeezed) if first in text)
    faq = "".join(squeezed[chapter:chapter + 4])
    assert [r.question for r in definitions.rulings if f"{r.question}回答:" not in faq] == []


def test_the_search_names_lists_the_rulings(book, definitions) -> None:
    script = (book.html / "_static" / "bp-names.js").read_text(encoding="utf-8")
    first = script.splitlines()[0]  # window.BP_NAMES; window.BP_WORDS follows on its own line
    names = json.loads(first.removeprefix("window.BP_NAMES = ").rstrip().removesuffix(";"))
    rulings = [n for n in names if n["kind"] == "裁定"]
    assert [(n["title"], n["doc"], n["anchor"]) for n in rulings] == [(r.question, "faq", r.anchor) for r in definitions.rulings]


@pytest.fixture(scope="module")
def search_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize(("query", "anchor"), [("自身を対象", "ruling-self-target"), ("墓地の一番上", "ruling-graveyard-top"),
                                               ("残りライフ", "ruling-remaining-life")])
def test_the_rulebook_search_finds_a_ruling_by_its_question_and_lands_on_it(book, search_page, query: str, anchor: str) -> None:
    page = search_page
    page.goto(f"{(book.html / 'search.html').as_uri()}?q={quote(query)}")
    page.wait_for_function("() => (document.querySelector('#search-results .search-summary') || {}).textContent",
                           timeout=10_000)
    hits = page.eval_on_selector_all("#search-results li.kind-bp-name a", "links => links.map(a => a.getAttribute('href'))")
    assert f"faq.html#{anchor}" in hits
    page.click(f"#search-results li.kind-bp-name a[href='faq.html#{anchor}']")
    page.wait_for_load_state("load")
    assert page.evaluate("location.hash") == f"#{anchor}"
    assert Path(page.evaluate("location.pathname")).name == "faq.html"


@pytest.mark.parametrize(("text", "message"), [(".. bp-ruling:: nowhere", "no ruling 'nowhere' in definitions/rulings.yaml"),
                                               (".. bp-faq::", "bp-faq belongs on docs/faq.rst")])
def test_a_ruling_directive_that_cannot_render_stops_the_build_at_its_line(tmp_path: Path, text: str, message: str) -> None:
    from toolchain.rulebook.sphinx_run import RulebookError, run_sphinx

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(f'extensions = ["toolchain.sphinxext"]\nbp_root = {str(ROOT)!r}\nlanguage = "ja"\n', encoding="utf-8")
    (docs / "index.rst").write_text(f"見出し\n======\n\n{text}\n", encoding="utf-8")
    with pytest.raises(RulebookError, match=rf"index.rst:4: .*{message}"):
        run_sphinx(docs, tmp_path / "out", tmp_path / "doctrees", "html")


def _ruling_page(tmp_path: Path, faq: str | None) -> Path:
    """A rulebook of one page that asks the ruling self-target, with docs/faq.rst as `faq` says (None: no FAQ page)."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text(f'extensions = ["toolchain.sphinxext"]\nbp_root = {str(ROOT)!r}\nlanguage = "ja"\n', encoding="utf-8")
    toctree = "\n.. toctree::\n\n   faq\n" if faq is not None else ""
    (docs / "index.rst").write_text(f"見出し\n======\n\n.. bp-ruling:: self-target\n{toctree}", encoding="utf-8")
    if faq is not None:
        (docs / "faq.rst").write_text(faq, encoding="utf-8")
    return docs


def test_a_ruling_stands_in_a_rulebook_without_a_faq_page(tmp_path: Path) -> None:
    """bp-ruling without docs/faq.rst: the question and its answer, and no link to a FAQ there is not (the build
    failed on the link to the missing section)."""
    from toolchain.rulebook.sphinx_run import run_sphinx

    run_sphinx(_ruling_page(tmp_path, None), tmp_path / "out", tmp_path / "doctrees", "html")
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "アクションを対象とするアクションは自身を対象にできるか?" in _text(page) and "bp-ruling-link" not in page


def test_a_faq_page_without_the_rulings_stops_the_build_at_the_rulings_line(tmp_path: Path) -> None:
    from toolchain.rulebook.sphinx_run import RulebookError, run_sphinx

    with pytest.raises(RulebookError, match=r"index.rst:4: .*ruling 'self-target' links to the FAQ, but docs/faq.rst has no '.. bp-faq::'"):
        run_sphinx(_ruling_page(tmp_path, "裁定\n====\n\n本文だけ。\n"), tmp_path / "out", tmp_path / "doctrees", "html")
