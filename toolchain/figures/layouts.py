"""Figures drawn from the definitions: each frame's layout (Fig. 5.1–5.5) and the character examples (Fig. 2.2)."""

from __future__ import annotations

from dataclasses import replace

from .. import model as m
from ..notation.card_notation import parse_card
from .board import FIELD, STAGE, Looks, Pile, Side, Situation, ZoneLook, common_zones, pile, piles

def zone_looks(definitions: m.Definitions) -> dict[str, ZoneLook]:
    """How each zone of rules.yaml is drawn (its `figure`), and the stage; a zone some frame adds is not common."""
    framed = {zone for frame in definitions.frames for zone in frame.zones}
    looks = {
        zone.id: ZoneLook(zone.name, int(zone.figure.get("row", 0)), int(zone.figure.get("column", 0)),
                          zone.figure.get("pile", "overlap"), zone.figure.get("start"), zone.id not in framed)
        for zone in (definitions.rules.zones if definitions.rules else ())
    }
    looks[STAGE] = ZoneLook("ステージ")
    return looks


def _start(look: ZoneLook) -> tuple[Pile, ...]:
    """What a frame's layout shows in a zone: its `start` piles, lying as the zone's cards lie."""
    return tuple(replace(item, style=look.pile) for item in piles(look.start)) if look.start else ()


def frame_situation(frame: m.Frame, looks: Looks) -> Situation:
    """Fig. 5.1–5.5 配置図: every common zone and the frame's own, with what a game set up shows in them."""
    zones = (*common_zones(looks), *frame.zones)
    return Situation(
        title=f"配置図-{frame.name}",
        you=Side({zone: _start(looks[zone]) for zone in zones if zone in looks}),
        zones=zones,
        field_slots=3,
    )


def character_size(character: m.Character, cards: str) -> int | None:
    """A character's size for the example cards (4.3.2 サイズ): a number, or the sum of the ranks."""
    if character.size_value == "rank-sum":
        return sum(parse_card(card).rank for card in cards.split("+"))
    return character.size_value if isinstance(character.size_value, int) else None


def character_examples(definitions: m.Definitions) -> Situation:
    """Fig. 2.2: an example of every character that says how it is pictured (`pictured`), named and sized from
    characters.yaml."""
    examples = []
    for character in definitions.characters:
        cards = character.pictured
        if cards is None:
            continue
        size = character_size(character, cards)
        caption = character.name + (f"\nサイズ {size}" if size is not None else "")
        examples.append(pile(cards, caption))
    return Situation(
        title="キャラクターの例",
        you=Side({FIELD: tuple(examples)}),
        zones=(FIELD,),
        field_slots=len(examples),
    )
