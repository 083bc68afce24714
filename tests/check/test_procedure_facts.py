"""BP051: a frame's printed procedure and its start steps disagree (toolchain/checks/procedure_facts.py). One
disagreement planted in 第9.1.1版's ドラフト per kind of fact, each found at its line and column; the project's
editions clean; a reading `about: steps, fact: KIND` excuses that kind and no other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolchain.checks import procedure_facts
from tests.conftest import minimal_repository
from toolchain.model.loader import load_definitions

ROOT = Path(__file__).resolve().parents[2]
V911 = ROOT / "editions" / "v9.1.1"
FRAMES = Path("definitions") / "frames" / "frames.yaml"

DRAFT_LINE = "      - デッキをシャッフルし、上から3枚ずつ取って6個のミニパックを作成する。"
PICK_LINE = "      - 各ミニパックを見て1枚を選び、合計6枚を脇に置く。"
AFTER_FIRST_LINE = "      - 先攻決定の後、各プレイヤーはプリセット兵士と表切札1枚を公開してゲームを開始する。"


def findings(root: Path) -> list[tuple[str, int, int, str]]:
    loaded = load_definitions(root)
    return [(f.location.path, f.location.line, f.location.column, f.message) for f in procedure_facts.run(loaded.definitions)]


@pytest.mark.parametrize("edition", [ROOT, V911, ROOT / "tests" / "editions" / "v9.0"], ids=["8.1", "9.1.1", "9.0"])
def test_the_projects_editions_agree_with_their_steps(edition: Path) -> None:
    assert findings(edition) == []


@pytest.fixture
def draft(tmp_path: Path) -> Path:
    """The small repository with 第9.1.1版's frames: the check reads the frames and rules.yaml's zones alone."""
    root = minimal_repository(tmp_path)
    shutil.copy(V911 / FRAMES, root / FRAMES)
    return root


def edit(root: Path, old: str, new: str, frame: str = "draft") -> int:
    """Replace `old` once in the frame's entry of frames.yaml; the 1-based line where `new` begins."""
    path = root / FRAMES
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {frame}\n")
    end = text.find("\n- id: ", start)
    end = len(text) if end < 0 else end
    entry = text[start:end]
    assert entry.count(old) == 1, old
    text = text[:start] + entry.replace(old, new) + text[end:]
    path.write_text(text, encoding="utf-8")
    return text[:text.index(new, start)].count("\n") + 1


def column(line: str, fragment: str) -> int:
    return line.index(fragment) + 1


def test_a_count_of_the_text_that_the_steps_do_not_deal(draft: Path) -> None:
    line = edit(draft, DRAFT_LINE, DRAFT_LINE.replace("3枚ずつ", "4枚ずつ"))
    steps_line = edit(draft, "      - {deal: {packs: 6, cards: 3}}", "      - {deal: {packs: 6, cards: 3}}")
    found = findings(draft)
    assert (str(FRAMES), line, column(DRAFT_LINE, "3枚ずつ"),
            "ドラフト: the printed procedure states the cards of each pack dealt: 4, the start steps do not: "
            "「デッキをシャッフルし、上から4枚ずつ取って6個のミニパックを作成する。」; the steps: shuffle, "
            "{deal: {count: 3, packs: 6}}, {pick: {count: 1, to: hand}}, pass, {pick: {count: 1, to: hand}}, pass, "
            "{pick: {count: 1, to: hand}}, pass, {pick: {count: 1, to: hand}}, pass, {pick: {count: 1, to: hand}}, pass, "
            "{pick: {count: 1, to: hand}}, pass, {choose: {count: 1, to: rare, from: hand}}, "
            "{choose: {count: 2, to: trump, from: hand}}, gather, shuffle, {pack: 14}, life, preset, {draw-to: 7}, "
            "first-player, open-trump") in found
    # and the other way: the step deals 3 a pack, which the text no longer says
    assert (str(FRAMES), steps_line, 9,
            "ドラフト: the start step {deal: {count: 3, packs: 6}} has the cards of each pack dealt: 3, the printed "
            "procedure does not state it") in found
    assert len(found) == 2


def test_a_choice_the_steps_make_otherwise(draft: Path) -> None:
    line = edit(draft, "      - {choose: {count: 2, from: hand, to: trump, prompt: 切札}}",
                "      - {choose: {count: 3, from: hand, to: trump, prompt: 切札}}")
    messages = [f[3] for f in findings(draft) if f[1] == line]
    assert messages == ["ドラフト: the start step {choose: {count: 3, to: trump, from: hand}} has the cards in 切札: 3, "
                        "the printed procedure does not state it"]


def test_a_pack_passed_to_the_opponent_is_not_what_the_steps_do(draft: Path) -> None:
    passed = PICK_LINE.replace("合計6枚を脇に置く", "残りを対戦相手に渡す")
    line = edit(draft, PICK_LINE, passed)
    assert findings(draft) == [(str(FRAMES), line, column(passed, "対戦相手に渡"),
                                "ドラフト: the printed procedure passes a pack to another player: 「各ミニパックを見て1枚を選び、"
                                "残りを対戦相手に渡す。」; the start steps pass each pack among the player's own packs "
                                "(pass, among: own)")]


def test_what_is_done_after_the_first_player_is_decided(draft: Path) -> None:
    # the text gives the second player the step that both players take
    line = edit(draft, AFTER_FIRST_LINE, AFTER_FIRST_LINE.replace("各プレイヤーは", "後攻は"))
    assert [f[:3] for f in findings(draft)] == [(str(FRAMES), line, column(AFTER_FIRST_LINE, "先攻決定"))]
    assert "has second do it after 先攻決定" in findings(draft)[0][3]


def test_steps_after_first_player_the_text_does_not_state(draft: Path) -> None:
    edit(draft, AFTER_FIRST_LINE + "\n", "")
    line = edit(draft, "      - open-trump\n  zones: [pack, rare, trump]\n", "      - open-trump\n  zones: [pack, rare, trump]\n")
    found = findings(draft)
    assert [f[1:] for f in found] == [(line, 9, "ドラフト: the start step open-trump comes after first-player; the printed "
                                                "procedure says nothing done after 先攻決定")]


def test_the_text_says_after_first_player_and_the_steps_do_nothing_then(draft: Path) -> None:
    edit(draft, "      - first-player\n      - open-trump\n", "      - open-trump\n")
    found = findings(draft)
    assert len(found) == 1 and "the start steps do nothing after first-player" in found[0][3]


STRATEGY_STEPS = "    steps: [{choose-hand: 3}, {choose-rare: 1}, shuffle, {pack: 14}, life, preset, {draw-to: 7}]\n"


def test_a_reading_excuses_its_kind_of_fact_alone(draft: Path) -> None:
    edit(draft, "入れる3枚を選ぶ", "入れる4枚を選ぶ", frame="strategy")
    edit(draft, "      - 4 枚引いて手札を 7 枚とする。\n", "      - 4 枚引いて手札を 7 枚とする。\n      - 先攻決定の後、後攻は1枚引く。\n",
         frame="strategy")
    reading = "  reading: {about: steps, fact: number, says: 4枚, reads: 3枚, why: 試す}\n"
    edit(draft, STRATEGY_STEPS, STRATEGY_STEPS + reading, frame="strategy")
    loaded = load_definitions(draft)
    assert not [d for d in loaded.diagnostics if d.location.path == str(FRAMES)], loaded.diagnostics
    assert [f[3].split(":")[1].strip() for f in findings(draft)] == [
        "the printed procedure says what is done after 先攻決定"]
