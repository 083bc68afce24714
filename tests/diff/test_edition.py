"""`bp edition new v9.0 --name 第9.0版`: rules.yaml's edition gets the new id and name (its release stays
the editor's), and the 変更履歴 chapter the new edition's section from `bp diff --format rst` of the last
tag; what it cannot do as asked it refuses, before any file is touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import toolchain
from tests.runbp import bp
from toolchain.diff import new_edition

from .conftest import commit_all, edit, git

RULES, HISTORY, NORMAL = "definitions/rules.yaml", "docs/history.rst", "definitions/actions/4-normal-spell.yaml"


def _untagged(scratch_repo) -> Path:
    """The rules of 第8.1版 committed, without a tag."""
    repo = scratch_repo(("definitions", "docs"))
    git(repo, "tag", "-d", "v8.0")
    return repo


def _released(scratch_repo) -> Path:
    """The rules of 第8.1版 committed and tagged v8.1, as a released edition is."""
    repo = _untagged(scratch_repo)
    git(repo, "tag", "v8.1")
    return repo


def _files(repo: Path) -> dict[str, str]:
    return {name: (repo / name).read_text(encoding="utf-8") for name in (RULES, HISTORY)}


def test_it_bumps_the_edition_and_opens_its_history(scratch_repo) -> None:
    repo = _released(scratch_repo)
    edit(repo, NORMAL, "対象の対戦相手に X 点のダメージを与える。X はキーカードの ♠ カードの数字に等しい。",
         "対象の対戦相手に X 点のダメージを与える。X はキーカードの ♠ カードの数字の2倍に等しい。")
    commit_all(repo, "投擲の効果")  # a change of 第9.0版, made before the command
    run = bp("edition", "new", "v9.0", "--name", "第9.0版", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == (
        "definitions/rules.yaml: edition v8.1 → v9.0 (第9.0版); its release is still 2025/6/x: set it when the edition is released")
    rules = (repo / RULES).read_text(encoding="utf-8")
    assert "edition:\n  id: v9.0\n  name: 第9.0版\n  title: BlackPoker 公式ルール\n" in rules
    assert "  release: 2025/6/x\n" in rules and "# Table 2.1 トランプの数字" in rules  # the rest as written, comments too
    history = (repo / HISTORY).read_text(encoding="utf-8").split("\n")
    top = history.index("変更履歴")
    assert history[top + 1:top + 6] == ["=" * 50, "", ".. _history-v9-0:", "", "第9.0版の変更点"]
    assert "v8.1 からの変更点です。" in history and any("投擲" in line and "効果" in line for line in history)
    assert git(repo, "status", "--porcelain").split() == ["M", RULES, "M", HISTORY]
    checked = toolchain.load(repo)
    assert checked.findings == () and checked.definitions.rules.edition["id"] == "v9.0"


def test_it_refuses_what_it_cannot_do_and_writes_nothing(scratch_repo) -> None:
    repo = _untagged(scratch_repo)
    before = _files(repo)
    run = bp("edition", "new", "v9.0", "--name", "第9.0版", "--root", str(repo))
    assert (run.returncode, run.stderr) == (2, "bp edition: no tag: the 変更履歴 of v9.0 is what changed since the released "
                                               "edition, which git knows by its tag; tag it first (git tag v8.1)\n")
    git(repo, "tag", "v8.1")
    cases = [
        (("v8.1",), "v8.1 is not later than the current edition v8.1 (definitions/rules.yaml edition.id)"),
        (("v8.0",), "v8.0 is not later than the current edition v8.1 (definitions/rules.yaml edition.id)"),
        (("9.0",), "'9.0' is not an edition: an edition is written v<major>.<minor> (v9.0) or v<major>.<minor>.<patch> (v9.1.1)"),
        (("v9.1.1.1",), "'v9.1.1.1' is not an edition: an edition is written v<major>.<minor> (v9.0) or v<major>.<minor>.<patch> (v9.1.1)"),
        (("v9..1",), "'v9..1' is not an edition: an edition is written v<major>.<minor> (v9.0) or v<major>.<minor>.<patch> (v9.1.1)"),
        (("v8.1.0",), "v8.1.0 is not later than the current edition v8.1 (definitions/rules.yaml edition.id)"),
    ]
    for args, says in cases:
        run = bp("edition", "new", *args, "--name", "第9.0版", "--root", str(repo))
        assert (run.returncode, run.stderr) == (2, f"bp edition: {says}\n"), args
    assert _files(repo) == before
    edit(repo, RULES, "  release: 2025/6/x", "  release: 2025/7/x")  # an edit not committed
    run = bp("edition", "new", "v9.0", "--name", "第9.0版", "--root", str(repo))
    assert run.returncode == 2 and "definitions/rules.yaml: changes not committed; commit them first" in run.stderr
    assert (repo / HISTORY).read_text(encoding="utf-8") == before[HISTORY]


def test_a_section_already_opened_is_not_opened_twice(scratch_repo) -> None:
    repo = _released(scratch_repo)
    assert bp("edition", "new", "v9.0", "--name", "第9.0版", "--root", str(repo)).returncode == 0
    commit_all(repo, "第9.0版を開始")
    after = _files(repo)
    run = bp("edition", "new", "v9.1", "--name", "第9.1版", "--root", str(repo))
    assert run.returncode == 0  # v9.1 opens its own section
    commit_all(repo, "第9.1版を開始")
    edit(repo, RULES, "  id: v9.1\n  name: 第9.1版\n", "  id: v9.0\n  name: 第9.0版\n")
    commit_all(repo, "戻す")
    run = bp("edition", "new", "v9.1", "--name", "第9.1版", "--root", str(repo))
    assert run.returncode == 2 and "docs/history.rst already has the section of v9.1 (.. _history-v9-1:)" in run.stderr
    assert after[HISTORY] != (repo / HISTORY).read_text(encoding="utf-8")


def test_a_section_already_there_is_refused_before_the_comparison(scratch_repo, monkeypatch: pytest.MonkeyPatch) -> None:
    """The section's label is known from the edition alone: the refusal does not wait for bp diff's seconds."""
    repo = _released(scratch_repo)
    history = (repo / HISTORY).read_text(encoding="utf-8")
    (repo / HISTORY).write_text(history.replace(".. _history-8th:", ".. _history-v9-0:\n\n.. _history-8th:", 1), encoding="utf-8")
    commit_all(repo, "第9.0版の節を手で開く")

    def compared(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the revisions were compared")

    monkeypatch.setattr(new_edition, "diff_revisions", compared)
    with pytest.raises(new_edition.EditionError, match=r"already has the section of v9\.0 \(\.\. _history-v9-0:\)"):
        new_edition.start_edition(repo, "v9.0", "第9.0版")


def test_a_name_is_written_as_yaml_writes_it(scratch_repo) -> None:
    """A name is data: a `: `, a quote or a `#` in it is quoted by YAML's emitter, never read as more
    keys or a comment; the rest of rules.yaml stays byte for byte as it was, comments too."""
    repo = _released(scratch_repo)
    before = (repo / RULES).read_text(encoding="utf-8")
    for name in ("第9.0版\nrelease: 2099/1/1", " 第9.0版"):  # what rules.yaml's schema refuses is refused
        run = bp("edition", "new", "v9.0", "--name", name, "--root", str(repo))
        assert run.returncode == 2 and "an edition's name is one line" in run.stderr, run.stderr
    name = '第9.0版: 改訂 "新" #1'
    run = bp("edition", "new", "v9.0", "--name", name, "--root", str(repo))
    assert run.returncode == 0, run.stderr
    rules = (repo / RULES).read_text(encoding="utf-8")
    assert rules == before.replace("  id: v8.1\n  name: 第8.1版\n", "  id: v9.0\n  name: '第9.0版: 改訂 \"新\" #1'\n")
    checked = toolchain.load(repo)
    assert [f.code for f in checked.findings if f.location.path == RULES] == []
    assert checked.definitions.rules.edition["name"] == name


def test_an_edition_of_thousands_of_digits_is_refused_shortly(scratch_repo) -> None:
    repo = _released(scratch_repo)
    before = _files(repo)
    run = bp("edition", "new", "v" + "9" * 5000 + ".0", "--name", "第9.0版", "--root", str(repo))
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    assert "is not an edition: an edition is written v<major>.<minor> (v9.0)" in run.stderr and len(run.stderr) < 300
    assert _files(repo) == before


def test_an_edition_of_three_parts_opens_between_two(scratch_repo) -> None:
    """第9.1.1版 comes after 第9.1版: `bp edition new v9.1.1` opens it, and its section is labelled apart."""
    repo = _released(scratch_repo)
    assert bp("edition", "new", "v9.1", "--name", "第9.1版", "--root", str(repo)).returncode == 0
    commit_all(repo, "第9.1版を開始")
    git(repo, "tag", "v9.1")
    run = bp("edition", "new", "v9.1.1", "--name", "第9.1.1版", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith("definitions/rules.yaml: edition v9.1 → v9.1.1 (第9.1.1版)")
    assert "edition:\n  id: v9.1.1\n  name: 第9.1.1版\n" in (repo / RULES).read_text(encoding="utf-8")
    history = (repo / HISTORY).read_text(encoding="utf-8").split("\n")
    assert ".. _history-v9-1-1:" in history and "第9.1.1版の変更点" in history and ".. _history-v9-1:" in history
    assert toolchain.load(repo).findings == ()
    commit_all(repo, "第9.1.1版を開始")
    report = json.loads(bp("diff", "v9.1", "--format", "json", "--root", str(repo)).stdout)
    assert (report["new"]["edition"], report["new"]["edition_id"], report["old"]["edition_id"]) == ("第9.1.1版", "v9.1.1", "v9.1")
