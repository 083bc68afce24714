"""Output directories the tool may write, and publishing into them all at once.

The rules a command's `--out` follows (a user's files are never deleted or overwritten):

- a directory the tool made carries a marker file (`.bp-output`, naming what it holds);
- `--out` may be a new path, an empty directory, or a directory with the marker of the same
  kind; never the repository, a directory that contains it, a file, or a non-empty directory
  without the marker (OutputError, exit 2);
- everything is written into a staging directory beside the target, which then takes the
  target's place in one atomic step (Linux `renameat2(RENAME_EXCHANGE)`; elsewhere two
  renames, which the next run repairs if it was killed between them);
- one writer at a time per target (a lock file beside it, there only while a command runs);
  staging directories left by a killed run are removed by the next one.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..i18n import _
from ..ownfiles import file_mode, read_regular_file, temporary_beside, umask, write_whole
from ..temporaries import temporary_folder

MARKER = ".bp-output"
_STAGING = ".staging-"
_OLD = ".old-"


class OutputError(Exception):
    """An output path the tool refuses or cannot write (exit code 2)."""


class LinkedOutputError(OutputError):
    """An output path through a symbolic link the tool will not follow: one inside the repository
    (which a repository can commit), or one whose target does not exist (which writing would create)."""


# -- which paths may be written -----------------------------------------------------------------


def marker_kind(directory: Path) -> str | None:
    """The kind written in a directory's marker, or None if the tool did not make it."""
    try:
        data = json.loads(read_regular_file(directory / MARKER).decode("utf-8"))  # a FIFO there: OSError
    except (OSError, ValueError):
        return None
    return data.get("kind") if isinstance(data, dict) and isinstance(data.get("kind"), str) else None


def check_target(target: Path, root: Path, kind: str, legacy: Iterable[str] = ()) -> Path:
    """The real path `--out` names, once it is known to be safe to replace; OutputError if not.
    `legacy`: for the default site only, the names earlier versions wrote there without a marker."""
    refuse_links(target, root)
    real = Path(os.path.realpath(target.expanduser()))
    repo = Path(os.path.realpath(root))
    if real == repo:
        raise OutputError(_("{target} is the rules repository itself; choose a directory inside it (e.g. build/site) or elsewhere").format(target=target))
    if real in repo.parents:
        raise OutputError(_("{target} contains the rules repository {repo}; choose a directory inside it (e.g. build/site) or elsewhere").format(
            target=target, repo=repo))
    if real.exists() and not real.is_dir():
        raise OutputError(_("{target} is a file, not a directory").format(target=target))
    if real.is_dir():
        try:
            empty = not any(real.iterdir())
        except OSError as exc:
            raise OutputError(_("cannot read {target}: {reason}").format(target=target, reason=exc.strerror)) from exc
        found = marker_kind(real)
        if not empty and found is None and legacy and {p.name for p in real.iterdir()} <= set(legacy):
            found = kind  # made by an earlier version, which wrote no marker
        if not empty and found is None:
            raise OutputError(
                _("{target} is not empty and was not made by bp (it has no {marker} file); "
                  "choose a new or empty directory, so that nothing in it is replaced").format(target=target, marker=MARKER)
            )
        if found is not None and found != kind:
            raise OutputError(_("{target} holds a bp {found} output, not a {kind} output; choose another directory").format(
                target=target, found=found, kind=kind))
    existing = next(p for p in real.parents if p.exists())  # missing parents are made
    if not existing.is_dir():
        raise OutputError(_("cannot write {target}: {existing} is a file").format(target=target, existing=existing))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(_("cannot write {target}: {existing} is not writable").format(target=target, existing=existing))
    return real


def refuse_links(target: Path, root: Path | None) -> None:
    """LinkedOutputError for a symbolic link on the way to `target` that the tool would write through:
    any link below the repository's root (git keeps a link named `build` or `schema`, so a repository
    could send the default folders anywhere), and, anywhere on the path, a link whose target does not
    exist (writing would create that target, wherever it is). `root` None: a file named by an option."""
    path = Path.cwd() / target.expanduser()  # not normalised: `link/..` must pass through the link
    repo = Path(os.path.abspath(root)) if root is not None else None
    current = Path(path.anchor)
    for part in path.parts[1:]:
        current = current / part
        try:
            if not stat.S_ISLNK(os.lstat(current).st_mode):
                continue
            points = os.readlink(current)
        except (FileNotFoundError, NotADirectoryError):
            return  # the rest is new: made as plain directories
        except OSError:
            return  # unreadable: check_target says why
        where = Path(os.path.normpath(current))  # `ROOT/../elsewhere` is not inside; its links were passed above
        if repo is not None and where.is_relative_to(repo) and where != repo:
            raise LinkedOutputError(
                _("{link} is a symbolic link (to {points}) inside the rules repository: bp writes nothing through a link "
                  "there; remove the link, or give the command a folder elsewhere").format(link=current, points=points))
        if not os.path.exists(current):
            raise LinkedOutputError(
                _("{link} is a symbolic link to {points}, which does not exist: bp does not create a link's target; "
                  "remove the link or make the directory").format(link=current, points=points))


def output_file(path: Path) -> Path:
    """The real file a `-o FILE` option writes (through a symlink, never replacing the link).
    An existing character device or FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written into,
    as a shell's `>` would, never replaced; any other special file is refused, and so is a link whose
    target does not exist (bp does not create a link's target)."""
    refuse_links(path, None)
    given = path.expanduser()
    with contextlib.suppress(OSError):
        if is_stream_mode(os.stat(given).st_mode):
            # Opened as given: /dev/stdout into a pipe resolves to /proc/PID/fd/pipe:[N], a name no file has.
            return given
    real = Path(os.path.realpath(given))
    try:
        mode = real.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None  # a new file (its directory is looked at below)
    except OSError as exc:
        raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(_("{path} is a directory; give a file name").format(path=path))
    if mode is not None and not (stat.S_ISREG(mode) or is_stream_mode(mode)):
        raise OutputError(_("{path} is a {kind}, not a file: bp writes only files, character devices and FIFOs").format(
            path=path, kind=_special_kind(mode)))
    if not real.parent.is_dir():
        raise OutputError(_("cannot write {path}: no directory {folder}").format(path=path, folder=real.parent))
    return real


def is_stream_mode(mode: int) -> bool:
    """A character device or a FIFO: written into, never replaced."""
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def is_stream(path: Path) -> bool:
    """Whether `path` (a real path from output_file) is a character device or a FIFO."""
    try:
        return is_stream_mode(path.stat().st_mode)
    except OSError:
        return False


def _special_kind(mode: int) -> str:
    if stat.S_ISBLK(mode):
        return _("block device")
    if stat.S_ISSOCK(mode):
        return _("socket")
    return _("special file")


def _write_into(path: Path, source: Path | bytes) -> None:
    """Write into a character device or FIFO in place. A FIFO nobody reads is refused at once
    (O_NONBLOCK: ENXIO) rather than waited on for ever."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OutputError(_("cannot write {path}: it is a FIFO that no process is reading").format(path=path)) from exc
        raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc
    try:
        os.set_blocking(fd, True)
        with os.fdopen(fd, "wb", closefd=True) as handle:
            fd = -1
            if isinstance(source, bytes):
                handle.write(source)
            else:
                with source.open("rb") as data:
                    shutil.copyfileobj(data, handle)
    except OSError as exc:
        raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc
    finally:
        if fd >= 0:
            os.close(fd)


def write_file(path: Path, data: bytes) -> None:
    """Write a file atomically: a temporary beside it, renamed over it when complete (a character
    device or FIFO is written into instead)."""
    real = output_file(path)
    if is_stream(real):
        _write_into(real, data)
        return
    try:
        fd, tmp = temporary_beside(real)
    except OSError as exc:
        raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, file_mode())
        os.replace(tmp, real)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc


@contextlib.contextmanager
def replacing(files: Iterable[Path]) -> Iterator[dict[Path, Path]]:
    """Temporary files beside each of `files` (real paths from output_file), to be written in the
    block; when it ends without an exception each one replaces its file, else all are removed.
    A character device or FIFO gets a private temporary, copied into it at the end, never replaced."""
    temporary: dict[Path, Path] = {}
    streams: set[Path] = set()
    private = contextlib.ExitStack()  # the temporary folder of the streams' temporaries, made when needed
    try:
        for path in files:
            if is_stream(path):
                if not streams:
                    folder = private.enter_context(temporary_folder("bp-output-"))
                streams.add(path)
                fd, name = tempfile.mkstemp(suffix=".tmp", dir=folder)
            else:
                try:
                    fd, name = temporary_beside(path)
                except OSError as exc:
                    raise OutputError(_("cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)) from exc
            os.close(fd)
            temporary[path] = Path(name)
        yield temporary
        for path, tmp in temporary.items():
            if path in streams:
                _write_into(path, tmp)
            else:
                os.chmod(tmp, file_mode())
                os.replace(tmp, path)
    finally:
        for tmp in temporary.values():
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        private.close()


# -- one writer at a time --------------------------------------------------------------------------


@contextlib.contextmanager
def locked(path: Path, what: str, log: Callable[[str], None]) -> Iterator[None]:
    """Hold an exclusive lock named after `path` (a hidden `.NAME.lock` beside it, removed again);
    a second writer waits, saying so. POSIX record locks belong to this process alone: worker
    processes it forks do not keep the lock if it is killed."""
    lock = path.parent / f".{path.name}.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    waited = False
    while True:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            if not waited:
                log(_("waiting for another bp command writing {what}").format(what=what))
                waited = True
            fcntl.lockf(fd, fcntl.LOCK_EX)
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(lock))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the previous holder removed that file: lock the new one
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)


# -- publishing ------------------------------------------------------------------------------------


def write_marker(directory: Path, kind: str) -> None:
    from .. import __version__

    # whole, over whatever is there (a FIFO would block a plain write)
    write_whole(directory / MARKER, (json.dumps({"tool": "bp", "kind": kind, "version": __version__}) + "\n").encode("utf-8"))


def clean_stale(target: Path) -> None:
    """Undo what a killed run left beside `target`: restore a site moved aside, remove staging copies.
    Only directories the tool made (with the marker, or empty) are removed."""
    parent = target.parent
    if not parent.is_dir():
        return
    prefix = f".{target.name}"
    leftovers = sorted(p for p in parent.iterdir() if p.name.startswith(prefix + _STAGING) or p.name.startswith(prefix + _OLD))
    for path in leftovers:
        if not path.is_dir() or path.is_symlink():
            continue
        made_by_us = marker_kind(path) is not None or not any(path.iterdir())
        if not made_by_us:
            continue
        if path.name.startswith(prefix + _OLD) and not target.exists():
            os.rename(path, target)  # killed between the two renames of the fallback swap
            continue
        shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def publishing(target: Path, kind: str, log: Callable[[str], None] = lambda _: None) -> Iterator[Path]:
    """A fresh staging directory beside `target` (already checked by check_target); when the block
    ends without an exception, it replaces `target` in one step. On failure `target` is untouched."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with locked(target, str(target), log):
        clean_stale(target)
        _refuse_what_cannot_be_removed(target)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}{_STAGING}", dir=target.parent))
        try:
            staging.chmod(0o755 & ~umask())  # mkdtemp makes it private; a site is meant to be served
            write_marker(staging, kind)
            yield staging
            swap_into_place(staging, target)
        finally:
            _remove_own(staging)


def _refuse_what_cannot_be_removed(target: Path) -> None:
    """OutputError when the previous output has a folder this user cannot change (made by root's
    `make build`, say): the swap would succeed, then leave the previous output beside the new one
    under a staging name for ever. Said before anything is staged."""
    if not target.is_dir() or target.is_symlink():
        return
    for folder, folders, _files in os.walk(target):
        if not os.access(folder, os.W_OK | os.X_OK):
            try:
                owner = Path(folder).owner()
            except (KeyError, OSError):
                owner = str(os.stat(folder).st_uid)
            raise OutputError(_("cannot replace {target}: {folder} cannot be changed by this user (its owner is {owner}); "
                                "remove {target} as {owner}, or choose another directory").format(
                                    target=target, folder=folder, owner=owner))
        folders[:] = [name for name in folders if not os.path.islink(os.path.join(folder, name))]


def _remove_own(folder: Path) -> None:
    """Remove a folder this command made, whatever failed: a folder copied read-only into it is made
    writable first (its owner may always do that)."""
    if not os.path.lexists(folder):
        return

    def writable_then_again(function: Callable[..., object], path: str, _error: object) -> None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(path), 0o700)
            if os.path.isdir(path) and not os.path.islink(path):
                os.chmod(path, 0o700)
            function(path)

    shutil.rmtree(folder, onerror=writable_then_again)


def carry_over(old: Path, new: Path, keep: Callable[[str], bool]) -> list[str]:
    """Hard-link (or copy) the top-level entries of `old` that `keep` accepts into `new`; returns
    their names. Outputs are always written as new files, so sharing inodes is safe."""
    carried = []
    if not old.is_dir():
        return carried
    for entry in sorted(old.iterdir(), key=lambda p: p.name):
        if entry.name == MARKER or not keep(entry.name) or (new / entry.name).exists():
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, new / entry.name, symlinks=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(str(entry), str(new / entry.name))
        carried.append(entry.name)
    return carried


def _link_or_copy(source: str, destination: str) -> None:
    if os.path.islink(source):
        os.symlink(os.readlink(source), destination)
        return
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (Linux renameat2); False where the system cannot."""
    import ctypes  # here: bp check, which reads this module's checks of a directory, never swaps one

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def swap_into_place(new: Path, target: Path) -> None:
    """`new` becomes `target` in one step; the previous `target` is removed afterwards."""
    if not target.exists():
        os.rename(new, target)
        return
    if _exchange(new, target):
        shutil.rmtree(new, ignore_errors=True)  # now the previous output
        return
    # Fallback: two renames; clean_stale() restores `target` if a kill falls between them.
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}{_OLD}", dir=target.parent))
    os.rmdir(old)
    os.rename(target, old)
    os.rename(new, target)
    shutil.rmtree(old, ignore_errors=True)
