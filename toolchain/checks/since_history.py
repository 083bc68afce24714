"""BP049: an entry's `since` or `updated` that the history of the rules contradicts (model/past_editions.py); BP052:
rules.yaml's `history:` names a folder that is not there, so nothing is held to it.

- `since: v6.0` while the v5.0 record already has the entry: it was introduced earlier;
- `since: v3.0` while the v5.0 record, which lists its kind whole, lacks it and v7.0 has it: introduced later;
- `updated: [v9.0]` while the v9.0 record and the record of the edition before it hold the same rules.

A warning at the field: the history may be the one that is wrong. A definition whose version is a reading says so
with a reading about `since` or `updated`, and is not reported."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Location
from ..i18n import _
from ..model.history import current_edition, edition_number
from ..model.loader import LoadResult
from ..model.outside import Read
from ..model.past_editions import KINDS, PastEdition, entries_of, items, read_history
from ..resultcache import ResultCache


# The codes of this check: what the history of the rules says of the definitions (bp diff leaves them to bp check).
CODES = frozenset({"BP049", "BP052"})


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _excused(item: Any, field: str) -> bool:
    return any(reading.about == field for reading in getattr(item, "readings", ()))


def _since(kind: str, item: Any, held: list[PastEdition]) -> Iterator[Diagnostic]:
    since = edition_number(item.since)
    if since is None or _excused(item, "since"):
        return
    holding = [e for e in held if e.find(kind, item.id, item.name)]
    if not holding:
        return
    first = holding[0]
    place = item.source.location("since")
    said = {"name": item.name, "since": item.since, "first": first.edition, "source": first.source}
    if first.number < since:
        yield Diagnostic(place, "BP049", _("{name} says since {since}, but {first}'s data ({source}) has it already: "
                                           "since {first}? (or a reading about since)").format(**said), "warning")
        return
    lacking = next((e for e in held if since <= e.number < first.number and kind in e.covers), None)
    if lacking is not None:
        yield Diagnostic(place, "BP049", _("{name} says since {since}, but {edition}'s data ({lacking}) does not have it: "
                                           "it first appears in {first}'s ({source}). Since {first}? (or a reading about since)")
                         .format(edition=lacking.edition, lacking=lacking.source, **said), "warning")


def _updated(kind: str, item: Any, by_edition: dict[tuple[int, int, int], PastEdition]) -> Iterator[Diagnostic]:
    if _excused(item, "updated"):
        return
    for index, version in enumerate(item.updated):
        number = edition_number(version)
        record = by_edition.get(number) if number is not None else None
        if record is None or record.previous is None:
            continue
        before = by_edition.get(edition_number(record.previous) or (-1, 0, 0))
        then = record.find(kind, item.id, item.name) if record.repository is not None else None
        then_rules = then.rules if then else None
        earlier = before.find(kind, item.id, item.name) if before is not None and before.repository is not None else None
        if then_rules is None or earlier is None or earlier.rules is None or earlier.rules != then_rules:
            continue
        yield Diagnostic(item.source.location("updated", index), "BP049",
                         _("{name} says updated in {version}, but its rules are the same in {before}'s data ({source}): "
                           "remove {version}? (or a reading about updated)").format(
                             name=item.name, version=version, before=before.edition, source=before.source), "warning")


def run(result: LoadResult, store: ResultCache | None = None) -> tuple[list[Diagnostic], list[Read]]:
    """Every definition's since and updated held to the history rules.yaml names (none named: nothing), and what
    they were read from outside the repository (the history's folder, records and past editions: model/outside.py);
    `store`: where the past editions' entries are kept (bp check's cache)."""
    definitions = result.definitions
    if definitions.rules is None:
        return [], []
    history = read_history(result.root, definitions.rules, definitions, store)
    if history is None:
        return [], []
    if history.absent is not None:
        rules_path, line, column, folder = history.absent
        return [Diagnostic(Location(_relative(rules_path, result.root), line, column), "BP052",
                           _("history: names the folder {folder}, which is not there: the since and updated of the definitions "
                             "are not held to the history of the rules (BP049); correct the path, or remove the key")
                           .format(folder=_relative(folder, result.root)), "warning")], history.read
    findings = [Diagnostic(Location(_relative(path, result.root), line, column), "BP049",
                           _("the history of the rules cannot be read: {problem}").format(problem=problem), "warning")
                for path, line, column, problem in history.problems]
    own = current_edition(definitions) or ""
    # the current edition is the definitions themselves, whatever a record of it says (but the edition before it)
    recorded = next((e for e in history.editions if e.edition == own), None)
    current = PastEdition(own, "definitions/", recorded.previous if recorded else None, frozenset(KINDS),
                          entries_of(definitions), repository=result.root)
    held = sorted([e for e in history.editions if e.edition != own] + [current], key=lambda e: e.number)
    by_edition = {e.number: e for e in held}
    for kind, item in items(definitions):
        findings += _since(kind, item, held)
        findings += _updated(kind, item, by_edition)
    return findings, history.read
