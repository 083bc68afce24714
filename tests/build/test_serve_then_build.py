"""What `bp serve` built, `bp build` does not build again: serve publishes the HTML in phases, and
together they must make every step that `bp build --only html` would, from the same inputs."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from tests.runbp import bp, serve_status, start_bp, stop

ONE_PAGE_BOOK = "アクション\n==========\n\n.. bp-action-list::\n"


def test_an_html_build_after_serve_is_up_to_date(minimal_repo: Path, tmp_path: Path) -> None:
    docs = minimal_repo / "docs"
    docs.mkdir()  # pages only: the Sphinx configuration and styles are the toolchain's
    (docs / "index.rst").write_text(ONE_PAGE_BOOK, encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    places = ("--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"))
    server = start_bp("serve", *places, "--port", str(port), "--no-pdf")
    try:
        serve_status(server, port, ("idle",), seconds=240)
    finally:
        assert stop(server) == 0  # SIGTERM, as a user's Ctrl-C
    run = bp("build", *places, "--only", "html", "--format", "json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["up_to_date"] and report["rendered"] == [], report
