"""History kept honest (BP029): `bp check --since REV` reports a definition whose rules changed since
REV while its `updated` lacks the current edition, at its `updated` line; lore, versions and
programs alone are not rules changes. And the model says which entries changed in this edition."""

from __future__ import annotations

import json
from pathlib import Path

import toolchain
from tests.runbp import bp
from toolchain.model.history import changed_in_current_edition, current_edition, is_rules_field, new_in_current_edition

from .conftest import ROOT, edit, git

QUICK, NORMAL = "definitions/actions/3-quick-spell.yaml", "definitions/actions/4-normal-spell.yaml"


def updated_line(repo: Path, file: str, action_id: str) -> int:
    """The line of an action's `updated:` (where BP029 points), found rather than counted: examples move it."""
    lines = (repo / file).read_text(encoding="utf-8").splitlines()
    start = lines.index(f"- id: {action_id}")
    return next(i + 1 for i in range(start, len(lines)) if lines[i].startswith("  updated:"))


def test_check_since_reports_bp029_at_the_updated_line(edition_repo: Path) -> None:
    run = bp("check", "--since", "v8.0", "--root", str(edition_repo))
    assert run.returncode == 1
    ceasefire, throw = updated_line(edition_repo, QUICK, "ceasefire"), updated_line(edition_repo, NORMAL, "throw")
    assert run.stderr.splitlines() == [
        f"{QUICK}:{ceasefire}:3: error[BP029]: 停戦 (速攻魔法) changed since v8.0 (キーカード, コスト) "
        "but its updated does not list v8.1: add v8.1 to updated",
        f"{NORMAL}:{throw}:3: error[BP029]: 投擲 (通常魔法) changed since v8.0 (効果) "
        "but its updated does not list v8.1: add v8.1 to updated",
    ]
    lines = (edition_repo / QUICK).read_text(encoding="utf-8").splitlines()
    assert lines[ceasefire - 1] == "  updated: [v8.0]"  # 停戦's own updated line
    # without --since the repository checks clean: BP029 needs a revision to compare with
    assert bp("check", "--root", str(edition_repo)).returncode == 0


def test_the_finding_is_in_json_and_github_formats(edition_repo: Path) -> None:
    data = json.loads(bp("check", "--since", "v8.0", "--format", "json", "--root", str(edition_repo)).stdout)
    ceasefire, throw = updated_line(edition_repo, QUICK, "ceasefire"), updated_line(edition_repo, NORMAL, "throw")
    assert [(d["code"], d["name"], d["line"]) for d in data["diagnostics"]] == [("BP029", "history", ceasefire), ("BP029", "history", throw)]
    github = bp("check", "--since", "v8.0", "--format", "github", "--root", str(edition_repo)).stderr
    assert github.startswith(f"::error file={QUICK},line={ceasefire},col=3,title=BP029 history::停戦")


def test_adding_the_edition_to_updated_clears_it(scratch_repo) -> None:
    repo = scratch_repo()
    edit(repo, "definitions/fog.yaml", "対象とした兵士のサイズは、このターンが終わるまでキーカードの数字分加算される。",
         "対象とした兵士のサイズは、このターンが終わるまでキーカードの数字の2倍分加算される。")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.returncode == 1
    # アップ has no updated: the finding is at its since line
    assert run.stderr == ("definitions/fog.yaml:9:3: error[BP029]: アップ (速攻魔法) changed since v8.0 (能力) "
                          "but its updated does not list v8.1: add v8.1 to updated\n")
    edit(repo, "definitions/fog.yaml", "  since: v8.0\n\n- id: down", "  since: v8.0\n  updated: [v8.1]\n\n- id: down")
    assert bp("check", "--since", "v8.0", "--root", str(repo)).returncode == 0


def test_a_new_definition_needs_the_edition_as_its_since(scratch_repo) -> None:
    repo = scratch_repo()
    fog = repo / "definitions/fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8") + "\n- id: down2\n  name: ダウン2\n  group: lingering\n  category: quick-spell\n"
                   "  action: down\n  ability: 対象とした兵士のサイズは減算される。\n", encoding="utf-8")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.stderr == ("definitions/fog.yaml:27:3: error[BP029]: ダウン2 (速攻魔法) is new since v8.0 but its since is not set "
                          "and its updated does not list v8.1: set since: v8.1\n")
    # a since older than the last edition reads as an entry back from an earlier one: the message says both fixes
    fog.write_text(fog.read_text(encoding="utf-8") + "  since: v8.0\n", encoding="utf-8")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.stderr == ("definitions/fog.yaml:33:3: error[BP029]: ダウン2 (速攻魔法) is not in v8.0 and its since, v8.0, is older: "
                          "if it returns from an earlier edition, keep its since and add v8.1 to updated; if it is new, set since: v8.1\n")
    edit(repo, "definitions/fog.yaml", "  ability: 対象とした兵士のサイズは減算される。\n  since: v8.0\n",
         "  ability: 対象とした兵士のサイズは減算される。\n  since: v8.1\n")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert "ダウン2" not in run.stderr


def test_an_entry_back_from_an_earlier_edition_keeps_its_since(scratch_repo) -> None:
    """投擲 (since v0.1) is left out of one revision and comes back: the fix is the current edition in its
    updated, never `since: v8.1`, which would erase when it was introduced."""
    repo = scratch_repo()
    normal = repo / NORMAL
    text = normal.read_text(encoding="utf-8")
    start, end = text.index("- id: throw\n"), text.index("- id: death-spear\n")
    normal.write_text(text[:start] + text[end:], encoding="utf-8")
    git(repo, "commit", "-qam", "投擲を削除")
    git(repo, "tag", "without-throw")
    normal.write_text(text, encoding="utf-8")  # back as it was printed, since and updated too
    run = bp("check", "--since", "without-throw", "--root", str(repo))
    line = updated_line(repo, NORMAL, "throw") - 1  # its since, which says it returns
    assert run.stderr == (
        f"{NORMAL}:{line}:3: error[BP029]: 投擲 (通常魔法) is not in without-throw and its since, v0.1, is older: if it returns "
        "from an earlier edition, keep its since and add v8.1 to updated; if it is new, set since: v8.1\n"
    )
    edit(repo, NORMAL, "  since: v0.1\n  updated: [v8.0]\n  program:\n    effect:\n      - damage: target\n",
         "  since: v0.1\n  updated: [v8.0, v8.1]\n  program:\n    effect:\n      - damage: target\n")
    assert bp("check", "--since", "without-throw", "--root", str(repo)).returncode == 0  # the edition in updated is enough


def test_lore_versions_and_programs_are_not_rules_changes(scratch_repo) -> None:
    repo = scratch_repo()
    edit(repo, "definitions/characters.yaml", "speaker: 再現者見習いより", "speaker: 再現者見習い")
    edit(repo, "definitions/actions/3-quick-spell.yaml", "      - shuffle: life\n", "")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert (run.returncode, run.stderr) == (0, "")


def test_since_an_unknown_revision_is_exit_2(scratch_repo) -> None:
    run = bp("check", "--since", "v0.0", "--root", str(scratch_repo()))
    assert run.returncode == 2
    assert run.stderr.startswith("bp check: unknown revision 'v0.0'")


def test_history_is_in_bp_diff_too(reports: dict, edition_repo: Path) -> None:
    data = json.loads(reports["json"].stdout)  # `bp diff v8.0 HEAD --format json` of a repository made as edition_repo
    assert [(f["code"], f["path"], f["line"]) for f in data["history"]] == [
        ("BP029", QUICK, updated_line(edition_repo, QUICK, "ceasefire")), ("BP029", NORMAL, updated_line(edition_repo, NORMAL, "throw"))]


def test_changed_in_current_edition_is_read_from_updated() -> None:
    defs = toolchain.load(ROOT).definitions
    assert current_edition(defs) == "v8.1"
    by_name = {a.name: a for a in defs.actions}
    # 4.3.1: アタック was updated in v8.0 and v8.1, 世代交代 only in v8.0
    assert by_name["アタック"].updated == ("v8.0", "v8.1") and changed_in_current_edition(by_name["アタック"], defs)
    assert by_name["世代交代"].updated == ("v8.0",) and not changed_in_current_edition(by_name["世代交代"], defs)
    assert not new_in_current_edition(by_name["世代交代"], defs)
    assert all(not changed_in_current_edition(frame, defs) for frame in defs.frames)  # frames keep no history
    assert [is_rules_field(f) for f in ("effect", "keycards", "name", "story", "flavor", "since", "updated", "program", "examples",
                                        "reading", "kana")] == [True, True, True, False, False, False, False, False, False, False, False]


def test_a_new_definition_copied_with_its_updated_is_told_at_its_since(scratch_repo) -> None:
    """An action copied to make a new one brings its `updated` along: the fix is the `since`, so the finding is there."""
    repo = scratch_repo()
    fog = repo / "definitions/fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8") + "\n- id: down2\n  name: ダウン2\n  group: lingering\n  category: quick-spell\n"
                   "  action: down\n  ability: 対象とした兵士のサイズは減算される。\n  since: v0.1\n  updated: [v8.0]\n",
                   encoding="utf-8")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.stderr.startswith("definitions/fog.yaml:33:3: error[BP029]: ダウン2 (速攻魔法) is not in v8.0 and its since, v0.1, is older")
