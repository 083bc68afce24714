"""Figures drawn from the definitions: each frame's layout (Fig. 5.1–5.5) and the character examples (Fig. 2.2)."""

from __future__ import annotations

from .. import model as m
from ..notation.cards import parse_card
from .board import COMMON_ZONES, STAGE, Pile, Side, Situation, face_down_stack, hand, pile, piles

# What lies in each zone once a frame's start procedure is done (5.3.1): the preset bulwark
# and soldier, seven cards in hand, and the frame's own zones.
FRAME_ZONE_PILES: dict[str, tuple[Pile, ...]] = {
    "pack": (face_down_stack(14),),
    "rare": piles("#"),
    "trump": piles("# #"),
}

# One example of each character of 4.3.2 (Fig. 2.2), in the card notation.
CHARACTER_EXAMPLES: dict[str, str] = {
    "common-soldier": "♠5",
    "hero": "♡K",
    "ace": "♢A",
    "magician": "Joker",
    "equipped-soldier": "♣3+♣7",
    "bulwark": "#",
}


def zone_names(definitions: m.Definitions) -> dict[str, str]:
    names = {zone.id: zone.name for zone in definitions.rules.zones} if definitions.rules else {}
    names[STAGE] = "ステージ"
    return names


def frame_situation(frame: m.Frame) -> Situation:
    zones: dict[str, tuple[Pile, ...]] = {
        "life": (face_down_stack(20),),
        "graveyard": (),
        "field": piles("#:防壁 ♠5:兵士"),
        "hand": (hand(7),),
        "fog": (),
    }
    for zone in frame.zones:
        zones[zone] = FRAME_ZONE_PILES.get(zone, piles("#"))
    return Situation(
        title=f"配置図-{frame.name}",
        you=Side(zones),
        zones=(*COMMON_ZONES, *frame.zones),
        field_slots=3,
    )


def character_size(character: m.Character, cards: str) -> int | None:
    """A character's size for the example cards (4.3.2 サイズ): a number, or the sum of the ranks."""
    if character.size_value == "rank-sum":
        return sum(parse_card(card).rank for card in cards.split("+"))
    return character.size_value if isinstance(character.size_value, int) else None


def character_examples(definitions: m.Definitions) -> Situation:
    """Fig. 2.2: one example of every character, named and sized from characters.yaml."""
    examples = []
    for character in definitions.characters:
        cards = CHARACTER_EXAMPLES.get(character.id)
        if cards is None:
            raise KeyError(f"Fig. 2.2 has no example cards for the character '{character.id}': add it to CHARACTER_EXAMPLES")
        size = character_size(character, cards)
        caption = character.name + (f"\nサイズ {size}" if size is not None else "")
        examples.append(pile(cards, caption))
    return Situation(
        title="キャラクターの例",
        you=Side({"field": tuple(examples)}),
        zones=("field",),
        field_slots=len(examples),
    )
