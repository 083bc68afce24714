"""Throwaway rules repositories for tests to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "tests" / "fixtures" / "minimal"


def minimal_repository(into: Path) -> Path:
    """A copy of tests/fixtures/minimal at INTO/rules, with the real rules.yaml and schemas: a small valid
    rules repository."""
    root = into / "rules"
    shutil.copytree(MINIMAL, root)
    shutil.copy(ROOT / "definitions" / "rules.yaml", root / "definitions" / "rules.yaml")
    shutil.copytree(ROOT / "schema", root / "schema")
    return root
