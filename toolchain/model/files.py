"""Which files under the repository's source folders bp may open, and opening them.

The one policy every reader follows (the loader, the build's input fingerprint, bp serve's
watcher): bp reads regular files inside the repository, of a bounded size. A symbolic link
that leads out of the repository (or into its .git, where CI keeps its token) would publish
what it points at; a FIFO would hang the reader; a device such as /dev/zero would exhaust its
memory. Such a file is never opened: it is a finding at the file (BP012, or BP011 when too
large), reported by bp check before anything is built or served.

Standard library only: the no-op `bp build` imports this.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import printable
from ..i18n import _, system_reason
from ..ownfiles import NotRegular, TooLarge, read_regular_file
from ..provenance import skipped_file, skipped_folder

# The folders of a rules repository bp reads (the definitions, the rulebook's sources, the action
# lists' templates). Its schema/, if any, is the editors' copy bp schema writes: bp never reads it.
SOURCE_DIRS = ("definitions", "docs", "templates")
# A page, a stylesheet or a picture of the rulebook is at most a few megabytes.
MAX_SOURCE_BYTES = 32 * 1024 * 1024
# A definitions file is a few kilobytes (the YAML loader bounds it too, before parsing).
MAX_DEFINITION_BYTES = 4 * 1024 * 1024
# Git's own folder is inside the repository's directory, yet no source of it.
_GIT_DIR = ".git"


@dataclass(frozen=True)
class Refusal:
    """Why a file is not read: the finding's code (BP011, BP012) and its message."""

    code: str
    message: str


class RefusedFile(OSError):
    """A file that read_regular would not read (its refusal is on it)."""

    def __init__(self, path: Path, refusal: Refusal) -> None:
        super().__init__(errno.EINVAL, refusal.message, str(path))
        self.refusal = refusal


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode):
        return _("a character device")
    if stat.S_ISBLK(mode):
        return _("a block device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISDIR(mode):
        return _("a directory")
    return _("not a regular file")


def _not_regular(mode: int) -> Refusal:
    return Refusal("BP012", _("{kind}, not a regular file: bp reads regular files only and never opens this one").format(kind=_kind(mode)))


def _too_large(size: int, limit: int) -> Refusal:
    return Refusal("BP011", _("the file is larger than {limit} ({size:,} bytes): bp reads no larger file").format(limit=_megabytes(limit), size=size))


def _megabytes(limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("{megabytes} MB").format(megabytes=limit // (1024 * 1024))
    return _("{bytes:,} bytes").format(bytes=limit)


def inside(target: str, root: Path) -> bool:
    """Whether the real path `target` is inside the repository `root` (a real path) and not in its .git."""
    try:
        relative = Path(target).relative_to(root)
    except ValueError:
        return False
    return not relative.parts or relative.parts[0] != _GIT_DIR


def refusal(path: Path, root: Path, limit: int = MAX_SOURCE_BYTES) -> Refusal | None:
    """Why `path` must not be read, or None for a folder, or a regular file inside the repository
    `root` (a real path) of at most `limit` bytes. Looks with stat only: never opens the file."""
    if printable(path.name) != path.name:
        return Refusal("BP012", _("the name '{name}' holds a control character (an escape sequence would reach the terminal, "
                                  "and the page's address): rename the file").format(name=printable(path.name)))
    try:
        if path.is_symlink():
            refused = _link_refusal(path, root)
            if refused is not None:
                return refused
        followed = path.stat()
    except OSError as exc:
        return Refusal("BP012", _("cannot look at the file: {reason}").format(reason=system_reason(exc)))
    if stat.S_ISDIR(followed.st_mode):
        return None
    if not stat.S_ISREG(followed.st_mode):
        return _not_regular(followed.st_mode)
    if followed.st_size > limit:
        return _too_large(followed.st_size, limit)
    return None


def _link_refusal(link: Path, root: Path) -> Refusal | None:
    """Why the symbolic link `link` must not be followed: it leads nowhere, in a loop, into .git or
    out of the repository."""
    try:
        link.stat()
    except FileNotFoundError:
        return Refusal("BP012", _("the symbolic link points to {target}, which does not exist").format(target=os.readlink(link)))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return Refusal("BP012", _("the symbolic link loops (it points, in the end, back to itself)"))
        return Refusal("BP012", _("the symbolic link cannot be followed: {reason}").format(reason=system_reason(exc)))
    target = os.path.realpath(link)
    if Path(target).is_relative_to(root / _GIT_DIR):
        return Refusal("BP012", _("the symbolic link leads to {target}, into git's own folder (which may hold credentials): "
                                  "bp never reads it").format(target=target))
    if not inside(target, root):
        return Refusal("BP012", _("the symbolic link leads to {target}, outside the repository: bp reads only the repository's "
                                  "own files; copy the file into the repository instead").format(target=target))
    return None


def read_regular(path: Path, limit: int = MAX_SOURCE_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; RefusedFile for anything else.
    Opened without blocking and checked once open, so a FIFO or device put in its place after
    refusal() looked is refused, not waited on or read for ever."""
    try:
        return read_regular_file(path, limit)
    except NotRegular as exc:
        raise RefusedFile(path, _not_regular(exc.mode)) from exc
    except TooLarge as exc:
        raise RefusedFile(path, _too_large(exc.size, limit)) from exc


@dataclass(frozen=True)
class SourceFile:
    """A file (or a folder refused as a whole) under a source folder, and why it is not read."""

    path: Path
    refused: Refusal | None = None


def source_tree(top: Path, root: Path, limit: int = MAX_SOURCE_BYTES,
                onerror: Callable[[OSError], None] | None = None) -> Iterator[SourceFile]:
    """Every file under `top`, in a stable order, each with its refusal (None: it may be read).
    Symbolic links to folders inside the repository are walked (each real folder once); one that
    leads elsewhere or does not resolve is yielded, refused, and not entered (`top` too). Caches
    and editors' leftovers are skipped as provenance.source_files skips them; `onerror` is told
    of a folder that cannot be listed."""
    root = Path(os.path.realpath(root))
    if top.is_symlink():
        refused = refusal(top, root, limit)
        if refused is not None:
            yield SourceFile(top, refused)
            return
    visited: set[str] = set()
    for folder, subfolders, names in os.walk(top, onerror=onerror, followlinks=True):
        real = os.path.realpath(folder)
        if real in visited:
            subfolders[:] = []
            continue
        visited.add(real)
        kept = []
        for name in sorted(subfolders):
            if skipped_folder(name):
                continue
            path = Path(folder, name)
            refused = refusal(path, root, limit) if path.is_symlink() or printable(name) != name else None
            if refused is not None:
                yield SourceFile(path, refused)
            else:
                kept.append(name)
        subfolders[:] = kept
        for name in sorted(names):
            if not skipped_file(name):
                path = Path(folder, name)
                yield SourceFile(path, refusal(path, root, limit))
