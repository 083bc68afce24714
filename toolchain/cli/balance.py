"""`bp balance [REV] [REV2]`: what the rules do to the game, measured by self-play (restricted play), for one
revision or two compared, or two editions compared (`--against DIR`, every regulation both have). A report: exit 0 with or without flagged figures; 1 for rules with findings; 2 for a
usage error, an unknown revision, an output it may not write or a cluster it cannot use; 130 when stopped."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _, system_reason
from .common import RootOption, fail, resolve_root
from .sim import _regulation

HELP = _("""Measure the balance by self-play: the first player's advantage, game length, how often each action, character and trump is played and by the winner, and the win rate of an agent forbidden each one (restricted play); with REV, what changed between two revisions, flagged where the change is significant.""")


def balance(
    revisions: Annotated[Optional[list[str]], typer.Argument(
        help=_("None: the working tree's balance; REV: REV compared with the working tree; REV REV2: REV with REV2."),
        show_default=False)] = None,
    root: RootOption = None,
    format_key: Annotated[Optional[str], typer.Option("--format", help=_("The game's format, by id or name (default: the first of formats.yaml)."), show_default=False)] = None,
    frame_key: Annotated[Optional[str], typer.Option("--frame", help=_("Frame id or name (default: the first of frames/frames.yaml)."), show_default=False)] = None,
    all_regulations: Annotated[bool, typer.Option("--all-regulations", help=_("Every regulation of table 3.1 (ignores --format and --frame)."))] = False,
    detect: Annotated[float, typer.Option("--detect", min=0.1, max=49.9, help=_("The change of a win rate to detect, in percentage points: it sizes the games."))] = 5.0,
    power: Annotated[float, typer.Option("--power", min=0.5, max=0.999, help=_("The chance that a change of --detect is flagged."))] = 0.8,
    alpha: Annotated[float, typer.Option("--alpha", min=0.0001, max=0.5, help=_("The chance that chance alone flags a figure of a regulation (shared by its figures: Bonferroni)."))] = 0.05,
    games: Annotated[Optional[int], typer.Option("--games", min=2, help=_("Games per agent instead of the size --detect needs (the report says what they can detect)."))] = None,
    only: Annotated[Optional[list[str]], typer.Option("--only", help=_("Restrict only this action, trump or character (id or name; again for more): fewer agents, fewer games."))] = None,
    seed: Annotated[int, typer.Option("--seed", help=_("The seed of the games' seeds (the same for every agent and revision)."))] = 0,
    agent: Annotated[str, typer.Option("--agent", help=_("The standard agent: policy (the default) or random."))] = "policy",
    strength: Annotated[Optional[list[str]], typer.Option("--strength", help=_("Measure with agents of this strength: random, policy or search (again for more: the report compares the verdicts at each strength)."), show_default=False)] = None,
    readings: Annotated[bool, typer.Option("--readings", help=_("Play the same games again under the other way of reading each reading that carries one, and report which readings change games."))] = False,
    workers: Annotated[int, typer.Option("--workers", min=0, help=_("Processes to play on (0: one per core); the figures do not depend on it."))] = 1,
    cluster: Annotated[Optional[str], typer.Option("--cluster", help=_("A Dask scheduler's address (tcp://host:8786): the games are played by its workers, with the same figures."))] = None,
    cluster_timeout: Annotated[float, typer.Option("--cluster-timeout", min=0.1, help=_("Seconds to wait for the --cluster scheduler to connect and to answer."))] = 5.0,
    against: Annotated[Optional[Path], typer.Option("--against", help=_("Another edition's rules repository (editions/v9.1.1): this edition compared with it, in every regulation both have (only those of --format or --frame when one is given, the one of both when both are), on the same seeds."), show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option("--out", help=_("The report's directory (index.html, balance.json); default build/balance."))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the JSON document (schema/balance.schema.json) on stdout instead of the summary."))] = False,
) -> None:
    """`bp balance` (HELP)."""
    try:
        _balance(revisions or [], root, format_key, frame_key, all_regulations, detect, power, alpha, games, tuple(only or ()),
                 seed, agent, workers, cluster, cluster_timeout, out, as_json, list(dict.fromkeys(strength or ())), readings, against)
    except Stopped as stop:  # Ctrl-C while playing: the workers are ended
        typer.echo("\n" + _("bp balance: {reason}; nothing written").format(reason=stop), err=True)
        raise typer.Exit(130) from None
    except KeyboardInterrupt:  # Ctrl-C while loading the rules or writing: nothing was published
        typer.echo("\n" + _("bp balance: stopped; nothing written"), err=True)
        raise typer.Exit(130) from None


def _balance(specs: list[str], root: Path | None, format_key: str | None, frame_key: str | None, all_regulations: bool, detect: float,
             power: float, alpha: float, games: int | None, only: tuple[str, ...], seed: int, agent: str, workers: int,
             cluster: str | None, cluster_timeout: float, out: Path | None, as_json: bool, strengths: list[str],
             readings: bool = False, against: Path | None = None) -> None:
    from .. import simtools
    from ..balance import html
    from ..balance.cluster import ClusterError, probe
    from ..balance.report import lines, strength_lines
    from ..balance.report import strengths as strengths_section
    from ..balance.run import EditionError, RulesError, Settings, duration, load_editions, load_rules
    from ..diff.revisions import RevisionError
    from ..site.inputs import balance_report
    from ..site.outputs import OutputError, check_target, publishing

    if against is not None and specs:
        fail("balance", _("--against compares this edition with another: give no REV"), 2)
    compared = bool(specs) or against is not None  # two sets of rules, whichever way they are named
    if len(specs) > 2:
        fail("balance", _("at most two revisions, not {count}: bp balance [REV] [REV2]").format(count=len(specs)), 2)
    for wanted in [agent, *strengths]:
        if wanted not in simtools.AGENTS:
            fail("balance", _("no agent '{agent}' (agents: {agents})").format(agent=wanted, agents=", ".join(simtools.AGENTS)), 2)
    if len(strengths) > 1 and compared:
        fail("balance", _("--strength with more than one strength measures one revision: give no REV"), 2)
    if readings and compared:
        fail("balance", _("--readings measures one revision: give no REV"), 2)
    agents = strengths or [agent]
    if cluster is not None and workers != 1:
        fail("balance", _("--cluster and --workers both say where to play: give one"), 2)
    if cluster is not None:
        try:
            probe(cluster, cluster_timeout)  # before the rules are loaded: a wrong address is said at once
        except ClusterError as exc:
            fail("balance", str(exc), 2)
    root_path = resolve_root(root)
    try:
        target = check_target(out or balance_report(root_path), root_path, html.KIND)
    except OutputError as exc:
        fail("balance", str(exc), 2)
    try:
        rules = load_editions(root_path, against) if against is not None else load_rules(root_path, specs)
    except (RevisionError, EditionError) as exc:
        fail("balance", str(exc), 2)
    except RulesError as exc:
        fail("balance", str(exc), 1)
    defs = rules[-1].definitions
    chosen: tuple[str, str] | None = None  # --against: what --format or --frame alone keeps of the shared regulations
    if against is not None and not all_regulations and (format_key is None or frame_key is None):
        all_regulations = True  # two editions: every regulation they share, or those of the format or frame given
        if format_key is not None or frame_key is not None:
            chosen = _one_side(defs, format_key, frame_key)
    if all_regulations:
        regulations = [(fmt, frame) for frame, fmts in defs.regulations.items() for fmt in fmts]
        if chosen is not None:
            regulations = [r for r in regulations if chosen[0] in ("", r[0]) and chosen[1] in ("", r[1])]
        regulations = [r for r in regulations if all(rule.definitions.is_legal(*r) for rule in rules)]
        if not regulations:
            fail("balance", _("{base} and {head} have no regulation in common (the same format and frame ids): nothing to "
                              "compare").format(base=rules[0].label, head=rules[-1].label), 2)
    else:
        regulations = [_regulation(defs, format_key, frame_key)]
        if not all(rule.definitions.is_legal(*regulations[0]) for rule in rules):
            fail("balance", _("the {revision} does not have the regulation {regulation}").format(
                revision=rules[0].label, regulation=" + ".join(regulations[0])), 2)
    documents: list[tuple[str, dict]] = []
    started = time.perf_counter()
    for agent in agents:
        documents.append((agent, _measure(rules, regulations, Settings(agent=agent, seed=seed, detect=detect / 100, alpha=alpha,
                                                                        power=power, games=games, only=only),
                                          games, detect, power, alpha, workers, cluster, cluster_timeout)))
    document = documents[0][1]
    if len(documents) > 1:
        document["strengths"] = {"agents": agents, "regulations": strengths_section(documents),
                                 "games_played": sum(d["games_played"] for _agent, d in documents)}
    kept: dict[str, str] = {}
    if readings:
        document["readings"], kept = _readings(defs, regulations, documents[0][0], seed, document, alpha)
    try:
        with publishing(target, html.KIND) as staging:
            html.write(staging, document, kept)
    except OSError as exc:
        fail("balance", _("cannot write {target}: {reason}").format(target=target, reason=system_reason(exc)), 2)
    if as_json:
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
    else:
        for line in lines(document):
            typer.echo(line)
        if "readings" in document:
            from ..balance.report import reading_lines

            for line in reading_lines(document["readings"]):
                typer.echo(line)
        if "strengths" in document:
            changed = strength_lines(document["strengths"]["regulations"])
            typer.echo(_("verdicts that change with the strength ({strengths}): {count}").format(
                strengths=", ".join(agents), count=len(changed)))
            for line in changed:
                typer.echo(f"  {line}")
    typer.echo(_("{games:,} games in {duration}; report: {report}").format(
        games=sum(d["games_played"] for _agent, d in documents), duration=duration(time.perf_counter() - started),
        report=target / html.INDEX), err=True)


def _one_side(defs, format_key: str | None, frame_key: str | None) -> tuple[str, str]:  # noqa: ANN001 - model.Definitions
    """The format or the frame given alone, by id ("" for the one not given); exit 2 when there is none so named."""
    if format_key is not None:
        fmt = defs.find_format(format_key)
        if fmt is None:
            fail("balance", _("no format '{key}': the formats are {known}").format(
                key=format_key, known=", ".join(f"{f.id} ({f.name})" for f in defs.formats)), 2)
        return fmt.id, ""
    frame = defs.find_frame(frame_key)
    if frame is None:
        fail("balance", _("no frame '{key}': the frames are {known}").format(
            key=frame_key, known=", ".join(f"{f.id} ({f.name})" for f in defs.frames)), 2)
    return "", frame.id


def _measure(rules, regulations, settings, games, detect, power, alpha, workers, cluster, cluster_timeout) -> dict:  # noqa: ANN001, PLR0913
    """One strength's run: planned, calibrated, played; its JSON document."""
    from .. import simtools
    from ..balance.cluster import ClusterError
    from ..balance.report import report, said_where
    from ..balance.run import calibrate, duration, estimate_seconds, make_plan, play
    from ..balance.work import DaskRunner, LocalRunner

    try:
        plan = make_plan(rules, regulations, settings)
    except ValueError as exc:
        fail("balance", str(exc), 2)
    for regulation in plan.regulations:
        if len(rules) == 1 or regulation.rules is rules[-1]:
            sized = (_("{regulation}: {agents} agents × {games:,} games × 2 revisions") if plan.compare
                     else _("{regulation}: {agents} agents × {games:,} games"))
            typer.echo(sized.format(regulation=regulation.name, agents=1 + len(regulation.agents), games=regulation.games), err=True)
    sizing = (_("{games:,} games per agent (given)").format(games=games) if games else
              _("sized to flag a change of {detect:g} points with probability {power:g}").format(detect=detect, power=power))
    typer.echo(_("{sizing}; α = {alpha:g} per regulation, shared by its figures (Bonferroni)").format(sizing=sizing, alpha=alpha),
               err=True)

    processes = workers or os.cpu_count() or 1
    if cluster is None and processes > simtools.worker_cap():
        typer.echo(_("bp balance: --workers {workers}: playing on {processes} processes, {per_core} per core (more play no "
                     "faster; the figures are the same)").format(workers=workers, processes=simtools.worker_cap(),
                                                                 per_core=simtools.PROCESSES_PER_CORE), err=True)
    try:
        runner = (DaskRunner(cluster, {r.digest: r.definitions for r in rules}, cluster_timeout) if cluster is not None
                  else LocalRunner(processes))
    except ClusterError as exc:
        fail("balance", str(exc), 2)
    started = time.perf_counter()
    played = 0

    def progress(count: int) -> None:
        nonlocal played
        played += count

    try:
        calibrated = calibrate(plan, runner, progress)
        rest = estimate_seconds(plan, runner.parallel)
        typer.echo(_("{games:,} games; about {duration} on {where} (measured: {rates})").format(
            games=plan.total_games, duration=duration(rest), where=said_where(runner.where), rates=_rates(plan)), err=True)
        with typer.progressbar(length=plan.total_games, label=_("playing"), file=sys.stderr) as bar:
            bar.update(played)

            def advance(count: int) -> None:
                progress(count)
                bar.update(count)

            figures = play(plan, runner, advance, calibrated)
    except ClusterError as exc:  # the scheduler went away: nothing is written, the last report stays
        fail("balance", _("{reason}; nothing written").format(reason=exc), 2)
    except KeyboardInterrupt:
        runner.close()
        raise Stopped(_("stopped after {played:,} of {games:,} games").format(played=played, games=plan.total_games)) from None
    seconds = time.perf_counter() - started
    return report(plan, figures, {"games_played": plan.total_games, "seconds": round(seconds, 1), "where": runner.where})


def _readings(defs, regulations, agent, seed, document, alpha) -> tuple[dict, dict[str, str]]:  # noqa: ANN001
    """`--readings`: the standard agents' games of the run played again under each other way of reading."""
    from ..balance import stats
    from ..balance.reading_effects import compare

    games = min(regulation["games_per_agent"] for regulation in document["regulations"])
    typer.echo(_("readings: {games:,} games per regulation, played again under each other way of reading").format(games=games), err=True)
    return compare(defs, regulations, agent=agent, seed=seed, games=games, turn_cap=document["settings"]["turn_cap"],
                   z=stats.z_value(alpha))


class Stopped(Exception):
    """Ctrl-C: what was played is dropped, nothing is written."""


def _rates(plan) -> str:  # noqa: ANN001 - a balance.run.Plan
    shown: dict[str, float] = {}
    for regulation in plan.regulations:
        rate = plan.calibrated.get((regulation.rules.digest, regulation.format_id, regulation.frame_id))
        if rate:
            shown.setdefault(regulation.name, rate)
    return ", ".join(_("{regulation} {rate:,.0f} games/s on one core").format(regulation=name, rate=rate)
                     for name, rate in list(shown.items())[:3]) + (
        ", …" if len(shown) > 3 else "")
