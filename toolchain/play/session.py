"""The playtest table's one session: the game being played (or a transcript being stepped through), whose
view the page shows, the example being written, and the rules the game is played by.

Every method takes the lock, changes what it must and returns nothing; `state()` is what the page is sent
(seat_view.py: one seat's view at a time). Problems the person can fix are `Refused` (the page shows them).
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import model as m
from .. import sim, simtools
from ..i18n import _, ngettext
from .keep import Kept, keep
from .positions import PositionError, read_position, refused
from .rules import Rules, RulesWatch
from .seat_view import decision_seen, localized, seen
from .table import HUMAN, POLICY, SEATS, Setup, Table

SAVED = Path("build") / "play"  # under the repository: where games are saved as transcripts
PLAY, REPLAY = "play", "replay"
SEAT_NAMES = ("P1", "P2")


class Refused(ValueError):
    """A request of the page that cannot be done as asked (the message says why, in Japanese)."""


@dataclass
class Replay:
    """A transcript being stepped through: its file, its game's decisions (the engine's choices of one left out),
    and what the person has been shown of it.

    A finished game's review may show everything: either seat's view, at any step. A game saved unfinished
    is a game still to be played: it is shown only from the seats the person played (`seats` of its game
    line, or P1 if it does not say), each as that seat sees it (2.11.1). Taking a game over where the person
    has seen more than the seat taken over may know (the other seat's view, or steps after this one) starts a
    new game from the position as that seat knows it."""

    file: str
    decisions: list[dict[str, Any]]
    finished: bool
    controlled: frozenset[int]  # the seats whose view may be shown while the game is unfinished
    looked: set[int] = field(default_factory=set)  # the seats whose view has been shown
    furthest: int = 0  # the furthest step shown

    def may_look(self, seat: int) -> bool:
        return self.finished or seat in self.controlled

    def shown(self, seat: int, step: int) -> None:
        self.looked.add(seat)
        self.furthest = max(self.furthest, step)

    def knows_more_than(self, seat: int, step: int) -> bool:
        """Whether the person has been shown a card `seat` may not know at `step` (the other seat's view,
        or what came later)."""
        return bool(self.looked - {seat}) or self.furthest > step


def _controlled(header: dict[str, Any]) -> frozenset[int]:
    seats = header.get("seats")
    played = frozenset(seat for seat, who in enumerate(seats) if who == HUMAN) if isinstance(seats, list) and len(seats) == 2 \
        else frozenset()
    return played or frozenset({0})  # a transcript that names no person's seat: P1's


@dataclass
class Session:
    root: Path
    watch: RulesWatch
    rules: Rules = field(init=False)  # the rules the table plays (the latest that checked when it started)
    table: Table | None = None
    mode: str = PLAY
    viewer: int = 0  # whose view the page shows (two people at one screen: the seat last shown)
    shown: int | None = None  # two people: the seat whose player has the screen (None: covered)
    replay: Replay | None = None
    draft: simtools.ExampleDraft | None = None
    kept: Kept | None = None
    notice: str = ""
    version: int = 0
    lock: threading.RLock = field(default_factory=threading.RLock)

    def __post_init__(self) -> None:
        self.rules = self.watch.latest

    @property
    def definitions(self) -> m.Definitions:
        assert self.rules.definitions is not None  # the table plays only rules that check (bp play starts with such)
        return self.rules.definitions

    # -- what the page is sent ----------------------------------------------------------------
    def names(self, viewer: int) -> dict[str, str]:
        table = self.table
        if table is not None and self.mode == PLAY and table.seats.count(HUMAN) == 1:
            return {"you": _("you"), "opponent": _("the opponent")}  # the person at the table, and the agent
        return {"you": SEAT_NAMES[viewer], "opponent": SEAT_NAMES[1 - viewer]}

    def _view_seat(self) -> int | None:
        """The seat whose view the page shows; None while the screen is covered for the next player."""
        table = self.table
        if table is None:
            return None
        if self.mode == REPLAY or table.seats.count(HUMAN) == 1:
            return self.viewer if self.mode == REPLAY else table.humans[0]
        decision = table.decision()
        if decision is not None:
            self.viewer = decision.seat
        return self.viewer if self.shown == self.viewer else None

    def state(self) -> dict[str, Any]:
        with self.lock:
            table, latest = self.table, self.watch.latest
            out: dict[str, Any] = {
                "version": self.version, "mode": self.mode, "notice": self.notice,
                "rules": {"version": self.rules.version, "latest": latest.version, "findings": list(latest.findings),
                          "newer": latest.ok and latest.version != self.rules.version},
                "regulations": self._regulations(), "saved": self._saved_files(),
            }
            if table is None:
                return out
            definitions = self.definitions
            seat = self._view_seat()
            out.update({
                "setup": {"format": table.setup.format, "frame": table.setup.frame, "seed": table.setup.seed,
                          "first": table.setup.first, "given": table.setup.given is not None},
                "regulation": self._regulation_name(table.setup.format, table.setup.frame),
                "seats": list(table.seats), "steps": len(table.taken),
                "can_undo": self.mode == PLAY and any(table.seats[t.seat] == HUMAN for t in table.taken),
            })
            if self.replay is not None and self.mode == REPLAY:
                out["replay"] = {"file": self.replay.file, "step": len(table.taken), "steps": len(self.replay.decisions),
                                 "viewer": self.viewer, "finished": self.replay.finished,
                                 "looks": [seat for seat in (0, 1) if self.replay.may_look(seat)]}
            if seat is None:
                out["cover"] = {"seat": self.viewer, "name": SEAT_NAMES[self.viewer]}
                return out
            names = self.names(seat)
            out["viewer"] = {"seat": seat, "name": names["you"], "names": names}
            out["game"] = seen(table.game, seat, definitions, names)
            if self.mode == REPLAY and out["game"]["decision"] is not None:
                out["game"]["decision"] = None  # a transcript is stepped through, not decided
            out["log"] = [
                {"who": None if told.seat is None else names["you"] if told.seat == seat else names["opponent"],
                 "text": localized(told.text, names)}
                for entry in table.log if (told := entry.told[seat]) is not None
            ]
            out["example"] = self._example_state(seat)
            return out

    def _example_state(self, seat: int) -> dict[str, Any] | None:
        if self.kept is not None:
            kept = self.kept
            return {"done": True, "yaml": kept.yaml, "action": kept.action, "where": kept.where, "problem": kept.problem}
        if self.draft is None:
            return None
        decision = self.draft.decision()
        if decision is None:
            return None
        # The draft's `you` is the seat that made it; its other decisions are the other player's, as it sees them.
        names = self.names(seat) if decision.seat == 0 else self.names(1 - seat)
        return {"done": False, "who": names["you"], "decision": decision_seen(decision, names)}

    def _regulations(self) -> list[dict[str, str]]:
        definitions = self.definitions
        return [{"format": fmt.id, "frame": frame.id, "name": f"{fmt.name} + {frame.name}"}
                for fmt in definitions.formats for frame in definitions.frames if definitions.is_legal(fmt.id, frame.id)]

    def _regulation_name(self, format_id: str, frame_id: str) -> str:
        definitions = self.definitions
        fmt, frame = definitions.format(format_id), definitions.frame(frame_id)
        return f"{fmt.name if fmt else format_id} + {frame.name if frame else frame_id}"

    def _saved_files(self) -> list[str]:
        folder = self.root / SAVED
        return sorted(str(path.relative_to(self.root)) for path in folder.glob("*.jsonl")) if folder.is_dir() else []

    def _changed(self, notice: str = "") -> None:
        self.version += 1
        self.notice = notice

    # -- starting a game ----------------------------------------------------------------------
    def _engine(self) -> sim.Engine:
        assert self.rules.engine is not None  # bp play starts only with rules that check
        return self.rules.engine

    def _other_engine(self, reading: str) -> sim.Engine:
        """The engine of the other way of reading `reading` (a game bp balance --readings kept)."""
        from ..model.other_readings import read_otherwise

        try:
            return sim.Engine(read_otherwise(self.definitions, reading))
        except KeyError:
            raise Refused(_("these rules have no reading {reading} with another way of reading it").format(reading=reading)) from None

    def _start(self, setup: Setup, seats: tuple[str, str], notice: str) -> None:
        if seats[0] not in SEATS or seats[1] not in SEATS or HUMAN not in seats:
            raise Refused(_("one seat is a person (human), the other a person or the AI (policy)"))
        if self.watch.latest.ok:
            self.rules = self.watch.latest  # a new game is played by the newest rules that check
        if not self.definitions.is_legal(setup.format, setup.frame):
            raise Refused(_("{regulation} is not a regulation of table 3.1").format(regulation=self._regulation_name(setup.format, setup.frame)))
        table = Table.start(self._engine() if setup.reading is None else self._other_engine(setup.reading), setup, seats)
        table.play_agents()
        self.table, self.mode, self.replay, self.draft, self.kept = table, PLAY, None, None, None
        self.viewer, self.shown = table.humans[0], None
        self._changed(notice)

    def new_game(self, format_id: str, frame_id: str, seed: int, first: int | None, seats: tuple[str, str]) -> None:
        with self.lock:
            if first not in (None, 0, 1):
                raise Refused(_("the first player is P1 or P2, or as the rules decide"))
            self._start(Setup(format_id, frame_id, seed, first), seats, _("new game: seed {seed}").format(seed=seed))

    def position(self, text: str, format_id: str, frame_id: str, seats: tuple[str, str]) -> None:
        """A game from a position typed in the examples' notation (`you` is P1, to play at [3] with the turn's chance)."""
        with self.lock:
            try:
                given, doc = read_position(text)
            except PositionError as exc:
                raise Refused("\n".join(exc.lines)) from exc
            try:
                self._start(Setup(format_id, frame_id, 0, None, given), seats, _("started from the position"))
            except sim.errors.ProgramError as exc:
                raise Refused(str(refused(exc, doc))) from exc

    def position_text(self) -> str:
        """The game's position as the page's seat knows it, in the examples' notation (to edit into another)."""
        with self.lock:
            seat = self._view_seat()
            if self.table is None or seat is None:
                return "you: {hand: ♠5 ♡9}\nopponent: {field: ♣4}\n"
            given = simtools.position(self.table.game, seat)
            return "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in given.items())

    # -- playing -------------------------------------------------------------------------------
    def decide(self, index: int, version: int) -> None:
        with self.lock:
            table, seat = self.table, self._view_seat()
            if version != self.version:
                raise Refused(_("the page was out of date: the latest position is shown again"))
            if table is None or self.mode != PLAY or seat is None:
                raise Refused(_("there is no decision to take now"))
            decision = table.decision()
            if decision is None or decision.seat != seat:
                raise Refused(_("there is no decision to take now"))
            try:
                table.take(index)
            except sim.errors.IllegalRequest as exc:
                raise Refused(str(exc)) from exc
            self.draft = self.kept = None
            self._changed()

    def undo(self) -> None:
        with self.lock:
            if self.table is None or self.mode != PLAY or not self.table.undo():
                raise Refused(_("there is no decision to undo"))
            self.draft = self.kept = None
            decision = self.table.decision()
            if self.table.seats.count(HUMAN) == 2 and decision is not None:
                self.shown = self.viewer = decision.seat  # the one who undid has the screen
            self._changed(_("one move undone"))

    def reveal(self) -> None:
        """Two people at one screen: the player to decide has the screen now."""
        with self.lock:
            self.shown = self.viewer
            self._changed()

    # -- keeping what was found -----------------------------------------------------------------
    def save(self) -> str:
        """The game as a transcript under build/play/ (JSON lines, and the readable log beside it); its path."""
        with self.lock:
            if self.table is None:
                raise Refused(_("there is no game to save"))
            setup = self.table.setup
            recorder = self.table.transcript(self._regulation_name(setup.format, setup.frame))
            folder = self.root / SAVED
            stem = f"playtest-{setup.format}-{setup.frame}-seed{setup.seed}-{time.strftime('%Y%m%d-%H%M%S')}"
            path = folder / f"{stem}.jsonl"
            number = 1
            while path.exists() or path.with_suffix(".txt").exists():
                number += 1
                path = folder / f"{stem}-{number}.jsonl"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                _write(path.with_suffix(".txt"), "\n".join(recorder.lines) + "\n")
                _write(path, "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in recorder.records))
            except OSError as exc:
                raise Refused(_("cannot save in {folder}: {reason}").format(folder=SAVED, reason=exc.strerror or exc)) from exc
            relative = str(path.relative_to(self.root))
            self._changed(_("saved: {path} (bp replay {path} plays it again)").format(path=relative))
            return relative

    def example_start(self) -> None:
        with self.lock:
            table, seat = self.table, self._view_seat()
            decision = table.decision() if table is not None else None
            if table is None or seat is None or self.mode != PLAY or decision is None or decision.seat != seat \
                    or decision.kind != "request":
                raise Refused(_("a position becomes an example where you decide whether to request"))
            try:
                self.draft = simtools.ExampleDraft(self._engine(), table.game, seat)
            except sim.errors.ProgramError as exc:
                raise Refused(_("this position cannot become an example: {reason}").format(reason=exc)) from exc
            self.kept = None
            self._changed()

    def example_decide(self, index: int) -> None:
        with self.lock:
            draft = self.draft
            if draft is None:
                raise Refused(_("no example is being made"))
            try:
                draft.apply(index)
            except (ValueError, sim.errors.IllegalRequest) as exc:
                raise Refused(str(exc)) from exc
            if draft.done:
                assert self.table is not None
                regulation = self._regulation_name(*self.table.game.regulation)
                turn = sim.observe(self.table.game, self.viewer).turn_number
                name = _("a playtest position ({regulation}, turn {turn})").format(regulation=regulation, turn=turn)
                self.kept = keep(draft, self._engine(), self.definitions, self.root, name)
                self.draft = None
            self._changed()

    def example_close(self) -> None:
        with self.lock:
            self.draft = self.kept = None
            self._changed()

    # -- transcripts -----------------------------------------------------------------------------
    def load_transcript(self, name: str, game_number: int = 1) -> None:
        """A transcript (a path from the repository's root, or absolute), its game `game_number`, at its start."""
        path = Path(name) if Path(name).is_absolute() else self.root / name
        try:  # read before the table is locked: a slow file holds up no other request
            games = list(simtools.transcript_games(path))
        except OSError as exc:  # a FIFO, a device or a file too large too (model/files.py)
            raise Refused(_("cannot read {name}: {reason}").format(name=name, reason=exc.strerror or exc)) from exc
        except ValueError as exc:
            raise Refused(str(exc)) from exc
        if not 1 <= game_number <= len(games):
            raise Refused(ngettext("{name} has no game {number} ({count} game)", "{name} has no game {number} ({count} games)", len(games)).format(
                name=name, number=game_number, count=len(games)))
        records = games[game_number - 1]
        with self.lock:
            decisions = [r for r in records if r["type"] == "decision" and not r.get("forced")]
            replay = Replay(name, decisions, simtools.transcript_finished(records), _controlled(records[0]))
            try:
                self._start(Setup.of_header(records[0]), (HUMAN, HUMAN), _("{name} loaded").format(name=name))
            except (ValueError, sim.errors.ProgramError) as exc:
                raise Refused(f"{name}: {exc}") from exc
            self.mode, self.replay = REPLAY, replay
            self.viewer = next((seat for seat in (0, 1) if replay.may_look(seat)), 0)
            replay.shown(self.viewer, 0)

    def step(self, to: int) -> None:
        """The transcript's game after its first `to` decisions."""
        with self.lock:
            table, replay = self.table, self.replay
            if table is None or replay is None or self.mode != REPLAY:
                raise Refused(_("no transcript is loaded"))
            to = max(0, min(to, len(replay.decisions)))
            while len(table.taken) > to:
                table.step_back()
            while len(table.taken) < to:
                record = replay.decisions[len(table.taken)]
                decision = table.decision()
                if decision is None or (decision.seat, decision.kind) != (record["seat"], record["kind"]) \
                        or not 0 <= record["index"] < len(decision) or decision.text(record["index"]) != record["option"]:
                    # the option as the referee writes it may name the other seat's hidden cards
                    said = f": {record['option']}" if replay.finished or record["seat"] == self.viewer else ""
                    replay.shown(self.viewer, len(table.taken))
                    self._changed()
                    raise Refused(_("move {number} of the transcript cannot be taken by these rules{option}").format(number=len(table.taken) + 1, option=said))
                table._apply(record["index"])
            replay.shown(self.viewer, len(table.taken))
            self._changed()

    def look_from(self, seat: int) -> None:
        with self.lock:
            replay = self.replay
            if self.mode != REPLAY or replay is None or self.table is None or seat not in (0, 1):
                raise Refused(_("a point of view is chosen while a transcript is viewed"))
            if not replay.may_look(seat):
                raise Refused(_("the game of this transcript is not over: the cards {seat} could not see are not shown").format(seat=SEAT_NAMES[seat]))
            self.viewer = seat
            replay.shown(seat, len(self.table.taken))
            self._changed()

    def take_over(self) -> dict[str, Any]:
        """Play the transcript's game on from here: the seat looked from is the person's, the other the AI's.
        If the person has been shown more than that seat may know, a new game from the position as it knows
        it (the cards it cannot see dealt again) instead of the same game. Whether it is the same game, and
        the message the page shows."""
        with self.lock:
            table, replay, seat = self.table, self.replay, self.viewer
            if table is None or replay is None or self.mode != REPLAY:
                raise Refused(_("no transcript is loaded"))
            if not replay.knows_more_than(seat, len(table.taken)):
                table.seats = (HUMAN, POLICY) if seat == 0 else (POLICY, HUMAN)
                self.mode, self.replay = PLAY, None
                table.play_agents()
                self._changed(_("going on from here"))
                return {"same_game": True, "message": self.notice}
            given = simtools.position(table.game, seat, random.Random())
            setup = Setup(table.setup.format, table.setup.frame, table.setup.seed, None, given)
            try:
                self._start(setup, (HUMAN, POLICY), "")
            except (ValueError, sim.errors.ProgramError) as exc:
                raise Refused(_("a new game cannot start from this position: {reason}").format(reason=exc)) from exc
            self._changed(_("the cards {seat} could not see were shown, so the same game does not go on: a new game started from "
                            "this position as {seat} knows it, the cards it could not see dealt again").format(seat=SEAT_NAMES[seat]))
            return {"same_game": False, "message": self.notice}

    # -- rules changed ---------------------------------------------------------------------------
    def apply_rules(self) -> None:
        """Restart with the newest rules that check: the same game, its decisions taken again while still legal."""
        with self.lock:
            latest = self.watch.latest
            if not latest.ok:
                raise Refused(_("the new rules have problems (bp check)"))
            self.rules = latest
            if self.table is None:
                self._changed(_("the new rules are loaded"))
                return
            old = self.table
            table, kept = old.rebuilt(self._engine())
            self.table, self.draft, self.kept = table, None, None
            whole = len(old.taken)
            said = _("started again with the new rules: the position is the same for {kept} of {whole} moves") if kept == whole else _(
                "started again with the new rules: the position is the same for {kept} of {whole} moves (move {number} cannot be "
                "taken by the new rules)")
            self._changed(said.format(kept=kept, whole=whole, number=kept + 1))


def _write(path: Path, text: str) -> None:
    """All or nothing: a temporary file beside it, renamed over it."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
