"""A balance run: what is played (the plan, sized by the statistics), playing it, and what it adds up to.

    rules = [Rules.of(label, definitions)]                    # one revision, or two to compare
    plan = make_plan(rules, regulations, settings)            # games per agent from the effect to detect
    estimate = calibrate(plan, runner)                        # the first games of each regulation, timed
    figures = play(plan, runner, progress)                    # {(rules digest, format, frame): RegulationFigures}

Every restricted agent and the standard agents play the same game seeds (`simtools.game_seeds(seed, n)`, as `bp sim
--seed` draws them), in each revision: the standard agents' games are `bp sim`'s, and two revisions are compared
on common random numbers.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import pickle
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import sim, simtools
from ..i18n import _
from . import stats
from .subjects import Subject, selected, subjects
from .totals import RegulationFigures
from .work import Batch, Runner, batches_of, engine_for

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Definitions

TURN_CAP = 200
BATCH_SECONDS = 1.0  # a batch's length on one core: short enough to share out evenly, long enough to cost nothing
CALIBRATION_GAMES = 12  # the first games of each regulation, played here to time the rest


@dataclass(frozen=True)
class Settings:
    agent: str = "policy"
    seed: int = 0
    detect: float = 0.05  # the effect on a win rate to detect, as a fraction (5 percentage points)
    alpha: float = 0.05  # the chance that any figure of a regulation is flagged by chance alone
    power: float = 0.8  # the chance that an effect of `detect` is flagged
    games: int | None = None  # games per agent, instead of the size from `detect`
    turn_cap: int = TURN_CAP
    only: tuple[str, ...] = ()  # the actions, trumps and characters to restrict (ids or names); none: all


@dataclass
class Rules:
    """One revision's rules: a label (`working tree`, `v8.0 (4a2656b)`), the definitions, and a digest of both
    (which names the engine that plays them: two revisions are two engines, even with the same rules)."""

    label: str
    definitions: Definitions
    digest: str

    @classmethod
    def of(cls, label: str, definitions: Definitions, position: int = 0) -> Rules:
        """`position`: the revision's place in the run (the same revision named twice is two)."""
        digest = hashlib.sha256(f"{position} {label}\n".encode() + pickle.dumps(definitions)).hexdigest()
        return cls(label, definitions, digest)

    @property
    def engine(self) -> sim.Engine:
        return engine_for(self.digest, self.definitions)


@dataclass
class RegulationPlan:
    rules: Rules
    format_id: str
    frame_id: str
    name: str
    subjects: list[Subject]
    games: int  # per agent
    comparisons: int  # the intervals that share the error rate in this regulation
    z: float

    @property
    def agents(self) -> list[str]:
        """The restricted agents' keys, each once, in the order of their first subject."""
        return list(dict.fromkeys(s.key for s in self.subjects if s.restricted))

    def subject_of(self, key: str) -> Subject:
        return next(s for s in self.subjects if s.key == key)


@dataclass
class Plan:
    settings: Settings
    regulations: list[RegulationPlan]
    compare: bool
    calibrated: dict[tuple[str, str, str], float] = field(default_factory=dict)  # games/s on one core, by regulation

    @property
    def total_games(self) -> int:
        return sum(plan.games * (1 + len(plan.agents)) for plan in self.regulations)


def comparisons_of(subject_list: list[Subject], compare: bool) -> int:
    """The intervals a regulation's report flags from: the first player's win rate (and, comparing two
    revisions, the game length) and each restricted agent's win rate."""
    return (2 if compare else 1) + len({s.key for s in subject_list if s.restricted})


def make_plan(rules: list[Rules], regulations: list[tuple[str, str]], settings: Settings) -> Plan:
    """What to play: in each revision, each regulation's standard agents and restricted agents, as many games
    each as the effect to detect needs (two samples when two revisions are compared; Bonferroni within a regulation).
    ValueError when `settings.only` names nothing of a regulation."""
    compare = len(rules) > 1
    plans = []
    for format_id, frame_id in regulations:
        per_rules = [(r, selected(subjects(r.engine, format_id, frame_id), settings.only)) for r in rules]
        if compare:  # what both revisions have is compared
            shared = set.intersection(*({s.key for s in found if s.restricted} for _, found in per_rules))
            counted = [s for s in per_rules[-1][1] if s.restricted and s.key in shared]
        else:
            counted = per_rules[0][1]
        comparisons = comparisons_of(counted, compare)
        games = settings.games or stats.games_needed(settings.detect, settings.alpha, settings.power, comparisons, compare)
        z = stats.z_value(settings.alpha, comparisons)
        for revision, found in per_rules:
            ruleset = revision.engine.ruleset(format_id, frame_id)
            plans.append(RegulationPlan(revision, format_id, frame_id, ruleset.name, found, games, comparisons, z))
    return Plan(settings, plans, compare)


def _batch(plan: RegulationPlan, settings: Settings, subject: str, first: int, seeds: tuple[int, ...]) -> Batch:
    restricted = plan.subject_of(subject) if subject else None
    return Batch(plan.rules.digest, plan.format_id, plan.frame_id, settings.agent, subject,
                 restricted.actions if restricted else (), restricted.trump_cards if restricted else (),
                 first, seeds, settings.turn_cap, detail=not subject)


def _key(plan: RegulationPlan) -> tuple[str, str, str]:
    return plan.rules.digest, plan.format_id, plan.frame_id


def calibrate(plan: Plan, runner: Runner, progress: Callable[[int], None]) -> list[tuple[Batch, list]]:
    """Play the first games of each regulation's standard agents here, timed: the rate of the rest. They are
    part of the run (returned, to be added)."""
    done: list[tuple[Batch, list]] = []
    for regulation in plan.regulations:
        count = min(CALIBRATION_GAMES, regulation.games)
        batch = _batch(regulation, plan.settings, "", 0, tuple(simtools.game_seeds(plan.settings.seed, count)))
        regulation.rules.engine  # built before the clock starts  # noqa: B018
        started = time.perf_counter()
        records = Runner().run([batch], progress)
        done.extend(records)
        plan.calibrated[_key(regulation)] = count / max(time.perf_counter() - started, 1e-6)
    return done


def estimate_seconds(plan: Plan, parallel: int) -> float:
    """The time the rest of the run takes on `parallel` cores like this one."""
    seconds = sum((regulation.games * (1 + len(regulation.agents)) - min(CALIBRATION_GAMES, regulation.games))
                  / plan.calibrated.get(_key(regulation), 100.0) for regulation in plan.regulations)
    return seconds / max(parallel, 1)


def batches(plan: Plan) -> Iterator[Batch]:
    """Every batch still to play after the calibration, drawn as they are handed out (as bp sim draws its seeds:
    `--games 10**12` holds a few batches, not a trillion seeds); the slowest regulations first (their batches
    take longest, so the last batches are short)."""
    def batch_seconds(regulation: RegulationPlan) -> float:
        rate = plan.calibrated.get(_key(regulation), 100.0)
        return min(regulation.games, _batch_size(rate)) / rate

    for regulation in sorted(plan.regulations, key=batch_seconds, reverse=True):
        size = _batch_size(plan.calibrated.get(_key(regulation), 100.0))
        skip = min(CALIBRATION_GAMES, regulation.games) if plan.calibrated else 0
        for subject in ["", *regulation.agents]:
            start = skip if not subject else 0
            seeds = itertools.islice(simtools.game_seeds(plan.settings.seed, regulation.games), start, None)  # bp sim's seeds
            for first, chunk in batches_of(seeds, start, size):
                yield _batch(regulation, plan.settings, subject, first, chunk)


def _batch_size(rate: float) -> int:
    return max(4, min(400, round(rate * BATCH_SECONDS)))


def figures_of(plan: Plan) -> dict[tuple[str, str, str], RegulationFigures]:
    return {_key(r): RegulationFigures(r.format_id, r.frame_id, r.name, r.subjects) for r in plan.regulations}


def add(figures: dict[tuple[str, str, str], RegulationFigures], done: Iterable[tuple[Batch, list]]) -> None:
    for batch, records in done:
        target = figures[(batch.rules, batch.format_id, batch.frame_id)]
        for record in records:
            target.add(batch.subject, record)


def play(plan: Plan, runner: Runner, progress: Callable[[int], None],
         calibrated: list[tuple[Batch, list]] | None = None) -> dict[tuple[str, str, str], RegulationFigures]:
    """Every game of the plan (after the calibration's, when given), on the runner; the figures of each regulation."""
    figures = figures_of(plan)
    add(figures, calibrated or [])
    add(figures, runner.run(batches(plan), progress))  # each batch's records dropped once counted
    return figures


def duration(seconds: float) -> str:
    """`45 s`, `12 min`, `2 h 5 min`, in the language of the messages (`45 秒`)."""
    if seconds < 90:
        return _("{seconds} s").format(seconds=max(1, math.ceil(seconds)))
    minutes = math.ceil(seconds / 60)
    if minutes < 120:
        return _("{minutes} min").format(minutes=minutes)
    return _("{hours} h {minutes} min").format(hours=minutes // 60, minutes=minutes % 60)


class RulesError(Exception):
    """A revision's rules do not load cleanly (exit code 1): a run needs rules that check."""


def load_rules(root: Path, specs: list[str]) -> list[Rules]:
    """The rules to play, read as `bp diff` reads revisions: none named, the working tree alone (no git needed);
    one, that revision and the working tree; two, those two, the older first. RevisionError (exit 2) for an unknown
    revision or no git repository, RulesError (exit 1) for rules with findings."""
    from ..checks import load
    from ..diff.revisions import WORKING_TREE, Revision, materialized, resolve

    revisions: list[Revision | None] = [resolve(root, spec) for spec in specs]
    if len(specs) < 2:
        revisions.append(resolve(root, None) if specs else None)  # None: the working tree, git or not
    out = []
    for position, revision in enumerate(revisions):
        if revision is None or revision.is_working_tree:
            checked, label = load(root), WORKING_TREE  # English in balance.json; the report says it (html.py)
        else:
            with materialized(root, revision) as tree:
                checked = load(tree)
            label = revision.label
        if checked.findings:
            shown = "; ".join(finding.message for finding in checked.findings[:3])
            raise RulesError(_("the rules of the {revision} do not load cleanly ({count} findings: {shown}): fix them first "
                               "(bp check)").format(revision=_(label) if label == WORKING_TREE else label, count=len(checked.findings), shown=shown))
        out.append(Rules.of(label, checked.definitions, position))
    return out


class EditionError(Exception):
    """`--against DIR` names no rules repository (exit 2, as an unknown revision)."""


RULES_FILE = Path("definitions") / "rules.yaml"  # what makes a folder a rules repository


def edition_label(definitions: Definitions, folder: Path) -> str:
    """An edition as the report names it: its name (第9.1.1版), else its folder's."""
    edition = definitions.rules.edition if definitions.rules else {}
    return str(edition.get("name") or edition.get("id") or folder.resolve().name)


def load_editions(root: Path, other: Path) -> list[Rules]:
    """The rules of two editions to compare, each from its own working tree: ROOT's first (the base), then
    OTHER's. EditionError when OTHER is no rules repository, RulesError (exit 1) for rules with findings."""
    from ..checks import load

    if not (other / RULES_FILE).is_file():
        raise EditionError(_("--against {folder}: not a rules repository (it has no {rules}); give another edition's folder, "
                             "such as editions/v9.1.1").format(folder=other, rules=RULES_FILE.as_posix()))
    out = []
    for position, folder in enumerate((root, other)):
        checked = load(folder)
        label = edition_label(checked.definitions, folder)
        if checked.findings:
            shown = "; ".join(finding.message for finding in checked.findings[:3])
            raise RulesError(_("the rules of the {revision} do not load cleanly ({count} findings: {shown}): fix them first "
                               "(bp check)").format(revision=label, count=len(checked.findings), shown=shown))
        if out and label == out[0].label:  # two copies of one edition: told apart by their folders
            label = f"{label} ({folder})"
        out.append(Rules.of(label, checked.definitions, position))
    return out
