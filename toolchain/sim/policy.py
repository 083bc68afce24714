"""A weighted policy agent: plays like a cautious beginner rather than uniformly at random, so that
random games last like real ones. Seeded, and it decides only from what its player may see (2.11.1):
the decision's observation (its own hand, the field with the other player's face-down bulwarks as `?`,
the number of cards in its life, the stage) and the options as it sees them; it never holds the game.
Each decision weighs the options by a few rules of thumb and draws one. Which of the edition's actions each rule
of thumb is about is the edition's data (rules.yaml `policy`, read through `decision.policy`): an action it does
not name there is to it "any other spell".

    agents = (PolicyAgent(1), PolicyAgent(2))

The rules of thumb: on its turn it summons while it has few soldiers, places bulwarks while it has
few, attacks only with soldiers no charged soldier of the opponent outsizes, and ends the turn when
nothing is worth doing; it answers the opponent's requests against its own characters or itself
with a counter now and then, and otherwise lets requests resolve; it blocks an attacker it can
beat with a soldier, blocks a big one (or any, when its life is short) with a bulwark, discards its
lowest cards and targets the opponent's biggest soldier with harmful actions, its own with helpful ones.

It reads the observation through `decision.glance` (the same values, each worked out when first read)
and a request's cost and keycards through `decision.cost(i)` and `decision.keys(i)`: most decisions
need a few facts, and building the whole observation and every option's text took five times as long as
the engine's own work (a balance run plays hundreds of thousands of games). Its draws are those of
`random.choices`, so a seed plays the games it always did (tests/sim/golden/policy-fingerprints.json).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from .cards import RANK, TEXT

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Mapping

    from .. import model as m
    from .agents import CharacterGlance, Decision, Glance, SideGlance

PASSING: Final = "pass"  # the engine's pass among a request decision's options (Decision.actions)
MANY_SOLDIERS: Final = 2
MANY_BULWARKS: Final = 2
SHORT_LIFE: Final = 5
LOW_LIFE: Final = 6
BIG_ATTACKER: Final = 4


RANK_OF_TEXT: Final = {text: rank for text, rank in zip(TEXT, RANK)}


def rank(text: str) -> int:
    """A seen card's rank (table 2.1); a card it cannot see (`?`) counts as nothing."""
    return max(RANK_OF_TEXT.get(text, 0), 0)


def _soldiers(characters: tuple[CharacterGlance, ...]) -> list[CharacterGlance]:
    return [c for c in characters if c.kind == "soldier"]


def _size(character: CharacterGlance) -> int:
    size = character.size
    return size if size is not None else 0


def _labels(character: CharacterGlance) -> tuple[str, ...]:
    labels = character.labels
    return labels if labels is not None else ()


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and users subclass it
class PolicyAgent:
    """Weighs every option by rules of thumb and draws one (seeded); reads only what the decision shows its player."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.acting: str | None = None  # the action of the request this agent is making (its targets and costs follow)

    def choose(self, decision: Decision) -> int:
        kind = decision.kind
        count = len(decision)
        if kind == "request":
            weights = self._request(decision, decision.policy)
        elif kind == "target":
            helpful = self.acting in decision.policy.helpful  # its targets are its own (rules.yaml policy `helpful`)
            weights = self._target(decision.glance, decision.kinds, decision.refs, helpful)
        elif kind == "choose":
            weights = self._choose(decision, decision.policy)
        elif kind == "option":
            weights = self._option(decision.glance, decision.kinds, decision.refs, decision.policy)
        else:
            weights = [1.0] * count
        if not any(weights):
            weights = [1.0] * count
        index = self._draw(weights)
        if kind == "request":
            actions = decision.actions
            self.acting = actions[index] if actions[index] != PASSING else None
        return index

    def _draw(self, weights: list[float]) -> int:
        """One index, drawn as `random.choices(range(len(weights)), weights)[0]` draws it: the same sums in the same
        order, the same random number, the first index whose running sum passes it (bisect_right, the last kept)."""
        cumulative = []
        total = 0.0
        for weight in weights:
            total += weight
            cumulative.append(total)
        drawn = self.rng.random() * (cumulative[-1] + 0.0)
        index, last = 0, len(cumulative) - 1
        while index < last and cumulative[index] <= drawn:
            index += 1
        return index

    # -- [3]: which request, or pass ----------------------------------------------------------------------
    def _request(self, decision: Decision, policy: m.Policy) -> list[float]:
        actions = decision.actions
        by_action: dict[str, list[int]] = {}
        for i, action in enumerate(actions):
            by_action.setdefault(action, []).append(i)
        view = decision.glance
        life = _life(view)
        weights = [0.0] * len(actions)
        attacking: list[bool] = []  # whether a soldier is worth attacking with: worked out once, for the first attack
        for action, indices in by_action.items():
            weight = self._action_weight(view, action, policy, attacking)
            if life <= LOW_LIFE:
                if "L" in decision.cost(indices[-1]):
                    weight *= 0.05  # L is paid with the life: a short life is kept for the game, not spent
                if action != PASSING and action not in policy.unpressed and action not in policy.answers:
                    weight *= 0.5  # with a short life, only what protects it is worth a request: bulwarks and answers
            best = indices[0]
            if len(indices) > 1:  # one way to make it: the keycards worth most for it (the first of the best)
                best = self._best_keys(decision, indices, action in policy.bulwarks)
            weights[best] = weight
        return weights

    def _action_weight(self, view: Glance, action: str, policy: m.Policy, attacking: list[bool]) -> float:
        top = view.top_side
        if top is not None:
            if top == "you":
                return 8.0 if action == PASSING else 0.2
            if action == PASSING:
                return 6.0
            if action in policy.answers:
                mine = {c.id for c in view.you.field}
                against_me = any((kind == "character" and ref in mine) or (kind == "player" and ref == "you")
                                 for kind, ref in view.top_refs)
                return 3.0 if against_me else 0.3
            return 0.3
        if view.turn != "you":
            return 6.0 if action == PASSING else policy.off_turn.get(action, 0.3)
        you = view.you
        if action in policy.summons:
            return 6.0 if len(_soldiers(you.field)) < MANY_SOLDIERS else 0.4
        if action in policy.bulwarks:
            bulwarks = [c for c in you.field if c.kind == "bulwark"]
            return 5.0 if len(bulwarks) < MANY_BULWARKS and you.hand_size > 2 else 0.2
        if action in policy.attacks:
            if not attacking:
                attacking.append(bool(self._attackers(view, policy)))
            return 5.0 if attacking[0] else 0.2
        if action in policy.setup:
            return 2.5
        if action in policy.ends:
            return 1.0
        if action == PASSING:
            return 0.2  # with an empty stage it only hands the chance round: the turn goes on
        return 0.4  # any other spell: now and then, keeping the hand for answers

    @staticmethod
    def _best_keys(decision: Decision, indices: list[int], spends_smallest: bool) -> int:
        """The way whose keycards are worth most for the action (the first of the best): the highest ranks, for bigger
        soldiers and stronger spells; bulwarks and discards spend the smallest cards."""
        best, best_value = indices[0], 0
        for n, i in enumerate(indices):
            value = decision.keys_rank(i)  # the ranks of its own cards, as rank() reads their texts
            if spends_smallest:
                value = -value
            if n == 0 or value > best_value:
                best, best_value = i, value
        return best

    # -- attacks and blocks ---------------------------------------------------------------------------------
    @staticmethod
    def _attackers(view: Glance, policy: m.Policy) -> list[CharacterGlance]:
        """My soldiers worth attacking with: charged, able to attack, and bigger than every charged soldier of the opponent
        (the cheap tests first: most of the time none is charged, or none can attack)."""
        ready = [c for c in _soldiers(view.you.field) if not c.driven]
        ready = [c for c in ready if "attacker" in _labels(c) and (not c.new or any(label in policy.new_attackers for label in _labels(c)))]
        if not ready:
            return []
        strongest = max((_size(c) for c in _soldiers(view.opponent.field) if not c.driven), default=-1)
        return [c for c in ready if _size(c) > strongest]

    def _choose(self, decision: Decision, policy: m.Policy) -> list[float]:
        prompt, kinds = decision.prompt, decision.kinds
        discard = any(word in prompt for word in policy.discard_words)  # discard the lowest cards
        attackers = bool(policy.attackers_prompt) and prompt == policy.attackers_prompt
        if not attackers and "character" not in kinds and not (discard and "card" in kinds):
            return [1.0] * len(kinds)  # nothing to weigh (the game start's choices of cards)
        view, refs = decision.glance, decision.refs
        done = [i for i, kind in enumerate(kinds) if kind == "label"]
        if attackers:
            wanted = {c.id for c in self._attackers(view, policy)}
            weights = [4.0 if kind == "character" and ref in wanted else 0.0 for kind, ref in zip(kinds, refs)]
            for i in done:
                weights[i] = 1.0 if any(weights) else 5.0
            return weights
        characters = {c.id: c for side in (view.you, view.opponent) for c in side.field}
        chosen = [characters.get(ref) if kind == "character" else None for kind, ref in zip(kinds, refs)]
        present = [c for c in chosen if c is not None]
        if present and bool(policy.blockers_prompt) and prompt == policy.blockers_prompt:
            biggest = max(present, key=lambda c: _size(c) if c.kind == "soldier" else 0)
            return [5.0 if c is biggest else (3.0 if i in done else 0.5) for i, c in enumerate(chosen)]
        if present:  # S: the character to give up: the smallest
            smallest = min(present, key=lambda c: _size(c) if c.kind == "soldier" else -1)
            return [5.0 if c is smallest else 0.5 for c in chosen]
        cards = [i for i, kind in enumerate(kinds) if kind == "card"]
        if cards and discard:
            lowest = min(cards, key=lambda i: rank(refs[i]))
            return [5.0 if i == lowest else 0.5 for i in range(len(kinds))]
        return [1.0] * len(kinds)

    def _option(self, view: Glance, kinds: tuple[str, ...], refs: tuple[object, ...], policy: m.Policy) -> list[float]:
        labels = [ref if kind == "label" else None for kind, ref in zip(kinds, refs)]  # a label's text is what it names
        blocks, more = policy.block_labels, policy.draw_more_label
        if blocks and blocks.get("none") in labels:
            return [self._block_weight(view, label, blocks) for label in labels]
        if more and more in labels:  # a card more in the hand is a card less in the life
            wanted = view.you.hand_size < 3 and _life(view) > LOW_LIFE
            return [5.0 if (label == more) == wanted else 0.5 for label in labels]
        return [1.0] * len(labels)

    @staticmethod
    def _block_weight(view: Glance, label: str | None, blocks: Mapping[str, str]) -> float:
        mine_field = view.you.field
        blocked = {c.blocking for c in mine_field if c.blocking is not None}
        attacker = next((c for c in view.opponent.field if c.role == "attacker" and c.id not in blocked), None)
        size = _size(attacker) if attacker is not None else 0
        short = _life(view) <= size + SHORT_LIFE  # this hit would leave little or nothing
        mine = [_size(c) for c in _soldiers(mine_field) if not c.driven and c.role is None]
        if label == blocks.get("soldier"):
            return 6.0 if any(s >= size for s in mine) else (3.0 if short else 0.3)
        if label == blocks.get("bulwark"):
            return 5.0 if short or size >= BIG_ATTACKER else 0.5
        return 0.02 if short else 1.0

    # -- targets --------------------------------------------------------------------------------------------
    def _target(self, view: Glance, kinds: tuple[str, ...], refs: tuple[object, ...], helpful: bool) -> list[float]:
        you, opponent = view.you, view.opponent
        mine = {c.id for c in you.field}
        stage_side = view.stage_sides()
        weights = []
        for kind, ref in zip(kinds, refs):
            if kind == "character":
                own = ref in mine
                weights.append((3.0 + _soldier_size(you, opponent, ref) / 4) if own == helpful else 0.3)
            elif kind == "player":
                weights.append(3.0 if (ref == "you") == helpful else 0.3)
            elif kind == "request":
                side = stage_side.get(ref)  # type: ignore[call-overload]
                weights.append(3.0 if side is not None and side != "you" else 0.3)
            else:
                weights.append(1.0)
        return weights


def _life(view: Glance) -> int:
    """The deciding player's own life (it always knows its count)."""
    life = view.you.life
    return life if life is not None else 0


def _soldier_size(you: SideGlance, opponent: SideGlance, ref: object) -> int:
    """A character's size when it is a soldier (0 for a bulwark or one not on the field)."""
    for side in (you, opponent):
        for character in side.field:
            if character.id == ref and character.kind == "soldier":
                return _size(character)
    return 0
