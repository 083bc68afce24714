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
from .board import COMMON_ZONES, STAGE, Arrow, Pile, Side, Situation
from .cards import Card

SIDES = ("you", "opponent")  # the simulator's seats 0 and 1
_FACE_DOWN_ZONES = ("life", "pack", "rare")
MAX_PASSES = 50


@dataclass(frozen=True)
class Scene:
    title: str
    given: Mapping[str, Any]  # the position, in the simulator's notation (toolchain/sim/situation.py)
    zones: tuple[str, ...] = COMMON_ZONES
    names: Mapping[str, str] = field(default_factory=dict)  # side → the player's name printed by the side
    tags: Mapping[str, str] = field(default_factory=dict)  # side → a short name printed after its requests
    opponent: bool = True  # draw the opponent's side
    captions: Mapping[str, str] = field(default_factory=dict)  # a pile's cards (`♠5`, `♡2+♡5`, `[♣7]`) → caption
    fog: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # side → how its fog cards lie together
    aims: tuple[tuple[str, str], ...] = ()  # (a fog card, its target's cards): the card leans towards the target
    resolve: bool = False  # let every player pass until the stage is empty, then draw
    show_hand: bool = True  # your hand face up
    regulation: tuple[str, str] = ("master", "extra")
    field_slots: int = 5
    labels: tuple[str, ...] = ()  # label ids printed under the characters the engine gives them (`<スラッシュ>`)


def build_game(scene: Scene, definitions: m.Definitions) -> Any:
    """The simulator's Game in the scene's position (after resolving the stage when `resolve`)."""
    from ..sim.requests import PASS
    from ..sim.ruleset import ruleset
    from ..sim.situation import Builder

    rules = ruleset(definitions, *scene.regulation)
    game = Builder(rules, dict(scene.given), [None, None]).build(dict(scene.given), ("given",))
    if scene.resolve:
        for _ in range(MAX_PASSES):
            if not game.state.stage or game.over:
                break
            game.apply(PASS, check=False)
        if game.state.stage:
            raise RuntimeError(f"{scene.title}: the stage did not empty")
    return game


def build_state(scene: Scene, definitions: m.Definitions) -> Any:
    """The simulator's State for the scene (after resolving the stage when `resolve`)."""
    return build_game(scene, definitions).state


def _label_caption(scene: Scene, definitions: m.Definitions, game: Any, character: Any, text: str) -> str | None:
    """The scene's caption of a character, then `<スラッシュ>` for each of the scene's labels the engine gives it."""
    from ..sim.abilities import labels

    has = labels(game, character) if scene.labels else frozenset()
    lines = [scene.captions.get(text), *(f"<{definitions.label_name(label)}>" for label in scene.labels if label in has)]
    return "\n".join(line for line in lines if line) or None


def situation(scene: Scene, definitions: m.Definitions) -> Situation:
    from ..sim.cards import TEXT

    game = build_game(scene, definitions)
    state = game.state
    places: dict[str, tuple[str, str, int]] = {}  # a pile's text → where it lies
    character_places: dict[int, tuple[str, str, int]] = {}
    sides: dict[str, Side] = {}
    for seat, side in enumerate(SIDES):
        player = state.players[seat]
        zones: dict[str, tuple[Pile, ...]] = {}
        for zone in scene.zones:
            if zone == "field":
                piles = []
                for index, character in enumerate(player.field):
                    text = "+".join(TEXT[c] for c in character.cards)
                    text = f"[{text}]" if character.kind == "bulwark" else text
                    cards = tuple(Card(TEXT[c], face_up=not character.face_down, drive=character.driven) for c in character.cards)
                    piles.append(Pile(cards, _label_caption(scene, definitions, game, character, text)))
                    places[text] = character_places[character.id] = (side, zone, index)
                zones[zone] = tuple(piles)
            elif zone == "fog":
                zones[zone] = _grouped(side, [TEXT[c] for c in player.fog], scene, places)
            elif zone == "hand":
                shown = side == "you" and scene.show_hand
                cards = tuple(Card(TEXT[c], face_up=shown) for c in player.hand)
                zones[zone] = (Pile(cards, style="fan"),) if cards else ()
            elif zone == "graveyard":
                zones[zone] = (Pile((Card(TEXT[player.graveyard[-1]]),), style="stack"),) if player.graveyard else ()
            else:
                cards = player.zone("trumps" if zone == "trump" else zone)
                face_up = {TEXT[c] for c in player.trumps_up} if zone == "trump" else set()
                style = "stack" if zone in _FACE_DOWN_ZONES else "overlap"
                shown = cards[-4:]
                caption = scene.captions.get("+".join(TEXT[c] for c in shown))
                piles = [Pile(tuple(Card(TEXT[c], face_up=TEXT[c] in face_up) for c in shown), caption, style=style)]
                zones[zone] = tuple(piles) if cards else ()
        sides[side] = Side(zones, scene.names.get(side))
    stage, arrows = _stage(state, scene, character_places)
    arrows += [Arrow(places[source], places[target], lean=True) for source, target in scene.aims]
    return Situation(
        title=scene.title,
        you=sides["you"],
        opponent=sides["opponent"] if scene.opponent else None,
        stage=stage,
        arrows=tuple(arrows),
        zones=scene.zones,
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


def _stage(state: Any, scene: Scene, characters: dict[int, tuple[str, str, int]]) -> tuple[tuple[Pile, ...] | None, list[Arrow]]:
    """The requests on the stage (bottom first), each named, with an arrow to its target."""
    from ..sim.cards import TEXT

    if not state.stage and "stage" not in scene.given:
        return None, []
    requests = {request.id: index for index, request in enumerate(state.stage)}
    piles, arrows = [], []
    for index, request in enumerate(state.stage):
        tag = scene.tags.get(SIDES[request.controller])
        caption = request.action.name + (f"\n({tag})" if tag else "")
        piles.append(Pile(tuple(Card(TEXT[c]) for c in request.held), caption))
        for kind, ident in request.targets:
            target = characters.get(ident) if kind == "character" else (STAGE, STAGE, requests[ident]) if kind == "request" else None
            if target:
                arrows.append(Arrow((STAGE, STAGE, index), target, lean=kind == "character"))
    return tuple(piles), arrows
