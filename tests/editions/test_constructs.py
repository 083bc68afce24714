"""Each engine construct the next edition needs, shown by an example of tests/editions/v9.0 that fails when the
construct is taken out of the definitions: trump abilities as data (prohibit, damage prevention, label grants, cost
and size changes), last-known information (`{was: …}`, `blocked_by`, a moved trigger's `by:`), roles kept until the
damage judgment's triggers are handled (after_triggers), a step that requests another action (`request`), and a
character only some frames have (frames/characters.yaml, a frame's `uses: characters`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import load_copy

FRAME_ACTIONS, TRUMPS, FRAMES = "frames/actions.yaml", "frames/trumps.yaml", "frames/frames.yaml"
BASIC, NORMAL_SPELLS = "actions/1-basic.yaml", "actions/4-normal-spell.yaml"


def _edit(root: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = root / "definitions" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == count, f"{file} has {text.count(old)} × {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _failed(root: Path) -> dict[tuple[str, int], str]:
    """The examples that fail (BP030), by file and line; the guidelines' searches, whose findings are others, not played."""
    return {(f.location.path, f.location.line): f.message for f in load_copy(root, searches=False).findings if f.code == "BP030"}


def _example(root: Path, file: str, name: str) -> tuple[str, int]:
    lines = (root / "definitions" / file).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.strip().startswith("- name:") and name in text)
    return f"definitions/{file}", line


# (what is taken out, file, old, new, how many, the example that shows it: file, a part of its name)
REMOVED = [
    ("prohibit: 喪失 stops the charge of the charge action", TRUMPS,
     "    prohibit:\n      steps: [charge]\n      from: {actions: [charge]}\n", "", 1,
     BASIC, "5.3.4 喪失 (♢5)"),
    ("prohibit damage: 要塞 prevents the damage of the opponent's ♠ keycards", TRUMPS,
     "    prohibit:\n      steps: [damage]\n      from: {player: opponent, where: {exists: {of: it, suit: ♠}}}\n"
     "      if: {exists: {characters: {player: you}}}\n", "", 1,
     NORMAL_SPELLS, "5.3.4 要塞 (♣9)"),
    ("label grants: 誘惑 gives <誘惑> to your ♡ soldiers", TRUMPS, "    grants: temptation\n", "", 1,
     FRAME_ACTIONS, "キーカードの兵士をドライブし、対象の兵士をオーナーの手札に戻す"),
    ("last-known information: what the bulwark was when it moved", FRAME_ACTIONS, "{was: trigger}", "trigger", 3,
     FRAME_ACTIONS, "自分の防壁がダメージ判定でブロッカーとして墓地に移ると誘発し"),
    ("last-known information: the attacker it blocked, gone first", FRAME_ACTIONS,
     "{filter: {items: {blocked_by: {was: trigger}}, where: {has_role: [it, attacker]}}}",
     "{characters: {role: attacker}}", 1,
     FRAME_ACTIONS, "防壁がアタッカーを先に墓地に移しても"),
    ("a moved trigger's by: (ダメージ判定で)", FRAME_ACTIONS, "      by: damage-judgment\n", "", 1,
     FRAME_ACTIONS, "誘発条件「ダメージ判定で」"),
    ("roles kept until the damage judgment's triggers are handled", BASIC,
     "      - after_triggers: [{set_role: {characters: {}}, role: none}]\n", "      - set_role: {characters: {}}\n        role: none\n", 1,
     FRAME_ACTIONS, "自分の防壁がダメージ判定でブロッカーとして墓地に移ると誘発し"),
    ("a request with keycards and no maximum: 相殺 may target one of any number of keycards", FRAME_ACTIONS,
     "    target: {keycards: {min: 1}}\n", "    target: {keycards: {min: 1, max: 2}}\n", 1,
     FRAME_ACTIONS, "キーカードの枚数に上限は無く"),
    ("request: 修繕 requests 装備 without its cost", FRAME_ACTIONS,
     "              - request: equip\n                keycards: $card\n                target: target\n                cost: false\n",
     "              - stop: true\n", 1,
     FRAME_ACTIONS, "装備は解決すると対象の兵士を装備兵にする"),
    ("a frame character: レアパック uses リアニメーター, which its regulations play before 一般兵", FRAMES,
     "    characters: {add: [reanimator]}  # the fixture's frame character (frames/characters.yaml)\n", "", 1,
     BASIC, "フレームキャラクター: レアパックを使うレギュレーションでは"),
]


@pytest.mark.parametrize(("what", "file", "old", "new", "count", "shown_in", "example"), REMOVED, ids=[r[0] for r in REMOVED])
def test_taking_a_construct_out_fails_its_example(v9_to_break: Path, what: str, file: str, old: str, new: str, count: int,
                                                  shown_in: str, example: str) -> None:
    _edit(v9_to_break, file, old, new, count)
    assert _example(v9_to_break, shown_in, example) in _failed(v9_to_break), what


# Abilities a trump may have as a character may (cost and size changes), which the trumps of 9.0 do not use: given to
# 救済 (♡8) here, each with an example on 威圧 that holds with the ability and fails without it.
ABILITY = "  keycards: ♡8\n"
EXAMPLES_OF_INTIMIDATION = "  examples:\n    - name: コスト L を払い、両方のプレイヤーのサイズが10以下の兵士を全て墓地に移す"
WAIVE = """  ability:
    text: あなたの通常魔法のコスト L が無しになる。
    scope: your
    waive_cost: {letters: L, category: normal-spell}
"""
WAIVED = """  examples:
    - name: 救済の能力でコスト L が無しになる
      given:
        you: {trumps: "♠4(up) ♡8(up)"}
        opponent: {field: ♣5}
      request: ""
      expect:
        opponent: {field: "", graveyard: ♣5}
"""
GROW = """  ability:
    text: あなたの場にいる兵士のサイズは 2 加算される。
    scope: your
    size: {add: 2}
"""
GROWN = """  examples:
    - name: 救済の能力で自分の ♠9 はサイズ 11 となり、墓地に移らない
      given:
        you: {trumps: "♠4(up) ♡8(up)", field: ♠9}
        opponent: {field: ♣9}
      request: ""
      expect:
        you: {life: 9, graveyard: 1}
        opponent: {field: "", graveyard: ♣9}
"""


@pytest.mark.parametrize(("ability", "example", "name"), [(WAIVE, WAIVED, "救済の能力でコスト L が無しになる"),
                                                          (GROW, GROWN, "救済の能力で自分の ♠9 はサイズ 11")],
                         ids=["waive_cost", "size"])
def test_a_trumps_ability_of_a_characters_form_is_played(v9_to_break: Path, ability: str, example: str, name: str) -> None:
    _edit(v9_to_break, FRAME_ACTIONS, EXAMPLES_OF_INTIMIDATION, example + EXAMPLES_OF_INTIMIDATION.replace("  examples:\n", ""))
    shown = _example(v9_to_break, FRAME_ACTIONS, name)
    assert shown in _failed(v9_to_break)  # without the ability
    _edit(v9_to_break, TRUMPS, ABILITY, ABILITY + ability)
    assert _failed(v9_to_break) == {}
