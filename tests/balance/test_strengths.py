"""`bp balance --strength A --strength B`: each figure at each strength, with its games, and the verdicts that change
with the strength marked (toolchain/balance/report.py `strengths`)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from toolchain.balance.report import strength_lines, strengths

SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "balance.schema.json"


def interval(estimate: float, half: float) -> dict[str, float]:
    return {"estimate": estimate, "low": estimate - half, "high": estimate + half}


def document(change: float, advantage: float, games: int) -> dict:
    flagged = abs(change) > 0.1
    return {"regulations": [{
        "format": "lite", "frame": "entry20", "name": "ライト + エントリー20",
        "first_player": {"games": games, "advantage": interval(advantage, 0.05), "flagged": abs(advantage) > 0.05},
        "restricted": [
            {"kind": "action", "id": "up", "name": "アップ", "decided": games, "change": interval(change, 0.1), "flagged": flagged,
             "same_games_as": None},
            {"kind": "action", "id": "end", "name": "エンド", "reason": "passes-turn"},
        ]}]}


def test_a_verdict_that_changes_with_the_strength_is_marked_with_the_games_of_each_figure() -> None:
    section = strengths([("random", document(-0.01, 0.0, 40)), ("search", document(-0.3, 0.2, 12))])
    [regulation] = section
    [row] = regulation["restricted"]  # what is not restricted has no figure
    assert row["verdict_changes"] and [(f["agent"], f["games"]) for f in row["strengths"]] == [("random", 40), ("search", 12)]
    assert regulation["first_player"]["verdict_changes"]
    assert len(strength_lines(section)) == 2
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate({"agents": ["random", "search"], "games_played": 52, "regulations": section},
                        {**schema["properties"]["strengths"], "$defs": schema["$defs"]})


def test_the_same_verdict_at_every_strength_is_not_marked() -> None:
    section = strengths([("random", document(-0.3, 0.0, 40)), ("policy", document(-0.25, 0.01, 40))])
    assert not section[0]["restricted"][0]["verdict_changes"] and not section[0]["first_player"]["verdict_changes"]
    assert strength_lines(section) == []
