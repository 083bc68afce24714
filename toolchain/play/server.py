"""`bp play`'s web server: the page and its small JSON API, on 127.0.0.1 by default.

    GET  /                      the page (static/: plain HTML, CSS and an ES module; nothing from elsewhere)
    GET  /api/state             what the page shows (session.Session.state)
    GET  /api/status            what the page polls: the session's version and the rules' (cheap)
    GET  /api/position          the current position as the page's seat knows it, in the examples' notation
    POST /api/<action>          new, decide, undo, reveal, position, save, example, example-decide,
                                example-close, transcript, step, look, take-over, rules

A request whose Host is not this server's address (a page elsewhere reaching it through a name that
resolves to 127.0.0.1) is refused, and so is a POST from another origin or without a JSON body.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .. import model as m
from ..i18n import _, ngettext
from .rules import RulesWatch
from .session import Refused, Session

STATIC = Path(__file__).resolve().parent / "static"
FILES = {"/": ("index.html", "text/html; charset=utf-8"), "/play.js": ("play.js", "text/javascript; charset=utf-8"),
         "/play.css": ("play.css", "text/css; charset=utf-8")}
MAX_BODY = 1 << 20  # a position or a path is a few hundred bytes


class UnknownRegulation(ValueError):
    """A regulation asked for on the command line that table 3.1 does not have."""


class RulesDoNotCheck(Exception):
    """bp play starts only with rules that check: the findings, as bp check prints them."""

    def __init__(self, findings: tuple[str, ...]) -> None:
        super().__init__(ngettext("{count} finding", "{count} findings", len(findings)).format(count=len(findings)))
        self.findings = findings


def _int(body: dict[str, Any], key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(f"{key}: 整数を指定してください")
    return value


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Refused(f"{key}: 文字列を指定してください")
    return value


def _seats(body: dict[str, Any]) -> tuple[str, str]:
    seats = body.get("seats", ["human", "policy"])
    if not isinstance(seats, list) or len(seats) != 2 or not all(isinstance(seat, str) for seat in seats):
        raise Refused("seats: 2 つの席を指定してください")
    return seats[0], seats[1]


def _first(body: dict[str, Any]) -> int | None:
    first = body.get("first")
    return None if first is None else _int(body, "first")


ACTIONS: dict[str, Callable[[Session, dict[str, Any]], Any]] = {
    "new": lambda s, b: s.new_game(_text(b, "format"), _text(b, "frame"), _int(b, "seed"), _first(b), _seats(b)),
    "decide": lambda s, b: s.decide(_int(b, "index"), _int(b, "version")),
    "undo": lambda s, b: s.undo(),
    "reveal": lambda s, b: s.reveal(),
    "position": lambda s, b: s.position(_text(b, "text"), _text(b, "format"), _text(b, "frame"), _seats(b)),
    "save": lambda s, b: s.save(),
    "example": lambda s, b: s.example_start(),
    "example-decide": lambda s, b: s.example_decide(_int(b, "index")),
    "example-close": lambda s, b: s.example_close(),
    "transcript": lambda s, b: s.load_transcript(_text(b, "path"), _int(b, "game", 1)),
    "step": lambda s, b: s.step(_int(b, "to")),
    "look": lambda s, b: s.look_from(_int(b, "seat")),
    "take-over": lambda s, b: s.take_over(),
    "rules": lambda s, b: s.apply_rules(),
}


class PlayHandler(BaseHTTPRequestHandler):
    session: Session
    hosts: frozenset[str]

    def __init__(self, *args: Any, session: Session, hosts: frozenset[str], **kwargs: Any) -> None:
        self.session, self.hosts = session, hosts
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the rules' findings are what the terminal shows

    def _allowed(self) -> bool:
        if self.headers.get("Host", "").lower() not in self.hosts:
            self._send(HTTPStatus.FORBIDDEN, (_("bp play answers only to its own address") + "\n").encode(), "text/plain; charset=utf-8")
            return False
        return True

    def do_GET(self) -> None:
        if not self._allowed():
            return
        path = self.path.split("?", 1)[0]
        if path in FILES:
            name, content_type = FILES[path]
            self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), content_type)
        elif path == "/api/state":
            self._json(HTTPStatus.OK, self.session.state())
        elif path == "/api/status":
            latest = self.session.watch.latest
            self._json(HTTPStatus.OK, {"version": self.session.version, "rules": latest.version})
        elif path == "/api/position":
            self._json(HTTPStatus.OK, {"text": self.session.position_text()})
        elif path == "/favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
        else:
            self._send(HTTPStatus.NOT_FOUND, (_("not found") + "\n").encode(), "text/plain; charset=utf-8")

    def do_POST(self) -> None:
        if not self._allowed():
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower().removeprefix("http://") not in self.hosts:
            self._send(HTTPStatus.FORBIDDEN, (_("bp play answers only to its own page") + "\n").encode(), "text/plain; charset=utf-8")
            return
        action = ACTIONS.get(self.path.split("?", 1)[0].removeprefix("/api/"))
        if action is None:
            self._send(HTTPStatus.NOT_FOUND, (_("not found") + "\n").encode(), "text/plain; charset=utf-8")
            return
        try:
            body = self._body()
            result = action(self.session, body)
        except Refused as exc:
            self._json(HTTPStatus.CONFLICT, {"error": str(exc), "state": self.session.state()})
            return
        except Exception as exc:  # noqa: BLE001 - said on the page and in the terminal, in one line, not a traceback
            self.log_error("%s", f"{self.path}: {type(exc).__name__}: {exc}")
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"{type(exc).__name__}: {exc}", "state": self.session.state()})
            return
        self._json(HTTPStatus.OK, {"result": result, "state": self.session.state()})

    def _body(self) -> dict[str, Any]:
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            raise Refused("JSON で送ってください")
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError as exc:
            raise Refused("Content-Length が読めません") from exc
        if not 0 <= length <= MAX_BODY:
            raise Refused("送られた内容が大きすぎます")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise Refused("JSON が読めません") from exc
        if not isinstance(body, dict):
            raise Refused("JSON のオブジェクトを送ってください")
        return body

    def _json(self, status: HTTPStatus, data: Any) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)


def hosts_of(host: str, port: int) -> frozenset[str]:
    """The Host headers that name this server: its address, and localhost's names when it listens on one of them."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    return frozenset(f"{name}:{port}".lower() for name in names)


def _regulation(definitions: m.Definitions, text: str) -> tuple[str, str]:
    fmt_name, _plus, frame_name = (part.strip() for part in text.partition("+"))
    fmt, frame = definitions.find_format(fmt_name), definitions.find_frame(frame_name)
    if fmt is None or frame is None or not definitions.is_legal(fmt.id, frame.id):
        raise UnknownRegulation(_("'{text}' is not a regulation of table 3.1 (format + frame, e.g. 'lite + entry20')").format(text=text))
    return fmt.id, frame.id


class PlayServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer (the page closed or reloaded while it polled) is no error of the table:
        nothing to say. Anything else is socketserver's report."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


def start(session: Session, host: str, port: int) -> ThreadingHTTPServer:
    """Bind (OSError if the port is taken) and serve in a thread."""
    httpd = PlayServer((host, port), partial(PlayHandler, session=session, hosts=frozenset()))
    bound = httpd.server_address[1]
    httpd.RequestHandlerClass = partial(PlayHandler, session=session, hosts=hosts_of(host, bound))  # type: ignore[assignment]
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, name="bp-play-http", daemon=True).start()
    return httpd


def serve(root: Path, host: str, port: int, *, log: Callable[[str], None], ready: Callable[[str], None],
          regulation: str | None = None, seed: int | None = None) -> None:
    """Serve the table until Ctrl-C or SIGTERM, the first game of `regulation` (`format + frame`, ids or names;
    default the first of table 3.1). RulesDoNotCheck: the rules have findings; UnknownRegulation; OSError: cannot bind."""
    from ..site.live_server import until_stopped

    watch = RulesWatch(root, log)
    if not watch.latest.ok:
        raise RulesDoNotCheck(watch.latest.findings)
    session = Session(root, watch)
    if regulation:
        format_id, frame_id = _regulation(session.definitions, regulation)
    else:
        first = session.state()["regulations"][0]
        format_id, frame_id = first["format"], first["frame"]
    session.new_game(format_id, frame_id, seed if seed is not None else int(time.time()) % 10_000, None, ("human", "policy"))
    httpd = start(session, host, port)
    watch.start()
    ready(f"http://{'[' + host + ']' if ':' in host else host}:{httpd.server_address[1]}/")

    def stop() -> None:
        watch.stop()
        httpd.shutdown()
        httpd.server_close()

    until_stopped(stop)
