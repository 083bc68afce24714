"""What `bp serve` prints per save: one line a phase (what each PDF or part took is summed in it, not a
line each), and a line once the last finding is fixed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolchain.site import live_server
from toolchain.site.steps import BuildReport


def _server(root: Path, tmp_path: Path, lines: list[str]) -> live_server.Server:
    return live_server.Server(root, tmp_path / "site", "127.0.0.1", 0, pdf=True, log=lines.append, cache=tmp_path / "cache")


def test_a_save_prints_one_line_a_phase(minimal_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def build(plan: Any, _definitions: Any, log: Any, _jobs: Any, *, cancelled: Any, progress: Any = None,
              stopped: Any = None) -> BuildReport:
        say = progress or log  # as run_site does: the renderings' lines go to `progress` when it is given
        for n in range(7):
            say(f"rendered actionlist/list-{n}.pdf: 2 pages (1.0 s)")
        log("waiting for another bp command writing the site")  # a warning is still said
        return BuildReport(plan.target, rendered=[f"file-{n}" for n in range(7)])

    monkeypatch.setattr(live_server, "run_site", build)
    lines: list[str] = []
    _server(minimal_repo, tmp_path, lines)._rebuild()
    assert not any("rendered actionlist" in line for line in lines), lines
    phases = [line for line in lines if "published in" in line]
    assert len(phases) == len(live_server.PHASES) and all("(7 files rendered)" in line for line in phases), lines
    assert len(lines) == 2 * len(live_server.PHASES), lines  # the phase's line and the warning


def test_the_last_finding_fixed_is_said(minimal_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_server, "PHASES", live_server.PHASES[:1])  # the lists: the minimal repository has no docs/
    characters = minimal_repo / "definitions" / "characters.yaml"
    good = characters.read_text(encoding="utf-8")
    lines: list[str] = []
    server = _server(minimal_repo, tmp_path, lines)
    server._rebuild()
    assert not any("no findings left" in line for line in lines), lines  # nothing was broken
    characters.write_text(good.replace("type: soldier", "type: [soldier"), encoding="utf-8")
    server._rebuild()
    assert "still serving the last good build" in lines[-1], lines
    characters.write_text(good, encoding="utf-8")
    del lines[:]
    server._rebuild()
    assert lines[0].startswith("no findings left"), lines
    server._rebuild()  # said once
    assert sum(line.startswith("no findings left") for line in lines) == 1, lines
