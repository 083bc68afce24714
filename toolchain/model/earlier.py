"""Definitions written for an earlier toolchain, read as today's.

The shape of the definitions changed when the vocabularies moved into rules.yaml: rules.yaml states its
`display`, its `target_kinds` and where each zone is drawn (`figure`); a frame action that belongs to a
trump names its `group` too; the trump zone is `trump` in situations and programs, no longer `trumps`.
A repository written before that — and the last tag of any repository, which a rules editor's first
`bp diff` after upgrading compares with — is read with what it lacks filled in and the old ids renamed,
as earlier.yaml says. Each thing filled in or renamed is a problem of the document (BP039) that says
what to write: bp check reports it, bp diff reads past it (diff/__init__.py).

    doc = upgraded("rules", doc)    # the document as today's shape has it, with a BP039 problem for each change
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ..i18n import _
from . import effect_language as lang
from .yamlload import Document, LoadProblem, Mark, Path_

CODE = "BP039"
_DATA = Path(__file__).with_name("earlier.yaml")
# The sides of a situation (an example's given and expect, a trump's image): each maps zone ids to cards.
_SIDES = ("you", "opponent")


@cache
def _earlier() -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's where PyYAML has it: every bp check reads this
    with _DATA.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=loader)  # a safe loader


def _flow(value: object) -> str:
    """A value as it is written in the definitions: one line of YAML's flow style."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10_000).strip()
    return text.removesuffix("\n...")  # a scalar alone is dumped as a document, its end marked


def _kinds(kind: object) -> Iterator[lang.Field]:
    """Every field of a kind of the effect language, nested ones too."""
    if isinstance(kind, lang.Record):
        for field in kind.fields:
            yield field
            yield from _kinds(field.kind)
    for child in (getattr(kind, "item", None), getattr(kind, "value", None), *(getattr(kind, "kinds", ()) or ()),
                  *(getattr(kind, "items", ()) or ())):
        if child is not None:
            yield from _kinds(child)


@cache
def zone_keys() -> frozenset[str]:
    """The keys of a program whose value is a zone: the forms that take one (`zone`, `shuffle`) and the fields
    that are one (`to`, `from`), as the effect language states them."""
    keys = set()
    for family in lang.FAMILIES:
        for form in family.forms:
            if form.argument == lang.ZONE:
                keys.add(form.name)
            keys.update(option.name for option in form.options if option.kind == lang.ZONE)
    for kind in lang.KINDS.values():
        keys.update(field.name for field in _kinds(kind) if field.kind == lang.ZONE)
    return frozenset(keys)


class _Upgrade:
    """One document's upgrade: its data copied and changed, its marks moved along, a problem for each change."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.data = copy.deepcopy(doc.data)
        self.values, self.keys = dict(doc.values), dict(doc.keys)
        self.problems: list[LoadProblem] = []

    def said(self, mark: Mark, message: str) -> None:
        self.problems.append(LoadProblem(CODE, message, mark))

    def rename_key(self, path: Path_, old: str, new: str) -> None:
        """The key `old` of the mapping at `path` becomes `new` (the marks of what is under it follow)."""
        mapping = self._at(path)
        entries = list(mapping.items())
        mapping.clear()
        mapping.update((new if key == old else key, value) for key, value in entries)  # in the order written
        before, after = (*path, old), (*path, new)
        for marks in (self.values, self.keys):
            for place in [place for place in marks if place[:len(before)] == before]:
                marks[after + place[len(before):]] = marks.pop(place)

    def _at(self, path: Path_) -> Any:
        node = self.data
        for part in path:
            node = node[part]
        return node

    def result(self) -> Document:
        if not self.problems:
            return self.doc
        return replace(self.doc, data=self.data, values=self.values, keys=self.keys,
                       problems=[*self.doc.problems, *self.problems])


def upgraded(kind: str, doc: Document) -> Document:
    """The document of a definitions file of `kind` (repository.KINDS' names) in today's shape."""
    if doc.data is None or not _may_upgrade(kind, doc.data):
        return doc  # as today's already: not copied (bp check reads every file through here on every run)
    upgrade = _Upgrade(doc)
    if kind == "rules" and isinstance(upgrade.data, dict):
        _rules(upgrade)
    elif isinstance(upgrade.data, list):
        for index, item in enumerate(upgrade.data):
            if isinstance(item, dict):
                if kind == "frame-actions":
                    _group(upgrade, index, item)
                _zones_renamed(upgrade, (index,), item, in_program=False)
    return upgrade.result()


def _may_upgrade(kind: str, data: Any) -> bool:
    """Whether upgrading could change the data: a key rules.yaml lacks (or a word its prompts or policy lack) or a
    zone without its figure, a frame action of a trump without its group, or a renamed zone's old id written anywhere
    (as a key or a value)."""
    earlier = _earlier()
    if kind == "rules" and isinstance(data, dict):
        zones = data.get("zones")
        return any(key not in data for key in earlier["rules"]) or any(
            isinstance(data.get(key), dict) and any(name not in data[key] for name in values)
            for key, values in earlier["rules_keys"].items()) or any(
            isinstance(zone, dict) and "figure" not in zone and earlier["zone_figures"].get(zone.get("id")) is not None
            for zone in (zones if isinstance(zones, list) else ()))
    if not isinstance(data, list):
        return False
    if kind == "frame-actions" and any(isinstance(item, dict) and "trump" in item and "group" not in item for item in data):
        return True
    renamed = earlier["renamed_zones"]
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if any(key in renamed for key in node):
                return True
            stack += node.values()
        elif isinstance(node, list):
            stack += node
        elif isinstance(node, str) and node in renamed:
            return True
    return False


def _rules(upgrade: _Upgrade) -> None:
    earlier = _earlier()
    for key, value in earlier["rules"].items():
        if key not in upgrade.data:
            upgrade.data[key] = copy.deepcopy(value)
            upgrade.said(upgrade.doc.mark(()),
                         _("rules.yaml has no {key}, which it states since the vocabularies moved into it: read as "
                           "{key}: {value}; write that in rules.yaml").format(key=key, value=_flow(value)))
    for key, values in earlier["rules_keys"].items():
        mapping = upgrade.data.get(key)
        for name, value in values.items() if isinstance(mapping, dict) else ():
            if name not in mapping:
                mapping[name] = copy.deepcopy(value)
                upgrade.said(upgrade.doc.mark((key,)),
                             _("rules.yaml's {key} has no {name}, which the simulator needs since it moved into the "
                               "edition's data: read as {name}: {value}; write that in {key}").format(
                                 key=key, name=name, value=_flow(value)))
    zones = upgrade.data.get("zones")
    for index, zone in enumerate(zones if isinstance(zones, list) else ()):
        figure = earlier["zone_figures"].get(zone.get("id")) if isinstance(zone, dict) else None
        if figure is not None and "figure" not in zone:
            zone["figure"] = copy.deepcopy(figure)
            upgrade.said(upgrade.doc.mark(("zones", index)),
                         _("the zone {zone} has no figure, where the drawings put it: read as figure: {figure}; "
                           "write that in the zone").format(zone=zone["id"], figure=_flow(figure)))


def _group(upgrade: _Upgrade, index: int, item: dict[str, Any]) -> None:
    if "trump" in item and "group" not in item:
        group = _earlier()["trump_action_group"]
        item["group"] = group
        upgrade.said(upgrade.doc.key_mark((index, "trump")),
                     _("{action} belongs to a trump but names no group, which every frame action names now: read as "
                       "group: {group}; write group: {group} beside its trump").format(
                         action=item.get("id", _("the frame action")), group=group))


def _zones_renamed(upgrade: _Upgrade, path: Path_, node: Any, in_program: bool) -> None:
    """The renamed zones' old ids, where a zone is named: a side's keys, and a program's zone values."""
    renamed: dict[str, str] = _earlier()["renamed_zones"]
    if isinstance(node, list):
        for index, item in enumerate(node):
            _zones_renamed(upgrade, (*path, index), item, in_program)
        return
    if not isinstance(node, dict):
        return
    for key in list(node):
        value = node[key]
        if in_program and key in zone_keys() and isinstance(value, str) and value in renamed:
            node[key] = renamed[value]
            upgrade.said(upgrade.doc.mark((*path, key)), _renamed(value, renamed[value]))
        elif key in _SIDES and isinstance(value, dict):
            for zone in [zone for zone in value if zone in renamed]:
                upgrade.said(upgrade.doc.key_mark((*path, key, zone)), _renamed(zone, renamed[zone]))
                upgrade.rename_key((*path, key), zone, renamed[zone])
        _zones_renamed(upgrade, (*path, key), node[key], in_program or key == "program")


def _renamed(old: str, new: str) -> str:
    return _("'{old}' is the former id of the zone {new}: read as {new}; write {new}").format(old=old, new=new)
