"""Sphinx's incremental rebuild: a change to the definitions re-reads the pages that show it, and only those, on a copy
of the session's shared build (the rulebook of its own edition), taken up where it is copied."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

from tests.shared import SiteBuild
from toolchain.rulebook.sphinx_run import RulebookError, build_html


@pytest.fixture(scope="module")
def repo(site_build: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shared build's sources (its own edition's rulebook) and, beside them as there, of its
    rulebook's cache (_cache): the copy is taken up where it is, so its first build reads no page again."""
    folder = tmp_path_factory.mktemp("repo")
    shutil.copytree(site_build.root, folder / "rules")
    shutil.copytree(site_build.own_cache, folder / "cache")
    return folder / "rules"


def _cache(repo: Path) -> Path:
    return repo.parent / "cache"


def _reread(repo: Path, *touched: str, edits: tuple[tuple[str, str, str], ...] = ()) -> set[str]:
    """Touch the files and make the edits (file, old, new), rebuild the HTML, and return the pages Sphinx
    read again. The edits stay: each test's change is another change for the next."""
    doctrees = _cache(repo) / "doctrees"
    before = {path.stem: path.stat().st_mtime_ns for path in doctrees.glob("*.doctree")}
    later = time.time()  # newer than every page's last read (not in the future: the next build must see it as old)
    for name in touched:
        os.utime(repo / name, (later, later))
    for name, old, new in edits:
        path = repo / name
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    build_html(repo, _cache(repo))
    after = {path.stem: path.stat().st_mtime_ns for path in doctrees.glob("*.doctree")}
    return {page for page, mtime in after.items() if before.get(page) != mtime}


ACTIONS = "definitions/actions/3-quick-spell.yaml"


def test_nothing_changed_nothing_read(repo: Path) -> None:
    assert _reread(repo) == set()


def test_a_definitions_file_touched_but_not_changed_reads_nothing(repo: Path) -> None:
    """Pages rely on the definitions' data, not on their files' times."""
    assert _reread(repo, "definitions/fog.yaml", ACTIONS) == set()


def test_an_effect_changed_rereads_the_action_list_only(repo: Path) -> None:
    """The action's file is among the inputs of the figures of common and preface, and of the version
    history, but neither a drawing nor the history shows an effect's text."""
    assert _reread(repo, edits=((ACTIONS, "1. 合計点 を 0 とし、", "1. 合計点を 0 とし、"),)) == {"format"}


def test_an_action_renamed_rereads_the_version_history_too(repo: Path) -> None:
    """The history names every definition (its view's value changed)."""
    pages = _reread(repo, edits=((ACTIONS, "name: B・J\n", "name: B・J・2\n"),))
    assert {"format", "history"} <= pages
    assert not pages & {"appendix", "core", "regulation", "frame", "index"}


def test_a_zone_renamed_rereads_the_page_whose_only_figure_shows_it(repo: Path) -> None:
    """The preface relies on its figure's drawing alone, which names the zones (rules.yaml). An editor who renames
    a zone renames it in the printed texts too: BP048 reads them by the zone's name in rules.yaml and reports each
    text still naming the old one (tests/check/test_effect_facts.py). The simulator's prompt 墓地の一番上 is the
    edition's word too (rules.yaml `prompts:`), so the examples' choices follow the rename with it."""
    files = sorted((repo / "definitions").rglob("*.yaml"))
    kept = {path: path.read_text(encoding="utf-8") for path in files}
    try:
        for path, text in kept.items():
            path.write_text(text.replace("墓地", "捨て札"), encoding="utf-8")
        assert "preface" in _reread(repo)
    finally:  # the next tests build on this repository: the rename must not stay
        for path, text in kept.items():
            path.write_text(text, encoding="utf-8")
        build_html(repo, _cache(repo))  # and the cache as it was, whole again


def test_fog_yaml_changed_rereads_the_fog_list(repo: Path) -> None:
    pages = _reread(repo, edits=(("definitions/fog.yaml", "name: ", "name: ニュー"),))
    assert {"format", "history"} <= pages  # 4.3.3 フォグリスト, the version history
    assert not pages & {"appendix", "core", "regulation", "frame", "index"}


def test_frames_yaml_changed_rereads_the_frames_and_table_3_1(repo: Path) -> None:
    pages = _reread(repo, edits=(("definitions/frames/frames.yaml", "name: ", "name: ニュー"),))
    assert {"frame", "regulation"} <= pages
    assert not pages & {"appendix", "core", "index"}


def test_prose_change_rereads_that_page_only(repo: Path) -> None:
    assert _reread(repo, "docs/appendix.rst") == {"appendix"}


def test_a_new_definitions_file_rereads_the_pages_that_show_its_definitions(repo: Path) -> None:
    """No existing file changed: the extension notices the new file (env-get-outdated), whose action
    the action list shows, and the appendix (which relies on the formats only) does not."""
    source = repo / "definitions" / "actions" / "4-normal-spell.yaml"
    copy = repo / "definitions" / "actions" / "5-copy.yaml"
    text = source.read_text(encoding="utf-8")
    header, _, body = text.partition("\n- id: ")
    first = "- id: " + body.split("\n- id: ")[0]
    # Names are unique too (BP020), and a kana reads its name (BP034); a new action is new in this edition, as the
    # history of the rules (history/) says (BP049).
    first = re.sub(r"(?m)^  name: (.+)$", r"  name: \1ニ", first, count=1)
    first = re.sub(r"(?m)^  kana: (.+)$", r"  kana: \1に", first, count=1)
    first = re.sub(r"(?m)^  since: .+\n(  updated: .+\n)?", "  since: v8.1\n", first, count=1)
    copy.write_text(header + "\n" + first.replace("- id: ", "- id: copy-", 1), encoding="utf-8")
    try:
        pages = _reread(repo)
    finally:
        copy.unlink()
    assert "format" in pages and "appendix" not in pages


def _pages_written(repo: Path, page: str, old: str, new: str) -> tuple[set[str], set[str]]:
    """Edit one docs page, rebuild, put it back: the page cache's entries before and after the build."""
    cached = _cache(repo) / "pages"
    before = {path.name for path in cached.glob("*.html")}
    path = repo / "docs" / page
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        build_html(repo, _cache(repo))
    finally:
        path.write_text(text, encoding="utf-8")
    return before, {path.name for path in cached.glob("*.html")}


def test_a_prose_change_writes_that_page_only_and_a_title_change_writes_every_page(repo: Path) -> None:
    """The HTML page cache (pagecache.py): the other pages are copied, until what surrounds them changes
    (a title is in every page's navigation). That the copies are the bytes of a clean build is
    tests/build/test_incremental.py's."""
    build_html(repo, _cache(repo))  # what the tests above changed last
    before, after = _pages_written(repo, "appendix.rst", "\n.. _appendix-pdf:", "\n書き足した一文。\n\n.. _appendix-pdf:")
    assert len(after) == len(before) and len(after - before) == 1
    before, after = _pages_written(repo, "appendix.rst", "\n付録\n", "\n付録・補遺\n")
    assert len(after) == len(before) and not after & before


def test_a_copied_page_is_not_resolved_and_its_warning_comes_back_until_fixed(repo: Path) -> None:
    """Pages taken from the page cache are neither unpickled nor resolved, so a page is kept only by
    a build that ended cleanly: a reference to no label fails every build until it is fixed."""
    build_html(repo, _cache(repo))
    path = repo / "docs" / "appendix.rst"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n:ref:`no-such-label`\n", encoding="utf-8")
    try:
        for _ in range(2):
            with pytest.raises(RulebookError, match="no-such-label"):
                build_html(repo, _cache(repo))
    finally:
        path.write_text(text, encoding="utf-8")
    build_html(repo, _cache(repo))
    cached = _cache(repo) / "pages"
    assert not list(cached.glob("*.pending")) and len(list(cached.glob("*.json"))) == len(list(cached.glob("*.html")))
