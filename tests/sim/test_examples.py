"""`bp check` runs every action's examples through the simulator, and reports a wrong effect at
the example that shows it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from tests.runbp import bp
from toolchain.model import Definitions

# Actions whose effect branches, and how many examples (one per branch) each must have at least.
BRANCHES = {
    "down": 2,  # ダウン: to 0 or not
    "counter": 3,  # カウンター: one keycard and a number at least as high, two keycards, neither
    "death-spear": 2,  # 死の槍: divisible or not
    "damage-judgment": 6,  # soldiers (more, less, equal), bulwark (Joker, shared number, neither), unblocked
    "blackjack": 2,  # B・J: bust and stand
    "reanimate": 2,  # リアニメイト: success and failure
    "return": 2,  # 帰還: charged or driven
    "twist": 2,  # ツイスト: drive or charge
    "quick-summon": 2,  # エース or 防壁
    "bulwark-refill": 2,  # 1 charged or 2 driven
    "draw": 2,  # 1 card, or 2
    "trump-break": 2,  # the same card or not
    "trap-counter": 2,  # triggered or not
    "end": 2,  # a hand of 7 or fewer, or more
}


def run_bp(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return bp(*args, cwd=cwd, timeout=120)


def test_bp_check_runs_every_example_of_every_action(repo_root: Path) -> None:
    run = run_bp("check", cwd=repo_root)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[0].endswith(": OK")
    total, examples, failed = lines[1].split(", ")  # the actions' examples (the rulings' are the next line)
    assert total == "48/48 actions executed" and failed == "0 failed"
    assert int(examples.split()[0]) >= 48


def test_every_action_has_an_example_for_each_branch(defs: Definitions) -> None:
    counts = {a.id: len(a.examples) for a in (*defs.actions, *defs.frame_actions)}
    assert len(counts) == 48
    assert [a for a, n in counts.items() if n == 0] == []
    assert {a: counts[a] for a in BRANCHES if counts[a] < BRANCHES[a]} == {}


@pytest.fixture
def broken_repo(tmp_path: Path, repo_root: Path) -> Path:
    root = tmp_path / "rules"
    shutil.copytree(repo_root / "definitions", root / "definitions")
    drop_missing_history(root)
    shutil.copytree(repo_root / "schema", root / "schema")
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{path.name} has no {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_a_wrong_effect_fails_at_its_examples(broken_repo: Path) -> None:
    """ダウン that adds instead of subtracting: its examples fail, each at its own line, and so do
    the アップ example that ダウン answers (2.10.4) and the フォース example that ends with a ダウン."""
    path = broken_repo / "definitions" / "actions" / "3-quick-spell.yaml"
    assert path.read_text(encoding="utf-8").count("by: {neg: {rank: key}}") == 1
    _edit(path, "by: {neg: {rank: key}}", "by: {rank: key}")
    findings = list(toolchain.load(broken_repo).findings)
    failed = {(f.location.path, f.location.line): f for f in findings if f.code == "BP030"}
    quick = "definitions/actions/3-quick-spell.yaml"
    force = broken_repo / "definitions" / "actions" / "4-normal-spell.yaml"
    assert sorted(failed) == sorted([
        *((quick, _line_of(path, name)) for name in (
            "- name: ダウンで対象が墓地に移っていれば効果を発揮しない",
            "- name: サイズが 0 以下となり対象を墓地に移す",
            "- name: サイズが 0 以下とならなければキーカードをフォグに置く",
            "- name: \"6.1.6「後入れ先出し」",
            "- name: \"ダウンで A の兵士が墓地に移れば",
            "- name: \"4.3.3 ダウン「このターンが終わるまで",
            "- name: \"6.1.5 チャンス / 6.4 [16]: ダウンをリクエストしたプレイヤーがパスすると",
        )),
        ("definitions/actions/4-normal-spell.yaml", _line_of(force, "- name: \"4.3.3 フォース「このターンが終わるまで")),
    ])
    to_zero = failed[quick, _line_of(path, "- name: サイズが 0 以下となり対象を墓地に移す")].message
    assert "opponent.field: expected '', actual '♣4(+5)'" in to_zero
    above_zero = failed[quick, _line_of(path, "- name: サイズが 0 以下とならなければキーカードをフォグに置く")].message
    assert "opponent.field: expected '♣4(-2)', actual '♣4(+2)'" in above_zero
    run = run_bp("check", "--root", str(broken_repo), cwd=broken_repo)
    assert run.returncode == 1
    summary = run.stdout.strip().splitlines()[1]  # the actions' examples (the rulings' are the next line)
    assert summary.startswith("47/48 actions executed (ダウン never ran: its examples failed), ") and summary.endswith(", 8 failed")


def test_a_program_the_engine_cannot_read_is_located(broken_repo: Path) -> None:
    path = broken_repo / "definitions" / "actions" / "2-summon.yaml"
    _edit(path, "character: common-soldier", "character: dragon")
    findings = list(toolchain.load(broken_repo).findings)
    program = [f for f in findings if f.code == "BP031"]
    assert len(program) == 1
    assert program[0].location.line == _line_of(path, "character: dragon")
    assert "'dragon' is not a character id" in program[0].message


def test_the_schema_covers_the_effect_language(broken_repo: Path) -> None:
    path = broken_repo / "definitions" / "actions" / "3-quick-spell.yaml"
    _edit(path, "      - modify_size: target\n        by: {rank: key}", "      - grow: target\n        by: {rank: key}")
    findings = list(toolchain.load(broken_repo).findings)
    schema = [f for f in findings if f.code == "BP010"]
    assert schema and all(f.location.path.endswith("3-quick-spell.yaml") for f in schema)
    assert any("grow" in f.message for f in schema)


def test_an_example_with_a_wrong_expectation_shows_expected_and_actual(broken_repo: Path) -> None:
    path = broken_repo / "definitions" / "actions" / "4-normal-spell.yaml"
    _edit(path, "opponent: {life: 5, graveyard: 5}", "opponent: {life: 4, graveyard: 5}")
    findings = list(toolchain.load(broken_repo).findings)
    (failed,) = [f for f in findings if f.code == "BP030"]
    assert failed.location.line == _line_of(path, "- name: ♠ のキーカードの数字だけダメージを与える")
    assert "opponent.life: expected 4 cards, actual 5 cards" in failed.message  # counted, not the filler cards listed


def test_an_example_naming_a_target_the_action_may_not_have_fails(broken_repo: Path) -> None:
    """投擲 「対戦相手1人を対象とする」: an example that throws at its own player must fail, not pass with
    the one target the engine may take instead (a choice of one is made by itself)."""
    path = broken_repo / "definitions" / "actions" / "4-normal-spell.yaml"
    _edit(path, "      request: ★♠5 ♣K → opponent\n      expect:\n        you: {hand: \"\", graveyard: ♠5 ♣K}\n"
                "        opponent: {life: 5, graveyard: 5}",
          "      request: ★♠5 ♣K → you\n      expect:\n        you: {hand: \"\", graveyard: ♠5 ♣K}\n"
          "        opponent: {life: 5, graveyard: 5}")
    findings = list(toolchain.load(broken_repo).findings)
    (failed,) = [f for f in findings if f.code == "BP030"]
    assert failed.location.line == _line_of(path, "- name: ♠ のキーカードの数字だけダメージを与える")
    assert "投擲 cannot target you here (the target it took instead: opponent)" in failed.message


def test_an_example_missing_a_choice_says_where_the_choice_goes(broken_repo: Path) -> None:
    """サーチ's example without its `choices: [♠K]`: the message names the options and the field to name one in."""
    path = broken_repo / "definitions" / "actions" / "3-quick-spell.yaml"
    _edit(path, "      request: ★Joker\n      choices: [♠K]\n", "      request: ★Joker\n")
    findings = list(toolchain.load(broken_repo).findings)
    (failed,) = [f for f in findings if f.code == "BP030"]
    assert "no choice scripted for 手札に加えるカード: ♠K | ♠3 | ♠2" in failed.message
    assert failed.message.endswith("name the option taken in the example's choices (e.g. choices: [♠K]), in the order they are asked")


def test_a_request_without_its_star_is_told_to_write_it(broken_repo: Path) -> None:
    """`request: ♡3 → you:♢5` reads ♡3 as an action's name: say that the keycards come after ★."""
    path = broken_repo / "definitions" / "actions" / "3-quick-spell.yaml"
    _edit(path, "      request: ★♡3 → you:♢5\n", "      request: ♡3 → you:♢5\n")
    findings = list(toolchain.load(broken_repo).findings)
    (failed,) = [f for f in findings if f.code == "BP030"]
    assert failed.message.endswith("no action is called '♡3'; the keycards are written after ★: ★♡3")


THROW_EXAMPLE = ("      request: ★♠5 ♣K → opponent\n      expect:\n        you: {hand: \"\", graveyard: ♠5 ♣K}\n"
                 "        opponent: {life: 5, graveyard: 5}")


def test_an_illegal_target_example_naming_a_target_the_action_may_not_have_passes(broken_repo: Path) -> None:
    """2.10.3: 投擲 「対戦相手1人を対象とする」 requested at its own player is refused for its target, though the
    opponent is a target it may have: an example saying `illegal: target` of it passes; one expecting another reason
    says what is wrong with the target instead of "was not refused: it is a legal request"."""
    path = broken_repo / "definitions" / "actions" / "4-normal-spell.yaml"
    _edit(path, THROW_EXAMPLE, "      request: ★♠5 ♣K → you\n      illegal: target")
    assert [f.text() for f in toolchain.load(broken_repo).findings if f.code == "BP030"] == []
    _edit(path, "      request: ★♠5 ♣K → you\n      illegal: target", "      request: ★♠5 ♣K → you\n      illegal: cost")
    (failed,) = [f for f in toolchain.load(broken_repo).findings if f.code == "BP030"]
    assert failed.message.endswith("投擲 is refused for target (you is not a target it may have; it may target opponent); "
                                   "the example expects cost")


def test_an_illegal_target_example_naming_a_legal_target_says_so(broken_repo: Path) -> None:
    path = broken_repo / "definitions" / "actions" / "4-normal-spell.yaml"
    _edit(path, THROW_EXAMPLE, "      request: ★♠5 ♣K → opponent\n      illegal: target")
    (failed,) = [f for f in toolchain.load(broken_repo).findings if f.code == "BP030"]
    assert failed.message.endswith("投擲 was not refused: it is a legal request here, and opponent is a target it may have "
                                   "(expected illegal: target)")


def test_an_illegal_example_names_every_reason_and_a_mismatch_lists_both_sides(broken_repo: Path) -> None:
    """スラッシュ with its trump face down breaks 起動条件 and, as its keycards come from that trump's ability, キーカード:
    `illegal: [activation, keycards]` passes; naming one of them fails, saying what the engine gave and what the example
    expected."""
    path = broken_repo / "definitions" / "frames" / "actions.yaml"
    written = "      request: ★♠7\n      illegal: [activation, keycards]\n"
    assert written in path.read_text(encoding="utf-8")
    assert [f.text() for f in toolchain.load(broken_repo).findings if f.code == "BP030"] == []
    _edit(path, written, "      request: ★♠7\n      illegal: activation\n")
    (failed,) = [f for f in toolchain.load(broken_repo).findings if f.code == "BP030"]
    assert failed.message.endswith(
        "スラッシュ is refused for activation (the activation condition does not hold), keycards (the cards named "
        "are not in the hand or do not make the action's keycards); the example expects activation")
