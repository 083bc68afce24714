"""Output directories: nothing a user keeps is deleted or overwritten, and a site is replaced in one step."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.repos import copy_rules_yaml
from tests.runbp import ROOT, bp, running, start_bp, stop
from toolchain.site import outputs as publish


def _tree(path: Path) -> dict[str, bytes]:
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A user's directory full of their own files."""
    home = tmp_path / "home"
    (home / "notes").mkdir(parents=True)
    (home / "notes" / "todo.txt").write_text("mine", encoding="utf-8")
    (home / "thesis.tex").write_text("years of work", encoding="utf-8")
    return home


@pytest.mark.parametrize("command", [("build", "--only", "definitions.json"), ("actionlist",), ("rulebook",)])
def test_out_never_replaces_a_directory_bp_did_not_make(minimal_repo: Path, home: Path, command: tuple[str, ...]) -> None:
    before = _tree(home)
    run = bp(command[0], "--root", str(minimal_repo), "--out", str(home), *command[1:])
    assert run.returncode == 2, run.stderr
    assert "not empty and was not made by bp" in run.stderr and "Traceback" not in run.stderr
    assert _tree(home) == before
    assert sorted(p.name for p in home.parent.iterdir()) == ["home", "rules"]  # no staging left beside it


@pytest.mark.parametrize("where", ["repository", "ancestor"])
def test_out_refuses_the_repository_and_its_ancestors(minimal_repo: Path, where: str) -> None:
    out = minimal_repo if where == "repository" else minimal_repo.parent
    before = _tree(minimal_repo)
    for command in (("build", "--only", "definitions.json"), ("actionlist",), ("rulebook",)):
        run = bp(command[0], "--root", str(minimal_repo), "--out", str(out), *command[1:])
        assert run.returncode == 2, run.stderr
        assert ("is the rules repository" if where == "repository" else "contains the rules repository") in run.stderr
    assert _tree(minimal_repo) == before


def test_out_through_a_symlink_to_the_repository_is_refused(minimal_repo: Path, tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(minimal_repo)
    run = bp("build", "--root", str(minimal_repo), "--out", str(link), "--only", "definitions.json")
    assert run.returncode == 2 and "is the rules repository" in run.stderr
    assert (minimal_repo / "definitions" / "rules.yaml").is_file()


def test_out_that_is_a_file_is_refused(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site.txt"
    out.write_text("a file", encoding="utf-8")
    run = bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json")
    assert run.returncode == 2 and "is a file" in run.stderr
    assert out.read_text(encoding="utf-8") == "a file"


def test_a_site_bp_made_is_replaced_and_a_users_extra_file_in_it_kept(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json").returncode == 0
    assert publish.marker_kind(out) == "site"
    (out / "CNAME").write_text("rules.example.org", encoding="utf-8")
    run = bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert (out / "CNAME").read_text(encoding="utf-8") == "rules.example.org"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules", "site"]


def test_only_updates_those_outputs_and_keeps_the_rest(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json").returncode == 0
    # Pretend an earlier full build left the other outputs.
    (out / "rulebook").mkdir()
    (out / "rulebook" / "index.html").write_text("the rulebook", encoding="utf-8")
    (out / "blackpoker.pdf").write_bytes(b"%PDF the book")
    defs = minimal_repo / "definitions" / "actions"
    first = next(defs.glob("*.yaml"))
    first.write_text(first.read_text(encoding="utf-8").replace("name: エンド", "name: エンドX", 1), encoding="utf-8")
    run = bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert (out / "rulebook" / "index.html").read_text(encoding="utf-8") == "the rulebook"
    assert (out / "blackpoker.pdf").read_bytes() == b"%PDF the book"
    names = [a["name"] for a in json.loads((out / "definitions.json").read_text(encoding="utf-8"))["actions"]]
    assert "エンドX" in names


def test_an_unknown_step_is_a_usage_error_and_publishes_nothing(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json").returncode == 0
    before = _tree(out)
    run = bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "nonsense")
    assert run.returncode == 2
    assert "no build step 'nonsense'" in run.stderr and "definitions.json, balance, actionlist, rulebook" in run.stderr
    assert _tree(out) == before


def test_an_actionlist_tree_and_a_site_are_not_mixed_up(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json").returncode == 0
    run = bp("actionlist", "--root", str(minimal_repo), "--out", str(out))
    assert run.returncode == 2 and "holds a bp site output, not a actionlist output" in run.stderr
    assert (out / "definitions.json").is_file()


def test_export_writes_through_a_symlink(minimal_repo: Path, tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "defs.json"
    link.symlink_to(real)
    run = bp("export", "--root", str(minimal_repo), "-o", str(link))
    assert run.returncode == 0, run.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text(encoding="utf-8"))["counts"]["actions"] == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["defs.json", "real.json", "rules"]


def test_export_to_a_directory_is_a_usage_error(minimal_repo: Path, tmp_path: Path) -> None:
    run = bp("export", "--root", str(minimal_repo), "-o", str(tmp_path))
    assert run.returncode == 2 and "is a directory" in run.stderr and "Traceback" not in run.stderr


def test_the_default_site_of_an_earlier_version_is_still_replaced(minimal_repo: Path) -> None:
    site = minimal_repo / "build" / "site"
    site.mkdir(parents=True)
    (site / "definitions.json").write_text("{}", encoding="utf-8")  # no marker: written before markers existed
    run = bp("build", "--root", str(minimal_repo), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert publish.marker_kind(site) == "site"


def test_the_swap_is_one_rename_and_a_killed_fallback_is_repaired(tmp_path: Path) -> None:
    target = tmp_path / "site"
    with publish.publishing(target, "site") as work:
        (work / "a.txt").write_text("one", encoding="utf-8")
    with publish.publishing(target, "site") as work:
        (work / "a.txt").write_text("two", encoding="utf-8")
    assert (target / "a.txt").read_text(encoding="utf-8") == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    # A run killed between the two renames of the fallback swap leaves only the old site aside.
    os.rename(target, tmp_path / ".site.old-x1")
    publish.clean_stale(target)
    assert (target / "a.txt").read_text(encoding="utf-8") == "two"


def test_stale_staging_directories_are_removed_but_a_users_lookalike_is_not(tmp_path: Path) -> None:
    target = tmp_path / "site"
    stale = tmp_path / ".site.staging-abc"
    stale.mkdir()
    publish.write_marker(stale, "site")
    lookalike = tmp_path / ".site.staging-mine"
    lookalike.mkdir()
    (lookalike / "keep.txt").write_text("mine", encoding="utf-8")
    with publish.publishing(target, "site") as work:
        (work / "a.txt").write_text("one", encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.staging-mine", "site"]


@pytest.fixture
def unchangeable(tmp_path: Path) -> Iterator[Callable[[Path], None]]:
    """Make a folder this user cannot change, as root's `make build` leaves one to everyone else:
    0555 for a user; for root, whom modes do not stop, the immutable attribute. Undone afterwards
    wherever under tmp_path the folder went."""

    def make(folder: Path) -> None:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "+i", str(folder)], check=True, capture_output=True)
        else:
            folder.chmod(0o555)

    yield make
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-R", "-i", str(tmp_path)], check=True, capture_output=True)
    else:
        subprocess.run(["chmod", "-R", "u+w", str(tmp_path)], check=True, capture_output=True)


def test_a_site_another_user_made_is_refused_before_anything_is_staged(tmp_path: Path,
                                                                         unchangeable: Callable[[Path], None]) -> None:
    """The swap would succeed, and the previous site, which this user cannot remove, stay beside the
    new one as .site.staging-* for ever: refused at once, nothing left behind."""
    target = tmp_path / "site"
    with publish.publishing(target, "site") as work:
        (work / "html").mkdir()
        (work / "html" / "a.html").write_text("root's", encoding="utf-8")
    unchangeable(target / "html")
    with pytest.raises(publish.OutputError, match="cannot replace .*html cannot be changed by this user"), \
            publish.publishing(target, "site") as work:
        (work / "a.txt").write_text("mine", encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert (target / "html" / "a.html").read_text(encoding="utf-8") == "root's"


def test_a_failed_build_removes_its_staging_even_with_a_read_only_folder_in_it(tmp_path: Path) -> None:
    target = tmp_path / "site"
    with pytest.raises(RuntimeError), publish.publishing(target, "site") as work:
        (work / "copied").mkdir()
        (work / "copied" / "a.html").write_text("x", encoding="utf-8")
        (work / "copied").chmod(0o555)  # as carry_over copies a read-only folder of the previous site
        raise RuntimeError("the build failed")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.fixture
def repo_with_templates(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    for part in ("definitions", "schema", "templates"):
        shutil.copytree(ROOT / part, repo / part)
    copy_rules_yaml(repo / "definitions" / "rules.yaml")  # its own edition alone
    return repo


def test_a_killed_build_leaves_the_previous_site_and_the_next_run_cleans_up(repo_with_templates: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert bp("build", "--root", str(repo_with_templates), "--out", str(out), "--only", "definitions.json").returncode == 0
    before = _tree(out)
    with running("build", "--root", str(repo_with_templates), "--out", str(out), "--only", "actionlist") as process:
        deadline = time.monotonic() + 60
        while not any(p.name.startswith(".site.staging-") for p in tmp_path.iterdir()):  # the build is writing
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        time.sleep(0.5)
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert _tree(out) == before
    run = bp("build", "--root", str(repo_with_templates), "--out", str(out), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["repo", "site"]


def test_concurrent_builds_take_turns(minimal_repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    runs = [start_bp("build", "--root", str(minimal_repo), "--out", str(out), "--only", "definitions.json") for _ in range(4)]
    try:
        results = [(run.wait(timeout=120), run.stderr.read()) for run in runs]
    finally:
        for run in runs:
            stop(run)
    assert [code for code, _ in results] == [0, 0, 0, 0], results
    assert json.loads((out / "definitions.json").read_text(encoding="utf-8"))["counts"]["actions"] == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules", "site"]
