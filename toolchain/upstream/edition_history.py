"""Upstream's earlier editions as a history of which entries each edition's data holds, and each imported
entry's `since` held to it: an entry whose `since` says v3.0 while the v6.0 data lacks it was introduced
later (or its since is a typo), a warning (BP062) at the since of upstream's file.

    history = read_history([("v6.0", Path("v6-act.yaml"))], findings.append)
    since_findings(imported, history)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Location
from ..i18n import _
from ..model import yamlload
from ..model.history import edition_number
from .importer import LISTS, Imported


@dataclass(frozen=True)
class EditionData:
    """One edition's upstream data: where it came from, and the ids and names of its entries."""

    edition: str
    source: str
    header: dict[str, Any]
    ids: frozenset[str]
    names: frozenset[str]

    def holds(self, upstream_id: str, name: str) -> bool:
        return upstream_id in self.ids or name in self.names

    def record(self) -> dict[str, Any]:
        """The history file of this edition (history/upstream-<edition>.yaml in the imported repository)."""
        return {"edition": self.edition, "source": self.source, "data": self.header, "ids": sorted(self.ids), "names": sorted(self.names)}


def _entries(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for list_key, inner in LISTS.items():
        for group in data.get(list_key) or []:
            for entry in (group or {}).get(inner) or []:
                if isinstance(entry, dict):
                    yield entry


def read_history(editions: list[tuple[str, Path]], report: Callable[[Diagnostic], None]) -> list[EditionData]:
    """Each edition's file, oldest first; an unreadable one is reported and left out."""
    history: list[EditionData] = []
    for edition, path in editions:
        if edition_number(edition) is None:
            report(Diagnostic(Location(str(path), 1, 1), "BP061", _("{edition!r} is not an edition (v6.0)").format(edition=edition)))
            continue
        doc = yamlload.load(path)
        if doc.problems or not isinstance(doc.data, dict):
            for problem in doc.problems:
                report(Diagnostic(Location(str(path), problem.mark.line, problem.mark.column), problem.code, problem.message))
            continue
        ids = {str(e.get(key)) for e in _entries(doc.data) for key in ("actId", "charId", "fogId") if e.get(key)}
        names = {str(e.get(key)) for e in _entries(doc.data) for key in ("actName", "charName", "fogName") if e.get(key)}
        header = doc.data.get("data") if isinstance(doc.data.get("data"), dict) else {}
        history.append(EditionData(edition, str(path), dict(header), frozenset(ids), frozenset(names)))
    return sorted(history, key=lambda e: edition_number(e.edition) or (0, 0))


def since_findings(imported: Imported, history: list[EditionData]) -> Iterator[Diagnostic]:
    """An entry missing from the data of an edition at or after its since (and before the imported one)."""
    for key, kept in imported.upstream["entries"].items():
        since, where = imported.since_marks.get(key, (None, None))
        number = edition_number(since)
        if number is None or where is None:
            continue
        name = imported.names.get(key, "")
        holding = [e for e in history if e.holds(str(kept.get("id")), name)]
        first = holding[0].edition if holding else None
        lacking = next((e for e in history if (edition_number(e.edition) or (0, 0)) >= number and not e.holds(str(kept.get("id")), name)
                        and (first is None or (edition_number(e.edition) or (0, 0)) < (edition_number(first) or (0, 0)))), None)
        if lacking is None:
            continue
        said = {"name": name, "since": since, "edition": lacking.edition, "source": lacking.source, "first": first}
        message = (_("{name} says since {since}, but {edition}'s data ({source}) does not have it: it first appears in {first}")
                   if first else _("{name} says since {since}, but {edition}'s data ({source}) does not have it, nor does any "
                                   "later edition given"))
        yield Diagnostic(where, "BP062", message.format(**said), "warning")
