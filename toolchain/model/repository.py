"""Where the rules repository is, and which definitions file holds which kind."""

from __future__ import annotations

import errno
import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

DEFINITIONS_DIR = "definitions"
SCHEMA_DIR = "schema"


@dataclass(frozen=True)
class Kind:
    name: str
    pattern: str  # glob relative to definitions/
    schema: str  # file name in schema/
    optional: bool = False  # a repository may have none (no rulings yet): not reported missing (BP008)

    def matches(self, relative: str) -> bool:
        return fnmatch.fnmatchcase(relative, self.pattern) and "/" not in relative[len(self.pattern.split("*")[0]):]


# The layout a rules editor sees (definitions/README.md). Order: the order they are loaded.
KINDS: tuple[Kind, ...] = (
    Kind("rules", "rules.yaml", "rules.schema.json"),
    Kind("formats", "formats.yaml", "formats.schema.json"),
    Kind("actions", "actions/*.yaml", "actions.schema.json"),
    Kind("characters", "characters.yaml", "characters.schema.json"),
    Kind("fog", "fog.yaml", "fog.schema.json"),
    Kind("frames", "frames/frames.yaml", "frames.schema.json"),
    Kind("frame-actions", "frames/actions.yaml", "frame-actions.schema.json"),
    Kind("frame-fog", "frames/fog.yaml", "frame-fog.schema.json"),
    Kind("trumps", "frames/trumps.yaml", "trumps.schema.json"),
    Kind("rulings", "rulings.yaml", "rulings.schema.json", optional=True),
)


class RepositoryError(Exception):
    """The rules repository cannot be found or read (exit code 2)."""


def find_root(start: Path | None = None) -> Path:
    """The nearest directory at or above `start` that has definitions/ and schema/."""
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / DEFINITIONS_DIR).is_dir() and (candidate / SCHEMA_DIR).is_dir():
            return candidate
    raise RepositoryError(
        f"no rules repository at or above {here}: expected a directory with {DEFINITIONS_DIR}/ and {SCHEMA_DIR}/ (use --root PATH)"
    )


def check_root(root: Path) -> Path:
    root = root.resolve()
    if not root.is_dir():
        raise RepositoryError(f"{root}: no such directory")
    for sub in (DEFINITIONS_DIR, SCHEMA_DIR):
        if not (root / sub).is_dir():
            raise RepositoryError(f"{root}: not a rules repository: {sub}/ is missing")
    return root


def kind_of(relative: str) -> Kind | None:
    for kind in KINDS:
        if kind.matches(relative):
            return kind
    return None


YAML_SUFFIXES = (".yaml", ".yml")


@dataclass
class DefinitionFiles:
    """The YAML files under definitions/: those that can be opened, and the symbolic links that
    cannot (dangling or looping), each with the reason."""

    files: list[Path] = field(default_factory=list)
    broken_links: list[tuple[Path, str]] = field(default_factory=list)


def scan_definitions(root: Path) -> DefinitionFiles:
    """Every YAML file under definitions/, in a stable order. A directory that cannot be read is
    a RepositoryError (the tree cannot be checked); a broken link is reported by the loader."""
    base = root / DEFINITIONS_DIR
    found = DefinitionFiles()
    visited: set[str] = set()

    def unreadable(error: OSError) -> None:
        raise RepositoryError(f"{error.filename}: cannot read the directory: {error.strerror}")

    # followlinks: a symlinked folder is part of the tree, but each real folder is walked once (no loops).
    for folder, subfolders, names in os.walk(base, onerror=unreadable, followlinks=True):
        real = os.path.realpath(folder)
        if real in visited:
            subfolders[:] = []
            continue
        visited.add(real)
        subfolders.sort()
        for name in sorted(names):
            path = Path(folder, name)
            if path.suffix not in YAML_SUFFIXES:
                continue
            reason = _broken_link(path)
            if reason:
                found.broken_links.append((path, reason))
            elif path.is_file():
                found.files.append(path)
    found.files.sort()
    return found


def _broken_link(path: Path) -> str | None:
    if not path.is_symlink():
        return None
    try:
        path.stat()
    except FileNotFoundError:
        return f"the symbolic link points to {os.readlink(path)}, which does not exist"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "the symbolic link loops (it points, in the end, back to itself)"
        return f"the symbolic link cannot be followed: {exc.strerror}"
    return None


def definition_files(root: Path) -> list[Path]:
    """Every readable YAML file under definitions/, in a stable order."""
    return scan_definitions(root).files
