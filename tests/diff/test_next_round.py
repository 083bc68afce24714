"""`bp diff` for the next edition, in every format: entries grouped as the lists group them (not in
file order), a definition that returns (再録) compared with its last printed version or said to be
re-released, the rulebook's own prose section by section, and a checklist in the rulebook's order
with each line once (a trump and its soldiers' action renamed alike are one rename)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.runbp import bp
from toolchain.diff.prose import compare_prose, read_rulebook
from toolchain.diff.render.rst import changelog_section

from .conftest import ROOT, commit_all, git, one_comparison, parse_rst

FORMATS = ("text", "md", "json", "rst")
BASE, HEAD = "without-reanimate", "HEAD"

# In the rulebook's order: chapter 2's prose, table 3.1 (chapter 3), the action list (4.3.1) as it
# groups them, the frame lists (chapter 5), chapter 6's prose. 誘惑's trump and action: one line.
CHECKLIST = [
    "「2.7 ダメージ」の記述が変わりました。",
    "「2.8 マリガン」が追加されました。",
    "「2.11.2 デッキのシャッフルについて」が削除されました。",
    # regulations that change alike: one line
    "ライト、ライト + エントリー20: アクション 19 → 20 (追加 再起)",
    *(f"{regulation}: アクション {before} → {before + 1} (追加 リアニメイト)" for regulation, before in (
        ("スタンダード", 24), ("スタンダード + パック", 25), ("スタンダード + レアパック", 28),
        ("プロ", 30), ("プロ + パック", 31), ("プロ + レアパック、プロ + ストラテジー", 34))),
    *(f"{regulation}: アクション {count} → {count} (追加 リアニメイト; 削除 奇襲)" for regulation, count in (
        ("マスター", 36), ("マスター + パック", 37), ("マスター + レアパック、マスター + ストラテジー", 40),
        ("マスター + エクストラ", 47))),
    "「再起」(速攻魔法)が再録されました。",
    "「投擲」(速攻魔法)のタイプが変わりました。",
    "「防壁破壊」(通常魔法)の効果が変わりました。",
    "「リアニメイト」(通常魔法)が再録されました。第8.1版から効果が変わりました。",
    "「奇襲」(通常魔法)が削除されました。",
    "「激励」の名前が「誘惑」に変わりました。",
    "「6.2.1 アクションの定義項目」の記述が変わりました。",
]


@pytest.fixture(scope="session")
def round_reports(next_round_repo: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    """`bp diff without-reanimate HEAD --format F` for every format, and text in colour, the revisions compared once
    for the formats that compare alike (conftest.one_comparison)."""
    runs = {f: ("diff", BASE, HEAD, "--format", f, "--root", str(next_round_repo)) for f in FORMATS}
    return one_comparison({**runs, "colour": ("diff", BASE, HEAD, "--color", "always", "--root", str(next_round_repo))})


@pytest.fixture(scope="session")
def report(round_reports: dict[str, subprocess.CompletedProcess[str]]) -> dict:
    for output_format, run in round_reports.items():
        assert (run.returncode, run.stderr) == (0, ""), output_format
    return json.loads(round_reports["json"].stdout)


def test_text_in_colour(report: dict, round_reports: dict) -> None:
    """Group headings in bold, a returning definition green as an added one, prose and checklist coloured like fields."""
    out = round_reports["colour"].stdout
    expected = (
        "\n\x1b[1mアクションリスト › 通常魔法:\x1b[0m\n",
        "\n\x1b[32m+ actions/reanimate リアニメイト (通常魔法)\x1b[0m (returned: 再録, last printed in 第8.1版 (",
        "選んだカードを墓地に\x1b[31m戻す\x1b[0m\x1b[32m置いたままにする\x1b[0m。",
        "\n\x1b[1mrulebook prose (docs/):\x1b[0m\n",
        "\n\x1b[33m~ docs/common.rst § 2.7 ダメージ\x1b[0m\n    プレイヤーがダメージを受けた場合、ライフの\x1b[31m一番\x1b[0m上から",
        "\n\x1b[32m+ docs/common.rst § 2.8 マリガン\x1b[0m (added)\n    \x1b[32m最初の手札が",
    )
    assert [fragment for fragment in expected if fragment not in out] == []
    assert out.endswith("".join(f"  □ {line}\n" for line in CHECKLIST))


def test_json_matches_its_schema(report: dict) -> None:
    schema = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))
    # both revisions check clean, so the regulations are compared (a revision with findings has none)
    assert (report["old"]["findings"], report["new"]["findings"], report["skipped"]) == ([], [], [])
    assert [e.message for e in Draft202012Validator(schema).iter_errors(report)] == []
    assert report["summary"] == {"added": 0, "returned": 2, "removed": 1, "renamed": 2, "changed": 4, "behaviour": 0,
                                 "rulings": {"added": 0, "removed": 0, "changed": 0, "outcome": 0}}


def test_entries_come_as_the_lists_group_them(report: dict, round_reports: dict) -> None:
    """投擲, now a 速攻魔法 but still written in 4-normal-spell.yaml, comes under 速攻魔法, before 防壁破壊
    (the file has it after); 奇襲, removed, at the end of its group; frame actions under their trump."""
    assert [(d["kind"], d["id"], d["listing"], d["group"]) for d in report["definitions"]] == [
        ("actions", "revival", "アクションリスト", "速攻魔法"),
        ("actions", "throw", "アクションリスト", "速攻魔法"),
        ("actions", "bulwark-break", "アクションリスト", "通常魔法"),
        ("actions", "reanimate", "アクションリスト", "通常魔法"),
        ("actions", "ambush", "アクションリスト", "通常魔法"),
        ("frame-actions", "encourage", "フレームアクションリスト", "切札 ♡ 3"),
        ("trumps", "encourage", "フレーム切札リスト", "♡ ハート"),
    ]
    headings = ["アクションリスト › 速攻魔法", "アクションリスト › 通常魔法", "フレームアクションリスト › 切札 ♡ 3",
                "フレーム切札リスト › ♡ ハート"]
    text = round_reports["text"].stdout
    assert [line[:-1] for line in text.splitlines() if line[:-1] in headings and line.endswith(":")] == headings
    assert text.index("~ actions/throw 投擲 (速攻魔法)") < text.index("~ actions/bulwark-break") < text.index("- actions/ambush")
    markdown = round_reports["md"].stdout
    assert [line[4:] for line in markdown.splitlines() if line.removeprefix("### ") in headings] == headings
    rst = round_reports["rst"].stdout
    changed = rst.split("\n変更\n")[1]
    # 激励 → 誘惑 changed nothing printed but its name (名称変更): its data is the editors' (データのみの変更)
    assert [line for line in changed.splitlines() if line.startswith("【")] == [f"【{h}】" for h in headings[:2]]


def test_a_returning_definition_is_compared_with_its_last_printed_version(report: dict, round_reports: dict,
                                                                           next_round_repo: Path) -> None:
    """リアニメイト: git holds it at v8.0, so its effect is compared with that version, not printed as new."""
    reanimate = next(d for d in report["definitions"] if d["id"] == "reanimate")
    last = git(next_round_repo, "rev-parse", "v8.0").strip()
    assert (reanimate["change"], reanimate["last_printed"]) == (
        "returned", {"commit": last, "edition": "第8.1版", "edition_id": "v8.1", "label": f"第8.1版 ({last[:7]})"})
    (effect,) = reanimate["fields"]
    assert [(s["op"], s["text"]) for s in effect["segments"] if s["op"] != "equal"] == [("delete", "戻す"), ("insert", "置いたままにする")]
    assert reanimate["examples"] == []  # the same examples as then: no 'not run → passed'
    text = round_reports["text"].stdout
    assert f"+ actions/reanimate リアニメイト (通常魔法) (returned: 再録, last printed in 第8.1版 ({last[:7]}))\n" \
           "    効果: 自分の墓地にあるカード1枚を選ぶ。" in text
    assert "選んだカードを墓地に[-戻す-]{+置いたままにする+}。" in text
    markdown = round_reports["md"].stdout
    assert f"#### Returned: actions/reanimate リアニメイト (通常魔法)\n\n_returned: 再録, last printed in 第8.1版 ({last[:7]})_" in markdown
    assert "選んだカードを墓地に<del>戻す</del><ins>置いたままにする</ins>。" in markdown
    returned = round_reports["rst"].stdout.split("\n再録\n")[1].split("\n削除\n")[0]
    assert "- :ref:`act-reanimate` (前回の掲載: 第8.1版)\n\n  - 効果\n\n    変更前:" in returned


def test_a_returning_definition_git_never_held_is_said_re_released(report: dict, round_reports: dict) -> None:
    """再起's since (v0.1) is older than the edition compared with, but no commit holds it: 再録, not 追加."""
    revival = next(d for d in report["definitions"] if d["id"] == "revival")
    assert (revival["change"], revival["last_printed"]) == ("returned", None)
    assert "+ actions/revival 再起 (速攻魔法) (returned: 再録, no earlier version in git)\n    タイプ: 速攻魔法" in round_reports["text"].stdout
    rst = round_reports["rst"].stdout
    assert "\n追加\n" not in rst
    assert "再録\n" + "-" * 50 + "\n\n【アクションリスト › 速攻魔法】\n\n- :ref:`act-revival`\n" in rst


def test_the_rulebooks_prose_by_section(report: dict, round_reports: dict) -> None:
    """Sections by their numbers as the rulebook prints them; 2.6 (re-wrapped, a comment and an index entry
    added) and the sections after マリガン (numbered anew) did not change."""
    assert [(p["change"], p["heading"], p["label"], p["old_number"]) for p in report["prose"]] == [
        ("changed", "2.7 ダメージ", "common-damage", None),
        ("added", "2.8 マリガン", "common-mulligan", None),
        ("removed", "2.11.2 デッキのシャッフルについて", "common-shuffle", None),
        ("changed", "6.2.1 アクションの定義項目", "core-action-items", None),
    ]
    damage = report["prose"][0]
    assert [(s["op"], s["text"]) for s in damage["segments"] if s["op"] != "equal"] == [("delete", "一番")]
    text = round_reports["text"].stdout.split("rulebook prose (docs/):\n")[1]
    assert text.startswith("\n~ docs/common.rst § 2.7 ダメージ\n    プレイヤーがダメージを受けた場合、ライフの[-一番-]上から")
    assert "\n+ docs/common.rst § 2.8 マリガン (added)\n    最初の手札が気に入らない場合、1度だけ引き直せます。\n" in text
    assert "\n- docs/common.rst § 2.11.2 デッキのシャッフルについて (removed)\n    [-BlackPokerでは" in text
    # a rewritten section shows its changed paragraphs only
    assert "~ docs/core.rst § 6.2.1 アクションの定義項目\n    アクションを定義する際には、次の項目を[-設定する必要があり-]{+必ず設定し+}ます。" \
           "その他の項目は、具体的なアクションに応じて追加してください。\n    …\n" in text
    markdown = round_reports["md"].stdout
    assert "#### Changed: docs/common.rst § 2.7 ダメージ\n\n> プレイヤーがダメージを受けた場合、ライフの<del>一番</del>上から" in markdown
    assert "#### Added: docs/common.rst § 2.8 マリガン\n\n> 最初の手札が気に入らない場合、1度だけ引き直せます。" in markdown
    prose = round_reports["rst"].stdout.split("\nルールブック本文\n")[1].split("\n対戦レギュレーション\n")[0]
    assert [line for line in prose.splitlines() if line.startswith("- ")] == [
        "- 2.7 :ref:`common-damage`", "- 追加: 2.8 :ref:`common-mulligan`", "- 削除: 2.11.2 デッキのシャッフルについて",
        "- 6.2.1 :ref:`core-action-items`"]
    assert "  変更前:\n\n  | プレイヤーがダメージを受けた場合、ライフの一番上から" in prose


def test_the_checklist_is_in_the_rulebooks_order_each_line_once(report: dict, round_reports: dict) -> None:
    assert [item["text"] for item in report["checklist"]] == CHECKLIST
    assert [item["about"] for item in report["checklist"]][:4] == ["rulebook", "rulebook", "rulebook", "regulation"]
    text = round_reports["text"].stdout.split("checklist for players (プレイヤー向けチェックリスト):\n")[1]
    assert text.splitlines() == [f"  □ {line}" for line in CHECKLIST]
    markdown = round_reports["md"].stdout.split("### Checklist for players (プレイヤー向けチェックリスト)\n\n")[1]
    assert markdown.splitlines() == [f"- [ ] {line}" for line in CHECKLIST]
    rst = round_reports["rst"].stdout.split("プレイヤー向けチェックリスト\n" + "-" * 50 + "\n\n")[1]
    assert rst.splitlines() == [f"- □ {line}" for line in CHECKLIST]


def test_the_rst_is_valid_and_is_the_changelog_section(round_reports: dict, next_round_repo: Path) -> None:
    """`bp edition new` calls changelog_section(): what `bp diff --format rst` prints."""
    out = round_reports["rst"].stdout
    doctree = parse_rst(out)
    assert doctree.astext()
    assert changelog_section(next_round_repo, BASE, HEAD) == out
    sections = re.findall(r"^\.\. _(history-v8-1[a-z-]*):\n\n(.+)\n", out, re.MULTILINE)
    assert sections == [("history-v8-1", "第8.1版の変更点"), ("history-v8-1-returned", "再録"), ("history-v8-1-removed", "削除"),
                        ("history-v8-1-renamed", "名称変更"), ("history-v8-1-changed", "変更"), ("history-v8-1-data", "データのみの変更"), ("history-v8-1-prose", "ルールブック本文"),
                        ("history-v8-1-regulations", "対戦レギュレーション"), ("history-v8-1-checklist", "プレイヤー向けチェックリスト")]


def test_the_section_the_report_writes_is_not_a_change_of_the_rulebook(round_reports: dict, next_round_repo: Path,
                                                                      tmp_path: Path) -> None:
    """Once the changelog section is in docs/history.rst (as `bp edition new` puts it), bp diff does not
    report it as prose of the rulebook (it would list itself); a section written by hand still is."""
    repo = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(next_round_repo), str(repo))
    history = repo / "docs/history.rst"
    text = history.read_text(encoding="utf-8")
    chapter_end = text.index(".. _history-8th:")
    # changelog_section() of these revisions, which `bp edition new` writes: the rst report (the test above)
    written = round_reports["rst"].stdout
    history.write_text(text[:chapter_end] + written + "\n\n" + text[chapter_end:].replace(
        "次はBlackPoker第8版における主要な変更点です。", "次はBlackPoker第8版における主な変更点です。"), encoding="utf-8")
    commit_all(repo, "変更履歴")
    data = json.loads(bp("diff", BASE, HEAD, "--format", "json", "--root", str(repo)).stdout)
    history_prose = [p["heading"] for p in data["prose"] if p["page"] == "docs/history.rst"]
    assert history_prose == ["8.2 第8版の主な変更点"]  # the 8th edition's section now comes second


def test_the_rulebook_is_numbered_as_sphinx_numbers_it() -> None:
    """The numbers the built rulebook prints (chapters 第N章 by the numbered toctree, sections to depth 3)."""
    headings = {section.heading for section in read_rulebook(ROOT / "docs", ROOT).sections}
    assert {"第1章 はじめに", "1.4.1 用途別読み方", "2.10.4 アクションの解決", "第4章 フォーマット", "4.3.1 アクションリスト",
            "6.2.1 アクションの定義項目", "6.4.2 能力の適応順", "8.3 導入・更新バージョン一覧"} <= headings
    assert "|bp-title|" in headings  # the front page is not numbered


def _docs(root: Path, common: str) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "docs/index.rst").write_text("Title\n=====\n\n.. toctree::\n   :numbered: 3\n\n   common\n", encoding="utf-8")
    (root / "docs/common.rst").write_text(common, encoding="utf-8")
    return root


PAGE = """.. _common:

共通ルール
==========

.. _common-damage:

ダメージ
--------

プレイヤーがダメージを受けた場合、ライフの一番上から受けた点数分墓地に移動します。詳細は :ref:`common` を参照。
"""


@pytest.mark.parametrize(("label", "page"), [
    ("re-wrapped", PAGE.replace("場合、ライフ", "場合、\nライフ")),
    ("a comment", PAGE.replace("プレイヤーが", ".. 第1版から\n\nプレイヤーが")),
    ("an index entry", PAGE.replace("プレイヤーが", ".. index:: ダメージ\n\nプレイヤーが")),
    ("a label renamed", PAGE.replace(".. _common-damage:", ".. _common-damages:")),
    ("a reference written with its title", PAGE.replace(":ref:`common`", ":ref:`共通ルール <common>`")),
    ("trailing spaces", PAGE.replace("を参照。\n", "を参照。   \n")),
    ("an include, which is not read", PAGE + "\n.. include:: /etc/passwd\n\n.. raw:: html\n\n   <b>x</b>\n"),
])
def test_markup_alone_is_no_prose_change(tmp_path: Path, label: str, page: str) -> None:
    old = read_rulebook(_docs(tmp_path / "old", PAGE) / "docs", tmp_path / "old")
    new = read_rulebook(_docs(tmp_path / "new", page) / "docs", tmp_path / "new")
    assert compare_prose(old, new) == [], label
    # the same page with a word changed is a change (so that the comparison above can fail)
    reworded = read_rulebook(_docs(tmp_path / "reworded", page.replace("一番上", "上")) / "docs", tmp_path / "reworded")
    (change,) = compare_prose(old, reworded)
    assert (change.page, change.heading, change.change) == ("docs/common.rst", "1.1 ダメージ", "changed")
    assert "root:" not in (change.new or "")  # nothing of /etc/passwd


def test_a_fifo_among_the_pages_does_not_hang_it(scratch_repo) -> None:
    """A page that is a FIFO in the working tree is no page (reading it would wait for ever)."""
    repo = scratch_repo(("definitions", "schema", "docs"))
    os.mkfifo(repo / "docs" / "waiting.rst")
    run = bp("diff", "--format", "json", "--root", str(repo), timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["prose"] == []


def test_a_page_docutils_cannot_read_is_said_not_compared(scratch_repo) -> None:
    """A page nested deeper than docutils can parse is not compared, and says so, instead of a traceback."""
    repo = scratch_repo(("definitions", "schema", "docs"))
    nested = "\n\n".join("  " * depth + "- x" for depth in range(400))
    (repo / "docs" / "deep.rst").write_text(f"Deep\n====\n\n{nested}\n", encoding="utf-8")
    run = bp("diff", "--format", "json", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["prose"] == []
    note = "docs/deep.rst of working tree: its prose was not compared, docutils could not read it (nested too deeply)"
    assert data["skipped"] == [note]
    # the 変更履歴's rst has no place for it: the editor who pastes it reads it on the standard error
    rst = bp("diff", "--format", "rst", "--root", str(repo))
    assert rst.returncode == 0, rst.stderr
    assert rst.stderr == f"bp diff: {note}\n" and note not in rst.stdout
