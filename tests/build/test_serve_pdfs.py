"""`bp serve` with the PDFs: a save publishes the HTML first (the page reloads), then the PDFs; definitions
that do not check show their findings while the last good site is served; Ctrl-C or SIGTERM while the PDFs
are laid out stops it at once, its renderings killed rather than waited for, with nothing left behind.

The two small editions of tests/build/test_editions.py (第8.1版 given to bp serve, 第9.1版 at the top of the
site), the older one's rulebook showing its actions: the first build lays out every PDF of both in seconds.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from tests.build.test_editions import EPOCH, two_editions
from tests.runbp import alive, children, start_bp, stop

ACTION_FILE = "definitions/actions/2-summon.yaml"
NAME = "name: 魔術士召喚\n"  # an action of the pro format: its lists, the whole list and the rulebook show it
RENAMED = "魔術士召喚改"


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def _pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def _frozen_renderers(server: subprocess.Popen[str], count: int) -> list[int]:
    """bp serve's `count` renderers, stopped (SIGSTOP) as soon as they are there, long before their last rendering
    ends however quick the machine: asked once the lists' pages of the change are served (their phase's pool is
    gone by then), the only pool to come is the PDF phase's (the rulebook's HTML is made in bp serve's process)."""
    deadline = time.monotonic() + 240
    while len(renderers := children(server.pid)) < count:
        assert server.poll() is None and time.monotonic() < deadline, "no PDF phase began"
        time.sleep(0.01)
    for pid in renderers:
        os.kill(pid, signal.SIGSTOP)
    return renderers


def test_serve_serves_the_site_and_publishes_the_html_first_then_the_pdfs(tmp_path: Path) -> None:
    root = two_editions(tmp_path)
    rules = root / "docs" / "rules.rst"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n.. bp-action-list::\n", encoding="utf-8")
    site, cache = tmp_path / "site", tmp_path / "cache"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Its terminal to a file, whole in the message of any assertion on the server: where a build stood when the server
    # would not stop is what it printed.
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as terminal:
        server = start_bp("serve", "--root", str(root), "--out", str(site), "--cache", str(cache), "--port", str(port), "-j", "2",
                          env={"SOURCE_DATE_EPOCH": EPOCH}, stdout=terminal, stderr=terminal)
    base = f"http://127.0.0.1:{port}/"

    def status() -> dict:
        return json.loads(_get(base + "__bp__/status"))

    def wait(until: Callable[[], bool], seconds: float = 240) -> None:
        deadline = time.monotonic() + seconds
        while not until():
            assert server.poll() is None, log.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
            time.sleep(0.2)

    def serving() -> bool:
        try:
            return status()["phase"] == "idle"
        except OSError:
            return False

    own, own_site = base + "v8.1/", site / "v8.1"
    pro_pdf = own_site / "actionlist" / "pdf" / "blackpoker-pro.pdf"
    renderers: list[int] = []
    settled: set[str] = set()
    try:
        wait(serving)  # the first build: every output of both editions
        settled = {p.name for p in tmp_path.iterdir()}  # the sources, the site, the caches, this log
        index = _get(base)
        assert "アクションリスト" in index and "/__bp__/status" in index  # the reload script, served only
        assert "/__bp__/status" not in (site / "index.html").read_text(encoding="utf-8")
        assert "第8.1版" in _get(own) and "第9.1版" in index
        assert "魔術士召喚" in _pdf_text(pro_pdf) and RENAMED not in _pdf_text(pro_pdf)
        version = status()["version"]

        path = root / ACTION_FILE
        good = path.read_text(encoding="utf-8")
        assert NAME in good and "  kana: まじゅつししょうかん\n" in good
        renamed = good.replace(NAME, f"name: {RENAMED}\n", 1).replace("  kana: まじゅつししょうかん\n",
                                                                    "  kana: まじゅつししょうかんかい\n", 1)
        path.write_text(renamed, encoding="utf-8")  # kanji: read
        # The HTML is published, then the version bumped (the page reloads), while the PDFs are still the old ones.
        wait(lambda: RENAMED in _get(own + "actionlist/html/pro.html") and status()["version"] > version)
        assert RENAMED not in _pdf_text(pro_pdf)
        wait(lambda: status()["phase"] == "idle")
        assert RENAMED in _pdf_text(pro_pdf) and RENAMED in _pdf_text(own_site / "blackpoker.pdf")
        assert RENAMED in (own_site / "actionlist" / "html" / "pro.html").read_text(encoding="utf-8")
        assert RENAMED not in _pdf_text(site / "actionlist" / "pdf" / "blackpoker-pro.pdf")  # the other edition's
        assert status()["findings"] == []

        # Definitions that do not check: the findings are shown, the last good site is served.
        version = status()["version"]
        path.write_text(good.replace(NAME, "name: [魔術士召喚\n", 1), encoding="utf-8")
        wait(lambda: status()["phase"] == "findings")
        [finding] = status()["findings"]
        assert finding.startswith(f"{ACTION_FILE}:") and "error[BP001]" in finding and status()["version"] == version
        assert RENAMED in _get(own + "actionlist/html/pro.html")
        path.write_text(good, encoding="utf-8")
        wait(lambda: status()["findings"] == [] and RENAMED not in _get(own + "actionlist/html/pro.html"))

        # Stopped while it lays out the PDFs of that change, its renderers frozen first (SIGSTOP: renderings that
        # would not end): it kills them rather than wait for them, as an editor's Ctrl-C stops it at once.
        renderers = _frozen_renderers(server, 2)  # -j 2
        assert status()["phase"] == "pdf", "the PDFs were still being laid out"
    finally:
        # SIGTERM, not SIGINT: a suite started from a background shell runs bp with SIGINT ignored. The minute only
        # ends a server that waits for its frozen renderers.
        code = stop(server, timeout=60)
    printed = log.read_text(encoding="utf-8")
    assert code == 0, printed
    assert "stopped" in printed and "Traceback" not in printed, printed
    assert not any(alive(pid) for pid in renderers), "renderers outlived bp serve"
    # That build was dropped, not left half-done: no staging copy, no lock; the site is the last one published.
    assert {p.name for p in tmp_path.iterdir()} == settled, printed
    assert RENAMED in _pdf_text(pro_pdf)
