"""The definitions' files and the schemas as read from disk, before any YAML or JSON Schema: which
definitions files there are (repository.scan_definitions) and the bytes of each, read once and
bounded in size, and the bytes of each schema. The loader parses these bytes, and bp check's cache
keys are made of them (checks/result.py), so a check answered from the cache imports neither
a YAML library nor a validator.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .repository import SCHEMA_DIR, DefinitionFiles, scan_definitions

MAX_FILE_BYTES = 4 * 1024 * 1024  # a definitions file is a few kilobytes: more is refused unread


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    column: int  # 1-based


@dataclass
class LoadProblem:
    code: str
    message: str
    mark: Mark


def _read(path: Path) -> bytes | None:
    """The file's bytes, or None when it is larger than MAX_FILE_BYTES (not read into memory)."""
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    return None if len(raw) > MAX_FILE_BYTES else raw


def read(path: Path) -> bytes | LoadProblem:
    """A file's bytes, or why they are not read: every definitions file is read here."""
    try:
        raw = _read(path)
    except OSError as exc:
        return LoadProblem("BP012", f"cannot read the file: {exc.strerror or exc}", Mark(1, 1))
    if raw is None:
        return LoadProblem("BP011", f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; "
                                    "a definitions file is a few kilobytes", Mark(1, 1))
    return raw


def schema_sources(schema_dir: Path) -> list[tuple[str, bytes]]:
    """Every schema file's name and bytes."""
    return [(path.name, path.read_bytes()) for path in sorted(schema_dir.glob("*.schema.json"))]


@dataclass(frozen=True)
class Sources:
    """The files under definitions/ and their bytes (or why they were not read), and the schemas."""

    scanned: DefinitionFiles
    raw: dict[Path, bytes | LoadProblem]
    schemas: list[tuple[str, bytes]]


def read_sources(root: Path) -> Sources:
    scanned = scan_definitions(root)
    return Sources(scanned, {path: read(path) for path in scanned.files}, schema_sources(root / SCHEMA_DIR))
