"""A search player: information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012),
determinized from what its seat may see (2.11.1).

    agent = SearchAgent(seed, budget=32)   # `budget` simulations per decision at [3]

At each request decision (which request at [3], or pass) the agent plays `budget` simulated games. Each starts
from a world drawn afresh: a copy of the game in which every card the seat cannot see is dealt again at random
among the places it cannot see (`determinized`), and the engine's own dice are reseeded. The tree's nodes are
the request decisions of both seats along a line of play, shared by every world; a simulation walks down it by
UCB1 over the actions the world offers (counted by availability, as ISMCTS does; the keycards of a request are
the policy agent's), adds one node, then plays the game out with the policy agent and scores the end (a win 1,
a game stopped at the turn cap one half). The action taken is the root's most visited one where it scored
better than the policy agent's own choice by MARGIN; else the policy agent's choice.

The other decisions (costs, targets, choices inside an effect, the game start) are the policy agent's: they
come in the middle of a program, where a copy of an agent-played game cannot resume.

What the seat cannot see never reaches the search: a world is dealt from the sorted pool of unseen cards with the
agent's own random numbers, so it is the same whatever order the hidden cards lay in; tests/sim/test_search.py
permutes them and asserts the same decision.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from .. import sim

DEFAULT_BUDGET = 32  # simulations per decision (benchmarks/search.py measures it against the policy agent)
EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
MARGIN = 0.15  # how much better than the policy agent's choice an option must have scored to be taken instead
TURN_CAP = 200  # a simulated game's turn cap (as a balance run's)
Place = tuple[list, int]  # a position in a zone's list (or in a character's cards)


def unseen_places(state: sim.state.State, seat: int) -> list[list[Place]]:
    """The places whose card `seat` cannot see (2.11.1), in classes whose cards may trade places: the other
    player's hand, face-down characters, rare card, life and unopened pack; the other player's face-down trumps
    (a trump card is the trump it names); the seat's own life and unopened pack (ライフの中身 is hidden from its
    owner too). Cards the seat was shown or looked at (`known`) are seen."""
    if not state.players:
        return []
    known = state.known[seat]
    other, mine = state.players[1 - seat], state.players[seat]
    theirs: list[Place] = [(other.hand, i) for i in range(len(other.hand))]
    theirs += [(c.cards, i) for c in other.field if c.face_down for i in range(len(c.cards))]
    theirs += [(other.rare, i) for i in range(len(other.rare))] + [(other.life, i) for i in range(len(other.life))]
    if not other.pack_open:
        theirs += [(other.pack, i) for i in range(len(other.pack))]
    trumps: list[Place] = [(other.trump, i) for i, card in enumerate(other.trump) if card not in other.trumps_up]
    own: list[Place] = [(mine.life, i) for i in range(len(mine.life))]
    if not mine.pack_open:
        own += [(mine.pack, i) for i in range(len(mine.pack))]
    return [[(zone, i) for zone, i in places if zone[i] not in known] for places in (theirs, trumps, own)]


def redeal(state: sim.state.State, seat: int, rng: random.Random) -> None:
    """Deal every card `seat` cannot see again, at random within its class: the pool sorted first, so that the
    deal depends on which cards are unseen and where the unseen places are, never on which card lay where."""
    for places in unseen_places(state, seat):
        cards = sorted(zone[i] for zone, i in places)
        rng.shuffle(cards)
        for (zone, i), card in zip(places, cards):
            zone[i] = card


def determinized(game: sim.Game, seat: int, rng: random.Random, agents: list[Any]) -> sim.Game:
    """A copy of `game` (standing at [3]) played by `agents`, with what `seat` cannot see dealt again and the
    engine's random numbers drawn afresh (the seat cannot know them either)."""
    world = game.clone(agents)
    if world.public.enabled and world.due is None:
        world.public.enabled = False  # a copy of a game played through public decisions, at [3]: played by its agents
    redeal(world.state, seat, rng)
    world.rng.seed(rng.getrandbits(64))
    return world


@dataclass
class Node:
    """A request decision along a line of play: its options by key, visited and scored from the mover's side."""

    mover: int = -1  # the seat that took the option leading here
    visits: int = 0
    reward: float = 0.0
    available: int = 0  # simulations in which this option was offered (ISMCTS's availability)
    children: dict[tuple, Node] = field(default_factory=dict)


def one_way(decision: sim.Decision, action: str, policy: sim.PolicyAgent) -> int:
    """The option by which to make a request of `action`: the only one, or the one the policy agent takes among
    them (the keycards worth most for it): the tree branches on the actions, the policy picks the keycards."""
    indices = [i for i, each in enumerate(decision.actions) if each == action]
    if len(indices) == 1:
        return indices[0]
    narrowed = decision.narrowed(indices)
    try:
        return indices[policy.choose(narrowed)]
    finally:
        narrowed.seal()


class _Walk:
    """One simulation's way down the tree: where it stands, the nodes it passed, whether it has left the tree."""

    __slots__ = ("node", "path", "in_tree", "rng")

    def __init__(self, root: Node, rng: random.Random) -> None:
        self.node, self.path, self.in_tree, self.rng = root, [root], True, rng

    def action(self, decision: sim.Decision, offered: frozenset[str] | None = None) -> str:
        """The action (or pass) to take at a request decision, by the tree: an option never tried here first."""
        actions = [action for action in dict.fromkeys(decision.actions) if offered is None or action in offered]
        node = self.node
        children = [node.children.setdefault(action, Node(mover=decision.seat)) for action in actions]
        for child in children:
            child.available += 1
        fresh = [i for i, child in enumerate(children) if child.visits == 0]
        if fresh:
            index = self.rng.choice(fresh)
            self.in_tree = False  # one node added per simulation; the rest is played out
        else:
            index = max(range(len(children)), key=lambda i: _ucb(children[i]))
        self.node = children[index]
        self.path.append(self.node)
        return actions[index]


def _mean(root: Node, action: str) -> float:
    child = root.children.get(action)
    return child.reward / child.visits if child is not None and child.visits else 0.0


def _ucb(node: Node) -> float:
    return node.reward / node.visits + EXPLORATION * math.sqrt(math.log(max(node.available, 1)) / node.visits)


class _SimulatedSeat:
    """A seat of a simulated game: its request decisions walk the tree while the walk is in it; the rest, and
    everything after the walk left the tree, are the policy agent's."""

    def __init__(self, walk: _Walk, seed: int) -> None:
        self.walk = walk
        self.policy = sim.PolicyAgent(seed)

    def choose(self, decision: sim.Decision) -> int:
        if decision.kind != "request" or not self.walk.in_tree:
            return self.policy.choose(decision)
        return _take(decision, self.walk.action(decision), self.policy)


def _take(decision: sim.Decision, action: str, policy: sim.PolicyAgent) -> int:
    index = one_way(decision, action, policy)
    policy.acting = action if action != "pass" else None  # its costs and targets follow from it
    return index


class SearchAgent:
    """Chooses each request by `budget` simulations of determinized worlds (ISMCTS); the rest as the policy agent."""

    def __init__(self, seed: int | None = None, budget: int = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.policy = sim.PolicyAgent(self.rng.getrandbits(32))
        self.simulations = 0  # played so far (the benchmark's count)
        self._taken: dict[Any, set[str]] = {}  # what it saw when it decided (its observation) → the options it took

    def choose(self, decision: sim.Decision) -> int:
        if decision.kind != "request" or len(decision) < 2 or self.budget < 1:
            return self.policy.choose(decision)
        actions = list(dict.fromkeys(decision.actions))
        # An action taken here before that led back to the same view changed nothing: taken again, the turn would
        # stall for ever (a turn player passing with the stage empty gets the chance back).
        seen = decision.observation
        stalled = self._taken.setdefault(seen, set())
        root = self.search(decision, frozenset(stalled) if len(stalled) < len(actions) else frozenset())
        visits = [root.children[action].visits if action in root.children else -1 for action in actions]
        chosen = actions[visits.index(max(visits))]
        # The policy agent's own choice stands unless the search found better by a margin: a few simulations per
        # option are noisy, and a noisy choice plays worse than the rules of thumb.
        drawn = self.policy.choose(decision)
        if decision.actions[drawn] not in stalled and _mean(root, decision.actions[drawn]) + MARGIN >= _mean(root, chosen):
            chosen = decision.actions[drawn]
        stalled.add(chosen)
        if len(self._taken) > 256:  # the views of this turn are what matter
            self._taken = {seen: stalled}
        if chosen == decision.actions[drawn]:
            return drawn
        return _take(decision, chosen, self.policy)

    def search(self, decision: sim.Decision, excluded: frozenset[str] = frozenset()) -> Node:
        """The tree after `budget` simulations from the decision's game, seen from its seat (without the options
        `excluded`)."""
        game = decision._live()  # copied, and what the seat cannot see dealt again, before anything reads it
        seat = decision.seat
        # a restricted agent's narrowed decision offers fewer than the game does
        offered = frozenset(decision.actions) - excluded
        root = Node()
        for _simulation in range(self.budget):
            walk = _Walk(root, self.rng)
            seats = [_SimulatedSeat(walk, self.rng.getrandbits(32)) for _seat in range(2)]
            world = determinized(game, seat, self.rng, seats)
            seats[seat].walk = _RootWalk(walk, offered)  # the first decision is this one, with its own options
            try:
                decided = world.play(TURN_CAP)
            except sim.errors.EngineLoop:  # a program that never ends: no winner
                decided = False
            winner = world.winner if decided else None
            for node in walk.path[1:]:
                node.visits += 1
                node.reward += 0.5 if winner is None else float(winner == node.mover)
            self.simulations += 1
        return root


class _RootWalk:
    """The deciding seat's walk, whose first request is the decision searched: only the actions it offers."""

    def __init__(self, walk: _Walk, offered: frozenset[str]) -> None:
        self.walk, self.offered, self.first = walk, offered, True

    @property
    def in_tree(self) -> bool:
        return self.walk.in_tree

    def action(self, decision: sim.Decision) -> str:
        offered, self.first = (self.offered if self.first else None), False
        return self.walk.action(decision, offered)
