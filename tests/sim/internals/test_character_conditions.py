"""A program names a character by its id: `{characters: {character: id}}` selects the characters on the field that
are that character, and `{is_character: [items, id]}` holds when one of the items is (as it was, for `{was: …}`).
A trigger that waits for one character to leave the field (「自分の「リアニメーター」が場から墓地に移った時」) needs
no label of that character's own name."""

from __future__ import annotations

import pytest

from toolchain import sim
from toolchain.sim.errors import ProgramError
from toolchain.sim.language import Compiler, Ctx
from toolchain.sim.ruleset import _NO_REQUEST, known_ids

from ..helpers import situation

A, B = 0, 1
# A's Joker is 魔術士 and ♠5 a 一般兵; B's ♡9 is a 一般兵.
GIVEN = {"you": {"field": "Joker ♠5"}, "opponent": {"field": "♡9"}}


def _names(game: sim.Game, characters: list) -> list[str]:
    return sorted(sim.cards.text(card) for c in characters for card in c.cards)


def test_the_characters_form_selects_by_character(engine: sim.Engine, defs) -> None:  # noqa: ANN001
    game = situation(engine, GIVEN)
    select = Compiler(known_ids(defs)).items({"characters": {"character": "common-soldier"}}, ())
    assert _names(game, select(Ctx(game, _NO_REQUEST, A))) == ["♠5", "♡9"]
    mine = Compiler(known_ids(defs)).items({"characters": {"player": "you", "character": "magician"}}, ())
    assert _names(game, mine(Ctx(game, _NO_REQUEST, A))) == ["Joker"]
    assert mine(Ctx(game, _NO_REQUEST, B)) == []


def test_is_character_holds_when_one_of_the_items_is_that_character(engine: sim.Engine, defs) -> None:  # noqa: ANN001
    game = situation(engine, GIVEN)
    compiler = Compiler(known_ids(defs))
    yours_magician = compiler.cond({"is_character": [{"characters": {"player": "you"}}, "magician"]}, ())
    assert yours_magician(Ctx(game, _NO_REQUEST, A)) is True
    assert yours_magician(Ctx(game, _NO_REQUEST, B)) is False


@pytest.mark.parametrize("node", [{"characters": {"character": "magican"}}, {"is_character": ["key", "magican"]}])
def test_a_character_the_definitions_lack_is_refused_with_the_closest(defs, node: dict) -> None:  # noqa: ANN001
    compiler = Compiler(known_ids(defs))
    compile_ = compiler.items if "characters" in node else compiler.cond
    with pytest.raises(ProgramError, match="magician"):
        compile_(node, ())
