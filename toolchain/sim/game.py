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
    game.apply(decision.options[i])             # any decision: a request at [3], a target, a cost, …
    game.undo(); game.clone(); state_hash(game)

An effect stays plain code: when it asks a decision not yet taken, the game goes back to the last
stable point (the decision at [3], or the start) and waits; the decision applied, the flow runs
again from that point with the decisions taken so far, and stops at the next one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import TYPE_CHECKING, Any

from ..model.coreflow import CORE_FLOW
from . import flow, operations as ops, requests
from .agents import Agent, Decision
from .budget import Budget
from .cards import owner_of
from .errors import EngineError, IllegalRequest, Stop
from .language import Ctx
from .requests import PASS, RequestOption
from .ruleset import Ruleset
from .start import setup
from .state import Request, State

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Engine

Observer = Callable[[str, Any], None]
REQUEST_PROMPT = "リクエストするか"
_START = "start"  # the stable point before the game start's decisions


class DecisionDue(Exception):
    """A decision no agent takes: the flow stops; Game.apply takes it and runs the flow again."""


class Game:
    """The engine: one game's state and rules, its agents and RNG, and where the core flow stands."""

    def __init__(self, rules: Ruleset, state: State, agents: Sequence[Agent], seed: int | None = None) -> None:
        self.ruleset = rules
        self.state = state
        self.agents = list(agents)
        self.rng = random.Random(seed)
        self.node = "1"  # where the core flow stands: "3" waiting for the chance holder, or "end"
        self.pending: Any = None  # the [3] choice handed in by apply()
        self.choice: Any = None
        self.current: Request | None = None  # the request made at [5]
        self.taken: Request | None = None  # the request the trigger check took out of the buffer
        self.after = "request"  # how [6] was reached
        self.seat_order = 0  # the trigger check's player, counted from the turn player
        self.processing: tuple[int, str] = (0, "main")
        self.triggered: list[Request] = []
        self.decisions = 0
        self.requests = 0
        self.budget = Budget()
        self.violations: list[str] = []
        self.trace: list[str] | None = None  # node ids walked, when a test asks for them
        self.observer: Observer | None = None  # transcripts
        self.recorder: Callable[[Decision, int], None] | None = None
        # The public decision protocol (agents=None): where the flow last stood still, how it went on from
        # there (the request made at [3], or the game start), the decisions taken since, the one due now.
        self.protocol = False
        self.base: Game | None = None
        self.entry: Any = None
        self.chosen: list[int] = []
        self.replaying: list[int] = []
        self.due: Decision | None = None
        self.history: list[Game] = []

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, engine: Engine, format_id: str, frame_id: str, *, seed: int, agents: Sequence[Agent],
            recorder: Callable[[Decision, int], None] | None = None, observer: Observer | None = None) -> Game:
        """A game set up by its frame's start procedure (2.9, 5.3), waiting at [3] for the first player."""
        game = cls(engine.ruleset(format_id, frame_id), State([]), agents or [], seed)
        game.recorder, game.observer = recorder, observer
        if agents is None:
            game.protocol = True
            game._go(_START)
            return game
        setup(game)
        game.begin()
        return game

    def begin(self) -> None:
        """[1] ゲーム開始 → [2] → [3]."""
        self.state.events.clear()
        self.observe("start", self.state.first)
        self.node = flow.run(self, CORE_FLOW, flow.CORE_HANDLERS, "1")

    def clone(self, agents: Sequence[Agent] | None = None) -> Game:
        """An independent copy: state, RNG, and copies of the agents (or the agents given)."""
        copy = self._copy(agents)
        copy.recorder = copy.observer = None  # a transcript follows one game
        return copy

    def _copy(self, agents: Sequence[Agent] | None = None) -> Game:
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy.state = self.state.clone()
        copy.agents = list(agents) if agents is not None else deepcopy(self.agents)
        copy.rng = random.Random()
        copy.rng.setstate(self.rng.getstate())
        copy.violations = list(self.violations)
        copy.budget = self.budget.copy()
        copy.current, copy.taken, copy.triggered, copy.trace = None, None, [], None
        copy.chosen, copy.history = list(self.chosen), list(self.history)
        if self.due is not None:
            copy._go(self.entry, replay=True)  # the due decision's options are objects of the copy's own state
        return copy

    # -- the public decision protocol ---------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision due now: its seat, kind, prompt, options and the deciding player's observation
        (None when the game is over)."""
        if self.due is not None:
            return self.due
        if self.node != "3":
            return None
        return Decision(self, self.state.chance, "request", REQUEST_PROMPT, self.legal_requests())

    def legal_decisions(self) -> list:
        due = self.decision()
        return list(due.options) if due is not None else []

    def undo(self) -> None:
        """Back one decision (a game played without agents)."""
        if not self.history:
            raise IllegalRequest("no decision to undo")
        history = self.history
        previous = history.pop()
        recorder, observer = self.recorder, self.observer
        self.__dict__.update(previous.__dict__)
        self.history, self.recorder, self.observer = history, recorder, observer

    def _take(self, choice: Any) -> None:
        """The due decision (not at [3]) taken: run again from the stable point with one more decision."""
        due = self.due
        index = next((i for i, option in enumerate(due.options) if option is choice), None)
        if index is None:
            index = next((i for i, option in enumerate(due.options) if option == choice), None)
        if index is None:
            raise IllegalRequest(f"not an option of {due.prompt}: {choice!r}")
        self.history.append(self._copy())
        self.decisions += 1
        if self.recorder is not None:
            self.recorder(due, index)
        self.chosen.append(index)
        self._go(self.entry, replay=True)

    def _go(self, entry: Any, replay: bool = False) -> None:
        """Run from the stable point (the game start, or [3] with `entry` as the request made there),
        answering the decisions asked with `chosen`, until the flow stands still again or a decision is due."""
        if not replay:
            self.base, self.entry, self.chosen = self._copy(), entry, []
        else:
            base = self.base._copy()
            keep = (self.base, self.entry, self.chosen, self.history, self.recorder, self.observer, self.decisions)
            self.__dict__.update(base.__dict__)
            self.base, self.entry, self.chosen, self.history, self.recorder, self.observer, self.decisions = keep
        self.replaying, self.due = list(self.chosen), None
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
        self.base, self.entry, self.chosen = None, None, []
        for kind, data in seen:
            self.observe(kind, data)

    # -- the API ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def legal_requests(self) -> list:
        """[3]: PASS and every RequestOption the player holding the chance may make."""
        if self.node != "3":
            return []
        return requests.options(self, self.state.chance)

    def apply(self, choice: RequestOption | Any, *, check: bool = True) -> None:
        """The answer to the decision due: at [3] PASS or a RequestOption (the core flow runs to the next
        decision); without agents, also any other decision's option (one of `legal_decisions()`)."""
        if self.due is not None:
            self._take(choice)
            return
        if self.node != "3":
            raise IllegalRequest("the game is over" if self.over else "no decision is due")
        options = self.legal_requests() if check or self.protocol else None
        if check and choice is not PASS and choice not in options:
            raise IllegalRequest(f"not a legal request now: {choice!r}")
        if not self.protocol:
            self._run_request(choice)
            return
        self.history.append(self._copy())
        if self.recorder is not None and len(options) > 1:
            self.recorder(Decision(self, self.state.chance, "request", REQUEST_PROMPT, options), options.index(choice))
        self._go(choice)

    def _run_request(self, choice: Any) -> None:
        if choice is not PASS:
            self.requests += 1
        self.pending = choice
        self.budget.new_request()
        self.node = flow.run(self, CORE_FLOW, flow.CORE_HANDLERS, "3")

    def step(self) -> None:
        """The chance holder's agent decides at [3]."""
        if self.protocol:
            raise EngineError("a game without agents is played through decision() and apply()")
        options = self.legal_requests()
        if not options:
            raise EngineError("no decision is due")
        index = self.decide(self.state.chance, "request", REQUEST_PROMPT, options)
        self.apply(options[index], check=False)

    def play(self, turn_cap: int = 200, after_step: Callable[[Game], bool] | None = None) -> bool:
        """Play until the win/loss check decides (True) or the turn cap is reached (False).
        `after_step` is called after every step; it stops the game by returning False."""
        while not self.over:
            if self.state.turn_number > turn_cap:
                return False
            self.step()
            if after_step is not None and not after_step(self):
                return False
        return True

    # -- decisions --------------------------------------------------------------------------
    def decide(self, seat: int, kind: str, prompt: str, options: list) -> int:
        """Ask a seat's agent to pick one option; a choice of one is no choice."""
        if len(options) == 1:
            return 0
        if not options:
            raise EngineError(f"{prompt}: nothing to choose from")
        if self.protocol:
            if self.replaying:
                return self.replaying.pop(0)
            self.due = Decision(self, seat, kind, prompt, options)
            raise DecisionDue()
        decision = Decision(self, seat, kind, prompt, options)
        index = self.agents[seat].choose(decision)
        if not 0 <= index < len(options):
            raise EngineError(f"agent chose {index} of {len(options)} options")
        self.decisions += 1
        if self.recorder is not None:
            self.recorder(decision, index)
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
        effective = all(self._target_present(t) for t in request.targets)
        if effective and request.action.effect is not None:
            state.resolving.append(request)
            try:
                request.action.effect(Ctx(self, request, request.controller))
            except Stop:
                pass
            finally:
                state.resolving.remove(request)
        if request in state.stage:
            state.stage.remove(request)
        if request.revealed:
            raise EngineError(f"{request.action.name} left revealed cards unplaced")
        ops.bury_keycards(state, request)
        state.events.append(("resolved", request))
        self.budget.resolved.append(request.action)
        self.observe("resolve", (request, effective))

    def _target_present(self, target: tuple[str, int]) -> bool:
        kind, value = target
        state = self.state
        if kind == "character":
            return state.character(value) is not None
        if kind == "request":
            return state.request(value) is not None
        if kind == "trump":
            return value in state.players[owner_of(value)].trumps
        return True

    def negate(self, request: Request) -> None:
        """無効にする: off the stage, its keycards into the graveyard, without effect."""
        self.state.stage.remove(request)
        ops.bury_keycards(self.state, request)
        self.observe("negate", request)

    def discard(self, request: Request) -> None:
        """6-10-6: a triggered main-timing request finds the stage in use and is thrown away."""
        ops.bury_keycards(self.state, request)
        self.observe("discard", request)

    def retarget(self, request: Request, seat: int) -> None:
        """対象変更: a new target among those the request's action may target, other than the current one."""
        current = set(request.targets)
        candidates = [t for t in requests.target_candidates(self, request) if t not in current]
        if candidates:
            request.targets = [candidates[self.decide(seat, "target", "新しい対象", candidates)]]

    def win_loss_check(self) -> bool:
        """[9] (2.10.5): the turn player is checked first; with both lives at 0 the turn player loses."""
        state = self.state
        for seat in (state.turn, 1 - state.turn):
            if not state.players[seat].life:
                state.winner = 1 - seat
                self.observe("win", state.winner)
                return True
        return False

    def pass_turn(self) -> None:
        """エンド 3: the turn ends (このターンが終わるまで ends with it) and goes to the opponent."""
        state = self.state
        ending = state.turn
        if any(r not in state.resolving for r in state.stage):
            self.violations.append(f"turn {state.turn_number}: the stage is not empty when the turn passes")
        if state.players[ending].fog:
            self.violations.append(f"turn {state.turn_number}: the fog is not empty after エンド")
        state.modifiers.clear()
        state.used.clear()
        for player in state.players:
            player.locked.clear()
        for character in state.characters():
            character.role, character.blocking = None, None
        state.turn = 1 - ending
        state.turn_number += 1
        self.budget.new_turn()
        self.observe("turn", state.turn)
