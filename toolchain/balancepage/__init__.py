"""The balance report as a web page (index.html, with its figures inline) and as JSON (balance.json), written
into the report's directory (`bp balance --out`, default build/balance), or rendered by `bp build` from a run
stored in the repository (balance/). A renderer: it reads the JSON document only, never plays a game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..actionlist.favicon import favicon_data_uri  # inline, as the lists carry it: the report is also written on its own
from ..i18n import N_, _, documents_language_unless_chosen, language
from . import plots
from .words import REASONS, said_where

KIND = "balance"  # the marker kind of the report's directory (site/outputs.py)
INDEX = "index.html"
FOLDER = "readings"  # the games bp balance --readings kept, beside the page
JSON = "balance.json"
TEMPLATES = Path(__file__).resolve().parent / "templates"
KIND_NAMES = {"action": N_("action"), "trump": N_("trump"), "character": N_("character")}


def _points(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:+.1f}"


def _interval(interval: dict[str, float] | None) -> str:
    if not interval:
        return "—"
    return f"{interval['estimate'] * 100:+.1f} [{interval['low'] * 100:+.1f}, {interval['high'] * 100:+.1f}]"


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f} %"


def _agents(regulation: dict[str, Any]) -> list[dict[str, Any]]:
    """The restricted agents, each once (subjects that share their games on one row: 英雄召喚 / 英雄)."""
    rows: dict[str, dict[str, Any]] = {}
    for entry in regulation["restricted"]:
        if "change" not in entry:
            continue
        key = entry["same_games_as"] or f"{entry['kind']}:{entry['id']}"
        if key in rows:
            rows[key]["label"] += f" / {entry['name']}"
        else:
            rows[key] = {"label": entry["name"], **entry["change"], "flagged": entry["flagged"]}
    return sorted(rows.values(), key=lambda row: row["estimate"])


def _regulation_figures(regulation: dict[str, Any]) -> dict[str, str]:
    agents = _agents(regulation)
    used = [{"label": u["name"], "by_winner": u["by_winner"] / max(regulation["decided"], 1),
             "by_loser": u["by_loser"] / max(regulation["decided"], 1)}
            for u in regulation["usage"] if u["kind"] == "action" and u["total"]]
    used.sort(key=lambda row: -(row["by_winner"] + row["by_loser"]))
    return {
        "forest": plots.forest(agents, _("Change of the win rate when forbidden (points)")) if agents else "",
        "usage": plots.usage(used) if used else "",
        "lengths": plots.lengths(regulation["length"]["turns"]) if regulation["length"]["turns"] else "",
    }


def _difference_figure(difference: dict[str, Any]) -> str:
    rows = [{"label": row["name"], **row["difference"], "flagged": row["flagged"]}
            for row in difference["restricted"] if "difference" in row]
    rows.sort(key=lambda row: row["estimate"])
    return plots.forest(rows, _("Difference of the change of the win rate when forbidden (points, new − old)")) if rows else ""


def _revision(label: str) -> str:
    """A revision's label (balance.json's `revision`, English) as the page says it: the working tree (bp diff's
    WORKING_TREE, a message) in its words; a tag or a commit has no translation and stays as it is."""
    return _(label)


def render(document: dict[str, Any]) -> str:
    """The page in the documents' language, as the rest of the site, or in the one --lang chose."""
    with documents_language_unless_chosen():
        return _render(document)


def page_language() -> str:
    """The language render() writes the page in now."""
    with documents_language_unless_chosen():
        return language()


def _render(document: dict[str, Any]) -> str:
    import jinja2
    from markupsafe import Markup  # the figures are SVG drawn here, from numbers and escaped names (matplotlib escapes text)

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True)
    env.globals["_"] = lambda message: Markup.escape(_(message))  # Markup: `.format` then escapes what it puts in
    env.filters.update(points=_points, interval=_interval, percent=_percent, revision=_revision)
    singles = [document] if document["kind"] == "balance" else [document["base"], document["head"]]
    revisions = [{"revision": single["revision"],
                  "regulations": [{"data": regulation, "figures": {name: Markup(svg) for name, svg in _regulation_figures(regulation).items()}}
                                  for regulation in single["regulations"]]} for single in singles]
    differences = [{"data": d, "figure": Markup(_difference_figure(d))} for d in document.get("differences", [])]
    return env.get_template("report.html.j2").render(
        document=document, favicon=favicon_data_uri(), revisions=revisions, differences=differences, lang=language(), where=said_where(document["where"]),
        kinds={kind: _(name) for kind, name in KIND_NAMES.items()}, reasons={key: _(why) for key, why in REASONS.items()},
    )


def write(directory: Path, document: dict[str, Any], kept: dict[str, str] | None = None) -> None:
    """index.html and balance.json into `directory` (a staging directory that then takes the report's place), and
    the games `--readings` kept (readings.FOLDER)."""
    (directory / JSON).write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (directory / INDEX).write_text(render(document), encoding="utf-8")
    if kept:
        (directory / FOLDER).mkdir()
        for name, text in kept.items():
            (directory / FOLDER / name).write_text(text, encoding="utf-8")
