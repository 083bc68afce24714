"""`bp serve` says its phases, and a rulebook without its sources, in the language of the messages (the status
the pages poll keeps the phases' ids)."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.runbp import serve_status, start_bp, stop

JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}


def test_serve_says_its_phases_in_japanese(minimal_repo: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start_bp("serve", "--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
                      "--port", str(port), "--no-pdf", env=JAPANESE)
    try:  # the minimal repository has no docs/: the rulebook phase fails, the lists are published
        serve_status(server, port, ("idle", "failed"))
    finally:
        stop(server)
    stderr = server.stderr.read() if server.stderr else ""
    published = [line for line in stderr.splitlines() if "秒で公開しました" in line]
    assert published and published[0].startswith("アクションリスト: "), stderr
    assert f"ルールブックのソースのフォルダがありません（{minimal_repo / 'docs'}）" in stderr and "Cannot find" not in stderr
