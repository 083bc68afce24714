"""Game situations from the simulator: a position written in the simulator's notation is built
into an engine state (and, if asked, played on until the stage is empty), then drawn.

So a figure cannot show what the rules do not allow (a character no definition makes, a
request with a wrong target), and Fig. 2.6 shows what the engine does with Fig. 2.5's stage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import model as m
from .. import sim, simtools
from .board import FIELD, STAGE, Arrow, Pile, Side, Situation, common_zones
from .card_svg import Card
from .layouts import zone_looks

MAX_PASSES = 50


@dataclass(frozen=True)
class Scene:
    title: str
    given: Mapping[str, Any]  # the position, in the simulator's notation (definitions/README.md, "the situation notation")
    zones: tuple[str, ...] = ()  # the zones drawn; none named: every zone no frame adds
    names: Mapping[str, str] = field(default_factory=dict)  # side → the player's name printed by the side
    tags: Mapping[str, str] = field(default_factory=dict)  # side → a short name printed after its requests
    opponent: bool = True  # draw the opponent's side
    captions: Mapping[str, str] = field(default_factory=dict)  # a pile's cards (`♠5`, `♡2+♡5`, `[♣7]`) → caption
    fog: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # side → how its fog cards lie together
    aims: tuple[tuple[str, str], ...] = ()  # (a fog card, its target's cards): the card leans towards the target
    resolve: bool = False  # let every player pass until the stage is empty, then draw
    show_hand: bool = True  # your hand face up
    regulation: tuple[str, str] | None = None  # None: the widest (sim.from_situation)
    field_slots: int = 5
    labels: tuple[str, ...] = ()  # label ids printed under the characters the engine gives them (`<スラッシュ>`)


def build_board(scene: Scene, definitions: m.Definitions) -> simtools.BoardView:
    """The scene's position as the simulator builds it (after resolving the stage when `resolve`)."""
    game = sim.from_situation(sim.Engine(definitions), scene.given, regulation=scene.regulation)
    if scene.resolve:
        for _ in range(MAX_PASSES):
            if not game.state.stage or game.over:
                break
            game.apply(sim.PASS, check=False)
        if game.state.stage:
            raise RuntimeError(f"{scene.title}: the stage did not empty")
    return simtools.board(game)


def _label_caption(scene: Scene, definitions: m.Definitions, character: simtools.CharacterView) -> str | None:
    """The scene's caption of a character, then `<スラッシュ>` for each of the scene's labels the engine gives it."""
    lines = [scene.captions.get(character.text), *(f"<{definitions.label_name(label)}>" for label in scene.labels if label in character.labels)]
    return "\n".join(line for line in lines if line) or None


def situation(scene: Scene, definitions: m.Definitions) -> Situation:
    board = build_board(scene, definitions)
    looks = zone_looks(definitions)
    drawn = scene.zones or common_zones(looks)
    places: dict[str, tuple[str, str, int]] = {}  # a pile's text → where it lies
    character_places: dict[int, tuple[str, str, int]] = {}
    sides: dict[str, Side] = {}
    for view in board.sides:
        side = view.side
        zones: dict[str, tuple[Pile, ...]] = {}
        for zone in drawn:
            if zone == FIELD:
                piles = []
                for index, character in enumerate(view.field):
                    cards = tuple(Card(card, face_up=not character.face_down, drive=character.driven) for card in character.cards)
                    piles.append(Pile(cards, _label_caption(scene, definitions, character)))
                    places[character.text] = character_places[character.id] = (side, zone, index)
                zones[zone] = tuple(piles)
            elif zone == "fog":
                zones[zone] = _grouped(side, list(view.zones["fog"]), scene, places)
            elif zone == "hand":
                shown = side == "you" and scene.show_hand
                cards = tuple(Card(card, face_up=shown) for card in view.zones["hand"])
                zones[zone] = (Pile(cards, style="fan"),) if cards else ()
            elif zone == "graveyard":
                graveyard = view.zones["graveyard"]
                zones[zone] = (Pile((Card(graveyard[-1]),), style="stack"),) if graveyard else ()
            else:
                cards = view.zones[zone]
                face_up = view.face_up if zone == "trump" else frozenset()
                style = looks[zone].pile
                shown = cards[-4:]
                caption = scene.captions.get("+".join(shown))
                piles = [Pile(tuple(Card(card, face_up=card in face_up) for card in shown), caption, style=style)]
                zones[zone] = tuple(piles) if cards else ()
        sides[side] = Side(zones, scene.names.get(side))
    stage, arrows = _stage(board, scene, character_places)
    arrows += [Arrow(places[source], places[target], lean=True) for source, target in scene.aims]
    return Situation(
        title=scene.title,
        you=sides["you"],
        opponent=sides["opponent"] if scene.opponent else None,
        stage=stage,
        arrows=tuple(arrows),
        zones=drawn,
        field_slots=scene.field_slots,
    )


def _grouped(side: str, cards: list[str], scene: Scene, places: dict[str, tuple[str, str, int]]) -> tuple[Pile, ...]:
    """Fog cards as they lie, in their order: the scene's groups (`♡2+♡5`) together, every other card on its own."""
    groups = {members[0]: members for members in (group.split("+") for group in scene.fog.get(side, ()))}
    piles: list[Pile] = []
    left = list(cards)
    for card in cards:
        if card not in left:
            continue  # already placed with its group
        members = groups.get(card, [card])
        if not all(member in left for member in members):
            members = [card]
        for member in members:
            left.remove(member)
        text = "+".join(members)
        places[text] = (side, "fog", len(piles))
        piles.append(Pile(tuple(Card(member) for member in members), scene.captions.get(text)))
    return tuple(piles)


def _stage(board: simtools.BoardView, scene: Scene,
           characters: dict[int, tuple[str, str, int]]) -> tuple[tuple[Pile, ...] | None, list[Arrow]]:
    """The requests on the stage (bottom first), each named, with an arrow to its target."""
    if not board.stage and "stage" not in scene.given:
        return None, []
    requests = {request.id: index for index, request in enumerate(board.stage)}
    piles, arrows = [], []
    for index, request in enumerate(board.stage):
        tag = scene.tags.get(board.sides[request.controller].side)
        caption = request.action + (f"\n({tag})" if tag else "")
        piles.append(Pile(tuple(Card(card) for card in request.cards), caption))
        for target in request.targets:
            if target.kind == "character":
                place = characters.get(target.ref)
            else:
                place = (STAGE, STAGE, requests[target.ref]) if target.kind == "request" else None
            if place:
                arrows.append(Arrow((STAGE, STAGE, index), place, lean=target.kind == "character"))
    return tuple(piles), arrows
