"""The keycards notation: every pattern of the rules parses, renders as the rulebook prints
it, and matches exactly the cards that make it."""

from __future__ import annotations

import pytest

from toolchain.notation.card_notation import parse_card
from toolchain.notation.keycards import KeycardsError, parse

LABELS = {"slash": "スラッシュ"}

DISPLAY = [
    ("2-10", "2〜10"),
    ("J-K", "J〜K"),
    ("A", "A"),
    ("Joker", "Joker"),
    ("Q", "Q"),
    ("A-K", "A〜K"),
    ("♡A-10", "♡ A〜10"),
    ("♡A-10 x2", "♡ A〜10 を 2 枚"),
    ("♡A-K & ♢A-K", "♡ A〜K と ♢ A〜K"),
    ("A & J", "A と J"),
    ("same-rank x2", "同じ数字を 2 枚"),
    ("same-suit x2", "同じスートを 2 枚"),
    ("same-suit x2+", "同じスートを 2 枚以上"),
    ("same-suit A,10-K x5", "同じスートの A,10〜K を 5 枚"),
    ("face-down", "全て(裏向き)"),
    ("soldier<slash>", "<スラッシュ> を持つ兵士1体"),
    ("♠2", "♠ 2"),
]


@pytest.mark.parametrize(("notation", "display"), DISPLAY)
def test_display_form(notation: str, display: str) -> None:
    assert parse(notation).display(LABELS) == display


def cards(text: str) -> list:
    return [parse_card(c) for c in text.split()]


MATCHES = [
    ("2-10", "♠2", True),
    ("2-10", "♠A", False),
    ("2-10", "Joker", False),
    ("J-K", "♢Q", True),
    ("Joker", "Joker", True),
    ("Joker", "♠A", False),
    ("♡A-10", "♡10", True),
    ("♡A-10", "♡J", False),
    ("♡A-10", "♠5", False),
    ("♡A-10 x2", "♡3 ♡9", True),
    ("♡A-10 x2", "♡3", False),
    ("♡A-10 x2", "♡3 ♠9", False),
    ("♡A-K & ♢A-K", "♢K ♡2", True),
    ("♡A-K & ♢A-K", "♡K ♡2", False),
    ("A & J", "♣J ♠A", True),
    ("A & J", "♠A ♣A", False),
    ("same-rank x2", "♠7 ♢7", True),
    ("same-rank x2", "♠7 ♢8", False),
    ("same-suit x2", "♣7 ♣K", True),
    ("same-suit x2", "♣7 ♣K ♣2", False),
    ("same-suit x2", "Joker Joker2", False),
    ("same-suit x2+", "♣7 ♣K ♣2", True),
    ("same-suit x2+", "♣7", False),
    ("same-suit A,10-K x5", "♠A ♠10 ♠J ♠Q ♠K", True),
    ("same-suit A,10-K x5", "♠A ♠10 ♠J ♠Q ♡K", False),
    ("same-suit A,10-K x5", "♠9 ♠10 ♠J ♠Q ♠K", False),
    ("face-down", "♠9", True),
    ("face-down", "♠9 ♠8", False),
]


@pytest.mark.parametrize(("notation", "hand", "expected"), MATCHES)
def test_matcher(notation: str, hand: str, expected: bool) -> None:
    assert parse(notation).matches(cards(hand)) is expected


def test_a_key_unit_is_not_made_of_cards() -> None:
    assert parse("soldier<slash>").matches(cards("♠2")) is False


def test_candidates_from_a_hand() -> None:
    hand = cards("♡3 ♡9 ♠5 ♡Q")
    assert {tuple(str(c) for c in combo) for combo in parse("♡A-10 x2").candidates(hand)} == {("♡3", "♡9")}


def test_group_of_a_suit() -> None:
    assert [str(c) for c in parse("♠A-K & ♣A-K").group_of(cards("♣3 ♠K"), "♠")] == ["♠K"]


@pytest.mark.parametrize(
    ("notation", "column", "says"),
    [
        ("♥A-10", 0, "♠ ♡ ♢ ♣"),
        ("10-A", 0, "upward"),
        ("♡A-Joker", 1, "upward"),
        ("same-suit", 9, "count"),
        ("A & X", 4, "'X'"),
        ("♡A-10 x2+", 8, "only for same-suit"),
        ("same-rank x1", 11, "at least 2"),
        (" A", 0, "spaces"),
        # what an editor types for the count, the suit and the ranks, told how the notation writes it
        ("♡A-10 ×2", 6, "write the count as ' x2'"),
        ("♡A-10 x 2", 6, "write the count as ' x2'"),
        ("♡A-10 X2", 6, "write the count as ' x2'"),
        ("A-10 x２", 5, "write the count as ' x2'"),
        ("♡A-10 x", 6, "'x' needs the number of cards, e.g. ' x2'"),
        ("♡a-10", 1, "write 'A-10'"),
        ("joker", 0, "write 'Joker'"),
        ("J-k", 0, "write 'J-K'"),
        ("HA-10", 0, "write the suit H as ♡"),
        ("S A-10 & C2", 0, "write the suit S as ♠"),
    ],
)
def test_errors_say_where(notation: str, column: int, says: str) -> None:
    with pytest.raises(KeycardsError) as caught:
        parse(notation)
    assert caught.value.column == column
    assert says in str(caught.value)


# Patterns beyond the rules' own: one card the deck has once, asked for twice; Jokers three times; a suit
# whose ranks are fewer than the cards asked for.
_HARD = ["♡3 & ♡3", "♡3 & A-K", "same-rank Joker x2", "same-rank x3", "same-suit A,10-K x5", "Joker & Joker", "A & J & Q x2"]


@pytest.mark.parametrize("notation", [n for n, _ in DISPLAY if not n.startswith("soldier")] + _HARD)
def test_a_card_can_be_included_exactly_when_some_hand_of_one_deck_with_it_makes_the_pattern(notation: str) -> None:
    from toolchain.notation.card_notation import full_deck

    pattern = parse(notation)
    deck = full_deck()
    # The oracle: every hand of one deck that makes the pattern (matches(), as the simulator asks it).
    made = {(card.suit, card.rank) for hand in pattern.candidates(deck) for card in hand}
    assert {(card.suit, card.rank) for card in deck if pattern.can_include(card)} == made


def test_what_a_card_can_be_part_of() -> None:
    heart3 = parse_card("♡3")
    assert parse("♡A-10").can_include(heart3) and parse("face-down").can_include(heart3)
    assert not parse("♠A-10").can_include(heart3) and not parse("soldier<slash>").can_include(heart3)
    assert not parse("♡3 & ♡3").can_include(heart3)  # one deck has one ♡3
    joker = parse_card("Joker")
    assert parse("same-rank x2").can_include(joker) and not parse("same-rank x3").can_include(joker)
    assert not parse("same-suit x2").can_include(joker)  # a Joker has no suit


def test_a_key_unit_named_by_its_character() -> None:
    """粉砕's 「防壁破壊士」1体: a character on the field, named by id; printed by its name."""
    pattern = parse("character<wall-breaker>")
    assert (pattern.kind, pattern.character, pattern.label) == ("unit", "wall-breaker", None)
    assert pattern.display(LABELS, {"wall-breaker": "防壁破壊士"}) == "「防壁破壊士」1体"
    assert pattern.notation() == "character<wall-breaker>" and parse(pattern.notation()) == pattern
    assert pattern.matches(cards("♠2")) is False and pattern.card_count == 1
