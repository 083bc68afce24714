"""`bp serve` answers hostile requests without a traceback: a NUL or an unencodable character in the
path, a Host header naming another site (DNS rebinding), a symbolic link inside the site, a client
that connects and says nothing; `--host ''` is refused and a non-loopback --host is said."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.repos import minimal_repository
from tests.runbp import ROOT, bp, running, serve_status, stop

CONNECTION_TIMEOUT = 10  # toolchain/site/live_server.py: what --idle-timeout is by default
IDLE_TIMEOUT = 1  # the served site's here, so that the silent client's test waits a second, not ten


@dataclass
class Served:
    port: int
    site: Path
    process: subprocess.Popen[str]

    def get(self, path: str, host: str | None = None) -> tuple[int, bytes]:
        """The status and body of a raw GET (urllib would quote the path and set its own Host)."""
        host_line = f"Host: {host}\r\n" if host is not None else f"Host: 127.0.0.1:{self.port}\r\n"
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as connection:
            connection.sendall(f"GET {path} HTTP/1.0\r\n{host_line}\r\n".encode("latin-1"))
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        return int(head.split()[1]), body


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("serve")
    root = minimal_repository(base)
    port = _free_port()
    with running("serve", "--root", str(root), "--out", str(base / "site"), "--cache", str(base / "cache"),
                 "--port", str(port), "--no-pdf", "--idle-timeout", str(IDLE_TIMEOUT)) as process:
        serve_status(process, port, ("idle", "failed"))  # no docs/: the rulebook phase fails, serving goes on
        yield Served(port, base / "site", process)
        assert stop(process) == 0
        stderr = process.stderr.read() if process.stderr else ""
        assert "Traceback" not in stderr, stderr


def test_a_nul_or_a_lone_surrogate_in_the_path_is_not_found(served: Served) -> None:
    assert served.get("/index.html%00.txt")[0] == 404
    assert served.get("/%00")[0] == 404
    assert served.get("/%ED%A0%80")[0] == 404
    assert served.get("/index.html")[0] == 200  # and the server still answers


def test_a_host_header_naming_another_site_is_refused(served: Served) -> None:
    assert served.get("/", host=f"rebind.example:{served.port}")[0] == 403
    assert served.get("/__bp__/status", host="rebind.example")[0] == 403
    assert served.get("/", host=f"localhost:{served.port}")[0] == 200
    assert served.get("/", host=f"127.0.0.1:{served.port}")[0] == 200
    assert served.get("/", host=f"[::1]:{served.port}")[0] == 200


def test_symbolic_links_inside_the_site_are_not_followed(served: Served, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the site", encoding="utf-8")
    (served.site / "secret.txt").symlink_to(secret)
    (served.site / "elsewhere").symlink_to(tmp_path, target_is_directory=True)
    (served.site / "page.html").symlink_to(secret)
    try:
        for path in ("/secret.txt", "/elsewhere/secret.txt", "/elsewhere/", "/page.html"):
            status, body = served.get(path)
            assert status == 404 and b"not for the site" not in body, path
        assert served.get("/definitions.json")[0] == 200
    finally:
        for name in ("secret.txt", "elsewhere", "page.html"):
            (served.site / name).unlink()


def test_a_client_that_says_nothing_is_disconnected(served: Served) -> None:
    """Closed by the server after --idle-timeout: before the default's ten seconds are over (a socket.timeout here
    fails the test), so by the option."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=CONNECTION_TIMEOUT) as connection:
        assert connection.recv(1024) == b""  # the server closed the connection


def test_a_burst_of_connections_is_queued(served: Served) -> None:
    """Connections arriving at once (tabs reloading together, a client opening many) are each taken at once (with
    socketserver's queue of 5 the rest were tried again after a second: a socket.timeout here)."""
    burst = [socket.create_connection(("127.0.0.1", served.port), timeout=0.5) for _ in range(20)]
    for connection in burst:
        connection.close()
    assert served.get("/index.html")[0] == 200


def test_an_empty_host_is_refused_not_every_interface() -> None:
    run = bp("serve", "--root", str(ROOT), "--host", "", "--port", str(_free_port()), "--no-pdf", timeout=60)
    assert run.returncode == 2, run.stderr
    assert "--host '' would listen on every network interface: say --host 0.0.0.0" in run.stderr


def test_every_interface_is_said(minimal_repo: Path, tmp_path: Path) -> None:
    with running("serve", "--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
                 "--host", "0.0.0.0", "--port", str(_free_port()), "--no-pdf") as process:
        assert process.stderr is not None
        first = process.stderr.readline()
    assert "--host 0.0.0.0: the site (and the findings) can be read by anyone who can reach this machine" in first


def test_a_link_out_of_the_repository_is_a_finding_and_nothing_is_built(minimal_repo: Path, tmp_path: Path) -> None:
    (minimal_repo / "docs").mkdir()
    (minimal_repo / "docs" / "etc").symlink_to("/etc")
    port = _free_port()
    with running("serve", "--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
                 "--port", str(port), "--no-pdf") as process:
        status = serve_status(process, port, ("findings",))
    assert status["findings"] == [
        "docs/etc:1:1: error[BP012]: the symbolic link leads to /etc, outside the repository: bp reads only the "
        "repository's own files; copy the file into the repository instead"]
    assert [p.name for p in (tmp_path / "site").iterdir()] == []


@pytest.mark.parametrize("path", ["/index.html", "/", "/__bp__/status", "/definitions.json"])
def test_head_gives_the_length_get_sends(served: Served, path: str) -> None:
    """A page is sent with the reload script added: HEAD said the file's length without it."""
    answers = {}
    for method in ("GET", "HEAD"):
        with socket.create_connection(("127.0.0.1", served.port), timeout=10) as connection:
            connection.sendall(f"{method} {path} HTTP/1.0\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode("latin-1"))
            answer = b""
            while chunk := connection.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        length = next(line.split(b":")[1].strip() for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
        answers[method] = (head.split()[1], int(length), body)
    status, length, body = answers["GET"]
    assert status == b"200" and length == len(body)
    assert answers["HEAD"] == (status, length, b"")


def test_a_page_shows_each_programs_reading_after_its_printed_effect(served: Served) -> None:
    """The editors' preview: アップ's program read in Japanese right after its printed effect, on the page as served;
    the built file, which is what is published, stays without it."""
    status, body = served.get("/actionlist/html/all.html")
    assert status == 200
    page = body.decode("utf-8")
    entry = page[page.index('id="act-up"'):]
    effect = entry.index('<div class="field field-effect">')
    reading = entry.index('<div class="field field-program-reading"><span class="label">プログラムの読み (bp serve)</span>')
    assert effect < reading < entry.index("</article>")
    assert "1. 対象のサイズを、このターンが終わるまでキーカードの数字の合計だけ加算する" in entry[reading:]
    assert "field-program-reading" not in (served.site / "actionlist" / "html" / "all.html").read_text(encoding="utf-8")


def test_the_rulebooks_field_lists_get_the_reading_as_a_field_of_their_own() -> None:
    from toolchain.site.program_readings import with_readings

    page = ('<section class="bp-action" id="act-up"><dl><dt class="bp-item-effect">効果</dt>'
            '<dd class="bp-item-effect field-odd"><p>加算される。</p>\n</dd><dt class="bp-item-since">導入</dt></dl></section>'
            '<section class="bp-action" id="act-down"><dl><dt class="bp-item-since">導入</dt></dl></section>').encode()
    served = with_readings(page, {"act-up": ["効果:", "   1. 加算する"], "act-down": ["効果:"]}).decode()
    assert ('<p>加算される。</p>\n</dd><dt class="bp-item-program-reading">プログラムの読み (bp serve)</dt>'
            '<dd class="bp-item-program-reading"><pre class="bp-program-reading"') in served
    assert served.count("bp-program-reading") == 1  # act-down prints no effect: nothing to stand beside
