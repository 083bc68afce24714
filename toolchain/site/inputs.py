"""What a build is made from, hashed before anything is loaded: the repository's source folders,
the toolchain's own files, the versions of the renderers, and the build date.

A build whose fingerprint equals the one recorded in the site's manifest has nothing to do;
this module is imported on that fast path, so it imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from ..model.files import SOURCE_DIRS, read_regular, source_tree
from ..provenance import TOOLCHAIN, BuildDate, renderer_versions


def fingerprint(root: Path, date: BuildDate) -> str:
    """One hash of everything a build reads: change any input file, the toolchain, a renderer's
    version or the build date, and it changes."""
    digest = hashlib.sha256()
    digest.update(f"python {sys.version_info[:3]}\n".encode())
    for line in renderer_versions():
        digest.update(f"{line}\n".encode())
    digest.update(f"date {date.iso}\n".encode())
    tops = [(name, root / name, root) for name in SOURCE_DIRS]
    # the definitions are validated against the toolchain's schemas, whatever the repository's schema/ holds
    tops += [("toolchain", TOOLCHAIN, TOOLCHAIN.parent), ("toolchain-templates", TOOLCHAIN.parent / "templates", TOOLCHAIN.parent),
             ("toolchain-schema", TOOLCHAIN.parent / "schema", TOOLCHAIN.parent)]
    for label, top, inside in tops:
        if not top.is_dir():
            digest.update(f"{label} -\n".encode())
            continue
        # A file bp must not read (a FIFO, /dev/zero, a link out of the repository) is never opened:
        # its refusal is hashed instead, and bp check reports it before anything is built.
        for file in source_tree(top, inside):
            relative = file.path.relative_to(top).as_posix()
            data = _contents(file.path) if file.refused is None else f"<{file.refused.code} {file.refused.message}>".encode()
            digest.update(f"{label}/{relative} {len(data)}\n".encode())
            digest.update(data)
    return digest.hexdigest()


def _contents(path: Path) -> bytes:
    try:
        return read_regular(path)
    except OSError as exc:  # RefusedFile too: changed under our feet; bp check will say what it is
        return f"<unreadable: {exc.strerror or exc}>".encode()
