"""`face_up`, `exists` and `count` of a whole zone (or its top cards) read the zone in place, with the zone's own
face (a trump as turned, the pack as opened, the life and the rare card face down): they answer as the general
reading does, item by item (`{union: [...]}` takes that road)."""

from __future__ import annotations

import pytest

from toolchain import sim
from toolchain.sim.language import Compiler, Ctx
from toolchain.sim.ruleset import _NO_REQUEST, known_ids

from ..helpers import situation

SITUATIONS = [
    {"you": {"pack": "♠6 ♠3 ♠4", "rare": "♡K", "trump": "♠2(up) ♡3", "hand": "♣5"}},
    {"you": {"pack": "♠2 ♠4", "pack_opened": True, "trump": "♡3"}, "opponent": {"hand": "♢9 ♢8"}},
    {"you": {"trump": "♠2(up) ♡3(up)"}},
]
ZONES = [{"zone": zone, **extra} for zone in ("pack", "trump", "life", "rare", "hand", "graveyard")
         for extra in ({}, {"top": 1}, {"top": 5}, {"top": 0}, {"player": "opponent"})]


@pytest.mark.parametrize("given", SITUATIONS)
def test_a_whole_zone_reads_as_its_cards_one_by_one(engine: sim.Engine, defs, given: dict) -> None:  # noqa: ANN001
    game = situation(engine, given)
    compiler = Compiler(known_ids(defs))
    for zone in ZONES:
        for form in ("face_up", "exists"):
            in_place, one_by_one = compiler.cond({form: zone}, ()), compiler.cond({form: {"union": [zone]}}, ())
            for seat in (0, 1):
                ctx = Ctx(game, _NO_REQUEST, seat)
                assert in_place(ctx) == one_by_one(ctx), (form, zone, seat)
        count = compiler.cond({"le": [{"count": zone}, 2]}, ()), compiler.cond({"le": [{"count": {"union": [zone]}}, 2]}, ())
        assert count[0](Ctx(game, _NO_REQUEST, 0)) == count[1](Ctx(game, _NO_REQUEST, 0)), zone
