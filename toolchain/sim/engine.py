"""The definitions compiled for the simulator, once: every game, situation and example of them
starts from an Engine (no cache keyed by the definitions' identity; whoever holds the
definitions holds their engine)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import model as m
from ..diagnostics import Location
from .ruleset import Compiled, Ruleset, compile_definitions


@dataclass(frozen=True)
class ProgramProblem:
    """A program (or a character's label condition or ability, or a trump's ability) the engine cannot compile (BP031)."""

    definition: m.Action | m.Character | m.Trump
    path: tuple[str | int, ...]  # below the definition
    message: str
    fix: str | None = None  # the value the message suggests at `path`
    left_out: str | None = None  # the action it names, which the definitions left out for its errors

    def location(self) -> Location:
        return self.definition.source.location(*self.path)


class Engine:
    """The rules engine for one set of definitions: their programs compiled, ready for any regulation."""

    def __init__(self, definitions: m.Definitions, instrument: bool = False) -> None:
        """`instrument`: the steps record what they act on into a game's sim.Tally (bp check's examples, BP038)."""
        self.definitions = definitions
        self.compiled: Compiled = compile_definitions(definitions, instrument)
        self._rulesets: dict[tuple[str, str], Ruleset] = {}

    @property
    def problems(self) -> list[ProgramProblem]:
        return [ProgramProblem(definition, path, str(error), error.fix, error.left_out) for definition, path, error in self.compiled.errors]

    def ruleset(self, format_id: str, frame_id: str) -> Ruleset:
        """What the regulation `format + frame` plays with (any pair; table 3.1 is the caller's to check).
        Made once per regulation: a Ruleset holds no game's state, only what is derived from the definitions."""
        rules = self._rulesets.get((format_id, frame_id))
        if rules is None:
            rules = self._rulesets[(format_id, frame_id)] = Ruleset(self.definitions, self.compiled, format_id, frame_id)
        return rules
