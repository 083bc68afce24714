"""Step budgets: a program that never ends stops the game with an error naming the loop, never a hang.

The core flow counts its steps (flow.run). A request gets REQUEST_STEPS steps from the decision at
[3] to the next one (an instant action that triggers itself loops inside one trigger check); a
turn gets TURN_STEPS (a normal action that triggers itself keeps the stage from ever emptying, so
the turn never ends); a game gets GAME_STEPS. An ordinary request takes a few dozen steps and an
ordinary turn a few hundred (see tests/sim/test_budget.py), so the budgets are far above play.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from ..i18n import _
from .errors import EngineLoop

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec

REQUEST_STEPS: Final = 10_000
TURN_STEPS: Final = 50_000
GAME_STEPS: Final = 1_000_000
REPEAT_ROUNDS: Final = 1_000  # a life has at most 54 cards: a longer `repeat` is a broken program


class Budget:
    """Where the step count of a game may go before the current request, turn or game has run too long."""

    __slots__ = ("steps", "request_start", "turn_start", "limit", "resolved", "request_resolved")

    def __init__(self) -> None:
        self.steps = 0
        self.request_start = self.turn_start = 0
        self.limit = REQUEST_STEPS
        self.resolved: list[ActionSpec] = []  # the actions resolved this turn, in order
        self.request_resolved = 0  # how many of them since the last decision at [3]

    def copy(self) -> Budget:
        copy = Budget()
        copy.steps, copy.request_start, copy.turn_start, copy.limit = self.steps, self.request_start, self.turn_start, self.limit
        copy.resolved, copy.request_resolved = list(self.resolved), self.request_resolved
        return copy

    def _update(self) -> None:
        # Compared one by one, not by min(): compiled, min() of three boxes its arguments and calls the builtin, at
        # every decision at [3].
        limit = self.request_start + REQUEST_STEPS
        turn = self.turn_start + TURN_STEPS
        if turn < limit:
            limit = turn
        self.limit = limit if limit < GAME_STEPS else GAME_STEPS

    def new_request(self) -> None:
        self.request_start = self.steps
        self.request_resolved = len(self.resolved)
        self._update()

    def new_turn(self) -> None:
        self.turn_start = self.steps
        self.resolved.clear()
        self.request_resolved = 0
        self._update()

    def exceeded(self, game: Game) -> EngineLoop:
        """The error for a spent budget, naming the action resolved most often in the spent span."""
        if self.steps >= GAME_STEPS:
            span, what, budget = self.resolved, _("in one game"), GAME_STEPS
        elif self.steps >= self.turn_start + TURN_STEPS:
            span, what, budget = self.resolved, _("in one turn"), TURN_STEPS
        else:
            span, what, budget = self.resolved[self.request_resolved:], _("after one request"), REQUEST_STEPS
        counts = Counter(spec.action.id for spec in span)
        if not counts:
            spec = game.core.current.action if game.core.current is not None else None
            name = spec.action.name if spec is not None else _("no request")
            return EngineLoop(spec.action if spec is not None else None, ("program",),
                              _("the core flow ran {budget} steps {what} without a decision ({name})").format(
                                  budget=budget, what=what, name=name))
        action_id, times = counts.most_common(1)[0]
        spec = next(s for s in span if s.action.id == action_id)
        trigger = spec.trigger_spec
        if trigger is not None and trigger.action == action_id:
            why = _("it is triggered by its own resolution")
        elif trigger is not None and trigger.action:
            why = _("it is triggered by {action}, in a chain of triggers that never ends").format(action=trigger.action)
        else:
            why = _("a chain of triggers that never ends")
        message = _("{action} ({id}) resolved {times} times {what}: {why} (the step budget of {budget} core-flow steps ran out)").format(
            action=spec.action.name, id=action_id, times=times, what=what, why=why, budget=budget)
        path = ("program", "trigger") if trigger is not None else ("program",)
        return EngineLoop(spec.action, path, message)
