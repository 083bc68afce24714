"""Transcripts: every game as JSON lines (enough to replay it exactly) and as a readable log.

    {"type": "game", "index": 0, "format": "lite", "frame": "entry20", "seed": 7, "agents": [15, 16], "turn_cap": 200}
    {"type": "decision", "seat": 0, "kind": "request", "prompt": "リクエストするか", "index": 2, "option": "アップ ★♡3", "options": 5}
    {"type": "decision", "seat": 1, "kind": "target", "prompt": "対象", "index": 0, "option": "opponent:♢3", "options": 1, "forced": true}
    {"type": "end", "winner": 1, "decided": true, "turns": 7, "requests": 23, "digest": "…"}

Every decision is written, in the order the game asks them, a choice of one too (`"forced": true`: the
engine takes it without asking an agent), so a transcript tells the whole game step by step. `replay`
plays the game again from its seed through the public decision protocol (Game.decision / apply),
answering each decision offered with the recorded choice, and checks every decision the game makes
(forced ones included) against the next record: seat, kind and the option's text, then the final
situation's digest.

A game may start from a position (`"given"` in its game line, in the examples' notation) or with the
first player agreed (`"first": 0`); a game saved while it was being played ends with `"saved": true`
and is replayed as far as it went.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..i18n import N_, _, ngettext
from ..model.files import read_regular
from ..sim.agents import Decision, ScriptError
from ..sim import Engine, Game
from ..sim.notation import request_text, view
from ..sim.situation import from_situation
from ..sim.state import SEAT_NAMES, Request

# The json module's reasons (JSONDecodeError.msg), in bp's language; another keeps the module's words.
_JSON_REASONS = frozenset((
    N_("Expecting value"), N_("Expecting property name enclosed in double quotes"), N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"), N_("Extra data"), N_("Unterminated string starting at"),
    N_("Invalid control character at"), N_("Invalid \\escape"),
))


def digest(game: Game) -> str:
    """A fingerprint of the whole situation (both seats' zones, the stage, the turn, the winner)."""
    text = json.dumps(view(game), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Recorder:
    """Collects one game's records and readable lines; attach with `attach(game)` before it starts."""

    def __init__(self, header: dict[str, Any]) -> None:
        self.records: list[dict[str, Any]] = [{"type": "game", **header}]
        regulation = header.get("regulation", f"{header['format']} + {header['frame']}")
        self.lines: list[str] = [_("=== game {number}: {regulation}, seed {seed} ===").format(
            number=header.get("index", 0) + 1, regulation=regulation, seed=header["seed"])]
        self.game: Game | None = None

    def attach(self, game: Game) -> None:
        self.game = game
        game.recorder = self.decision
        game.observer = self.observe

    def _where(self) -> str:
        state = self.game.state if self.game else None
        if state is None or not state.players:
            return _("[setup]")
        return f"[T{state.turn_number} {SEAT_NAMES[state.turn]}]"

    def decision(self, decision: Decision, index: int) -> None:
        self.records.append(record(decision, index))
        if decision.kind != "request":
            said = _("{prompt}: {option} (the only option)") if decision.forced else _("{prompt}: {option}")
            said = said.format(prompt=decision.prompt, option=decision.text(index))
            self.lines.append(f"{self._where()}   {SEAT_NAMES[decision.player]} ▸ {said}")

    def observe(self, kind: str, data: Any) -> None:
        game, where = self.game, self._where()
        if kind == "request":
            self.lines.append(f"{where} {SEAT_NAMES[data.controller]}: {request_text(game, data)}")
        elif kind == "pass":
            self.lines.append(f"{where} {SEAT_NAMES[data]}: {game.ruleset.prompts.pass_label}")
        elif kind == "resolve":
            request, effective = data
            said = _("resolved: {action}") if effective else _("resolved: {action} (no target: no effect)")
            self.lines.append(f"{where}   " + said.format(action=request.action.name))
        elif kind == "negate":
            self.lines.append(f"{where}   " + _("negated: {action}").format(action=request_label(data)))
        elif kind == "discard":
            self.lines.append(f"{where}   " + _("discarded: {action}").format(action=request_label(data)))
        elif kind == "turn":
            self.lines.append("--- " + _("turn {number}: {seat}").format(number=game.state.turn_number, seat=SEAT_NAMES[data]) + " ---")
        elif kind == "start":
            self.lines.append(_("first player: {seat}").format(seat=SEAT_NAMES[data]))
        elif kind == "win":
            self.lines.append(f"{where} " + _("win-loss check: {seat} wins").format(seat=SEAT_NAMES[data]))

    def finish(self, game: Game, decided: bool) -> None:
        self.records.append({
            "type": "end", "winner": game.winner, "decided": decided, "turns": game.state.turn_number,
            "requests": game.played.requests, "digest": digest(game),
        })
        result = _("{seat} wins").format(seat=SEAT_NAMES[game.winner]) if decided else _("turn limit")
        self.lines.append(_("=== {result} ({turns} turns, {requests} requests) ===").format(
            result=result, turns=game.state.turn_number, requests=game.played.requests))


def record(decision: Decision, index: int) -> dict[str, Any]:
    """A decision taken, as a transcript writes it."""
    written = {"type": "decision", "seat": decision.player, "kind": decision.kind, "prompt": decision.prompt,
               "index": index, "option": decision.text(index), "options": len(decision)}
    if decision.forced:
        written["forced"] = True
    return written


def request_label(request: Request) -> str:
    return _("{seat}'s {action}").format(seat=SEAT_NAMES[request.controller], action=request.action.name)


@dataclass
class TranscriptWriter:
    """Writes games to FILE (JSON lines) and FILE's .txt sibling (the readable log)."""

    path: Path
    text: Path | None = None  # the readable log (default: text_path)
    readable: bool = True  # False: the JSON lines alone (the transcript goes to a device or a pipe)
    _json: IO[str] | None = field(default=None, init=False)
    _text: IO[str] | None = field(default=None, init=False)

    @property
    def text_path(self) -> Path:
        return self.path.with_suffix(".txt") if self.path.suffix != ".txt" else self.path.with_suffix(".log")

    def __enter__(self) -> TranscriptWriter:
        self._json = self.path.open("w", encoding="utf-8")
        if self.readable:
            self._text = (self.text or self.text_path).open("w", encoding="utf-8")
        return self

    def __exit__(self, *exc: object) -> None:
        for handle in (self._json, self._text):
            if handle:
                handle.close()

    def write(self, recorder: Recorder) -> None:
        for record in recorder.records:
            self._json.write(json.dumps(record, ensure_ascii=False) + "\n")
        if self._text is not None:
            self._text.write("\n".join(recorder.lines) + "\n\n")


# -- replay -----------------------------------------------------------------------------------


class ReplayAgent:
    """Follows a transcript: answers each decision offered with the recorded index, and checks every decision
    the game makes (as its recorder) against the next record: seat, kind, the option's text."""

    def __init__(self, decisions: list[dict[str, Any]]) -> None:
        self.decisions = decisions

    def _next(self, decision: Decision) -> dict[str, Any]:
        if not self.decisions:
            raise ScriptError(_("the transcript has no more decisions, but {prompt} is asked").format(prompt=decision.prompt), decision)
        return self.decisions[0]

    def choose(self, decision: Decision) -> int:
        """The recorded index for the decision offered (checked again when the game records it)."""
        wanted = self._next(decision)
        self._check(decision, wanted["index"], wanted)
        return wanted["index"]

    def taken(self, decision: Decision, index: int) -> None:
        """The game recorded a decision (forced ones too): it must be the next one of the transcript."""
        wanted = self._next(decision)
        self._check(decision, index, wanted)
        self.decisions.pop(0)

    @staticmethod
    def _check(decision: Decision, index: int, wanted: dict[str, Any]) -> None:
        text = decision.text(index) if 0 <= index < len(decision) else None
        if wanted["seat"] != decision.player or wanted["kind"] != decision.kind or wanted["index"] != index or text != wanted["option"]:
            raise ScriptError(
                _("the game went another way: {seat} {kind} {prompt!r} offers {options}, the transcript took {taken!r} "
                  "({taken_seat} {taken_kind})").format(seat=SEAT_NAMES[decision.player], kind=decision.kind, prompt=decision.prompt,
                                                       options=decision.texts(), taken=wanted["option"],
                                                       taken_seat=SEAT_NAMES[wanted["seat"]], taken_kind=wanted["kind"]),
                decision,
            )


@dataclass
class Replayed:
    index: int
    ok: bool
    message: str = ""


# A game's records are a few hundred kilobytes; bp sim --transcript writes many games to one file.
MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024


# The fields each kind of record must have, with their types (a malformed transcript is refused
# with its line, not replayed into a crash).
RECORD_FIELDS: dict[str, dict[str, type]] = {
    "game": {"format": str, "frame": str, "seed": int},
    "decision": {"seat": int, "kind": str, "index": int, "option": str},
    "end": {},
}
# `reading`: the game was played under the other way of reading that reading (bp balance --readings;
# model/other_readings.py), which the engine that replays it must be built with.
OPTIONAL_FIELDS: dict[str, type] = {"turn_cap": int, "index": int, "first": int, "given": dict, "reading": str}


def games(path: Path) -> Iterator[list[dict[str, Any]]]:
    """The records of each game in a transcript file; ValueError (naming the line) if one is malformed;
    OSError if it cannot be read, model.files.RefusedFile (its message the reason) if it is no regular file
    (a FIFO would hang the reader, a device exhaust its memory) or is larger than MAX_TRANSCRIPT_BYTES."""
    current: list[dict[str, Any]] = []
    data = read_regular(path, MAX_TRANSCRIPT_BYTES)
    try:
        lines = list(io.StringIO(data.decode("utf-8", errors="strict"), newline=None))  # as a text file reads: \n, \r\n, \r
    except UnicodeDecodeError as exc:
        raise ValueError(_("{path}: not a transcript: the file is not UTF-8 text").format(path=path)) from exc
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            reason = _(exc.msg) if exc.msg in _JSON_REASONS else exc.msg
            raise ValueError(f"{path}:{number}: " + _("not a JSON line: {reason}").format(reason=reason)
                             + _(" (column {column})").format(column=exc.colno)) from exc
        except RecursionError:  # the decoder recurses once per level
            raise ValueError(f"{path}:{number}: " + _("not a transcript record: nested too deeply")) from None
        problem = _malformed(record, first=not current)
        if problem:
            raise ValueError(f"{path}:{number}: {problem}")
        if record["type"] == "game" and current:
            yield current
            current = []
        current.append(record)
    if current:
        yield current


def _malformed(record: Any, first: bool) -> str | None:
    if not isinstance(record, dict) or record.get("type") not in RECORD_FIELDS:
        return _("not a transcript record: an object with \"type\" one of {types}").format(types=", ".join(RECORD_FIELDS))
    if first and record["type"] != "game":
        return _("a transcript starts with a \"game\" line")
    optional = {name: kind for name, kind in OPTIONAL_FIELDS.items() if name in record and record["type"] == "game"}
    wanted = {**RECORD_FIELDS[record["type"]], **optional}
    for name, kind in wanted.items():
        value = record.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            said = {int: _("a whole number"), dict: _("a situation: {{you: {{…}}, opponent: {{…}}}}").format()}.get(kind, _("text"))
            return _("a {type} line needs \"{name}\" ({said})").format(type=record["type"], name=name, said=said)
    if record["type"] == "decision" and not 0 <= record["seat"] < len(SEAT_NAMES):
        return _("a decision line's \"seat\" is 0 or 1 (the first or the second player), not {seat}").format(seat=record["seat"])
    return None


def _play_through_the_protocol(game: Game, agent: ReplayAgent, turn_cap: int, saved: bool = False) -> bool:
    """Every decision the game offers (game.decision()), answered from the transcript, until the game is
    decided (True) or a request is due after the turn cap (False), as Game.play stops; a game `saved` while
    it was being played stops where its decisions end."""
    game.recorder = agent.taken
    while (decision := game.decision()) is not None:
        if saved and not agent.decisions:
            return False
        if decision.kind == "request" and game.due is None and game.state.turn_number > turn_cap:
            return False
        game.apply(agent.choose(decision))
    return game.over


def start_game(engine: Engine, header: dict[str, Any], recorder: Any = None, observer: Any = None) -> Game:
    """The game a transcript's game line describes, every decision public: from its position (`given`) or set
    up by its frame (with the first player agreed, `first`). ValueError for a regulation the definitions lack,
    ProgramError for a position the rules do not allow."""
    if header.get("given") is not None:
        game = from_situation(engine, header["given"], regulation=(header["format"], header["frame"]), agents=None)
        game.recorder, game.observer = recorder, observer
        return game
    return Game.new(engine, header["format"], header["frame"], seed=header["seed"], agents=None, recorder=recorder,
                    observer=observer, first=header.get("first"))


def finished(records: list[dict[str, Any]]) -> bool:
    """Whether a game's records tell it to its end (not saved while it was being played, not cut short)."""
    return bool(records) and records[-1].get("type") == "end" and records[-1].get("saved") is not True


def replay_game(engine: Engine, records: list[dict[str, Any]]) -> Replayed:
    header, end = records[0], records[-1]
    index = header.get("index", 0)
    if header.get("type") != "game" or end.get("type") != "end":
        return Replayed(index, False, "a game's records start with a game line and end with an end line")
    agent = ReplayAgent([r for r in records if r.get("type") == "decision"])
    try:
        game = start_game(engine, header, agent.taken)
        decided = _play_through_the_protocol(game, agent, header.get("turn_cap", 200), saved=end.get("saved") is True)
    except (ScriptError, ValueError) as exc:  # a regulation these definitions lack, a position they do not allow (ProgramError)
        return Replayed(index, False, str(exc))
    if agent.decisions:
        return Replayed(index, False, ngettext("{count} recorded decision was not asked", "{count} recorded decisions were not asked",
                                                 len(agent.decisions)).format(count=len(agent.decisions)))
    found = {"winner": game.winner, "decided": decided, "turns": game.state.turn_number, "digest": digest(game)}
    wanted = {key: end.get(key) for key in found}
    if found != wanted:
        return Replayed(index, False, _("the game ended otherwise: {found} instead of {wanted}").format(found=found, wanted=wanted))
    return Replayed(index, True)
