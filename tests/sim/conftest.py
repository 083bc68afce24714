"""Fixtures of the simulator's tests: the checked definitions and their engine."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolchain
from toolchain import sim
from toolchain.model import Definitions


@pytest.fixture(scope="session")
def defs(repo_root: Path) -> Definitions:
    result = toolchain.load(repo_root)

    findings = list(result.findings)
    assert findings == [], [f.text() for f in findings]
    return result.definitions


@pytest.fixture(scope="session")
def engine(defs: Definitions) -> sim.Engine:
    return sim.Engine(defs)
