"""A build under strain: an absurd -j."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import MINIMAL
from tests.runbp import ROOT, bp


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """The minimal rules with the repository's own templates (the action lists read them when they render)."""
    root = tmp_path / "rules"
    shutil.copytree(MINIMAL, root)
    shutil.copy(ROOT / "definitions" / "rules.yaml", root / "definitions" / "rules.yaml")
    for folder in ("schema", "templates"):
        shutil.copytree(ROOT / folder, root / folder)
    return root


def _tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def test_an_absurd_jobs_is_capped_at_twice_the_cores_and_said(repo: Path, tmp_path: Path) -> None:
    run = bp("build", "--root", str(repo), "--out", str(tmp_path / "site"), "--only", "actionlist-html", "-j", "10000",
             "--format", "json")
    assert run.returncode == 0, run.stderr
    most = 2 * (os.cpu_count() or 1)
    assert json.loads(run.stdout)["workers"] == most
    assert f"-j 10000: {most} processes render" in run.stderr


def test_a_build_without_a_rendering_step_forks_no_process(repo: Path, tmp_path: Path) -> None:
    run = bp("build", "--root", str(repo), "--out", str(tmp_path / "site"), "--only", "definitions.json", "-j", "8",
             "--format", "json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["workers"] == 1
