"""`bp play`'s server: it listens on 127.0.0.1, answers only to its own address and page, refuses what it
cannot read with a message, and stops on SIGTERM as on Ctrl-C."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .conftest import Played, rules_copy, start_played


IDLE_TIMEOUT = 3  # seconds (--idle-timeout; 10 by default): the idle connections' test waits this long, and counts
# the server's threads while they are held, within it


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    """The server's messages read in English here, as the suite's do (tests/conftest.py)."""
    yield from start_played(rules_copy(tmp_path_factory.mktemp("rules")), "--idle-timeout", str(IDLE_TIMEOUT), language="en")


def request(played: Played, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
            host: str | None = None) -> tuple[int, bytes]:
    address = urlsplit(played.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=host is not None)
        if host is not None:
            connection.putheader("Host", host)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_it_listens_on_localhost_by_default(played: Played) -> None:
    assert urlsplit(played.url).hostname == "127.0.0.1"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1.evil.example"])
def test_a_request_for_another_host_is_refused(played: Played, host: str) -> None:
    """DNS rebinding: a page elsewhere reaching the table through a name that resolves to 127.0.0.1."""
    port = urlsplit(played.url).port
    for path in ("/", "/api/state"):
        status, body = request(played, "GET", path, host=host if ":" in host else f"{host}:{port}")
        assert status == 403 and b"own address" in body and b"\xe2\x99" not in body  # no card at all
    assert request(played, "GET", "/api/state", host=f"localhost:{port}")[0] == 200


def test_a_post_from_another_page_is_refused(played: Played) -> None:
    status, body = request(played, "POST", "/api/undo", b"{}", {"Content-Type": "application/json", "Origin": "http://evil.example"})
    assert status == 403
    status, _ = request(played, "POST", "/api/undo", b"{}", {"Content-Type": "text/plain"})
    assert status == 400  # a form's POST: not JSON


@pytest.mark.parametrize(("body", "status", "said"), [
    (b"{", 400, "The JSON cannot be read"),
    (b"[1]", 400, "Send a JSON object"),
    (b'{"index": "1", "version": 1}', 400, "index: give an integer"),
    (b"[" * 100_000 + b"]" * 100_000, 400, "The JSON cannot be read"),  # the decoder's RecursionError
    (b'{"index": ' + b"9" * 5000 + b', "version": 1}', 400, "The JSON cannot be read"),  # longer than int() reads
    (b'{"index": ' + b"9" * 4000 + b', "version": 1}', 400, "index: the integer is too large"),
    (b'{"index": 999, "version": -1}', 409, "the page was out of date"),
])
def test_what_it_cannot_read_is_refused_with_a_message(played: Played, body: bytes, status: int, said: str) -> None:
    """A body that is not the API's is 400, what cannot be done now 409: a short message, never an exception's text."""
    answered, answer = request(played, "POST", "/api/decide", body, {"Content-Type": "application/json"})
    assert answered == status
    error = json.loads(answer)["error"]
    assert said in error and "Error" not in error and "limit" not in error


def test_a_decision_that_is_not_offered_is_refused(played: Played) -> None:
    state = played.get("/api/state")
    status, answer = played.post("/api/decide", {"index": 999, "version": state["version"]})
    assert status == 409 and "there is no option 1000" in answer["error"]


def test_a_transcript_that_is_not_one_is_refused(played: Played, tmp_path: Path) -> None:
    (tmp_path / "x.jsonl").write_text("not json\n", encoding="utf-8")
    status, answer = played.post("/api/transcript", {"path": str(tmp_path / "x.jsonl")})
    assert status == 409 and "x.jsonl:1: not a JSON line" in answer["error"]
    status, answer = played.post("/api/transcript", {"path": str(tmp_path / "none.jsonl")})
    assert status == 409 and "cannot read " in answer["error"]


def test_it_stops_on_sigterm(tmp_path: Path) -> None:
    """start_played stops it with SIGTERM and requires exit 0 and no traceback; it says it stopped."""
    for played in start_played(rules_copy(tmp_path / "rules"), language="en"):
        assert played.get("/api/state")["setup"]["seed"] == 1
    deadline = time.monotonic() + 10
    while not "".join(played.lines).rstrip().endswith("stopped"):
        assert time.monotonic() < deadline, played.lines
        time.sleep(0.1)


def test_a_game_that_cannot_be_saved_says_why(played: Played) -> None:
    """build/play is a file here: nothing is written, the page is told why."""
    folder = played.root / "build" / "play"
    folder.parent.mkdir(exist_ok=True)
    assert not folder.exists()
    folder.write_text("mine\n", encoding="utf-8")
    try:
        status, answer = played.post("/api/save")
        assert status == 409 and "cannot save in build/play" in answer["error"]
        assert folder.read_text(encoding="utf-8") == "mine\n"
    finally:
        folder.unlink()


def test_a_page_gone_mid_answer_leaves_no_traceback(tmp_path: Path) -> None:
    """A browser that closes or reloads the page while it polls resets its connection before the answer is
    written: the table goes on, and says nothing of it (no socketserver traceback on the terminal)."""
    import socket
    import struct

    played = next(start := start_played(rules_copy(tmp_path / "rules"), language="en"))
    try:
        address = urlsplit(played.url)
        for _attempt in range(40):
            with socket.create_connection((address.hostname, address.port), timeout=10) as connection:
                connection.sendall(f"GET /api/state HTTP/1.1\r\nHost: {address.netloc}\r\n\r\n".encode())
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
        assert request(played, "GET", "/api/state")[0] == 200  # the table still answers
        time.sleep(0.5)  # what the handler threads print reaches the reader
        assert "Traceback" not in "".join(played.lines), "".join(played.lines)
    finally:
        start.close()  # stops the server: SIGTERM, exit 0


def test_a_page_it_has_not_is_a_page_in_bps_language(played: Played) -> None:
    """Here English (the suite's); a Japanese player's is Japanese (test_browser)."""
    for method in ("GET", "PUT", "DELETE"):
        status, body = request(played, method, "/nowhere")
        assert status in (404, 501) and b'<html lang="en">' in body and b"bp play's page" in body, (method, body)
    status, body = request(played, "POST", "/api/nowhere", b"{}", {"Content-Type": "application/json"})
    assert status == 404 and json.loads(body)["error"]


@pytest.mark.parametrize("path", ["/", "/play.js", "/api/state", "/nowhere"])
def test_head_answers_the_gets_headers_without_its_body(played: Played, path: str) -> None:
    address = urlsplit(played.url)
    answers = {}
    for method in ("GET", "HEAD"):
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
        try:
            connection.request(method, path)
            response = connection.getresponse()
            answers[method] = (response.status, response.getheader("Content-Length"), response.getheader("Content-Type"), response.read())
        finally:
            connection.close()
    status, length, content_type, body = answers["GET"]
    assert answers["HEAD"] == (status, length, content_type, b"")
    assert int(length) == len(body)


def test_a_transcript_that_is_no_regular_file_is_refused_without_stopping_the_table(played: Played, tmp_path: Path) -> None:
    """A FIFO waited for a writer with the table locked; /dev/zero was read to a MemoryError."""
    import os

    fifo = tmp_path / "game.jsonl"
    os.mkfifo(fifo)
    for path, said in ((fifo, "FIFO"), (Path("/dev/zero"), "character device")):
        status, answer = played.post("/api/transcript", {"path": str(path)})
        assert status == 409 and said in answer["error"] and "MemoryError" not in answer["error"], answer["error"]
    assert played.get("/api/state")["mode"]


def test_a_client_that_says_nothing_is_disconnected_and_threads_are_capped(played: Played) -> None:
    """Idle connections held a thread each for ever: each is closed after the timeout (--idle-timeout), and no more than
    MAX_CONNECTIONS are served at once (counted as the process's threads once a later request is answered:
    the server takes connections in order)."""
    import socket

    from toolchain.play.server import MAX_CONNECTIONS

    address = urlsplit(played.url)
    # Connected at once, all of them (within half a second: a connection the system could not queue until the server
    # takes it is tried again after a second), then each waited on for its end.
    idle = [socket.create_connection((address.hostname, address.port), timeout=0.5) for _ in range(MAX_CONNECTIONS + 20)]
    for connection in idle:
        connection.settimeout(60)
    try:
        try:
            request(played, "GET", "/api/status")  # answered, or refused while the idle ones fill every slot
        except (ConnectionError, http.client.HTTPException):
            pass
        threads = len(list(Path(f"/proc/{played.process.pid}/task").iterdir()))
        assert threads <= MAX_CONNECTIONS + 8, threads
        for connection in idle:  # each closed by the server (a socket.timeout here fails the test)
            try:
                while connection.recv(1024):
                    pass
            except ConnectionResetError:
                pass
    finally:
        for connection in idle:
            connection.close()
    assert request(played, "GET", "/api/status")[0] == 200


def test_every_interface_is_said_and_answers_only_to_this_machines_names(tmp_path: Path) -> None:
    """--host 0.0.0.0 listened without a word, and its Host check let `Host: 0.0.0.0:PORT` in (a browser
    takes 0.0.0.0 for this machine, whatever page asks)."""
    import socket

    played = next(start := start_played(rules_copy(tmp_path / "rules"), "--host", "0.0.0.0", language="en"))
    try:
        assert "--host 0.0.0.0: the table and its whole API" in "".join(played.lines)
        port = urlsplit(played.url).port
        assert urlsplit(played.url).hostname == "127.0.0.1"
        assert request(played, "GET", "/api/state", host=f"0.0.0.0:{port}")[0] == 403
        assert request(played, "GET", "/api/state", host=f"evil.example:{port}")[0] == 403
        for name in ("127.0.0.1", "localhost", socket.gethostname()):
            assert request(played, "GET", "/api/state", host=f"{name}:{port}")[0] == 200, name
    finally:
        start.close()
