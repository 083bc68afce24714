"""The rules of a git revision, read from the object database into a temporary directory: no
checkout, and the user's index and working tree are never touched.

    base = resolve(root, default_base(root))        # the last tag, else HEAD
    with materialized(root, base) as tree:           # definitions/, docs/, templates/ of that commit
        checked = toolchain.load(tree)
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..i18n import N_, _
from ..model.files import MAX_DEFINITION_BYTES, MAX_SOURCE_BYTES
from ..model.repository import DEFINITIONS_DIR
from ..temporaries import temporary_folder

DOCS_DIR = "docs"
TEMPLATES_DIR = "templates"
# What a revision's rules are made of (definitions) and what shows them (docs, templates); its
# definitions are checked against the toolchain's schemas, so a revision's own schema/ is not read.
TREES = (DEFINITIONS_DIR, DOCS_DIR, TEMPLATES_DIR)
WORKING_TREE = N_("working tree")  # the spec (json's revision) stays English; its label is said


class RevisionError(Exception):
    """Not a git repository, or a revision git does not know (exit code 2)."""


@dataclass(frozen=True)
class Revision:
    """A commit (`spec` as the user wrote it) or the working tree (commit None)."""

    spec: str
    commit: str | None

    @property
    def is_working_tree(self) -> bool:
        return self.commit is None

    @property
    def label(self) -> str:
        """`v8.0 (3f2a1c9)`, `HEAD (3f2a1c9)` or `working tree`."""
        return _(WORKING_TREE) if self.commit is None else f"{self.spec} ({self.commit[:7]})"


def _git(root: Path, *args: str, input_: bytes | None = None) -> bytes:
    try:
        run = subprocess.run(["git", "-C", str(root), *args], input=input_, capture_output=True, check=False)
    except FileNotFoundError as exc:
        raise RevisionError(_("git is not installed")) from exc
    if run.returncode != 0:
        message = run.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RevisionError(message[-1] if message else _("git {arguments} failed").format(arguments=" ".join(args)))
    return run.stdout


def git_prefix(root: Path) -> str:
    """Where the rules repository lies inside its git repository ('' at the top, else `rules/`)."""
    try:
        inside = _git(root, "rev-parse", "--is-inside-work-tree").decode().strip()
    except RevisionError:
        inside = "false"
    if inside != "true":
        raise RevisionError(_("{root} is not in a git repository: bp diff compares commits (git init, git commit)").format(root=root))
    return _git(root, "rev-parse", "--show-prefix").decode().strip()


def last_tag(root: Path) -> str | None:
    """The newest tag reachable from HEAD (`git describe --tags --abbrev=0`), or None."""
    try:
        return _git(root, "describe", "--tags", "--abbrev=0").decode().strip() or None
    except RevisionError:
        return None


def uncommitted(root: Path, paths: list[Path]) -> list[str]:
    """Which of `paths` (under `root`) have changes git has not committed, as git names them."""
    relative = [str(path.relative_to(root)) for path in paths]
    return [line[3:] for line in _git(root, "status", "--porcelain", "--", *relative).decode().splitlines() if line.strip()]


def default_base(root: Path) -> str:
    """What `bp diff` compares against by default: the last tag, else HEAD."""
    git_prefix(root)  # not a git repository: say so, rather than "no tag"
    return last_tag(root) or "HEAD"


def resolve(root: Path, spec: str | None) -> Revision:
    """The revision `spec` names (None: the working tree). RevisionError when git does not know it."""
    if spec is None:
        git_prefix(root)
        return Revision(WORKING_TREE, None)
    git_prefix(root)
    if spec.startswith("-"):
        raise RevisionError(_("'{spec}' is not a revision").format(spec=spec))
    try:
        commit = _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{spec}^{{commit}}").decode().strip()
    except RevisionError:
        commit = ""
    if not commit and spec == "HEAD":
        raise RevisionError(_("the repository has no commit yet: commit the rules first (git add, git commit), or name a revision"))
    if not commit:
        raise RevisionError(_("unknown revision '{spec}': name a commit, a branch or a tag (git log --oneline, git tag)").format(spec=spec))
    return Revision(spec, commit)


def commits_changing(root: Path, revision: Revision, text: str) -> list[str]:
    """The commits of `revision`'s history, newest first, that add or remove `text` in definitions/
    (`git log -S`: those that change how often it occurs)."""
    if revision.commit is None:
        return []
    listing = _git(root, "log", "--format=%H", f"-S{text}", revision.commit, "--", DEFINITIONS_DIR)
    return listing.decode().split()


def parent(root: Path, commit: str) -> Revision | None:
    """The first parent of a commit, None for a root commit."""
    try:
        found = _git(root, "rev-parse", "--verify", "--quiet", f"{commit}^1").decode().strip()
    except RevisionError:
        return None
    return Revision(f"{commit[:7]}^", found) if found else None


@contextmanager
def materialized(root: Path, revision: Revision) -> Iterator[Path]:
    """A directory holding the revision's definitions/, docs/ and templates/ (the working
    tree is the repository itself). Files are read with `git ls-tree` and `git cat-file`, so
    .gitattributes (export-ignore, filters) change nothing; the directory is removed afterwards."""
    if revision.commit is None:
        yield root
        return
    prefix = git_prefix(root)
    with temporary_folder("bp-diff-") as tree:  # a killed bp diff's is removed by the next
        for sub in TREES:
            (tree / sub).mkdir()
        _write_blobs(root, revision.commit, prefix, tree)
        yield tree


def _safe_parts(name: bytes, prefix: str, commit: str) -> tuple[str, ...]:
    """The components of a tree entry's path below the rules repository, refused (RevisionError) when
    git itself would never check it out: `..`, `.`, `.git`, an empty or absolute component, a NUL.
    `git ls-tree` prints what the objects hold, and a crafted or fetched commit may hold anything."""
    text = name.decode("utf-8", "surrogateescape")
    parts = tuple(text.split("/"))
    if prefix:
        prefix_parts = tuple(prefix.rstrip("/").split("/"))
        parts = parts[len(prefix_parts):] if parts[: len(prefix_parts)] == prefix_parts else parts
    unsafe = [part for part in parts if part in ("", ".", "..") or part.lower() == ".git" or "\0" in part]
    if unsafe or text.startswith("/"):
        shown = text.encode("unicode_escape").decode("ascii")
        raise RevisionError(
            _("revision {commit} holds a path git would refuse to check out, '{path}': "
              "refused, and nothing was written (check where the commit came from: git fsck)").format(commit=commit[:7], path=shown)
        )
    return parts


def _write_blobs(root: Path, commit: str, prefix: str, tree: Path) -> None:
    pathspecs = [f"{prefix}{sub}" for sub in TREES]
    listing = _git(root, "ls-tree", "-r", "-z", "-l", "--full-tree", commit, "--", *pathspecs)
    blobs: list[tuple[str, tuple[str, ...], int]] = []
    submodules: list[str] = []
    for record in filter(None, listing.split(b"\0")):
        meta, _tab, name = record.partition(b"\t")
        mode, kind, sha, listed_size = meta.decode().split()
        parts = _safe_parts(name, prefix, commit)  # every entry, before anything is written
        if kind == "commit":
            submodules.append("/".join(parts))
        if kind != "blob" or mode == "120000":  # symbolic links are not followed out of the revision
            continue
        blobs.append((sha, parts, int(listed_size)))
    if submodules:
        raise RevisionError(
            _("revision {commit} holds {paths} as a git submodule, whose files are not in this repository's history: "
              "bp diff compares the rules of one repository (run it inside the submodule)").format(
                commit=commit[:7], paths=", ".join(submodules))
        )
    # A blob larger than the loader reads is not read either: a sparse file of its size stands in for it,
    # which the loader refuses with its own finding at the file (BP011), and memory holds none of it.
    wanted = [(sha, parts) for sha, parts, size in blobs if size <= _read_limit(parts)]
    inside = Path(os.path.realpath(tree))
    for _sha, parts, size in blobs:
        if size > _read_limit(parts):
            with _new_file(tree, inside, parts, commit) as handle:
                handle.truncate(size)
    for parts, chunks in _blob_contents(root, wanted):
        with _new_file(tree, inside, parts, commit) as handle:
            for chunk in chunks:
                handle.write(chunk)


def _read_limit(parts: tuple[str, ...]) -> int:
    return MAX_DEFINITION_BYTES if parts[0] == DEFINITIONS_DIR else MAX_SOURCE_BYTES


def _blob_contents(root: Path, blobs: list[tuple[str, tuple[str, ...]]]) -> Iterator[tuple[tuple[str, ...], Iterator[bytes]]]:
    """Each blob's path and its content in chunks, streamed from one `git cat-file --batch`
    ("<sha> blob <size>\n<content>\n" each): a revision is never held in memory whole."""
    if not blobs:
        return
    with tempfile.TemporaryFile() as names:  # git's input from a file: no pipe to fill both ways
        names.write("".join(f"{sha}\n" for sha, _ in blobs).encode())
        names.seek(0)
        try:
            process = subprocess.Popen(["git", "-C", str(root), "cat-file", "--batch"], stdin=names, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL)
        except FileNotFoundError as exc:
            raise RevisionError(_("git is not installed")) from exc
    assert process.stdout is not None
    with process:
        for _sha, parts in blobs:
            header = process.stdout.readline().split()
            if len(header) != 3 or header[1] != b"blob":
                process.kill()
                raise RevisionError(_("git cat-file failed reading {path}").format(path="/".join(parts)))
            yield parts, _chunks(process.stdout, int(header[2]))
            process.stdout.read(1)  # the newline after the content


def _chunks(stream: IO[bytes], size: int, chunk: int = 1 << 20) -> Iterator[bytes]:
    left = size
    while left > 0:
        data = stream.read(min(chunk, left))
        if not data:
            raise RevisionError(_("git cat-file ended early"))
        left -= len(data)
        yield data


@contextmanager
def _new_file(tree: Path, inside: Path, parts: tuple[str, ...], commit: str) -> Iterator[IO[bytes]]:
    """A new file at `parts` below `tree` (a real path: `inside`), never through anything already there."""
    target = tree.joinpath(*parts)
    # Belt and braces: the parent as it is on disk, symlinks resolved, stays in the temporary directory.
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if inside not in Path(os.path.realpath(target.parent)).parents and Path(os.path.realpath(target.parent)) != inside:
            raise RevisionError(_("revision {commit}: '{path}' would be written outside its temporary directory").format(
                commit=commit[:7], path="/".join(parts)))
        handle = open(target, "xb")  # noqa: SIM115 - closed below, once the caller has written it; never through a file or link already there
    except (FileExistsError, NotADirectoryError, IsADirectoryError) as exc:
        raise RevisionError(
            _("revision {commit} holds '{path}' twice, or as both a file and a folder: "
              "git cannot check it out either (git fsck names the broken tree)").format(commit=commit[:7], path="/".join(parts))
        ) from exc
    with handle:
        yield handle
