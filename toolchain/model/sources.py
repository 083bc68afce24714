"""The definitions' files and the schemas as read from disk, before any YAML or JSON Schema: which
definitions files there are (repository.scan_definitions) and the bytes of each, read once and
bounded in size, and the bytes of each schema. The loader parses these bytes, and bp check's cache
keys are made of them (checks/result.py), so a check answered from the cache imports neither
a YAML library nor a validator.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..i18n import _, system_reason
from .files import MAX_DEFINITION_BYTES, SOURCE_DIRS, Refusal, RefusedFile, read_regular, refusal, source_tree
from .repository import DEFINITIONS_DIR, TOOLCHAIN_SCHEMAS, DefinitionFiles, scan_definitions


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    column: int  # 1-based


@dataclass
class LoadProblem:
    code: str
    message: str
    mark: Mark


def read(path: Path) -> bytes | LoadProblem:
    """A file's bytes, or why they are not read: every definitions file is read here, never a FIFO or
    device, and bounded before it is in memory (files.py)."""
    try:
        return read_regular(path, MAX_DEFINITION_BYTES)
    except RefusedFile as exc:
        return LoadProblem(exc.refusal.code, exc.refusal.message, Mark(1, 1))
    except OSError as exc:
        return LoadProblem("BP012", _("cannot read the file: {reason}").format(reason=system_reason(exc)), Mark(1, 1))


def schema_sources(schema_dir: Path) -> list[tuple[str, bytes]]:
    """Every schema file's name and bytes, as validation reads them (of one bp does not open: its refusal)."""
    root = schema_dir.resolve().parent
    found = []
    for path in sorted(schema_dir.glob("*.schema.json")):
        refused = refusal(path, root)
        try:
            data = f"<{refused.code} {refused.message}>".encode() if refused else read_regular(path)
        except OSError as exc:
            data = f"<unreadable: {exc.strerror or exc}>".encode()
        found.append((path.name, data))
    return found


@dataclass(frozen=True)
class Sources:
    """The files under definitions/ and their bytes (or why they were not read), the schemas, and the
    files bp must not open in the other folders it reads (a finding of bp check's too)."""

    scanned: DefinitionFiles
    raw: dict[Path, bytes | LoadProblem]
    schemas: list[tuple[str, bytes]]
    others: list[tuple[Path, Refusal]]


def read_sources(root: Path) -> Sources:
    scanned = scan_definitions(root)
    others = [(file.path, file.refused) for folder in SOURCE_DIRS if folder != DEFINITIONS_DIR
              for file in source_tree(root / folder, root) if file.refused is not None]
    return Sources(scanned, {path: read(path) for path in scanned.files}, schema_sources(TOOLCHAIN_SCHEMAS), others)
