"""The definitions say what the 第8.1版 rulebook says. Expected lists are written from the
rulebook (4.3.1 ○/× tables, 4.3.2, 5.3, table 3.1), never derived from the definitions."""

from __future__ import annotations

import pytest

from toolchain.model import Definitions
from toolchain.notation.card_notation import RANK_VALUES

BASIC = ["エンド", "チャージ", "ドロー", "アタック", "ブロック", "ダメージ判定", "世代交代"]
LITE = BASIC + [
    "防壁設置", "兵士召喚", "英雄召喚", "エース召喚", "装備",
    "アップ", "ダウン", "ツイスト", "カウンター", "サーチ",
    "防壁破壊", "投擲",
]
STANDARD = LITE + ["魔術士召喚", "帰還", "死の槍", "防壁補充", "リアニメイト", "ハンデス"]
PRO = STANDARD + ["クイック召喚", "再会", "キル", "停戦", "対象変更", "リバース"]
MASTER = PRO + ["B・J", "R・S・F", "フォース", "剣の雨", "徴募", "奇襲"]

RULEBOOK_ORDER = BASIC + [
    "防壁設置", "兵士召喚", "英雄召喚", "エース召喚", "クイック召喚", "魔術士召喚", "装備",
    "アップ", "ダウン", "ツイスト", "カウンター", "再会", "キル", "停戦", "対象変更", "サーチ", "B・J", "R・S・F", "リバース", "帰還",
    "防壁破壊", "投擲", "死の槍", "防壁補充", "リアニメイト", "ハンデス", "フォース", "剣の雨", "徴募", "奇襲",
]


def test_the_repository_checks_clean_with_the_rulebook_counts(defs: Definitions) -> None:
    assert defs.counts() == {
        "actions": 37, "characters": 6, "fog": 3, "frames": 5, "frame actions": 11, "frame fog": 1, "trumps": 5, "rulings": 5,
    }


def test_actions_are_in_rulebook_order(defs: Definitions) -> None:
    assert [a.name for a in defs.actions] == RULEBOOK_ORDER


@pytest.mark.parametrize(
    ("format_id", "expected"),
    [("lite", LITE), ("standard", STANDARD), ("pro", PRO), ("master", MASTER)],
)
def test_format_membership_matches_the_rulebook(defs: Definitions, format_id: str, expected: list[str]) -> None:
    names = {a.name for a in defs.actions if format_id in a.formats}
    assert names == set(expected)
    assert len(expected) == {"lite": 19, "standard": 25, "pro": 31, "master": 37}[format_id]


def test_category_counts(defs: Definitions) -> None:
    counts: dict[str, int] = {}
    for action in defs.actions:
        counts[action.category] = counts.get(action.category, 0) + 1
    assert counts == {"basic": 7, "summon": 7, "quick-spell": 13, "normal-spell": 10}


def test_characters_and_their_formats(defs: Definitions) -> None:
    everywhere = ["lite", "standard", "pro", "master"]
    assert {c.name: list(c.formats) for c in defs.characters} == {
        "一般兵": everywhere, "英雄": everywhere, "エース": everywhere,
        "魔術士": ["standard", "pro", "master"], "装備兵": everywhere, "防壁": everywhere,
    }


def test_regulation_table_3_1(defs: Definitions) -> None:
    assert {frame: set(formats) for frame, formats in defs.regulations.items()} == {
        "entry20": {"lite"},
        "pack": {"standard", "pro", "master"},
        "rare-pack": {"standard", "pro", "master"},
        "strategy": {"pro", "master"},
        "extra": {"master"},
    }


def test_frame_actions_per_frame(defs: Definitions) -> None:
    pack = ["パック開封"]
    rare = pack + ["レアドロー", "レア召喚", "罠カウンター"]
    trumps = ["オープン", "クローズ", "切札破壊", "スラッシュ", "激励", "交渉", "スイッチ"]
    expected = {"entry20": [], "pack": pack, "rare-pack": rare, "strategy": rare, "extra": rare + trumps}
    assert {f.id: [a.name for a in defs.frame_actions_of(f.id)] for f in defs.frames} == expected


def test_trumps_and_their_keycards(defs: Definitions) -> None:
    shown = {t.name: defs.keycards_display(t.keycards) for t in defs.trumps}
    assert shown == {"スラッシュ": "♠ 2", "激励": "♡ 3", "交渉": "♢ 3", "スイッチ": "♣ 4", "裏切札": "全て(裏向き)"}


def test_display_strings_are_derived(defs: Definitions) -> None:
    by_name = {a.name: a for a in (*defs.actions, *defs.frame_actions)}
    assert defs.trigger_speed_timing(by_name["エンド"]) == "@直接-通常-メイン"
    assert defs.trigger_speed_timing(by_name["世代交代"]) == "@誘発-即時-クイック"
    assert by_name["英雄召喚"].cost == "BBL"
    expected_keycards = {
        "兵士召喚": "2〜10", "英雄召喚": "J〜K", "エース召喚": "A", "魔術士召喚": "Joker", "装備": "A〜K",
        "アップ": "♡ A〜10", "ツイスト": "♢ A〜10", "再会": "♡ A〜10 を 2 枚", "防壁破壊": "♡ A〜K と ♢ A〜K",
        "リアニメイト": "♠ A〜K と ♡ A〜K", "B・J": "A と J", "リバース": "同じ数字を 2 枚", "帰還": "同じスートを 2 枚",
        "R・S・F": "同じスートの A,10〜K を 5 枚", "クローズ": "Q", "スラッシュ": "<スラッシュ> を持つ兵士1体",
    }
    assert {name: defs.keycards_display(by_name[name].keycards) for name in expected_keycards} == expected_keycards
    characters = {c.name: defs.keycards_display(c.keycards) for c in defs.characters}
    assert characters["装備兵"] == "同じスートを 2 枚以上"
    assert characters["防壁"] == "全て(裏向き)"


def test_rank_table_agrees_with_the_engine(defs: Definitions) -> None:
    assert dict(defs.rules.ranks) == RANK_VALUES


