"""What a check reads outside its repository, each by a digest of its bytes: the history's folder and records and the
past editions' definitions (model/past_editions.py). bp check keeps them with its result (checks/result.py) and
gives that result again only while every one is the same, as the repository's own files are keyed; a past
edition's entries are kept by their definitions' digest, so that an unchanged past edition is not loaded again.
Nothing here parses YAML: a kept result is answered without a YAML library.

    read = [Read("file", path, digest("file", path)), ...]
    if unchanged(read): ...
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from ..resultcache import key_of
from .repository import TOOLCHAIN_SCHEMAS, RepositoryError, scan_definitions
from .sources import LoadProblem, Sources, read, schema_sources

RECORD_SUFFIX = "*.yaml"  # the history folder's records


class Read(NamedTuple):
    what: str  # "folder" (the records it lists), "file" (its bytes), "definitions" (a repository's definitions/)
    path: str  # absolute
    digest: str


def definitions_sources(root: Path) -> Sources:
    """The files load_definitions reads of the repository at `root` (RepositoryError when its definitions/ cannot be
    read), without the other folders' refused files, which are findings of the repository's own check only."""
    scanned = scan_definitions(root)
    return Sources(scanned, {path: read(path) for path in scanned.files}, schema_sources(TOOLCHAIN_SCHEMAS), [])


def sources_digest(sources: Sources) -> str:
    """The digest of everything the definitions are made from: each file's bytes (or why it was not read), the
    files refused, the schemas."""
    parts: list[str | bytes] = []
    for name, data in sources.schemas:
        parts += [f"schema {name}", data]
    for path, raw in sources.raw.items():
        parts += [f"file {path}", raw if isinstance(raw, bytes) else f"not read: {raw.code} {raw.message}"]
    for path, refused in sources.scanned.refused:
        parts += [f"refused {path}", f"{refused.code} {refused.message}"]
    return key_of(*parts)


def file_digest(data: bytes | LoadProblem) -> str:
    """The digest of a file as sources.read gave it."""
    return key_of(data) if isinstance(data, bytes) else key_of("not read", data.code, data.message)


def digest(what: str, path: Path) -> str:
    """The digest of what is at `path` now, read as `what` says."""
    if what == "folder":
        if not path.exists():
            return "absent"
        if not path.is_dir():
            return "not a folder"
        return key_of(*sorted(record.name for record in path.glob(RECORD_SUFFIX)))
    if what == "file":
        return file_digest(read(path))  # bounded, and never a FIFO or a device
    if what == "definitions":
        try:
            return sources_digest(definitions_sources(path))
        except RepositoryError as exc:
            return key_of("cannot be read", str(exc))
    raise ValueError(what)


def unchanged(read_before: Any) -> bool:
    """Whether everything of `read_before` (Reads, or as kept: lists of what, path, digest) is as it was; False for
    anything else, as a cache entry may come from anywhere."""
    if not isinstance(read_before, (list, tuple)):
        return False
    for entry in read_before:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 3 and all(isinstance(part, str) for part in entry)):
            return False
        what, path, before = entry
        if what not in ("folder", "file", "definitions") or not Path(path).is_absolute() or digest(what, Path(path)) != before:
            return False
    return True
