"""One game at the playtest table: the simulator's game played through its public decision protocol, the
seats (a person, or the policy agent), the decisions taken, and what each seat has been told.

    table = Table.start(engine, Setup("lite", "entry20", seed=7), seats=("human", "policy"))
    table.decision()          # the decision due (the agents' decisions are taken as soon as they are due)
    table.take(index)         # a person's choice; the agents answer until a person decides again
    table.undo()              # back to that person's previous decision
    table.transcript()        # the transcript (bp replay reads its records)
    table.rebuilt(engine)     # the same game under other rules, as far as its decisions are still legal

The decisions taken are the game's one record: the transcript, the rebuild under new rules and undo all
derive from them. The agents decide by a seed drawn from the game's seed and the decision's number, so a
game and its decisions are the same game wherever it is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import sim, simtools

HUMAN, POLICY = "human", "policy"
SEATS = (HUMAN, POLICY)


@dataclass(frozen=True)
class Setup:
    """How a game begins: its regulation and seed, the first player if agreed (None: 2.9.2 decides), or a
    position set up by hand (`given`, the examples' notation, `you` as seat 0)."""

    format: str
    frame: str
    seed: int
    first: int | None = None
    given: dict[str, Any] | None = None
    reading: str | None = None  # played under the other way of this reading (a game bp balance --readings kept)

    def header(self) -> dict[str, Any]:
        """The transcript's game line."""
        header: dict[str, Any] = {"type": "game", "index": 0, "format": self.format, "frame": self.frame, "seed": self.seed}
        if self.first is not None:
            header["first"] = self.first
        if self.given is not None:
            header["given"] = self.given
        if self.reading is not None:
            header["reading"] = self.reading
        return header

    @classmethod
    def of_header(cls, header: dict[str, Any]) -> Setup:
        return cls(header["format"], header["frame"], header["seed"], header.get("first"), header.get("given"), header.get("reading"))


@dataclass(frozen=True)
class Taken:
    """A decision taken (never a choice of one: the engine takes those), as the referee's notation writes it."""

    seat: int
    kind: str
    prompt: str
    index: int
    text: str


@dataclass(frozen=True)
class Entry:
    """A line of the log: what each seat was told (None: nothing), after `step` decisions."""

    step: int
    told: tuple[sim.telling.Told | None, sim.telling.Told | None]


@dataclass
class Table:
    engine: sim.Engine
    setup: Setup
    seats: tuple[str, str]
    game: sim.Game = field(init=False)
    taken: list[Taken] = field(default_factory=list)
    log: list[Entry] = field(default_factory=list)
    agents: dict[int, sim.PolicyAgent] = field(default_factory=dict)  # one per agent's seat: it follows its own requests
    early: list[tuple[str, Any]] = field(default_factory=list)  # events of the game's start, before there is a game

    @classmethod
    def start(cls, engine: sim.Engine, setup: Setup, seats: Sequence[str]) -> Table:
        """A new game, before any agent decides (ValueError: a regulation the definitions lack;
        sim.errors.ProgramError: a position they do not allow)."""
        table = cls(engine, setup, (seats[0], seats[1]))
        table.game = simtools.start_game(engine, setup.header(), recorder=table._recorded, observer=table._observed)
        for kind, data in table.early:
            table._observed(kind, data)
        table.early.clear()
        return table

    # -- what the seats are told --------------------------------------------------------------
    def _observed(self, kind: str, data: Any) -> None:
        if not hasattr(self, "game"):  # being set up, inside start_game: told once the game is there
            self.early.append((kind, data))
            return
        self._told(tuple(sim.telling.tell(self.game, kind, data, seat) for seat in (0, 1)))

    def _recorded(self, decision: sim.Decision, index: int) -> None:
        self._told(tuple(sim.telling.tell_decision(decision, index, seat) for seat in (0, 1)))

    def _told(self, told: tuple[sim.telling.Told | None, ...]) -> None:
        if any(told):
            self.log.append(Entry(len(self.taken), (told[0], told[1])))

    # -- playing ------------------------------------------------------------------------------
    def decision(self) -> sim.Decision | None:
        return self.game.decision()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, who in enumerate(self.seats) if who == HUMAN]

    def take(self, index: int) -> None:
        """The decision due answered with option `index`, then the agents' decisions until a person's is due."""
        self._apply(index)
        self.play_agents()

    def _apply(self, index: int) -> None:
        decision = self.game.decision()
        if decision is None:
            raise sim.errors.IllegalRequest("the game is over")
        if not 0 <= index < len(decision):
            raise sim.errors.IllegalRequest(f"{decision.prompt}: there is no option {index + 1} of {len(decision)}")
        taken = Taken(decision.seat, decision.kind, decision.prompt, index, decision.text(index))
        self.taken.append(taken)
        try:
            self.game.apply(index)
        except Exception:
            self.taken.pop()
            raise

    def play_agents(self) -> None:
        while (decision := self.game.decision()) is not None and self.seats[decision.seat] == POLICY:
            agent = self.agents.setdefault(decision.seat, sim.PolicyAgent())
            agent.rng.seed(self.setup.seed * 100_003 + len(self.taken))  # the same choice wherever the game is replayed
            self._apply(agent.choose(decision))

    def undo(self) -> bool:
        """Back to the decision the last person to decide took before (the agents' decisions since undone too);
        False when no person has decided yet."""
        if not any(self.seats[taken.seat] == HUMAN for taken in self.taken):
            return False
        while self.taken:
            last = self.taken.pop()
            self.game.undo()
            if self.seats[last.seat] == HUMAN:
                break
        self.log = [entry for entry in self.log if entry.step <= len(self.taken)]
        return True

    def step_back(self) -> bool:
        """Back one decision, whoever took it (stepping through a transcript)."""
        if not self.taken:
            return False
        self.taken.pop()
        self.game.undo()
        self.log = [entry for entry in self.log if entry.step <= len(self.taken)]
        return True

    # -- the game's record ----------------------------------------------------------------------
    def transcript(self, regulation: str | None = None) -> simtools.Recorder:
        """The game as a transcript (its records are what bp replay reads, its lines the readable log): played
        again from its setup with the decisions taken, every decision recorded (the engine's choices of one too).
        `regulation`: its name (ライト + エントリー20), which the readable log opens with, as bp sim's do."""
        header = {**self.setup.header(), "seats": list(self.seats), **({"regulation": regulation} if regulation else {})}
        recorder = simtools.Recorder(header)
        game = simtools.start_game(self.engine, header, recorder=recorder.decision, observer=recorder.observe)
        recorder.attach(game)
        for taken in self.taken:
            game.apply(taken.index)
        recorder.finish(game, game.over)
        if not game.over:
            recorder.records[-1]["saved"] = True  # replayed as far as it went
        return recorder

    def rebuilt(self, engine: sim.Engine, seats: Sequence[str] | None = None) -> tuple[Table, int]:
        """This game under `engine`'s rules: set up again, and every decision taken again while the same decision
        is asked and the option taken is still offered (by its notation). The new table, and how many were."""
        table = Table.start(engine, self.setup, seats or self.seats)
        kept = 0
        for taken in self.taken:
            decision = table.game.decision()
            if decision is None or (decision.seat, decision.kind, decision.prompt) != (taken.seat, taken.kind, taken.prompt):
                break
            texts = decision.texts()
            if taken.text not in texts:
                break
            table._apply(texts.index(taken.text))
            kept += 1
        table.play_agents()
        return table, kept
