"""Where the rules repository is, which definitions file holds which kind, and where the schemas are.

A rules repository needs only definitions/ (and docs/ to build the rulebook). The JSON Schemas are
the toolchain's: they state the shape of each kind of definition, which only the toolchain changes,
while the vocabularies the values are checked against are the edition's (rules.yaml, BP028). A
repository's own schema/ folder, if it has one, is for editors (`bp schema` writes it, with the
edition's vocabularies as enums for completion); the checks never read it."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _, system_reason
from ..provenance import TOOLCHAIN
from .files import MAX_DEFINITION_BYTES, Refusal, source_tree

DEFINITIONS_DIR = "definitions"
SCHEMA_DIR = "schema"  # where the definitions' `$schema=` comments point (../schema/<kind>.schema.json)
# The schemas the definitions are validated against: the toolchain's own, beside its package.
TOOLCHAIN_SCHEMAS = TOOLCHAIN.parent / SCHEMA_DIR


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
    Kind("frame-characters", "frames/characters.yaml", "frame-characters.schema.json", optional=True),
    Kind("rulings", "rulings.yaml", "rulings.schema.json", optional=True),
)


def folders_where_files_belong(root: Path) -> list[str]:
    """The folders of the repository at `root` standing where a kind's one file belongs (definitions/rulings.yaml
    made a folder): the loader says each (BP012), and bp check's cache key holds them, as no file in them is read."""
    return [f"{DEFINITIONS_DIR}/{kind.pattern}" for kind in KINDS
            if "*" not in kind.pattern and (root / DEFINITIONS_DIR / kind.pattern).is_dir()]


class RepositoryError(Exception):
    """The rules repository cannot be found or read (exit code 2)."""


def find_root(start: Path | None = None) -> Path:
    """The nearest directory at or above `start` that has definitions/."""
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / DEFINITIONS_DIR).is_dir():
            return candidate
    raise RepositoryError(_("no rules repository at or above {path}: expected a directory with {definitions}/ "
                            "(use --root PATH)").format(path=here, definitions=DEFINITIONS_DIR))


def check_root(root: Path) -> Path:
    root = root.resolve()
    if not root.is_dir():
        raise RepositoryError(_("{path}: no such directory").format(path=root))
    if not (root / DEFINITIONS_DIR).is_dir():
        raise RepositoryError(_("{path}: not a rules repository: {folder}/ is missing").format(path=root, folder=DEFINITIONS_DIR))
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
        raise RepositoryError(_("{path}: cannot read the directory: {reason}").format(path=error.filename, reason=system_reason(error)))

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
