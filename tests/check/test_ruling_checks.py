"""Rulings as executable data (definitions/rulings.yaml): loaded with their places, run by `bp check`,
listed by `bp check --rulings`, and a change of the rules that flips a ruling's answer fails at the ruling."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from tests.runbp import bp
from toolchain.model import Definitions

# The 第8.1版 rulebook's Q&A items (shared/seeds/000: 2.8.3, 2.10.3, 2.11.1), in its order.
QUESTIONS = [
    "複数枚で1体となるキャラクターが防壁になったら?",
    "対象を指定しないでアクションを起こせるか?",
    "アクションを対象とするアクションは自身を対象にできるか?",
    "残りライフを聞かれたらどうしたらいいの?",
    "墓地の一番上のカードはいつ決まるのか?",
]


@pytest.fixture(scope="module")
def checked(repo_root: Path) -> toolchain.Checked:
    return toolchain.load(repo_root)


@pytest.fixture(scope="module")
def defs(checked: toolchain.Checked) -> Definitions:
    return checked.definitions


def test_the_rulebooks_qa_items_are_rulings_in_its_order(defs: Definitions) -> None:
    assert [r.question for r in defs.rulings] == QUESTIONS
    assert all(r.origin == "第8.1版 ルールブック" and r.date == "2025-06" for r in defs.rulings)


def test_every_ruling_about_play_runs_examples_and_they_pass(checked: toolchain.Checked) -> None:
    report = checked.examples
    assert report is not None and report.rulings is not None
    assert (report.rulings.rulings, report.rulings.failed, report.rulings.not_executable) == (5, [], 0)
    ran = {o.ruling.id for o in report.outcomes if o.ruling is not None and o.ok}
    assert ran == {r.id for r in checked.definitions.rulings if not r.not_executable}
    assert report.rulings.examples == sum(len(r.examples) for r in checked.definitions.rulings)


def test_a_ruling_is_located_at_its_line(defs: Definitions, repo_root: Path) -> None:
    lines = (repo_root / "definitions" / "rulings.yaml").read_text(encoding="utf-8").splitlines()
    for ruling in defs.rulings:
        where = ruling.source.location()
        assert lines[where.line - 1][where.column - 1:] == f"id: {ruling.id}"
        for example in ruling.examples:
            at = example.source.location()
            assert lines[at.line - 1][at.column - 1:].strip('"') in (f"name: {example.name}", f'name: "{example.name}')


def test_rulings_are_listed_on_their_definitions(defs: Definitions) -> None:
    counter = defs.action("counter")
    assert counter is not None
    assert [r.id for r in defs.rulings_of(counter)] == ["self-target"]
    reverse = defs.action("reverse")
    assert reverse is not None and [r.id for r in defs.rulings_of(reverse)] == ["multi-card-bulwark"]
    assert defs.ruling_action(defs.rulings[0]) is reverse  # the first action it concerns plays its examples
    assert defs.ruling_action(defs.rulings[-1]) is None  # the graveyard's top concerns no definition


def test_every_qa_item_of_the_rulebook_runs(repo_root: Path) -> None:
    run = bp("check", "--rulings", "--root", str(repo_root))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "5 rulings: 9 examples, 0 failed"


def test_check_lists_every_ruling_and_why_one_has_no_example(repo_root: Path, tmp_path: Path) -> None:
    root = _copy(repo_root, tmp_path)
    rulings = root / "definitions" / "rulings.yaml"
    text = rulings.read_text(encoding="utf-8")
    start = text.index("  examples:\n", text.index("- id: remaining-life\n"))
    end = text.index("\n- id: ", start) + 1
    rulings.write_text(text[:start] + "  not_executable: プレイヤーが何を答えるかの裁定で、ゲームの進み方は変わらない。\n"
                       + text[end:], encoding="utf-8")
    run = bp("check", "--rulings", "--root", str(root))
    assert run.returncode == 0, run.stderr
    listed = [line for line in run.stdout.splitlines() if ": ruling: " in line]
    assert [line.split(": ruling: ")[1].split(" ", 1)[1].split(":")[0] for line in listed] == QUESTIONS
    life = next(line for line in listed if "remaining-life" in line)
    assert life.startswith("definitions/rulings.yaml:") and ": not executable: プレイヤーが何を答えるかの裁定" in life
    assert run.stdout.splitlines()[-1] == "5 rulings: 7 examples, 0 failed, 1 not executable (bp check --rulings)"
    data = json.loads(bp("check", "--rulings", "--format", "json", "--root", str(root)).stdout)
    assert [r["question"] for r in data["summary"]["rulings"]] == QUESTIONS
    assert data["summary"]["examples"]["rulings"] == {"rulings": 5, "examples": 7, "failed": 0, "blocked": 0, "not_executable": 1}


def _copy(repo_root: Path, tmp_path: Path) -> Path:
    root = tmp_path / "rules"
    for part in ("definitions", "schema"):
        shutil.copytree(repo_root / part, root / part)
    return drop_missing_history(root)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} has {text.count(old)} of {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_rule_change_that_flips_a_ruling_fails_bp_check_at_the_ruling(repo_root: Path, tmp_path: Path) -> None:
    """キル made to target any character: no action's own example notices, the ruling 「対象を指定しないで
    アクションを起こせるか?」 does (its example: only bulwarks on the field, so キル cannot be requested)."""
    root = _copy(repo_root, tmp_path)
    _edit(root / "definitions" / "actions" / "3-quick-spell.yaml",
          "  target:\n    kind: soldier\n    text: 兵士1体を対象とする。\n  effect: 対象とした兵士を墓地に移す。",
          "  target:\n    kind: character\n    text: キャラクター1体を対象とする。\n  effect: 対象とした兵士を墓地に移す。")
    run = bp("check", "--root", str(root))
    assert run.returncode == 1
    example = next(e for e in toolchain.load(repo_root).definitions.rulings[1].examples)
    where = example.source.location()
    assert run.stderr.splitlines() == [
        f"{where.path}:{where.line}:{where.column}: error[BP030]: example '{example.name}' of ruling 'no-target' "
        "(対象を指定しないでアクションを起こせるか?) failed: キル was not refused: it is a legal request here (expected illegal: target)"
    ]
    assert run.stdout.splitlines()[1:] == ["48/48 actions executed, 212 examples, 0 failed",
                                            "5 rulings: 9 examples, 1 failed"]


def test_a_flow_of_a_ruling_fails_at_its_step(repo_root: Path, tmp_path: Path) -> None:
    root = _copy(repo_root, tmp_path)
    _edit(root / "definitions" / "rulings.yaml", "        - pass: 2\n", "        - pass: 2\n        - until: game-over\n")
    findings = [f for f in toolchain.load(root).findings]
    assert len(findings) == 1 and findings[0].code == "BP030"
    text = (root / "definitions" / "rulings.yaml").read_text(encoding="utf-8").splitlines()
    assert text[findings[0].location.line - 1].strip() == "- until: game-over"
    assert "of ruling 'self-target'" in findings[0].message and "step 4: game-over was never reached" in findings[0].message


def test_the_rulings_file_is_optional(minimal_repo: Path) -> None:
    checked = toolchain.load(minimal_repo)
    assert checked.findings == () and checked.definitions.rulings == []
    assert checked.examples is not None and checked.examples.rulings is None
    run = bp("check", "--root", str(minimal_repo))
    assert run.returncode == 0
    counts, examples = run.stdout.splitlines()  # no rulings line without rulings
    assert counts == "4 actions, 2 characters, 1 fog, 2 frames, 2 frame actions, 1 frame fog, 1 trumps, 0 rulings: OK"
    assert examples.startswith("1/6 actions executed (") and examples.endswith("), 1 examples, 0 failed")


def test_a_section_the_docs_lack_is_reported_where_docs_are(repo_root: Path, tmp_path: Path) -> None:
    root = _copy(repo_root, tmp_path)
    _edit(root / "definitions" / "rulings.yaml", "  sections: [common-character-notes]", "  sections: [common-charater-notes]")
    assert toolchain.load(root).findings == ()  # no docs/: a rules repository without a rulebook
    (root / "docs").mkdir()
    assert toolchain.load(root).findings == ()  # no page in it either (bp diff's copy of a revision without a rulebook)
    shutil.rmtree(root / "docs")
    shutil.copytree(repo_root / "docs", root / "docs")
    findings = [f.text() for f in toolchain.load(root).findings]
    assert findings == ["definitions/rulings.yaml:14:14: error[BP021]: no section of docs/ has the label 'common-charater-notes' "
                        "(.. _common-charater-notes:); did you mean 'common-character-notes'?"]


def test_a_docs_label_that_a_list_gives_an_entry_or_a_group_is_reported_at_its_line(minimal_repo: Path) -> None:
    """`.. _frame-draft:` over a section of docs/ when the frame list labels ドラフト's entry `frame-draft`: Sphinx keeps
    one of the two and :ref: links the other's readers to it; bp check (and so bp build) names the docs line."""
    docs = minimal_repo / "docs"
    docs.mkdir()
    (docs / "index.rst").write_text("表紙\n\n.. _intro:\n\nはじめに\n----\n\n.. _char-magician:\n\n魔術士\n----\n",
                                    encoding="utf-8")
    findings = [f for f in toolchain.load(minimal_repo).findings if f.code == "BP020"]
    assert [(f.location.path, f.location.line, f.location.column) for f in findings] == [("docs/index.rst", 8, 5)]
    assert "'char-magician'" in findings[0].message and "魔術士" in findings[0].message


def test_a_docs_label_that_names_a_group_heading_is_reported(minimal_repo: Path) -> None:
    from toolchain.model.display import generated_labels

    defs = toolchain.load(minimal_repo).definitions
    group = next(label for label in generated_labels(defs) if label.startswith("actions-"))
    docs = minimal_repo / "docs"
    docs.mkdir()
    (docs / "index.rst").write_text(f".. _{group}:\n\n見出し\n----\n", encoding="utf-8")
    findings = [f for f in toolchain.load(minimal_repo).findings if f.code == "BP020"]
    assert [(f.location.path, f.location.line) for f in findings] == [("docs/index.rst", 1)]
