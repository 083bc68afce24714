"""Readings of names (kana): which names need one, which readings are refused, how a reading lines up with its name,
and that every definition is exported with its reading."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolchain
from toolchain.export import export
from toolchain.notation.kana import derived_reading, furigana, hiragana, kana_problem, name_reading


def test_katakana_reads_as_hiragana() -> None:
    assert hiragana("エース召喚") == "えーす召喚"
    assert hiragana("ヴ") == "ゔ"


@pytest.mark.parametrize(("name", "expected"), [("クローズ", "くろーず"), ("アップ", "あっぷ"), ("B・J", None),
                                                ("エントリー20", None), ("防壁", None)])
def test_a_name_in_kana_alone_reads_as_written(name: str, expected: str | None) -> None:
    assert derived_reading(name) == expected


def test_a_typed_reading_wins_over_the_derived_one() -> None:
    assert name_reading("防壁破壊", "ぼうへきはかい") == "ぼうへきはかい"
    assert name_reading("アップ", None) == "あっぷ"
    assert name_reading("B・J", None) is None


@pytest.mark.parametrize(("name", "kana", "parts"), [
    ("死の槍", "しのやり", (("死", "し"), ("の", None), ("槍", "やり"))),
    ("罠カウンター", "わなかうんたー", (("罠", "わな"), ("カウンター", None))),
    ("エース召喚", "えーすしょうかん", (("エース", None), ("召喚", "しょうかん"))),
    ("防壁破壊", "ぼうへきはかい", (("防壁破壊", "ぼうへきはかい"),)),
])
def test_the_reading_of_each_kanji_run(name: str, kana: str, parts: tuple[tuple[str, str | None], ...]) -> None:
    assert furigana(name, kana) == parts


@pytest.mark.parametrize(("name", "kana", "says"), [
    ("防壁", None, "has kanji"),
    ("防壁", "ボウヘキ", "not a reading in hiragana (ぁ〜ゖ and ー): ウ キ ヘ ボ"),
    ("防壁", "ぼう へき", "not a reading in hiragana"),
    ("防壁", "bouheki", "not a reading in hiragana"),
    ("エース召喚", "しょうかん", "must say エース as written"),
    ("死の槍", "しがやり", "must say の as written"),
    ("アップ", "あっぷ", "leave kana: out"),
])
def test_a_wrong_or_missing_reading_is_named(name: str, kana: str | None, says: str) -> None:
    problem = kana_problem(name, kana)
    assert problem is not None and says in problem


@pytest.mark.parametrize(("name", "kana"), [("防壁", "ぼうへき"), ("アップ", None), ("B・J", None), ("エントリー20", None),
                                            ("エントリー20", "えんとりーにじゅう")])
def test_a_right_reading_passes(name: str, kana: str | None) -> None:
    assert kana_problem(name, kana) is None


def test_a_hostile_name_is_judged_at_once_and_quoted_short() -> None:
    """Kanji and kana alternating, with a reading one kana short: each (run, position) is tried once, not every split."""
    assert furigana("漢あ" * 32, "あ" * 63) is None
    problem = kana_problem("漢あ" * 40, "あ" * 79)
    assert problem is not None and "does not read" in problem and len(problem) < 300
    assert furigana("漢あ" * 100, "あ" * 200) is None  # more runs than a name has: not cut


def test_every_definition_is_exported_with_its_reading(repo_root: Path) -> None:
    data = export(toolchain.load(repo_root).definitions)
    readings = {(kind, entry["id"]): entry["kana"] for kind in ("actions", "frame_actions", "characters", "fog", "frame_fog",
                                                                 "frames", "trumps") for entry in data[kind]}
    assert readings[("actions", "bulwark-break")] == "ぼうへきはかい"  # typed in the definition
    assert readings[("characters", "magician")] == "まじゅつし"
    assert readings[("trumps", "hidden")] == "うらぎりふだ"
    assert readings[("fog", "up")] == "あっぷ"  # derived from a name in kana
    assert readings[("actions", "blackjack")] is None  # B・J: the rulebook never says how it is read
    assert [key for key, kana in readings.items() if kana is None] == [("actions", "blackjack"), ("actions", "royal-straight-flush"),
                                                                       ("frames", "entry20")]
