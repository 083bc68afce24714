"""A rulebook cache moved or copied together with its sources (a renamed checkout, a copied build, a cache
restored in another folder) is taken up where it is: Sphinx reads again only the pages that changed, as it
would have in the old place. Sphinx's own checks stay: another configuration reads every page, and a cache
used beside other sources (its place relative to them is not the one it was made in) is read fresh.

A two-page Sphinx project of its own docs/conf.py keeps these tests to a second; the rulebook's copy of the
session's shared build is tests/build/test_incremental.py's (one changed action reads its page alone).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolchain.rulebook.sphinx_run import RulebookError, run_sphinx

PAGES = {
    "conf.py": "project = 'moved'\n",
    "index.rst": "Index\n=====\n\n.. toctree::\n\n   one\n   two\n",
    "one.rst": "One\n===\n\nSee :ref:`no-such-label`.\n",  # a warning, which the first build lets pass
    "two.rst": ".. _two-label:\n\nTwo\n===\n\nThe second page.\n",
}


def _build(root: Path, *, strict: bool = True) -> list[str]:
    """The HTML of ROOT/docs into a new folder, as bp writes it (every page), with its cache in ROOT/cache:
    the pages Sphinx read."""
    shutil.rmtree(root / "out", ignore_errors=True)
    return run_sphinx(root / "docs", root / "out", root / "cache" / "doctrees", "html", strict=strict)


def _edit(path: Path, old: str, new: str) -> None:
    """Change a file (its time then after every page's last read, which the copy kept)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project, built once (its warning let pass)."""
    root = tmp_path_factory.mktemp("first")
    (root / "docs").mkdir()
    for name, text in PAGES.items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    assert sorted(_build(root, strict=False)) == ["index", "one", "two"]
    return root


def _copy(built: Path, target: Path) -> Path:
    """The project and its cache copied elsewhere, side by side as they were (their times kept)."""
    shutil.copytree(built, target / "moved")
    return target / "moved"


def test_a_copied_cache_reads_only_the_changed_page_and_a_new_configuration_every_page(built: Path, tmp_path: Path) -> None:
    copy = _copy(built, tmp_path)
    _edit(copy / "docs" / "one.rst", "no-such-label", "two-label")
    assert _build(copy) == ["one"]
    assert _build(copy) == []  # and it is at home there
    _edit(copy / "docs" / "conf.py", "project = 'moved'", "project = 'moved'\nrst_prolog = '.. |x| replace:: x'")
    assert sorted(_build(copy)) == ["index", "one", "two"]  # Sphinx's own check: the configuration changed


def test_a_warning_of_a_page_not_read_again_names_it_from_the_repository(built: Path, tmp_path: Path) -> None:
    """The page's doctree was read in the old folder, and says so: the warning names it as the editor does."""
    copy = _copy(built, tmp_path)
    _edit(copy / "docs" / "two.rst", "The second page.", "The second page, changed.")
    with pytest.raises(RulebookError) as failed:
        _build(copy)
    message = str(failed.value)
    assert "docs/one.rst" in message and "no-such-label" in message
    assert str(built) not in message and str(copy) not in message


def test_a_cache_beside_other_sources_is_read_fresh(built: Path, tmp_path: Path) -> None:
    """The same cache, its place relative to the docs not the one it was made in (another checkout naming the
    same cache): Sphinx refuses its environment, and reads every page."""
    shutil.copytree(built / "docs", tmp_path / "other" / "docs")
    shutil.copytree(built / "cache", tmp_path / "elsewhere" / "cache")
    pages = run_sphinx(tmp_path / "other" / "docs", tmp_path / "out", tmp_path / "elsewhere" / "cache" / "doctrees", "html",
                       strict=False)
    assert sorted(pages) == ["index", "one", "two"]
