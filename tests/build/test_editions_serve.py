"""`bp serve` of a site of two editions: it serves both, a save in one edition rebuilds that one, and a
`bp build --only html` after it has nothing to do."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from pathlib import Path

from tests.build.test_editions import BAR, EPOCH, two_editions
from tests.runbp import bp, serve_status, start_bp, stop


def _page(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=10) as response:
        return response.read().decode("utf-8")


def test_serve_serves_both_editions_and_rebuilds_the_one_saved(tmp_path: Path) -> None:
    root = two_editions(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    places = ("--root", str(root), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"))
    server = start_bp("serve", *places, "--port", str(port), "--no-pdf", env={"SOURCE_DATE_EPOCH": EPOCH})
    try:
        first = serve_status(server, port, ("idle",), seconds=240)
        assert "第8.1版" in _page(port, "v8.1/index.html") and "第9.1版" in _page(port, "index.html")
        assert BAR.search(_page(port, "v8.1/rulebook/rules.html"))
        rules = root / "docs" / "rules.rst"
        rules.write_text(rules.read_text(encoding="utf-8").replace("行うこと。", "行うこと。 saved-now"), encoding="utf-8")
        deadline = time.monotonic() + 240
        while "saved-now" not in _page(port, "v8.1/rulebook/rules.html"):
            assert time.monotonic() < deadline, "the saved edition was not rebuilt"
            time.sleep(0.3)
        assert serve_status(server, port, ("idle",), seconds=240)["version"] > first["version"]
    finally:
        assert stop(server) == 0
    run = bp("build", *places, "--only", "html", "--format", "json", env={"SOURCE_DATE_EPOCH": EPOCH})
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["up_to_date"] and report["rendered"] == [], report
