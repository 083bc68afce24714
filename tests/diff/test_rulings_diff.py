"""`bp diff` reports the rulings (definitions/rulings.yaml) in every format: added, removed, changed, and
whose outcome changed — a rule change that flips a ruling's example, even when the ruling itself is untouched."""

from __future__ import annotations

import json
import subprocess

import pytest
from jsonschema import Draft202012Validator

from .conftest import FORMATS, QUICK, ROOT, commit_all, copy_rules, edit, git, one_comparison, parse_rst

RULINGS = "definitions/rulings.yaml"
NEW_RULING = """- id: down-size
  question: ダウンで兵士のサイズが0以下になったら?
  answer: |
    その兵士は墓地に移ります。
  concerns: [act-down]
  source: テスト
  date: 2025-07-01
  not_executable: テスト
"""


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """v8.0: the real rules. The working tree: a ruling added (about ダウン), one removed (残りライフ), one's
    answer rewritten (2.8.3), and キル made to target any character, which flips the ruling 「対象を指定しないで
    アクションを起こせるか?」 (its example: only bulwarks on the field) without a word of it changing."""
    repo = copy_rules(tmp_path_factory.mktemp("rulings") / "rules")
    git(repo, "init", "-q", "-b", "main")
    commit_all(repo, "第8.0版")
    git(repo, "tag", "v8.0")
    text = (repo / RULINGS).read_text(encoding="utf-8")
    start = text.index("- id: remaining-life\n")
    (repo / RULINGS).write_text(text[:start] + text[text.index("- id: graveyard-top\n"):] + "\n" + NEW_RULING, encoding="utf-8")
    edit(repo, RULINGS, "複数体の防壁となります。", "2体以上の防壁となります。")
    edit(repo, QUICK, "  target:\n    kind: soldier\n    text: 兵士1体を対象とする。\n  effect: 対象とした兵士を墓地に移す。",
         "  target:\n    kind: character\n    text: 兵士1体を対象とする。\n  effect: 対象とした兵士を墓地に移す。")
    return one_comparison({f: ("diff", "v8.0", "--format", f, "--root", str(repo)) for f in FORMATS})


def test_every_format_exits_0(reports: dict) -> None:
    """The flipped ruling is a finding of the working tree's: the formats that have a place for it say it there, the
    変更履歴's rst on the standard error (its 対戦レギュレーション were not compared)."""
    said = {name: (run.returncode, run.stderr) for name, run in reports.items()}
    note = "regulations, definitions.json and the action lists: not compared, working tree has findings (bp check)"
    assert said == {"text": (0, ""), "md": (0, ""), "json": (0, ""), "rst": (0, f"bp diff: {note}\n")}
    assert note in reports["text"].stdout and note not in reports["rst"].stdout


def test_text(reports: dict) -> None:
    out = reports["text"].stdout
    assert "\nrulings: 1 added, 1 removed, 2 changed (1 outcome changed)\n" in out
    rulings = out[out.index("\n裁定:\n"):]
    assert "~ rulings/multi-card-bulwark 複数枚で1体となるキャラクターが防壁になったら?\n    回答:\n        アクションの効果で" in rulings
    assert "[-複数体-]{+2体以上+}の防壁となります。" in rulings
    assert ("~ rulings/no-target 対象を指定しないでアクションを起こせるか?\n"
            "    example 'キルの対象は「兵士1体」: 対戦相手の場に防壁しかなければ、キルは起こせない': passed → failed\n") in rulings
    assert "+ rulings/down-size ダウンで兵士のサイズが0以下になったら? (added)" in rulings
    assert "- rulings/remaining-life 残りライフを聞かれたらどうしたらいいの? (removed)" in rulings
    assert "  docs/faq.rst § 裁定 (FAQ) (rulings): ruling-multi-card-bulwark, ruling-no-target, ruling-down-size, ruling-remaining-life" in out
    assert "  docs/common.rst § キャラクターの注意点 (ruling): ruling-multi-card-bulwark" in out
    assert "(entries): " in out and "act-down" in out.split("docs/format.rst § アクションリスト (entries): ")[1].splitlines()[0]
    checklist = out.split("checklist for players (プレイヤー向けチェックリスト):\n")[1].splitlines()
    assert checklist[-4:] == [
        "  □ 裁定「複数枚で1体となるキャラクターが防壁になったら?」の回答が変わりました。",
        "  □ 裁定「対象を指定しないでアクションを起こせるか?」の実行例の結果が変わりました。",
        "  □ 裁定「ダウンで兵士のサイズが0以下になったら?」が追加されました。",
        "  □ 裁定「残りライフを聞かれたらどうしたらいいの?」が削除されました。",
    ]


def test_markdown(reports: dict) -> None:
    out = reports["md"].stdout
    shown = ("**rulings: 1 added, 1 removed, 2 changed (1 outcome changed)**",
             "### 裁定\n\n#### Changed: rulings/multi-card-bulwark 複数枚で1体となるキャラクターが防壁になったら?",
             "<del>複数体</del><ins>2体以上</ins>",
             "- example 'キルの対象は「兵士1体」: 対戦相手の場に防壁しかなければ、キルは起こせない': passed → failed",
             "- [ ] 裁定「対象を指定しないでアクションを起こせるか?」の実行例の結果が変わりました。")
    assert [fragment for fragment in shown if fragment not in out] == []


def test_json(reports: dict) -> None:
    data = json.loads(reports["json"].stdout)
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schema").glob("*.schema.json")}
    assert [e.message for e in Draft202012Validator(schemas["diff.schema.json"]).iter_errors(data)] == []
    assert data["summary"]["rulings"] == {"added": 1, "removed": 1, "changed": 2, "outcome": 1}
    assert data["summary"]["changed"] == 1  # キル: the rulings are not counted as definitions
    rulings = {d["id"]: d for d in data["definitions"] if d["kind"] == "rulings"}
    assert {i: (d["change"], d["outcome_changed"]) for i, d in rulings.items()} == {
        "multi-card-bulwark": ("changed", False), "no-target": ("changed", True), "down-size": ("added", False),
        "remaining-life": ("removed", False)}
    assert rulings["down-size"]["anchor"] == "ruling-down-size" and rulings["down-size"]["concerns"] == ["act-down"]
    assert {item["about"] for item in data["checklist"] if item["ref"] and item["ref"].startswith("ruling-")} == {"ruling"}


def test_rst(reports: dict) -> None:
    out = reports["rst"].stdout
    assert parse_rst(out).astext()
    section = out.split("\n裁定\n" + "-" * 50 + "\n")[1].split("\n.. _history-")[0]
    assert ":ref:`ruling-multi-card-bulwark`\n\n- 回答\n" in section
    assert ":ref:`ruling-no-target`\n\n- 実行例「キルの対象は「兵士1体」: 対戦相手の場に防壁しかなければ、キルは起こせない」の結果が変わりました (passed → failed)" in section
    assert "- 追加: :ref:`ruling-down-size`" in section
    assert "- 削除: 残りライフを聞かれたらどうしたらいいの?" in section
    changed = out.split("\n変更\n" + "-" * 50 + "\n")[1].split("\n.. _history-")[0]
    assert ":ref:`act-kill`" in changed and "ruling-" not in changed  # the rulings have a section of their own
