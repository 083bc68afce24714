"""The balance report's charts have a text alternative: each SVG is an image named by what it shows."""

from __future__ import annotations

import re

from toolchain.balancepage import plots


def _name(svg: str) -> str:
    match = re.match(r'<svg role="img" aria-label="([^"]*)"', svg)
    assert match, svg[:200]
    return match.group(1)


def test_each_chart_is_named_by_what_it_shows() -> None:
    assert _name(plots.lengths({"4": 30, "3": 12})) == "Games that ended on each turn: 3 turns: 12 / 4 turns: 30"
    row = {"label": "<チャージ>", "estimate": 0.1, "low": 0.0, "high": 0.2, "flagged": False}
    assert "the table below" in _name(plots.forest([row], "Change of the win rate"))
    assert _name(plots.usage([{"label": "アップ", "by_winner": 1.0, "by_loser": 0.5}])).startswith("Times per game")
