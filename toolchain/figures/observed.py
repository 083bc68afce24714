"""A game as one player sees it (sim.observation.Observation, 2.11.1), drawn as the rulebook's figures draw a table:
the same zones in the same places, the same card faces (board.py, card_svg.py).

Only what the observation holds is drawn, so a figure of it never shows a card that player cannot see:
the other player's hand and face-down cards are backs, a life or a pack a squared pile with its count.
Each soldier is captioned with its size (and its role in an attack), each request on the stage with its
action and who made it, and an arrow goes from a request to the character or request it targets.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .. import model as m
from .. import sim
from ..model import display
from ..notation.card_notation import JOKER
from .board import STAGE, Arrow, Pile, Side, Situation, common_zones, face_down_stack, render
from .card_svg import Card
from .layouts import zone_looks

HIDDEN = "?"  # a card the observation does not show (sim's observation writes it so)
# The notation tells a deck's two Jokers apart as Joker and Joker2; a player reads the second as a Joker too.
_SECOND_JOKER = re.compile(rf"(?<![A-Za-z]){JOKER}2(?![0-9])")
SECOND_JOKER = f"{JOKER}(2 枚目)"  # no space before it: a list of cards is spaced


def cards_shown(text: str) -> str:
    """Cards in the notation as a player is shown them (captions here, bp play's page): `Joker2` as `Joker(2 枚目)`."""
    return _SECOND_JOKER.sub(SECOND_JOKER, text)


def _card(text: str, *, face_up: bool = True, drive: bool = False) -> Card:
    face = text if text != HIDDEN else None
    return Card(face, face_up=face_up and face is not None, drive=drive)


def _count(count: int | None) -> str:
    return "10 枚以上" if count is None else f"{count} 枚"


def _cards_of(text: str) -> list[str]:
    """`♠5+♠9`, `[♣7]`, `[?]` → the card texts."""
    return text.strip("[]").split("+")


def _character(character: sim.observation.CharacterSeen, definitions: m.Definitions) -> Pile:
    face_up = character.kind != "bulwark"
    cards = tuple(_card(card, face_up=face_up, drive=character.driven) for card in _cards_of(character.text))
    lines = []
    if character.kind == "bulwark" and character.size is not None and HIDDEN not in character.text:
        lines.append(cards_shown(character.text))  # your own bulwark: its card, which only you see
    elif character.size is not None:
        lines.append(f"{display.item_name(definitions, 'size')} {character.size}")
    if character.role:
        lines.append(definitions.label_name(character.role))
    return Pile(cards, "\n".join(lines) or None)


def _side(seen: sim.observation.SideSeen, definitions: m.Definitions, zones: tuple[str, ...], name: str) -> Side:
    own = seen.side == "you"
    piles: dict[str, tuple[Pile, ...]] = {}
    piles["life"] = (face_down_stack(seen.life if seen.life is not None else 10, _count(seen.life)),) if seen.life != 0 else ()
    if isinstance(seen.hand, tuple):  # your own cards
        hand = tuple(_card(card) for card in seen.hand)
    else:
        hand = tuple(_card(HIDDEN, face_up=False) for _ in range(seen.hand))
    piles["hand"] = (Pile(hand, _count(len(hand)), style="fan"),) if hand else ()
    top = seen.graveyard[-1:] if seen.graveyard else ()
    caption = _count(len(seen.graveyard)) if own else None
    piles["graveyard"] = (Pile(tuple(_card(card) for card in top), caption, style="stack"),) if top else ()
    piles["field"] = tuple(_character(character, definitions) for character in seen.field)
    piles["fog"] = tuple(Pile((_card(card),)) for card in seen.fog)
    if "pack" in zones:
        count = len(seen.pack) if isinstance(seen.pack, tuple) else seen.pack
        caption = _count(count) + ("\n開封済み" if seen.pack_opened else "")
        piles["pack"] = (face_down_stack(count, caption),) if count else ()
    if "rare" in zones:
        count = len(seen.rare) if isinstance(seen.rare, tuple) else seen.rare
        caption = cards_shown(" ".join(seen.rare)) if isinstance(seen.rare, tuple) else None
        piles["rare"] = (face_down_stack(count, caption),) if count else ()
    if "trump" in zones:
        trumps = []
        for trump in seen.trump:
            up = trump.endswith("(up)")
            card = trump.removesuffix("(up)")
            trumps.append(Pile((_card(card, face_up=up),), cards_shown(card) if own and not up else None))
        piles["trump"] = tuple(trumps)
    return Side(piles, name)


def situation(observation: sim.observation.Observation, definitions: m.Definitions, zones: tuple[str, ...],
              names: Mapping[str, str]) -> Situation:
    """The observation as a figure's situation; `zones` the frame's zones beside the common ones, `names`
    the players' names by side (you / opponent)."""
    drawn = (*common_zones(zone_looks(definitions)), *zones)
    you = _side(observation.you, definitions, drawn, names["you"])
    opponent = _side(observation.opponent, definitions, drawn, names["opponent"])
    characters = {character.id: ("you", "field", index) for index, character in enumerate(observation.you.field)}
    characters.update({character.id: ("opponent", "field", index) for index, character in enumerate(observation.opponent.field)})
    requests = {request.id: index for index, request in enumerate(observation.stage)}
    stage, arrows = [], []
    for index, request in enumerate(observation.stage):
        stage.append(Pile(tuple(_card(card) for card in request.cards), f"{request.action}\n({names[request.side]})"))
        for kind, ref in request.refs:
            place = characters.get(ref) if kind == "character" else (STAGE, STAGE, requests[ref]) if kind == "request" and ref in requests else None
            if place is not None:
                arrows.append(Arrow((STAGE, STAGE, index), place, lean=kind == "character"))
    return Situation(title="盤面", you=you, opponent=opponent, stage=tuple(stage), arrows=tuple(arrows), zones=drawn)


def board_svg(observation: sim.observation.Observation, definitions: m.Definitions, zones: tuple[str, ...], names: Mapping[str, str]) -> str:
    """The SVG of the table as the observation's player sees it."""
    return render(situation(observation, definitions, zones, names), zone_looks(definitions))
