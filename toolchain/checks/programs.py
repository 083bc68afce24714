"""What `bp check` asks of the simulator: every program compiles (BP031), every example of every
action runs as written (BP030) and ends within the engine's step budget (BP033), located at the YAML
that says so. One run gives the report;
its diagnostics and its summary line are read from it."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .. import model as m
from .. import sim
from ..diagnostics import Diagnostic
from ..notation.cards import parse_card


@dataclass
class Report:
    actions: int = 0  # actions and frame actions
    executed: int = 0  # those with at least one example that ran their effect as written (an `illegal:` one runs none)
    examples: int = 0
    failed: list[sim.Outcome] = field(default_factory=list)
    # examples that could not run because an action they use was left out for its errors
    blocked: list[sim.Outcome] = field(default_factory=list)
    program_errors: list[Diagnostic] = field(default_factory=list)
    outcomes: list[sim.Outcome] = field(default_factory=list)  # every example that ran, actions' and rulings', passed or not (bp diff)
    has_examples: bool = False  # whether the definitions give any example (else there is no summary line)
    not_run: str | None = None  # why no example ran (a file the engine is built from has errors)
    rulings: RulingsRun | None = None  # the rulings' examples; None when there are no rulings

    def summary(self) -> str:
        if self.not_run:
            return f"examples not run: {self.not_run}"
        line = f"{self.executed}/{self.actions} actions executed, {self.examples} examples, {len(self.failed)} failed"
        return line + (f", {len(self.blocked)} not run (they use an action with errors)" if self.blocked else "")

    def as_dict(self) -> dict[str, Any]:
        counts: dict[str, Any] = {
            "actions": self.actions, "executed": self.executed, "examples": self.examples,
            "failed": len(self.failed), "blocked": len(self.blocked),
        }
        if self.rulings is not None:
            counts["rulings"] = self.rulings.as_dict()
        return {**counts, "not_run": self.not_run} if self.not_run else counts

    @property
    def every_failure(self) -> list[sim.Outcome]:
        """The failed examples of the actions, then of the rulings."""
        return [*self.failed, *(self.rulings.failed if self.rulings else ())]


@dataclass
class RulingsRun:
    """The rulings' examples (definitions/rulings.yaml): a ruling whose outcome a rule change flips fails here."""

    rulings: int = 0
    examples: int = 0
    failed: list[sim.Outcome] = field(default_factory=list)
    blocked: list[sim.Outcome] = field(default_factory=list)  # they play an action whose program does not compile
    not_executable: int = 0  # rulings that say why no example shows them (bp check --rulings lists them)

    def summary(self) -> str:
        """`5 rulings: 6 examples, 0 failed, 1 not executable (bp check --rulings)`."""
        line = f"{self.rulings} rulings: {self.examples} examples, {len(self.failed)} failed"
        if self.blocked:
            line += f", {len(self.blocked)} not run (they use an action with errors)"
        return line + (f", {self.not_executable} not executable (bp check --rulings)" if self.not_executable else "")

    def as_dict(self) -> dict[str, int]:
        return {"rulings": self.rulings, "examples": self.examples, "failed": len(self.failed), "blocked": len(self.blocked),
                "not_executable": self.not_executable}


def report(defs: m.Definitions) -> Report:
    result = Report(has_examples=has_examples(defs))
    broken: set[str] = set()
    engine = sim.Engine(defs)
    for problem in engine.problems:
        result.program_errors.append(Diagnostic(problem.location(), "BP031", problem.message))
        broken.add(problem.definition.id)
    passed: set[str] = set()
    result.actions = len(defs.actions) + len(defs.frame_actions)
    for outcome in sim.run_examples(engine, skip=broken):
        result.examples += 1
        result.outcomes.append(outcome)
        if outcome.ok:
            if outcome.example.illegal is None:
                passed.add(outcome.action.id)
        elif outcome.missing_action in defs.left_out_actions:
            result.blocked.append(outcome)
        else:
            result.failed.append(outcome)
    result.executed = len(passed)
    if defs.rulings:
        result.rulings = _rulings(engine, broken, result)
    return result


def _rulings(engine: sim.Engine, broken: set[str], result: Report) -> RulingsRun:
    defs = engine.definitions
    run = RulingsRun(rulings=len(defs.rulings), not_executable=sum(1 for r in defs.rulings if r.not_executable))
    for ruling in defs.rulings:
        action = defs.ruling_action(ruling)
        if action is not None and action.id in broken:  # BP031 says why: its examples are not run behind it
            run.blocked += [sim.Outcome(action, example, False, f"{action.name} does not compile", ruling=ruling)
                            for example in ruling.examples]
    for outcome in sim.run_ruling_examples(engine, skip=broken):
        run.examples += 1
        result.outcomes.append(outcome)
        if outcome.ok:
            continue
        if outcome.missing_action in defs.left_out_actions:
            run.blocked.append(outcome)
        else:
            run.failed.append(outcome)
    return run


def not_run(defs: m.Definitions, reason: str) -> Report:
    return Report(has_examples=has_examples(defs), not_run=reason)


def has_examples(defs: m.Definitions) -> bool:
    return any(a.examples for a in (*defs.actions, *defs.frame_actions)) or bool(defs.rulings)


def _did_you_mean(missing: str | None, defs: m.Definitions | None) -> str:
    """For an example naming an action that does not exist: the name closest to it, if any is close."""
    if missing is None or defs is None:
        return ""
    try:  # `request: ♡3 → you:♢5`: the keycards without their ★ read as an action's name
        cards = [parse_card(text) for text in missing.split()]
    except ValueError:
        cards = []
    if cards:
        return f"; the keycards are written after ★: ★{missing}"
    names = [action.name for action in (*defs.actions, *defs.frame_actions)]
    close = difflib.get_close_matches(missing, names, n=1, cutoff=0.5)
    return f"; did you mean '{close[0]}'?" if close else ""


def _of(outcome: sim.Outcome) -> str:
    """What an example is of, in a message: `ダウン`, or `ruling 'self-target' (アクションを対象とする…?)`."""
    if outcome.ruling is not None:
        return f"ruling '{outcome.ruling.id}' ({outcome.ruling.question})"
    return outcome.owner.name


def diagnostics(result: Report, defs: m.Definitions | None = None) -> Iterator[Diagnostic]:
    yield from result.program_errors
    for outcome in result.every_failure:
        loop = outcome.loop
        if loop is not None and loop.action is not None:
            yield Diagnostic(loop.action.source.location(*loop.path), "BP033",
                             f"{loop} (in example '{outcome.name}' of {_of(outcome)})")
            continue
        message = f"example '{outcome.name}' of {_of(outcome)} failed: {outcome.message}"
        message += _did_you_mean(outcome.missing_action, defs)
        yield Diagnostic(outcome.location(), "BP030", message)
