"""A build under strain: an absurd -j, Ctrl-C in the middle, an input saved while it is read."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.repos import minimal_repository
from tests.runbp import ROOT, bp, sigint_at_default

PAGE_TEMPLATE = Path("templates") / "actionlist" / "page.html.j2"
SAVED_DURING_THE_BUILD = "<!-- saved during the build -->"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """The minimal rules with the repository's own templates (the action lists read them when they render)."""
    root = minimal_repository(tmp_path)
    shutil.copytree(ROOT / "templates", root / "templates")
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


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def test_ctrl_c_prints_one_line_exits_130_and_publishes_nothing(repo: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert bp("build", "--root", str(repo), "--out", str(site), "--only", "definitions.json").returncode == 0
    before = _tree(site)
    # A session of its own, as a terminal's foreground job: Ctrl-C sends SIGINT to every process of it.
    # SIGINT back to its default: a shell starts background jobs with it ignored, and so would the test.
    build = subprocess.Popen(
        [sys.executable, "-m", "toolchain", "build", "--root", str(repo), "--out", str(site), "--only", "actionlist", "-j", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True, preexec_fn=sigint_at_default)
    try:
        deadline = time.monotonic() + 120
        while not (any(p.name.startswith(".site.staging-") for p in tmp_path.iterdir()) and _children(build.pid)):
            assert build.poll() is None, build.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.5)  # the renderers at work
        workers = _children(build.pid)
        os.killpg(build.pid, signal.SIGINT)
        out, err = build.communicate(timeout=60)
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()
    assert build.returncode == 130, err
    assert out == ""
    lines = err.splitlines()
    assert lines[-1] == "bp build: interrupted; nothing was published (the previous site is unchanged)"
    assert all(line.startswith("  ") for line in lines[:-1]), err  # the build's own progress lines only: no traceback
    assert _tree(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules", "site"]  # no staging copy, no lock
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text()]


def test_an_input_saved_during_the_build_makes_its_outputs_stale(repo: Path, tmp_path: Path) -> None:
    """A template saved after the plan hashed it, and then saved back as it was: the site holds pages of
    the saved text, so the next build makes them again rather than saying up to date. The build's
    `cancelled` question, asked before each step, is the hook that saves it (in this thread only, not
    the watcher's)."""
    import toolchain
    from toolchain.site.pipeline import plan_build, run_build

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
