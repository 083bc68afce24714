"""`bp serve` checks again only the editions whose files changed: the newest edition's check takes seconds, and
an editor saves one edition's files at a time."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import toolchain.checks
from toolchain.site import live_server
from toolchain.site.steps import BuildReport


def _counted_server(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[live_server.Server, list[Path]]:
    """A server of `root` that builds nothing, and the roots it loads and checks from now on."""
    loaded: list[Path] = []
    load = toolchain.checks.load

    def counted(root: Path, *args: Any, **kwargs: Any) -> Any:
        loaded.append(root)
        return load(root, *args, **kwargs)

    def build(plan: Any, _definitions: Any, _log: Any, _jobs: Any, *, cancelled: Any, progress: Any = None,
              stopped: Any = None) -> BuildReport:
        return BuildReport(plan.target)

    monkeypatch.setattr(toolchain.checks, "load", counted)
    monkeypatch.setattr(live_server, "run_site", build)
    server = live_server.Server(root, tmp_path / "site", "127.0.0.1", 0, pdf=False, log=lambda _line: None,
                                cache=tmp_path / "cache")
    return server, loaded


def test_an_edition_whose_files_did_not_change_is_not_checked_again(minimal_repo: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    server, loaded = _counted_server(minimal_repo, tmp_path, monkeypatch)
    server._rebuild()
    server._rebuild()  # nothing saved since
    assert loaded == [minimal_repo]
    characters = minimal_repo / "definitions" / "characters.yaml"
    characters.write_text(characters.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    server._rebuild()
    assert loaded == [minimal_repo, minimal_repo]


def test_an_edition_is_checked_again_when_a_past_edition_of_its_history_changed(minimal_repo: Path, tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Its since and updated are held to the past editions its history names (BP049), which are not its files."""
    past = tmp_path / "v7"
    shutil.copytree(minimal_repo / "definitions", past / "definitions")
    (minimal_repo / "definitions" / "rules.yaml").open("a", encoding="utf-8").write("history: history\n")
    (minimal_repo / "history").mkdir()
    (minimal_repo / "history" / "v7.0.yaml").write_text("edition: v7.0\nrepository: ../../v7\n", encoding="utf-8")
    server, loaded = _counted_server(minimal_repo, tmp_path, monkeypatch)
    server._rebuild()
    server._rebuild()
    assert loaded == [minimal_repo]
    fog = past / "definitions" / "fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    server._rebuild()
    assert loaded == [minimal_repo, minimal_repo]
