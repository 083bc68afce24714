"""Each area's findings in Japanese: a representative message of every area that reports to an
editor, asked for in Japanese, and the codes and places it carries unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from toolchain import i18n


@pytest.fixture()
def japanese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process speaks Japanese for the test, its choice undone after it."""
    for name, value in (("_explicit", None), ("_setting", None), ("_settled", None), ("_catalogue", None)):
        monkeypatch.setattr(i18n, name, value)
    i18n.choose("ja")
    yield


def test_yaml_problems(japanese: None) -> None:
    from toolchain.model.yamlload import loads

    doc = loads("- id: up\n\tname: アップ\n", Path("definitions/actions/x.yaml"))
    assert [(p.code, p.mark.line) for p in doc.problems] == [("BP001", 2)]
    assert doc.problems[0].message.startswith("字下げにタブ文字があります: YAML の字下げは空白だけです")


def test_refused_files(japanese: None, tmp_path: Path) -> None:
    from toolchain.model.files import refusal

    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "nowhere.yaml")
    refused = refusal(link, tmp_path)
    assert refused is not None and refused.code == "BP012"
    assert refused.message == f"シンボリックリンクの先 {tmp_path / 'nowhere.yaml'} は存在しません"


def test_schema_findings(japanese: None) -> None:
    from toolchain.model.repository import TOOLCHAIN_SCHEMAS
    from toolchain.model.validation import validate
    from toolchain.model.yamlload import loads

    doc = loads("- id: up\n  nmae: アップ\n", Path("definitions/actions/x.yaml"))
    messages = [message for _mark, message, _path, _fix in validate(doc, TOOLCHAIN_SCHEMAS, "actions.schema.json")]
    assert "up: 不明なフィールド 'nmae'。'name' のことですか？（'name' は必須のプロパティです）" in messages


def test_a_cached_english_check_does_not_answer_a_japanese_one(tmp_path: Path) -> None:
    """bp check's cache keeps findings as they were said: a run in another language is not answered by it."""
    from tests.repos import minimal_repository
    from tests.runbp import bp

    root = minimal_repository(tmp_path)
    actions = next((root / "definitions" / "actions").glob("*.yaml"))
    text = actions.read_text(encoding="utf-8")
    actions.write_text(text.replace("\n  name: ", "\n  nmae: ", 1), encoding="utf-8")
    cache = tmp_path / "cache"
    args = ("check", "--root", str(root), "--cache-dir", str(cache))
    english = bp(*args)
    assert english.returncode == 1 and "unknown field 'nmae'; did you mean 'name'?" in english.stderr
    assert bp(*args).stderr == english.stderr and any(cache.iterdir())  # answered from the cache
    japanese = bp(*args, env={"LANGUAGE": "ja"})
    assert japanese.returncode == 1 and "不明なフィールド 'nmae'。'name' のことですか？" in japanese.stderr
    assert bp(*args).stderr == english.stderr


def test_cross_file_findings(japanese: None) -> None:
    from toolchain.model.definitions import Named, id_hint
    from toolchain.notation.kana import kana_problem

    assert kana_problem("速攻魔法", None) == "名前 '速攻魔法' に漢字があります: 読みをひらがなで kana: に書いてください"
    assert id_hint("速攻魔法", [Named("quick-spell", "速攻魔法")]) == "。速攻魔法 は名前です: ID 'quick-spell' を書いてください"


def test_outputs_and_selection(japanese: None, tmp_path: Path) -> None:
    from toolchain.actionlist.selection import SelectionError, select
    from toolchain.model.loader import load_definitions
    from toolchain.site.outputs import OutputError, output_file

    with pytest.raises(OutputError, match="はディレクトリです。ファイル名を指定してください"):
        output_file(tmp_path)
    from tests.runbp import ROOT

    defs = load_definitions(ROOT).definitions
    with pytest.raises(SelectionError, match="^フォーマット 'nope' はありません。フォーマットは "):
        select(defs, "nope", None)


def test_diff_reports(japanese: None) -> None:
    from toolchain.diff.render import summary_line

    assert summary_line({"added": 1, "returned": 0, "removed": 0, "renamed": 0, "changed": 3, "behaviour": 1}) == \
        "追加 1, 削除 0, 改名 0, 変更 3（動作の変更 1 件）"


def test_regulation_counts(japanese: None) -> None:
    from toolchain.diff.regulations import GroupChange, Member
    from toolchain.diff.render import group_counts

    assert group_counts(GroupChange("actions", 31, 32, (Member("act-supply", "補給"),), ())) == "アクション 31 → 32"
    assert group_counts(GroupChange("trumps", None, 5, (), ())) == "切札 5"


def test_rulings_list(japanese: None) -> None:
    import dataclasses

    from tests.runbp import ROOT
    from toolchain.model.loader import load_definitions
    from toolchain.model.ruling_list import Listed, rulings

    said = {listed.ruling.id: listed.text() for listed in rulings(load_definitions(ROOT).definitions)}
    assert said["multi-card-bulwark"].endswith(": 裁定: multi-card-bulwark 複数枚で1体となるキャラクターが防壁になったら?: 例 2 件")
    assert said["no-target"].endswith("?: 例 1 件")
    life = next(r for r in load_definitions(ROOT).definitions.rulings if r.id == "remaining-life")
    unrun = dataclasses.replace(life, examples=(), not_executable="プレイヤーが何を答えるかの裁定")  # every 8.1 ruling runs
    assert Listed(unrun).text().endswith(": 裁定: remaining-life 残りライフを聞かれたらどうしたらいいの?: 実行できません: プレイヤーが何を答えるかの裁定")


def test_diff_errors(japanese: None, tmp_path: Path) -> None:
    from toolchain.diff.revisions import RevisionError, git_prefix

    with pytest.raises(RevisionError, match="は git リポジトリの中にありません: bp diff はコミットを比べます"):
        git_prefix(tmp_path)


def test_play_server(japanese: None) -> None:
    from tests.runbp import ROOT
    from toolchain.model.loader import load_definitions
    from toolchain.play.server import UnknownRegulation, _regulation

    with pytest.raises(UnknownRegulation, match="^'nope' は表 3.1 の対戦レギュレーション"):
        _regulation(load_definitions(ROOT).definitions, "nope")


def test_play_terminal(japanese: None) -> None:
    """bp play's terminal said `rules changed: …` in English whatever the language."""
    from toolchain.play.rules import Rules, changed_line

    assert changed_line(Rules(2, None, None, ("a", "b"))) == \
        "ルールが変わりました: 指摘が 2 件あります。ゲームは最後に問題のなかったルールのまま続きます"
    assert changed_line(Rules(2, None, object())).startswith("ルールが変わりました: 問題はありません")  # type: ignore[arg-type]


def test_notation_errors(japanese: None) -> None:
    from toolchain.notation.keycards import KeycardsError, parse

    with pytest.raises(KeycardsError, match="^ジョーカーにスートはありません"):
        parse("♠Joker")


def test_diff_json_stays_english_and_text_speaks_japanese(tmp_path: Path) -> None:
    """bp diff's json is read by programs: the locale does not change it; its text report follows the locale."""
    import subprocess

    from tests.repos import minimal_repository
    from tests.runbp import bp

    root = minimal_repository(tmp_path)
    git = ("git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", "-C", str(root))
    subprocess.run((*git, "init", "-q"), check=True)
    subprocess.run((*git, "add", "-A"), check=True)
    subprocess.run((*git, "commit", "-qm", "rules"), check=True)
    actions = next((root / "definitions" / "actions").glob("*.yaml"))
    actions.write_text(actions.read_text(encoding="utf-8").replace("\n  category: ", "\n  categry: ", 1), encoding="utf-8")
    japanese_env = {"LANGUAGE": "ja"}
    english = bp("diff", "HEAD", "--format", "json", "--root", str(root))
    assert english.returncode == 0, english.stderr
    assert bp("diff", "HEAD", "--format", "json", "--root", str(root), env=japanese_env).stdout == english.stdout
    assert "unknown field 'categry'" in english.stdout
    assert "not compared, working tree has findings (bp check)" in english.stdout  # a note of the json's "skipped"
    text = bp("diff", "HEAD", "--root", str(root), env=japanese_env).stdout
    assert "不明なフィールド 'categry'" in text
    assert "作業ツリー に指摘があるため比べていません（bp check）" in text and "→ 作業ツリー" in text


def test_diff_notes_and_reasons(japanese: None) -> None:
    from toolchain.diff.render import reason_text, rulings_line
    from toolchain.diff.revisions import WORKING_TREE, Revision

    assert rulings_line({"added": 1, "removed": 0, "changed": 2, "outcome": 1}) == "追加 1, 削除 0, 変更 2（結果の変わったもの 1）"
    assert reason_text("version history") == "版の履歴" and reason_text("broken references") == "切れる参照"
    working = Revision(WORKING_TREE, None)
    assert working.label == "作業ツリー" and working.spec == "working tree"  # the spec, json's revision, stays English


def test_example_drafts(japanese: None) -> None:
    """(The invariants' violations: tests/sim/internals/test_invariants.py.)"""
    from tests.runbp import ROOT
    from toolchain import sim, simtools
    from toolchain.model.loader import load_definitions

    engine = sim.Engine(load_definitions(ROOT).definitions)
    draft = simtools.ExampleDraft(engine, sim.from_situation(engine, {"you": {"hand": "♡3 ♠9", "field": "♢5"}}, regulation=("lite", "entry20")), 0)
    with pytest.raises(ValueError, match="^例のリクエストがまだステージを離れていません$"):
        draft.example("未完成")


def test_balance_durations(japanese: None) -> None:
    from toolchain.balance.run import duration

    assert [duration(45), duration(200), duration(7300)] == ["45 秒", "4 分", "2 時間 2 分"]


def test_balance_summary(japanese: None) -> None:
    from toolchain.balance.report import lines

    interval = {"estimate": 0.04, "low": 0.01, "high": 0.07}
    document = {"kind": "balance", "regulations": [{
        "name": "ライト", "games_per_agent": 1600, "agents": 3, "length": {"mean_turns": 12.25},
        "first_player": {"rate": {"estimate": 0.52}, "advantage": interval, "flagged": True}, "restricted": []}]}
    assert lines(document) == [
        "ライト: 3 エージェント × 1,600 ゲーム。先攻の勝率 52.0 %（+4.0 ポイント [+1.0, +7.0]）。平均 12.2 ターン",
        "印の付いた数値: 1:",
        "  ライト: 先攻の有利 +4.0 ポイント [+1.0, +7.0]",
    ]


def test_rulebook_directive_and_card_errors(japanese: None, tmp_path: Path) -> None:
    from tests.runbp import ROOT
    from toolchain.model.loader import load_definitions
    from toolchain.notation.card_notation import parse_card
    from toolchain.site.outputs import OutputError
    from toolchain.site.pipeline import plan_build
    from toolchain.sphinxext.roles import count

    with pytest.raises(ValueError, match="^'♠1' はカードではありません: スート"):
        parse_card("♠1")
    from toolchain import figures

    definitions = load_definitions(ROOT).definitions
    with pytest.raises(ValueError, match="^不明な種類 'nope'。数えられるのは: "):
        count(definitions, "nope")
    with pytest.raises(KeyError, match="図 'nope' はありません。図は: "):
        figures.spec("nope", definitions)
    with pytest.raises(OutputError, match="^--base-url 'example.org' は http"):
        plan_build(tmp_path, None, base_url="example.org")
