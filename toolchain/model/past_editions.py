"""The history of the rules as data: which entries each past edition had, and with which rules, so that an
entry's `since` and `updated` can be held to it (checks/since_history.py, BP049).

A rules repository names its history folder in rules.yaml (`history: history`, relative to the repository). The
folder holds one file per edition (`v7.0.yaml`), each either

- a record of upstream's data for that edition: where it came from, which kinds it lists whole (`covers`), and
  its entries by kind (`{id, name, upstream}`: this project's id where it has one, upstream's name and id); or
- a rules repository of this project that holds the edition (`repository: ../editions/v9.1.1`, relative to the
  folder): its entries and their rules are read from its definitions.

`previous` names the edition just before it, so that an `updated` is compared only with the edition it updated.
A record that lists only part of its edition says `covers: []`: what it lacks says nothing.

A past edition's entries are read from its whole repository, checked as bp check would (a record may name any
repository): with a `store`, they are kept by the digest of its definitions' bytes and the schemas
(model/outside.py), and loaded again only when one of them changed. What the history read is listed in
`History.read`, so that a check's kept result is given only while all of it is the same.

    editions = read_history(root, rules, current, store)  # oldest first, with the problems found reading them
    held = held_editions(folder)                    # every record by its edition (bp diff v6.0 v8.1), none read yet
    record = read_record(held["v6.0"], root, current)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..resultcache import ResultCache
from . import definitions as m
from .history import edition_number, is_rules_field
from .outside import RECORD_SUFFIX, Read, definitions_sources, digest, file_digest, sources_digest
from .repository import RepositoryError
from .sources import read
from .yamlload import Document
from .yamlload import load as load_yaml

HISTORY_KEY = "history"  # the key of rules.yaml naming the folder
KINDS = ("actions", "frame_actions", "characters", "frame_characters", "fog", "frame_fog", "trumps")
# Kinds sharing one id space are one entry across editions: an action may move to the frame actions. A record of
# upstream's act.yaml covers its characters, not act-frame.yaml's (the frame characters): they are kinds of their own.
SPACE = {"actions": "actions", "frame_actions": "actions", "characters": "characters", "frame_characters": "characters",
         "fog": "fog", "frame_fog": "fog", "trumps": "trumps"}


@dataclass(frozen=True)
class PastEntry:
    id: str | None
    name: str | None
    rules: str | None = None  # the entry's rules, comparable between two records of this project's shape
    kind: str | None = None  # the kind of definition it is (KINDS), where the record says it


@dataclass
class PastEdition:
    edition: str
    source: str  # where it came from, as the record says (or the repository's folder)
    previous: str | None
    covers: frozenset[str]  # kinds listed whole: an entry of these kinds it lacks was not in the edition
    entries: dict[str, list[PastEntry]] = field(default_factory=dict)  # by id space
    repository: Path | None = None
    path: Path | None = None  # the record's file
    name: str | None = None  # the edition's name (第六版), where the record gives it

    @property
    def number(self) -> tuple[int, int, int]:
        return edition_number(self.edition) or (0, 0, 0)

    def find(self, kind: str, id_: str, name: str) -> PastEntry | None:
        """The entry this edition has for a definition: by this project's id, else by name."""
        entries = self.entries.get(SPACE.get(kind, kind), [])
        return next((e for e in entries if e.id == id_), None) or next((e for e in entries if name and e.name == name), None)


@dataclass
class History:
    editions: list[PastEdition]
    problems: list[tuple[Path, int, int, str]]  # file, line, column, what is wrong
    absent: tuple[Path, int, int, Path] | None = None  # rules.yaml, line, column of a folder named that is not there
    read: list[Read] = field(default_factory=list)  # the folder, the records and the past editions read, by digest


def items(definitions: m.Definitions) -> Iterator[tuple[str, Any]]:
    framed = {id(character) for character in definitions.frame_characters}  # listed once, as frame characters
    for kind in KINDS:
        for item in getattr(definitions, kind):
            if kind != "characters" or id(item) not in framed:
                yield kind, item


def rules_of(item: Any) -> str:
    """The entry's rules as one comparable text: every field that is a rule (model/history.py), as written."""
    data: Any = item.source.doc.data
    for part in item.source.base:
        data = data[part]
    return json.dumps({k: v for k, v in data.items() if is_rules_field(k)}, ensure_ascii=False, sort_keys=True)


def entries_of(definitions: m.Definitions) -> dict[str, list[PastEntry]]:
    entries: dict[str, list[PastEntry]] = {}
    for kind, item in items(definitions):
        entries.setdefault(SPACE[kind], []).append(PastEntry(item.id, item.name, rules_of(item), kind))
    return entries


def _record(path: Path, data: dict[str, Any]) -> PastEdition:
    entries: dict[str, list[PastEntry]] = {}
    for kind, listed in (data.get("entries") or {}).items():
        entries.setdefault(SPACE.get(kind, kind), []).extend(
            PastEntry(e.get("id"), e.get("name"), None, kind) for e in listed or [] if isinstance(e, dict))
    name = data.get("name")
    return PastEdition(str(data["edition"]), str(data.get("source", path.name)), data.get("previous"),
                       frozenset(data.get("covers", KINDS if data.get("repository") else ())), entries, path=path,
                       name=str(name) if name else None)


def history_folder(root: Path, rules: m.Rules) -> tuple[Path, tuple[int, int]] | None:
    """The folder rules.yaml names, and where it names it."""
    named = rules.source.doc.data.get(HISTORY_KEY) if isinstance(rules.source.doc.data, dict) else None
    if not isinstance(named, str):
        return None
    mark = rules.source.doc.mark((HISTORY_KEY,))
    return (root / named).resolve(), (mark.line, mark.column)


def history_folder_of(root: Path) -> Path | None:
    """The history folder a repository's rules.yaml names, read without loading the definitions (bp diff); None when
    it names none."""
    doc = load_yaml(root / "definitions" / "rules.yaml")
    named = doc.data.get(HISTORY_KEY) if isinstance(doc.data, dict) else None
    return (root / named).resolve() if isinstance(named, str) else None


def held_editions(folder: Path) -> dict[str, Path]:
    """Every record of the folder by the edition it names (v6.0), oldest first; unreadable records left out (bp check
    says what is wrong with them)."""
    held: list[tuple[tuple[int, int, int], str, Path]] = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        doc = load_yaml(path)
        edition = str(doc.data.get("edition")) if isinstance(doc.data, dict) else ""
        number = edition_number(edition)
        if not doc.problems and number is not None:
            held.append((number, edition, path))
    return {edition: path for _number, edition, path in sorted(held)}


def read_record(path: Path, root: Path, current: m.Definitions | None, history: History,
                doc: Document | None = None, store: ResultCache | None = None) -> PastEdition | None:
    """One record, with its entries (a repository's read from its definitions: `current` when it is `root`, loaded
    otherwise, or kept in `store`); None, with the problem added to `history`, when it cannot be read. `doc`: the
    record's file, when the caller has parsed it already."""
    doc = load_yaml(path) if doc is None else doc
    data = doc.data
    if doc.problems or not isinstance(data, dict) or edition_number(str(data.get("edition"))) is None:
        problem = doc.problems[0] if doc.problems else None
        history.problems.append((path, problem.mark.line if problem else 1, problem.mark.column if problem else 1,
                                 problem.message if problem else "edition: vN.N"))
        return None
    record = _record(path, data)
    if data.get("repository"):
        record.repository = (path.parent / str(data["repository"])).resolve()
        record.source = str(data["repository"])
        if record.repository == root.resolve() and current is not None:
            record.entries = entries_of(current)
        else:
            try:
                record.entries = past_entries(record.repository, history, store)
            except RepositoryError as exc:  # a copy of the repository without that edition, a wrong path
                history.problems.append((path, _line_of(path, "repository:"), 1, str(exc)))
                return None
    return record


def past_entries(repository: Path, history: History, store: ResultCache | None) -> dict[str, list[PastEntry]]:
    """The entries of the repository at `repository` (absolute), from `store` when its definitions and the schemas
    are the bytes they were kept for, else loaded (and kept); what was read is added to `history.read`."""
    from .loader import load_definitions

    try:
        sources = definitions_sources(repository)
    except RepositoryError:
        history.read.append(Read("definitions", str(repository), digest("definitions", repository)))
        raise
    key = sources_digest(sources)
    history.read.append(Read("definitions", str(repository), key))
    slot = f"past-edition/{repository}"
    if store is not None:
        try:
            return _entries(store.get(slot, key))
        except (TypeError, ValueError, AttributeError):
            pass  # nothing kept, or not what this version keeps: loaded
    entries = entries_of(load_definitions(repository, sources=sources).definitions)
    if store is not None:
        store.put(slot, key, {space: [[e.id, e.name, e.rules, e.kind] for e in listed] for space, listed in entries.items()})
    return entries


def _entries(kept: object) -> dict[str, list[PastEntry]]:
    """The entries past_entries kept (TypeError, ValueError or AttributeError for anything else)."""
    def text(value: object) -> str | None:
        if value is not None and not isinstance(value, str):
            raise TypeError(value)
        return value

    if not isinstance(kept, dict):
        raise TypeError(kept)
    return {str(space): [PastEntry(text(id_), text(name), text(rules), text(kind)) for id_, name, rules, kind in rows]
            for space, rows in kept.items()}


def read_history(root: Path, rules: m.Rules, current: m.Definitions, store: ResultCache | None = None) -> History | None:
    """Every edition of the history folder up to the current one, oldest first. None when rules.yaml names no
    history; no edition, and where it is named (`absent`), when it names a folder that is not there. `store`: where
    the past editions' entries are kept (bp check's cache)."""
    named = history_folder(root, rules)
    if named is None:
        return None
    folder, (line, column) = named
    rules_path = root / "definitions" / "rules.yaml"
    listed = [Read("folder", str(folder), digest("folder", folder))]
    if not folder.exists():  # a misspelt folder, or a copy made without it: nothing to hold to, which is said once
        return History([], [], absent=(rules_path, line, column, folder), read=listed)
    if not folder.is_dir():
        return History([], [(rules_path, line, column, str(folder))], read=listed)
    history = History([], [], read=listed)
    upto = edition_number(str(rules.edition.get("id"))) or (0, 0, 0)
    for path in sorted(folder.glob(RECORD_SUFFIX)):
        raw = read(path)
        history.read.append(Read("file", str(path), file_digest(raw)))
        doc = load_yaml(path, raw)
        number = edition_number(str(doc.data.get("edition"))) if isinstance(doc.data, dict) and not doc.problems else None
        if number is not None and number > upto:
            continue  # a later edition says nothing of this one's history (and is not loaded)
        record = read_record(path, root, current, history, doc, store)
        if record is not None:
            history.editions.append(record)
    history.editions.sort(key=lambda e: e.number)
    return history


def _line_of(path: Path, key: str) -> int:
    """The line where `key` starts a line of the file (1 when it does not): where a finding about its value points."""
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        if line.startswith(key):
            return number
    return 1
