"""`bp diff v6.0 v8.1`: two editions of the history of the rules (model/past_editions.py) compared by what their
records hold: which entries entered and left each kind, which were renamed, and, where both records hold rules
(a record of this project's shape), whose rules changed. A record lists only the kinds it covers, and a record of
upstream's data holds names and ids only: what cannot be compared is said, never guessed.

Either side may be an edition of the history, a git revision or (the newer side left out) the working tree; a
revision git knows is read as a revision, so `bp diff v8.0` against a tag v8.0 is unchanged.

    report = diff_past(root, "v6.0", "v8.1")   # None when both sides are git revisions: bp diff's own comparison
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import N_, _, ngettext
from ..model import definitions as m
from ..model.history import current_edition
from ..model.past_editions import (
    KINDS,
    History,
    PastEdition,
    PastEntry,
    entries_of,
    held_editions,
    history_folder_of,
    read_record,
)
from ..model.repository import RepositoryError
from .revisions import WORKING_TREE, RevisionError, materialized, resolve

# The kinds as the report names them, in KINDS' order.
KIND_NAMES = {"actions": N_("actions"), "frame_actions": N_("frame actions"), "characters": N_("characters"),
              "frame_characters": N_("frame characters"), "fog": N_("fog"), "frame_fog": N_("frame fog"), "trumps": N_("trumps")}


@dataclass(frozen=True)
class Renamed:
    id: str
    old: str
    new: str


@dataclass
class KindChanges:
    """One kind of definition between the two editions: None where a side does not cover it (not compared)."""

    kind: str
    entered: list[PastEntry] | None = None
    left: list[PastEntry] | None = None
    renamed: list[Renamed] = field(default_factory=list)
    changed: list[PastEntry] | None = None  # rules changed; None where a side holds no rules

    def as_dict(self) -> dict[str, Any]:
        def listed(entries: list[PastEntry] | None) -> list[dict[str, Any]] | None:
            return None if entries is None else [{"id": e.id, "name": e.name} for e in entries]
        return {"kind": self.kind, "entered": listed(self.entered), "left": listed(self.left),
                "renamed": [{"id": r.id, "old": r.old, "new": r.new} for r in self.renamed], "changed": listed(self.changed)}


@dataclass
class PastDiff:
    old: PastEdition
    new: PastEdition
    kinds: list[KindChanges]
    not_compared: list[str]  # what the records cannot say, one sentence each

    @property
    def empty(self) -> bool:
        return not any(k.entered or k.left or k.renamed or k.changed for k in self.kinds)

    def as_dict(self) -> dict[str, Any]:
        def side(edition: PastEdition) -> dict[str, Any]:
            return {"edition": edition.edition, "name": edition.name, "source": edition.source,
                    "covers": [kind for kind in KINDS if kind in edition.covers], "rules": holds_rules(edition)}
        return {"old": side(self.old), "new": side(self.new), "kinds": [k.as_dict() for k in self.kinds],
                "not_compared": self.not_compared}


def label(edition: PastEdition) -> str:
    """`第六版 (v6.0: BlackPoker/BlackPoker tools/actionlist/original/v6-act.yaml @ 194ad86e16061)`."""
    return f"{edition.name or edition.edition} ({edition.edition}: {edition.source})"


def holds_rules(edition: PastEdition) -> bool:
    return any(entry.rules is not None for entries in edition.entries.values() for entry in entries)


def _of_kind(edition: PastEdition, kind: str) -> list[PastEntry]:
    return [entry for entries in edition.entries.values() for entry in entries if entry.kind == kind]


def _find(entries: list[PastEntry], entry: PastEntry) -> PastEntry | None:
    """The same entry in the other edition: by this project's id, else by name."""
    return (next((e for e in entries if entry.id and e.id == entry.id), None)
            or next((e for e in entries if entry.name and e.name == entry.name), None))


def compare_editions(old: PastEdition, new: PastEdition) -> PastDiff:
    kinds: list[KindChanges] = []
    not_compared: list[str] = []
    rules = holds_rules(old) and holds_rules(new)
    for kind in KINDS:
        before, after = _of_kind(old, kind), _of_kind(new, kind)
        if not (before or after or kind in old.covers or kind in new.covers):
            continue  # neither edition has it, nor says it had none
        changes = KindChanges(kind)
        named = _(KIND_NAMES[kind])
        silent = [edition for edition, listed in ((old, before), (new, after)) if kind not in edition.covers and not listed]
        if silent:  # a record that neither lists the kind nor says it had none: nothing to say of the kind but that
            not_compared += [_("{kind}: {edition}'s record does not list them, so what entered or left is not known").format(
                kind=named, edition=edition.name or edition.edition) for edition in silent]
            continue
        # An entry entered when the older record lists its kind whole and lacks it; it left when the newer one does.
        if kind in old.covers:
            changes.entered = [e for e in after if _find(before, e) is None]
        if kind in new.covers:
            changes.left = [e for e in before if _find(after, e) is None]
        for entry in after:
            earlier = _find(before, entry)
            if earlier is not None and entry.id and earlier.id == entry.id and earlier.name != entry.name:
                changes.renamed.append(Renamed(entry.id, str(earlier.name), str(entry.name)))
        if rules:
            changes.changed = [e for e in after if (p := _find(before, e)) is not None and p.rules != e.rules]
        kinds.append(changes)
        if changes.entered is None:
            not_compared.append(_("{kind}: {edition}'s record does not list them whole, so what entered is not known").format(
                kind=named, edition=old.name or old.edition))
        if changes.left is None:
            not_compared.append(_("{kind}: {edition}'s record does not list them whole, so what left is not known").format(
                kind=named, edition=new.name or new.edition))
    for edition in (old, new):
        if not holds_rules(edition):
            not_compared.append(_("rules: {edition}'s record holds names and ids only ({source}): whose rules changed is not "
                                  "compared").format(edition=edition.name or edition.edition, source=edition.source))
    return PastDiff(old, new, kinds, not_compared)


class PastSides:
    """The history folder of a repository and what its records hold, read as they are needed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = history_folder_of(root) if (root / "definitions" / "rules.yaml").is_file() else None
        self.held = held_editions(self.folder) if self.folder is not None else {}
        self._current: m.Definitions | None = None

    def current(self) -> m.Definitions:
        if self._current is None:
            self._current = _definitions(self.root)
        return self._current

    def record(self, edition: str) -> PastEdition:
        history = History([], [])
        current = self.current() if _names_root(self.held[edition], self.root) else None
        record = read_record(self.held[edition], self.root, current, history)
        if record is None:
            path, line, column, problem = history.problems[0]
            raise RevisionError(f"{path}:{line}:{column}: {problem}")
        if record.repository is not None:  # said from where bp diff runs, not from the history folder
            record.source = _("this repository") if record.repository == self.root.resolve() else _shown(record.repository)
        return record

    def unknown(self, spec: str, git_said: RevisionError) -> RevisionError:
        if not self.held:
            return git_said
        return RevisionError(ngettext(
            "unknown revision or edition '{spec}': name a commit, a branch, a tag or the edition of the history ({editions})",
            "unknown revision or edition '{spec}': name a commit, a branch, a tag or an edition of the history ({editions})",
            len(self.held)).format(spec=spec, editions=", ".join(self.held)))


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _names_root(path: Path, root: Path) -> bool:
    """Whether a record is the repository itself (`repository: ..`): its entries are the working tree's."""
    from ..model.yamlload import load

    data = load(path).data
    named = data.get("repository") if isinstance(data, dict) else None
    return isinstance(named, str) and (path.parent / named).resolve() == root.resolve()


def _definitions(tree: Path) -> m.Definitions:
    from ..model.loader import load_definitions

    try:
        return load_definitions(tree).definitions
    except RepositoryError as exc:
        raise RevisionError(str(exc)) from exc


def _as_edition(definitions: m.Definitions, source: str) -> PastEdition:
    """A revision's or the working tree's definitions as an edition of the history: every kind, with its rules."""
    rules = definitions.rules
    edition = current_edition(definitions) or source
    name = str(rules.edition.get("name")) if rules and rules.edition.get("name") else None
    return PastEdition(edition, source, None, frozenset(KINDS), entries_of(definitions), name=name)


def _git_error(root: Path, spec: str) -> RevisionError | None:
    """What git says of a revision it does not know (None when it knows it)."""
    try:
        resolve(root, spec)
    except RevisionError as exc:
        return exc
    return None


def diff_past(root: Path, base: str | None, head: str | None) -> PastDiff | None:
    """The two editions compared when either names an edition of the history that git does not know as a revision;
    None when both are revisions (or left out), for bp diff's own comparison. RevisionError for a name that is
    neither, listing the editions the history holds."""
    git_said = {spec: said for spec in (base, head) if spec is not None and (said := _git_error(root, spec)) is not None}
    if not git_said:
        return None
    sides = PastSides(root)
    for spec, said in git_said.items():
        if spec not in sides.held:
            raise sides.unknown(spec, said)
    unknown_to_git = list(git_said)

    def side(spec: str | None) -> PastEdition:
        if spec is None:
            return _as_edition(sides.current(), _(WORKING_TREE))
        if spec in sides.held and spec in unknown_to_git:
            return sides.record(spec)
        revision = resolve(root, spec)
        with materialized(root, revision) as tree:
            return _as_edition(_definitions(tree), revision.label)

    return compare_editions(side(base), side(head))
