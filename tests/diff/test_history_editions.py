"""bp diff between editions of the history of the rules (history/, diff/history_editions.py): what entered and left between two
records, what was renamed and whose rules changed where both hold rules, and what a record of names only cannot say."""

from __future__ import annotations

import json

from tests.runbp import ROOT, bp
from toolchain.diff.history_editions import compare_editions
from toolchain.model.past_editions import KINDS, PastEdition, PastEntry

HELD = "v5.0, v6.0, v7.0, v8.0, v8.1, v8.2, v9.0, v9.1.1"


def test_v6_to_v8_1_lists_what_entered_and_left_and_what_the_record_cannot_say() -> None:
    result = bp("diff", "v6.0", "v8.1", "--root", str(ROOT), "--color", "never")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("bp diff: 第六版 (v6.0: BlackPoker/BlackPoker tools/actionlist/original/v6-act.yaml @ 194ad86e1606) → "
                          "第8.1版 (v8.1: this repository)\n")
    # 第六版's 37 actions and 6 characters are 第8.1版's: none entered or left
    assert "\nactions: 0 entered, 0 left, 0 renamed\n" in out
    assert "\ncharacters: 0 entered, 0 left, 0 renamed\n" in out
    # its record is act.yaml's: the frame actions, fog and trumps, and every rule, are not in it
    assert "  frame actions: 第六版's record does not list them, so what entered or left is not known\n" in out
    assert "  rules: 第六版's record holds names and ids only" in out


def test_a_record_of_act_yaml_says_nothing_of_the_frame_characters() -> None:
    """第8.2版's record is upstream's act.yaml: its characters are 兵士 … 魔術師, and the frame characters (リアニメーター,
    act-frame.yaml's) are not in it; 第9.1.1版's frame characters did not enter, they are not compared."""
    result = bp("diff", "v8.2", "v9.1.1", "--root", str(ROOT), "--color", "never")
    assert result.returncode == 0, result.stderr
    assert "\ncharacters: 0 entered, 0 left, 0 renamed\n" in result.stdout, result.stdout
    assert "  frame characters: 第8.2版's record does not list them, so what entered or left is not known\n" in result.stdout
    assert "リアニメーター" not in result.stdout


def test_an_entry_that_entered_between_two_records() -> None:
    result = bp("diff", "v5.0", "v6.0", "--root", str(ROOT), "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    [actions] = [kind for kind in report["kinds"] if kind["kind"] == "actions"]
    assert actions["entered"] == [{"id": "quick-summon", "name": "クイック召喚"}]
    assert actions["left"] == [] and actions["changed"] is None  # neither record holds rules
    assert (report["old"]["name"], report["new"]["name"]) == ("第五版", "第六版")


def test_an_unknown_name_is_told_the_editions_held() -> None:
    result = bp("diff", "v4.0", "v8.1", "--root", str(ROOT))
    assert result.returncode == 2
    assert f"unknown revision or edition 'v4.0': name a commit, a branch, a tag or an edition of the history ({HELD})" in result.stderr
    assert "Traceback" not in result.stderr


def test_rst_and_pages_are_refused_for_an_edition_of_the_history() -> None:
    for extra in (("--format", "rst"), ("--pages",)):
        result = bp("diff", "v5.0", "v6.0", "--root", str(ROOT), *extra)
        assert result.returncode == 2, extra
        assert "an edition of the history" in result.stderr


def _edition(edition: str, entries: list[PastEntry], covers: tuple[str, ...] = KINDS) -> PastEdition:
    return PastEdition(edition, f"{edition}.yaml", None, frozenset(covers), {"actions": entries}, name=edition)


def test_renamed_and_changed_rules_where_both_hold_them() -> None:
    old = _edition("v1.0", [PastEntry("kill", "キル", "a", "actions"), PastEntry("up", "アップ", "b", "actions"),
                            PastEntry("old", "古い", "c", "actions")])
    new = _edition("v2.0", [PastEntry("kill", "デス", "a", "actions"), PastEntry("up", "アップ", "B", "actions"),
                            PastEntry("new", "新しい", "d", "actions")])
    report = compare_editions(old, new)
    [actions] = [k for k in report.kinds if k.kind == "actions"]
    assert [e.id for e in actions.entered or []] == ["new"] and [e.id for e in actions.left or []] == ["old"]
    assert [(r.id, r.old, r.new) for r in actions.renamed] == [("kill", "キル", "デス")]
    assert [e.id for e in actions.changed or []] == ["up"]
    assert report.not_compared == []


def test_a_record_covering_nothing_says_only_what_it_holds() -> None:
    """第9.0版's record (covers: []) holds the edition's changes: what it lacks did not leave."""
    old = _edition("v1.0", [PastEntry("kill", "キル", None, "actions")])
    new = _edition("v2.0", [PastEntry("new", "新しい", None, "actions")], covers=())
    [actions] = compare_editions(old, new).kinds
    assert ([e.id for e in actions.entered or []], actions.left) == (["new"], None)
    assert "actions: v2.0's record does not list them whole, so what left is not known" in compare_editions(old, new).not_compared
