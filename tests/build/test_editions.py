"""A site of two editions (`site: editions:` in rules.yaml): the newest at the top of the site, the
other in the folder of its id; each index lists both, every page says its edition and links the same
page of the other, those links lead to files that are there; a one-edition repository builds as it
always did; a declared folder that is not there is said, with nothing built.

Two small repositories (tests/fixtures/minimal, each with a two-page docs/) built once for the module:
第8.1版 as the repository given to bp build, 第9.1版 in its editions/v9.1.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.axe import SCHEMES, violations
from tests.repos import minimal_repository
from tests.runbp import bp

pytestmark = pytest.mark.xdist_group("editions-site")

EPOCH = "1750000000"
ONLY = ("--only", "definitions.json", "--only", "actionlist-html", "--only", "rulebook-html")
INDEX_RST = """\
|bp-title|
==========

.. toctree::

   {pages}
"""
# 第8.1版: the turn and the actions on one page; 第9.1版 moves the actions to a page of their own.
OLD_PAGES = {"rules": ".. _turn:\n\nターン\n======\n\n一巡り。\n\n.. _actions:\n\nアクション\n----------\n\n行うこと。\n"}
NEW_PAGES = {"turn": ".. _turn:\n\nターン\n======\n\n一巡り。\n",
             "doing": ".. _actions:\n\nアクション\n==========\n\n行うこと。\n\n.. _new-things:\n\n新しいこと\n----------\n\n新しい。\n"}
BAR = re.compile(r'<!-- bp-editions --><nav class="bp-editions" aria-label="版"[^>]*><strong>([^<]+)</strong>(.*?)</nav><!-- /bp-editions -->')
LINK = re.compile(r'<a href="([^"]+)"[^>]*>([^<]+)では</a>')


def _with_docs(root: Path, pages: dict[str, str]) -> Path:
    docs = root / "docs"
    docs.mkdir()
    (docs / "index.rst").write_text(INDEX_RST.format(pages="\n   ".join(pages)), encoding="utf-8")
    for name, text in pages.items():
        (docs / f"{name}.rst").write_text(text, encoding="utf-8")
    return root


def _set_edition(root: Path, edition_id: str, name: str, site: str = "") -> None:
    rules = root / "definitions" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^  id: v[\d.]+$", f"  id: {edition_id}", text, count=1)
    text = re.sub(r"(?m)^  name: 第[\d.]+版$", f"  name: {name}", text, count=1)
    rules.write_text(text + site, encoding="utf-8")


def two_editions(base: Path) -> Path:
    """第8.1版 at BASE/rules, naming 第9.1版 (its editions/v9.1) under site: editions:."""
    root = _with_docs(minimal_repository(base), OLD_PAGES)
    newer = minimal_repository(base / "newer")
    (root / "editions").mkdir()
    newer = newer.rename(root / "editions" / "v9.1")
    shutil.rmtree(newer / "schema")
    _set_edition(newer, "v9.1", "第9.1版")
    _with_docs(newer, NEW_PAGES)
    _set_edition(root, "v8.1", "第8.1版", "\nsite:\n  editions:\n    - editions/v9.1\n")
    return root


@dataclass
class Site:
    root: Path
    site: Path
    cache: Path

    def build(self, *args: str) -> dict:
        run = bp("build", "--root", str(self.root), "--out", str(self.site), "--cache", str(self.cache), *ONLY, "--format", "json",
                 *args, env={"SOURCE_DATE_EPOCH": EPOCH})
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Site:
    base = tmp_path_factory.mktemp("editions")
    site = Site(two_editions(base), base / "site", base / "cache")
    site.build("-j", "1")
    return site


def _pages(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.html") if "v8.1" not in path.relative_to(folder).parts)


def test_the_newest_edition_is_at_the_top_and_the_other_in_its_folder(built: Site) -> None:
    top, older = built.site, built.site / "v8.1"
    for folder, name in ((top, "第9.1版"), (older, "第8.1版")):
        for path in ("index.html", "definitions.json", "actionlist/html/all.html", "rulebook/index.html"):
            assert (folder / path).is_file(), (folder, path)
        assert json.loads((folder / "definitions.json").read_text(encoding="utf-8"))["edition"]["name"] == name
    assert (top / "rulebook" / "doing.html").is_file() and (older / "rulebook" / "rules.html").is_file()
    assert (built.cache.parent / "cache-v8.1").is_dir()  # each edition's rulebook has its own Sphinx cache


def test_each_index_offers_both_editions(built: Site) -> None:
    for folder, this, other, href in ((built.site, "第9.1版", "第8.1版", "v8.1/index.html"),
                                      (built.site / "v8.1", "第8.1版", "第9.1版", "../index.html")):
        index = (folder / "index.html").read_text(encoding="utf-8")
        assert f'<strong aria-current="page">{this}</strong>' in index
        assert f'<a href="{href}">{other}</a>' in index
        assert (folder / href).resolve().is_file()


def test_every_page_names_its_edition_and_links_the_other(built: Site) -> None:
    for folder, this, other in ((built.site, "第9.1版", "第8.1版"), (built.site / "v8.1", "第8.1版", "第9.1版")):
        pages = [page for page in _pages(folder) if page.name != "index.html" or page.parent != folder]
        assert len(pages) >= 8  # the rulebook's pages and the action lists'
        for page in pages:
            bars = BAR.findall(page.read_text(encoding="utf-8"))
            assert len(bars) == 1, page  # put once, however often the page was kept
            name, links = bars[0]
            assert name == this
            [(href, linked)] = LINK.findall(links)
            assert linked == other
            assert (page.parent / href).resolve().is_file(), (page, href)


def _link(page: Path) -> Path:
    [(_name, links)] = BAR.findall(page.read_text(encoding="utf-8"))
    [(href, _linked)] = LINK.findall(links)
    return (page.parent / href).resolve()


def test_rulebook_pages_are_matched_by_their_section_labels(built: Site) -> None:
    older, newer = built.site / "v8.1" / "rulebook", built.site / "rulebook"
    assert _link(older / "rules.html") == (newer / "turn.html").resolve()  # the page of 'turn' (and of 'actions')
    assert _link(newer / "doing.html") == (older / "rules.html").resolve()  # 'actions' moved there
    assert _link(newer / "turn.html") == (older / "rules.html").resolve()
    assert _link(newer / "index.html") == (older / "index.html").resolve()


def test_other_pages_are_matched_by_their_place(built: Site) -> None:
    for name in ("all.html", "lite.html"):
        page = built.site / "actionlist" / "html" / name
        assert _link(page) == (built.site / "v8.1" / "actionlist" / "html" / name).resolve()


ENTRY = re.compile(r'<article class="entry\b[^"]*" id="([^"]+)"(.*?)</article>', re.DOTALL)
ENTRY_LINK = re.compile(r'<p class="bp-edition-entry"[^>]*><a href="([^"]+)">([^<]+)では</a></p>')


def test_every_entry_links_the_same_entry_of_the_other_edition(built: Site) -> None:
    for folder, other in ((built.site, "第8.1版"), (built.site / "v8.1", "第9.1版")):
        for name in ("all.html", "lite.html"):
            page = folder / "actionlist" / "html" / name
            entries = ENTRY.findall(page.read_text(encoding="utf-8"))
            assert len(entries) >= 4, page
            for entry, body in entries:
                [(href, linked)] = ENTRY_LINK.findall(body)
                assert linked == other
                target, _, anchor = href.partition("#")
                assert anchor == entry and f'id="{entry}"' in (page.parent / target).read_text(encoding="utf-8"), (page, href)


def test_an_entry_links_where_the_other_edition_has_it_and_only_then() -> None:
    from toolchain.site.crosslinks import entry_links, entry_pages, with_entry_links
    from toolchain.site.editions import Edition

    older = Edition(Path("old"), "v8.1", "第8.1版", "v8.1")
    where = entry_pages({"actionlist/html/lite.html": ["act-up"], "actionlist/html/all.html": ["act-up", "act-gone"]})
    assert where == {"act-up": "actionlist/html/all.html", "act-gone": "actionlist/html/all.html"}
    page = '<body><article class="entry entry-action" id="act-up">上</article><article class="entry" id="act-new">新</article></body>'
    linked = with_entry_links(page, entry_links({"act-up": [(older, "v8.1/all.html#act-up")], "act-new": []}))
    [(entry, body)] = [(entry, body) for entry, body in ENTRY.findall(linked) if ENTRY_LINK.search(body)]
    assert entry == "act-up" and ENTRY_LINK.findall(body) == [("v8.1/all.html#act-up", "第8.1版")]
    again = with_entry_links(linked, entry_links({"act-up": [(older, "v8.1/all.html#act-up")]}))
    assert again == linked  # put once, however often the page is kept and linked again
    assert with_entry_links(linked, {}) == page  # an entry the other edition no longer has loses its link


def test_a_change_to_one_edition_builds_that_edition_only(built: Site) -> None:
    report = built.build()
    assert report["up_to_date"] is True
    rules = built.root / "docs" / "rules.rst"
    rules.write_text(rules.read_text(encoding="utf-8").replace("行うこと。", "行うことすべて。"), encoding="utf-8")
    report = built.build()
    assert "v8.1/rulebook/rules.html" in report["rendered"]
    assert all(path.startswith("v8.1/") for path in report["rendered"]), report["rendered"]
    assert "rulebook/doing.html" in report["kept"]  # 第9.1版 carried over as it was
    test_every_page_names_its_edition_and_links_the_other(built)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_editions_bar_and_index_have_no_violations(browser, built: Site, scheme: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        for path in ("index.html", "v8.1/index.html", "v8.1/actionlist/html/lite.html", "rulebook/doing.html"):
            page.goto((built.site / path).as_uri())
            page.wait_for_load_state("load")
            assert violations(page) == [], path
    finally:
        context.close()


def test_one_edition_builds_as_it_always_did(tmp_path: Path) -> None:
    root = minimal_repository(tmp_path)
    site = tmp_path / "site"
    run = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json", "--only", "actionlist-html",
             env={"SOURCE_DATE_EPOCH": EPOCH})
    assert run.returncode == 0, run.stderr
    files = {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}
    assert files == {".bp-output", ".bp-manifest.json", "index.html", "favicon.svg", "definitions.json",
                     *(f"actionlist/html/{page.name}" for page in (site / "actionlist" / "html").iterdir())}
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        # no bar (its markers and its nav; all.html's script names the bar's class, to carry its filters along it)
        assert "<!-- bp-editions -->" not in text and 'class="bp-editions"' not in text, page
        assert "では</a>" not in text and 'class="editions"' not in text, page


def test_a_declared_edition_that_is_not_there_is_said(tmp_path: Path) -> None:
    root = minimal_repository(tmp_path)
    rules = root / "definitions" / "rules.yaml"
    lines = rules.read_text(encoding="utf-8").splitlines()
    rules.write_text("\n".join([*lines, "site:", "  editions:", "    - editions/v9.1", ""]), encoding="utf-8")
    site = tmp_path / "site"
    run = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json")
    assert run.returncode == 2
    assert f"rules.yaml:{len(lines) + 3}:7: site.editions:" in run.stderr and "editions/v9.1" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert not site.exists()


def test_play_takes_an_edition_of_the_site(built: Site) -> None:
    from toolchain.site.editions import find_edition

    assert find_edition(built.root, "v9.1").root == (built.root / "editions" / "v9.1").resolve()
    assert find_edition(built.root, "v8.1").root == built.root
    run = bp("play", "--root", str(built.root), "--edition", "v7.0", "--port", "0")
    assert run.returncode == 2 and "no edition 'v7.0'" in run.stderr and "v9.1, v8.1" in run.stderr, run.stderr


def _declare(root: Path, *folders: str) -> None:
    rules = root / "definitions" / "rules.yaml"
    listed = "".join(f"    - {folder}\n" for folder in folders)
    rules.write_text(rules.read_text(encoding="utf-8") + f"\nsite:\n  editions:\n{listed}", encoding="utf-8")


@pytest.mark.parametrize("edition_id, said", [
    ("v8.1", "is edition v8.1 again; each edition is published once"),  # the repository's own id
    ("ex1.0.0", "the edition id of"),  # an extra list's id: no place among the editions
])
def test_a_declared_edition_of_no_place_is_said(tmp_path: Path, edition_id: str, said: str) -> None:
    root = minimal_repository(tmp_path)
    other = minimal_repository(tmp_path / "other")
    _set_edition(other, edition_id, "第9.9版")
    _declare(root, "../other/rules")
    site = tmp_path / "site"
    run = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json")
    assert run.returncode == 2 and said in run.stderr and "rules.yaml:" in run.stderr, run.stderr
    assert not site.exists()
