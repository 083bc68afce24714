"""Shared fixtures: the repository root, and throwaway rules repositories to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = Path(__file__).resolve().parent / "fixtures" / "minimal"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture
def minimal_repo(tmp_path: Path) -> Path:
    """A small valid rules repository (tests/fixtures/minimal, with the real rules.yaml and schemas)."""
    root = tmp_path / "rules"
    shutil.copytree(MINIMAL, root)
    shutil.copy(ROOT / "definitions" / "rules.yaml", root / "definitions" / "rules.yaml")
    shutil.copytree(ROOT / "schema", root / "schema")
    return root
