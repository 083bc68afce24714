"""BP032: a trump's イメージ shows what the trump does, as the simulator plays it.

The picture is a situation in the simulator's notation, built by the engine: it must be a
situation the rules allow, the trump must lie face up in your trump zone, and the engine must
give the trump's label to a soldier on your field. So the rulebook's and the action lists'
picture cannot show what the rules do not.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .. import model as m
from .. import sim, simtools
from ..diagnostics import Diagnostic
from ..i18n import _


def _your_side(
    defs: m.Definitions, image: Mapping[str, Any], regulation: tuple[str, str]
) -> tuple[set[str], list[frozenset[str]]]:
    """Your trumps face up and the labels of each of your characters, as the engine builds the image;
    raises the simulator's ProgramError (with the path below `image`) for a situation it cannot build."""
    game = sim.from_situation(sim.Engine(defs), image, regulation=regulation)
    you = simtools.board(game).sides[0]
    return set(you.face_up), [character.labels for character in you.field]


def check_images(defs: m.Definitions) -> Iterator[Diagnostic]:
    for trump in defs.trumps:
        regulation = defs.widest_regulation(trump.frames)
        if not trump.image or regulation is None:
            continue  # no picture, or a trump table 3.1 plays nowhere (BP023)
        image = _("the image (イメージ) of {trump}").format(trump=trump.name)
        try:
            face_up, field_labels = _your_side(defs, trump.image, regulation)
        except sim.errors.ProgramError as exc:
            below = exc.path[1:] if exc.path[:1] == ("given",) else exc.path  # from_situation's paths start at given
            yield Diagnostic(trump.source.location("image", *below), "BP032", f"{image}: {exc}")
            continue
        if trump.keycards not in face_up:
            yield Diagnostic(trump.source.location("image"), "BP032",
                             _("{image} does not show it: put {keycards} face up in your trumps ('{keycards}(up)')").format(
                                 image=image, keycards=trump.keycards))
            continue
        grants = trump.ability.grants if trump.ability else None
        if grants and not any(grants in has for has in field_labels):
            yield Diagnostic(trump.source.location("image"), "BP032",
                             _("{image} shows no soldier on your field that has <{label}>").format(image=image, label=defs.label_name(grants)))
