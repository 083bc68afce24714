"""`bp build`'s text report: 'rendered N: a, b, …, and M more' counts files, so that the names shown
and the M more add up to N (a folder's many files are named once, as 'rulebook/_static/… (30 files)')."""

from __future__ import annotations

import re

from toolchain.cli.buildrun import _summary


def _count(summary: str) -> int:
    """The files a summary line accounts for: each name once, a folder by its count, plus 'and M more'."""
    more = re.search(r", and (\d+) more$", summary)
    named = summary[: more.start()] if more else summary
    files = sum(int(m.group(1)) if (m := re.search(r" \((\d+) files\)$", name)) else 1 for name in named.split(", "))
    return files + (int(more.group(1)) if more else 0)


def test_the_names_shown_and_the_more_add_up_to_the_files() -> None:
    paths = [f"actionlist/html/page{i:02}.html" for i in range(20)]
    paths += [f"rulebook/_static/file{i:02}.css" for i in range(30)]
    paths += [f"rulebook/page{i:02}.html" for i in range(10)]
    summary = _summary(paths)
    assert _count(summary) == len(paths) == 60
    assert summary.endswith(", and 48 more")  # 12 named; the folder's 30 are among the rest


def test_a_folder_among_the_names_shown_counts_its_files() -> None:
    paths = ["definitions.json", *(f"rulebook/_static/f{i}.js" for i in range(30)), *(f"x/{i:02}.html" for i in range(15))]
    summary = _summary(paths)
    assert "rulebook/_static/… (30 files)" in summary
    assert _count(summary) == len(paths)


def test_a_short_list_names_every_file() -> None:
    assert _summary(["a.html", "b.html"]) == "a.html, b.html"
    assert _summary([]) == "nothing"
