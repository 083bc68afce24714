"""Temporary folders in the system's temporary directory that a killed run does not leave for ever.

A folder is made with a marker file on which its maker holds a lock (flock) for as long as it
runs; the kernel drops the lock when the process ends, however it ends. Each new folder of a
kind first removes the folders of that kind whose marker nobody holds any more: only folders of
bp's own making (the kind's prefix, bp's marker, owned by this user), never one in use.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

MARKER = ".bp-temporary"


@contextlib.contextmanager
def temporary_folder(prefix: str) -> Iterator[Path]:
    """A new folder named `prefix…` in the temporary directory, removed when the block ends; the
    folders a killed run of the same kind left behind are removed first."""
    remove_abandoned(prefix)
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    lock = -1
    try:
        # Locked under another name, then renamed: a cleaner never finds the marker unlocked.
        claiming = folder / f"{MARKER}.new"
        lock = os.open(claiming, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        fcntl.flock(lock, fcntl.LOCK_EX)
        os.rename(claiming, folder / MARKER)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if lock >= 0:
            os.close(lock)


def remove_abandoned(prefix: str) -> list[Path]:
    """Remove the folders `prefix…` of the temporary directory that a run of bp made and that no
    running process holds; the folders removed."""
    removed = []
    for folder in Path(tempfile.gettempdir()).glob(f"{prefix}*"):
        with contextlib.suppress(OSError):
            if _abandoned(folder):
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    return removed


def _abandoned(folder: Path) -> bool:
    """A real folder of this user's holding bp's marker, whose lock can be taken (its maker is gone).
    The lock is taken without waiting and released when the check ends."""
    own = folder.lstat()
    if not stat.S_ISDIR(own.st_mode) or own.st_uid != os.getuid():
        return False
    try:
        fd = os.open(folder / MARKER, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:  # no marker (not ours, or not yet claimed), or a link in its place
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # its maker still runs
        return True
    finally:
        os.close(fd)
