"""The report's figures, drawn by matplotlib as SVG (text kept as text, in the page's fonts), labelled in bp's language.

    forest(rows, title)          # each restricted agent's change of win rate with its interval
    usage(rows)                  # how often each action is played per game, by the winner and by the loser
    lengths(turns)               # how many games lasted how many turns

The same data draws the same bytes (no date, a fixed id salt): two runs with the same seed give the same report.
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from typing import Any

from ..i18n import _

FLAGGED, PLAIN, WINNER, LOSER = "#c0392b", "#34495e", "#2e86c1", "#aab7b8"
FONTS = ["Noto Sans CJK JP", "Hiragino Sans", "IPAexGothic", "DejaVu Sans"]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({
        "svg.fonttype": "none",  # text stays text: the browser draws it with the page's fonts (and it can be searched)
        "svg.hashsalt": "bp-balance",  # the ids inside an SVG do not change from one run to the next
        "font.family": "sans-serif", "font.sans-serif": FONTS, "font.size": 9,
        "axes.spines.top": False, "axes.spines.right": False,
    })
    return plt


def _svg(figure: Any, alternative: str) -> str:
    """The figure as inline SVG, named for a screen reader by `alternative` (its text alternative: what it shows)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    figure.clf()
    import matplotlib.pyplot as plt

    plt.close(figure)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]  # inline in the page: no XML declaration or doctype
    return text.replace("<svg", f'<svg role="img" aria-label="{html.escape(alternative)}"', 1)


def forest(rows: Sequence[dict[str, Any]], xlabel: str) -> str:
    """One row per agent: `label`, an interval (`estimate`, `low`, `high`, fractions) and `flagged`."""
    plt = _pyplot()
    height = 0.7 + 0.24 * max(len(rows), 1)
    figure, axes = plt.subplots(figsize=(6.4, height))
    for position, row in enumerate(reversed(rows)):
        colour = FLAGGED if row["flagged"] else PLAIN
        estimate, low, high = (row[key] * 100 for key in ("estimate", "low", "high"))
        axes.plot([low, high], [position, position], color=colour, linewidth=1.6, solid_capstyle="butt")
        axes.plot([estimate], [position], "o", color=colour, markersize=4)
    axes.axvline(0, color="#888888", linewidth=0.8)
    axes.set_yticks(range(len(rows)), [row["label"] for row in reversed(rows)])
    axes.set_ylim(-0.7, len(rows) - 0.3)
    axes.set_xlabel(xlabel)
    axes.grid(axis="x", color="#e5e5e5", linewidth=0.6)
    return _svg(figure, _("{what}: the table below gives each row's figures").format(what=xlabel))


def usage(rows: Sequence[dict[str, Any]]) -> str:
    """One bar per action: requests per game by the winner (`by_winner`) and the loser (`by_loser`)."""
    plt = _pyplot()
    height = 0.8 + 0.22 * max(len(rows), 1)
    figure, axes = plt.subplots(figsize=(6.4, height))
    names = [row["label"] for row in reversed(rows)]
    winner = [row["by_winner"] for row in reversed(rows)]
    loser = [row["by_loser"] for row in reversed(rows)]
    axes.barh(names, winner, color=WINNER, label=_("Winner"))
    axes.barh(names, loser, left=winner, color=LOSER, label=_("Loser"))
    axes.set_xlabel(_("Times per game"))
    axes.legend(loc="lower right", frameon=False)
    axes.grid(axis="x", color="#e5e5e5", linewidth=0.6)
    return _svg(figure, _("Times per game by the winner and the loser: the table below gives each row's figures"))


def lengths(turns: dict[str, int]) -> str:
    """How many games ended on each turn."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 2.2))
    counts = sorted((int(turn), n) for turn, n in turns.items())
    axes.bar([turn for turn, _ in counts], [n for _, n in counts], color=PLAIN, width=0.8)
    axes.set_xlabel(_("Turns"))
    axes.set_ylabel(_("Games"))
    ended = " / ".join(_("{turns} turns: {games}").format(turns=turn, games=n) for turn, n in counts)
    return _svg(figure, _("Games that ended on each turn: {ended}").format(ended=ended))
