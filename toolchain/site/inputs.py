"""What a build is made from, hashed before anything is loaded: the repository's source folders,
the toolchain's own files, the versions of the renderers, and the build date.

A build whose fingerprint equals the one recorded in the site's manifest has nothing to do;
this module is imported on that fast path, so it imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from ..provenance import TOOLCHAIN, BuildDate, renderer_versions, source_files

SOURCE_DIRS = ("definitions", "schema", "docs", "templates")


def balance_report(root: Path) -> Path:
    """Where `bp balance` writes its report by default, which the site links when it is there (an input too)."""
    return root / "build" / "balance"


def fingerprint(root: Path, date: BuildDate) -> str:
    """One hash of everything a build reads: change any input file, the toolchain, a renderer's
    version or the build date, and it changes."""
    digest = hashlib.sha256()
    digest.update(f"python {sys.version_info[:3]}\n".encode())
    for line in renderer_versions():
        digest.update(f"{line}\n".encode())
    digest.update(f"date {date.iso}\n".encode())
    tops = [(name, root / name) for name in SOURCE_DIRS]
    tops.append(("balance", balance_report(root)))
    tops += [("toolchain", TOOLCHAIN), ("toolchain-templates", TOOLCHAIN.parent / "templates")]
    for label, top in tops:
        if not top.is_dir():
            digest.update(f"{label} -\n".encode())
            continue
        for path in source_files(top):
            relative = path.relative_to(top).as_posix()
            try:
                data = path.read_bytes()
            except OSError:
                data = b"<unreadable>"
            digest.update(f"{label}/{relative} {len(data)}\n".encode())
            digest.update(data)
    return digest.hexdigest()
