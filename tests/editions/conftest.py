"""The next edition written as data (tests/editions/v9.0): a copy to check, play and break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from toolchain.checks import Checked
from toolchain.model.kept import FileCache

EDITIONS = Path(__file__).resolve().parent
ROOT = EDITIONS.parent.parent
V9 = EDITIONS / "v9.0"


# Each file's parsed document and schema findings, kept by its bytes for every copy this process loads (model/kept.py,
# as bp diff keeps them for its two revisions): a copy with one file changed parses and validates that file alone
# again. The examples and the rest of the check run on every load.
_FILES = FileCache.in_memory()


def load_copy(root: Path, searches: bool = True) -> Checked:
    """toolchain.load of a copy of an edition, its unchanged files read as the copies before it read them; without
    `searches`, the design guidelines' searches (BP043, BP044, BP046) are not played: for a test that reads no
    finding of theirs, as they are most of a check's time."""
    return toolchain.load(root, files=_FILES, searches=searches)


def copy_v9(target: Path) -> Path:
    """A copy of the 9.0 rules repository as it is: definitions/ and docs/ (the rulebook's text, its Sphinx
    configuration and stylesheet); nothing of this repository is added to it (the schemas are the toolchain's)."""
    root = target / "rules"
    for part in ("definitions", "docs"):
        shutil.copytree(V9 / part, root / part)
    return drop_missing_history(root)


def from_v81_to(later: Path, name: str, target: Path) -> Path:
    """A git repository at TARGET whose first commit (tagged v8.1) is this repository's definitions/ and docs/ and
    whose HEAD is the edition at LATER's (committed as NAME): what `bp diff v8.1 HEAD` compares."""
    from tests.diff.conftest import commit_all, git

    for part in ("definitions", "docs"):
        shutil.copytree(ROOT / part, target / part)
    drop_missing_history(target)
    git(target, "init", "-q")
    commit_all(target, "第8.1版")
    git(target, "tag", "v8.1")
    for part in ("definitions", "docs"):
        shutil.rmtree(target / part)
        shutil.copytree(later / part, target / part)
    drop_missing_history(target)
    commit_all(target, name)
    return target


@pytest.fixture(scope="module")
def v9(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy for the module's tests that only read it."""
    return copy_v9(tmp_path_factory.mktemp("v9"))


@pytest.fixture
def v9_to_break(tmp_path: Path) -> Path:
    """A copy of its own, for a test that changes it."""
    return copy_v9(tmp_path)
