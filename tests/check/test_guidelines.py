"""The design guidelines as lints (BP040–BP046): the ones that need play, each on a fixture that breaks it,
the planted loop reported with its sequence, and which definitions they hold (rules.yaml `guidelines`).
The guidelines read from the definitions alone have their failing fixtures in test_codes.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from toolchain import sim, simtools

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOOP = (FIXTURES / "guidelines" / "loop.yaml").read_text(encoding="utf-8")

# Instant, so nobody answers it: requested on the first turn, the first player has won (BP043).
SMITE = """- id: smite
  name: 天罰
  kana: てんばつ
  category: normal-spell
  formats: [lite, standard, pro, master]
  trigger: direct
  speed: instant
  timing: main
  effect: 対戦相手に99点ダメージを与える。
  since: v8.1
  program:
    effect:
      - damage: opponent
        amount: 99
  examples:
    - name: 99点ダメージで勝つ
      given: {opponent: {life: 3}}
      request: ""
      expect: {winner: you, opponent: {life: 0, graveyard: 3}}
"""
# Triggered for each player by one エンド: two requests of it wait in the buffer at once (BP044).
ECHO = """- id: echo
  name: こだま
  category: basic
  formats: [lite, standard, pro, master]
  trigger: triggered
  speed: normal
  timing: main
  trigger_condition: エンドアクションが解決した時に誘発する。
  effect: カードを1枚引く。
  since: v8.1
  program:
    trigger: {on: resolved, action: end, controller: any}
    effect:
      - draw: 1
"""


def _real(tmp_path: Path) -> Path:
    root = tmp_path / "rules"
    shutil.copytree(Path(toolchain.__file__).resolve().parents[1] / "definitions", root / "definitions")
    drop_missing_history(root)
    shutil.copytree(Path(toolchain.__file__).resolve().parents[1] / "schema", root / "schema")
    return root


def _append(root: Path, file: str, text: str) -> None:
    with (root / "definitions" / file).open("a", encoding="utf-8") as handle:
        handle.write(text)


def _findings(root: Path, code: str) -> list:
    return [f for f in toolchain.load(root).findings if f.code == code]


def test_the_planted_loop_is_found_with_its_sequence(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    [finding] = _findings(minimal_repo, "BP046")
    assert finding.severity == "error"
    assert finding.location.path == "definitions/actions/2-summon.yaml"
    assert finding.message.endswith(": 引き潮 ★♠3 → 満ち潮 ★♡4")
    assert "deals 2 damage each time round while the opponent can only pass" in finding.message


def test_a_check_without_the_searches_reports_all_but_what_they_find_and_keeps_nothing(minimal_repo: Path, tmp_path: Path) -> None:
    """toolchain.load(searches=False): the planted loop (BP046) unsaid, every other finding as the full check gives it;
    a cache it was given answers a full check later with the searches played, not with what it left out."""
    from toolchain.checks.guidelines import PLAYED
    from toolchain.resultcache import ResultCache

    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    store = ResultCache(tmp_path / "cache")
    quick = toolchain.load(minimal_repo, store=store, searches=False).findings
    full = toolchain.load(minimal_repo, store=store).findings
    assert [f.code for f in full if f.code in PLAYED] == ["BP046"]
    assert quick == tuple(f for f in full if f.code not in PLAYED)


def test_bp_diff_compares_a_revision_whose_only_finding_a_search_would_make(minimal_repo: Path) -> None:
    """bp diff reads its revisions without the searches (seconds of games each): a planted loop, bp check's to say,
    neither stops the comparison of the outputs nor costs the diff its games."""
    from tests.diff.conftest import commit_all, git
    from toolchain.diff import diff_revisions

    git(minimal_repo, "init", "-q", "-b", "main")
    commit_all(minimal_repo, "before")
    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    compared = diff_revisions(minimal_repo, "HEAD", None)
    assert not compared.skipped, compared.skipped
    assert any(change.name == "引き潮" for change in compared.definitions), compared.definitions


def test_a_loop_the_opponent_can_answer_is_no_loop(minimal_repo: Path) -> None:
    """With ♡5 and a card to discard, the opponent could request アップ in answer: it has a say, and the search says nothing."""
    _append(minimal_repo, "actions/2-summon.yaml", LOOP.replace("opponent: {life: 9}", "opponent: {life: 9, hand: ♡5 ♣9, field: Joker}"))
    assert _findings(minimal_repo, "BP046") == []


def test_the_loop_search_plays_the_cycle_it_reports(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    checked = toolchain.load(minimal_repo)
    engine = sim.Engine(checked.definitions)
    game = sim.from_situation(engine, {"you": {"hand": "♠3", "graveyard": "♡4"}, "opponent": {"life": 9}},
                              regulation=("pro", "strategy"), agents=None)
    loop = simtools.find_loop(game)
    assert loop is not None and loop.sequence == ("引き潮 ★♠3", "満ち潮 ★♡4") and loop.damage == 2
    assert game.decision() is not None and len(game.state.players[1].life) == 9  # the search left the game as it was


def test_a_certain_first_turn_win_is_found(tmp_path: Path) -> None:
    root = _real(tmp_path)
    _append(root, "actions/4-normal-spell.yaml", SMITE)
    [finding] = _findings(root, "BP043")
    assert finding.severity == "error" and "天罰" in finding.message
    assert "the first player wins on the first turn whatever the opponent does" in finding.message


def test_a_main_triggered_action_triggered_twice_at_once_is_found(tmp_path: Path) -> None:
    root = _real(tmp_path)
    _append(root, "actions/1-basic.yaml", ECHO)
    [finding] = _findings(root, "BP044")
    assert finding.severity == "error" and finding.message.startswith("こだま is 誘発-通常-メイン and was triggered together with")
    assert "こだま" in finding.message.split("together with")[1] and "random game 0 of master + extra" in finding.message


def test_the_real_definitions_pass_the_guidelines_read_from_the_data_when_every_definition_is_held(repo_root: Path) -> None:
    """`guidelines: all` (a fan rule set): the 8.1 definitions break none of the 必須 guidelines read from the data;
    the official triggered actions that are not 即時-クイック (チャージ, ドロー, ブロック, ダメージ判定, 罠カウンター) are
    warnings. (With play, `all` searches from every example and plays 2,000 games: about a minute, found nothing.)"""
    from dataclasses import replace

    from toolchain.checks import guidelines

    definitions = toolchain.load(repo_root).definitions
    fan = replace(definitions, rules=replace(definitions.rules, guidelines="all"))
    findings = guidelines.run(fan, play=False)
    assert [f.text() for f in findings if f.severity == "error"] == []
    assert sorted(f.message.split(" ")[0] for f in findings if f.code == "BP042") == sorted(
        ["チャージ", "ドロー", "ブロック", "ダメージ判定", "罠カウンター"])
    assert guidelines.run(definitions) == []  # by default only what is new in v8.1: none of it an action or character


def test_a_definition_of_an_earlier_edition_is_not_held_by_default(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", LOOP.replace("  since: v8.1\n", "  since: v8.0\n"))
    assert _findings(minimal_repo, "BP046") == []


WAIVER = """  reading:
    guideline: BP046
    says: 引き潮と満ち潮は互いのキーカードを戻し合う。
    reads: 二つで回り続けるのは、このファンルールの見せ場とする。
    why: 検査のためのファンルール。
"""


def _waive(text: str, name: str) -> str:
    return text.replace(f"  name: {name}\n", f"  name: {name}\n" + WAIVER, 1)


def test_a_reading_that_names_the_guideline_waives_it(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", _waive(_waive(LOOP, "引き潮"), "満ち潮"))
    assert _findings(minimal_repo, "BP046") == []


def test_the_loop_is_reported_at_an_action_that_does_not_waive_it(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", _waive(LOOP, "引き潮"))
    [finding] = _findings(minimal_repo, "BP046")
    lines = (minimal_repo / "definitions" / "actions" / "2-summon.yaml").read_text(encoding="utf-8").splitlines()
    assert finding.location.line > lines.index("- id: flow")  # at 満ち潮's program, not at 引き潮's


@pytest.mark.parametrize("setting", ["new", "all"])
def test_a_warning_does_not_fail_the_check(minimal_repo: Path, setting: str) -> None:
    rules = minimal_repo / "definitions" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("guidelines: new", f"guidelines: {setting}"), encoding="utf-8")
    text = (minimal_repo / "definitions" / "actions" / "1-basic.yaml").read_text(encoding="utf-8")
    (minimal_repo / "definitions" / "actions" / "1-basic.yaml").write_text(
        text.replace("  timing: main\n  trigger_condition", "  timing: main\n  since: v8.1\n  trigger_condition")
        # new in this edition, チャージ's effect without a program needs a reading that says why (else BP036)
        .replace("  effect: ターンを持っているプレイヤーの場にいるキャラクターを全てチャージ状態にする。\n",
                 "  effect: ターンを持っているプレイヤーの場にいるキャラクターを全てチャージ状態にする。\n"
                 "  reading: {about: effect, says: 全てチャージ状態にする, reads: 試験の定義, why: この試験は警告だけを見る}\n"),
        encoding="utf-8")
    checked = toolchain.load(minimal_repo)
    assert [f.code for f in checked.findings] == ["BP042"] and checked.findings[0].severity == "warning"
    assert checked.ok


# 虚脱 of 第9.0版 in small: 通常-クイック without keycards, departing from BP041 on purpose.
EXCUSED = """- id: faint
  name: 失神
  kana: しっしん
  category: quick-spell
  formats: [lite, pro]
  trigger: direct
  speed: normal
  timing: quick
  cost: D
  effect: 対戦相手に1点ダメージを与える。
  reading:
    about: category
    guideline: BP041
    says: キーカードが書かれていない。
    reads: キーカードの無い通常-クイック。
    why: 検査のための定義。
  since: v8.1
  program:
    effect:
      - damage: opponent
        amount: 1
  examples:
    - name: 1点ダメージ
      given: {you: {hand: ♠9}, opponent: {life: 3}}
      request: ""
      expect: {you: {hand: "", graveyard: ♠9}, opponent: {life: 2, graveyard: 1}}
"""


def _line_of(root: Path, file: str, text: str) -> int:
    return (root / "definitions" / file).read_text(encoding="utf-8").splitlines().index(text) + 1


def test_a_reading_that_excuses_a_departure_the_definition_has_is_quiet(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", EXCUSED)
    assert [f.code for f in toolchain.load(minimal_repo).findings] == []


def test_a_reading_left_after_the_timing_changed_excuses_nothing(minimal_repo: Path) -> None:
    """Its timing made main, 失神 no longer departs from BP041: the reading would excuse the next departure unseen."""
    _append(minimal_repo, "actions/2-summon.yaml", EXCUSED.replace("  timing: quick\n", "  timing: main\n"))
    [finding] = toolchain.load(minimal_repo).findings
    assert (finding.code, finding.severity, finding.location.path) == ("BP047", "warning", "definitions/actions/2-summon.yaml")
    assert (finding.location.line, finding.location.column) == (_line_of(minimal_repo, "actions/2-summon.yaml", "    guideline: BP041"), 16)
    assert finding.message == ("the reading of 失神 excuses BP041, which finds nothing in 失神 any more: it excuses nothing; "
                               "remove it, or update it (its guideline: and why:) if it is about another departure")


def test_a_reading_of_a_definition_not_held_to_the_guidelines_is_not_reported(minimal_repo: Path) -> None:
    """An earlier edition's definition is not held (guidelines: new): its readings are its history, not stale."""
    _append(minimal_repo, "actions/2-summon.yaml",
            EXCUSED.replace("  timing: quick\n", "  timing: main\n").replace("  since: v8.1\n", "  since: v8.0\n"))
    assert [f.code for f in toolchain.load(minimal_repo).findings] == []


def test_a_reading_that_excuses_a_loop_the_engine_finds_is_quiet(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", _waive(_waive(LOOP, "引き潮"), "満ち潮"))
    assert _findings(minimal_repo, "BP047") == []


def test_a_reading_that_excuses_a_loop_no_longer_found_excuses_nothing(minimal_repo: Path) -> None:
    """The engine's searches too: once the opponent can answer, there is no loop, and 引き潮's reading excuses nothing."""
    answered = LOOP.replace("opponent: {life: 9}", "opponent: {life: 9, hand: ♡5 ♣9, field: Joker}")
    _append(minimal_repo, "actions/2-summon.yaml", _waive(answered, "引き潮"))
    [finding] = toolchain.load(minimal_repo).findings
    assert finding.code == "BP047" and finding.message.startswith("the reading of 引き潮 excuses BP046, which finds nothing")


def test_without_play_a_reading_that_excuses_a_search_is_not_judged(minimal_repo: Path) -> None:
    from toolchain.checks import guidelines

    answered = LOOP.replace("opponent: {life: 9}", "opponent: {life: 9, hand: ♡5 ♣9, field: Joker}")
    _append(minimal_repo, "actions/2-summon.yaml", _waive(answered, "引き潮"))
    assert guidelines.run(toolchain.load(minimal_repo).definitions, play=False) == []


def test_the_loop_searches_share_one_budget_and_say_when_it_ran_out(minimal_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted in decisions, not seconds: the same situations are searched on any machine; those left are said."""
    from toolchain.checks import guidelines

    monkeypatch.setattr(guidelines, "LOOP_TOTAL_NODES", 1)
    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    [finding] = _findings(minimal_repo, "BP046")
    assert finding.severity == "warning"
    assert finding.message.startswith("the loop search stopped at its budget of 1 decisions: 1 of ")
    assert "(a loop there is not found)" in finding.message


def test_one_loop_search_spends_the_shared_budget(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/2-summon.yaml", LOOP)
    engine = sim.Engine(toolchain.load(minimal_repo).definitions)
    game = sim.from_situation(engine, {"you": {"hand": "♠3", "graveyard": "♡4"}, "opponent": {"life": 9}},
                              regulation=("pro", "strategy"), agents=None)
    total = [3]
    assert simtools.find_loop(game, total=total) is None  # the cycle needs more than three decisions
    assert total == [0]
    total = [10_000]
    assert simtools.find_loop(game, total=total) is not None and 0 < total[0] < 10_000
