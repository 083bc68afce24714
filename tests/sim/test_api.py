"""The Game API: legal_requests / apply / clone, seeded and independent copies."""

from __future__ import annotations

import pytest

from toolchain.sim import PASS, Engine, Game, IllegalRequest, RandomAgent, RequestOption, digest

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
