"""Where Japanese text must not break: a number with its counter, the end of a text with the letter
before it (no single kana alone on a last line)."""

from __future__ import annotations

import pytest

from toolchain.notation.linebreaks import kept_together, segments


def _kept(text: str, end: bool = True, words: bool = True) -> list[str]:
    return [text[start:stop] for start, stop in kept_together(text, end=end, words=words)]


@pytest.mark.parametrize(("text", "kept"), [
    ("ライフの山札から 1 枚めくる", ["ライフ", "1 枚", "くる"]),
    ("手札を1枚捨てる。", ["1枚", "てる。"]),
    ("1点ダメージを受ける", ["1点", "ダメージ", "ける"]),
    ("裏向きかつチャージ状態で場に出す。", ["チャージ", "出す。"]),
    ("自分のターンを終了し、対戦相手にターンを渡す。", ["ターン", "ターン", "渡す。"]),
    ("「公開カード」と呼ぶ。」", ["カード", "呼ぶ。」"]),
    ("合計点を 10 とし", ["とし"]),  # 10 と: a number and a particle, free to break
    ("2つの防壁", ["2つ", "防壁"]),
    ("6-10-5・6-10-7", []),
])
def test_spans_kept_on_one_line(text: str, kept: list[str]) -> None:
    assert _kept(text) == kept


def test_overlapping_spans_merge() -> None:
    assert _kept("兵士を2体") == ["2体"]  # the count is the end: one span
    assert _kept("合計 +5 の修正") == ["修正"]
    assert _kept("兵士 3") == []  # a number without a counter, no Japanese at the end: nothing kept


def test_not_the_end_of_a_block() -> None:
    assert _kept("カードを 2 枚引き", end=False) == ["カード", "2 枚"]


def test_latin_text_is_left_alone() -> None:
    assert _kept("https://example.com/") == []


@pytest.mark.parametrize("text", ["", "あ", "渡す。", "1 枚を 2 枚にする。", "a ♡3 と ♢4"])
def test_segments_join_to_the_text(text: str) -> None:
    assert "".join(piece for piece, _ in segments(text)) == text


def test_katakana_words_only_where_asked() -> None:
    """The leaflets keep a katakana word whole (short items in narrow columns); the rulebook does not."""
    assert _kept("裏向きかつチャージ状態で場に出す。", words=False) == ["出す。"]
