"""What the games of a balance run add up to, per regulation: the standard agents' games (who goes first and
wins, how long, what is played and by whom) and each restricted agent's wins.

Records are added in any order and the sums do not depend on it, so every way of playing the batches gives
the same figures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .subjects import Subject
from .work import Record


@dataclass
class Usage:
    """How often one thing was played in the standard agents' games: in all, by the winner, by the loser, and
    in how many games at all (an action requested, a character come onto the field, a trump face up)."""

    total: int = 0
    by_winner: int = 0
    by_loser: int = 0
    games: int = 0


@dataclass
class AgentFigures:
    """A restricted agent's games: how many were decided, and how many of those it won."""

    games: int = 0
    decided: int = 0
    wins: int = 0


@dataclass
class RegulationFigures:
    format_id: str
    frame_id: str
    name: str  # ライト + エントリー20
    subjects: list[Subject]
    games: int = 0  # the standard agents' games
    decided: int = 0
    first_wins: int = 0
    lengths: Counter[int] = field(default_factory=Counter)  # turns → games (decided or not)
    usage: dict[str, Usage] = field(default_factory=dict)  # by subject label (kind:id)
    agents: dict[str, AgentFigures] = field(default_factory=dict)  # by subject key

    def add(self, subject: str, record: Record) -> None:
        if subject:
            agent = self.agents.setdefault(subject, AgentFigures())
            agent.games += 1
            if record.winner is not None:
                agent.decided += 1
                agent.wins += record.winner == record.restricted_seat
            return
        self.games += 1
        self.lengths[record.turns] += 1
        if record.winner is None:
            return
        self.decided += 1
        self.first_wins += record.winner == record.first
        if record.tally is not None:
            self._use(record.winner, record.tally)

    def _use(self, winner: int, tally: object) -> None:
        for kind, per_seat in (("action", tally.requested), ("character", tally.characters),  # type: ignore[attr-defined]
                               ("trump", tally.trumps)):  # type: ignore[attr-defined]
            seen: set[str] = set()
            for seat, counts in enumerate(per_seat):
                for item, count in dict(counts).items():
                    usage = self.usage.setdefault(f"{kind}:{item}", Usage())
                    usage.total += count
                    if seat == winner:
                        usage.by_winner += count
                    else:
                        usage.by_loser += count
                    seen.add(item)
            for item in seen:
                self.usage[f"{kind}:{item}"].games += 1

    # -- the length of a game -------------------------------------------------------------------------
    @property
    def mean_turns(self) -> float:
        return sum(turns * n for turns, n in self.lengths.items()) / self.games if self.games else 0.0

    @property
    def variance_turns(self) -> float:
        if self.games < 2:
            return 0.0
        mean = self.mean_turns
        return sum(n * (turns - mean) ** 2 for turns, n in self.lengths.items()) / (self.games - 1)
