"""`bp diff` between two commits of a rules repository, in every format: an added action, a renamed
action, a changed keycard and cost, a changed effect, a program change, a changed example, the
regulations and the outputs they reach."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.runbp import bp

from .conftest import FORMATS, NORMAL, ROOT, commit_all, copy_rules, edit, git, one_comparison, parse_rst

ANSI = re.compile(r"\x1b\[")


@pytest.mark.parametrize("output_format", FORMATS)
def test_a_report_exits_0_and_says_nothing_on_stderr(reports: dict, output_format: str) -> None:
    run = reports[output_format]
    assert (run.returncode, run.stderr) == (0, "")


def test_text(reports: dict) -> None:
    out = reports["text"].stdout
    assert not ANSI.search(out), "no colours when stdout is not a terminal"
    assert out.splitlines()[1] == "definitions: 1 added, 0 removed, 1 renamed, 5 changed (1 behaviour change)"
    assert "+ actions/scout 偵察 (速攻魔法) (added)" in out
    assert "~ actions/hand-destruction 手札破壊 (通常魔法), renamed from ハンデス" in out
    ceasefire = _block(out, "~ actions/ceasefire")
    assert "    キーカード: ♢ A〜[-10-]{+K+} を 2 枚" in ceasefire
    assert "    コスト: {+L+}" in ceasefire
    assert "    example 'ダメージ判定を無効にする': passed (expect changed)" in ceasefire
    assert "    効果: 対象の対戦相手に X 点のダメージを与える。X はキーカードの ♠ カードの数字{+の2倍+}に等しい。" in _block(out, "~ actions/throw")
    search = _block(out, "~ actions/search")
    assert search.splitlines()[1:] == ["    program: behaviour change", "         show: opponent", "      -- shuffle: life"]
    assert "  ライト + エントリー20:\n    actions 19 → 20 (+偵察)" in out
    assert "  actionlist/pdf/blackpoker-lite.pdf (changed, + blackpoker-lite-2up.pdf)" in out
    assert "  definitions.json (changed)" in out
    # サーチ's program is not printed: its rulebook entry does not change
    assert "  docs/format.rst § アクションリスト (entries): act-ceasefire, act-scout, act-throw, act-hand-destruction" in out
    assert "  docs/history.rst § 導入・更新バージョン一覧 (version history): act-scout, act-hand-destruction, char-ace" in out


def test_text_in_colour(reports: dict) -> None:
    run = reports["colour"]  # `bp diff v8.0 HEAD --color always`
    assert run.returncode == 0
    assert "♢ A〜\x1b[31m10\x1b[0m\x1b[32mK\x1b[0m を 2 枚" in run.stdout


def test_markdown(reports: dict) -> None:
    out = reports["md"].stdout
    assert out.startswith("## Rules diff: v8.0 (")
    assert "**1 added, 0 removed, 1 renamed, 5 changed (1 behaviour change)**" in out
    assert "#### Added: actions/scout 偵察 (速攻魔法)" in out
    assert "#### Changed: actions/hand-destruction 手札破壊 (通常魔法), renamed from ハンデス" in out
    assert "- **キーカード**: ♢ A〜<del>10</del><ins>K</ins> を 2 枚" in out
    assert "- **コスト**: <ins>L</ins>" in out
    assert "数字<ins>の2倍</ins>に等しい。" in out
    assert "- **program**: behaviour change" in out and "<details><summary>program</summary>" in out
    assert "| ライト + エントリー20 | actions 19 → 20 (<ins>偵察</ins>) |" in out
    assert "- `actionlist/pdf/blackpoker-lite.pdf` and `blackpoker-lite-2up.pdf`: changed" in out


def test_markdown_keeps_the_rules_text_as_text(edition_repo: Path, tmp_path: Path) -> None:
    """`<アタッカー>` and Markdown punctuation in a definition stay text in the comment."""
    repo = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(edition_repo), str(repo))
    edit(repo, "definitions/actions/4-normal-spell.yaml", "X はキーカードの ♠ カードの数字の2倍に等しい。",
         "X は <アタッカー> の *数字* | `2倍` に等しい。")
    out = bp("diff", "HEAD", "--format", "md", "--root", str(repo)).stdout
    (line,) = [line for line in out.splitlines() if line.startswith("- **効果**")]
    assert "<ins> &lt;アタッカー&gt; の \\*数字\\* \\| \\`2倍\\` </ins>" in line
    # Outside code blocks (where a finding may quote the printed text, as text), no raw tag reaches the comment.
    prose = "".join(part for i, part in enumerate(out.split("```")) if i % 2 == 0)
    assert "<アタッカー>" not in prose


def test_json_matches_its_schema(reports: dict) -> None:
    data = json.loads(reports["json"].stdout)
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schema").glob("*.schema.json")}
    errors = [e.message for e in Draft202012Validator(schemas["diff.schema.json"]).iter_errors(data)]
    assert errors == []
    assert data["summary"] == {"added": 1, "returned": 0, "removed": 0, "renamed": 1, "changed": 5, "behaviour": 1,
                               "rulings": {"added": 0, "removed": 0, "changed": 0, "outcome": 0}}
    assert (data["old"]["revision"], data["new"]["revision"], data["new"]["edition_id"]) == ("v8.0", "HEAD", "v8.1")
    by_id = {d["id"]: d for d in data["definitions"]}
    assert (by_id["scout"]["change"], by_id["scout"]["kind"], by_id["scout"]["anchor"]) == ("added", "actions", "act-scout")
    assert (by_id["hand-destruction"]["old_name"], by_id["hand-destruction"]["name"]) == ("ハンデス", "手札破壊")
    fields = {f["field"]: f for f in by_id["ceasefire"]["fields"]}
    assert (fields["keycards"]["item"], fields["keycards"]["old"], fields["keycards"]["new"]) == ("キーカード", "♢ A〜10 を 2 枚", "♢ A〜K を 2 枚")
    assert (fields["cost"]["item"], fields["cost"]["old"], fields["cost"]["new"]) == ("コスト", None, "L")
    (effect,) = by_id["throw"]["fields"]
    assert effect["item"] == "効果" and [s for s in effect["segments"] if s["op"] != "equal"] == [{"op": "insert", "text": "の2倍"}]
    assert by_id["search"]["behaviour"] and not by_id["search"]["rules_changed"]
    (example,) = by_id["ceasefire"]["examples"]
    assert (example["change"], example["parts"], example["outcome_changed"]) == ("changed", ["expect"], True)
    assert not by_id["ace"]["rules_changed"]
    lite = next(r for r in data["regulations"] if (r["format"], r["frame"]) == ("lite", "entry20"))
    assert lite["groups"] == [{"group": "actions", "before": 19, "after": 20, "entered": [{"anchor": "act-scout", "name": "偵察"}], "left": []}]
    assert {o["path"] for o in data["outputs"]} >= {"definitions.json", "actionlist/html/lite.html", "actionlist/pdf/blackpoker-lite.pdf"}


def test_rst_is_valid_and_its_checklist_holds_only_gameplay(reports: dict) -> None:
    out = reports["rst"].stdout
    doctree = parse_rst(out)
    assert doctree.astext()
    assert out.startswith(".. _history-v8-1:\n\n第8.1版の変更点\n=====")
    assert "追加\n" + "-" * 50 + "\n\n【アクションリスト › 速攻魔法】\n\n- :ref:`act-scout`\n" in out
    assert "- ハンデス → :ref:`act-hand-destruction`" in out
    assert "- キーカード: ♢ A〜10 を 2 枚 → ♢ A〜K を 2 枚\n- コスト: なし → L" in out
    checklist = out.split("プレイヤー向けチェックリスト\n")[1]
    # in the rulebook's order: table 3.1 (chapter 3) before the action list (4.3.1)
    assert checklist.splitlines()[2:] == [
        "- □ ライト、ライト + エントリー20: アクション 19 → 20 (追加 偵察)",  # regulations that change alike: one line
        "- □ 「停戦」(速攻魔法)のキーカード、コストが変わりました。",
        "- □ 「偵察」(速攻魔法)が追加されました。",
        "- □ 「投擲」(通常魔法)の効果が変わりました。",
        "- □ 「ハンデス」の名前が「手札破壊」に変わりました。",
    ]
    assert "updated" not in out and "program" not in out and "v8.1]" not in out


@pytest.fixture(scope="module")
def against_the_working_tree(edition_repo: Path) -> dict[str, object]:
    """`bp diff --format json` with no revision (the last tag against the working tree), and the checkout's
    status, index and HEAD before and after it."""
    index = edition_repo / ".git" / "index"

    def state() -> tuple[bytes, int, str]:
        return index.read_bytes(), index.stat().st_mtime_ns, git(edition_repo, "rev-parse", "HEAD")

    status = git(edition_repo, "status", "--porcelain")  # refreshes the index first
    before = state()
    run = bp("diff", "--format", "json", "--root", str(edition_repo))
    return {"run": run, "status": status, "before": before, "after": state()}


def test_default_is_the_last_tag_against_the_working_tree(against_the_working_tree: dict) -> None:
    data = json.loads(against_the_working_tree["run"].stdout)
    assert (data["old"]["revision"], data["new"]["revision"]) == ("v8.0", "working tree")
    assert data["summary"]["added"] == 1


def test_no_tag_means_head_and_no_change_is_still_exit_0(scratch_repo) -> None:
    repo = scratch_repo()
    git(repo, "tag", "-d", "v8.0")
    run = bp("diff", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[:3] == [
        f"bp diff: HEAD ({git(repo, 'rev-parse', '--short=7', 'HEAD').strip()}) → working tree",
        "definitions: 0 added, 0 removed, 0 renamed, 0 changed",
        "no rules changes",
    ]


@pytest.mark.parametrize("revisions", [("v9.9",), ("v8.0", "nothing-like-it"), ("--", "-x")])
def test_an_unknown_revision_is_exit_2(edition_repo: Path, revisions: tuple[str, ...]) -> None:
    run = bp("diff", "--root", str(edition_repo), *revisions)
    assert run.returncode == 2
    assert run.stderr.startswith("bp diff: ") and "revision" in run.stderr and "Traceback" not in run.stderr
    assert run.stdout == ""


def test_not_a_git_repository_is_exit_2(minimal_repo: Path) -> None:
    run = bp("diff", "--root", str(minimal_repo))
    assert run.returncode == 2
    assert run.stderr == f"bp diff: {minimal_repo} is not in a git repository: bp diff compares commits (git init, git commit)\n"


def test_a_revision_that_does_not_load_is_reported_with_its_findings(scratch_repo) -> None:
    repo = scratch_repo()
    edit(repo, "definitions/fog.yaml", "  action: up\n", "  action: upp\n")
    edit(repo, "definitions/actions/1-basic.yaml", "  timing: main\n  effect: |\n    1. 手札が7枚", "  timing: later\n  effect: |\n    1. 手札が7枚")
    run = bp("diff", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "working tree does not load cleanly:\n" in run.stdout
    assert "  definitions/fog.yaml:7:11: error[BP021]: no action has the id 'upp'" in run.stdout
    assert "  definitions/actions/1-basic.yaml:9:11: error[BP028]: 'later' is not one of the timings of definitions/rules.yaml" in run.stdout
    # no example ran on the working tree: how each would have run is unknown, not a change of every action
    assert "definitions: 0 added, 0 removed, 0 renamed, 2 changed\n" in run.stdout
    assert "regulations, definitions.json and the action lists: not compared, working tree has findings (bp check)" in run.stdout
    assert "~ fog/up アップ (速攻魔法)\n    action: up{+p+}" in run.stdout


def test_a_repository_with_the_history_of_the_rules_compares_its_revisions(scratch_repo) -> None:
    """rules.yaml's `history:` names a folder beside definitions/, which a revision read from git does not bring
    along: the revision is not held to have findings for it (BP052), and the regulations are compared."""
    repo = scratch_repo(("definitions", "schema", "history"))
    assert "\nhistory: " in (repo / "definitions" / "rules.yaml").read_text(encoding="utf-8")
    edit(repo, NORMAL, "- id: force\n  name: フォース\n  category: normal-spell\n  formats: [master]\n",
         "- id: force\n  name: フォース\n  category: normal-spell\n  formats: [pro, master]\n")
    run = bp("diff", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert "BP052" not in run.stdout and "does not load cleanly" not in run.stdout
    assert "not compared" not in run.stdout
    assert "(+フォース)" in run.stdout, run.stdout  # the regulations of プロ were compared


def test_a_revision_with_warnings_only_is_compared_whole(scratch_repo) -> None:
    """A warning stops neither bp check (exit 0) nor bp build: nor does it stop bp diff's comparison of the outputs,
    and the revision is not said not to load cleanly."""
    repo = scratch_repo()
    edit(repo, "definitions/actions/2-summon.yaml", "  effect: キーカードを一般兵として表向きかつチャージ状態で場に出す。\n",
         "  effect: キーカードを一般兵として表向きかつドライブ状態で場に出す。\n")
    assert "warning[BP048]" in bp("check", "--root", str(repo)).stderr
    run = bp("diff", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert "does not load cleanly" not in run.stdout and "not compared" not in run.stdout, run.stdout
    assert "outputs that change:" in run.stdout and "actionlist/html/all.html (changed)" in run.stdout, run.stdout


def test_an_example_that_now_fails_is_an_outcome_change(scratch_repo) -> None:
    repo = scratch_repo()
    edit(repo, "definitions/actions/3-quick-spell.yaml", "    target: {action: damage-judgment}\n    effect:\n      - negate: target\n",
         "    target: {action: damage-judgment}\n    effect:\n      - move: key\n        to: graveyard\n")
    data = json.loads(bp("diff", "--format", "json", "--root", str(repo)).stdout)
    (ceasefire,) = [d for d in data["definitions"] if d["id"] == "ceasefire"]
    assert ceasefire["behaviour"]
    assert ceasefire["examples"] == [{"name": "ダメージ判定を無効にする", "change": "outcome", "parts": [], "before": "passed",
                                      "after": "failed", "outcome_changed": True}]


def test_the_users_checkout_is_not_touched(against_the_working_tree: dict, edition_repo: Path) -> None:
    """bp diff reads the tag and the working tree without a change to the checkout: not its index, not its HEAD."""
    assert against_the_working_tree["run"].returncode == 0
    assert against_the_working_tree["after"] == against_the_working_tree["before"]
    assert git(edition_repo, "status", "--porcelain") == against_the_working_tree["status"] == ""


def test_rules_in_a_subdirectory_of_the_git_repository(tmp_path: Path) -> None:
    top = tmp_path / "project"
    copy_rules(top / "rules", ("definitions", "schema"))
    git(top, "init", "-q", "-b", "main")
    commit_all(top, "the rules in rules/")
    edit(top, "rules/definitions/fog.yaml", "  name: アップ\n", "  name: アップアップ\n")
    run = bp("diff", "--root", str(top / "rules"))
    assert run.returncode == 0, run.stderr
    assert "~ fog/up アップアップ (速攻魔法), renamed from アップ" in run.stdout


def _block(text: str, start: str) -> str:
    """From the line that starts with `start` to the next blank line followed by a heading or the end."""
    begin = text.index(start)
    end = text.find("\n\n", begin)
    return text[begin:] if end < 0 else text[begin:end]


def test_a_new_edition_in_rules_yaml(scratch_repo) -> None:
    repo = scratch_repo(("definitions", "schema", "docs"))
    edit(repo, "definitions/rules.yaml", "  id: v8.1\n  name: 第8.1版\n", "  id: v8.2\n  name: 第8.2版\n")
    data = json.loads(bp("diff", "--format", "json", "--root", str(repo)).stdout)
    assert (data["old"]["edition"], data["new"]["edition"], data["new"]["edition_id"]) == ("第8.1版", "第8.2版", "v8.2")
    (rules,) = data["definitions"]
    assert (rules["kind"], rules["name"]) == ("rules", "definitions/rules.yaml")
    assert [(f["field"], f["old"], f["new"]) for f in rules["fields"]] == [("edition.id", "v8.1", "v8.2"), ("edition.name", "第8.1版", "第8.2版")]
    assert {"page": "docs", "heading": "every page", "reason": "edition", "labels": ["rules.yaml edition"]} in data["rulebook"]
    rst = bp("diff", "--format", "rst", "--root", str(repo)).stdout
    assert rst.startswith(".. _history-v8-2:\n\n第8.2版の変更点\n")
    assert rst.rstrip().endswith("ゲームの遊び方に関わる変更はありません。")


def test_control_characters_in_the_rules_do_not_reach_the_terminal(scratch_repo) -> None:
    """A YAML escape ("\\e[2J") in a definition is shown as text, in every format."""
    repo = scratch_repo()
    edit(repo, "definitions/fog.yaml", "  name: アップ\n", '  name: "アップ\\e[2J"\n')
    runs = one_comparison({f: ("diff", "--format", f, "--color", "always", "--root", str(repo)) for f in FORMATS})
    for output_format, run in runs.items():
        assert run.returncode == 0, run.stderr
        assert "\x1b[2J" not in run.stdout, output_format
        shown = "アップ\\u001b[2J" if output_format == "json" else "アップ\\x1b[2J"  # JSON's own escape
        assert shown in run.stdout.replace("\\\\x1b", "\\x1b"), output_format


def test_a_targets_printed_words_are_the_item_and_its_kind_is_named(scratch_repo) -> None:
    """対象's text is what the rulebook prints under 対象, so it is shown as 対象 itself; its kind is
    what the program reads, shown by the key the editor types and named from rules.yaml (防壁, not bulwark)."""
    repo = scratch_repo()
    edit(repo, "definitions/actions/4-normal-spell.yaml", "    kind: bulwark\n    text: 防壁1体を対象とする。\n",
         "    kind: soldier\n    text: 兵士1体を対象とする。\n")
    out = bp("diff", "--root", str(repo)).stdout
    block = _block(out, "~ actions/bulwark-break")
    assert "    対象 (kind): [-防壁-]{+兵士+}" in block
    assert "    対象: [-防壁-]{+兵士+}1体を対象とする。" in block
    assert "(text)" not in out and "bulwark" not in block.replace("actions/bulwark-break", "")
