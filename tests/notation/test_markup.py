"""The text markup: paragraphs, numbered, alphabetic and bulleted lists, nesting by indentation."""

from __future__ import annotations

import pytest

from toolchain.notation.markup import ListBlock, MarkupError, Paragraph, parse, plain

DAMAGE = """アタッカーとブロッカーを比較する
1. 兵士と兵士の場合
2. 兵士と防壁の場合、次を行う。
   1. 防壁を表にする。
      A. 防壁が Joker の場合
      B. 同じ数字の場合
   2. 防壁を墓地に移す。
3. ブロッカーがいない場合
"""


def test_nested_structure() -> None:
    blocks = parse(DAMAGE)
    assert isinstance(blocks[0], Paragraph) and blocks[0].text == "アタッカーとブロッカーを比較する"
    numbered = blocks[1]
    assert isinstance(numbered, ListBlock) and numbered.style == "decimal"
    assert [item.text for item in numbered.items] == ["兵士と兵士の場合", "兵士と防壁の場合、次を行う。", "ブロッカーがいない場合"]
    inner = numbered.items[1].children[0]
    assert isinstance(inner, ListBlock) and [i.text for i in inner.items] == ["防壁を表にする。", "防壁を墓地に移す。"]
    alpha = inner.items[0].children[0]
    assert isinstance(alpha, ListBlock) and alpha.style == "upper-alpha" and len(alpha.items) == 2


def test_bullets_and_paragraphs() -> None:
    blocks = parse("対戦相手を攻撃する。\n- 複数指定可能。\n- 速攻は指定できる。\n")
    assert isinstance(blocks[1], ListBlock) and blocks[1].style == "bullet"
    assert plain(blocks) == "対戦相手を攻撃する。\n・複数指定可能。\n・速攻は指定できる。"


def test_an_indented_plain_line_belongs_to_its_item() -> None:
    blocks = parse("1. 手順\n   補足の段落\n2. 次")
    first = blocks[0].items[0]
    assert isinstance(first.children[0], Paragraph) and first.children[0].text == "補足の段落"


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("2. 始まり", 0, "start at 1."),
        ("1. a\n3. c", 1, "numbered 2."),
        ("1. a\n  1. b", 1, "inside the marker"),
        ("  字下げ", 0, "must not be indented"),
        ("1. a\n    b", 1, "starts at 3"),
        ("B. b", 0, "start at A."),
        ("1. ", 0, "needs text") ,
        # full-width markers and a typed ・ would print as a paragraph, the list broken around them; the
        # next nested line was refused instead ("a top-level line must not be indented", the wrong line)
        ("1. a\n２. b\n   - c", 1, "'２.' is not a list marker: write '2. '"),
        ("1．a", 0, "'1．' is not a list marker: write '1. '"),
        ("Ａ. a", 0, "'Ａ.' is not a list marker: write 'A. '"),
        ("1. a\n   ・b", 1, "write a bullet as '- ' (it prints as ・)"),
        ("1. a\n   - b\n   ・c", 2, "write a bullet as '- '"),
    ],
)
def test_malformed_lists_are_refused_with_the_line(text: str, line: int, says: str) -> None:
    with pytest.raises(MarkupError) as caught:
        parse(text)
    assert caught.value.line == line
    assert says in str(caught.value)


def test_text_that_only_looks_like_a_marker_stays_text() -> None:
    assert parse("1.5倍のダメージ") == [Paragraph("1.5倍のダメージ")]
    assert parse("A.B.C") == [Paragraph("A.B.C")]


def test_a_line_escaped_with_a_backslash_is_text_as_written() -> None:
    """Prose that begins like a marker (a reading quoting 「2. は…」) is printed as written, not read as a list."""
    assert parse("\\2. は「墓地」と書く") == [Paragraph("2. は「墓地」と書く")]
    assert parse("\\- a\n- b")[0] == Paragraph("- a")
    assert parse("\\２.めくった") == [Paragraph("２.めくった")]
