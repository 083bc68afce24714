"""The agents find each action's ways among a request decision's options as runs (Decision.runs: requests.options
finds an action's ways together) and fall back to grouping them when they are not together: either way, the random agent draws what
`rng.choice` of the actions and then of the action's ways draws, and the policy agent weighs the same ways alike."""

from __future__ import annotations

import random
from collections.abc import Callable

from toolchain import sim
from toolchain.sim.agents import Decision, engine_options


def _runs(actions: tuple[str, ...]) -> list[int] | None:
    """Where each action begins, in the order dict.fromkeys gives them, or None when an action's ways are apart."""
    starts = [actions.index(action) for action in dict.fromkeys(actions)]
    together = all(actions[start:start + actions.count(action)] == (action,) * actions.count(action)
                   for start, action in zip(starts, dict.fromkeys(actions)))
    return starts if together else None


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
        assert together.runs == _runs(together.actions) and together.runs is not None
        assert scattered.runs is None and _runs(scattered.actions) is None
        for decision in (together, scattered):
            assert sim.RandomAgent(n).choose(decision) == _reference(n, decision.actions)
    _each_decision(engine, check)


def test_the_policy_agent_weighs_each_action_alike_with_its_ways_together_or_not(engine: sim.Engine) -> None:
    def check(n: int, together: Decision, scattered: Decision) -> None:
        weights = []
        for decision in (together, scattered):
            weighed = sim.PolicyAgent(n)._request_weights(decision, decision.policy)
            weights.append(sorted((decision.actions[i], weight) for i, weight in enumerate(weighed) if weight))
        assert weights[0] == weights[1]
    _each_decision(engine, check)


def test_the_policy_agent_draws_the_action_and_then_its_best_way_as_it_drew_among_every_option(engine: sim.Engine) -> None:
    """_request weighs each action once and looks for the best way of the drawn action alone: the same option, at the
    same random number, as a draw among every option's weights (the ways that are not an action's best weigh nothing)."""
    def check(n: int, together: Decision, scattered: Decision) -> None:
        for decision in (together, scattered):
            weights = sim.PolicyAgent(n)._request_weights(decision, decision.policy)
            drawn = sim.PolicyAgent(n)._draw(weights if any(weights) else [1.0] * len(weights))
            assert sim.PolicyAgent(n)._request(decision, decision.policy) == drawn
    _each_decision(engine, check)


class _Comparing(sim.RandomAgent):
    """A random agent that, at every request decision, compares the runs handed over with the options to those the
    decision finds among them."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.handed = self.compared = 0

    def choose(self, decision: Decision) -> int:
        if decision.kind == "request":
            self.handed += decision._runs_found  # told by the search, before anyone read them
            options = engine_options(decision)
            found = Decision(decision._live(), decision.seat, "request", decision.prompt, list(options)).runs
            assert decision.runs == found == _runs(decision.actions)
            self.compared += 1
        return super().choose(decision)


def test_the_search_hands_over_where_each_actions_ways_begin(engine: sim.Engine) -> None:
    """requests.options tells where each action's ways begin as it finds them: a request decision after a search gets them
    (one offered the options kept while only passes went round finds them itself), the same as it would find."""
    for seed in range(3):
        agents = (_Comparing(2 * seed), _Comparing(2 * seed + 1))
        game = sim.Game.new(engine, "master", "extra", seed=seed, agents=agents)
        game.play(turn_cap=12)
        compared = sum(agent.compared for agent in agents)
        handed = sum(agent.handed for agent in agents)
        assert compared > 20 and handed > compared // 2
    protocol = sim.Game.new(engine, "lite", "entry20", seed=1, agents=None)
    while protocol.decision() is not None and protocol.decision().kind != "request":
        protocol.apply(0)
    assert protocol.decision()._runs_found and protocol.decision().runs == _runs(protocol.decision().actions)
