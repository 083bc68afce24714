"""What a build is made from, hashed before anything is loaded: the repository's source folders,
the toolchain's own files, the versions of the renderers, and the build date.

A build whose fingerprint equals the one recorded in the site's manifest has nothing to do;
this module is imported on that fast path, so it imports nothing heavy.

Each input file's size and time are kept with the fingerprint (`Inputs.stamps`): a build looks
at them again once it is done, and a file saved meanwhile, even saved back as it was, makes
what the build wrote stale (the next build makes it again).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..provenance import TOOLCHAIN, BuildDate, renderer_versions, source_files

SOURCE_DIRS = ("definitions", "schema", "docs", "templates")

Stamp = tuple[int, int]  # a file's size and modification time (ns): cheap to take again


@dataclass(frozen=True)
class Inputs:
    fingerprint: str  # one hash of everything a build reads
    stamps: dict[str, Stamp] = field(default_factory=dict, compare=False)  # every input file (label/path) when hashed
    root: Path | None = field(default=None, compare=False)

    def changed(self) -> list[str]:
        """The input files saved, added or removed since they were hashed."""
        if self.root is None:
            return []
        now = stamps(self.root)
        return sorted(name for name in self.stamps.keys() | now.keys() if self.stamps.get(name) != now.get(name))


def _tops(root: Path) -> list[tuple[str, Path]]:
    return [*((name, root / name) for name in SOURCE_DIRS), ("toolchain", TOOLCHAIN), ("toolchain-templates", TOOLCHAIN.parent / "templates")]


def input_files(root: Path, dirs: Iterable[tuple[str, Path]] | None = None) -> Iterator[tuple[str, Path]]:
    """Every input file, named `label/relative path`, in a stable order."""
    for label, top in _tops(root) if dirs is None else dirs:
        if top.is_dir():
            for path in source_files(top):
                yield f"{label}/{path.relative_to(top).as_posix()}", path


def stamp(path: Path) -> Stamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


def stamps(root: Path, dirs: Iterable[str] | None = None) -> dict[str, Stamp]:
    """The size and time of every input file (of `dirs`, folders of the repository, if given)."""
    chosen = None if dirs is None else [(name, root / name) for name in dirs]
    return {name: found for name, path in input_files(root, chosen) if (found := stamp(path)) is not None}


def read_input(path: Path) -> bytes:
    """An input file's bytes, as the fingerprint hashes them: every input file is read here."""
    try:
        return path.read_bytes()
    except OSError:
        return b"<unreadable>"


def fingerprint(root: Path, date: BuildDate) -> Inputs:
    """One hash of everything a build reads: change any input file, the toolchain, a renderer's
    version or the build date, and it changes."""
    digest = hashlib.sha256()
    digest.update(f"python {sys.version_info[:3]}\n".encode())
    for line in renderer_versions():
        digest.update(f"{line}\n".encode())
    digest.update(f"date {date.iso}\n".encode())
    for label, top in _tops(root):
        if not top.is_dir():
            digest.update(f"{label} -\n".encode())
    taken: dict[str, Stamp] = {}
    for name, path in input_files(root):
        found = stamp(path)  # before reading: a save after it shows as a changed stamp
        if found is not None:
            taken[name] = found
        data = read_input(path)
        digest.update(f"{name} {len(data)}\n".encode())
        digest.update(data)
    return Inputs(digest.hexdigest(), taken, root)
