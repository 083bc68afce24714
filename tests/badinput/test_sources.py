"""The repository's files that bp must not open, met where the corpus cannot put them: after a
build, by the no-op build's input hashing (which read every file whole)."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from tests.repos import minimal_rules_yaml
from tests.runbp import ROOT

MINIMAL = ROOT / "tests" / "fixtures" / "minimal"
MEMORY = 1536 * 1024 * 1024  # far more than a build needs; reading /dev/zero whole needs more


def _bp_with_bounded_memory(*args: str) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    return subprocess.run([sys.executable, "-m", "toolchain", *args], capture_output=True, text=True, timeout=120,
                          preexec_fn=limit, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_link_to_dev_zero_added_after_a_build_is_a_finding_not_read(tmp_path: Path) -> None:
    root = tmp_path / "rules"
    shutil.copytree(MINIMAL, root)
    minimal_rules_yaml(root / "definitions" / "rules.yaml")
    shutil.copytree(ROOT / "schema", root / "schema")
    args = ("build", "--root", str(root), "--out", str(tmp_path / "site"), "--only", "definitions.json")
    first = _bp_with_bounded_memory(*args)
    assert first.returncode == 0, first.stderr
    (root / "docs").mkdir()
    (root / "docs" / "zero.rst").symlink_to("/dev/zero")
    again = _bp_with_bounded_memory(*args)
    assert "Traceback" not in again.stderr and "MemoryError" not in again.stderr, again.stderr[-2000:]
    assert again.returncode == 1, again.stderr
    assert "docs/zero.rst:1:1: error[BP012]: the symbolic link leads to /dev/zero, outside the repository" in again.stderr
