"""A Sphinx run asked to stop (bp serve on Ctrl-C or SIGTERM) ends before its next page instead of
running to its end in the caller's thread, which nothing else can interrupt; its environment is then
a killed run's, read again whole by the next run. A three-page project keeps this to a second."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.rulebook.sphinx_run import RulebookError, Stopped, run_sphinx

PAGES = {
    "conf.py": "project = 'stop'\n",
    "index.rst": "Index\n=====\n\n.. toctree::\n\n   one\n   two\n",
    "one.rst": "One\n===\n\nThe first page.\n",
    "two.rst": "Two\n===\n\nThe second page.\n",
}


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    for name, text in PAGES.items():
        (tmp_path / "docs" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    return tmp_path / "docs"


def _build(docs: Path, stop: object = None) -> list[str]:
    return run_sphinx(docs, docs.parent / "out", docs.parent / "doctrees", "html", stop=stop)  # type: ignore[arg-type]


def test_a_run_asked_to_stop_ends_before_its_next_page(docs: Path) -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 1  # the first page is read, then the run is stopped

    with pytest.raises(Stopped) as stopped:
        _build(docs, stop)
    assert isinstance(stopped.value, RulebookError)  # what a caller of a failed run catches
    assert len(asked) == 2, "asked again after it said stop"
    assert not list((docs.parent / "out").glob("*.html")), "no page was written"


def test_the_run_after_a_stopped_one_reads_every_page_again(docs: Path) -> None:
    assert _build(docs) == ["index", "one", "two"]
    assert _build(docs) == []
    with pytest.raises(Stopped):
        _build(docs, lambda: True)
    assert _build(docs) == ["index", "one", "two"]
    assert _build(docs, lambda: False) == []  # a run never told to stop ends as one without `stop`
