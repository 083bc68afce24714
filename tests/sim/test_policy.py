"""The policy agent (bp sim's default): seeded, deciding only from what its player may see (2.11.1),
and playing games that last longer than uniform random play and are decided by the win/loss check."""

from __future__ import annotations

import pytest

from toolchain import sim, simtools

ATTACKER = "attacker"  # the label of a soldier able to attack, whose readiness the policy agent weighs

GIVEN = {
    "you": {"hand": "♠5 ♡3 ♣9 ♢4", "field": "♠9 [♡6]", "life": "♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣8"},
    "opponent": {"hand": "♠2 ♡7", "field": "♣4 [♢8]", "life": "♡2 ♡4 ♡5 ♡9 ♡10 ♢2 ♢3"},
}


def _decide(engine: sim.Engine, given: dict, seed: int) -> str:
    game = sim.from_situation(engine, given)
    options = game.legal_requests()
    decision = sim.Decision(game, 0, "request", "リクエストするか", options)
    return decision.text(sim.PolicyAgent(seed).choose(decision))


@pytest.mark.parametrize("seed", range(8))
def test_what_its_player_cannot_see_never_changes_its_decision(engine: sim.Engine, seed: int) -> None:
    """The opponent's hand, the order of either life and the opponent's face-down bulwark are hidden from it."""
    hidden = {
        "you": {**GIVEN["you"], "life": "♣8 ♣7 ♣6 ♣5 ♣4 ♣3 ♣2"},
        "opponent": {"hand": "♠Q ♡K", "field": "♣4 [♢J]", "life": "♢3 ♢2 ♡10 ♡9 ♡5 ♡4 ♡2"},
    }
    assert _decide(engine, GIVEN, seed) == _decide(engine, hidden, seed)


def test_what_it_sees_changes_its_decisions(engine: sim.Engine) -> None:
    """Not a constant: with its own hand different, it requests differently for some seed."""
    other = {**GIVEN, "you": {**GIVEN["you"], "hand": "♠K ♡Q ♣10 ♢A"}}  # ♣2 is in its life: a card is in one place
    assert any(_decide(engine, GIVEN, seed) != _decide(engine, other, seed) for seed in range(8))


def test_the_rank_of_a_ways_keycards_is_what_their_texts_say(engine: sim.Engine) -> None:
    """Decision.keys_rank, which the agent weighs the ways of a request by, sums the ranks keys() names (table 2.1)."""
    game = sim.from_situation(engine, {"you": {"hand": "♠5 ♡3 ♣9 ♢4 ♠K Joker ♡A", "field": "♠9 [♡6]"}})
    options = game.legal_requests()
    decision = sim.Decision(game, 0, "request", "リクエストするか", options)
    assert len(options) > 10
    for i in range(len(options)):
        assert decision.keys_rank(i) == sum(_rank(text) for text in decision.keys(i))


def _rank(text: str) -> int:
    """A card's rank as table 2.1 counts it (A 1, J 11, Q 12, K 13, a Joker 0), from its text."""
    face = text.lstrip("♠♡♢♣")
    if face.startswith("Joker"):
        return 0
    return {"A": 1, "J": 11, "Q": 12, "K": 13}[face] if face in "AJQK" else int(face)


def test_a_seed_plays_the_same_game(engine: sim.Engine) -> None:
    first, decided, problems = simtools.play_one(engine, "pro", "strategy", 5, agent="policy")
    again, _, _ = simtools.play_one(engine, "pro", "strategy", 5, agent="policy")
    assert problems == [] and decided and simtools.digest(first) == simtools.digest(again)


def test_a_clone_of_its_game_plays_on_as_the_game_does(engine: sim.Engine) -> None:
    """Game.clone copies the agents (copy.deepcopy) with what they keep between decisions."""
    game = sim.Game.new(engine, "lite", "entry20", seed=7, agents=(sim.PolicyAgent(15), sim.PolicyAgent(16)))
    steps = iter(range(15))
    game.play(after_step=lambda _: next(steps, None) is not None)  # stopped after 15 steps
    assert not game.over
    again = game.clone()
    game.play()
    again.play()
    assert game.over and simtools.digest(game) == simtools.digest(again)


def test_its_games_last_longer_than_random_ones_and_are_decided(engine: sim.Engine) -> None:
    """ライト + エントリー20 (random play: about 5 turns, upstream's baseline 5–7)."""
    random = simtools.play(engine, "lite", "entry20", 120, 11, agent="random")
    policy = simtools.play(engine, "lite", "entry20", 120, 11, agent="policy")
    assert policy.violations == [] and policy.decided == policy.games
    assert policy.turns > random.turns
    assert min(policy.wins) > 0


@pytest.mark.parametrize(("format_id", "frame_id"), [("standard", "rare-pack"), ("master", "extra")])
def test_its_games_keep_every_invariant(engine: sim.Engine, format_id: str, frame_id: str) -> None:
    stats = simtools.play(engine, format_id, frame_id, 30, 4, agent="policy")
    assert stats.violations == [] and stats.decided == stats.games


def test_bp_sim_plays_by_the_agent_asked_for(repo_root) -> None:
    from tests.runbp import bp

    unknown = bp("sim", "--agent", "nobody", "--games", "1", "--root", str(repo_root))
    assert unknown.returncode == 2 and "no agent 'nobody' (agents: random, policy, search)" in unknown.stderr
    policy = bp("sim", "--games", "4", "--seed", "3", "--json", "--root", str(repo_root))
    random = bp("sim", "--games", "4", "--seed", "3", "--json", "--agent", "random", "--root", str(repo_root))
    assert policy.returncode == random.returncode == 0
    assert policy.stdout != random.stdout  # the default is the policy, not uniform random play


class _Comparing(sim.PolicyAgent):
    """The policy agent, comparing at every decision what it reads (decision.glance, kinds, refs, cost(i), keys(i)) with the
    decision's observation and options, which it no longer builds."""

    compared = 0

    def choose(self, decision: sim.Decision) -> int:
        seen, glance = decision.observation, decision.glance
        assert glance.turn == seen.turn and glance.my_turn == (seen.turn == "you")
        for mine, theirs in ((glance.you, seen.you), (glance.opponent, seen.opponent)):
            assert (mine.side, mine.life) == (theirs.side, theirs.life)
            assert mine.hand_size == (len(theirs.hand) if isinstance(theirs.hand, tuple) else theirs.hand)
            assert [(c.id, c.kind, c.driven, c.size, c.role, c.blocking, c.new, c.labels) for c in mine.field] == [
                (c.id, c.kind, c.driven, c.size, c.role, c.blocking, c.new, c.labels) for c in theirs.field]
        assert (glance.top_side, glance.top_refs) == ((seen.stage[-1].side, seen.stage[-1].refs) if seen.stage else (None, ()))
        assert glance.top_mine == ((1 if seen.stage[-1].side == "you" else 0) if seen.stage else -1)
        assert glance.stage_sides() == {request.id: request.side for request in seen.stage}
        new_attackers = tuple(decision.policy.new_attackers)
        ready = [c.size or 0 for c in seen.you.field if c.kind == "soldier" and not c.driven and c.labels is not None
                 and ATTACKER in c.labels and (not c.new or any(label in new_attackers for label in c.labels))]
        strongest = max((c.size or 0 for c in seen.opponent.field if c.kind == "soldier" and not c.driven), default=-1)
        assert glance.ready_outsizes(ATTACKER, new_attackers) == any(size > strongest for size in ready)
        ready_ids = [c.id for c in seen.you.field if c.kind == "soldier" and not c.driven and c.labels is not None
                     and ATTACKER in c.labels and (not c.new or any(label in new_attackers for label in c.labels))
                     and (c.size or 0) > strongest]
        assert glance.attackers(ATTACKER, new_attackers) == ready_ids
        for c in (*seen.you.field, *seen.opponent.field):
            assert glance.soldier_size(c.id) == ((c.size or 0) if c.kind == "soldier" else 0)
            assert glance.sized(c.id, -1) == ((c.size or 0) if c.kind == "soldier" else -1)
        assert glance.soldier_size(-1) == glance.soldier_size("you") == 0  # on neither field; not a character
        assert glance.sized(-1, 0) is None
        blocked = {c.blocking for c in seen.you.field if c.blocking is not None}
        attacker = next((c for c in seen.opponent.field if c.role == "attacker" and c.id not in blocked), None)
        assert glance.unblocked_attacker_size() == ((attacker.size or 0) if attacker is not None else 0)
        free = [c.size or 0 for c in seen.you.field if c.kind == "soldier" and not c.driven and c.role is None]
        for size in range(-1, 8):
            assert glance.free_soldier_of(size) == any(s >= size for s in free)
        assert decision.kinds == tuple(option.kind for option in decision.options)
        assert decision.refs == tuple(option.ref for option in decision.options)
        if decision.kind == "request":
            options = decision.options
            assert [decision.cost(i) for i in range(len(decision))] == [o.cost for o in options]
            assert [decision.keys(i) for i in range(len(decision))] == [o.keys for o in options]
            assert [decision.passes(i) for i in range(len(decision))] == [o.kind == "pass" for o in options]
        assert [decision.card_rank(i) for i in range(len(decision))] == [
            _rank(option.ref) if option.kind == "card" and option.ref != "?" else 0 for option in decision.options]
        _Comparing.compared += 1
        return super().choose(decision)


@pytest.mark.parametrize(("format_id", "frame_id"), [("lite", "entry20"), ("master", "extra"), ("pro", "strategy")])
def test_what_it_reads_is_what_the_observation_shows(engine: sim.Engine, format_id: str, frame_id: str) -> None:
    """The glance is the observation's values, read piecemeal: the same at every decision of whole games
    (trumps granting labels in エクストラ, face-down bulwarks, attacks and blocks, stages several deep)."""
    _Comparing.compared = 0
    for seed in range(4):
        game = sim.Game.new(engine, format_id, frame_id, seed=seed, agents=(_Comparing(seed), _Comparing(seed + 100)))
        game.play(200)
    assert _Comparing.compared > 200


def test_which_actions_its_rules_of_thumb_are_about_is_the_editions(defs, engine: sim.Engine) -> None:  # noqa: ANN001
    """rules.yaml `policy` names the actions it summons, answers and helps with: an edition without it is played by
    the same agent with every action as any other spell, and so otherwise."""
    from dataclasses import replace

    from toolchain.model import Policy

    assert "retarget" in defs.rules.policy.answers and defs.rules.policy.off_turn == {"quick-summon": 2.0}
    plain = sim.Engine(replace(defs, rules=replace(defs.rules, policy=Policy())))
    assert any(_decide(engine, GIVEN, seed) != _decide(plain, GIVEN, seed) for seed in range(8))
