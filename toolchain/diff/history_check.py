"""History kept honest (BP029): a definition whose rules changed since the last tagged edition must
list the current edition (rules.yaml `edition.id`) in its `updated`; one that is new must have it
as its `since` (or in `updated`). An entry that returns from an earlier edition (absent from the
last one, its `since` older) keeps its `since` — its history — and lists the edition in `updated`."""

from __future__ import annotations

from collections.abc import Iterable

from .. import model as m
from ..diagnostics import Diagnostic, Location
from ..i18n import _
from ..model.history import changed_in_current_edition, current_edition, has_history, new_in_current_edition
from .changes import KIND_ITEMS, DefinitionChange

CODE = "BP029"
# Not in the older revision: an added definition, and one that returns (再録: its since older than that
# revision's edition, as diff.changes tells them apart).
NEW = ("added", "returned")


def _item(definitions: m.Definitions, change: DefinitionChange) -> object | None:
    items = KIND_ITEMS.get(change.kind)
    return next((item for item in items(definitions) if item.id == change.id), None) if items else None


def _location(source: m.Source, keys: tuple[str, ...] = ("updated", "since", "id")) -> Location:
    for key in keys:
        if source.has(key):
            return source.location(key, key=True)
    return source.location()


def history_findings(changes: Iterable[DefinitionChange], definitions: m.Definitions, base: str) -> list[Diagnostic]:
    """The definitions of `definitions` (the newer side) whose version history does not say that
    they changed since `base` (the older revision's name, for the message)."""
    edition = current_edition(definitions)
    if edition is None:
        return []
    found: list[Diagnostic] = []
    for change in changes:
        item = _item(definitions, change)
        if change.change == "removed" or item is None or not has_history(item) or not change.rules_changed:
            continue
        if changed_in_current_edition(item, definitions) or new_in_current_edition(item, definitions):
            continue
        missing = _("its updated does not list {edition}").format(edition=edition)
        if change.change == "returned":  # back from an earlier edition: its since is its history, which `since: v9.0` would erase
            since = item.since  # type: ignore[attr-defined]
            message = _("{title} is not in {base} and its since, {since}, is older: if it returns from an earlier edition, "
                        "keep its since and add {edition} to updated; if it is new, set since: {edition}").format(
                title=change.title, base=base, since=since, edition=edition)
        elif change.change == "added":
            since = item.since or _("not set")  # type: ignore[attr-defined]
            message = _("{title} is new since {base} but its since is {since} and {missing}: set since: {edition}").format(
                title=change.title, base=base, since=since, missing=missing, edition=edition)
        else:
            what = ", ".join(_changed_items(change))
            message = _("{title} changed since {base} ({what}) but {missing}: add {edition} to updated").format(
                title=change.title, base=base, what=what, missing=missing, edition=edition)
        # a new definition's fix is its since (a copied one brings an updated along; a returning one's since says it returns)
        keys = ("since", "updated", "id") if change.change in NEW else ("updated", "since", "id")
        found.append(Diagnostic(_location(item.source, keys), CODE, message))  # type: ignore[attr-defined]
    return found


def _changed_items(change: DefinitionChange) -> list[str]:
    items = [_("name {old} → {new}").format(old=change.old_name, new=change.name)] if change.renamed else []
    items.extend(f.item for f in change.fields if f.rules)
    return list(dict.fromkeys(items))
