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
and a request's action, cost and keycards through `decision.spec(i)`, `decision.pays_life(i)` and `decision.keys_rank(i)`
(what it reads of each action is kept by the action's position, ActionSpec.position): most decisions
need a few facts, and building the whole observation and every option's text took five times as long as
the engine's own work (a balance run plays hundreds of thousands of games). Its draws are those of
`random.choices`, so a seed plays the games it always did (tests/sim/golden/policy-fingerprints.json).
"""

from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Mapping

    from .. import model as m
    from .agents import Decision, Glance
    from .ruleset import ActionSpec

PASSING: Final = "pass"  # the engine's pass among a request decision's options (Decision.actions)
MANY_SOLDIERS: Final = 2
MANY_BULWARKS: Final = 2
SHORT_LIFE: Final = 5
LOW_LIFE: Final = 6
BIG_ATTACKER: Final = 4
ATTACKER: Final = "attacker"  # the label of a soldier able to attack (its CharacterGlance.labels)


_PLAIN: Final = random.Random
_RANDOM: Final = random.Random.random  # the C method itself: compiled, `rng.random()` looks it up along the class's bases


def _random(rng: random.Random) -> float:
    """`rng.random()`: called directly for a plain Random (a subclass's own `random` is asked for as usual)."""
    if type(rng) is _PLAIN:
        return _RANDOM(rng)
    return rng.random()


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and users subclass it
class PolicyAgent:
    """Weighs every option by rules of thumb and draws one (seeded); reads only what the decision shows its player."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.acting: str | None = None  # the action of the request this agent is making (its targets and costs follow)
        # Made once and read again at every request decision: making and freeing them at each cost more than reading them
        self._facts = _Facts()
        # Each run's action and its weight (a float kept unboxed on the agent's own slot: the _Known records are shared by
        # every agent of the edition, games in other threads among them): overwritten, never shortened
        self._weighed: list[_Weighed] = []

    def choose(self, decision: Decision) -> int:
        kind = decision.kind
        count = len(decision)
        if kind == "request":
            index = self._request(decision, decision.policy)
            action = decision.action(index)
            self.acting = action if action != PASSING else None
            return index
        if kind == "target":
            acting = self.acting  # its targets are its own when it is helpful (rules.yaml policy `helpful`)
            helpful = acting is not None and _roles(decision.policy).of.get(acting, 0) & HELPFUL != 0
            weights = self._target(decision.glance, decision.kinds, decision.refs, helpful)
        elif kind == "choose":
            weights = self._choose(decision, decision.policy)
        elif kind == "option":
            weights = self._option(decision.glance, decision.kinds, decision.refs, decision.policy)
        else:
            return self._draw_alike(count)
        if not _some(weights):  # nothing weighs anything (or nothing was weighed: an empty list)
            return self._draw_alike(count)
        return self._draw(weights)

    def _draw(self, weights: list[float]) -> int:
        """One index, drawn as `random.choices(range(len(weights)), weights)[0]` draws it: the same sums in the same
        order, the same random number, the first index whose running sum passes it (bisect_right, the last kept)."""
        total = 0.0
        for weight in weights:
            total += weight
        drawn = _random(self.rng) * (total + 0.0)
        running, last = 0.0, len(weights) - 1
        for index in range(last):  # the running sums again, added in the same order: the same floats
            running += weights[index]
            if running > drawn:
                return index
        return last

    def _draw_alike(self, count: int) -> int:
        """`_draw([1.0] * count)` without the list: its running sums are the whole numbers 1, 2, … (exact floats), so
        the first to pass the drawn number is the one after its integer part (the same random number, the same index)."""
        drawn = _random(self.rng) * (float(count) + 0.0)
        return min(int(drawn), count - 1)

    # -- [3]: which request, or pass ----------------------------------------------------------------------
    def _request(self, decision: Decision, policy: m.Policy) -> int:
        """The option taken: each action weighed once, on its best way (the rest weigh nothing), and one drawn as
        _draw draws it from the weights of every option. Only the drawn action's best way is looked for: the zeros
        between the runs change no running sum, so the draw passes the same action at the same random number."""
        count = len(decision)
        roles = _roles(policy)
        view = decision.glance
        short = view.life <= LOW_LIFE
        starts = decision.runs
        if starts is None:  # an action's ways not all together: weighed by the groups of every way of an action
            weights = self._request_grouped(decision, roles, decision.actions, view, short)
            if not _some(weights):
                return self._draw_alike(count)
            return self._draw(weights)
        facts = self._facts.read(view)  # what the weights read of the glance, each worked out once for every action
        runs = len(starts)
        weighed = self._weighed
        while len(weighed) < runs:  # a record per action, made once: the loop below only overwrites them
            weighed.append(_Weighed())
        kept = roles.known
        total, some = 0.0, False
        k = 0
        for start in starts:
            # _known's lookup, in place (it runs for every action of most decisions); _known reads the pass, an action
            # met for the first time and one of another set of definitions kept at the same position
            spec = decision.spec(start)
            position = spec.position if spec is not None else -1
            found = kept[position] if 0 <= position < len(kept) else None
            if found is not None and found.spec is spec:
                known = found
            elif spec is None and decision.passes(start):
                known = roles.pass_known
            else:
                known = _known(roles, decision, start)
            weight = _action_weight(roles, facts, view, known.passing, known.role, known.off_turn)
            if short:  # its cost read only then
                weight = _short_weight(weight, known.pays_life, known.passing, known.role)
            slot = weighed[k]
            slot.role, slot.weight = known.role, weight
            k += 1
            total += weight
            if weight:
                some = True
        if not some:
            return self._draw_alike(count)
        drawn = _random(self.rng) * (total + 0.0)
        last = count - 1
        if drawn < 0.0 and last > 0 and _run_best(decision, weighed[0].role, starts, 0, count) != 0:
            return 0  # _draw's first index, weighing nothing, already passes a negative draw
        running = 0.0
        for k in range(runs):
            running += weighed[k].weight
            if running > drawn:
                best = _run_best(decision, weighed[k].role, starts, k, count)
                return min(last, best)
        return last

    def _request_weights(self, decision: Decision, policy: m.Policy) -> list[float]:
        """Every option's weight at a request decision, as _request draws from them: each action's best way weighs
        the action, its other ways nothing."""
        count = len(decision)
        roles = _roles(policy)
        view = decision.glance
        short = _life(view) <= LOW_LIFE
        starts = decision.runs
        if starts is None:
            return self._request_grouped(decision, roles, decision.actions, view, short)
        facts = _Facts().read(view)
        weights = [0.0] * count
        runs = len(starts)
        for k in range(runs):
            end = starts[k + 1] if k + 1 < runs else count
            action = decision.action(starts[k])
            role = roles.of.get(action, 0)
            weights[_run_best(decision, role, starts, k, count)] = _weight(decision, roles, facts, view, action, role, short,
                                                                           end - 1)
        return weights

    def _request_grouped(self, decision: Decision, roles: _Roles, actions: tuple[str, ...], view: Glance,
                         short: bool) -> list[float]:
        """_request for options whose ways of one action do not all come together."""
        by_action: dict[str, list[int]] = {}
        for i, action in enumerate(actions):
            by_action.setdefault(action, []).append(i)
        weights = [0.0] * len(actions)
        facts = _Facts().read(view)
        for action, indices in by_action.items():
            role = roles.of.get(action, 0)
            best = indices[0]
            if len(indices) > 1:
                best = self._best_keys(decision, indices, role & BULWARK != 0)
            weights[best] = _weight(decision, roles, facts, view, action, role, short, indices[-1])
        return weights

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
    def _attackers(view: Glance, policy: m.Policy) -> list[int]:
        """The ids of my soldiers worth attacking with: charged, able to attack, and bigger than every charged soldier of
        the opponent."""
        return view.attackers(ATTACKER, _roles(policy).new_attackers)

    def _choose(self, decision: Decision, policy: m.Policy) -> list[float]:
        """Each option's weight, or none (an empty list) when every option is alike."""
        prompt, kinds = decision.prompt, decision.kinds
        roles = _roles(policy)
        discard = _names_any(prompt, roles.discard_words)  # discard the lowest cards
        attackers = bool(roles.attackers_prompt) and prompt == roles.attackers_prompt
        characters = _has(kinds, "character")
        if not attackers and not characters and not (discard and _has(kinds, "card")):
            return []  # nothing to weigh (the game start's choices of cards): every option alike
        view = decision.glance
        done = [i for i, kind in enumerate(kinds) if kind == "label"]
        if attackers:
            wanted = self._attackers(view, policy)
            weights = [4.0 if kind == "character" and _among(wanted, ref) else 0.0 for kind, ref in zip(kinds, decision.refs)]
            for i in done:
                weights[i] = 1.0 if _some(weights) else 5.0
            return weights
        if characters:  # the refs read only here: a discard's cards are weighed by their ranks, without their texts
            refs = decision.refs
            blockers = bool(roles.blockers_prompt) and prompt == roles.blockers_prompt
            # Each option's character as its CharacterGlance's kind and size would weigh it (a bulwark counts as 0 among
            # blockers, -1 to give up), None for an option that is none: read without a glance at every character.
            sizes = _sizes(view, kinds, refs, 0 if blockers else -1)
            if blockers:
                biggest = _first_extreme(sizes, True)  # the first of the biggest
                if biggest >= 0:
                    return [5.0 if _same_character(sizes, refs, i, biggest) else (3.0 if kinds[i] == "label" else 0.5)
                            for i in range(len(kinds))]
            else:  # S: the character to give up: the first of the smallest
                smallest = _first_extreme(sizes, False)
                if smallest >= 0:
                    return [5.0 if _same_character(sizes, refs, i, smallest) else 0.5 for i in range(len(kinds))]
        if discard:
            lowest, least = -1, 0  # the first of the lowest cards
            for i, kind in enumerate(kinds):
                if kind == "card":
                    value = decision.card_rank(i)  # rank(refs[i]), read from the card itself
                    if lowest < 0 or value < least:
                        lowest, least = i, value
            if lowest >= 0:
                return [5.0 if i == lowest else 0.5 for i in range(len(kinds))]
        return []  # every option alike

    def _option(self, view: Glance, kinds: tuple[str, ...], refs: tuple[object, ...], policy: m.Policy) -> list[float]:
        """Each option's weight, or none (an empty list) when every option is alike."""
        roles = _roles(policy)
        blocks, more = roles.block_labels, roles.draw_more_label
        if blocks and _names_label(kinds, refs, blocks.get("none")):
            labels = [ref if kind == "label" else None for kind, ref in zip(kinds, refs)]  # a label's text is what it names
            return _block_weights(view, labels, blocks)
        if more and _names_label(kinds, refs, more):  # a card more in the hand is a card less in the life
            wanted = view.hand_size < 3 and _life(view) > LOW_LIFE
            return [5.0 if _is_label(kind, ref, more) == wanted else 0.5 for kind, ref in zip(kinds, refs)]
        return []  # every option alike

    # -- targets --------------------------------------------------------------------------------------------
    def _target(self, view: Glance, kinds: tuple[str, ...], refs: tuple[object, ...], helpful: bool) -> list[float]:
        stage_side: dict[int, str] | None = None  # whose each request on the stage is: read for a request's option only
        weights = []
        for kind, ref in zip(kinds, refs):
            if kind == "character":
                own = view.owns(ref)
                weights.append((3.0 + view.soldier_size(ref) / 4) if own == helpful else 0.3)
            elif kind == "player":
                weights.append(3.0 if (ref == "you") == helpful else 0.3)
            elif kind == "request":
                if stage_side is None:
                    stage_side = view.stage_sides()
                side = stage_side.get(ref)  # type: ignore[call-overload]
                weights.append(3.0 if side is not None and side != "you" else 0.3)
            else:
                weights.append(1.0)
        return weights


def _some(weights: list[float]) -> bool:
    """`any(weights)`, looped natively: compiled, `any` is looked up among the builtins and called at every decision."""
    for weight in weights:
        if weight:
            return True
    return False


def _has(kinds: tuple[str, ...], kind: str) -> bool:
    """`kind in kinds`, looped natively: compiled, `in` on a tuple compares through Python's ==."""
    for each in kinds:
        if each == kind:
            return True
    return False


def _among(ids: list[int], ref: object) -> bool:
    """`ref in ids` for a character's id (an int), compared natively."""
    if not isinstance(ref, int):
        return False
    for each in ids:
        if each == ref:
            return True
    return False


def _is_label(kind: str, ref: object, label: str) -> bool:
    """Whether an option is this label (a label's ref is its text): compared natively, not through Python's ==."""
    return kind == "label" and isinstance(ref, str) and ref == label


def _names_label(kinds: tuple[str, ...], refs: tuple[object, ...], label: str | None) -> bool:
    """`label in labels` of the options' labels (None for an option that is not one), without the list: None is among
    them when an option is not a label."""
    for kind, ref in zip(kinds, refs):
        if label is None:
            if kind != "label":
                return True
        elif _is_label(kind, ref, label):
            return True
    return False


def _names_any(prompt: str, words: tuple[str, ...]) -> bool:
    """Whether one of the words is in the prompt."""
    for word in words:
        if word in prompt:
            return True
    return False


def _sizes(view: Glance, kinds: tuple[str, ...], refs: tuple[Any, ...], other: int) -> list[int | None]:
    """Each option's character as the glance shows it, by its size when a soldier (0 for one the deciding player cannot
    see) and `other` when of another kind; None for an option that is not one of the characters on the field. Without a
    character among the options (cards to discard), no character is looked for."""
    if not _has(kinds, "character"):
        return [None] * len(kinds)
    return [view.sized(ref, other) if kind == "character" else None for kind, ref in zip(kinds, refs)]


def _first_extreme(sizes: list[int | None], biggest: bool) -> int:
    """The index of the first of the biggest (or smallest) of the sizes that are not None; -1 when all are None."""
    found, most = -1, 0
    for i, size in enumerate(sizes):
        if size is not None and (found < 0 or (size > most if biggest else size < most)):
            found, most = i, size
    return found


def _same_character(sizes: list[int | None], refs: tuple[Any, ...], i: int, chosen: int) -> bool:
    """Whether option i is the character of option `chosen` (the same id: options naming one character weigh alike)."""
    return sizes[i] is not None and bool(refs[i] == refs[chosen])


def _life(view: Glance) -> int:
    """The deciding player's own life (it always knows its count)."""
    return view.life


# The parts an action plays for the agent (rules.yaml `policy`), as bits of one number per action.
SUMMON: Final = 1
BULWARK: Final = 2
ATTACK: Final = 4
SETUP: Final = 8
END: Final = 16
ANSWER: Final = 32
UNPRESSED: Final = 64
HELPFUL: Final = 128


class _Roles:
    """An edition's policy read once: each action's parts as bits (an action it does not name: 0, any other spell)."""

    __slots__ = ("attackers_prompt", "block_labels", "blockers_prompt", "discard_words", "draw_more_label", "known",
                 "new_attackers", "of", "off_turn", "pass_known", "passing", "policy")

    def __init__(self, policy: m.Policy) -> None:
        self.policy = policy
        of: dict[str, int] = {}
        for bit, names in ((SUMMON, policy.summons), (BULWARK, policy.bulwarks), (ATTACK, policy.attacks),
                           (SETUP, policy.setup), (END, policy.ends), (ANSWER, policy.answers), (UNPRESSED, policy.unpressed),
                           (HELPFUL, policy.helpful)):
            for name in names:  # interned, as the engine's action ids are (ActionSpec): found by identity
                name = sys.intern(name)
                of[name] = of.get(name, 0) | bit
        self.of = of
        self.passing = of.get(PASSING, 0)  # the pass's: read at most request decisions, without the lookup
        self.off_turn: dict[str, float] = {sys.intern(name): weight for name, weight in policy.off_turn.items()}
        # What a request decision reads of each action, by its ActionSpec.position (_known): None where not read yet
        self.known: list[_Known | None] = []
        self.pass_known = _Known().read(self, PASSING, None)
        # The policy's words, read here once (its attributes are a Python dataclass's, slower to read than these)
        self.new_attackers: tuple[str, ...] = tuple(policy.new_attackers)
        self.attackers_prompt: str = policy.attackers_prompt
        self.blockers_prompt: str = policy.blockers_prompt
        self.discard_words: tuple[str, ...] = tuple(policy.discard_words)
        self.block_labels: dict[str, str] = dict(policy.block_labels)
        self.draw_more_label: str = policy.draw_more_label


class _Known:
    """What a request decision's weights read of one action, from the policy and its definition once: its parts,
    whether it is the pass, its weight off the turn, whether its cost has L; and the action it was read of (compared by
    identity: an action of another set of definitions at the same position is read anew)."""

    __slots__ = ("off_turn", "passing", "pays_life", "role", "spec")

    def __init__(self) -> None:  # made without arguments, then read()
        self.passing = False
        self.role = 0
        self.off_turn = 0.3
        self.pays_life = False
        self.spec: ActionSpec | None = None

    def read(self, roles: _Roles, action: str, spec: ActionSpec | None) -> _Known:
        self.passing = action == PASSING
        self.role = roles.passing if self.passing else roles.of.get(action, 0)
        self.off_turn = roles.off_turn.get(action, 0.3)
        self.pays_life = spec is not None and spec.cost_counts[1] > 0  # "L" in its cost as printed
        self.spec = spec
        return self


class _Weighed:
    """One action's role and weight at the request decision an agent is weighing (PolicyAgent._request), read again to
    find the drawn one: the agent's own, made once and overwritten."""

    __slots__ = ("role", "weight")

    def __init__(self) -> None:  # made without arguments, as copy.deepcopy makes an agent's (Game.clone)
        self.role = 0
        self.weight = 0.0


def _known(roles: _Roles, decision: Decision, index: int) -> _Known:
    """What the weights read of option `index`'s action: kept by the action's position among its definitions' (an
    action of another set of definitions at the same place is read anew and kept instead)."""
    spec = decision.spec(index)
    if spec is None:  # the pass (or an option that is no request)
        if decision.passes(index):
            return roles.pass_known
        action = decision.action(index)
        return roles.pass_known if action == PASSING else _Known().read(roles, action, None)
    position = spec.position
    known = roles.known
    if 0 <= position < len(known):
        found = known[position]  # one record holds the action it was read of: what it says and of what, read together
        if found is not None and found.spec is spec:
            return found
    made = _Known().read(roles, spec.id, spec)
    if position >= 0:
        while len(known) <= position:
            known.append(None)
        known[position] = made
    return made


class _Kept:
    """The policy last read (a run plays one edition at a time): compared by identity, without hashing it."""

    __slots__ = ("roles",)

    def __init__(self) -> None:
        self.roles: _Roles | None = None


_KEPT: Final = _Kept()


def _roles(policy: m.Policy) -> _Roles:
    roles = _KEPT.roles
    if roles is None or roles.policy is not policy:
        roles = _KEPT.roles = _Roles(policy)
    return roles


def _weight(decision: Decision, roles: _Roles, facts: _Facts, view: Glance, action: str, role: int, short: bool,
            last: int) -> float:
    """An action's weight at a request decision (its way `last` read for the cost)."""
    passing = action == PASSING
    weight = _action_weight(roles, facts, view, passing, role, roles.off_turn.get(action, 0.3))
    return _short_weight(weight, decision.pays_life(last), passing, role) if short else weight


def _short_weight(weight: float, pays_life: bool, passing: bool, role: int) -> float:
    """An action's weight with the deciding player's life short (`pays_life`: its cost has L)."""
    if pays_life:
        weight *= 0.05  # L is paid with the life: a short life is kept for the game, not spent
    if not passing and not role & (UNPRESSED | ANSWER):
        weight *= 0.5  # with a short life, only what protects it is worth a request: bulwarks and answers
    return weight


def _action_weight(roles: _Roles, facts: _Facts, view: Glance, passing: bool, role: int, off_turn: float) -> float:
    """An action's weight before its cost is read (`passing`: it is the pass; `off_turn`: its weight off the turn)."""
    if not facts.stage_empty:
        if facts.top_mine:
            return 8.0 if passing else 0.2
        if passing:
            return 6.0
        if role & ANSWER:
            return 3.0 if facts.against_me(view) else 0.3
        return 0.3
    if not facts.my_turn:
        return 6.0 if passing else off_turn
    if role & SUMMON:
        return 6.0 if facts.soldiers(view) < MANY_SOLDIERS else 0.4
    if role & BULWARK:
        return 5.0 if facts.bulwarks(view) < MANY_BULWARKS and view.hand_size > 2 else 0.2
    if role & ATTACK:
        return 5.0 if facts.attacking(view, roles) else 0.2
    if role & SETUP:
        return 2.5
    if role & END:
        return 1.0
    if passing:
        return 0.2  # with an empty stage it only hands the chance round: the turn goes on
    return 0.4  # any other spell: now and then, keeping the hand for answers


class _Facts:
    """What a request decision's weights read of the glance, each worked out when first read and then kept for the
    decision's other actions: whose request is on top of the stage, whether it is against this player, how many
    soldiers and bulwarks this player has, whether one of its soldiers is worth attacking with. An agent keeps one and
    reads it again at each decision (`read`); it keeps no glance (the glance holds the game), each fact is handed it."""

    __slots__ = ("_against_me", "_attacking", "_bulwarks", "_soldiers", "my_turn", "stage_empty", "top_mine")

    def __init__(self) -> None:
        self.stage_empty = True  # no request on the stage
        self.top_mine = False  # the request on top of the stage is this player's own
        self.my_turn = False
        self._against_me = -1  # -1: not worked out yet; else 0 / 1, or a count
        self._soldiers = -1
        self._bulwarks = -1
        self._attacking = -1

    def read(self, view: Glance) -> _Facts:
        """The facts of a new decision: whose turn and whose request on top read now, the rest when first asked."""
        top = view.top_mine
        self.stage_empty = top < 0
        self.top_mine = top == 1
        self.my_turn = view.my_turn
        self._against_me = -1
        self._soldiers = -1
        self._bulwarks = -1
        self._attacking = -1
        return self

    def against_me(self, view: Glance) -> bool:
        """Whether the request on top of the stage targets one of this player's characters, or this player."""
        if self._against_me < 0:
            found = 0
            for kind, ref in view.top_refs:
                if (kind == "character" and view.owns(ref)) or (kind == "player" and ref == "you"):
                    found = 1
                    break
            self._against_me = found
        return self._against_me == 1

    def soldiers(self, view: Glance) -> int:
        if self._soldiers < 0:
            self._soldiers = view.count("soldier")
        return self._soldiers

    def bulwarks(self, view: Glance) -> int:
        if self._bulwarks < 0:
            self._bulwarks = view.count("bulwark")
        return self._bulwarks

    def attacking(self, view: Glance, roles: _Roles) -> bool:
        """Whether PolicyAgent._attackers finds one (the opponent's soldiers read only when one of mine is ready)."""
        if self._attacking < 0:
            self._attacking = 1 if view.ready_outsizes(ATTACKER, roles.new_attackers) else 0
        return self._attacking == 1


def _run_best(decision: Decision, role: int, starts: list[int], k: int, count: int) -> int:
    """The best way of the k-th action (its parts: `role`) among a request decision's options (its only one, or
    _best_way's)."""
    start = starts[k]
    end = starts[k + 1] if k + 1 < len(starts) else count
    if end - start == 1:
        return start
    return _best_way(decision, start, end, role & BULWARK != 0)


def _best_way(decision: Decision, start: int, end: int, spends_smallest: bool) -> int:
    """PolicyAgent._best_keys for the ways start…end-1 of one action (without a list of their indices)."""
    best, best_value = start, 0
    for i in range(start, end):
        value = decision.keys_rank(i)
        if spends_smallest:
            value = -value
        if i == start or value > best_value:
            best, best_value = i, value
    return best


def _block_weights(view: Glance, labels: list[object], blocks: Mapping[str, str]) -> list[float]:
    """Whether to block, and with what: each label's weight (the attacker and this player's soldiers read once)."""
    size = view.unblocked_attacker_size()  # the attacker to block (0 without one)
    short = _life(view) <= size + SHORT_LIFE  # this hit would leave little or nothing
    by_soldier = 6.0 if view.free_soldier_of(size) else (3.0 if short else 0.3)
    by_bulwark = 5.0 if short or size >= BIG_ATTACKER else 0.5
    soldier, bulwark = blocks.get("soldier"), blocks.get("bulwark")
    weights = []
    for label in labels:
        if label == soldier:
            weights.append(by_soldier)
        elif label == bulwark:
            weights.append(by_bulwark)
        else:
            weights.append(0.02 if short else 1.0)
    return weights
