"""bp's own files (its caches, its message catalogues): read only when they are regular files, and
written whole with the mode the umask gives.

A cache folder or a catalogue may have been left or replaced by anyone (a commit that holds build/,
a build run as another user): a FIFO there would hang the reader, a link to /dev/zero exhaust its
memory, so only a regular file of a bounded size is read. A file bp writes is read later by other
users too (the catalogue `make build` compiles as root, the cache a colleague's bp check reads): a
temporary file is private, so the written file is given the mode an ordinary new file would have.

Standard library only: the no-op `bp build` and `bp check` import this.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from pathlib import Path

# Far above any file of bp's own (a cache entry, a manifest, a catalogue): a file larger is none of them.
OWN_FILE_LIMIT = 256 * 1024 * 1024


class NotRegular(OSError):
    """Not a regular file (a FIFO, a device, a socket, a folder): never read. `mode` says which."""

    def __init__(self, path: Path, mode: int) -> None:
        super().__init__(f"not a regular file: {path}")
        self.mode = mode


class TooLarge(OSError):
    """A regular file over the limit: `size` is at least the limit plus one."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(f"too large: {path}")
        self.size = size


def read_regular_file(path: Path, limit: int = OWN_FILE_LIMIT) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; NotRegular, TooLarge or another
    OSError otherwise. Opened without blocking and checked once open: a FIFO is neither waited on nor
    a device read for ever, even when it took the file's place a moment ago."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(path, mode)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=True) as handle:
            fd = -1
            data = handle.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        raise TooLarge(path, len(data))
    return data


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def file_mode() -> int:
    """The mode a new file gets by default (0644 under the usual umask)."""
    return 0o666 & ~umask()


def temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file beside `path`, named `.NAME.XXXXXXXX.tmp` (what shown_name reads back): its
    descriptor and path, as mkstemp gives them. OSError if it cannot be made."""
    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)


def shown_name(path: Path) -> str:
    """The name of the file a temporary one of temporary_beside (write_whole's) stands for: what a message
    names while the file is being written."""
    found = re.fullmatch(r"\.(.+)\.[^.]+\.tmp", path.name)
    return found.group(1) if found else path.name


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all: a temporary file beside it, given file_mode() (mkstemp makes
    it 0600, which would lock every other user out) and renamed over it. OSError if it cannot."""
    fd, tmp = temporary_beside(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, file_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
