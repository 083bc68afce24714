"""Every figure of the 第8.1版 rulebook, drawn as SVG from data.

`render(name, definitions)` returns the SVG of one figure, `describe(name, definitions)` what it
shows in words (its alt text, alt.py, from the same data); `FIGURES` lists the names the
rulebook's `bp-figure` directive accepts, each with the definitions it is drawn from (so
that the Sphinx extension can rebuild the pages when those files change).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .. import model as m
from ..i18n import _
from ..model import display
from . import alt, board, diagrams, layouts, scenes, situations

Table = Callable[[m.Definitions], board.Situation]


@dataclass(frozen=True)
class FigureSpec:
    name: str
    draw: Callable[[m.Definitions], str]
    kinds: tuple[str, ...]  # kinds of definitions the figure is drawn from (repository.KINDS names)
    modules: tuple[str, ...]  # the toolchain modules that hold its data
    table: Table | None = None  # the situation a table figure draws (its alt text says it); None: a diagram
    said: Callable[[m.Definitions], str] | None = None  # a diagram's words, said as it draws them


def _drawing(table: Table) -> Callable[[m.Definitions], str]:
    return lambda definitions: board.render(table(definitions), layouts.zone_looks(definitions))


def _scene(name: str) -> Table:
    scene = situations.SCENES[name]
    return lambda definitions: scenes.situation(scene, definitions)


def _drawn(name: str) -> Table:
    return lambda _definitions: situations.DRAWN[name]


def _frame(frame_id: str) -> Table:
    def table(definitions: m.Definitions) -> board.Situation:
        frame = definitions.frame(frame_id)
        if frame is None:
            raise KeyError(f"no frame '{frame_id}' in definitions/frames/frames.yaml")
        return layouts.frame_situation(frame, layouts.zone_looks(definitions))

    return table


def trump_scene(trump: m.Trump, definitions: m.Definitions) -> scenes.Scene:
    """イメージ of a standing-soldier trump (5.3.4): its situation, played by the widest regulation that
    has the trump, the trump named under its card and every soldier the engine gives its label marked."""
    return scenes.Scene(
        regulation=definitions.widest_regulation(trump.frames),
        title=f"{display.item_name(definitions, 'image')}-{trump.name}",
        given=trump.image or {},
        zones=_image_zones(trump, definitions),
        opponent=False,
        captions={trump.keycards: trump.name},
        labels=(trump.ability.grants,) if trump.ability and trump.ability.grants else (),
    )


def _image_zones(trump: m.Trump, definitions: m.Definitions) -> tuple[str, ...]:
    """The zones a trump's image puts cards in (the trump zone and the field), as the table lays them out."""
    looks = layouts.zone_looks(definitions)
    named = {zone for side in (trump.image or {}).values() if isinstance(side, dict) for zone in side if zone in looks}
    return tuple(sorted(named, key=lambda zone: (looks[zone].row, looks[zone].column)))


def _trump(trump_id: str) -> Table:
    def table(definitions: m.Definitions) -> board.Situation:
        trump = definitions.trump(trump_id)
        if trump is None or not trump.image:
            raise KeyError(f"no trump '{trump_id}' with an image in definitions/frames/trumps.yaml")
        situation = scenes.situation(trump_scene(trump, definitions), definitions)
        field_slots = max(1, len(situation.you.zones.get(board.FIELD, ())))  # as wide as its soldiers need
        return replace(situation, field_slots=field_slots)

    return table


def _table(name: str, table: Table, kinds: tuple[str, ...], modules: tuple[str, ...]) -> FigureSpec:
    return FigureSpec(name, _drawing(table), kinds, modules, table)


_BOARD = ("figures/board.py", "figures/card_svg.py")
LAYOUT_MODULES = (*_BOARD, "figures/layouts.py")
# A scene is built by the simulator from the definitions of every kind, with its engine's code.
_SCENE_KINDS = ("rules", "actions", "characters", "fog", "frames", "frame-actions", "frame-fog", "trumps")
_SCENE_MODULES = (*_BOARD, "figures/situations.py", "figures/scenes.py", "sim/*.py")
# A trump's picture changes with the characters (their labels), the frames (its regulation) and the trumps.
_TRUMP_IMAGE_KINDS = ("rules", "characters", "frames", "trumps")
TRUMP_IMAGE_MODULES = (*_SCENE_MODULES, "figures/__init__.py")
FIGURES: dict[str, FigureSpec] = {
    **{name: _table(name, _scene(name), _SCENE_KINDS, _SCENE_MODULES) for name in situations.SCENES},
    **{name: _table(name, _drawn(name), ("rules",), (*_BOARD, "figures/situations.py")) for name in situations.DRAWN},
    "character-examples": _table("character-examples", layouts.character_examples, ("rules", "characters"), LAYOUT_MODULES),
    **{
        name: FigureSpec(name, lambda definitions, draw=draw: draw(definitions).svg.render(), ("rules",), ("figures/diagrams.py",),
                         said=lambda definitions, draw=draw: draw(definitions).describe())
        for name, draw in diagrams.DIAGRAMS.items()
    },
}


def frame_figure(frame_id: str) -> FigureSpec:
    """The layout (配置図) of one frame; `frame-<id>` in the bp-figure directive."""
    return _table(f"frame-{frame_id}", _frame(frame_id), ("rules", "frames"), LAYOUT_MODULES)


def trump_figure(trump_id: str) -> FigureSpec:
    """The イメージ of one trump; `trump-<id>` in the bp-figure directive."""
    return _table(f"trump-{trump_id}", _trump(trump_id), _TRUMP_IMAGE_KINDS, TRUMP_IMAGE_MODULES)


def spec(name: str, definitions: m.Definitions) -> FigureSpec:
    """The figure called `name`: a fixed figure, `frame-<id>` for any frame of the definitions, or
    `trump-<id>` for any trump with an image."""
    if name in FIGURES:
        return FIGURES[name]
    if name.startswith("frame-") and definitions.frame(name.removeprefix("frame-")):
        return frame_figure(name.removeprefix("frame-"))
    if name.startswith("trump-") and (trump := definitions.trump(name.removeprefix("trump-"))) and trump.image:
        return trump_figure(trump.id)
    raise KeyError(_("no figure '{name}'; the figures are: {known}").format(name=name, known=", ".join(names(definitions))))


def names(definitions: m.Definitions) -> list[str]:
    return [
        *FIGURES,
        *(f"frame-{frame.id}" for frame in definitions.frames),
        *(f"trump-{trump.id}" for trump in definitions.trumps if trump.image),
    ]


def render(name: str, definitions: m.Definitions) -> str:
    return spec(name, definitions).draw(definitions)


def describe(name: str, definitions: m.Definitions) -> str:
    """What the figure shows, in words (its alt text): the table's zones and cards, or each box and arrow of a diagram."""
    figure = spec(name, definitions)
    if figure.table is not None:
        return alt.describe_situation(figure.table(definitions),
                                      {zone: look.name for zone, look in layouts.zone_looks(definitions).items()})
    if figure.said is not None:
        return figure.said(definitions)
    return alt.describe_svg(figure.draw(definitions))
