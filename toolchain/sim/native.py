"""The simulator's engine compiled by mypyc: used only when it was compiled from the sources as they are now.

`scripts/compile-sim` (run by `make bootstrap`) compiles COMPILED into C extensions in build/mypyc/
(one per module and the group's shared library, GROUP) and records there the hash of every source of the
package. `toolchain/sim/__init__.py` puts that directory in front of the package's path only when every
hash matches: an edited module never runs as its old compiled copy; the whole package runs as Python
until it is compiled again. With BP_PURE_PYTHON=1 the Python sources run even when the compiled modules
are current (to compare the two). This module itself stays Python, and imports only the standard library
(the build script loads it by its path).
"""

from __future__ import annotations

import hashlib
import json
import os
import sysconfig
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUILD = PACKAGE.parent.parent / "build" / "mypyc"
MANIFEST = BUILD / "manifest.json"
GROUP = "toolchain.sim.compiled"  # the shared library is toolchain.sim.compiled__mypyc (no name of the sources)

# Every module of the engine but these: the door and this module (they run before the path is chosen);
# errors (its exceptions subclass builtin types, which mypyc does not compile). The policy agent is compiled:
# a balance run plays it by the million. The tools built on the engine (toolchain/simtools: random play,
# coverage and transcripts among them, whose objects a worker process sends back pickled, which a compiled
# class cannot be) are not compiled.
NOT_COMPILED = frozenset({"__init__.py", "native.py", "errors.py"})


def compiled_sources() -> list[Path]:
    return sorted(path for path in PACKAGE.glob("*.py") if path.name not in NOT_COMPILED)


def source_hashes() -> dict[str, str]:
    """sha256 of every source of the package, compiled or not (a compiled module may inline what it imports)."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(PACKAGE.glob("*.py"))}


def interpreter() -> str:
    """The interpreter a compiled extension is built for (its file suffix names the ABI)."""
    return str(sysconfig.get_config_var("EXT_SUFFIX"))


def manifest() -> dict[str, object]:
    return {"interpreter": interpreter(), "sources": source_hashes()}


def current() -> bool:
    """True when build/mypyc holds the package compiled from exactly the sources there are now."""
    try:
        recorded = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return recorded == manifest()


def search_path(package_path: list[str]) -> list[str]:
    """The package's __path__: the compiled modules first when they are current, else the sources alone."""
    if os.environ.get("BP_PURE_PYTHON") or not current():
        return package_path
    return [str(BUILD / "toolchain" / "sim"), *package_path]


def running_compiled() -> bool:
    """Whether the simulator's modules of this process are the compiled ones."""
    from . import flow
    return not str(getattr(flow, "__file__", "")).endswith(".py")
