"""`bp sim` (random play with invariants) and `bp replay` (transcripts). The simulator is imported
when a command runs, not when the CLI loads."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _, ngettext, system_reason
from .common import RootOption, fail, load_clean, resolve_root, stops_on_ctrl_c

SIM_HELP = _("Play seeded games of legal moves and check the invariants after every step. Exit 1 on a violation, 2 on a usage or I/O error.")
REPLAY_HELP = _("Replay every game of a transcript exactly: the same choices must be offered and the game end the same way.")


def _regulation(defs, format_key: str | None, frame_key: str | None) -> tuple[str, str]:
    """The regulation asked for; by default the first format and the first frame of the definitions (ライト + エントリー20)."""
    fmt = defs.find_format(format_key) if format_key is not None else next(iter(defs.formats), None)
    frame = defs.find_frame(frame_key) if frame_key is not None else next(iter(defs.frames), None)
    # Name only what is unknown, with what there is: a user reads "no format 'x' or frame
    # 'entry20'" as if the default frame were wrong too.
    if fmt is None:
        known = ", ".join(f"{f.id} ({f.name})" for f in defs.formats)
        # bp check's and bp build's --format is the report's; here it is the game's
        if format_key.lower() in ("json", "text", "github"):
            fail("sim", _("no format '{key}': the formats are {known}; for the figures as JSON, use --json").format(key=format_key, known=known), 2)
        fail("sim", _("no format '{key}': the formats are {known}").format(key=format_key, known=known), 2)
    if frame is None:
        known = ", ".join(f"{f.id} ({f.name})" for f in defs.frames)
        fail("sim", _("no frame '{key}': the frames are {known}").format(key=frame_key, known=known), 2)
    if not defs.is_legal(fmt.id, frame.id):
        # `bp sim --format pro` meets the default frame (エントリー20, ライト's alone): say what would do
        frames = [f.name for f in defs.frames if defs.is_legal(fmt.id, f.id)]
        formats = [f.name for f in defs.formats if defs.is_legal(f.id, frame.id)]
        names = {"format": fmt.name, "frame": frame.name, "frames": _either(frames), "formats": _either(formats)}
        if frames and (format_key is not None or frame_key is None):
            message = _("table 3.1 does not allow {format} + {frame}: {format} is played with {frames} (--frame)")
        elif formats:
            message = _("table 3.1 does not allow {format} + {frame}: {frame} is played in {formats} (--format)")
        else:
            message = _("table 3.1 does not allow {format} + {frame}")
        fail("sim", message.format(**names), 2)
    return fmt.id, frame.id


def _either(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


@stops_on_ctrl_c("sim")
def sim(
    root: RootOption = None,
    format_key: Annotated[Optional[str], typer.Option("--format", help=_("The game's format, by id or name (default: the first of formats.yaml); not the report's: that is --json."), show_default=False)] = None,
    frame_key: Annotated[Optional[str], typer.Option("--frame", help=_("Frame id or name (default: the first of frames/frames.yaml)."), show_default=False)] = None,
    all_regulations: Annotated[bool, typer.Option("--all-regulations", help=_("Play every regulation of table 3.1 (ignores --format and --frame)."))] = False,
    games: Annotated[int, typer.Option("--games", min=1, help=_("How many games (per regulation)."))] = 100,
    seed: Annotated[int, typer.Option("--seed", help=_("The seed of the games' seeds."))] = 0,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help=_("Stop a game after this many turns."))] = 200,
    agent: Annotated[str, typer.Option("--agent", help=_("Who plays: policy (rules of thumb, the default) or random (uniform)."))] = "policy",
    coverage: Annotated[bool, typer.Option("--coverage", help=_("Report how often each action, character and fog entry was played, and why what never was."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the figures (and the coverage) as one JSON document (--format names the game's format)."))] = False,
    transcript: Annotated[Optional[Path], typer.Option("--transcript", help=_("Write the games to FILE (JSON lines) and FILE.txt (readable)."))] = None,
    workers: Annotated[int, typer.Option("--workers", min=0, help=_("Processes to play on (0: one per core); the results do not depend on it."))] = 1,
) -> None:
    """`bp sim` (SIM_HELP)."""
    from .. import sim as simulator
    from .. import simtools
    from ..site.outputs import OutputError, is_stream, output_file, replacing

    try:  # refuse a transcript that cannot be written before the games
        files: tuple[Path, ...] = ()
        if transcript is not None:
            files = (output_file(transcript),)
            if not is_stream(files[0]):  # a device or a pipe takes the JSON lines alone, and no FILE.txt is made beside it
                files += (output_file(simtools.TranscriptWriter(transcript).text_path),)
    except OutputError as exc:
        fail("sim", str(exc), 2)
    if agent not in simtools.AGENTS:
        fail("sim", _("no agent '{agent}' (agents: {agents})").format(agent=agent, agents=", ".join(simtools.AGENTS)), 2)
    defs = load_clean(resolve_root(root), "sim").definitions
    if all_regulations:
        regulations = [(fmt, frame) for frame, fmts in defs.regulations.items() for fmt in fmts]
    else:
        regulations = [_regulation(defs, format_key, frame_key)]
    engine = simulator.Engine(defs)
    processes = workers or os.cpu_count() or 1
    if processes > simtools.worker_cap():
        typer.echo(_("bp sim: --workers {workers}: playing on {processes} processes, {per_core} per core "
                     "(more play no faster; the results are the same)").format(
            workers=workers, processes=simtools.worker_cap(), per_core=simtools.PROCESSES_PER_CORE), err=True)
    results: list[tuple[str, str, simtools.Stats, simtools.Coverage | None]] = []

    def play_all(writer: simtools.TranscriptWriter | None) -> None:
        with typer.progressbar(length=games * len(regulations), label=_("playing"), file=sys.stderr) as bar:
            for format_id, frame_id in regulations:
                counts = simtools.Coverage() if coverage else None
                stats = simtools.play(engine, format_id, frame_id, games, seed, turn_cap=turn_cap, progress=bar.update,
                                       transcript=writer, coverage=counts, agent=agent, workers=processes)
                results.append((format_id, frame_id, stats, counts))

    if files:
        try:  # written beside the files and renamed into place once every game is in
            with replacing(files) as temporary, simtools.TranscriptWriter(
                temporary[files[0]], temporary[files[1]] if len(files) > 1 else None, readable=len(files) > 1,
            ) as writer:
                play_all(writer)
        except OutputError as exc:
            fail("sim", str(exc), 2)
        except OSError as exc:
            fail("sim", _("cannot write the transcript {path}: {reason}").format(path=transcript, reason=system_reason(exc)), 2)
    else:
        play_all(None)
    violations = [v for _, _, stats, _ in results for v in stats.violations]
    if as_json:
        typer.echo(json.dumps({"regulations": [
            {"format": f, "frame": fr, **stats.as_dict(), **({"coverage": counts.as_dict(engine.ruleset(f, fr))} if counts else {})}
            for f, fr, stats, counts in results
        ]}, ensure_ascii=False, indent=2))
    else:
        for format_id, frame_id, stats, counts in results:
            for line in stats.lines():
                typer.echo(line)
            if counts is not None:
                for line in counts.lines(engine.ruleset(format_id, frame_id)):
                    typer.echo(line)
    for violation in violations[:20]:
        typer.echo("  " + _("violation: {violation}").format(violation=violation), err=True)
    if transcript is not None and not as_json:
        if len(files) > 1:
            typer.echo(_("transcript: {path} and {readable}").format(path=transcript, readable=simtools.TranscriptWriter(transcript).text_path))
        else:
            typer.echo(_("transcript: {path}").format(path=transcript))
    raise typer.Exit(1 if violations else 0)


@stops_on_ctrl_c("replay")
def replay(
    path: Annotated[Path, typer.Argument(help=_("A transcript written by bp sim --transcript (JSON lines)."))],
    root: RootOption = None,
) -> None:
    """`bp replay` (REPLAY_HELP)."""
    from .. import sim as simulator
    from .. import simtools
    from ..model.other_readings import read_otherwise

    # The transcript first (it is read whole either way): a file that is no transcript is said at once,
    # before the rules are loaded and checked.
    try:
        games = list(simtools.transcript_games(path))
    except OSError as exc:
        fail("replay", _("cannot read {path}: {reason}").format(path=path, reason=system_reason(exc)), 2)
    except ValueError as exc:  # a malformed transcript (games() names the line)
        fail("replay", str(exc), 2)
    if not games:
        fail("replay", _("no games in {path}: a transcript starts with a game line (bp sim --transcript FILE writes one)").format(path=path), 2)
    definitions = load_clean(resolve_root(root), "replay").definitions
    engines = {None: simulator.Engine(definitions)}

    def replayed(records: list[dict]) -> simtools.Replayed:
        reading = records[0].get("reading")  # played under the other way of a reading (bp balance --readings)
        if reading not in engines:
            try:
                engines[reading] = simulator.Engine(read_otherwise(definitions, reading))
            except KeyError:
                return simtools.Replayed(records[0].get("index", 0), False, _(
                    "no reading {reading} with another way of reading it in these definitions").format(reading=reading))
        return simtools.replay_game(engines[reading], records)

    try:
        results = [replayed(records) for records in games]
    except ValueError as exc:  # a record the rules cannot replay (an unknown regulation, a card given twice)
        fail("replay", str(exc), 2)
    failed = [r for r in results if not r.ok]
    for result in failed:
        typer.echo(_("game {number}: {message}").format(number=result.index + 1, message=result.message), err=True)
    typer.echo(ngettext("{count} game replayed, {identical} identical, {different} different",
                        "{count} games replayed, {identical} identical, {different} different", len(results)).format(
        count=len(results), identical=len(results) - len(failed), different=len(failed)))
    raise typer.Exit(1 if failed else 0)

