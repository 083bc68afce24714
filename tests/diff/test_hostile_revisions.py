"""A revision bp reads is data, not a checkout: a crafted tree (`..`, `.git`, a name that is both a
file and a folder, a submodule) is refused with exit 2, and nothing is written outside bp's own
temporary directory. Such trees are made with `git mktree`, as a fetched branch may hold them
(git does not fsck fetched objects by default)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.runbp import bp
from .conftest import _ENV, git


def _tree(repo: Path, entries: list[tuple[str, str, str, str]]) -> str:
    """A tree object from (mode, kind, sha, name) entries; git mktree checks nothing about the names."""
    listing = "".join(f"{mode} {kind} {sha}\t{name}\n" for mode, kind, sha, name in entries)
    return _git_input(repo, listing, "mktree")


def _git_input(repo: Path, text: str, *args: str) -> str:
    import subprocess


    run = subprocess.run(["git", "-C", str(repo), *args], input=text, capture_output=True, text=True,
                         env={**os.environ, **_ENV}, check=True)
    return run.stdout.strip()


def _entries(repo: Path, treeish: str) -> list[tuple[str, str, str, str]]:
    entries = []
    for line in git(repo, "ls-tree", treeish).splitlines():
        meta, name = line.split("\t", 1)
        mode, kind, sha = meta.split()
        entries.append((mode, kind, sha, name))
    return entries


def _branch_with_definitions(repo: Path, extra: list[tuple[str, str, str, str]], branch: str = "review/fix") -> None:
    """A commit on `branch` whose definitions/ holds HEAD's entries plus `extra` (never checked out)."""
    definitions = _tree(repo, _entries(repo, "HEAD:definitions") + extra)
    top = [e if e[3] != "definitions" else (e[0], e[1], definitions, e[3]) for e in _entries(repo, "HEAD")]
    commit = _git_input(repo, "from a colleague\n", "commit-tree", _tree(repo, top), "-p", "HEAD")
    git(repo, "branch", branch, commit)


def _escaping_tree(repo: Path, depth: int, name: str) -> tuple[str, str, str, str]:
    """`..` nested `depth` times above a blob called `name`."""
    blob = _git_input(repo, "written by a crafted commit\n", "hash-object", "-w", "--stdin")
    entry = ("100644", "blob", blob, name)
    for _ in range(depth):
        entry = ("040000", "tree", _tree(repo, [entry]), "..")
    return entry


@pytest.mark.parametrize("command", [("diff", "HEAD", "review/fix"), ("check", "--since", "review/fix")])
def test_a_dotdot_entry_is_refused_and_nothing_is_written_outside(scratch_repo, tmp_path: Path,
                                                                   command: tuple[str, ...]) -> None:
    repo = scratch_repo()
    temporary = tmp_path / "tmp" / "inner"  # bp-diff-XXXX/ is made here; three `..` above it is tmp_path
    temporary.mkdir(parents=True)
    _branch_with_definitions(repo, [_escaping_tree(repo, 4, "victim.txt")])
    run = bp(*command, "--root", str(repo), cwd=repo, env={"TMPDIR": str(temporary)})
    assert run.returncode == 2, run.stdout + run.stderr
    assert "holds a path git would refuse to check out, 'definitions/../../../../victim.txt'" in run.stderr
    assert "Traceback" not in run.stderr
    assert not list(tmp_path.rglob("victim.txt"))
    assert not list(temporary.iterdir()), "the temporary directory is removed"


@pytest.mark.parametrize("name", [".", ".git", ".GIT"])
def test_dot_and_dot_git_entries_are_refused(scratch_repo, name: str) -> None:
    repo = scratch_repo()
    blob = _git_input(repo, "x\n", "hash-object", "-w", "--stdin")
    _branch_with_definitions(repo, [("040000", "tree", _tree(repo, [("100644", "blob", blob, "config")]), name)])
    run = bp("diff", "HEAD", "review/fix", "--root", str(repo), cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"'definitions/{name}/config'" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_name_that_is_both_a_file_and_a_folder_is_refused(scratch_repo) -> None:
    repo = scratch_repo()
    blob = _git_input(repo, "x\n", "hash-object", "-w", "--stdin")
    folder = _tree(repo, [("100644", "blob", blob, "inner.yaml")])
    _branch_with_definitions(repo, [("100644", "blob", blob, "twice"), ("040000", "tree", folder, "twice")])
    run = bp("diff", "HEAD", "review/fix", "--root", str(repo), cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "holds 'definitions/twice" in run.stderr and "both a file and a folder" in run.stderr
    assert "Traceback" not in run.stderr


def test_definitions_as_a_submodule_is_said_not_reported_as_removed(scratch_repo) -> None:
    repo = scratch_repo()
    head = git(repo, "rev-parse", "HEAD").strip()
    top = [e if e[3] != "definitions" else ("160000", "commit", head, "definitions") for e in _entries(repo, "HEAD")]
    commit = _git_input(repo, "definitions as a submodule\n", "commit-tree", _tree(repo, top), "-p", "HEAD")
    git(repo, "branch", "submodule", commit)
    run = bp("diff", "HEAD", "submodule", "--root", str(repo), cwd=repo)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "holds definitions as a git submodule" in run.stderr
    assert "removed" not in run.stdout
