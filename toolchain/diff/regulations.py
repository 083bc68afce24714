"""Per regulation (every format + frame pair of table 3.1, and every format on its own): the actions,
characters, fog entries and trumps that enter or leave it, with counts. What a regulation holds is
what its action list shows (toolchain.actionlist's selection), so the diff and the printed lists
agree by construction."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import model as m
from ..actionlist.selection import Selection, select
from ..actionlist.view import ActionList, Entry, build_view

# The groups a regulation is counted in: the list entries' kinds that belong to each.
GROUPS: dict[str, tuple[str, ...]] = {
    "actions": ("action", "frame-action"),
    "characters": ("character", "frame-character"),
    "fog": ("fog", "frame-fog"),
    "trumps": ("trump",),
}


@dataclass(frozen=True)
class Member:
    anchor: str
    name: str


@dataclass(frozen=True)
class GroupChange:
    group: str  # actions, characters, fog, trumps
    before: int | None  # count; None when the regulation does not exist on that side
    after: int | None
    entered: tuple[Member, ...]
    left: tuple[Member, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"group": self.group, "before": self.before, "after": self.after,
                "entered": [m.__dict__ for m in self.entered], "left": [m.__dict__ for m in self.left]}


@dataclass(frozen=True)
class RegulationChange:
    format: str  # format id
    frame: str | None  # frame id; None: the format's own list (no frame)
    title: str  # `プロ + ストラテジー`, `ライト`
    change: str  # added (table 3.1 now allows it), removed, changed
    groups: tuple[GroupChange, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"format": self.format, "frame": self.frame, "title": self.title, "change": self.change,
                "groups": [g.as_dict() for g in self.groups]}


def _regulations(defs: m.Definitions) -> list[tuple[str, str | None]]:
    pairs: list[tuple[str, str | None]] = []
    for fmt in defs.formats:
        pairs.append((fmt.id, None))
        pairs.extend((fmt.id, frame.id) for frame in defs.frames if defs.is_legal(fmt.id, frame.id))
    return pairs


def _members(defs: m.Definitions, view: ActionList, fmt: str, frame: str | None) -> Members | None:
    """The regulation's entries by group (anchor → member), or None when it does not exist."""
    if defs.format(fmt) is None or (frame is not None and not defs.is_legal(fmt, frame)):
        return None
    selection: Selection = select(defs, fmt, frame or "none")
    groups: Members = {group: {} for group in GROUPS}
    for entry in view.only(selection).entries:
        for group, kinds in GROUPS.items():
            if entry.kind in kinds:
                groups[group][entry.anchor] = _member(entry)
    return groups


def _member(entry: Entry) -> Member:
    return Member(entry.anchor, entry.name)


def _title(defs: m.Definitions, fmt: str, frame: str | None) -> str:
    found_format, found_frame = defs.format(fmt), defs.frame(frame) if frame else None
    parts = [found_format.name if found_format else fmt]
    if frame:
        parts.append(found_frame.name if found_frame else frame)
    return " + ".join(parts)


def compare_regulations(old: m.Definitions, new: m.Definitions,
                        views: tuple[ActionList, ActionList] | None = None) -> list[RegulationChange]:
    """The regulations whose entries differ, in the new table's order, then those that are gone. `views`:
    both sides' lists (build_view), when the caller has them already."""
    old_view, new_view = views or (build_view(old), build_view(new))
    now = _regulations(new)
    pairs = now + [pair for pair in _regulations(old) if pair not in now]
    changes: list[RegulationChange] = []
    for fmt, frame in pairs:
        before, after = _members(old, old_view, fmt, frame), _members(new, new_view, fmt, frame)
        groups = tuple(_group_changes(before, after))
        if before is not None and after is not None and not any(g.entered or g.left for g in groups):
            continue
        change = "added" if before is None else "removed" if after is None else "changed"
        changes.append(RegulationChange(fmt, frame, _title(new if after is not None else old, fmt, frame), change, groups))
    return changes


Members = dict[str, dict[str, Member]]  # group → anchor → member


def _group_changes(before: Members | None, after: Members | None) -> Iterable[GroupChange]:
    for group in GROUPS:
        old = before[group] if before is not None else {}
        new = after[group] if after is not None else {}
        entered = tuple(member for anchor, member in new.items() if anchor not in old)
        left = tuple(member for anchor, member in old.items() if anchor not in new)
        if entered or left or (before is None) != (after is None):
            counts = (len(old) if before is not None else None, len(new) if after is not None else None)
            yield GroupChange(group, *counts, entered, left)
