"""What one mistake caused: findings that follow from another, linked to it (`Diagnostic.cause`).

A misspelt id leaves an action out of the engine (BP031) or out of the definitions (BP010), and the
examples of the actions that needed it fail (BP030): one mistake, many findings, and the cause
sorted last. Two ways tell a consequence from a mistake of its own:

- A program that names an action left out for its errors follows from that action's first finding.
- A finding that suggests a value (did you mean 'end'? write its id, charge) is tried: the
  definitions are loaded again with that value in place, and the failed examples that pass then
  follow from it. Nothing is guessed: a failure that still fails with the suggestion stays a
  finding of its own.

And when many examples fail with no finding to blame (a change that is valid but wrong: アップ's
cost D made DD), `shared_request` says which action they all request.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .. import model as m
from .. import sim, simtools
from ..diagnostics import Diagnostic, shorten
from ..i18n import _, ngettext
from ..model.loader import LoadResult, load_definitions

MAX_TRIED = 3  # suggestions tried in one check: each loads and compiles the definitions again


def link(findings: Sequence[Diagnostic], loaded: LoadResult, failures: Sequence[tuple[simtools.Outcome, Diagnostic]],
         left_out_named: dict[Diagnostic, str]) -> list[Diagnostic]:
    """The findings, those that follow from another linked to it (`cause`, `why`)."""
    causes: dict[Diagnostic, tuple[Diagnostic, str]] = {}
    for finding, name in left_out_named.items():
        first = loaded.left_out_findings.get(name)
        if first is not None:
            causes[finding] = (first, _("{name} is left out for its errors").format(name=name))
    failed = [(outcome, finding) for outcome, finding in failures if finding not in causes]
    suggested = [f for f in sorted(findings) if f.fix is not None and f not in causes][:MAX_TRIED]
    for suggestion in suggested:
        if not failed:
            break
        passing = _passing_with(loaded.root, suggestion, [outcome for outcome, _ in failed])
        said = _("they pass with '{value}' there").format(value=suggestion.fix.value) if suggestion.fix else ""
        for outcome, finding in failed:
            if (outcome.owner.anchor, outcome.example.name) in passing:
                causes[finding] = (suggestion, said)
        failed = [(outcome, finding) for outcome, finding in failed if finding not in causes]
    linked: dict[Diagnostic, Diagnostic] = {}

    def resolved(finding: Diagnostic) -> Diagnostic:
        """The finding linked to its cause, itself linked to its own (a chain leads to the first mistake)."""
        if finding not in linked:
            cause, why = causes.get(finding, (None, ""))
            linked[finding] = finding.caused_by(resolved(cause), why) if cause is not None else finding
        return linked[finding]

    return [resolved(finding) for finding in findings]


def _passing_with(root: Path, suggestion: Diagnostic, outcomes: list[simtools.Outcome]) -> set[tuple[str, str]]:
    """Of the failed examples, those that pass (as (the label of their action or ruling, example name))
    with the suggested value in place."""
    assert suggestion.fix is not None
    tried = load_definitions(root, [(suggestion.location.path, suggestion.fix)])
    defs = tried.definitions
    if defs.rules is None:
        return set()
    engine = sim.Engine(defs)
    broken = {problem.definition.id for problem in engine.problems}
    actions = {action.id: action for action in (*defs.actions, *defs.frame_actions) if action.id not in broken}
    rulings = {ruling.id: ruling for ruling in defs.rulings}
    passing = set()
    for outcome in outcomes:
        ruling, action = None, actions.get(outcome.action.id) if outcome.action is not None else None
        examples = action.examples if action is not None else ()
        if outcome.ruling is not None:  # a ruling's example plays the first action its ruling concerns
            ruling = rulings.get(outcome.ruling.id)
            action = defs.ruling_action(ruling) if ruling is not None else None
            examples = ruling.examples if ruling is not None and (action is None or action.id not in broken) else ()
        example = next((e for e in examples if e.name == outcome.example.name), None)
        if example is not None and simtools.run_example(engine, action, example, ruling=ruling).ok:
            passing.add((outcome.owner.anchor, example.name))
    return passing


def shared_request(failed: Sequence[simtools.Outcome], outcomes: Sequence[simtools.Outcome], defs: m.Definitions,
                   least: int = 3) -> str | None:
    """When `least` failed examples or more, of more than one action or ruling, request one action: a line
    that says so (and whether every example that requests it fails), pointing at that action."""
    counts = Counter(ident for outcome in failed for ident in set(outcome.requested))
    if not counts:
        return None
    ident, count = counts.most_common(1)[0]
    sharing = [outcome for outcome in failed if ident in outcome.requested]
    action = defs.action(ident)
    if count < least or action is None or len({outcome.owner.anchor for outcome in sharing}) < 2:
        return None
    files = len({outcome.location().path for outcome in sharing})
    requesting = sum(1 for outcome in outcomes if ident in outcome.requested)
    every = _("every example that requests it fails") if requesting == count else \
        ngettext("{requesting} example requests it", "{requesting} examples request it", requesting).format(requesting=requesting)
    where = action.source.location()
    said, times = Counter(_first_words(outcome.message) for outcome in sharing).most_common(1)[0]
    saying = _("; {times} of them: {said}").format(times=times, said=shorten(said, 120)) if times > 1 else ""
    return ngettext("{count} failed examples in {files} file request {action} ({every}): look at {action} first, {place}",
                    "{count} failed examples in {files} files request {action} ({every}): look at {action} first, {place}",
                    files).format(count=count, files=files, action=action.name, every=every,
                                  place=f"{where.path}:{where.line}:{where.column}") + saying


def _first_words(message: str) -> str:
    """What a failure says first, without the step it happened at (`step 3: `, in the language of the messages)."""
    step = re.escape(_("step {number}: ")).replace(re.escape("{number}"), r"\d+")
    return re.sub(f"^{step}", "", message).split("; ")[0]
