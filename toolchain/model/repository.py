"""Where the rules repository is, and which definitions file holds which kind."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path

from .files import MAX_DEFINITION_BYTES, Refusal, source_tree

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
    """The YAML files under definitions/ that may be read, and the files bp does not open (a dangling
    or looping link, one leading out of the repository, a FIFO or device, any file too large), each
    with its refusal."""

    files: list[Path] = field(default_factory=list)
    refused: list[tuple[Path, Refusal]] = field(default_factory=list)


def scan_definitions(root: Path) -> DefinitionFiles:
    """Every YAML file under definitions/, in a stable order, and every file refused there (files.py).
    A directory that cannot be read is a RepositoryError (the tree cannot be checked)."""
    found = DefinitionFiles()

    def unreadable(error: OSError) -> None:
        raise RepositoryError(f"{error.filename}: cannot read the directory: {error.strerror}")

    # A symlinked folder inside the repository is part of the tree, each real folder walked once.
    for file in source_tree(root / DEFINITIONS_DIR, root, MAX_DEFINITION_BYTES, onerror=unreadable):
        if file.refused is not None:
            found.refused.append((file.path, file.refused))
        elif file.path.suffix in YAML_SUFFIXES:
            found.files.append(file.path)
    found.files.sort()
    return found


def definition_files(root: Path) -> list[Path]:
    """Every readable YAML file under definitions/, in a stable order."""
    return scan_definitions(root).files
