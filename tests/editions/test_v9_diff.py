"""`bp diff` from 第8.1版 to 第9.0版, as a rules editor runs it before writing the 変更履歴: this repository's
definitions/ and docs/ committed and tagged v8.1, replaced by those of tests/editions/v9.0 and committed. In every
format it states each applied item of the 9.0 changelog, the rulebook's prose changes, and a checklist for players
with no line twice."""

from __future__ import annotations

import json
import re

import pytest

from tests.diff.conftest import one_comparison, parse_rst

from .conftest import V9, from_v81_to

FORMATS = ("text", "md", "json", "rst")
# How each format prints a checklist line.
CHECKLIST_MARK = {"text": "  □ ", "md": "- [ ] ", "rst": "- □ "}

# The changelog's 魔法分類の再編, as it names the moves (名前 → the new category's name).
RECLASSIFIED = {
    **dict.fromkeys(("アップ", "ダウン", "ツイスト", "カウンター"), "基礎魔法"),
    **dict.fromkeys(("キル", "再会", "停戦", "対象変更", "サーチ", "リバース", "帰還"), "中級魔法"),
    **dict.fromkeys(("B・J", "R・S・F"), "上級魔法"),
}
# The checklist line of each applied item (the 9.0 repository's README lists them).
ITEMS = (
    "「ドロー」(基本)の効果が変わりました。",
    *(f"「{name}」({category})のタイプが変わりました。" for name, category in RECLASSIFIED.items()),
    "「2.10.2 トリガー, スピード, タイミングの表記」が追加されました。",  # the @ form, as the rulebook explains it
    "「誘惑」(立ち上がる兵)が追加されました。", "「誘惑」(兵士起因)が追加されました。", "「激励」(立ち上がる兵)が削除されました。",
    *(f"「クイック兵士召喚 {suit}」(召喚)が追加されました。" for suit in "♠♡♢♣"),
    "「威圧」(表切札)が追加されました。", "「威圧」(通常魔法)が追加されました。", "「クイック威圧」(通常魔法)が追加されました。",
    "「救済」(表切札)が追加されました。", "「救済」(通常魔法)が追加されました。",
    "「防壁追加」(表切札)が追加されました。", "「防壁追加」(通常魔法)が追加されました。", "「クイック防壁設置」(召喚)が追加されました。",
    "「喪失」(表切札)が追加されました。", "「虚脱」(速攻魔法)が追加されました。",
    "「修繕」(表切札)が追加されました。", "「修繕」(通常魔法)が追加されました。",
    "「リセット」(表切札)が追加されました。", "「リセット」(通常魔法)が追加されました。",
    "「要塞」(表切札)が追加されました。", "「反撃」(誘発魔法)が追加されました。",
    "「相殺」(表切札)が追加されました。", "「相殺」(速攻魔法)が追加されました。",
)
PROSE = "「2.10.1 アクションが持つ項目」の記述が変わりました。"  # the @ note rewritten as a section of its own


@pytest.fixture(scope="module")
def diffs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    repo = from_v81_to(V9, "第9.0版", tmp_path_factory.mktemp("rules"))
    outputs = {}
    # the revisions compared once for the formats that compare alike (tests/diff/conftest.py)
    runs = one_comparison({form: ("diff", "v8.1", "HEAD", "--format", form, "--color", "never") for form in FORMATS}, cwd=repo)
    for form, run in runs.items():
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        outputs[form] = run.stdout
    return outputs


def _checklist(form: str, output: str) -> list[str]:
    if form == "json":
        return [item["text"] for item in json.loads(output)["checklist"]]
    mark = CHECKLIST_MARK[form]
    return [line.removeprefix(mark) for line in output.splitlines() if line.startswith(mark)]


def _said(item: str, checklist: list[str]) -> bool:
    """Whether a line says `item`: alone, or with others of its list of which the same is said
    (「アップ」(基礎魔法)、「ダウン」(基礎魔法)のタイプが変わりました。)."""
    subject, said = re.fullmatch(r"(「[^」]+」(?:\([^)]*\))?)(.+)", item).groups()
    return any(line.endswith(said) and (line.startswith(subject) or "、" + subject in line) for line in checklist)


@pytest.mark.parametrize("form", FORMATS)
def test_the_checklist_states_each_item_and_the_prose_once(diffs: dict[str, str], form: str) -> None:
    checklist = _checklist(form, diffs[form])
    assert [item for item in (*ITEMS, PROSE) if not _said(item, checklist)] == []
    assert len(checklist) == len(set(checklist)), [item for item in checklist if checklist.count(item) > 1]
    assert checklist == _checklist("json", diffs["json"])  # one checklist, in the rulebook's order, in every format


def test_json_states_the_changes_field_by_field(diffs: dict[str, str]) -> None:
    report = json.loads(diffs["json"])
    assert (report["old"]["edition"], report["new"]["edition"]) == ("第8.1版", "第9.0版")
    changed = {(c["kind"], c["name"]): {f["field"]: (f["old"], f["new"]) for f in c["fields"]} for c in report["definitions"]}
    assert {name: changed[("actions", name)]["category"] for name in RECLASSIFIED} == {
        name: ("速攻魔法", category) for name, category in RECLASSIFIED.items()}
    assert "基本は2枚引く" in changed[("actions", "ドロー")]["effect"][1]
    display = changed[("rules", "definitions/rules.yaml")]
    assert display["display.trigger_speed_timing"] == ("items", "at")
    prose = {(p["page"], p["heading"]): p for p in report["prose"]}
    added = prose[("docs/common.rst", "2.10.2 トリガー, スピード, タイミングの表記")]
    assert added["change"] == "added" and "@ 直接-通常-クイック" in added["new"]
    assert prose[("docs/common.rst", "2.10.1 アクションが持つ項目")]["change"] == "changed"
    assert {p["heading"] for p in report["prose"] if p["page"] == "docs/history.rst"} >= {"8.1.2 魔法の分類を再編", "8.1.3 トリガー, スピード, タイミングの表記"}


def test_text_and_md_state_the_display_and_the_categories(diffs: dict[str, str]) -> None:
    text, md = diffs["text"], diffs["md"]
    assert "display (trigger_speed_timing): [-items-]{+at+}" in text and "アクションリスト › 基礎魔法:" in text
    assert "~ docs/common.rst § 2.10.1 アクションが持つ項目" in text
    assert "+ docs/common.rst § 2.10.2 トリガー, スピード, タイミングの表記 (added)" in text
    assert "**display (trigger\\_speed\\_timing)**: <del>items</del><ins>at</ins>" in md and "### アクションリスト › 上級魔法" in md
    assert "- **タイプ**: <del>速攻</del><ins>基礎</ins>魔法" in md


def test_rst_is_the_changelog_section_of_the_edition(diffs: dict[str, str]) -> None:
    rst = diffs["rst"]
    parse_rst(rst)  # reads without a warning
    assert rst.startswith(".. _history-v9-0:\n\n第9.0版の変更点\n")
    assert "- タイプ: 速攻魔法 → 基礎魔法" in rst and "- タイプ: 通常魔法 → 上級魔法" in rst
    assert "- 追加: 2.10.2 :ref:`common-action-at-form`" in rst
    # the @ note taken out of 2.10.1: its paragraphs before, nothing after (not a blank line for each)
    rewritten = rst.split("- 2.10.1 :ref:`common-action-items`\n")[1].split("\n- ")[0]
    assert "  | @[トリガー]-[スピード]-[タイミング]\n" in rewritten and rewritten.endswith("  変更後:\n\n  | なし\n")
