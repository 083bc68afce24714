"""Shared fixtures: the action lists are built once per session by the real command, into a
temporary directory shared by every xdist worker, and every test reads that build."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.repos import copy_rules_yaml
from tests.shared import build_actionlists, once

ROOT = Path(__file__).resolve().parents[2]


def run_bp(*args: str, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolchain", *args, "--root", str(root)], capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`bp actionlist --out …`: build/site/actionlist as `bp build` writes it (made once, tests/shared.py)."""
    return once(tmp_path_factory, "actionlist", build_actionlists) / "actionlist"


@pytest.fixture(scope="session")
def definitions():
    from toolchain.model.loader import load_definitions

    return load_definitions(ROOT).definitions


@pytest.fixture()
def repo_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rules repository to spoil: definitions, schemas and templates copied."""
    repo = tmp_path_factory.mktemp("repo")
    for part in ("definitions", "schema", "templates"):
        shutil.copytree(ROOT / part, repo / part)
    copy_rules_yaml(repo / "definitions" / "rules.yaml")  # its own edition alone
    return repo
