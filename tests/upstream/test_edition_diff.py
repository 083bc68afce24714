"""bp diff between two imported editions: 第六版's act.yaml read into 第8.1版's vocabulary and 第9.0版's files read
into 第9.1.1版's, committed one after the other in a rules repository, compare as any two revisions do."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.runbp import ROOT, bp

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
EDITION = ROOT / "editions" / "v9.1.1"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=rules@example.org", "-c", "user.name=rules", *args], cwd=repo, check=True,
                   capture_output=True)


def _commit_import(repo: Path, imported: Path, tag: str) -> None:
    """The repository's files replaced by an import's (its own marker aside), committed and tagged."""
    for child in repo.iterdir():
        if child.name != ".git":
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.copytree(imported, repo, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".bp-output"))
    _git(repo, "read-tree", "--empty")  # every file hashed again: a copy of a file's size and mtime may look unchanged
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", tag)
    _git(repo, "tag", tag)


# About 40 s on the shared 2-core machine: two imports and a diff that loads both revisions.
def test_bp_diff_runs_between_two_imported_editions(tmp_path: Path) -> None:
    v6, v9, repo = tmp_path / "v6", tmp_path / "v9", tmp_path / "rules"
    imported = bp("import", str(UPSTREAM / "v6" / "act.yaml"), "--into", str(v6), "--rules", str(ROOT),
                  "--names", str(UPSTREAM / "names-v6.yaml"))
    assert imported.returncode == 0, imported.stderr
    imported = bp("import", str(UPSTREAM / "v9.0" / "act.yaml"), str(UPSTREAM / "v9.0" / "act-frame.yaml"), "--into", str(v9),
                  "--rules", str(EDITION), "--names", str(UPSTREAM / "names-v9.yaml"))
    assert imported.returncode == 0, imported.stderr
    repo.mkdir()
    _git(repo, "init", "-q")
    _commit_import(repo, v6, "v6.0")
    _commit_import(repo, v9, "v9.0")
    result = bp("diff", "v6.0", "v9.0", "--root", str(repo), "--format", "text", "--color", "never")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "v6.0" in result.stdout and "v9.0" in result.stdout
    assert "第8.1版 → 第9.1.1版" in result.stdout  # each import's edition is its target's
    assert "パック開封" in result.stdout  # a frame action 第六版's data has not: added
