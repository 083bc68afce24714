"""What `bp check` asks of the simulator: every program compiles (BP031) and every example of every
action runs as written (BP030), located at the YAML that says so. One run gives the report;
its diagnostics and its summary line are read from it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import model as m
from ..diagnostics import Diagnostic
from ..sim import examples
from ..sim.ruleset import compiled


@dataclass
class Report:
    actions: int = 0  # actions and frame actions
    executed: int = 0  # those with at least one example that ran as written
    examples: int = 0
    failed: list[examples.Outcome] = field(default_factory=list)
    # examples that could not run because an action they use was left out for its errors
    blocked: list[examples.Outcome] = field(default_factory=list)
    program_errors: list[Diagnostic] = field(default_factory=list)
    outcomes: list[examples.Outcome] = field(default_factory=list)  # every example that ran, passed or not (bp diff)
    has_examples: bool = False  # whether the definitions give any example (else there is no summary line)

    def summary(self) -> str:
        line = f"{self.executed}/{self.actions} actions executed, {self.examples} examples, {len(self.failed)} failed"
        return line + (f", {len(self.blocked)} not run (they use an action with errors)" if self.blocked else "")

    def as_dict(self) -> dict[str, int]:
        return {
            "actions": self.actions, "executed": self.executed, "examples": self.examples,
            "failed": len(self.failed), "blocked": len(self.blocked),
        }


def report(defs: m.Definitions) -> Report:
    result = Report(has_examples=has_examples(defs))
    broken: set[str] = set()
    for thing, path, message in compiled(defs).errors:
        result.program_errors.append(Diagnostic(thing.source.location(*path), "BP031", message))
        broken.add(thing.id)
    passed: set[str] = set()
    result.actions = len(defs.actions) + len(defs.frame_actions)
    for outcome in examples.run_all(defs, skip=broken):
        result.examples += 1
        result.outcomes.append(outcome)
        if outcome.ok:
            passed.add(outcome.action.id)
        elif outcome.missing_action in defs.left_out_actions:
            result.blocked.append(outcome)
        else:
            result.failed.append(outcome)
    result.executed = len(passed)
    return result


def has_examples(defs: m.Definitions) -> bool:
    return any(examples.examples_of(a) for a in (*defs.actions, *defs.frame_actions))


def diagnostics(result: Report) -> Iterator[Diagnostic]:
    yield from result.program_errors
    for outcome in result.failed:
        location = outcome.action.source.location("examples", outcome.index, *outcome.path)
        yield Diagnostic(location, "BP030", f"example '{outcome.name}' of {outcome.action.name} failed: {outcome.message}")
