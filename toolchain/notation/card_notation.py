"""Playing cards: suits, ranks (table 2.1) and the compact card notation (`♠5`, `♡Q`, `Joker`)."""

from __future__ import annotations

import re
import unicodedata
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
            raise ValueError(_slip(text) or _("'{text}' is not a card").format(text=text))
        return Card(None, 0, int(rest) - 1 if rest else 0)
    if len(text) >= 2 and text[0] in SUITS and text[1:] in RANK_VALUES and text[1:] != JOKER:
        return Card(text[0], RANK_VALUES[text[1:]])
    raise ValueError(_slip(text) or _("'{text}' is not a card: write a suit (♠ ♡ ♢ ♣) and a rank (A, 2–10, J, Q, K), or Joker").format(
        text=text))


def _slip(text: str) -> str | None:
    """What a typing or IME slip in a card looks like, said as its fix: a full-width character, two cards
    without the space between them, an arrow typed as `->`. None for anything else."""
    if text in ("->", "=>", "-＞", "－＞", "ー＞"):
        return _("'{text}' is not a card: the arrow before a target is written →").format(text=text)
    half = unicodedata.normalize("NFKC", text)
    if half != text and _is_card(half):
        wide = [c for c in text if unicodedata.normalize("NFKC", c) != c]
        return _("'{text}' is not a card: the full-width {wide} is written half-width {half} ('{card}')").format(
            text=text, wide=" ".join(wide), half=" ".join(unicodedata.normalize("NFKC", c) for c in wide), card=half)
    if len(text) > 1 and not text[0].isalnum() and text[0] not in SUITS and _is_card(text[1:]):
        return _("'{text}' is not a card: '{mark}' is no mark of a card; a card is a suit (♠ ♡ ♢ ♣) and a rank, or Joker, "
                 "and a request marks its keycards with ★ and its target with →").format(text=text, mark=text[0])
    parts = [part for part in re.split(r"(?=[♠♡♢♣]|Joker)", text) if part]
    if len(parts) > 1 and all(_is_card(part) for part in parts):
        return _("'{text}' is {count} cards: put a space between them ('{cards}')").format(
            text=text, count=len(parts), cards=" ".join(parts))
    return None


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def full_deck() -> list[Card]:
    """The 54-card deck: 52 cards and two Jokers (a new list each time; the cards are immutable)."""
    return list(_FULL_DECK)


# Made once: the action lists' search asks for the deck once per card of every pattern (thousands of times a build).
_FULL_DECK = (*(Card(s, r) for s in SUITS for r in range(1, 14)), Card(None, 0, 0), Card(None, 0, 1))
