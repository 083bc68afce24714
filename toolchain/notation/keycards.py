"""The keycards notation (キーカード): parse, render to the rulebook's display form, and match.

Grammar (see definitions/README.md):

    keycards   := groups | same | "face-down" | "soldier<" label ">" | "character<" character ">"
    groups     := group (" & " group)*
    group      := [suit] ranks [" x" count]
    same       := "same-rank x" count | "same-suit" [" " ranks] " x" count ["+"]
    ranks      := range ("," range)*
    range      := rank ["-" rank]

A pattern asks for at most MAX_CARDS cards, and never for more of a kind than one deck holds.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..i18n import _
from .card_notation import RANK_NAMES, RANK_VALUES, SUIT_LETTERS, SUIT_SHAPES, SUIT_WORDS, SUITS, Card, full_deck


# No pattern of the rules asks for more than 5 cards; a larger one could not be listed from a hand in
# play (the choices grow as hand-size-choose-count), so the notation stops at 8.
MAX_CARDS = 8


class KeycardsError(ValueError):
    """A keycards string that does not parse; `column` is 0-based within the string."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class RankSet:
    ranges: tuple[tuple[int, int], ...]  # inclusive (low, high) rank values

    def __contains__(self, rank: int) -> bool:
        return any(low <= rank <= high for low, high in self.ranges)

    def display(self) -> str:
        return ",".join(
            RANK_NAMES[low] if low == high else f"{RANK_NAMES[low]}〜{RANK_NAMES[high]}" for low, high in self.ranges
        )

    def notation(self) -> str:
        return ",".join(RANK_NAMES[low] if low == high else f"{RANK_NAMES[low]}-{RANK_NAMES[high]}" for low, high in self.ranges)

    def values(self) -> set[int]:
        return {rank for low, high in self.ranges for rank in range(low, high + 1)}


ANY_RANK = RankSet(((0, 13),))


@dataclass(frozen=True)
class CardGroup:
    suit: str | None
    ranks: RankSet
    count: int = 1

    def accepts(self, card: Card) -> bool:
        return (self.suit is None or card.suit == self.suit) and card.rank in self.ranks

    def display(self) -> str:
        text = f"{self.suit} {self.ranks.display()}" if self.suit else self.ranks.display()
        return f"{text} を {self.count} 枚" if self.count > 1 else text

    def notation(self) -> str:
        text = f"{self.suit or ''}{self.ranks.notation()}"
        return f"{text} x{self.count}" if self.count > 1 else text

    def in_one_deck(self) -> int:
        """How many cards of one 54-card deck the group accepts (a Joker has no suit; a deck has two)."""
        ranks = self.ranks.values()
        suited = len(ranks - {0})
        return suited if self.suit else 4 * suited + (2 if 0 in ranks else 0)


@dataclass(frozen=True)
class Keycards:
    """A parsed keycards pattern.

    kind is one of: "cards" (groups of cards, joined by と), "same-rank", "same-suit"
    (cards that share a rank or suit), "face-down" (any card, put face down) and "unit" (a
    soldier on the field that has `label`, as for soldier-borne actions, or, with `character`, a
    character on the field that is this character: 「防壁破壊士」1体).
    """

    kind: str
    groups: tuple[CardGroup, ...] = ()
    at_least: bool = False
    label: str | None = None
    character: str | None = None  # the id of the character a key unit is (characters.yaml)

    @property
    def card_count(self) -> int:
        """How many cards the pattern asks for (the minimum when it says 以上)."""
        if self.kind in ("face-down", "unit"):
            return 1
        return sum(group.count for group in self.groups)

    @property
    def suits(self) -> tuple[str, ...]:
        return tuple(group.suit for group in self.groups if group.suit)

    def display(self, label_names: Mapping[str, str] | None = None, character_names: Mapping[str, str] | None = None) -> str:
        """The rulebook's display form: `♡ A〜K と ♢ A〜K`, `同じスートを 2 枚以上`, …"""
        if self.kind == "face-down":
            return "全て(裏向き)"
        if self.kind == "unit" and self.character is not None:
            return f"「{(character_names or {}).get(self.character, self.character)}」1体"
        if self.kind == "unit":
            name = (label_names or {}).get(self.label or "", self.label)
            return f"<{name}> を持つ兵士1体"
        if self.kind in ("same-rank", "same-suit"):
            group = self.groups[0]
            word = "数字" if self.kind == "same-rank" else "スート"
            ranks = "" if group.ranks == ANY_RANK else f"の {group.ranks.display()} "
            more = "以上" if self.at_least else ""
            head = f"同じ{word}{ranks}" if ranks else f"同じ{word}を "
            return f"{head}{'を ' if ranks else ''}{group.count} 枚{more}"
        return " と ".join(group.display() for group in self.groups)

    def notation(self) -> str:
        """The pattern in the notation it is written in (the canonical form: parse(p.notation()) == p)."""
        if self.kind == "face-down":
            return "face-down"
        if self.kind == "unit":
            return f"character<{self.character}>" if self.character is not None else f"soldier<{self.label}>"
        if self.kind in ("same-rank", "same-suit"):
            group = self.groups[0]
            ranks = "" if group.ranks == ANY_RANK else f" {group.ranks.notation()}"
            return f"{self.kind}{ranks} x{group.count}{'+' if self.at_least else ''}"
        return " & ".join(group.notation() for group in self.groups)

    def matches(self, cards: Sequence[Card]) -> bool:
        """Whether these cards (from the hand) make exactly this pattern."""
        if self.kind == "unit":
            return False  # a key unit is a soldier on the field, not cards
        if self.kind == "face-down":
            return len(cards) == 1
        group = self.groups[0]
        if self.kind in ("same-rank", "same-suit"):
            if len(cards) < group.count or (len(cards) != group.count and not self.at_least):
                return False
            if not all(group.accepts(card) for card in cards):
                return False
            if self.kind == "same-rank":
                return len({card.rank for card in cards}) == 1
            return None not in {card.suit for card in cards} and len({card.suit for card in cards}) == 1
        if len(cards) != self.card_count:
            return False
        return self._deal(cards) is not None

    def _deal(self, cards: Sequence[Card]) -> list[CardGroup] | None:
        """Give each card a place in a group that accepts it (the group of each card, in order), or None.
        A bipartite matching by augmenting paths: polynomial, whatever the number of cards."""
        slots = [group for group in self.groups for _ in range(group.count)]
        if len(slots) != len(cards):
            return None
        holder: list[int | None] = [None] * len(slots)  # slot → index of its card

        def place(card: int, tried: set[int]) -> bool:
            for slot, group in enumerate(slots):
                if slot not in tried and group.accepts(cards[card]):
                    tried.add(slot)
                    current = holder[slot]
                    if current is None or place(current, tried):
                        holder[slot] = card
                        return True
            return False

        if not all(place(card, set()) for card in range(len(cards))):
            return None
        dealt = [slots[0]] * len(cards)
        for slot, card in enumerate(holder):
            if card is not None:
                dealt[card] = slots[slot]
        return dealt

    def group_of(self, cards: Sequence[Card], suit: str) -> list[Card]:
        """The cards that fill the group of `suit` (e.g. the ♠ card of 投擲's ♠ A〜K と ♣ A〜K)."""
        dealt = self._deal(cards)
        return [card for card, group in zip(cards, dealt or ()) if group.suit == suit]

    def can_include(self, card: Card) -> bool:
        """Whether `card` is one of the cards of some hand of one deck (54 cards) that makes the pattern:
        what a player holding ♡3 asks of the lists (アップ ♡A〜10, 兵士召喚 2〜10, 装備兵 同じスート …)."""
        if self.kind == "unit":
            return False  # a soldier on the field, not a card of the hand
        if self.kind == "face-down":
            return True  # any card, put face down
        group = self.groups[0]
        if self.kind == "same-rank":
            return group.accepts(card) and group.count <= sum(1 for other in full_deck() if other.rank == card.rank)
        if self.kind == "same-suit":
            return (not card.is_joker and group.accepts(card)
                    and group.count <= sum(1 for other in full_deck() if other.suit == card.suit and group.accepts(other)))
        slots = [g for g in self.groups for _ in range(g.count)]
        rest = list(full_deck())
        rest.remove(next(other for other in rest if (other.suit, other.rank) == (card.suit, card.rank)))
        # The card fills one slot that accepts it; the other slots must still find cards of their own.
        return any(_fills([s for j, s in enumerate(slots) if j != i], rest) for i, slot in enumerate(slots) if slot.accepts(card))

    def candidates(self, hand: Iterable[Card]) -> list[tuple[Card, ...]]:
        """Every choice of cards from `hand` that makes the pattern (the minimum count for 以上)."""
        if self.kind == "unit":
            return []
        # Only cards that some group accepts can be part of a choice: leave the others out first.
        cards = [card for card in hand if self.kind == "face-down" or any(group.accepts(card) for group in self.groups)]
        size = self.card_count
        return [combo for combo in itertools.combinations(cards, size) if self.matches(combo)]


def _fills(slots: Sequence[CardGroup], cards: Sequence[Card]) -> bool:
    """Whether each slot can have a card of its own among `cards` (a matching by augmenting paths)."""
    holder: dict[int, int] = {}  # card index → slot index

    def place(slot: int, tried: set[int]) -> bool:
        for index, card in enumerate(cards):
            if index not in tried and slots[slot].accepts(card):
                tried.add(index)
                if index not in holder or place(holder[index], tried):
                    holder[index] = slot
                    return True
        return False

    return all(place(slot, set()) for slot in range(len(slots)))


_TOKEN_RANK = "|".join(sorted((re.escape(r) for r in RANK_VALUES), key=len, reverse=True))
_RANGE = re.compile(rf"({_TOKEN_RANK})(?:-({_TOKEN_RANK}))?")
_COUNT = re.compile(r" x([1-9][0-9]*)(\+?)$")
_UNIT = re.compile(r"^soldier<([^<>\s]+)>$")  # any word: bp check holds it to the labels of rules.yaml (BP028)
_CHARACTER = re.compile(r"^character<([^<>\s]+)>$")  # any word: bp check holds it to the characters' ids (BP021)


def parse(text: str) -> Keycards:
    """Parse the notation; raises KeycardsError with the column of the problem."""
    if text != text.strip() or not text:
        raise KeycardsError(_("keycards must not be empty or start or end with spaces"))
    if text == "face-down":
        return Keycards("face-down")
    unit = _UNIT.match(text)
    if unit:
        return Keycards("unit", label=unit.group(1))
    character = _CHARACTER.match(text)
    if character:
        return Keycards("unit", character=character.group(1))
    for kind in ("same-rank", "same-suit"):
        if text.startswith(kind):
            return _parse_same(kind, text)
    groups = []
    offset = 0
    for part in text.split(" & "):
        group, at_least = _parse_group(part, offset)
        if at_least:
            raise KeycardsError(_("'+' (or more) is only for same-suit and same-rank"), offset + len(part) - 1)
        groups.append(group)
        offset += len(part) + 3
    pattern = Keycards("cards", tuple(groups))
    if pattern.card_count > MAX_CARDS:
        raise KeycardsError(_("keycards ask for at most {most} cards, not {count}").format(most=MAX_CARDS, count=pattern.card_count), 0)
    return pattern


def _parse_same(kind: str, text: str) -> Keycards:
    rest = text[len(kind):]
    count = _COUNT.search(rest)
    if not count:
        raise KeycardsError(_("{kind} needs a count, e.g. '{kind} x2'").format(kind=kind), len(text))
    ranks_text = rest[: count.start()]
    ranks = ANY_RANK
    if ranks_text:
        if not ranks_text.startswith(" "):
            raise KeycardsError(_("a space must follow '{kind}'").format(kind=kind), len(kind))
        ranks = _parse_ranks(ranks_text[1:], len(kind) + 1)
    group = CardGroup(None, ranks, _count(count.group(1), len(kind) + count.start() + 2))
    if group.count < 2:
        raise KeycardsError(_("{kind} needs at least 2 cards").format(kind=kind), len(kind) + count.start() + 2)
    values = ranks.values()
    # one deck has a rank in four suits (Joker: two), a suit in thirteen ranks
    most = max(2 if rank == 0 else 4 for rank in values) if kind == "same-rank" else len(values - {0})
    if group.count > most:
        said = _("a deck has at most {most} cards of the same rank among these ranks, not {count}") if kind == "same-rank" else \
            _("a deck has at most {most} cards of the same suit among these ranks, not {count}")
        raise KeycardsError(said.format(most=most, count=group.count), len(kind) + count.start() + 2)
    return Keycards(kind, (group,), at_least=bool(count.group(2)))


def _count(digits: str, column: int) -> int:
    if len(digits) > 2 or int(digits) > MAX_CARDS:
        shown = digits if len(digits) <= 6 else _("{start}… ({count} digits)").format(start=digits[:3], count=len(digits))
        raise KeycardsError(_("keycards ask for at most {most} cards, not {count}").format(most=MAX_CARDS, count=shown), column)
    return int(digits)


# A count written otherwise than ' x2': '×2', ' x 2', ' X2', 'x２', or an 'x' without its number.
_LOOSE_COUNT = re.compile(r"\s*([x×X*＊])\s*([0-9０-９]*)(\+?)$")


def _parse_group(part: str, offset: int) -> tuple[CardGroup, bool]:
    if not part:
        raise KeycardsError(_("empty group around '&'"), offset)
    suit = None
    body = part
    if part[0] in SUITS:
        suit, body = part[0], part[1:]
    elif part[0] in SUIT_SHAPES:
        raise KeycardsError(_("write the suit '{suit}' as one of ♠ ♡ ♢ ♣").format(suit=part[0]), offset)
    elif word := next((w for w in SUIT_WORDS if part.startswith(w)), None):
        raise KeycardsError(_("write the suit {written} as {suit}").format(written=word, suit=SUIT_WORDS[word]), offset)
    elif part[0] in SUIT_LETTERS:
        raise KeycardsError(_("write the suit {written} as {suit}").format(written=part[0], suit=SUIT_LETTERS[part[0]]), offset)
    count = _COUNT.search(body)
    loose = None if count else _LOOSE_COUNT.search(body)
    if loose and _RANGE.fullmatch(body[: loose.start()]):
        column = offset + len(part) - len(body) + loose.start(1)
        digits = unicodedata.normalize("NFKC", loose.group(2))
        if not digits:
            raise KeycardsError(_("'{written}' needs the number of cards, e.g. ' x2'").format(written=loose.group(1)), column)
        raise KeycardsError(_("write the count as ' x{count}' (a space, x, the number)").format(count=f"{digits}{loose.group(3)}"), column)
    ranks_text = body[: count.start()] if count else body
    start = offset + (1 if suit else 0)
    ranks = _parse_ranks(ranks_text, start)
    number = _count(count.group(1), offset + len(part) - len(count.group(0)) + 2) if count else 1
    if suit is None and RANK_VALUES["Joker"] in ranks and ranks != RankSet(((0, 0),)):
        raise KeycardsError(_("a range may not include Joker"), start)
    if suit is not None and RANK_VALUES["Joker"] in ranks:
        raise KeycardsError(_("a Joker has no suit: write Joker without ♠ ♡ ♢ ♣"), offset)
    group = CardGroup(suit, ranks, number)
    if group.count > group.in_one_deck():
        what = group.display().split(" を ")[0]
        raise KeycardsError(_("a deck has only {most} cards of {what}, not {count}").format(most=group.in_one_deck(), what=what, count=group.count),
                            offset + len(part) - len(count.group(0)) + 2 if count else offset)
    return group, bool(count and count.group(2))


def _meant_ranks(piece: str) -> str | None:
    """What an editor most likely meant by ranks the notation does not read: the rulebook's
    〜 (A〜10) or full-width letters (Ａ), written as the notation writes them (A-10)."""
    meant = re.sub(r"[〜~ー−–—]", "-", unicodedata.normalize("NFKC", piece)).replace(" ", "")
    if not _RANGE.fullmatch(meant):  # lower-case ranks: a-10, joker
        meant = meant.upper().replace("JOKER", "Joker")
    return meant if meant != piece and _RANGE.fullmatch(meant) else None


def _parse_ranks(text: str, offset: int) -> RankSet:
    ranges = []
    position = 0
    for piece in text.split(","):
        match = _RANGE.fullmatch(piece)
        if not match:
            meant = _meant_ranks(piece)
            raise KeycardsError(
                _("'{piece}' is not a rank or a range of ranks (A, 2–10, J, Q, K, Joker; e.g. A-10)").format(piece=piece)
                + (_(": write '{meant}'").format(meant=meant) if meant else ""), offset + position
            )
        low = RANK_VALUES[match.group(1)]
        high = RANK_VALUES[match.group(2)] if match.group(2) else low
        if high < low or (match.group(2) and "Joker" in match.groups()):
            raise KeycardsError(_("the range '{piece}' must run upward from A to K").format(piece=piece), offset + position)
        ranges.append((low, high))
        position += len(piece) + 1
    return RankSet(tuple(ranges))
