"""What changed between two loaded revisions of the rules, definition by definition (by id): added,
removed, renamed, returned (再録: absent from the older revision but introduced before it), each
changed field under its Japanese item name with a character-level diff, program changes flagged as
behaviour changes, and examples whose expected or actual outcome changed. Definitions come in the
order the lists print them: kind by kind, under the lists' group headings (categories, a frame
action's group or trump, a trump's suit).

Fields are compared as written in the YAML (every field of every kind, also ones the typed model
does not carry), and shown with their rules.yaml item names (`effect` → 効果).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import yaml

from .. import model as m
from ..checks import Checked
from ..model.display import LISTINGS, grouped_definitions
from ..model.history import current_edition, introduced_before, is_rules_field
from .textdiff import Segment, char_diff
from .values import display

Change = Literal["added", "removed", "changed", "returned"]

# The kinds of definition (model/repository.py KINDS), in the rulebook's order, with their items.
KIND_ITEMS: dict[str, Callable[[m.Definitions], Sequence[Any]]] = {
    "formats": lambda d: d.formats,
    "actions": lambda d: d.actions,
    "characters": lambda d: d.characters,
    "fog": lambda d: d.fog,
    "frames": lambda d: d.frames,
    "frame-actions": lambda d: d.frame_actions,
    "frame-fog": lambda d: d.frame_fog,
    "trumps": lambda d: d.trumps,
    "rulings": lambda d: d.rulings,
}
RULES = "rules"  # rules.yaml: one definition whose fields are its top-level keys
RULINGS = "rulings"  # definitions/rulings.yaml: questions with examples, reported beside the definitions
_WITH_EXAMPLES = ("actions", "frame-actions", RULINGS)

# A field whose rules.yaml item id is not its own name (with `_` as `-`).
_FIELD_ITEMS = {"category": "type", "type": "type"}
PROGRAM = "program"
KEYCARDS = "keycards"
EXAMPLES = "examples"
_NOT_FIELDS = ("id", "name", EXAMPLES)  # compared on their own: identity, rename, examples


@dataclass(frozen=True)
class FieldChange:
    field: str  # the key, dotted below a mapping: effect, target.text, flavor.speaker
    item: str  # its Japanese item name (効果, 対象 (text)); the key itself for fields the rulebook does not print
    old: str | None  # the value as shown (names for ids), None when absent
    new: str | None
    segments: tuple[Segment, ...]  # character-level diff of old → new

    @property
    def top(self) -> str:
        return self.field.split(".", 1)[0]

    @property
    def behaviour(self) -> bool:
        """A change of the program: the simulator plays the action differently."""
        return self.top == PROGRAM

    @property
    def rules(self) -> bool:
        """A change of the rules a player plays by (not lore, versions, program or examples)."""
        return is_rules_field(self.top)

    def as_dict(self) -> dict[str, Any]:
        return {
            "field": self.field, "item": self.item, "old": self.old, "new": self.new,
            "behaviour": self.behaviour, "rules": self.rules, "segments": [s.as_dict() for s in self.segments],
        }


ExampleStatus = Literal["passed", "failed", "blocked", "not run"]


@dataclass(frozen=True)
class ExampleChange:
    name: str
    change: Change | Literal["outcome"]  # outcome: same example, another result
    parts: tuple[str, ...]  # the keys of the example that changed (given, request, expect, …)
    before: ExampleStatus | None
    after: ExampleStatus | None

    @property
    def outcome_changed(self) -> bool:
        """Its expected situation or its result differs."""
        return "expect" in self.parts or (self.before is not None and self.after is not None and self.before != self.after)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "change": self.change, "parts": list(self.parts), "before": self.before, "after": self.after,
                "outcome_changed": self.outcome_changed}


@dataclass(frozen=True)
class LastPrinted:
    """The revision that last held a returning definition (the one it is compared with)."""

    commit: str
    edition: str | None  # 第7版, from that revision's rules.yaml
    edition_id: str | None

    @property
    def label(self) -> str:
        """`第7版 (3f2a1c9)`."""
        return f"{self.edition} ({self.commit[:7]})" if self.edition else self.commit[:7]

    def as_dict(self) -> dict[str, Any]:
        return {"commit": self.commit, "edition": self.edition, "edition_id": self.edition_id, "label": self.label}


@dataclass(frozen=True)
class DefinitionChange:
    kind: str  # repository kind: actions, characters, …, formats, rules
    id: str
    name: str  # the name now (the old one for a removed definition)
    change: Change
    old_name: str | None = None  # set when renamed
    category: str | None = None  # shown in parentheses after the name (召喚, 兵士, 速攻魔法)
    anchor: str | None = None  # the rulebook's label (act-kill)
    source: m.Source | None = field(default=None, compare=False, repr=False)  # where it is written (the new side when it exists)
    fields: tuple[FieldChange, ...] = ()
    examples: tuple[ExampleChange, ...] = ()
    listing: str | None = None  # the list it is printed in (アクションリスト); None for rules.yaml and formats
    group: str | None = None  # its group heading in that list (速攻魔法, パック, the trump it belongs to)
    # a returning definition: the revision it was last printed in, whose version `fields` compare with
    # (None: git has no revision holding it, and its fields are all new)
    last_printed: LastPrinted | None = None
    concerns: tuple[str, ...] = ()  # a ruling's: the labels of the definitions it concerns, before and after

    @property
    def renamed(self) -> bool:
        return self.old_name is not None

    @property
    def new(self) -> bool:
        """Added, or returned without a printed version to compare with: every field is new."""
        return self.change == "added" or (self.change == "returned" and self.last_printed is None)

    @property
    def behaviour(self) -> bool:
        """An existing definition whose program changed: the simulator plays it differently."""
        return self.change == "changed" and any(f.behaviour for f in self.fields)

    @property
    def rules_changed(self) -> bool:
        """Whether players see a change: it came, went, was renamed or a rules field changed."""
        return self.change != "changed" or self.renamed or any(f.rules for f in self.fields)

    @property
    def outcome_changed(self) -> bool:
        """An example whose expected situation or result changed (for a ruling: its answer as the engine plays it)."""
        return any(e.outcome_changed for e in self.examples)

    @property
    def title(self) -> str:
        """`キル (召喚)`, as the rulebook heads the entry."""
        return f"{self.name} ({self.category})" if self.category else self.name

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "id": self.id, "name": self.name, "change": self.change, "old_name": self.old_name,
            "renamed": self.renamed, "category": self.category, "anchor": self.anchor, "behaviour": self.behaviour,
            "rules_changed": self.rules_changed, "outcome_changed": self.outcome_changed, "concerns": list(self.concerns),
            "fields": [f.as_dict() for f in self.fields],
            "examples": [e.as_dict() for e in self.examples], "listing": self.listing, "group": self.group,
            "last_printed": self.last_printed.as_dict() if self.last_printed else None,
        }


def raw_of(source: m.Source) -> Any:
    """The definition's data as written in its YAML file."""
    data = source.doc.data
    for key in source.base:
        data = data[key]
    return data


def item_name(defs: m.Definitions, key: str) -> str:
    """The Japanese item name of a field (rules.yaml `items:`), or the field itself when the
    rulebook prints no such item (`program`, `summons`)."""
    item = _FIELD_ITEMS.get(key, key.replace("_", "-"))
    items = defs.rules.vocabulary("items") if defs.rules else m.Vocabulary(())
    return items.name(item) if item in items else key


def compare(old: Checked, new: Checked) -> list[DefinitionChange]:
    """Every definition that differs: rules.yaml, then kind by kind in the rulebook's order, each kind
    in the order its list prints it (`in_list_order`). A definition absent from the older revision
    whose `since` is older than that revision's edition has returned (再録); `returning.py` looks
    for its last printed version."""
    changes: list[DefinitionChange] = []
    rules = _compare_rules(old.definitions, new.definitions)
    if rules:
        changes.append(rules)
    before_outcomes, after_outcomes = _statuses(old), _statuses(new)
    base_edition = current_edition(old.definitions)
    for kind, items_of in KIND_ITEMS.items():
        before = _by_id(items_of(old.definitions))
        after = _by_id(items_of(new.definitions))
        found: list[DefinitionChange] = []
        for id_, item in after.items():
            previous = before.get(id_)
            change = _compare_item(kind, old.definitions, new.definitions, previous, item, before_outcomes, after_outcomes)
            if change and previous is None and introduced_before(item, base_edition):
                change = replace(change, change="returned")
            if change:
                found.append(change)
        for id_, item in before.items():
            if id_ not in after:
                found.append(_compare_item(kind, old.definitions, new.definitions, item, None, before_outcomes, after_outcomes))
        ordered = in_list_order(kind, found, old.definitions, new.definitions)
        if kind == RULINGS:  # not in a list: under their own heading (裁定), in the file's order
            ordered = [replace(c, listing=item_name(new.definitions, "ruling")) for c in ordered]
        changes.extend(ordered)
    return changes


def compare_returning(change: DefinitionChange, printed: LastPrinted, last: m.Definitions, new: Checked) -> DefinitionChange:
    """A returning definition compared with its last printed version (in `last`, that revision's definitions)."""
    item = next(item for item in KIND_ITEMS[change.kind](last) if item.id == change.id)
    current = next(item for item in KIND_ITEMS[change.kind](new.definitions) if item.id == change.id)
    # that revision's examples were not run: examples are compared by what they say, not by how they ran
    statuses = _statuses(new)
    compared = _compare_item(change.kind, last, new.definitions, item, current, statuses, statuses)
    if compared is None:  # just as it was printed
        return replace(change, fields=(), examples=(), last_printed=printed)
    return replace(compared, change="returned", last_printed=printed, listing=change.listing, group=change.group)


# -- the lists' order ---------------------------------------------------------------------------------

Place = tuple[int, int, str | None, str | None]  # (group's index, index in the group, group key, group title)


def _places(defs: m.Definitions, kind: str) -> dict[str, Place]:
    """Where each definition of a kind stands in its list, by id (none for a kind without a list)."""
    listing = next((listing for listing in LISTINGS if listing.key == kind), None)
    if listing is None:
        return {}
    try:
        groups = grouped_definitions(defs, listing)
    except (ValueError, AttributeError):  # a trump whose keycards do not parse (BP024): the file's order, no groups
        return {}
    places: dict[str, Place] = {}
    for group_index, (group, members) in enumerate(groups):
        for index, member in enumerate(members):
            places.setdefault(member.id, (group_index, index, group.key if group else None, group.title if group else None))
    return places


def in_list_order(kind: str, changes: list[DefinitionChange], old: m.Definitions, new: m.Definitions) -> list[DefinitionChange]:
    """The changes of one kind as its list prints them, each with its list and group heading: under
    the newer list's groups, in their order; a removed definition at the end of its group (or of the
    list, in its old group, when that group is gone)."""
    listing = next((listing for listing in LISTINGS if listing.key == kind), None)
    if listing is None:
        return changes
    before, after = _places(old, kind), _places(new, kind)
    groups_now = {place[2]: place[0] for place in after.values()}
    groups_before = {place[2]: place[0] for place in before.values()}

    def order(indexed: tuple[int, DefinitionChange]) -> tuple[int, ...]:
        index, change = indexed
        if change.id in after and change.change != "removed":
            group, position, _, _ = after[change.id]
            return (group, 0, position)
        if change.id in before:
            group, position, key, _ = before[change.id]
            if key in groups_now:
                return (groups_now[key], 1, position)
            return (len(groups_now) + groups_before.get(key, group), 1, position)
        return (len(groups_now) + len(groups_before), 2, index)

    placed = []
    for _, change in sorted(enumerate(changes), key=order):
        place = after.get(change.id) if change.change != "removed" else before.get(change.id)
        placed.append(replace(change, listing=listing.title, group=place[3] if place else None))
    return placed


def _by_id(items: Iterable[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in items:
        found.setdefault(item.id, item)  # a duplicate id is bp check's finding; the first one counts
    return found


def _category(defs: m.Definitions, kind: str, item: Any) -> str | None:
    if kind in ("actions", "frame-actions", "fog", "frame-fog"):
        return defs.name_of("categories", item.category)
    if kind == "characters":
        return defs.name_of("character_types", item.type)
    if kind == "trumps":
        return defs.name_of("trump_categories", item.category)
    return None


# (the action's or ruling's label, example name) → how it ran; None: no example of that revision ran (its
# definitions have errors the examples would fail behind), so how each would have run is unknown, not changed
Statuses = dict[tuple[str, str], ExampleStatus] | None


def _compare_item(kind: str, old_defs: m.Definitions, new_defs: m.Definitions, old: Any, new: Any,
                  before: Statuses, after: Statuses) -> DefinitionChange | None:
    current, defs = (new, new_defs) if new is not None else (old, old_defs)
    old_raw = raw_of(old.source) if old is not None else {}
    new_raw = raw_of(new.source) if new is not None else {}
    keycards = (_keycards(old_defs, old), _keycards(new_defs, new))
    fields = tuple(_field_changes(old_defs, new_defs, old_raw, new_raw, {KEYCARDS: keycards}))
    has_examples = kind in _WITH_EXAMPLES
    examples = tuple(_example_changes(current.anchor, old_raw, new_raw, before, after)) if has_examples else ()
    renamed = old is not None and new is not None and old.name != new.name
    if old is not None and new is not None and not (fields or examples or renamed):
        return None
    return DefinitionChange(
        kind=kind, id=current.id, name=current.name,
        change="added" if old is None else "removed" if new is None else "changed",
        old_name=old.name if renamed else None,
        category=_category(defs, kind, current),
        anchor=getattr(current, "anchor", None),
        source=current.source,
        fields=fields, examples=examples,
        concerns=tuple(dict.fromkeys(str(a) for raw in (new_raw, old_raw) for a in raw.get("concerns") or ())) if kind == RULINGS else (),
    )


def labelled_kinds(*definitions: m.Definitions) -> dict[str, str]:
    """Every definition's label → its kind (actions, frame-actions, …), in any of the revisions."""
    return {item.anchor: kind for defs in definitions for kind, items in KIND_ITEMS.items() if kind not in ("formats", RULINGS)
            for item in items(defs)}


def _compare_rules(old: m.Definitions, new: m.Definitions) -> DefinitionChange | None:
    if old.rules is None or new.rules is None:
        return None
    fields = tuple(_field_changes(old, new, raw_of(old.rules.source), raw_of(new.rules.source)))
    if not fields:
        return None
    return DefinitionChange(kind=RULES, id=RULES, name=f"{new.rules.source.path}", change="changed",
                            source=new.rules.source, fields=fields)


def _keycards(defs: m.Definitions, item: Any) -> str | None:
    """The item's keycards as the rulebook prints them (`♡ A〜10 を 2 枚`), from the model's parse."""
    keycards = getattr(item, KEYCARDS, None)
    if not keycards:
        return None
    try:
        return defs.keycards_display(keycards)
    except (ValueError, AttributeError):  # keycards that do not parse (BP024): as written
        return str(getattr(keycards, "text", keycards))


def _field_changes(old_defs: m.Definitions, new_defs: m.Definitions, old: dict, new: dict,
                   shown: dict[str, tuple[str | None, str | None]] | None = None) -> Iterable[FieldChange]:
    """`shown`: top-level fields whose values the model displays (keycards), old and new."""
    shown = shown or {}
    keys = [k for k in (*new, *(k for k in old if k not in new)) if k not in _NOT_FIELDS]
    for key in keys:
        before, after = old.get(key), new.get(key)
        if before == after:
            continue
        name = item_name(new_defs if key in new else old_defs, key)
        if key != PROGRAM and all(value is None or isinstance(value, dict) for value in (before, after)):
            # a mapping (target, size, flavor, ability, deck, start, edition): one change per key inside it
            before, after = before or {}, after or {}
            for sub in (*after, *(k for k in before if k not in after)):
                if before.get(sub) != after.get(sub):
                    # the printed words are the item itself (対象: 兵士1体を対象とする。); the other keys
                    # are what the program reads, named as the editor types them (対象 (kind): 兵士)
                    label = name if sub == "text" else f"{name} ({sub})"
                    yield _field(old_defs, new_defs, f"{key}.{sub}", label, before.get(sub), after.get(sub))
            continue
        if key in shown:
            old_text, new_text = shown[key]
            yield FieldChange(key, name, old_text, new_text, char_diff(old_text, new_text))
            continue
        yield _field(old_defs, new_defs, key, name, before, after)


def _field(old_defs: m.Definitions, new_defs: m.Definitions, path: str, item: str, before: Any, after: Any) -> FieldChange:
    old_text = _shown(old_defs, path, before)
    new_text = _shown(new_defs, path, after)
    return FieldChange(path, item, old_text, new_text, char_diff(old_text, new_text))


def _shown(defs: m.Definitions, path: str, value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        # one line per entry (abilities, steps, zones of rules.yaml), so the diff reads line by line
        return "\n".join(json.dumps(v, ensure_ascii=False, separators=(", ", ": ")) for v in value)
    if path.split(".", 1)[0] == PROGRAM:
        # as YAML in block style, the way the definitions write it, so its diff reads like the file
        return yaml.safe_dump(value, allow_unicode=True, sort_keys=False, default_flow_style=False, width=1000).rstrip("\n")
    return display(defs, path, value)


# -- examples -------------------------------------------------------------------------------------


def _statuses(checked: Checked) -> Statuses:
    """(the action's or ruling's label, example name) → how the example ran; examples of an action
    whose program does not compile are absent (not run). Examples are named (the schema requires it),
    the first of two with one name counts."""
    report = checked.examples
    if report is None or report.not_run:
        return None
    statuses: dict[tuple[str, str], ExampleStatus] = {}
    blocked = {(o.owner.anchor, o.name) for o in (*report.blocked, *(report.rulings.blocked if report.rulings else ()))}
    for outcome in report.outcomes:
        key = (outcome.owner.anchor, outcome.name)
        statuses.setdefault(key, "passed" if outcome.ok else "blocked" if key in blocked else "failed")
    return statuses


def _named_examples(raw: dict) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for example in raw.get(EXAMPLES) or ():
        if isinstance(example, dict):
            found.setdefault(str(example.get("name")), example)
    return found


def _example_changes(owner: str, old: dict, new: dict, before: Statuses, after: Statuses) -> Iterable[ExampleChange]:
    """The examples of one action or ruling (`owner`: its label) added, removed, changed, or run with another result."""
    old_examples, new_examples = _named_examples(old), _named_examples(new)

    def ran(statuses: Statuses, name: str) -> ExampleStatus | None:
        return None if statuses is None else statuses.get((owner, name), "not run")

    for name, example in new_examples.items():
        status = ran(after, name)
        if name not in old_examples:
            yield ExampleChange(name, "added", (), None, status)
            continue
        previous = old_examples[name]
        previous_status = ran(before, name)
        keys = (*example, *(k for k in previous if k not in example))
        parts = tuple(k for k in keys if k != "name" and example.get(k) != previous.get(k))
        if parts:
            yield ExampleChange(name, "changed", parts, previous_status, status)
        elif None not in (previous_status, status) and previous_status != status:
            yield ExampleChange(name, "outcome", (), previous_status, status)
    for name in old_examples:
        if name not in new_examples:
            yield ExampleChange(name, "removed", (), ran(before, name), None)
