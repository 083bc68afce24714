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
    # close() does not wake an accept() blocked in another thread: poll, so that the thread ends at once.
    server.settimeout(0.1)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(connection)
            if reply:
                connection.sendall(reply)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()
        for connection in held:
            connection.close()


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


class _GoneFuture:
    def result(self) -> None:
        from distributed.comm.core import CommClosedError

        raise CommClosedError("in <TCP (closed) ConnectionPool.gather local=tcp://127.0.0.1:1 remote=tcp://127.0.0.1:2>")


class _GoneClient:
    """A client whose scheduler was killed: its futures fail, and cancelling or closing fails too."""

    status = "running"
    loop = None

    def submit(self, *_args: object, **_kwargs: object) -> _GoneFuture:
        return _GoneFuture()

    def cancel(self, _futures: object) -> None:
        raise OSError("the scheduler is gone")

    def close(self, timeout: float | None = None) -> None:
        raise TimeoutError(f"timed out after {timeout} s")


class _Completed(list):
    def __init__(self, loop: object = None) -> None:
        super().__init__()

    def add(self, future: object) -> None:
        self.append(future)


def test_a_scheduler_gone_mid_run_is_a_cluster_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import distributed

    from toolchain.balance.cluster import ClusterError
    from toolchain.balance.work import Batch, DaskRunner

    monkeypatch.setattr(distributed, "as_completed", _Completed)
    runner = DaskRunner.__new__(DaskRunner)
    runner.client, runner.parallel, runner._futures, runner._timeout, runner._definitions = _GoneClient(), 1, set(), 0.5, {"r": None}
    batch = Batch("r", "lite", "entry20", "policy", "", (), (), 0, (1, 2), 60, False)
    with pytest.raises(ClusterError, match="the cluster stopped during the run \\(CommClosedError: "):
        list(runner.run([batch], lambda _count: None))
