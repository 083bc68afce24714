"""The Game API: legal_requests / apply / clone, seeded and independent copies."""

from __future__ import annotations

import pytest

from toolchain.sim import PASS, Engine, Game, RandomAgent, RequestOption
from toolchain.sim.errors import IllegalRequest
from toolchain.simtools import digest

from .helpers import situation


def new(engine: Engine, seed: int = 5) -> Game:
    return Game.new(engine, "pro", "rare-pack", seed=seed, agents=(RandomAgent(seed), RandomAgent(seed + 1)))


def test_legal_requests_start_with_pass_and_name_actions_with_keycards(engine: Engine) -> None:
    game = new(engine)
    options = game.legal_requests()
    assert options[0] is PASS
    assert all(isinstance(o, RequestOption) for o in options[1:])
    assert "end" in {o.action.id for o in options[1:]}  # the turn player can always end the turn


def test_apply_refuses_what_is_not_legal(engine: Engine) -> None:
    game = situation(engine, {"you": {"hand": "♠2 ♠3"}})
    kill = game.ruleset.compiled.actions["kill"]
    with pytest.raises(IllegalRequest):
        game.apply(RequestOption(kill, tuple(game.state.players[0].hand)))  # nothing to target


def test_a_clone_is_independent(engine: Engine) -> None:
    game = new(engine)
    for _ in range(10):
        game.step()
    before = digest(game)
    copy = game.clone(agents=(RandomAgent(1), RandomAgent(2)))
    assert digest(copy) == before
    copy.play()
    assert copy.over and digest(game) == before
    again = game.clone()
    game.play()
    again.play()
    assert digest(game) == digest(again)  # same state, same RNG, same agents' choices from here


def test_the_same_seeds_play_the_same_game(engine: Engine) -> None:
    first, second = new(engine, 11), new(engine, 11)
    first.play()
    second.play()
    assert digest(first) == digest(second)
    other = new(engine, 12)
    other.play()
    assert digest(other) != digest(first)


def test_from_situation_with_its_default_agents_answers_a_choice_inside_an_effect(repo_root) -> None:  # noqa: ANN001
    """The example builder's default agents make the choices an effect asks (here ブロック's: block or not, and with
    which soldiers) instead of failing at the first one."""
    import toolchain
    from toolchain import sim

    engine = sim.Engine(toolchain.load(repo_root).definitions)
    game = sim.from_situation(engine, {"you": {"field": "♠9(driven,attacker)"}, "opponent": {"field": "♣4 ♣3"},
                                       "stage": ["you: ブロック"]})
    for _ in range(10):
        if not game.state.stage:
            break
        game.apply(sim.PASS)
    assert game.state.stage == []  # ブロック and the ダメージ判定 it triggered resolved
