"""What a balance run reports, as one JSON document (schema/balance.schema.json), from the figures of its games.

    report(plan, figures, meta)             # {"kind": "balance", …} or {"kind": "balance-comparison", …}
    lines(document)                          # the terminal's summary
    said_where(document["where"])            # where the games were played, in words

A regulation reports the first player's win rate (its advantage over one half), the game length, how often
each action, character and trump was played in the standard agents' games and by the winner, and each
restricted agent's win rate against the standard agent, with its change from one half: an interval that
leaves out zero is flagged. Comparing two revisions adds each figure's difference, flagged the same way.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _
from . import stats
from .run import Plan, RegulationPlan
from ..balancepage.words import REASONS, said_where  # noqa: F401 - said_where: the report's words, shared with the page
from .totals import RegulationFigures

SCHEMA_VERSION = 2  # 2: `where` an object of no language, said at display time
HALF = 0.5


def _first_player(figures: RegulationFigures, z: float) -> dict[str, Any]:
    rate = stats.wilson(figures.first_wins, figures.decided, z)
    advantage = rate.shifted(-HALF)
    return {"wins": figures.first_wins, "games": figures.decided, "rate": rate.as_dict(), "advantage": advantage.as_dict(),
            "flagged": advantage.excludes_zero}


def _length(figures: RegulationFigures) -> dict[str, Any]:
    return {"mean_turns": round(figures.mean_turns, 3), "sd_turns": round(figures.variance_turns ** 0.5, 3),
            "turns": {str(turns): n for turns, n in sorted(figures.lengths.items())}}


def _usage(figures: RegulationFigures) -> list[dict[str, Any]]:
    games = max(figures.decided, 1)
    out = []
    for subject in figures.subjects:
        usage = figures.usage.get(subject.label)
        if usage is None:
            total = by_winner = by_loser = played_in = 0
        else:
            total, by_winner, by_loser, played_in = usage.total, usage.by_winner, usage.by_loser, usage.games
        out.append({"kind": subject.kind, "id": subject.id, "name": subject.name, "total": total,
                    "per_game": round(total / games, 4), "games_with": played_in, "by_winner": by_winner, "by_loser": by_loser,
                    "winner_share": round(by_winner / total, 4) if total else None})
    return out


def _restricted(plan: RegulationPlan, figures: RegulationFigures) -> list[dict[str, Any]]:
    out = []
    first_of: dict[str, str] = {}
    for subject in figures.subjects:
        entry: dict[str, Any] = {"kind": subject.kind, "id": subject.id, "name": subject.name}
        if not subject.restricted:
            entry.update(reason=subject.reason, why=REASONS[subject.reason or ""])
            out.append(entry)
            continue
        agent = figures.agents.get(subject.key)
        games, decided, wins = (agent.games, agent.decided, agent.wins) if agent else (0, 0, 0)
        rate = stats.wilson(wins, decided, plan.z)
        change = rate.shifted(-HALF)
        entry.update(forbids=list(subject.actions), trump_cards=list(subject.trump_cards), games=games, decided=decided,
                     wins=wins, win_rate=rate.as_dict(), change=change.as_dict(), flagged=change.excludes_zero,
                     same_games_as=first_of.get(subject.key))
        first_of.setdefault(subject.key, subject.label)
        out.append(entry)
    return out


def regulation_report(plan: RegulationPlan, figures: RegulationFigures, whole: Plan) -> dict[str, Any]:
    settings = whole.settings
    detectable = stats.detectable(plan.games, settings.alpha, settings.power, plan.comparisons, whole.compare)
    return {
        "format": plan.format_id, "frame": plan.frame_id, "name": plan.name,
        "games_per_agent": plan.games, "agents": 1 + len(plan.agents), "comparisons": plan.comparisons,
        "z": round(plan.z, 4), "detectable": round(detectable, 4),
        "games": figures.games, "decided": figures.decided,
        "first_player": _first_player(figures, plan.z), "length": _length(figures),
        "usage": _usage(figures), "restricted": _restricted(plan, figures),
    }


def _settings(plan: Plan) -> dict[str, Any]:
    s = plan.settings
    return {"agent": s.agent, "seed": s.seed, "only": list(s.only), "detect": s.detect if s.games is None else None, "games": s.games,
            "alpha": s.alpha, "power": s.power, "turn_cap": s.turn_cap,
            "two_samples": plan.compare, "interval": "Wilson" if not plan.compare else "Newcombe (hybrid score)",
            "correction": "Bonferroni within a regulation"}


def report(plan: Plan, figures: dict[tuple[str, str, str], RegulationFigures], meta: dict[str, Any]) -> dict[str, Any]:
    """The JSON document of a run: one revision's balance, or two revisions' and what changed between them."""
    revisions: dict[str, list[dict[str, Any]]] = {}
    labels: dict[str, str] = {}
    for regulation in plan.regulations:
        one = figures[(regulation.rules.digest, regulation.format_id, regulation.frame_id)]
        revisions.setdefault(regulation.rules.digest, []).append(regulation_report(regulation, one, plan))
        labels[regulation.rules.digest] = regulation.rules.label
    sides: list[dict[str, Any]] = [{"revision": labels[digest], "regulations": regs} for digest, regs in revisions.items()]
    document: dict[str, Any] = {"version": SCHEMA_VERSION, "settings": _settings(plan), **meta}
    if not plan.compare:
        return {"kind": "balance", **document, **sides[0]}
    base, head = sides
    return {"kind": "balance-comparison", **document, "base": base, "head": head,
            "differences": [differences(b, h, stats.z_value(plan.settings.alpha, h["comparisons"]))
                            for b, h in _pairs(base["regulations"], head["regulations"])]}


def _pairs(base: list[dict[str, Any]], head: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    found = {(r["format"], r["frame"]): r for r in base}
    return [(found[(r["format"], r["frame"])], r) for r in head if (r["format"], r["frame"]) in found]


def differences(base: dict[str, Any], head: dict[str, Any], z: float) -> dict[str, Any]:
    """A regulation's figures in the head revision against the base: each difference with its interval (Newcombe's
    for win rates; the game length's by the normal approximation), flagged when it leaves out zero."""
    first = stats.newcombe(head["first_player"]["wins"], head["first_player"]["games"],
                           base["first_player"]["wins"], base["first_player"]["games"], z)
    hl, bl = head["length"], base["length"]
    length = stats.mean_difference(hl["mean_turns"], hl["sd_turns"] ** 2, head["games"], bl["mean_turns"], bl["sd_turns"] ** 2,
                                   base["games"], z)
    base_restricted = {(r["kind"], r["id"]): r for r in base["restricted"]}
    restricted = []
    for entry in head["restricted"]:
        before = base_restricted.get((entry["kind"], entry["id"]))
        row: dict[str, Any] = {"kind": entry["kind"], "id": entry["id"], "name": entry["name"]}
        if before is None or "wins" not in before or "wins" not in entry:
            row["only_in"] = "head" if before is None else None
            if before is not None:
                row["reason"] = entry.get("reason") or before.get("reason")
            restricted.append(row)
            continue
        difference = stats.newcombe(entry["wins"], entry["decided"], before["wins"], before["decided"], z)
        row.update(base=before["change"], head=entry["change"], difference=difference.as_dict(), flagged=difference.excludes_zero)
        restricted.append(row)
    head_keys = {(r["kind"], r["id"]) for r in head["restricted"]}
    for entry in base["restricted"]:
        if (entry["kind"], entry["id"]) not in head_keys:
            restricted.append({"kind": entry["kind"], "id": entry["id"], "name": entry["name"], "only_in": "base"})
    usage_before = {(u["kind"], u["id"]): u for u in base["usage"]}
    usage = [{"kind": u["kind"], "id": u["id"], "name": u["name"], "base": usage_before.get((u["kind"], u["id"]), {}).get("per_game"),
              "head": u["per_game"]} for u in head["usage"]]
    return {"format": head["format"], "frame": head["frame"], "name": head["name"], "z": round(z, 4),
            "first_player": {"difference": first.as_dict(), "flagged": first.excludes_zero},
            "length": {"difference": length.as_dict(), "flagged": length.excludes_zero},
            "restricted": restricted, "usage": usage}


def flagged(document: dict[str, Any]) -> list[str]:
    """Every flagged figure, one line each (the terminal's, in bp's language)."""
    out = []
    if document["kind"] == "balance-comparison":
        for regulation in document["differences"]:
            name = regulation["name"]
            for what in ("first_player", "length"):
                if regulation[what]["flagged"]:
                    out.append(_(_WHAT[what]).format(regulation=name, change=_signed(regulation[what]["difference"], what == "length")))
            for row in regulation["restricted"]:
                if row.get("flagged"):
                    out.append(_("{regulation}: forbidden {name} ({kind}), the win rate changed {change} (from {base} to {head})").format(
                        regulation=name, name=row["name"], kind=row["kind"], change=_signed(row["difference"]),
                        base=_signed(row["base"]), head=_signed(row["head"])))
        return out
    for regulation in document["regulations"]:
        name = regulation["name"]
        if regulation["first_player"]["flagged"]:
            out.append(_("{regulation}: the first player's advantage {change}").format(
                regulation=name, change=_signed(regulation["first_player"]["advantage"])))
        for row in regulation["restricted"]:
            if row.get("flagged") and row.get("same_games_as") is None:
                out.append(_("{regulation}: forbidden {name} ({kind}), the win rate changes {change}").format(
                    regulation=name, name=row["name"], kind=row["kind"], change=_signed(row["change"])))
    return out


_WHAT = {"first_player": N_("{regulation}: the first player's win rate changed {change}"),
         "length": N_("{regulation}: the game length changed {change}")}


def _signed(interval: dict[str, float], turns: bool = False) -> str:
    """`-12.3 points [-15.0, -9.6]` (or turns)."""
    if turns:
        return _("{estimate:+.2f} turns [{low:+.2f}, {high:+.2f}]").format(**interval)
    return _("{estimate:+.1f} points [{low:+.1f}, {high:+.1f}]").format(**{key: interval[key] * 100 for key in ("estimate", "low", "high")})


def lines(document: dict[str, Any]) -> list[str]:
    """The terminal's summary of a run: each regulation's headline figures (of each revision), then what is flagged."""
    out = []
    sides = [document] if document["kind"] == "balance" else [document["base"], document["head"]]
    for side in sides:
        prefix = f"{side['revision']}: " if len(sides) > 1 else ""
        for regulation in side["regulations"]:
            first = regulation["first_player"]
            out.append(prefix + _("{regulation}: {games:,} games per agent, {agents} agents; the first player wins {rate:.1f} % "
                                  "({advantage}); {turns:.1f} turns on average").format(
                regulation=regulation["name"], games=regulation["games_per_agent"], agents=regulation["agents"],
                rate=first["rate"]["estimate"] * 100, advantage=_signed(first["advantage"]), turns=regulation["length"]["mean_turns"]))
    found = flagged(document)
    out.append(_("flagged: {count}:").format(count=len(found)) if found
               else _("flagged: {count} (no figure's interval leaves out zero)").format(count=0))
    out.extend(f"  {line}" for line in found)
    return out




def strengths(documents: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The same regulations measured with agents of several strengths (`bp balance --strength`), one document
    each: per regulation, the first player's advantage and each restricted agent's change at every strength, with
    the games each rests on, and whether its verdict (flagged or not, and which way) changes with the strength."""
    out = []
    by_strength = [(agent, {(r["format"], r["frame"]): r for r in document["regulations"]}) for agent, document in documents]
    for key, regulation in by_strength[0][1].items():
        found = [(agent, regs[key]) for agent, regs in by_strength if key in regs]
        first = [{"agent": agent, "games": r["first_player"]["games"], "advantage": r["first_player"]["advantage"],
                  "flagged": r["first_player"]["flagged"]} for agent, r in found]
        rows = []
        for entry in regulation["restricted"]:
            if "change" not in entry or entry.get("same_games_as"):
                continue
            at = []
            for agent, r in found:
                other = next((e for e in r["restricted"] if e["kind"] == entry["kind"] and e["id"] == entry["id"] and "change" in e), None)
                if other is not None:
                    at.append({"agent": agent, "games": other["decided"], "change": other["change"], "flagged": other["flagged"]})
            rows.append({"kind": entry["kind"], "id": entry["id"], "name": entry["name"], "strengths": at,
                         "verdict_changes": len({_verdict(a) for a in at}) > 1})
        out.append({"format": regulation["format"], "frame": regulation["frame"], "name": regulation["name"],
                    "first_player": {"strengths": first, "verdict_changes": len({_verdict(a, "advantage") for a in first}) > 1},
                    "restricted": rows})
    return out


def _verdict(figure: dict[str, Any], what: str = "change") -> int:
    """-1, 0 or 1: flagged lower, not flagged, flagged higher."""
    if not figure["flagged"]:
        return 0
    return 1 if figure[what]["estimate"] > 0 else -1


def strength_lines(section: list[dict[str, Any]]) -> list[str]:
    """The terminal's lines of the verdicts that change with the strength of the agents."""
    out = []
    for regulation in section:
        if regulation["first_player"]["verdict_changes"]:
            out.append(_("{regulation}: the first player's advantage is judged otherwise at another strength: {figures}").format(
                regulation=regulation["name"], figures=_at_strengths(regulation["first_player"]["strengths"], "advantage")))
        for row in regulation["restricted"]:
            if row["verdict_changes"]:
                out.append(_("{regulation}: forbidden {name}, the verdict changes with the strength: {figures}").format(
                    regulation=regulation["name"], name=row["name"], figures=_at_strengths(row["strengths"], "change")))
    return out


def _at_strengths(figures: list[dict[str, Any]], what: str) -> str:
    return "; ".join(_("{agent} {change} ({games:,} games)").format(agent=figure["agent"], change=_signed(figure[what]),
                                                                     games=figure["games"]) for figure in figures)


def reading_lines(section: dict[str, Any]) -> list[str]:
    """The terminal's lines of `--readings`: per regulation, each reading with its flips, most first."""
    out = [_("which readings change games ({agent}, {games:,} games per regulation, played again under the other reading):").format(
        agent=section["agent"], games=section["games"])]
    for regulation in section["regulations"]:
        for row in regulation["readings"]:
            rate = row["flip_rate"]
            line = _("{regulation}: {owner} [{key}]: {flipped} flipped ({rate:.1f} % [{low:.1f}, {high:.1f}]), {touched} touched").format(
                regulation=regulation["name"], owner=row["owner"], key=row["key"], flipped=row["flipped"], touched=row["touched"],
                rate=rate["estimate"] * 100, low=rate["low"] * 100, high=rate["high"] * 100)
            if "shortest" in row:
                line += _("; shortest game: {file} ({turns} turns)").format(**row["shortest"])
            out.append(f"  {line}")
    return out
