"""One mistake, one finding first: what merely follows from it is folded under it (bp check), or not
reported at all (an example that uses an action with errors is not run)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from tests.runbp import bp

BASIC = "definitions/actions/1-basic.yaml"


@pytest.fixture()
def rules(repo_root: Path, tmp_path: Path) -> Path:
    root = tmp_path / "rules"
    for folder in ("definitions", "schema"):
        shutil.copytree(repo_root / folder, root / folder)
    return drop_missing_history(root)


def _edit(root: Path, file: str, old: str, new: str) -> int:
    """Replace `old` (there once) by `new`; the line where it was."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_examples_that_use_a_broken_action_are_not_reported_as_failures(rules: Path) -> None:
    _edit(rules, "definitions/actions/3-quick-spell.yaml", "  keycards: ♡A-10\n  cost: D\n", "  keycards: ♡A-10\n  cost: d\n")  # アップ: not a cost

    result = toolchain.load(rules)
    findings = list(result.findings)

    assert [(f.location.path, f.code) for f in findings] == [("definitions/actions/3-quick-spell.yaml", "BP010")]
    examples = result.examples
    assert examples.failed == []
    assert examples.blocked, "カウンター's examples request アップ: they cannot run"
    assert {outcome.missing_action for outcome in examples.blocked} == {"アップ"}
    assert examples.summary().endswith(f"0 failed, {len(examples.blocked)} not run (they use an action with errors)")


def test_a_misspelt_trigger_id_is_the_one_finding_first_with_the_failures_it_caused_under_it(rules: Path) -> None:
    """チャージ triggers on `end`: written `edn`, it never triggers, and six examples of エンド fail (no ドロー
    after it). They pass with the id the message suggests, so they are told as what the misspelling caused."""
    line = _edit(rules, BASIC, "trigger: {on: resolved, action: end,", "trigger: {on: resolved, action: edn,")
    findings = list(toolchain.load(rules).findings)
    (cause,) = [f for f in findings if f.cause is None]
    assert (cause.code, cause.location.line) == ("BP031", line) and "did you mean 'end'?" in cause.message
    consequences = [f for f in findings if f.cause is not None]
    assert len(consequences) == 6 and {f.code for f in consequences} == {"BP030"}
    assert all(f.cause == cause and "end" in f.why for f in consequences)

    done = bp("check", "--root", str(rules))
    lines = done.stderr.splitlines()
    assert lines[0].startswith(f"{BASIC}:{line}:") and "error[BP031]" in lines[0]
    assert lines[1] == "  6 examples fail because of this (they pass with 'end' there):"
    assert all(text.startswith(f"    {BASIC}:") and "error[BP030]" in text for text in lines[2:8])
    assert "7 errors in 1 file, 6 of them caused by another" in done.stdout

    # JSON keeps every finding; a consequence names its cause.
    report = json.loads(bp("check", "--format", "json", "--root", str(rules)).stdout)["diagnostics"]
    assert len(report) == 7 and "caused_by" not in report[0]
    assert all(d["caused_by"] == {"path": BASIC, "line": line, "column": cause.location.column, "code": "BP031",
                                  "why": "they pass with 'end' there"} for d in report[1:])


END_RULING = """
- id: end-draw
  question: エンドの後、相手はいつドローするのか?
  answer: チャージの後に誘発するドローで。
  concerns: [act-end]
  source: テスト
  date: 2025-06
  examples:
    - name: エンドでターンを渡すと、相手のドローがステージに置かれる
      given:
        you: {hand: ♠2 ♠3}
      request: ""
      expect:
        turn: opponent
        stage: ["opponent: ドロー"]
"""


def test_a_ruling_example_the_misspelling_broke_is_folded_under_it_too(rules: Path) -> None:
    """A ruling's examples are linked as an action's are: with チャージ's trigger misspelt, a ruling about エンド
    that expects the ドロー fails too, and is told as what the misspelling caused (it passes with 'end')."""
    rulings = rules / "definitions" / "rulings.yaml"
    rulings.write_text(rulings.read_text(encoding="utf-8") + END_RULING, encoding="utf-8")
    assert not toolchain.load(rules).findings
    _edit(rules, BASIC, "trigger: {on: resolved, action: end,", "trigger: {on: resolved, action: edn,")
    findings = list(toolchain.load(rules).findings)
    (cause,) = [f for f in findings if f.cause is None]
    (at_ruling,) = [f for f in findings if f.location.path == "definitions/rulings.yaml"]
    assert at_ruling.code == "BP030" and "of ruling 'end-draw'" in at_ruling.message
    assert at_ruling.cause == cause and "end" in at_ruling.why
    assert len([f for f in findings if f.cause == cause]) == 7  # エンド's six and the ruling's


def test_an_action_name_where_its_id_belongs_is_told_the_id_and_folds_what_it_caused(rules: Path) -> None:
    """ドロー triggers on チャージ, written by its name: a schema error (an id is wanted) that leaves ドロー out,
    and seven examples that expect a ドロー fail. The message gives the id; with it, they pass."""
    line = _edit(rules, BASIC, "trigger: {on: resolved, action: charge,", "trigger: {on: resolved, action: チャージ,")
    findings = list(toolchain.load(rules).findings)
    (cause,) = [f for f in findings if f.cause is None]
    assert (cause.code, cause.location.line) == ("BP010", line)
    assert cause.message.endswith("'チャージ' is the name of the action charge: an id belongs here, write charge")
    assert len([f for f in findings if f.cause == cause]) == 7


def test_a_program_naming_an_action_left_out_for_its_errors_follows_from_them(rules: Path) -> None:
    """エンド's program breaks the language (an unknown form): エンド is left out, and チャージ, which triggers on it,
    is told so, under エンド's own finding, rather than that 'end' is no action id."""
    # the program's own step (its reading's other way repeats it, indented deeper)
    line = _edit(rules, BASIC, "\n        count: {max: [0, {sub: [{count: {zone: hand}}, 7]}]}",
                 "\n        count: {max: [0, {minus: [{count: {zone: hand}}, 7]}]}") + 1
    findings = list(toolchain.load(rules).findings)
    (cause,) = [f for f in findings if f.cause is None]
    assert (cause.code, cause.location.line) == ("BP010", line)
    (follows,) = [f for f in findings if f.cause is not None]
    assert follows.code == "BP031" and follows.message == "the action 'end' is left out for its errors: fix them first"


def test_one_change_that_breaks_many_examples_gets_a_line_that_names_what_they_share(rules: Path) -> None:
    """アップ's cost D made DD: nine examples in three files fail, none of them at アップ's cost. They all request
    アップ, and most are refused for the cost. (21 examples request it: the actions' 20 and a ruling's.)"""
    line = _edit(rules, "definitions/actions/3-quick-spell.yaml", "  keycards: ♡A-10\n  cost: D\n", "  keycards: ♡A-10\n  cost: DD\n")
    done = bp("check", "--root", str(rules))
    notes = [text for text in done.stderr.splitlines() if text.startswith("note: ")]
    assert notes == ["note: 9 failed examples in 3 files request アップ (21 examples request it): look at アップ first, "
                     f"definitions/actions/3-quick-spell.yaml:{line - 7}:3; 7 of them: アップ is refused: cost "
                     "(the costs cannot be paid)"]
    report = json.loads(bp("check", "--format", "json", "--root", str(rules)).stdout)
    assert report["summary"]["examples"]["shared"] == notes[0].removeprefix("note: ")
