"""Cards as small integers: `owner << 6 | index`, index 0–53 (♠A…♠K, ♡A…, ♢A…, ♣A…, Joker, Joker2).

Every card in a game belongs to one player's deck (2.2: 1人1セット), so two players' ♠5 are
different cards. Integers keep zones cheap to copy (clone) and to compare (invariants).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..notation.card_notation import JOKER, RANK_NAMES, SUITS, Card, parse_card

OWNER_SHIFT: Final = 6
INDEX_MASK: Final = (1 << OWNER_SHIFT) - 1
DECK_SIZE: Final = 54


def _index(card: Card) -> int:
    return 52 + card.index if card.is_joker else SUITS.index(card.suit) * 13 + card.rank - 1


CARD_OF_INDEX: Final[tuple[Card, ...]] = tuple(
    [Card(suit, rank) for suit in SUITS for rank in range(1, 14)] + [Card(None, 0, 0), Card(None, 0, 1)]
)
# Lookup tables by code (both owners): rank (table 2.1), suit (None for a Joker), display text.
RANK: Final[tuple[int, ...]] = tuple(CARD_OF_INDEX[code & INDEX_MASK].rank if (code & INDEX_MASK) < DECK_SIZE else -1 for code in range(2 << OWNER_SHIFT))
SUIT: Final[tuple[str | None, ...]] = tuple(CARD_OF_INDEX[code & INDEX_MASK].suit if (code & INDEX_MASK) < DECK_SIZE else None for code in range(2 << OWNER_SHIFT))
# A card's face (rank, suit): cards of one face are the same card for shares_card (the two Jokers of a deck count as one).
FACE: Final[tuple[tuple[int, str | None], ...]] = tuple(zip(RANK, SUIT))
TEXT: Final[tuple[str, ...]] = tuple(
    (("Joker2" if (code & INDEX_MASK) == 53 else str(CARD_OF_INDEX[code & INDEX_MASK])) if (code & INDEX_MASK) < DECK_SIZE else "?")
    for code in range(2 << OWNER_SHIFT)
)


def code(owner: int, card: Card) -> int:
    return owner << OWNER_SHIFT | _index(card)


def holds(cards: list[int], card: int) -> bool:
    """Whether `card` is among `cards`: compiled, a loop of machine integers, where `in` compares the boxed cards one
    by one through Python's comparison."""
    for each in cards:
        if each == card:
            return True
    return False


def owner_of(card: int) -> int:
    return card >> OWNER_SHIFT


def to_card(card: int) -> Card:
    return CARD_OF_INDEX[card & INDEX_MASK]


def parse(owner: int, text: str) -> int:
    return code(owner, parse_card(text))


def text(card: int) -> str:
    return TEXT[card]


def texts(cards: Iterable[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def deck_from(owner: int, cards: Iterable[Card]) -> list[int]:
    return [code(owner, card) for card in cards]


def rank_name(card: int) -> str:
    return JOKER if SUIT[card] is None else RANK_NAMES[RANK[card]]
