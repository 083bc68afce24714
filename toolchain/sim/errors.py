"""The simulator's exceptions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m


class ProgramError(ValueError):
    """A program (or example) in the definitions that the engine cannot compile; `path` is below the action.
    `fix`: the value the message suggests in place of the one at `path` (did you mean 'end'?); `left_out`:
    the id it names of an action the definitions left out for its own errors."""

    def __init__(self, path: tuple[str | int, ...], message: str, fix: str | None = None, left_out: str | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.fix = fix
        self.left_out = left_out


class UnknownAction(ProgramError):
    """An example names an action the definitions do not have (or left out for its errors)."""

    def __init__(self, path: tuple[str | int, ...], name: str) -> None:
        super().__init__(path, _("no action is called '{name}'").format(name=name))
        self.name = name


class EngineError(RuntimeError):
    """The engine reached a state the rules do not allow: a bug, reported with the game's seed."""


class IllegalRequest(ValueError):
    """A request that the rules do not allow now (timing, activation, keycards, costs or targets)."""


class Stop(Exception):
    """`stop`: the effect ends here (効果を終了する)."""


class EngineLoop(EngineError):
    """A step budget ran out: a program that never ends (an action that triggers itself, a `repeat` whose
    `until` never holds). `action` is the action whose program loops, `path` the part of it (below the
    action) that does: its trigger, or the repeat."""

    def __init__(self, action: m.Action | None, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.action = action
        self.path = path
