"""What a build is made from, hashed before anything is loaded: the repository's source folders,
the last `bp balance` report (build/balance, which the site links), the toolchain's own files, the
versions of the renderers, and the build date.

A build whose fingerprint equals the one recorded in the site's manifest has nothing to do;
this module is imported on that fast path, so it imports nothing heavy.

Each input file's size and time are kept with the fingerprint (`Inputs.stamps`): a build looks
at them again once it is done, and a file saved meanwhile, even saved back as it was, makes
what the build wrote stale (the next build makes it again).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..model.files import SOURCE_DIRS, SourceFile, read_regular, source_tree
from ..provenance import TOOLCHAIN, BuildDate, renderer_versions

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


def balance_report(root: Path) -> Path:
    """Where `bp balance` writes its report by default, which the site links when it is there (an input too)."""
    return root / "build" / "balance"


def stored_balance(root: Path) -> Path:
    """A balance run kept in the repository (balance.json, and the games bp balance --readings kept): the site
    renders its report when there is no newer one in build/balance (balance/README.md says the command)."""
    return root / "balance"


def _tops(root: Path) -> list[tuple[str, Path, Path]]:
    """Each folder a build reads: its label, where it is, and the tree it must stay inside."""
    tops = [(name, root / name, root) for name in SOURCE_DIRS] + [("balance", balance_report(root), root),
                                                                  ("balance-stored", stored_balance(root), root)]
    own = TOOLCHAIN.parent
    # the definitions are validated against the toolchain's schemas, whatever the repository's schema/ holds
    return tops + [("toolchain", TOOLCHAIN, own), ("toolchain-templates", own / "templates", own),
                   ("toolchain-schema", own / "schema", own)]


def _input_files(root: Path) -> Iterator[tuple[str, SourceFile]]:
    """Every input file, named `label/relative path`, in a stable order, with its refusal (model/files.py)."""
    for label, top, inside in _tops(root):
        if top.is_dir():
            for file in source_tree(top, inside):
                yield f"{label}/{file.path.relative_to(top).as_posix()}", file


def _stamp(file: SourceFile) -> Stamp | None:
    """A file's size and time, by stat only (of the link itself when it is refused: it is never followed)."""
    try:
        status = file.path.lstat() if file.refused else file.path.stat()
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


def stamps(root: Path) -> dict[str, Stamp]:
    """The size and time of every input file."""
    return {name: found for name, file in _input_files(root) if (found := _stamp(file)) is not None}


def fingerprint(root: Path, date: BuildDate) -> Inputs:
    """One hash of everything a build reads: change any input file, the toolchain, a renderer's
    version or the build date, and it changes."""
    digest = hashlib.sha256()
    digest.update(f"python {sys.version_info[:3]}\n".encode())
    for line in renderer_versions():
        digest.update(f"{line}\n".encode())
    digest.update(f"date {date.iso}\n".encode())
    for label, top, _ in _tops(root):
        if not top.is_dir():
            digest.update(f"{label} -\n".encode())
    taken: dict[str, Stamp] = {}
    for name, file in _input_files(root):
        found = _stamp(file)  # before reading: a save after it shows as a changed stamp
        if found is not None:
            taken[name] = found
        # A file bp must not read (a FIFO, /dev/zero, a link out of the repository) is never opened:
        # its refusal is hashed instead, and bp check reports it before anything is built.
        data = _contents(file.path) if file.refused is None else f"<{file.refused.code} {file.refused.message}>".encode()
        digest.update(f"{name} {len(data)}\n".encode())
        digest.update(data)
    return Inputs(digest.hexdigest(), taken, root)


def _contents(path: Path) -> bytes:
    try:
        return read_regular(path)
    except OSError as exc:  # RefusedFile too: changed under our feet; bp check will say what it is
        return f"<unreadable: {exc.strerror or exc}>".encode()
