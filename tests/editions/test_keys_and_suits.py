"""Two constructs of 第9.1版 written as data in a copy of tests/editions/v9.0: a key soldier named by its character
(粉砕's 「防壁破壊士」1体: keycards `character<id>`, no label on the trump) and a character counted as more than one suit
(「♡兵士としても♢兵士としても扱う」: an ability's `suits`), which every suit test sees: a trump's label, `same_suit`,
and `{of: …, suit: …}` (誘惑's effect asks in the copy that its key soldier's cards be ♡). Each is shown by examples that bp check runs, and that fail without the construct."""

from __future__ import annotations

from pathlib import Path

from .conftest import copy_v9, load_copy

FRAME_ACTIONS, TRUMPS, CHARACTERS = "frames/actions.yaml", "frames/trumps.yaml", "characters.yaml"

# 英雄 counted as ♡ and ♢ as well as its cards' suit
TWO_SUITS = """  labels: [attacker, blocker]
  abilities:
    - name: 二つの旗
      scope: this
      text: ♡兵士としても♢兵士としても扱う。
      suits: [♡, ♢]
  since: v1.0
"""
HERO_LABELS = "  labels: [attacker, blocker]\n  since: v1.0\n"

# 誘惑 (♡3) gives <誘惑> to your ♡ soldiers: a ♠K 英雄 counted as ♡ has it
TEMPTATION_EXAMPLE = """  examples:
    - name: ♡兵士としても扱う英雄 ♠K は誘惑の <誘惑> を持つ
      given:
        turn: opponent
        you: {trump: "♡3(up)", field: ♠K}
        opponent: {field: ♣9}
      request: ★♠K → opponent:♣9
      expect:
        you: {field: "♠K(driven)"}
        opponent: {field: "", hand: ♣9}
"""
# 修繕 (♢8) chooses a card of the target's suit (same_suit): ♢Q for a ♠K 英雄 counted as ♢
REPAIR_EXAMPLE = """  examples:
    - name: ♢兵士としても扱う英雄 ♠K には ♢ のカードを装備できる
      given:
        you: {trump: "♢8(up)", field: ♠K, graveyard: ♢Q ♣2}
      request: → you:♠K
      expect:
        you: {graveyard: ♣2 ?, life: 9}
        stage: ["you: 装備 ★♢Q → you:♠K"]
"""


def _edit(root: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = root / "definitions" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{file} has {text.count(old)} × {old!r}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _after(root: Path, file: str, anchor: str, marker: str, new: str) -> None:
    """Put `new` in place of the first `marker` after `anchor` (an example list of one action)."""
    path = root / "definitions" / file
    text = path.read_text(encoding="utf-8")
    start = text.index(anchor)
    at = text.index(marker, start)
    path.write_text(text[:at] + new + text[at + len(marker):], encoding="utf-8")


def _failed(root: Path) -> list[str]:
    return [f.message for f in load_copy(root).findings if f.severity == "error"]


def _two_suits_root(target: Path, with_suits: bool) -> Path:
    root = copy_v9(target)
    _after(root, CHARACTERS, "- id: hero\n", HERO_LABELS, TWO_SUITS if with_suits else HERO_LABELS)
    _after(root, FRAME_ACTIONS, "- id: temptation\n", "  examples:\n", TEMPTATION_EXAMPLE)
    # {of: key, suit: ♡}: the key soldier's cards are ♡ cards (a ♠K 英雄 counted as ♡ too)
    _after(root, FRAME_ACTIONS, "- id: temptation\n", "      - if: {driven: key}\n", "      - if: {and: [{driven: key}, {exists: {of: key, suit: ♡}}]}\n")
    _after(root, FRAME_ACTIONS, "- id: repair\n", "  examples:\n", REPAIR_EXAMPLE)
    return root


def test_a_character_counted_as_two_suits_gets_the_trumps_label_and_shares_a_suit(tmp_path: Path) -> None:
    assert _failed(_two_suits_root(tmp_path / "with", True)) == []
    failed = _failed(_two_suits_root(tmp_path / "without", False))
    assert len(failed) == 2 and any("♡兵士としても扱う英雄" in m for m in failed) and any("♢兵士としても扱う英雄" in m for m in failed)


# 粉砕 of 第9.1版, its key 「防壁破壊士」1体 (a 英雄 here): a trump with no ability, its action keyed by the character
CRUSH_TRUMP = """
- id: crush
  name: 粉砕
  kana: ふんさい
  category: face-up-trump
  frames: [extra]
  keycards: ♣10
  since: v9.0
"""
CRUSH_ACTION = """
- id: crush
  name: 粉砕
  kana: ふんさい
  category: soldier-borne
  frames: [extra]
  group: trump
  trump: crush
  trigger: direct
  speed: normal
  timing: main
  keycards: character<hero>
  cost: K
  activation_condition: あなたの切札に「粉砕」がある
  target:
    kind: bulwark
    text: 防壁1体
  effect: |
    1. キーカードで指定した自分の兵士をドライブする。
    2. ドライブできた場合、対象の防壁を墓地に移す。
  since: v9.0
  program:
    activation: {if: {has_open_trump: crush}}
    effect:
      - if: {driven: key}
        then:
          - move: target
            to: graveyard
  examples:
    - name: 英雄1体をキーカードとし、防壁を墓地に移す
      given:
        you: {trump: "♣10(up)", field: ♡K ♠7}
        opponent: {field: "[♣6]"}
      request: ★♡K → opponent:♣6
      expect:
        you: {field: "♡K(driven) ♠7"}
        opponent: {field: "", graveyard: ♣6}
    - name: 英雄でない兵士はキーカードにならない
      given:
        you: {trump: "♣10(up)", field: ♠7}
        opponent: {field: "[♣6]"}
      request: ★♠7
      illegal: keycards
"""


def _crush_root(target: Path, keycards: str = "character<hero>") -> Path:
    root = copy_v9(target)
    for file, text in ((TRUMPS, CRUSH_TRUMP), (FRAME_ACTIONS, CRUSH_ACTION.replace("character<hero>", keycards))):
        path = root / "definitions" / file
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return root


def test_a_key_soldier_named_by_its_character_needs_no_label_on_the_trump(tmp_path: Path) -> None:
    root = _crush_root(tmp_path)
    loaded = load_copy(root)
    assert [f.message for f in loaded.findings if f.severity == "error"] == []
    defs = loaded.definitions
    crush = next(a for a in defs.frame_actions if a.id == "crush")
    assert defs.keycards_display(crush.keycards) == "「英雄」1体"
    assert str(crush.keycards) == "character<hero>"


def test_a_key_soldier_names_a_character_there_is(tmp_path: Path) -> None:
    root = _crush_root(tmp_path, "character<heroes>")
    findings = [f for f in load_copy(root, searches=False).findings if f.code == "BP021"]
    assert len(findings) == 1 and "'heroes'" in findings[0].message and "hero" in findings[0].message
    assert findings[0].location.path.endswith(FRAME_ACTIONS)


def test_bp027_names_the_character_when_the_label_is_its_own(tmp_path: Path) -> None:
    """A label the trump does not grant but a character has of itself: granting it on the trump would reach only the
    soldiers of the trump's suit, so the advice names the character as the key."""
    root = _crush_root(tmp_path, "soldier<haste>")
    messages = [f.message for f in load_copy(root, searches=False).findings if f.code == "BP027"]
    assert len(messages) == 1 and "write keycards: character<ace>" in messages[0] and "grants: haste" not in messages[0]
