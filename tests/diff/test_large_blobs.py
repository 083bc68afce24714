"""A blob larger than the loader reads (a definitions file over 4 MB) is not read out of git either: bp diff
reports the loader's own finding at the file, and its memory does not grow with the blob."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.runbp import ROOT

from .conftest import _ENV
from .test_hostile_revisions import _branch_with_definitions

BLOB_BYTES = 120 * 1024 * 1024
# bp diff of two small revisions stays well under this; holding the blob (twice, as it did) does not
MOST_KILOBYTES = 200 * 1024


def _large_blob(repo: Path, tmp_path: Path) -> str:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.write(b"# a comment\n")
        handle.truncate(BLOB_BYTES)
    sha = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", str(big)], capture_output=True, text=True, check=True,
                         env={**os.environ, **_ENV}).stdout.strip()
    big.unlink()
    return sha


def test_a_large_blob_is_refused_at_its_file_without_being_read(scratch_repo, tmp_path: Path) -> None:
    repo = scratch_repo()
    _branch_with_definitions(repo, [("100644", "blob", _large_blob(repo, tmp_path), "huge.yaml")])
    # The peak memory of bp (and of the git it runs), measured by a parent of its own.
    measure = ("import resource, subprocess, sys; run = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(run.returncode); "
               "sys.stderr.write(run.stdout + run.stderr)")
    run = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "toolchain", "diff", "HEAD", "review/fix",
                          "--root", str(repo)], capture_output=True, text=True, cwd=repo, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    kilobytes, code = map(int, run.stdout.split())
    assert "Traceback" not in run.stderr, run.stderr
    assert "definitions/huge.yaml:1:1" in run.stderr and "larger than 4 MB" in run.stderr, run.stderr
    assert code in (0, 1), run.stderr  # a report, the revision's findings in it
    assert kilobytes < MOST_KILOBYTES, f"bp diff peaked at {kilobytes // 1024} MB"
