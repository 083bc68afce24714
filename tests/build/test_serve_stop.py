"""`bp serve` stops on SIGTERM as on Ctrl-C: a process manager, or a script that started it in the
background (where SIGINT is ignored), can stop it cleanly."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.runbp import serve_status, start_bp, stop


def test_serve_stops_on_sigterm_and_leaves_nothing_behind(minimal_repo: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = tmp_path / "site"
    server = start_bp("serve", "--root", str(minimal_repo), "--out", str(site), "--cache", str(tmp_path / "cache"),
                      "--port", str(port), "--no-pdf")
    try:  # the minimal repository has no docs/: the rulebook phase fails, serving goes on
        serve_status(server, port, ("idle", "failed"))
    finally:
        code = stop(server)  # SIGTERM; killed if it has not stopped within a minute
    assert code == 0
    stderr = server.stderr.read() if server.stderr else ""
    assert stderr.rstrip().endswith("stopped") and "Traceback" not in stderr
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".site")]


def test_a_build_that_ends_before_the_watcher_looks_still_kills_its_renderings() -> None:
    """bp serve stopping while a step sees it first and returns: the pool's processes are killed before the pool is
    waited for, not left to run (or, stopped, to hang the wait) because the watcher's next look never came."""
    from concurrent.futures import Executor

    from toolchain.site import pipeline

    calls: list[tuple[bool, bool]] = []

    class Recording(Executor):
        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            calls.append((wait, cancel_futures))

    executor = Recording()
    with pipeline._shutdown(executor), pipeline._stop_rendering_when(lambda: True, executor, lambda: True):
        pass  # the step saw the stop and returned at once, well within the watcher's 0.2 s
    assert calls[0] == (False, True), "stopped at once (the renderings killed) before being waited for"
    assert calls[-1] == (True, True)
