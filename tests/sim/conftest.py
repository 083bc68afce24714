"""Fixtures of the simulator's tests: the checked definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.cli import load_checked
from toolchain.model import Definitions


@pytest.fixture(scope="session")
def defs(repo_root: Path) -> Definitions:
    result, findings = load_checked(repo_root)
    assert findings == [], [f.text() for f in findings]
    return result.definitions
