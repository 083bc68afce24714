"""White-box tests of sim/start.py: the start steps the engine knows, the preset of a soldier card no
character is made of, the first player (2.9.2)."""

from __future__ import annotations

import json

from toolchain import sim
from toolchain.model import Definitions
from toolchain.model.definitions import SetupStep
from toolchain.sim import start
from toolchain.sim.cards import parse, text
from toolchain.sim.game import Game
from toolchain.sim.state import Player, State

from ..helpers import situation


def test_every_start_step_of_the_frames_is_one_the_engine_knows(defs: Definitions, repo_root) -> None:
    schema = json.loads((repo_root / "schema" / "frames.schema.json").read_text(encoding="utf-8"))
    words, counted, argued = schema["items"]["properties"]["start"]["properties"]["steps"]["items"]["oneOf"]
    written = set(words["enum"]) | set(counted["propertyNames"]["enum"]) | set(argued["properties"])
    assert set(start.STEPS) | {start.FIRST_PLAYER} == written
    assert all(step.kind in start.STEPS for frame in defs.frames for step in frame.steps)


def test_a_soldier_card_no_character_of_the_format_is_made_of_goes_to_the_graveyard(engine: sim.Engine) -> None:
    """パック: フォーマットがライトの場合、プリセットされた兵士カードが Joker ならばそれを墓地に移し、
    次のカードを兵士として場に出す (ライトに兵士「魔術士」がいないため)."""
    rules = engine.ruleset("lite", "pack")  # not in table 3.1 any more: the rule stays general
    game = Game(rules, State([Player(0, [], rules.card_zones), Player(1, [], rules.card_zones)]), [sim.RandomAgent(1), sim.RandomAgent(2)])
    game.state.players[0].life = [parse(0, "♣9"), parse(0, "♠5"), parse(0, "Joker"), parse(0, "♡7")]  # top last
    start._preset(game, 0, start.Preparing([]), SetupStep("preset"))
    player = game.state.players[0]
    assert [(c.kind, text(c.cards[0])) for c in player.field] == [("bulwark", "♡7"), ("soldier", "♠5")]
    assert [text(c) for c in player.graveyard] == ["Joker"]
    master = engine.ruleset("master", "pack")
    assert master.component_for([parse(0, "Joker")], "soldier") == "magician"


def test_the_first_player_is_the_higher_number_after_ties(engine: sim.Engine) -> None:
    """2.9.2: both turn over the top of their life; on a tie, again; the cards go to the graveyard."""
    game = situation(engine, {"you": {"life": "♠5 ♠9 ♠K"}, "opponent": {"life": "♡5 ♡2 ♡K"}})
    start.decide_first_player(game)
    assert game.state.first == 0
    assert sorted(text(c) for c in game.state.players[0].graveyard) == ["♠5", "♠9"]
    assert sorted(text(c) for c in game.state.players[1].graveyard) == ["♡2", "♡5"]
    joker = situation(engine, {"you": {"life": "Joker"}, "opponent": {"life": "♡A"}})
    start.decide_first_player(joker)
    assert joker.state.first == 1  # Joker is 0 (table 2.1)
