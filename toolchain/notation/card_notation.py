"""Playing cards: suits, ranks (table 2.1) and the compact card notation (`♠5`, `♡Q`, `Joker`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _

SUITS = ("♠", "♡", "♢", "♣")
RED_SUITS = ("♡", "♢")  # printed red, as on the cards (the lists and the rulebook colour them)
# Other ways a suit is typed: its name (rules.yaml names each suit once; ダイア is a common spelling),
# the letter card notations elsewhere use (no rank is one of these letters), the symbol's other shapes.
SUIT_WORDS = {"スペード": "♠", "ハート": "♡", "ダイヤ": "♢", "ダイア": "♢", "クラブ": "♣"}
SUIT_LETTERS = {"S": "♠", "H": "♡", "D": "♢", "C": "♣"}
SUIT_SHAPES = {"♤": "♠", "♥": "♡", "❤": "♡", "♦": "♢", "◇": "♢", "♧": "♣"}
# Table 2.1 トランプの数字. rules.yaml holds the same table for the rulebook; a test keeps them equal.
RANK_VALUES: dict[str, int] = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "Joker": 0,
}
RANK_NAMES: dict[int, str] = {value: name for name, value in RANK_VALUES.items()}
JOKER = "Joker"


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. A Joker has no suit; `index` tells the two Jokers of a deck apart."""

    suit: str | None
    rank: int
    index: int = 0

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    def __str__(self) -> str:
        return JOKER if self.is_joker else f"{self.suit}{self.rank_name}"


def parse_card(text: str) -> Card:
    """`♠5`, `♡10`, `♢Q`, `Joker` (also `Joker2` for a deck's second Joker)."""
    text = text.strip()
    if text.startswith(JOKER):
        rest = text[len(JOKER):]
        if rest and not rest.isdigit():
            raise ValueError(_("'{text}' is not a card").format(text=text))
        return Card(None, 0, int(rest) - 1 if rest else 0)
    if len(text) >= 2 and text[0] in SUITS and text[1:] in RANK_VALUES and text[1:] != JOKER:
        return Card(text[0], RANK_VALUES[text[1:]])
    raise ValueError(_("'{text}' is not a card: write a suit (♠ ♡ ♢ ♣) and a rank (A, 2–10, J, Q, K), or Joker").format(text=text))


def full_deck() -> list[Card]:
    """The 54-card deck: 52 cards and two Jokers."""
    return [Card(s, r) for s in SUITS for r in range(1, 14)] + [Card(None, 0, 0), Card(None, 0, 1)]
