"""Editions of three parts (第9.1.1版, between 第9.1版 and 第9.2版): accepted wherever an edition is written
(rules.yaml's edition.id, since, updated), put in order by number (v9.1 < v9.1.1 < v9.2; v9.1.0 is v9.1),
and a version that is none (v9.1.1.1, v9..1) refused at its place."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolchain
from tests.repos import minimal_repository
from toolchain.model.history import changed_in_current_edition, edition_number, new_in_current_edition, same_edition
from toolchain.sphinxext.tables import version_key

BASIC = "definitions/actions/1-basic.yaml"
RULES = "definitions/rules.yaml"


def test_editions_are_ordered_by_number() -> None:
    order = ["v8.1", "v9.0", "v9.1", "v9.1.1", "v9.1.2", "v9.2", "v10.0"]
    assert sorted(reversed(order), key=edition_number) == order
    assert edition_number("v9.1.0") == edition_number("v9.1") and same_edition("v9.1.0", "v9.1")
    assert not same_edition("v9.1.1", "v9.1") and same_edition("ex3.4.0", "ex3.4.0") and not same_edition(None, None)
    assert [edition_number(v) for v in ("v9.1.1.1", "v9..1", "9.1", "ex3.4.0", None)] == [None] * 5


def test_the_history_table_lists_the_newest_edition_first() -> None:
    assert sorted(["v9.1", "ex3.4.0", "v9.1.1", "v8.1", "v9.2"], key=version_key) == ["v9.2", "v9.1.1", "v9.1", "v8.1", "ex3.4.0"]


def _edited(tmp_path: Path, path: str, old: str, new: str) -> Path:
    root = minimal_repository(tmp_path)
    file = root / path
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1
    file.write_text(text.replace(old, new), encoding="utf-8")
    return root


def test_a_three_part_edition_is_current_and_marks_what_changed_in_it(tmp_path: Path) -> None:
    root = _edited(tmp_path, RULES, "  id: v8.1\n", "  id: v8.1.1\n")
    basic = root / BASIC
    basic.write_text(basic.read_text(encoding="utf-8").replace("  updated: [v8.0]", "  updated: [v8.0, v8.1.1]"), encoding="utf-8")
    checked = toolchain.load(root)
    assert [f for f in checked.findings if f.code in ("BP010", "BP035")] == []
    end = next(a for a in checked.definitions.actions if a.id == "end")
    assert changed_in_current_edition(end, checked.definitions) and not new_in_current_edition(end, checked.definitions)


def test_an_edition_written_out_is_the_same_edition(tmp_path: Path) -> None:
    """`updated: [v8.1.0]` under edition.id v8.1 is the current edition: not later than it (BP035), and changed in it."""
    root = _edited(tmp_path, BASIC, "  updated: [v8.0]", "  updated: [v8.0, v8.1.0]")
    checked = toolchain.load(root)
    assert [f for f in checked.findings if f.code in ("BP010", "BP035")] == []
    end = next(a for a in checked.definitions.actions if a.id == "end")
    assert changed_in_current_edition(end, checked.definitions)


@pytest.mark.parametrize(("path", "old", "new", "line", "column"), [
    (RULES, "  id: v8.1\n", "  id: v8.1.1.1\n", 5, 7),
    (RULES, "  id: v8.1\n", "  id: v8..1\n", 5, 7),
    (BASIC, "  since: v0.2", "  since: v9..1", 12, 10),
    (BASIC, "  updated: [v8.0]", "  updated: [v8.0, v9.1.1.1]", 13, 19),
])
def test_a_version_that_is_no_edition_is_found_where_it_is_written(tmp_path: Path, path: str, old: str, new: str,
                                                                   line: int, column: int) -> None:
    root = _edited(tmp_path, path, old, new)
    written = new.rstrip("]\n").split()[-1]
    found = [f for f in toolchain.load(root).findings if f"'{written}'" in f.message]
    assert [(f.location.path, f.location.line, f.location.column, f.code) for f in found] == [(path, line, column, "BP010")]
    assert "v<major>.<minor>.<patch> (v9.1.1)" in found[0].message
