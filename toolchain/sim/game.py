"""A game of BlackPoker: the state, the rules it is played by, the agents, a seeded RNG.

    game = Game.new(Engine(defs), "lite", "entry20", seed=7, agents=(RandomAgent(1), RandomAgent(2)))
    while not game.over:
        options = game.legal_requests()      # PASS and every request the chance holder may make
        game.apply(options[i])               # runs the core flow to the next [3]
    game.clone()                             # an independent copy (state and RNG)

The core flow stops at [3] for the player holding the chance; the other decisions (costs,
targets, choices inside effects, game start) go to the seat's agent through `decide`.

Without agents (`agents=None`) every decision is public, in the manner of OpenSpiel:

    game = Game.new(engine, "lite", "entry20", seed=7, agents=None)
    decision = game.decision()                  # who decides, what kind, the options, the observation
    game.apply(i)                               # the index of the option taken: a request at [3], a target, a cost, …
    game.undo(); game.clone(); state_hash(game)

Both ways ask the same decisions in the same order (tests/sim/test_protocol.py plays every regulation
both ways and compares the transcripts and the state hashes): the engine asks them in `decide`, which
hands them to the seat's agent, or (without agents) stops the flow to offer them through `decision()`.
A choice of one (`forced`) is taken by the engine without asking, and recorded all the same.

An effect stays plain code: when it asks a decision not yet taken, the game goes back to the last
stable point (the decision at [3], or the start) and waits; the decision applied, the flow runs
again from that point with the decisions taken so far, and stops at the next one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import TYPE_CHECKING, Any, Final

from ..i18n import _
from . import abilities, flow, operations as ops, requests
from .agents import Agent, Decision, RandomAgent, engine_options
from .budget import Budget
from .cards import owner_of
from .choosing import Choosing
from .errors import EngineError, IllegalRequest, Stop
from .language import Ctx
from .observation import OptionSeen
from .policy import PolicyAgent
from .primitives import run_deferred
from .requests import PASS, RequestOption
from .ruleset import Ruleset
from .start import setup
from .tally import Tally
from .state import Request, State

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Engine

Observer = Callable[[str, Any], None]
_START: Final = "start"  # the stable point before the game start's decisions


class DecisionDue(Exception):
    """A decision no agent takes: the flow stops; Game.apply takes it and runs the flow again."""


class PublicDecisions:
    """The public decision protocol (agents=None): where the flow last stood still (a copy of the game), how it went
    on from there (the request made at [3], or the game start), the decisions taken since, the one due now."""

    __slots__ = ("enabled", "base", "entry", "chosen", "replaying", "due", "asked", "history")

    def __init__(self) -> None:
        self.enabled = False
        self.base: Game | None = None
        self.entry: Any = None
        self.chosen: list[int] = []
        self.replaying: list[int] = []
        self.due: Decision | None = None
        self.asked: Decision | None = None  # the request decision offered at [3] (decision())
        self.history: list[Game] = []

    def copy(self) -> PublicDecisions:
        """For a copy of the game: the decisions taken and the history its own, no request decision offered yet."""
        copy = PublicDecisions()
        copy.enabled, copy.base, copy.entry, copy.replaying, copy.due = self.enabled, self.base, self.entry, self.replaying, self.due
        copy.chosen, copy.history = list(self.chosen), list(self.history)
        return copy


class Progress:
    """What a game counted and found as it was played: decisions, requests, invariant violations."""

    __slots__ = ("decisions", "requests", "violations")

    def __init__(self) -> None:
        self.decisions = 0
        self.requests = 0
        self.violations: list[str] = []

    def copy(self) -> Progress:
        copy = Progress()
        copy.decisions, copy.requests, copy.violations = self.decisions, self.requests, list(self.violations)
        return copy


class Game:
    """The engine: one game's state and rules, its agents and RNG, and where the core flow stands."""

    def __init__(self, rules: Ruleset, state: State, agents: Sequence[Agent], seed: int | None = None) -> None:
        self.ruleset = rules  # the rules it is played by
        self.state = state
        self.agents = list(agents)
        self.rng = random.Random(seed)
        self.core = flow.Position()  # where the core flow stands, and what it carries from node to node
        self.public = PublicDecisions()  # the public decision protocol (agents=None)
        self.budget = Budget()
        self.played = Progress()  # the decisions and requests counted, the invariant violations found
        self.observer: Observer | None = None  # transcripts
        self.recorder: Callable[[Decision, int], None] | None = None
        self.agreed_first: int | None = None  # the seat the players agreed goes first (None: 2.9.2 decides)
        self.tally: Tally | None = None  # what the examples showed of the programs (bp check), when asked

    # -- what others read of the parts ------------------------------------------------------
    @property
    def node(self) -> str:
        """Where the core flow stands: "3" waiting for the chance holder, or "end"."""
        return self.core.node

    @node.setter
    def node(self, node: str) -> None:
        self.core.node = node

    @property
    def made(self) -> Request | None:
        """The request made at [5]."""
        return self.core.made

    @property
    def due(self) -> Decision | None:
        """The decision due now that is not the request at [3] (a game without agents)."""
        return self.public.due

    @property
    def history(self) -> list[Game]:
        """The games before each decision taken (a game without agents), for undo."""
        return self.public.history

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, engine: Engine, format_id: str, frame_id: str, *, seed: int, agents: Sequence[Agent] | None,
            recorder: Callable[[Decision, int], None] | None = None, observer: Observer | None = None,
            first: int | None = None) -> Game:
        """A game set up by its frame's start procedure (2.9, 5.3), waiting at [3] for the first player.
        `first`: the seat the players agreed goes first, instead of 2.9.2 先攻決定 (no life card is turned over)."""
        game = cls(engine.ruleset(format_id, frame_id), State([]), agents or [], seed)
        game.recorder, game.observer = recorder, observer
        if first is not None and first not in (0, 1):
            raise ValueError(f"first: a seat is 0 or 1, not {first}")
        game.agreed_first = first
        if agents is None:
            game.public.enabled = True
            game._go(_START)
            return game
        setup(game)
        game.begin()
        return game

    def begin(self) -> None:
        """[1] ゲーム開始 → [2] → [3]."""
        self.state.events.clear()
        self.observe("start", self.state.first)
        self.core.node = flow.run_core(self, "1")

    def clone(self, agents: Sequence[Agent] | None = None) -> Game:
        """An independent copy: state, RNG, and copies of the agents (or the agents given)."""
        copy = self._copy(agents)
        copy.recorder = copy.observer = None  # a transcript follows one game
        return copy

    def _copy(self, agents: Sequence[Agent] | None = None) -> Game:
        copy = Game(self.ruleset, self.state, (), 0)  # compiled by mypyc, Game has no __new__ that skips __init__
        copy._adopt(self)
        copy.state = self.state.clone()
        copy.agents = list(agents) if agents is not None else deepcopy(self.agents)
        # Seeded with 0, not from the system (Random() reads os.urandom twice): its state is set whole below. Every
        # decision taken keeps a copy for undo, and the design guidelines' searches take thousands.
        copy.rng = random.Random(0)
        copy.rng.setstate(self.rng.getstate())
        copy.played = self.played.copy()
        copy.budget = self.budget.copy()
        copy.core = self.core.copy()
        copy.public = self.public.copy()
        if self.public.due is not None:  # the due decision's options are objects of the copy's own state
            recorder, observer = copy.recorder, copy.observer
            copy.recorder = copy.observer = None  # what the copy replays was recorded when it was played
            copy._go(self.public.entry, replay=True)
            copy.recorder, copy.observer = recorder, observer
        return copy

    def _adopt(self, other: Game) -> None:
        """Every attribute of `other` onto this game (compiled by mypyc, a Game has no __dict__ to update)."""
        for name in getattr(Game, "__mypyc_attrs__", None) or tuple(vars(other)):
            setattr(self, name, getattr(other, name))

    # -- the public decision protocol ---------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision due now: its seat, kind, prompt, options and the deciding player's observation
        (None when the game is over)."""
        if self.public.due is not None:
            return self.public.due
        if self.core.node != "3":
            return None
        if self.public.asked is None:
            options, starts = self._search()
            self.public.asked = Decision(self, self.state.chance, "request", self.ruleset.prompts.request, options, runs=starts)
        return self.public.asked

    def legal_decisions(self) -> list:
        """The options of the decision due, as the deciding player sees them (apply takes one, or its index)."""
        due = self.decision()
        return list(due.options) if due is not None else []

    @staticmethod
    def _index(decision: Decision, choice: Any) -> int:
        """Which option `choice` is: its index, an option of `decision.options`, or the engine object itself."""
        options = engine_options(decision)
        if isinstance(choice, int) and not isinstance(choice, bool):
            if 0 <= choice < len(options):
                return choice
            raise IllegalRequest(_("{prompt}: there is no option {choice} of {count}").format(prompt=decision.prompt, choice=choice, count=len(options)))
        for candidates in ((decision.options if isinstance(choice, OptionSeen) else ()), options):
            index = next((i for i, option in enumerate(candidates) if option is choice), None)
            if index is None:
                index = next((i for i, option in enumerate(candidates) if option == choice), None)
            if index is not None:
                return index
        raise IllegalRequest(_("not an option of {prompt}: {choice!r}").format(prompt=decision.prompt, choice=choice))

    def rerun(self, alter: Callable[[State], None]) -> Game:
        """What this game would offer now had its state at the last stable point been otherwise: a copy whose
        stable-point state `alter` changed, played on with the same decisions up to the decision due (at [3],
        the current state is the stable point). For property tests: permuting what a player cannot see."""
        copy = self.clone()
        if self.public.due is None:
            alter(copy.state)
            copy.public.asked = None
            return copy
        copy.public.base = self.public.base._copy()
        alter(copy.public.base.state)
        copy._go(copy.public.entry, replay=True)
        return copy

    def stable_state(self) -> State:
        """The state at the last stable point (the decision at [3], or the start), which `rerun` alters."""
        return self.public.base.state if self.public.due is not None else self.state

    def undo(self) -> None:
        """Back one decision (a game played without agents)."""
        if not self.public.history:
            raise IllegalRequest("no decision to undo")
        history = self.public.history
        previous = history.pop()
        recorder, observer = self.recorder, self.observer
        self._adopt(previous)
        self.public.history, self.recorder, self.observer = history, recorder, observer

    def _take(self, choice: Any) -> None:
        """The due decision (not at [3]) taken: run again from the stable point with one more decision."""
        due = self.public.due
        index = self._index(due, choice)
        self.public.history.append(self._copy())
        self.played.decisions += 1
        if self.recorder is not None:
            self.recorder(due, index)
        due.seal()
        self.public.chosen.append(index)
        self._go(self.public.entry, replay=True)

    def _go(self, entry: Any, replay: bool = False) -> None:
        """Run from the stable point (the game start, or [3] with `entry` as the request made there),
        answering the decisions asked with `chosen`, until the flow stands still again or a decision is due."""
        if not replay:
            self.public.base, self.public.entry, self.public.chosen = self._copy(), entry, []
        else:
            base = self.public.base._copy()
            public = self.public
            keep = (public.base, public.entry, public.chosen, public.history, self.recorder, self.observer, self.played.decisions)
            self._adopt(base)
            public = self.public
            public.base, public.entry, public.chosen, public.history, self.recorder, self.observer, self.played.decisions = keep
        self.public.replaying, self.public.due = list(self.public.chosen), None
        observer, seen = self.observer, []
        self.observer = (lambda kind, data: seen.append((kind, data))) if observer is not None else None
        try:
            if entry is _START:
                setup(self)
                self.begin()
            else:
                self._run_request(entry)
        except DecisionDue:
            return  # the events so far are told when the run completes
        finally:
            self.observer = observer
        self.public.base, self.public.entry, self.public.chosen = None, None, []
        for kind, data in seen:
            self.observe(kind, data)

    # -- the API ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def regulation(self) -> tuple[str, str]:
        """The format and frame played (ids)."""
        return self.ruleset.format.id, self.ruleset.frame.id

    @property
    def first_player(self) -> int | None:
        """The seat that went first (先攻), once the game has started (None during the game start)."""
        return self.state.first if self.state.players and self.state.turn_number else None

    def legal_requests(self) -> list:
        """[3]: PASS and every RequestOption the player holding the chance may make."""
        if self.core.node != "3":
            return []
        return requests.options(self, self.state.chance)

    def apply(self, choice: RequestOption | Any, *, check: bool = True) -> None:
        """The answer to the decision due: the index of the option taken (or the option itself, one of
        `legal_decisions()`); at [3] also PASS or a RequestOption (the core flow runs to the next decision).
        With agents, only the request at [3] is answered here; the agents take the others."""
        if self.public.due is not None:
            self._take(choice)
            return
        if self.core.node != "3":
            raise IllegalRequest("the game is over" if self.over else "no decision is due")
        if isinstance(choice, (int, OptionSeen)) or self.public.enabled:
            asked = self.decision()
            index = self._index(asked, choice) if isinstance(choice, (int, OptionSeen)) or check else None
            if index is None:
                index = next((i for i, option in enumerate(engine_options(asked)) if option == choice), None)
            if index is None:
                raise IllegalRequest(_("not a legal request now: {choice!r}").format(choice=choice))
            self._take_request(asked, index)
            return
        if check and choice is not PASS and choice not in self.legal_requests():
            raise IllegalRequest(_("not a legal request now: {choice!r}").format(choice=choice))
        self.public.asked = None
        self._run_request(choice)

    def _take_request(self, asked: Decision, index: int) -> None:
        """The request decision at [3] taken (option `index`): the core flow runs on."""
        choice = engine_options(asked)[index]
        self.public.asked = None
        if not self.public.enabled:
            if self.recorder is not None:
                self.recorder(asked, index)
            asked.seal()
            self._run_request(choice)
            return
        self.public.history.append(self._copy())
        if self.recorder is not None:
            self.recorder(asked, index)
        asked.seal()
        self._go(choice)

    def _run_request(self, choice: Any) -> None:
        if choice is not PASS:
            self.played.requests += 1
        self.core.pending = choice
        self.budget.new_request()
        self.core.node = flow.run_core(self, "3")

    def step(self) -> None:
        """The chance holder's agent decides at [3]."""
        if self.public.enabled:
            raise EngineError("a game without agents is played through decision() and apply()")
        options, starts = self._requests_at_3()
        if not options:
            raise EngineError("no decision is due")
        index = self.decide(self.state.chance, "request", self.ruleset.request_prompt, options, runs=starts)
        self.public.asked = None
        self._run_request(options[index])

    def _requests_at_3(self) -> tuple[list, list[int] | None]:
        """legal_requests(), or (while `play` plays) the same options found when the seat last stood at [3], if
        only passes went round since (flow.passing_steps): at an empty stage most steps are passes. With them, where
        each action's ways begin among them (Decision.runs), as a new search found them (None for kept options)."""
        offered = self.core.offered
        if offered is None:
            return self._search()
        seat = self.state.chance
        kept = offered.get(seat)
        # The list itself, not a copy: no one changes a decision's options (a restricted agent narrows a copy).
        if kept is not None:
            return kept, None  # the decision finds them (kept options are rare: keeping their runs cost more)
        kept, starts = self._search()
        offered[seat] = kept
        return kept, starts

    def _search(self) -> tuple[list, list[int] | None]:
        """legal_requests() and where each action's ways begin among them (None when there are none)."""
        if self.core.node != "3":
            return [], None
        starts: list[int] = []
        found = requests.options(self, self.state.chance, starts)
        return found, (starts if found else None)

    def play(self, turn_cap: int = 200, after_step: Callable[[Game], bool] | None = None) -> bool:
        """Play until the win/loss check decides (True) or the turn cap is reached (False).
        `after_step` is called after every step; it stops the game by returning False."""
        self.core.offered = {}
        try:
            while self.state.winner is None:
                if self.state.turn_number > turn_cap:
                    return False
                self.step()
                if after_step is not None and not after_step(self):
                    return False
            return True
        finally:
            self.core.offered = None

    # -- decisions --------------------------------------------------------------------------
    def decide(self, seat: int, kind: str, prompt: str, options: list, choosing: Choosing | None = None,
               runs: list[int] | None = None, *, chosen: int = -1, least: int = 0, most: int = 0) -> int:
        """Ask a seat's agent to pick one option (without agents: stop, and offer it through decision()).
        A choice of one is no choice: the engine takes it, and only a transcript hears of it (forced). `choosing`:
        where a choice of several items asked one at a time stands (shown to a person: 1 of 3 chosen), or its counts
        `chosen` (0 or more), `least` and `most`, the Choosing made only if read (Decision.choosing); `runs`: at a
        request decision, where each action's ways begin among the options, when the search told it (Decision.runs)."""
        if len(options) == 1:
            # While the protocol replays decisions already taken, the forced ones among them were recorded then.
            if self.recorder is not None and not self.public.replaying:
                decision = Decision(self, seat, kind, prompt, options, choosing, chosen=chosen, least=least, most=most)
                self.recorder(decision, 0)
                decision.seal()
            return 0
        if not options:
            raise EngineError(f"{prompt}: nothing to choose from")
        if self.public.enabled:
            if self.public.replaying:
                return self.public.replaying.pop(0)
            self.public.due = Decision(self, seat, kind, prompt, options, choosing, runs, chosen=chosen, least=least, most=most)
            raise DecisionDue()
        decision = Decision(self, seat, kind, prompt, options, choosing, runs, chosen=chosen, least=least, most=most)
        agent = self.agents[seat]
        # The engine's own agents are called natively, compiled (through Python's method call, some 300 instructions
        # a decision); a subclass's own `choose` is still the one called, and so is any other agent's.
        if isinstance(agent, PolicyAgent):
            index = agent.choose(decision)
        elif isinstance(agent, RandomAgent):
            index = agent.choose(decision)
        else:
            index = agent.choose(decision)
        if not 0 <= index < len(options):
            raise EngineError(f"agent chose {index} of {len(options)} options")
        self.played.decisions += 1
        if self.recorder is not None:
            self.recorder(decision, index)
        decision.seal()
        return index

    def observe(self, kind: str, data: Any) -> None:
        if self.observer is not None:
            self.observer(kind, data)

    # -- requests on the stage and their resolution -----------------------------------------
    def put_on_stage(self, request: Request) -> None:
        self.state.stage.append(request)
        self.state.events.append(("staged", request))

    def resolve(self, request: Request) -> None:
        """[8] (2.10.4): check the targets, carry out the effect as far as possible, take the request
        off the stage, and put the keycards still on the stage into the graveyard."""
        state = self.state
        effective = True
        for target in request.targets:  # a loop, not all() of a generator: compiled, a generator is an object per call
            if not self._target_present(target):
                effective = False
                break
        if effective and request.action.effect is not None:
            if self.ruleset.prohibitions:  # what the abilities in force stop, decided just before the effect
                request.barred = self.barring(request)
            marks = self.ruleset.marks_resolutions  # a moved trigger's `by:` reads which action's effect moved a card
            if marks:
                state.events.append(("resolving", request.action.id))
            state.resolving.append(request)
            graveyards = self.graveyard_cards()  # an edition whose graveyard owners choose a new top after cards leave
            try:
                request.action.effect(Ctx(self, request, request.controller))
            except Stop:
                pass
            finally:
                state.resolving.remove(request)
                if marks:
                    state.events.append(("resolving", state.resolving[-1].action.id if state.resolving else None))
            self.graveyard_tops_after_leaving(graveyards)
        if request in state.stage:
            state.stage.remove(request)
        if request.revealed:
            raise EngineError(f"{request.action.name} left revealed cards unplaced")
        self.bury_keycards(request)
        state.events.append(("resolved", request))
        self.budget.resolved.append(request.action)
        if self.observer is not None:
            self.observe("resolve", (request, effective))

    def request_from_effect(self, spec: Any, seat: int, keys: list, target: Any, pay: bool) -> Request | None:
        """「…アクションをリクエストする」: the request an effect makes; it enters the core flow once the effect is over
        (flow: after the trigger check of the resolution, as if made at [5]). None when it cannot be made."""
        return requests.from_effect(self, spec, seat, keys, target, pay)

    def barring(self, request: Request) -> tuple[abilities.Bar, ...]:
        """The prohibitions that apply to this request's effect: those of the abilities in force whose `from` admits the
        request and whose `if` holds now, just before the effect (効果を発揮する直前)."""
        found: list[abilities.Bar] = []
        for controller, owner, ability in abilities.prohibiting(self):
            rule = ability.prohibition
            if rule.player != "any" and (request.controller == controller) != (rule.player == "you"):
                continue
            if rule.actions is not None and request.action.id not in rule.actions:
                continue
            ctx = Ctx(self, request, controller)
            if rule.where is not None:
                ctx.it = request
                if not rule.where(ctx):
                    continue
                ctx.it = None
            if rule.condition is not None and not rule.condition(ctx):
                continue
            found.append((rule.steps, ability.scope, controller, owner))
        return tuple(found)

    def bury_keycards(self, request: Request) -> None:
        if len(request.held) < 2:  # one card at most: no choice of the public top (graveyard_tops)
            ops.bury_keycards(self.state, request)
            return
        before = self.graveyards()
        ops.bury_keycards(self.state, request)
        self.graveyard_tops(before)

    def graveyards(self) -> tuple[int, ...]:
        """How many cards each graveyard holds: taken before cards go to the graveyards at once (graveyard_tops)."""
        return tuple([len(player.graveyard) for player in self.state.players])

    def graveyard_tops(self, before: tuple[int, ...]) -> None:
        """2.11.1 「墓地の一番上のカードはいつ決まるのか?」: 「カードを墓地に移す際に移すカードの中から 1 枚を公開
        してください。すでに墓地にあるカードを改めて公開しないでください。」 When several cards have just gone to a
        player's graveyard at once, that player (who moves them: 相手のカードに触らない) chooses which of them is made
        public: it goes on top (a decision of kind `order`) — as rules.yaml's graveyard_top says (`arrive`)."""
        if not self.ruleset.top_on_arrival:
            return  # the card put there last stays on top
        for seat, count in enumerate(before):
            graveyard = self.state.players[seat].graveyard
            if len(graveyard) - count > 1:
                arrived = graveyard[count:]
                card = arrived[self.decide(seat, "order", self.ruleset.prompts.graveyard_top, arrived)]
                graveyard.remove(card)
                graveyard.append(card)

    def graveyard_cards(self) -> tuple[frozenset[int], ...] | None:
        """What each graveyard holds before an effect, when rules.yaml's graveyard_top has its owner choose a new top
        after cards leave it (`leave`); else None, and nothing to settle (graveyard_tops_after_leaving)."""
        if not self.ruleset.top_on_leaving:
            return None
        return tuple(frozenset(player.graveyard) for player in self.state.players)

    def graveyard_tops_after_leaving(self, before: tuple[frozenset[int], ...] | None) -> None:
        """rules.yaml graveyard_top `leave` (第9.1.1版): after cards have left a graveyard, its owner chooses the new public
        top from the cards that remain (unnamed in a script, the top stays as it is)."""
        if before is None:
            return
        for seat, held in enumerate(before):
            graveyard = self.state.players[seat].graveyard
            if len(graveyard) > 1 and not held.issubset(graveyard):
                remaining = list(graveyard)
                card = remaining[self.decide(seat, "order", self.ruleset.prompts.graveyard_top, remaining)]
                graveyard.remove(card)
                graveyard.append(card)

    def _target_present(self, target: tuple[str, int]) -> bool:
        kind, value = target
        state = self.state
        if kind == "character":
            return state.character(value) is not None
        if kind == "request":
            return state.request(value) is not None
        if kind == "trump":
            return value in state.players[owner_of(value)].trump
        return True

    def negate(self, request: Request) -> None:
        """無効にする: off the stage, its keycards into the graveyard, without effect."""
        self.state.stage.remove(request)
        self.bury_keycards(request)
        self.observe("negate", request)

    def discard(self, request: Request) -> None:
        """6-10-6: a triggered main-timing request finds the stage in use and is thrown away."""
        self.bury_keycards(request)
        self.observe("discard", request)

    def retarget(self, request: Request, seat: int) -> None:
        """対象変更: a new target among those the request's action may target, other than the current one."""
        current = set(request.targets)
        candidates = [t for t in requests.target_candidates(self, request) if t not in current]
        if candidates:
            request.targets = [candidates[self.decide(seat, "target", self.ruleset.prompts.new_target, candidates)]]

    def win_loss_check(self) -> bool:
        """[9] (2.10.5): the turn player is checked first; with both lives at 0 the turn player loses."""
        state = self.state
        for seat in (state.turn, 1 - state.turn):
            if not state.players[seat].life:
                state.winner = 1 - seat
                if state.deferred:
                    run_deferred(self)  # no trigger will be handled any more: what waited for them is done now
                self.observe("win", state.winner)
                return True
        return False

    def pass_turn(self) -> None:
        """エンド 3: the turn ends (このターンが終わるまで ends with it) and goes to the opponent."""
        state = self.state
        ending = state.turn
        if any(r not in state.resolving for r in state.stage):
            self.played.violations.append(_("turn {turn}: the stage is not empty when the turn passes").format(turn=state.turn_number))
        if state.players[ending].fog:
            self.played.violations.append(_("turn {turn}: the fog is not empty when the turn passes").format(turn=state.turn_number))
        state.modifiers.clear()
        state.used.clear()
        for player in state.players:
            player.locked.clear()
        # The attacker and blocker roles are not ended here: when they end is a reading, stated in the data
        # (エンド's program, definitions/actions/1-basic.yaml).
        state.former.clear()  # last-known information is this turn's
        state.unlinked.clear()
        state.turn = 1 - ending
        state.turn_number += 1
        self.budget.new_turn()
        self.observe("turn", state.turn)
