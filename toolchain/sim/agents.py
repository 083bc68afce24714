"""Players' decisions: which request or pass, costs, targets, cards, hit or stand.

An agent gets a Decision (whose seat, what kind, the options) and returns the index of the
option it takes. RandomAgent plays uniformly at random (seeded); ScriptedAgent follows a list
of option texts (examples, scenario tests, replays).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from mypy_extensions import mypyc_attr

from . import abilities
from .cards import RANK, TEXT, owner_of
from .choosing import Choosing
from .draws import below
from ..i18n import _
from .errors import EngineError
from .notation import SIDES, side
from .observation import HIDDEN, PUBLIC_LIFE_BELOW, _ref as target_ref
from .requests import PASS, RequestOption
from .state import Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
    from .game import Game
    from .observation import Observation, OptionSeen
    from .ruleset import ActionSpec


@mypyc_attr(free_list_len=1)  # compiled: one made and freed at every decision, so the last freed is made again
class Decision:
    """One choice for one seat: the contract every agent implements `choose` against. An agent sees
    what the deciding player may see (2.11.1) and answers with the index of the option it takes.

    seat         the deciding player (0 / 1)
    kind         request (at [3], PASS among the options), cost, target, choose, option, order, buffer, setup
    prompt       what is asked, in Japanese (`対象`, `D: 捨てる手札`, `表にする切札`, …)
    forced       a choice of one: the engine takes it without asking (transcripts still record it)
    choosing     for one of several items chosen one at a time (kind `choose`): how many are chosen so far and
                 how many are to be, least and most (Choosing); None for any other decision
    options      the legal options as the deciding player sees them (sim.observation.OptionSeen: text, kind, ref, …)
    observation  what the deciding player sees of the game (2.11.1, sim.observation.Observation)
    glance       the part of the observation a quick agent reads (sim.agents.Glance), each part worked out when read
    len(d)       how many options there are
    texts()      the options as the notation writes them (stable, the referee's view: scripts and transcripts use these)
    kinds        each option's kind (options[i].kind), without the rest of options
    cost(i), keys(i)   a request option's cost and keycards (options[i].cost, .keys), without the rest of options
    pays_life(i) whether a request option's cost has L
    spec(i)      a request option's action as the engine runs it (None for the pass): its id and position
    passes(i)    whether option i is the pass
    keys_rank(i) the sum of the ranks of a request option's keycards, without their texts
    card_rank(i) the rank of a card option as the deciding player sees it, without its text
    runs         where each action's ways begin among a request decision's options (None if they are not together)

    The engine objects the options stand for stay inside the simulator. A decision describes the game as it
    stood when it was asked: once taken, what it had not yet worked out is no longer available.
    """

    __slots__ = ("player", "kind", "prompt", "_choosing", "_chosen", "_least", "_most", "_game", "_options", "_seen", "_observation", "_actions", "_runs",
                 "_runs_found", "_glance", "_kinds", "_refs")

    def __init__(self, game: Game, player: int, kind: str, prompt: str, options: list, choosing: Choosing | None = None,
                 runs: list[int] | None = None, *, chosen: int = -1, least: int = 0, most: int = 0) -> None:
        self.player, self.kind, self.prompt = player, kind, prompt
        # `choosing`, or its counts (chosen 0 or more): the engine gives the counts, and the Choosing is made when read
        # (a named tuple is made through Python, some 2,400 instructions: most agents never read it).
        self._choosing = choosing
        self._chosen, self._least, self._most = chosen, least, most
        self._game: Game | None = game
        self._options = options
        self._seen: tuple[OptionSeen, ...] | None = None
        self._observation: Observation | None = None
        self._actions: tuple[str, ...] | None = None
        self._runs = runs  # handed over by the search that found the options (requests.options), or found when read
        self._runs_found = runs is not None
        self._glance: Glance | None = None
        self._kinds: tuple[str, ...] | None = None
        self._refs: tuple[Any, ...] | None = None

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return f"Decision(seat {self.player}, {self.kind}, {self.prompt!r}, {len(self._options)} options)"

    @property
    def seat(self) -> int:
        return self.player

    @property
    def choosing(self) -> Choosing | None:
        if self._choosing is None and self._chosen >= 0:
            self._choosing = Choosing(self._chosen, self._least, self._most)
        return self._choosing

    @property
    def forced(self) -> bool:
        return len(self._options) == 1

    def _live(self) -> Game:
        if self._game is None:
            raise self._taken()
        return self._game

    def _taken(self) -> EngineError:
        return EngineError(f"the decision {self.prompt!r} was taken: the game has gone on since")

    def seal(self) -> None:
        """The decision is taken: it keeps what it has worked out, and lets go of the game."""
        self._game = None

    @property
    def options(self) -> tuple[OptionSeen, ...]:
        if self._seen is None:
            from .observation import seen_option

            game, targets = self._live(), self.kind == "target"
            self._seen = tuple(seen_option(game, option, self.player, targets) for option in self._options)
        return self._seen

    @property
    def actions(self) -> tuple[str, ...]:
        """For a request decision: each option's action id (`pass` for PASS), cheaper than `options`."""
        if self._actions is None:
            self._actions = tuple(_action_id(option) for option in self._options)  # compiled: one tuple, no list
        return self._actions

    def action(self, index: int) -> str:
        """`actions[index]`, without the others: an agent that weighs each action once reads the ids it needs."""
        option = self._options[index]
        if isinstance(option, RequestOption):  # most options: read natively, without a call
            return option.action.id
        return _action_id(option)

    def spec(self, index: int) -> ActionSpec | None:
        """For a request decision: the action of option `index` as the engine runs it (None for the pass, or an option
        that is no request): its `position` lets an agent keep what it knows of each action in a list."""
        option = self._options[index]
        return option.action if isinstance(option, RequestOption) else None

    def passes(self, index: int) -> bool:
        """Whether option `index` is the engine's pass (`action(index) == "pass"` for it, without reading the id)."""
        return self._options[index] is PASS

    @property
    def runs(self) -> list[int] | None:
        """For a request decision: where each action's ways (or the pass) begin among the options, when every action's
        ways come together (as requests.options finds them): the actions in the order they first come, as
        dict.fromkeys(actions) gives them. None when an action comes again after another."""
        if not self._runs_found:
            self._find_runs()
        return self._runs

    def _find_runs(self) -> None:
        """`runs`, in one pass over the options without their ids: a hand's ways of one action share its ActionSpec,
        so an option whose action is the one before's continues its run (an id is read only where they differ)."""
        starts: list[int] = []
        ids: list[str] = []  # the action id of each run
        previous: ActionSpec | None = None
        together = True
        index = 0
        for option in self._options:
            if isinstance(option, RequestOption):  # most options: read natively, not through getattr
                action = option.action
                if action is previous:
                    index += 1
                    continue
                previous = action
                found = action.id
            else:
                previous = None
                found = _action_id(option)
            if not ids or found != ids[-1]:
                if together:
                    for seen in ids:  # compared as strings natively: `in` on a list compares through Python
                        if seen == found:
                            together = False
                            break
                starts.append(index)
                ids.append(found)
            index += 1
        self._runs = starts if together else None
        self._runs_found = True

    @property
    def policy(self) -> m.Policy:
        """The edition's rules of thumb for a practice opponent (rules.yaml `policy`): not the rules."""
        game = self._game  # _live() without a call: the policy agent reads it at every decision
        if game is None:
            raise self._taken()
        return game.ruleset.policy

    @property
    def prompts(self) -> m.Prompts:
        """What the engine asks, in the edition's words, where no program words it (rules.yaml `prompts`)."""
        return self._live().ruleset.prompts

    def graveyard_top(self) -> bool:
        """Whether this is the owner's choice of a graveyard's public top card (2.11.1)."""
        return self.kind == "order" and self.prompt == self.prompts.graveyard_top

    @property
    def observation(self) -> Observation:
        if self._observation is None:
            from .observation import observe

            self._observation = observe(self._live(), self.player)
        return self._observation

    @property
    def glance(self) -> Glance:
        """What the deciding player sees, as far as the policy agent reads it: the same values as `observation`,
        each worked out when first read (the observation describes every card of both sides; an agent deciding
        thousands of times a second reads a few)."""
        if self._glance is None:
            game = self._game  # _live() without a call
            if game is None:
                raise self._taken()
            self._glance = Glance(game, self.player)
        return self._glance

    @property
    def kinds(self) -> tuple[str, ...]:
        """Each option's kind, as `options` names it (pass, action, character, player, request, trump, card, label),
        without writing every option's text: the game start offers some fifty cards at a time."""
        if self._kinds is None:
            self._kinds = tuple(_kind(option) for option in self._options)  # compiled: one tuple, no list
        return self._kinds

    @property
    def refs(self) -> tuple[Any, ...]:
        """What each option names, as `options` gives it (an action id, a character's or a request's id, a side, a
        card's text or `?`, a label), without writing every option's text."""
        if self._refs is None:
            game = self._live()
            player = self.player
            self._refs = tuple(_ref(game, option, player) for option in self._options)  # compiled: one tuple, no list
        return self._refs

    def cost(self, index: int) -> str:
        """A request option's cost letters as printed, before abilities ('' for a pass): `options[index].cost`."""
        option = self._options[index]
        return option.action.cost if isinstance(option, RequestOption) else ""

    def pays_life(self, index: int) -> bool:
        """Whether a request option's cost as printed has L (`"L" in cost(index)`), counted once for its action."""
        option = self._options[index]
        return isinstance(option, RequestOption) and option.action.cost_counts[1] > 0

    def keys(self, index: int) -> tuple[str, ...]:
        """A request option's keycards (the deciding player's own cards, so seen): `options[index].keys`."""
        option = self._options[index]
        return tuple([TEXT[card] for card in option.keys]) if isinstance(option, RequestOption) else ()

    def keys_rank(self, index: int) -> int:
        """The sum of the ranks (table 2.1) of a request option's keycards, what `keys(index)` names (0 for a pass),
        counted without writing their texts: the policy agent weighs every way of making a request by it."""
        option = self._options[index]
        if not isinstance(option, RequestOption):
            return 0
        total = 0
        for card in option.keys:
            total += RANK[card]
        return total

    def card_rank(self, index: int) -> int:
        """The rank (table 2.1) of a card option as its text `refs[index]` shows it to the deciding player: 0 for a card
        it cannot see (`?`), a Joker, or an option that is no card; read without writing the options' texts."""
        option = self._options[index]
        if not isinstance(option, int) or _hidden(self._live(), option, self.player):
            return 0
        return max(RANK[option], 0)

    def narrowed(self, indices: list[int]) -> Decision:
        """The same decision with only these options (a restricted agent's), asked of the same game."""
        return Decision(self._live(), self.player, self.kind, self.prompt, [self._options[i] for i in indices], self.choosing)

    def text(self, index: int) -> str:
        """The option as the notation writes it, seen from the deciding seat (`opponent:♢3`, `アップ ★♡3`)."""
        from .notation import option_text

        return option_text(self._live(), self._options[index], self.player, targets=self.kind == "target")

    def texts(self) -> list[str]:
        return [self.text(i) for i in range(len(self._options))]

    def seen_texts(self) -> list[str]:
        return [option.text for option in self.options]


def _action_id(option: Any) -> str:
    """A request option's action id (`pass` for PASS)."""
    if isinstance(option, RequestOption):  # most options: read natively, not through getattr
        return option.action.id
    if option is PASS:  # not through getattr either: it has no action, and the AttributeError cost more
        return "pass"
    action = getattr(option, "action", None)
    return action.id if action is not None else "pass"


def _kind(option: Any) -> str:
    """An engine option's kind, as observation.seen_option classifies it."""
    if option is PASS:
        return "pass"
    if isinstance(option, RequestOption):
        return "action"
    if isinstance(option, tuple):
        return str(option[0])  # a target: (kind, what)
    if isinstance(option, Character):
        return "character"
    if isinstance(option, Request):
        return "request"
    if isinstance(option, int):
        return "card"
    return "label"


def _ref(game: Game, option: Any, viewer: int) -> Any:
    """What an engine option names, as observation.seen_option gives it (its `ref`)."""
    if option is PASS:
        return None
    if isinstance(option, RequestOption):
        return option.action.id
    if isinstance(option, tuple):
        return target_ref(game, option, viewer)[1]
    if isinstance(option, (Character, Request)):
        return option.id
    if isinstance(option, int):
        return HIDDEN if _hidden(game, option, viewer) else TEXT[option]
    return str(option)


def _hidden(game: Game, card: int, viewer: int) -> bool:
    """Whether a card offered as an option is one the deciding player cannot see (as seen_option_text tells it)."""
    owner = owner_of(card)
    if owner == viewer:
        return False
    player = game.state.players[owner]
    return card in player.trump and card not in player.trumps_up


class CharacterGlance:
    """A character as the deciding player sees it: observation.CharacterSeen's fields but its text, with its
    size and labels worked out when first read (None, as there, for a card the player cannot see)."""

    __slots__ = ("id", "kind", "driven", "role", "blocking", "new", "_game", "_character", "_seen", "_size", "_labels", "_label_set",
                 "_known")

    def __init__(self, game: Game, character: Character, viewer: int) -> None:
        self.id, self.kind, self.driven = character.id, character.kind, character.driven
        self.role, self.blocking = character.role, character.blocking
        self.new = character.entered == game.state.turn_number
        self._game, self._character = game, character
        self._seen = not character.face_down or character.controller == viewer  # as observation._seen
        self._size: int | None = None
        self._labels: tuple[str, ...] | None = None
        self._label_set: frozenset[str] | None = None
        self._known = 0  # bits: 1 size worked out, 2 labels, 4 label_set

    @property
    def size(self) -> int | None:
        if not self._known & 1:
            self._size = abilities.size(self._game, self._character) if self._seen else None
            self._known |= 1
        return self._size

    @property
    def labels(self) -> tuple[str, ...] | None:
        if not self._known & 2:
            found = self.label_set
            self._labels = tuple(sorted(found)) if found is not None else None
            self._known |= 2
        return self._labels

    @property
    def label_set(self) -> frozenset[str] | None:
        """`labels` as a set, without sorting them (whether it has a label)."""
        if not self._known & 4:
            self._label_set = abilities.labels(self._game, self._character) if self._seen else None
            self._known |= 4
        return self._label_set


class SideGlance:
    """One side as the deciding player sees it: observation.SideSeen's life, the hand's size and the field."""

    __slots__ = ("side", "life", "hand_size", "_game", "_characters", "_viewer", "_field")

    def __init__(self, game: Game, owner: int, viewer: int) -> None:
        player = game.state.players[owner]
        own = owner == viewer
        life = len(player.life)
        self.side = SIDES[0] if own else SIDES[1]
        self.life: int | None = life if own or life < PUBLIC_LIFE_BELOW else None  # as observation.SideSeen
        self.hand_size = len(player.hand)
        self._game, self._characters, self._viewer = game, player.field, viewer
        self._field: tuple[CharacterGlance, ...] | None = None

    @property
    def field(self) -> tuple[CharacterGlance, ...]:
        if self._field is None:
            self._field = tuple([CharacterGlance(self._game, character, self._viewer) for character in self._characters])
        return self._field


@mypyc_attr(free_list_len=1)  # compiled: one made and freed at most policy decisions, so the last freed is made again
class Glance:
    """The part of a decision's observation (2.11.1) the policy agent reads, each worked out when first read:
    whose turn it is, each side's life, hand size and field, whose request is on top of the stage and what it
    targets. The same values
    as the observation's (tests/sim/test_policy.py compares them at every decision of many games), read while
    the decision is being taken."""

    __slots__ = ("_game", "_seat", "_you", "_opponent")

    def __init__(self, game: Game, seat: int) -> None:
        self._game, self._seat = game, seat
        self._you: SideGlance | None = None
        self._opponent: SideGlance | None = None

    @property
    def turn(self) -> str:
        """Whose turn it is (observation.turn: you / opponent)."""
        return side(self._game.state.turn, self._seat)

    @property
    def my_turn(self) -> bool:
        """Whether it is the deciding player's turn (`turn == "you"`, without the word)."""
        return self._game.state.turn == self._seat

    @property
    def you(self) -> SideGlance:
        if self._you is None:
            self._you = SideGlance(self._game, self._seat, self._seat)
        return self._you

    @property
    def opponent(self) -> SideGlance:
        if self._opponent is None:
            self._opponent = SideGlance(self._game, 1 - self._seat, self._seat)
        return self._opponent

    # What the policy agent reads at most decisions, found from the deciding player's own side without glancing at
    # every character of it (its SideGlance and CharacterGlances cost more to make and free than the facts themselves).
    @property
    def life(self) -> int:
        """The deciding player's own life: `you.life` (it always knows its count)."""
        return len(self._game.state.players[self._seat].life)

    @property
    def hand_size(self) -> int:
        """How many cards the deciding player holds: `you.hand_size`."""
        return len(self._game.state.players[self._seat].hand)

    def count(self, kind: str) -> int:
        """How many of the deciding player's characters are of a kind (soldier, bulwark): those of `you.field`."""
        found = 0
        for character in self._game.state.players[self._seat].field:
            if character.kind == kind:
                found += 1
        return found

    def owns(self, ref: object) -> bool:
        """Whether a character's id is one of the deciding player's characters': in `you.field`."""
        return _with_id(self._game.state.players[self._seat].field, ref) is not None

    def strongest_charged(self) -> int:
        """The size of the opponent's biggest charged soldier (not driven), as its CharacterGlance.size reads it (a card
        the deciding player cannot see counts 0); -1 when none is charged. Worked out without a glance at each."""
        game, viewer = self._game, self._seat
        strongest, found = -1, False
        for character in game.state.players[1 - viewer].field:
            if character.kind == "soldier" and not character.driven:
                size = abilities.size(game, character) if not character.face_down or character.controller == viewer else 0
                if not found or size > strongest:
                    strongest, found = size, True
        return strongest

    def ready_outsizes(self, label: str, new_labels: tuple[str, ...]) -> bool:
        """Whether one of the deciding player's charged soldiers that have `label` (and, those that came onto the field
        this turn, one of `new_labels` too: what their CharacterGlance's label_set and new read) is bigger than
        strongest_charged() (the opponent's field read only when one is ready). Worked out without a glance at each, and
        no further than the first that is: the others' labels and sizes change nothing."""
        return self._outsizing(label, new_labels, None)

    def attackers(self, label: str, new_labels: tuple[str, ...]) -> list[int]:
        """The ids of the soldiers ready_outsizes(label, new_labels) looks for that are bigger than strongest_charged(),
        in the field's order (the opponent's field read only when one is ready)."""
        found: list[int] = []
        self._outsizing(label, new_labels, found)
        return found

    def _outsizing(self, label: str, new_labels: tuple[str, ...], found: list[int] | None) -> bool:
        """Whether one of attackers(label, new_labels) is on the field: without `found`, no further than the first (and no
        list made); with it, each of them appended to it."""
        game, turn = self._game, self._game.state.turn_number
        strongest, read, some = -1, False, False
        for character in game.state.players[self._seat].field:
            if _ready(game, character, self._seat, turn, label, new_labels):
                if not read:
                    strongest, read = self.strongest_charged(), True
                if abilities.size(game, character) > strongest:
                    if found is None:
                        return True
                    found.append(character.id)
                    some = True
        return some

    def soldier_size(self, ref: object) -> int:
        """The size of the character of this id when it is a soldier, as its CharacterGlance.size reads it (0 for a
        bulwark, a card the deciding player cannot see, or an id on neither field), without a glance at it."""
        size = self.sized(ref, 0)
        return size if size is not None else 0

    def sized(self, ref: object, other: int) -> int | None:
        """The character of this id on either field by its size as its CharacterGlance.size reads it when it is a
        soldier (0 for a card the deciding player cannot see), `other` when it is of another kind; None for an id on
        neither field. Read without a glance at it."""
        game, viewer = self._game, self._seat
        players = game.state.players
        character = _with_id(players[viewer].field, ref)
        if character is None:
            character = _with_id(players[1 - viewer].field, ref)
        if character is None:
            return None
        if character.kind != "soldier":
            return other
        if character.face_down and character.controller != viewer:
            return 0
        return abilities.size(game, character)

    def unblocked_attacker_size(self) -> int:
        """The size of the opponent's first attacker that none of the deciding player's characters blocks, as its
        CharacterGlance.size reads it (0 for a card the deciding player cannot see, or for no such attacker)."""
        game, viewer = self._game, self._seat
        players = game.state.players
        mine = players[viewer].field
        for character in players[1 - viewer].field:
            if character.role == "attacker" and not _blocks(mine, character.id):
                return abilities.size(game, character) if not character.face_down or character.controller == viewer else 0
        return 0

    def free_soldier_of(self, size: int) -> bool:
        """Whether one of the deciding player's soldiers, charged and neither attacking nor blocking, is at least this
        size (as its CharacterGlance.size reads it)."""
        game, viewer = self._game, self._seat
        for character in game.state.players[viewer].field:
            if character.kind == "soldier" and not character.driven and character.role is None:
                seen = not character.face_down or character.controller == viewer
                if (abilities.size(game, character) if seen else 0) >= size:
                    return True
        return False

    def character(self, ref: object) -> CharacterGlance | None:
        """The character of this id as `you.field` or `opponent.field` shows it (None when neither has it), without
        glancing at the others."""
        game = self._game
        for own in (True, False):
            side = self._you if own else self._opponent
            if side is not None and side._field is not None:
                for c in side._field:
                    if c.id == ref:
                        return c
                continue
            for character in game.state.players[self._seat if own else 1 - self._seat].field:
                if character.id == ref:
                    return CharacterGlance(game, character, self._seat)
        return None

    @property
    def top_side(self) -> str | None:
        """Whose request is on top of the stage (observation.stage[-1].side), None with the stage empty."""
        stage = self._game.state.stage
        return side(stage[-1].controller, self._seat) if stage else None

    @property
    def top_mine(self) -> int:
        """Whose request is on top of the stage, as top_side says it without the word: 1 the deciding player's, 0 the
        opponent's, -1 none (the stage empty)."""
        stage = self._game.state.stage
        if not stage:
            return -1
        return 1 if stage[-1].controller == self._seat else 0

    @property
    def top_refs(self) -> tuple[tuple[str, Any], ...]:
        """What the request on top of the stage targets, as observation.stage[-1].refs names it."""
        stage = self._game.state.stage
        return tuple([target_ref(self._game, target, self._seat) for target in stage[-1].targets]) if stage else ()

    def stage_sides(self) -> dict[int, str]:
        """Whose each request on the stage is (you / opponent), by the request's id: observation.stage's sides."""
        return {request.id: side(request.controller, self._seat) for request in self._game.state.stage}


def _with_id(field: list[Character], ref: object) -> Character | None:
    """The character of this id on a field (ids are ints: compared natively, not through Python's ==)."""
    if not isinstance(ref, int):
        return None
    for character in field:
        if character.id == ref:
            return character
    return None


def _blocks(field: list[Character], attacker: int) -> bool:
    """Whether one of a field's characters blocks this attacker."""
    for character in field:
        blocking = character.blocking
        if blocking is not None and blocking == attacker:
            return True
    return False


def _ready(game: Game, character: Character, viewer: int, turn: int, label: str, new_labels: tuple[str, ...]) -> bool:
    """Whether a character of the deciding player's field is a charged soldier with `label` (and, come onto the field
    this turn, one of `new_labels` too); one face down that it does not control shows no labels (never ready)."""
    if character.kind != "soldier" or character.driven or (character.face_down and character.controller != viewer):
        return False
    labels = abilities.labels(game, character)
    return label in labels and (character.entered != turn or _any_in(labels, new_labels))


def _any_in(labels: frozenset[str], wanted: tuple[str, ...]) -> bool:
    """Whether one of `wanted` is among the labels: the few wanted looked up in the set (compiled, iterating a frozenset
    and comparing with a tuple's items go through Python's protocols)."""
    for label in wanted:
        if label in labels:
            return True
    return False


def engine_options(decision: Decision) -> list:
    """The engine objects a decision's options stand for: for the simulator itself (the protocol, the
    examples' scripts, coverage), never for an agent."""
    return decision._options


class Agent(Protocol):
    def choose(self, decision: Decision) -> int: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and users subclass it
class RandomAgent:
    """Uniformly random; for requests, first an action (or pass) and then one way to make it."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> int:
        # Each draw is rng.choice's (draws.below: one _randbelow of the length), without random.py's interpreted frames.
        rng = self.rng
        if decision.kind != "request":
            return below(rng, len(decision))
        starts = decision.runs
        if starts is not None:  # each action's ways together: the same draws as below, without the lists
            k = below(rng, len(starts))
            start = starts[k]
            end = starts[k + 1] if k + 1 < len(starts) else len(decision)
            return start + below(rng, end - start)
        actions = decision.actions
        distinct = list(dict.fromkeys(actions))  # an action (or pass), each once, in the order they come
        chosen = distinct[below(rng, len(distinct))]
        ways = [i for i, action in enumerate(actions) if action == chosen]
        return ways[below(rng, len(ways))]



@dataclass(frozen=True)
class Restriction:
    """What a restricted agent never does (restricted play, Jaffe et al., AIIDE 2012): request these actions, or
    take these cards as trumps at the game start (so that trump never comes face up for it)."""

    actions: frozenset[str] = frozenset()
    trump_cards: frozenset[str] = frozenset()  # card texts (`♠2`)

    def refused(self, decision: Decision) -> list[int]:
        """The indices of the options this restriction refuses at a decision."""
        if decision.kind == "request" and self.actions:
            return [i for i, action in enumerate(decision.actions) if action in self.actions]
        if decision.kind == "choose" and self.trump_cards and decision.prompt == decision.prompts.choose_trumps:
            return [i for i, option in enumerate(decision._options) if isinstance(option, int) and TEXT[option] in self.trump_cards]
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class RestrictedAgent:
    """Another agent, forbidden what a Restriction names: where the restriction refuses some options, the agent
    decides among the others as if they were all there were (a pass is always left at a request)."""

    def __init__(self, agent: Agent, restriction: Restriction) -> None:
        self.agent, self.restriction = agent, restriction

    def choose(self, decision: Decision) -> int:
        refused = self.restriction.refused(decision)
        if not refused or len(refused) == len(decision):
            return self.agent.choose(decision)
        left = set(refused)
        allowed = [i for i in range(len(decision)) if i not in left]
        narrowed = decision.narrowed(allowed)
        try:
            return allowed[self.agent.choose(narrowed)]
        finally:
            narrowed.seal()


class ScriptError(ValueError):
    """A scripted choice that is not among the options (or a script that ran out)."""

    def __init__(self, message: str, decision: Decision | None = None, *, ran_out: bool = False) -> None:
        super().__init__(message)
        self.decision = decision
        self.ran_out = ran_out  # no scripted choice was left for `decision`


@mypyc_attr(allow_interpreted_subclasses=True)  # the examples' agent (toolchain/simtools, Python) subclasses it
class ScriptedAgent:
    """Takes the options named by a script, in order: an option's text or its index.

    Several agents may share one script (a list), so that a scenario reads in the order the
    decisions come. With `fallback`, decisions after the script go to another agent.
    """

    def __init__(self, script: list[str | int] | None = None, fallback: Agent | None = None) -> None:
        self.script = script if script is not None else []
        self.fallback = fallback
        self.log: list[tuple[str, str]] = []  # (prompt, text) of every decision taken

    def choose(self, decision: Decision) -> int:
        if decision.kind == "order" and decision.graveyard_top():
            return self._graveyard_top(decision)
        if not self.script:
            if self.fallback is None:
                raise ScriptError(_("no choice scripted for {prompt}: {options}").format(prompt=decision.prompt, options=" | ".join(decision.texts())),
                                  decision,
                                  ran_out=True)
            return self.fallback.choose(decision)
        wanted = self.script.pop(0)
        index = wanted if isinstance(wanted, int) else find_option(decision, wanted)
        self.log.append((decision.prompt, decision.text(index)))
        return index


    def _graveyard_top(self, decision: Decision) -> int:
        """Which card goes public on top of the graveyard: the one the script names as `墓地の一番上:♠5`;
        unnamed, the card put there last, as it came (a script need not say what it does not care about)."""
        named = self.script[0] if self.script else None
        if isinstance(named, str) and named.startswith(decision.prompt + ":"):
            self.script.pop(0)
            index = find_option(decision, named.split(":", 1)[1].strip())
            self.log.append((decision.prompt, decision.text(index)))
            return index
        if not self.script and self.fallback is not None:
            return self.fallback.choose(decision)
        return len(decision) - 1


def find_option(decision: Decision, wanted: str) -> int:
    texts = decision.texts()
    if wanted in texts:
        return texts.index(wanted)
    # A card or character may be named without its owner when that is unambiguous.
    loose = [i for i, text in enumerate(texts) if text.split(":", 1)[-1] == wanted]
    if len(loose) == 1:
        return loose[0]
    raise ScriptError(_("'{wanted}' is not an option of {prompt}: {options}").format(wanted=wanted, prompt=decision.prompt, options=" | ".join(texts)),
                      decision)


def scripted_agents(script: Iterable[Any], seats: int = 2, fallback: Agent | None = None) -> list[ScriptedAgent]:
    """Agents for every seat that read one script, in the order decisions are asked."""
    queue = list(script)
    return [ScriptedAgent(queue, fallback) for _seat in range(seats)]
