"""What `bp check` asks of the simulator: every program compiles (BP031), every example of every
action and of every ruling runs as written (BP030) and ends within the engine's step budget (BP033),
every trigger holds in some example (BP037) and no effect step is aimed at nothing in every example
that runs it (BP038), located at the YAML that says so. One run gives the report; its diagnostics and
its summary lines are read from it.

bp check keeps them (`played`) under the key of what the simulator reads (`played_key`): every
definition but its printed words (markup texts, flavor, readings), which no program or example
reads, and where each value is written. Rewording an effect does not run the examples again.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import model as m
from ..diagnostics import Diagnostic, Fix
from ..i18n import _, language
from ..model.definitions import Flavor, Reading, Source
from ..model.notations import Text
from ..notation.card_notation import parse_card
from ..resultcache import ResultCache, key_of
from .summary import examples_summary, rulings_line, rulings_summary

if TYPE_CHECKING:  # pragma: no cover - the simulator loads only when examples run (not for a kept result)
    from .. import sim, simtools
    from ..model.loader import LoadResult


@dataclass
class Report:
    actions: int = 0  # actions and frame actions
    executed: int = 0  # those with at least one example that ran their effect as written (an `illegal:` one runs none)
    examples: int = 0
    failed: list[simtools.Outcome] = field(default_factory=list)
    # examples that could not run because an action they use was left out for its errors
    blocked: list[simtools.Outcome] = field(default_factory=list)
    program_errors: list[Diagnostic] = field(default_factory=list)
    left_out_named: dict[Diagnostic, str] = field(default_factory=dict)  # a program error → the left-out action it names
    # every example that ran, the actions' and the rulings', passed or not (bp diff)
    outcomes: list[simtools.Outcome] = field(default_factory=list)
    has_examples: bool = False  # whether the definitions give any example (else there is no summary line)
    not_run: str | None = None  # why no example ran (a file the engine is built from has errors)
    shared: str | None = None  # many failed examples that request one action: which (cascades.shared_request)
    never_executed: list[m.Action] = field(default_factory=list)  # actions no example ran the effect of, in file order
    # actions whose program has errors (BP031): their examples are not run, so they never run either
    program_broken: set[str] = field(default_factory=set)
    unshown: list[Diagnostic] = field(default_factory=list)  # what the examples never showed (BP037, BP038)
    rulings: RulingsRun | None = None  # the rulings' examples; None when there are no rulings

    def summary(self) -> str:
        return examples_summary(self.as_dict())

    def as_dict(self) -> dict[str, Any]:
        counts: dict[str, Any] = {
            "actions": self.actions, "executed": self.executed, "examples": self.examples,
            "failed": len(self.failed), "blocked": len(self.blocked),
            "never_executed": [action.id for action in self.never_executed],
        }
        if self.never_executed:  # which never ran, and why: their examples failed (reported above), or none runs the effect
            failing = {outcome.action.id for outcome in (*self.failed, *self.blocked)}
            broken = self.program_broken
            counts["never_ran_broken"] = [a.name for a in self.never_executed if a.id in broken]
            counts["never_ran_failing"] = [a.name for a in self.never_executed if a.id in failing and a.id not in broken]
            counts["never_ran_unrun"] = [a.name for a in self.never_executed if a.id not in failing | broken]
        if self.rulings is not None:
            counts["rulings"] = self.rulings.as_dict()
        if self.shared:
            counts["shared"] = self.shared
        return {**counts, "not_run": self.not_run} if self.not_run else counts

    def rulings_summary(self) -> str | None:
        """The rulings' summary line, when there are rulings."""
        return rulings_summary(self.as_dict())

    @property
    def every_failure(self) -> list[simtools.Outcome]:
        """The failed examples of the actions, then of the rulings."""
        return [*self.failed, *(self.rulings.failed if self.rulings else ())]


@dataclass
class RulingsRun:
    """The rulings' examples (definitions/rulings.yaml): a ruling whose outcome a rule change flips fails here."""

    rulings: int = 0
    examples: int = 0
    failed: list[simtools.Outcome] = field(default_factory=list)
    blocked: list[simtools.Outcome] = field(default_factory=list)  # they play an action whose program does not compile
    not_executable: int = 0  # rulings that say why no example shows them (bp check --rulings lists them)

    def summary(self) -> str:
        """`5 rulings: 6 examples, 0 failed, 1 not executable (bp check --rulings)`."""
        return rulings_line(self.as_dict())

    def as_dict(self) -> dict[str, int]:
        return {"rulings": self.rulings, "examples": self.examples, "failed": len(self.failed), "blocked": len(self.blocked),
                "not_executable": self.not_executable}


@dataclass(frozen=True)
class Kept:
    """A Report as bp check's cache keeps it: the counts its summary lines are made from (the rulings' too)."""

    has_examples: bool
    counts: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return self.counts

    def summary(self) -> str:
        return examples_summary(self.counts)

    def rulings_summary(self) -> str | None:
        return rulings_summary(self.counts)


def report(defs: m.Definitions) -> Report:
    from .. import sim, simtools

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
    for outcome in simtools.run_examples(engine, skip=broken, tally=tally):
        result.examples += 1
        result.outcomes.append(outcome)
        if outcome.ok:
            if outcome.example.runs_effects:
                passed.add(outcome.action.id)
        elif outcome.missing_action in defs.left_out_actions:
            result.blocked.append(outcome)
        else:
            result.failed.append(outcome)
    result.executed = len(passed)
    result.program_broken = {action.id for action in (*defs.actions, *defs.frame_actions) if action.id in broken and action.examples}
    result.never_executed = [action for action in (*defs.actions, *defs.frame_actions) if action.id not in passed]
    if defs.rulings:
        result.rulings = _rulings(engine, broken, result)
    if result.has_examples and not (result.failed or result.blocked or result.program_errors):
        result.unshown = list(_unshown(defs, engine, tally))  # with every example as written, what they never showed
    return result


def _rulings(engine: sim.Engine, broken: set[str], result: Report) -> RulingsRun:
    from .. import simtools

    defs = engine.definitions
    run = RulingsRun(rulings=len(defs.rulings), not_executable=sum(1 for r in defs.rulings if r.not_executable))
    for ruling in defs.rulings:
        action = defs.ruling_action(ruling)
        if action is not None and action.id in broken:  # BP031 says why: its examples are not run behind it
            run.blocked += [simtools.Outcome(action, example, False, f"{action.name} does not compile", ruling=ruling)
                            for example in ruling.examples]
    for outcome in simtools.run_ruling_examples(engine, skip=broken):
        run.examples += 1
        result.outcomes.append(outcome)
        if outcome.ok:
            continue
        if outcome.missing_action in defs.left_out_actions:
            run.blocked.append(outcome)
        else:
            run.failed.append(outcome)
    return run


def _unshown(defs: m.Definitions, engine: sim.Engine, tally: sim.Tally) -> Iterator[Diagnostic]:
    """A trigger whose condition never held in any example (an example of a triggered action requested directly is
    made as if it held, so it shows nothing of the condition); a step run only with nothing to act on."""
    actions = {action.id: action for action in (*defs.actions, *defs.frame_actions)}
    for action_id, spec in engine.compiled.actions.items():
        if spec.trigger_spec is not None and action_id not in tally.fired:
            action = actions[action_id]
            yield Diagnostic(
                action.source.location("program", "trigger"), "BP037",
                _("the trigger of {action} never held in the examples: in none of them does it trigger by itself "
                  "(an example that requests it directly makes it as if its condition held). Add an example in which "
                  "what triggers it happens, e.g. a flow of the action that triggers it; or fix the condition, which may "
                  "never hold").format(action=action.name),
            )
    for action_id, path in tally.never_aimed():
        action = actions[action_id]
        step = _step_name(action.program, path)
        yield Diagnostic(
            action.source.location("program", *path), "BP038",
            _("{action}: this `{step}` step found nothing to act on in every example that ran it: what it is aimed "
              "at is always empty. Fix what it selects, or add an example in which it finds something").format(
                action=action.name, step=step),
        )


def _step_name(program: object, path: tuple) -> str:
    node = program
    for part in path:
        node = node[part] if isinstance(node, (dict, list)) else None  # type: ignore[index]
    return next(iter(node)) if isinstance(node, dict) and node else "?"


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
        return _("; the keycards are written after ★: ★{keycards}").format(keycards=missing)
    names = [action.name for action in (*defs.actions, *defs.frame_actions)]
    close = difflib.get_close_matches(missing, names, n=1, cutoff=0.5)
    return _("; did you mean '{name}'?").format(name=close[0]) if close else ""


def played(loaded: LoadResult, findings: list[Diagnostic], store: ResultCache | None = None, searches: bool = True
           ) -> tuple[Report | Kept, list[Diagnostic]]:
    """The programs compiled, the examples run and the trumps' images built (BP030–BP033), and every
    finding linked to the one it follows from (cascades.py): the report and all the findings, from
    `store` when what the simulator and the linking read is what it was when they were kept; `searches`: whether
    the design guidelines' searches are played (a store keeps only the findings of a check that played them)."""
    defs = loaded.definitions
    store = store if searches else None
    key = key_of(language(), played_key(loaded, findings)) if store is not None else ""  # the findings' language too
    if store is not None:
        kept = store.get("examples", key)
        try:
            linked = [Diagnostic.from_row(row) for row in kept["findings"]]
            return Kept(bool(kept["has_examples"]), dict(kept["counts"])), linked
        except (TypeError, KeyError, ValueError, RecursionError):
            pass  # nothing kept for this key: run them
    from . import cascades, guidelines
    from .images import check_images

    result = report(defs)
    # the design guidelines (BP040–BP046) play the engine's searches too: kept with the examples' findings
    found = [*findings, *diagnostics(result, defs), *check_images(defs), *guidelines.run(defs, play=searches)]
    linked = cascades.link(sorted(set(found)), loaded, list(failures(result, defs)), result.left_out_named)
    result.shared = cascades.shared_request(result.every_failure, result.outcomes, defs)
    if store is not None:
        store.put("examples", key, {"has_examples": result.has_examples, "counts": result.as_dict(),
                                    "findings": [finding.as_row() for finding in linked]})
    return result, linked


def played_key(loaded: LoadResult, findings: Sequence[Diagnostic] = ()) -> str:
    """What the simulator and the linking of findings read, as text: every definition with its printed
    words masked (their presence kept: a label with a condition is played otherwise than one without),
    where every value and key is written (the findings point there), and the findings found before,
    which the linking reads (tests/check/test_cache.py shows that rewording every printed text changes
    no example's result). A finding that suggests a value has it tried, by loading the files again with
    it in place (cascades.py): then the files as written are read too."""
    marks = {path: [[list(at), mark.line, mark.column] for at, mark in (*document.values.items(), *document.keys.items())]
             for path, document in sorted(loaded.documents.items())}
    before = [finding.as_row() for finding in sorted(set(findings))]
    left_out = [[name, finding.as_row()] for name, finding in sorted(loaded.left_out_findings.items())]
    written = {path: doc.lines for path, doc in sorted(loaded.documents.items())} if any(f.fix for f in findings) else {}
    return json.dumps([_masked(loaded.definitions), marks, before, left_out, written], ensure_ascii=False, sort_keys=True,
                      default=repr)


def _masked(value: Any) -> Any:
    if isinstance(value, _PRINTED):
        return "<printed>"
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, Source):
        return [value.path, list(value.base)]
    if isinstance(value, dict):
        return [[_masked(key), _masked(item)] for key, item in value.items()]
    if isinstance(value, (list, tuple)):
        return [_masked(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_masked(item) for item in value)
    names = _fields(type(value))
    return [type(value).__name__, [_masked(getattr(value, name)) for name in names]] if names else repr(value)


_PRINTED = (Text, Flavor, Reading)  # what only the rulebook and the lists print


@functools.cache
def _fields(kind: type) -> tuple[str, ...]:
    return tuple(item.name for item in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()


def _of(outcome: simtools.Outcome) -> str:
    """What an example is of, in a message: `ダウン`, or `ruling 'self-target' (アクションを対象とする…?)`."""
    if outcome.ruling is not None:
        return _("ruling '{id}' ({question})").format(id=outcome.ruling.id, question=outcome.ruling.question)
    return outcome.owner.name


def diagnostics(result: Report, defs: m.Definitions | None = None) -> Iterator[Diagnostic]:
    yield from result.program_errors
    for _outcome, finding in failures(result, defs):
        yield finding
    yield from result.unshown


def failures(result: Report, defs: m.Definitions | None = None) -> Iterator[tuple[simtools.Outcome, Diagnostic]]:
    """Each failed example, the actions' then the rulings', with its finding: BP033 at the program that
    loops, else BP030 at the example."""
    for outcome in result.every_failure:
        loop = outcome.loop
        if loop is not None and loop.action is not None:
            yield outcome, Diagnostic(loop.action.source.location(*loop.path), "BP033",
                                      _("{loop} (in example '{example}' of {action})").format(
                                          loop=loop, example=outcome.name, action=_of(outcome)))
            continue
        message = _("example '{example}' of {action} failed: {reason}").format(
            example=outcome.name, action=_of(outcome), reason=outcome.message)
        message += _did_you_mean(outcome.missing_action, defs)
        yield outcome, Diagnostic(outcome.location(), "BP030", message)
