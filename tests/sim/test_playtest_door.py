"""What the simulator's door offers the playtest table (bp play): the first player agreed, a position played
through the public decision protocol, a transcript of a game begun from a position or saved while it was
played, and a position written as an example that `bp check` runs as written."""

from __future__ import annotations

import random

import pytest

from toolchain import sim, simtools
from toolchain.model import Definitions
from toolchain.model.loader import example as example_of


def test_the_first_player_agreed_goes_first_without_turning_a_life_card(engine: sim.Engine) -> None:
    for first in (0, 1):
        game = sim.Game.new(engine, "lite", "entry20", seed=4, agents=None, first=first)
        observation = sim.observe(game, first)
        assert game.first_player == first and observation.turn == "you" and observation.turn_number == 1
        assert observation.you.graveyard == () and observation.opponent.graveyard == ()  # 2.9.2 was not played
    decided = sim.Game.new(engine, "lite", "entry20", seed=4, agents=None)
    assert sim.observe(decided, 0).you.graveyard  # 2.9.2 turns the life's top card over, into the graveyard
    with pytest.raises(ValueError, match="a seat is 0 or 1"):
        sim.Game.new(engine, "lite", "entry20", seed=4, agents=None, first=2)


def test_a_position_is_played_through_the_decision_protocol(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♡3 ♠9 ♣K", "field": "♢5"}}, regulation=("lite", "entry20"), agents=None)
    decision = game.decision()
    assert decision.kind == "request" and "アップ ★♡3" in decision.seen_texts()
    before = sim.state_hash(game)
    game.apply(decision.seen_texts().index("アップ ★♡3"))
    assert game.decision().prompt == "D: 捨てる手札"
    game.undo()
    assert sim.state_hash(game) == before


def _recorded(engine: sim.Engine, header: dict, moves: int) -> list[dict]:
    recorder = simtools.Recorder(header)
    game = simtools.start_game(engine, header, recorder=recorder.decision, observer=recorder.observe)
    recorder.attach(game)
    agent = sim.RandomAgent(3)
    for _ in range(moves):
        if (decision := game.decision()) is None:
            break
        game.apply(agent.choose(decision))
    recorder.finish(game, game.over)
    if not game.over:
        recorder.records[-1]["saved"] = True
    return recorder.records


@pytest.mark.parametrize("header", [
    {"type": "game", "format": "lite", "frame": "entry20", "seed": 3, "first": 1},
    {"type": "game", "format": "master", "frame": "extra", "seed": 3},
    {"type": "game", "format": "lite", "frame": "entry20", "seed": 0, "given": {"you": {"hand": "♡3 ♠9"}, "opponent": {"field": "♣4"}}},
])
def test_a_game_saved_while_it_was_played_replays_as_far_as_it_went(engine: sim.Engine, header: dict) -> None:
    records = _recorded(engine, header, 25)
    assert records[-1]["saved"] is True and records[-1]["decided"] is False
    assert simtools.replay_game(engine, records).ok, simtools.replay_game(engine, records).message
    tampered = [*records[:-1], {**records[-1], "digest": "0" * 16}]
    assert not simtools.replay_game(engine, tampered).ok
    unsaved = [*records[:-1], {key: value for key, value in records[-1].items() if key != "saved"}]
    assert not simtools.replay_game(engine, unsaved).ok  # without "saved", a transcript is a whole game


def test_a_position_is_written_as_the_player_knows_it(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♡3 ♠9", "field": "♢5"}, "opponent": {"hand": 2, "field": "[♣7] ♣4", "life": 12}},
                              regulation=("lite", "entry20"))
    given = simtools.position(game, 0)
    assert given["you"]["hand"] == "♠9 ♡3" and given["you"]["field"] == "♢5" and len(given["you"]["life"].split()) == 10
    opponent = given["opponent"]
    assert "♣7" not in str(opponent)  # its face-down bulwark, which you cannot see
    assert len(opponent["hand"].split()) == 2 and opponent["field"].startswith("[") and opponent["field"].endswith("] ♣4")
    assert len(opponent["life"].split()) == 10  # 12 cards: a count of 10 or more is private
    assert simtools.position(game, 1)["you"]["field"] == "[♣7] ♣4"  # its own bulwark it sees


def _draft_to_the_end(draft: simtools.ExampleDraft, rng: random.Random) -> None:
    decision = draft.decision()
    draft.apply(rng.choice([i for i, option in enumerate(decision.options) if option.kind == "action"]))
    while (decision := draft.decision()) is not None:
        draft.apply(rng.randrange(len(decision)))


def test_an_example_of_a_position(engine: sim.Engine, defs: Definitions) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♡3 ♠9", "field": "♢5"}, "opponent": {"field": "♣4"}}, regulation=("lite", "entry20"))
    draft = simtools.ExampleDraft(engine, game, 0)
    draft.apply(draft.decision().seen_texts().index("アップ ★♡3"))
    assert draft.decision().prompt == "対象"
    draft.apply(draft.decision().seen_texts().index("you:♢5"))
    assert draft.done and draft.action_id == "up"
    example = draft.example("プレイテストの局面")
    assert example["request"] == "★♡3 → you:♢5" and "choices" not in example  # D: ♠9, a choice of one
    assert example["expect"] == {"you": {"hand": "", "graveyard": "♠9", "field": "♢5(+3)", "fog": "♡3"}}
    assert simtools.run_example(engine, defs.action("up"), example_of(example, defs.action("up").source)).ok


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra"), ("pro", "strategy")])
def test_every_example_drafted_from_a_game_runs_as_written(engine: sim.Engine, defs: Definitions, regulation: tuple[str, str]) -> None:
    """Positions met in games, the request and its choices drawn at random: each example passes the example runner."""
    rng = random.Random(7)
    drafted = 0
    for seed in range(2):
        game = sim.Game.new(engine, *regulation, seed=seed, agents=None)
        agents = (sim.PolicyAgent(seed), sim.PolicyAgent(seed + 1))
        while (decision := game.decision()) is not None and drafted < 12 * (seed + 1):
            if decision.kind == "request" and game.due is None and any(o.kind == "action" for o in decision.options) \
                    and rng.random() < 0.3:
                try:
                    draft = simtools.ExampleDraft(engine, game, decision.seat)
                except sim.errors.ProgramError:
                    pass  # a request on the stage whose target is gone: the notation cannot write it
                else:
                    _draft_to_the_end(draft, rng)
                    action = defs.action(draft.action_id)
                    outcomes = [simtools.run_example(engine, action, example_of(draft.example("局面", targeted), action.source))
                                for targeted in (True, False)]
                    assert any(outcome.ok for outcome in outcomes), [outcome.message for outcome in outcomes]
                    drafted += 1
            game.apply(agents[decision.seat].choose(decision))
    assert drafted >= 10


def test_why_each_action_not_offered_is_not(engine: sim.Engine) -> None:
    """sim.refusal.refusals: every action of the regulation a player may request directly is offered or has its reason."""
    game = sim.from_situation(engine, {"you": {"hand": "♡3 ♠9"}, "opponent": {"field": "[♣7]"}}, regulation=("lite", "entry20"),
                              agents=None)
    why = sim.refusal.refusals(game, 0)
    offered = {option.ref for option in game.decision().options if option.kind == "action"}
    assert why["up"] == "target"  # アップ ★♡3: its D is paid with ♠9, but no soldier is on the field
    assert why["throw"] == "keycards" and "up" not in offered
    assert not offered & set(why) and offered | set(why) >= {"up", "throw", "attack", "end"}
    staged = sim.from_situation(engine, {"you": {"hand": "♠5 ♣K"}, "opponent": {"field": "♢4"}, "stage": ["opponent: アップ ★♡3 → opponent:♢4"]},
                                regulation=("lite", "entry20"), agents=None)
    assert sim.refusal.refusals(staged, 0)["throw"] == "timing"  # main timing: the stage is in use
