"""Fixtures of the simulator's tests: the checked definitions and their engine."""

from __future__ import annotations

import pytest

from toolchain import sim
from toolchain.model import Definitions


@pytest.fixture(scope="session")
def engine(defs: Definitions) -> sim.Engine:
    return sim.Engine(defs)
