"""`--cluster` where no Dask scheduler answers: a clear message, exit 2, within --cluster-timeout, no traceback;
an empty or non-network address refused before anything is played."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.runbp import ROOT, bp


@pytest.fixture
def listening(request: pytest.FixtureRequest) -> Iterator[str]:
    """A TCP server on the loopback that sends `request.param` to whoever connects (or nothing, kept open)."""
    reply: bytes = request.param
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(60)  # bounded: the thread ends once the test closes the server, or after a minute
    held: list[socket.socket] = []

    def serve() -> None:
        try:
            while True:
                connection, _ = server.accept()
                held.append(connection)
                if reply:
                    connection.sendall(reply)
        except OSError:
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for connection in held:
            connection.close()
        thread.join(timeout=60)


def _balance(cluster: str, tmp_path: Path) -> tuple[int, str]:
    run = bp("balance", "--root", str(ROOT), "--games", "2", "--only", "attack", "--cluster", cluster, "--cluster-timeout", "0.5",
             "--out", str(tmp_path / "out"), timeout=120)
    assert not (tmp_path / "out").exists()
    assert "Traceback" not in run.stderr, run.stderr
    return run.returncode, run.stderr


@pytest.mark.parametrize("listening", [b"HTTP/1.0 200 OK\r\n\r\nhello\n", b"\xff" * 16], indirect=True)
def test_a_server_that_is_not_a_scheduler_is_named(listening: str, tmp_path: Path) -> None:
    code, stderr = _balance(listening, tmp_path)
    assert code == 2 and f"{listening} answered, but not as a Dask scheduler" in stderr


@pytest.mark.parametrize("listening", [b""], indirect=True)
def test_a_silent_server_times_out(listening: str, tmp_path: Path) -> None:
    code, stderr = _balance(listening, tmp_path)
    assert code == 2 and f"nothing answered at {listening} within 0.5 s" in stderr


@pytest.mark.parametrize("address", ["", "not an address", "http://127.0.0.1:8786", "inproc://x", "ucx://127.0.0.1:8786"])
def test_an_address_dask_cannot_reach_over_a_network_is_refused(address: str, tmp_path: Path) -> None:
    code, stderr = _balance(address, tmp_path)
    assert code == 2 and ("not a Dask scheduler's address" in stderr or "not an empty one" in stderr), stderr
