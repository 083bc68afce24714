"""A definition that returns (再録): absent from the older revision, but held by an earlier one in its
git history. Its last printed version is the newest revision of that history that holds it; the
returning definition is compared with that version, not reported as new.

Found with `git log -S "id: <id>"` (the commits that add or remove the id): the parent of the newest
one, usually the commit that removed it, still holds it. Each candidate revision is read from git
and loaded (definitions only: its examples are not run).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .. import model as m
from ..checks import Checked
from ..i18n import _
from ..model.history import current_edition
from ..model.kept import FileCache
from ..model.loader import load_definitions
from .changes import KIND_ITEMS, DefinitionChange, LastPrinted, compare_returning
from .revisions import Revision, RevisionError, commits_changing, materialized, parent

ID_KEY = "id"  # how a definition's YAML names its id: what the history is searched for
# Candidate commits tried per definition: the newest change of its id is almost always its removal.
_TRIES = 3


class _Revisions:
    """Revisions read from git and loaded, once each; `loaded`: those loaded already (the older side of the
    comparison, which the history of a definition it does not hold often leads back to); `files`: the
    documents and schema findings of the files read so far (model/kept.py)."""

    def __init__(self, root: Path, loaded: dict[str, m.Definitions], files: FileCache | None) -> None:
        self.root, self.files = root, files
        self.loaded: dict[str, m.Definitions | None] = {**loaded}
        self.unreadable: list[str] = []

    def definitions(self, revision: Revision) -> m.Definitions | None:
        assert revision.commit is not None
        if revision.commit not in self.loaded:
            try:
                with materialized(self.root, revision) as tree:
                    self.loaded[revision.commit] = load_definitions(tree, kept=self.files).definitions
            except RevisionError as exc:  # a commit that cannot be read is not where it was last printed
                self.loaded[revision.commit] = None
                self.unreadable.append(_("returning definitions: {commit} not read ({reason})").format(commit=revision.commit[:7], reason=exc))
        return self.loaded[revision.commit]


def _holds(definitions: m.Definitions, change: DefinitionChange) -> bool:
    return any(item.id == change.id for item in KIND_ITEMS[change.kind](definitions))


def _candidates(root: Path, base: Revision, change: DefinitionChange) -> Iterator[Revision]:
    for commit in commits_changing(root, base, f"{ID_KEY}: {change.id}")[:_TRIES]:
        before = parent(root, commit)
        if before is not None:
            yield before
        yield Revision(commit[:7], commit)  # a commit that added it, removed again by a merge


def last_printed_versions(root: Path, base: Revision, changes: list[DefinitionChange], new: Checked,
                          old: Checked | None = None, files: FileCache | None = None) -> tuple[list[DefinitionChange], list[str]]:
    """`changes` with every added or returning definition that `base`'s history holds compared with its
    last printed version (change `returned`), and what could not be read. `old`: `base` as loaded already;
    `files`: the files read so far (model/kept.py)."""
    revisions = _Revisions(root, {base.commit: old.definitions} if old is not None and base.commit else {}, files)
    found: list[DefinitionChange] = []
    for change in changes:
        if change.change not in ("added", "returned") or change.kind not in KIND_ITEMS:
            found.append(change)
            continue
        try:
            candidates = list(_candidates(root, base, change))
        except RevisionError as exc:  # git could not search the history: the change stays as it was found
            revisions.unreadable.append(_("returning definitions: the history of {id} was not searched ({reason})").format(
                id=change.id, reason=exc))
            candidates = []
        for revision in candidates:
            definitions = revisions.definitions(revision)
            if definitions is not None and _holds(definitions, change):
                assert revision.commit is not None
                edition = definitions.rules.edition.get("name") if definitions.rules else None
                printed = LastPrinted(revision.commit, str(edition) if edition else None, current_edition(definitions))
                change = compare_returning(change, printed, definitions, new)
                break
        found.append(change)
    return found, revisions.unreadable
