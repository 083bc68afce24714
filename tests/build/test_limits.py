"""A build under strain: an absurd -j, an input saved while it is read."""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest

from tests.conftest import MINIMAL
from tests.runbp import ROOT, bp

PAGE_TEMPLATE = Path("templates") / "actionlist" / "page.html.j2"
SAVED_DURING_THE_BUILD = "<!-- saved during the build -->"


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


def test_an_input_saved_during_the_build_makes_its_outputs_stale(repo: Path, tmp_path: Path) -> None:
    """A template saved after the plan hashed it, and then saved back as it was: the site holds pages of
    the saved text, so the next build makes them again rather than saying up to date. The build's
    `cancelled` question, asked before each step, is the hook that saves it (in this thread only, not
    the watcher's)."""
    import toolchain
    from toolchain.site.build import plan_build, run_build

    site = tmp_path / "site"
    template = repo / PAGE_TEMPLATE
    original = template.read_text(encoding="utf-8")
    saved: list[bool] = []

    def save_once() -> bool:
        if not saved and threading.current_thread() is threading.main_thread():
            template.write_text(original.replace("</body>", f"{SAVED_DURING_THE_BUILD}</body>", 1), encoding="utf-8")
            saved.append(True)
        return False

    assert "</body>" in original
    plan = plan_build(repo, site, ["actionlist-html"])
    logged: list[str] = []
    report = run_build(plan, toolchain.load(repo).definitions, logged.append, jobs=1, cancelled=save_once)
    assert saved and SAVED_DURING_THE_BUILD in (site / "actionlist" / "html" / "all.html").read_text(encoding="utf-8")

    template.write_text(original, encoding="utf-8")  # saved back: the inputs hash as the plan found them
    run = bp("build", "--root", str(repo), "--out", str(site), "--only", "actionlist-html", "--format", "json")
    assert run.returncode == 0, run.stderr
    assert not json.loads(run.stdout)["up_to_date"]
    assert SAVED_DURING_THE_BUILD not in (site / "actionlist" / "html" / "all.html").read_text(encoding="utf-8")
    again = bp("build", "--root", str(repo), "--out", str(site), "--only", "actionlist-html", "--format", "json")
    assert json.loads(again.stdout)["up_to_date"]
    assert report.stale == ["templates/actionlist/page.html.j2"]
    assert any(line.startswith("changed during the build: templates/actionlist/page.html.j2") for line in logged)
