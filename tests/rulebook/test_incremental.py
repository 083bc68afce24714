"""Sphinx's incremental rebuild: changing one YAML file re-reads the pages that render it, and only those."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from toolchain.rulebook.build import build_html

from .conftest import ROOT


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the rulebook's sources: docs/, definitions/ and schema/ (the toolchain is the installed one)."""
    root = tmp_path_factory.mktemp("repo")
    for name in ("docs", "definitions", "schema"):
        shutil.copytree(ROOT / name, root / name)
    build_html(root, root / "cache")
    return root


def _reread(repo: Path, *changed: str) -> set[str]:
    """Touch the files, rebuild the HTML, and return the pages Sphinx read again."""
    doctrees = repo / "cache" / "doctrees"
    before = {path.stem: path.stat().st_mtime_ns for path in doctrees.glob("*.doctree")}
    later = time.time()  # newer than every page's last read (not in the future: the next build must see it as old)
    for name in changed:
        os.utime(repo / name, (later, later))
    build_html(repo, repo / "cache")
    after = {path.stem: path.stat().st_mtime_ns for path in doctrees.glob("*.doctree")}
    return {page for page, mtime in after.items() if before.get(page) != mtime}


def test_nothing_changed_nothing_read(repo: Path) -> None:
    assert _reread(repo) == set()


def test_fog_yaml_rereads_the_fog_list(repo: Path) -> None:
    pages = _reread(repo, "definitions/fog.yaml")
    assert {"format", "history"} <= pages  # 4.3.3 フォグリスト, the version history
    assert not pages & {"appendix", "core", "regulation", "frame", "index"}


def test_frames_yaml_rereads_the_frames_and_table_3_1(repo: Path) -> None:
    pages = _reread(repo, "definitions/frames/frames.yaml")
    assert {"frame", "regulation"} <= pages
    assert not pages & {"appendix", "core", "index"}


def test_prose_change_rereads_that_page_only(repo: Path) -> None:
    assert _reread(repo, "docs/appendix.rst") == {"appendix"}


def test_a_new_definitions_file_rereads_the_pages_that_render_definitions(repo: Path) -> None:
    """No existing file changed: the extension notices the new file (env-get-outdated)."""
    source = repo / "definitions" / "actions" / "4-normal-spell.yaml"
    copy = repo / "definitions" / "actions" / "5-copy.yaml"
    text = source.read_text(encoding="utf-8")
    header, _, body = text.partition("\n- id: ")
    first = "- id: " + body.split("\n- id: ")[0]
    copy.write_text(header + "\n" + first.replace("- id: ", "- id: copy-", 1), encoding="utf-8")
    try:
        pages = _reread(repo)
    finally:
        copy.unlink()
    assert "format" in pages and "appendix" not in pages


def _pages_written(repo: Path, page: str, old: str, new: str) -> tuple[set[str], set[str]]:
    """Edit one docs page, rebuild, put it back: the page cache's entries before and after the build."""
    cached = repo / "cache" / "pages"
    before = {path.name for path in cached.iterdir()}
    path = repo / "docs" / page
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        build_html(repo, repo / "cache")
    finally:
        path.write_text(text, encoding="utf-8")
    return before, {path.name for path in cached.iterdir()}


def test_a_prose_change_writes_that_page_only_and_a_title_change_writes_every_page(repo: Path) -> None:
    """The HTML page cache (pagecache.py): the other pages are copied, until what surrounds them changes
    (a title is in every page's navigation). That the copies are the bytes of a clean build is
    tests/build/test_incremental.py's."""
    build_html(repo, repo / "cache")  # what the tests above changed last
    before, after = _pages_written(repo, "appendix.rst", "\n.. _appendix-pdf:", "\n書き足した一文。\n\n.. _appendix-pdf:")
    assert len(after) == len(before) and len(after - before) == 1
    before, after = _pages_written(repo, "appendix.rst", "\n付録\n", "\n付録・補遺\n")
    assert len(after) == len(before) and not after & before
