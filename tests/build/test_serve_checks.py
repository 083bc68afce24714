"""`bp serve` checks again only the editions whose files changed: the newest edition's check takes seconds, and
an editor saves one edition's files at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import toolchain.checks
from toolchain.site import live_server
from toolchain.site.steps import BuildReport


def test_an_edition_whose_files_did_not_change_is_not_checked_again(minimal_repo: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
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
    server = live_server.Server(minimal_repo, tmp_path / "site", "127.0.0.1", 0, pdf=False, log=lambda _line: None,
                                cache=tmp_path / "cache")
    server._rebuild()
    server._rebuild()  # nothing saved since
    assert loaded == [minimal_repo]
    characters = minimal_repo / "definitions" / "characters.yaml"
    characters.write_text(characters.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    server._rebuild()
    assert loaded == [minimal_repo, minimal_repo]
