"""The agents find each action's ways among a request decision's options as runs (requests.options finds an action's
ways together) and fall back to grouping them when they are not together: either way, the random agent draws what
`rng.choice` of the actions and then of the action's ways draws, and the policy agent weighs the same ways alike."""

from __future__ import annotations

import random
from collections.abc import Callable

from toolchain import sim
from toolchain.sim.agents import Decision, action_runs, engine_options


def test_action_runs_are_where_each_action_begins_or_none_when_one_comes_again() -> None:
    assert action_runs(("pass", "a", "a", "b", "c", "c")) == [0, 1, 3, 4]
    assert action_runs(("pass",)) == [0]
    assert action_runs(()) == []
    assert action_runs(("pass", "a", "b", "a")) is None


def _reference(seed: int, actions: tuple[str, ...]) -> int:
    rng = random.Random(seed)
    chosen = rng.choice(list(dict.fromkeys(actions)))
    return rng.choice([i for i, action in enumerate(actions) if action == chosen])


def _each_decision(engine: sim.Engine, check: Callable[[int, Decision, Decision], None]) -> None:
    """`check` at request decisions with an action of several ways: as offered, and with one of those ways moved last."""
    checked = 0
    for seed in range(12):
        game = sim.Game.new(engine, "lite", "entry20", seed=seed, agents=None)
        rng = random.Random(seed)
        while not game.over and checked < 40:
            decision = game.decision()
            if decision.kind == "request":
                options, actions = engine_options(decision), decision.actions
                several = [i for i in range(1, len(actions)) if actions[i] == actions[i - 1]]
                if several and actions[-1] != actions[several[0]]:
                    moved = several[0]
                    scattered = options[:moved] + options[moved + 1:] + [options[moved]]
                    check(checked, decision, Decision(game, decision.seat, "request", decision.prompt, scattered))
                    checked += 1
            game.apply(rng.randrange(len(decision)))
    assert checked >= 10


def test_the_random_agent_draws_as_choice_draws_with_the_ways_together_or_not(engine: sim.Engine) -> None:
    def check(n: int, together: Decision, scattered: Decision) -> None:
        assert action_runs(together.actions) is not None and action_runs(scattered.actions) is None
        for decision in (together, scattered):
            assert sim.RandomAgent(n).choose(decision) == _reference(n, decision.actions)
    _each_decision(engine, check)


def test_the_policy_agent_weighs_each_action_alike_with_its_ways_together_or_not(engine: sim.Engine) -> None:
    def check(n: int, together: Decision, scattered: Decision) -> None:
        weights = []
        for decision in (together, scattered):
            weighed = sim.PolicyAgent(n)._request(decision, decision.policy)
            weights.append(sorted((decision.actions[i], weight) for i, weight in enumerate(weighed) if weight))
        assert weights[0] == weights[1]
    _each_decision(engine, check)
