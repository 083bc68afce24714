"""What `bp check` asks of the simulator: every program compiles (BP031), every example of every
action runs as written (BP030) and ends within the engine's step budget (BP033), every trigger holds
in some example (BP037) and no effect step is aimed at nothing in every example that runs it (BP038),
located at the YAML that says so. One run gives the report; its diagnostics and its summary line are
read from it."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass, field

from .. import model as m
from .. import sim
from ..diagnostics import Diagnostic, Fix
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
    left_out_named: dict[Diagnostic, str] = field(default_factory=dict)  # a program error → the left-out action it names
    outcomes: list[examples.Outcome] = field(default_factory=list)  # every example that ran, passed or not (bp diff)
    has_examples: bool = False  # whether the definitions give any example (else there is no summary line)
    not_run: str | None = None  # why no example ran (a file the engine is built from has errors)
    shared: str | None = None  # many failed examples that request one action: which (cascades.shared_request)
    never_executed: list[m.Action] = field(default_factory=list)  # actions no example ran the effect of, in file order
    unshown: list[Diagnostic] = field(default_factory=list)  # what the examples never showed (BP037, BP038)

    def summary(self) -> str:
        if self.not_run:
            return f"examples not run: {self.not_run}"
        line = f"{self.executed}/{self.actions} actions executed"
        if self.never_executed:
            line += f" ({self._never_executed()})"
        line += f", {self.examples} examples, {len(self.failed)} failed"
        return line + (f", {len(self.blocked)} not run (they use an action with errors)" if self.blocked else "")

    def _never_executed(self) -> str:
        """Which actions never ran, and why: their examples failed (reported above), or none runs the effect."""
        failing = {outcome.action.id for outcome in (*self.failed, *self.blocked)}
        causes = (
            ([a.name for a in self.never_executed if a.id in failing], "{} never ran: {} examples failed"),
            ([a.name for a in self.never_executed if a.id not in failing],
             "{} never ran: no example runs {} effect; add one (an `illegal:` example runs none)"),
        )
        return "; ".join(why.format(_some(names), "its" if len(names) == 1 else "their") for names, why in causes if names)

    def as_dict(self) -> dict[str, int | str | list[str]]:
        counts: dict[str, int | str | list[str]] = {
            "actions": self.actions, "executed": self.executed, "examples": self.examples,
            "failed": len(self.failed), "blocked": len(self.blocked),
            "never_executed": [action.id for action in self.never_executed],
        }
        if self.shared:
            counts["shared"] = self.shared
        return {**counts, "not_run": self.not_run} if self.not_run else counts


def report(defs: m.Definitions) -> Report:
    result = Report(has_examples=has_examples(defs))
    broken: set[str] = set()
    engine = sim.Engine(defs, instrument=True)
    for problem in engine.problems:
        source = problem.definition.source
        fix = Fix(source.base + problem.path, problem.fix) if problem.fix else None
        finding = Diagnostic(problem.location(), "BP031", problem.message, fix=fix)
        result.program_errors.append(finding)
        if problem.left_out:
            result.left_out_named[finding] = problem.left_out
        broken.add(problem.definition.id)
    passed: set[str] = set()
    result.actions = len(defs.actions) + len(defs.frame_actions)
    tally = sim.Tally()
    for outcome in sim.run_examples(engine, skip=broken, tally=tally):
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
    result.never_executed = [action for action in (*defs.actions, *defs.frame_actions) if action.id not in passed]
    if result.has_examples and not (result.failed or result.blocked or result.program_errors):
        result.unshown = list(_unshown(defs, engine, tally))  # with every example as written, what they never showed
    return result


def _some(names: list[str], shown: int = 5) -> str:
    return ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")


def _unshown(defs: m.Definitions, engine: sim.Engine, tally: sim.Tally) -> Iterator[Diagnostic]:
    """A trigger whose condition never held in any example (an example of a triggered action requested directly is
    made as if it held, so it shows nothing of the condition); a step run only with nothing to act on."""
    actions = {action.id: action for action in (*defs.actions, *defs.frame_actions)}
    for action_id, spec in engine.compiled.actions.items():
        if spec.trigger_spec is not None and action_id not in tally.fired:
            action = actions[action_id]
            yield Diagnostic(
                action.source.location("program", "trigger"), "BP037",
                f"the trigger of {action.name} never held in the examples: in none of them does it trigger by itself "
                "(an example that requests it directly makes it as if its condition held). Add an example in which "
                "what triggers it happens, e.g. a flow of the action that triggers it; or fix the condition, which may "
                "never hold",
            )
    for action_id, path in tally.never_aimed():
        action = actions[action_id]
        step = _step_name(action.program, path)
        yield Diagnostic(
            action.source.location("program", *path), "BP038",
            f"{action.name}: this `{step}` step found nothing to act on in every example that ran it: what it is aimed "
            "at is always empty. Fix what it selects, or add an example in which it finds something",
        )


def _step_name(program: object, path: tuple) -> str:
    node = program
    for part in path:
        node = node[part] if isinstance(node, (dict, list)) else None  # type: ignore[index]
    return next(iter(node)) if isinstance(node, dict) and node else "?"


def not_run(defs: m.Definitions, reason: str) -> Report:
    return Report(has_examples=has_examples(defs), not_run=reason)


def has_examples(defs: m.Definitions) -> bool:
    return any(a.examples for a in (*defs.actions, *defs.frame_actions))


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


def diagnostics(result: Report, defs: m.Definitions | None = None) -> Iterator[Diagnostic]:
    yield from result.program_errors
    for _, finding in failures(result, defs):
        yield finding
    yield from result.unshown


def failures(result: Report, defs: m.Definitions | None = None) -> Iterator[tuple[sim.Outcome, Diagnostic]]:
    """Each failed example with its finding: BP033 at the program that loops, else BP030 at the example."""
    for outcome in result.failed:
        loop = outcome.loop
        if loop is not None and loop.action is not None:
            yield outcome, Diagnostic(loop.action.source.location(*loop.path), "BP033",
                                      f"{loop} (in example '{outcome.name}' of {outcome.action.name})")
            continue
        message = f"example '{outcome.name}' of {outcome.action.name} failed: {outcome.message}"
        message += _did_you_mean(outcome.missing_action, defs)
        yield outcome, Diagnostic(outcome.location(), "BP030", message)
