"""`bp play`'s web server: the page and its small JSON API, on 127.0.0.1 by default.

    GET  /                      the page (static/: plain HTML, CSS and an ES module; nothing from elsewhere)
    GET  /api/state             what the page shows (session.Session.state)
    GET  /api/status            what the page polls: the session's version and the rules' (cheap)
    GET  /api/position          the current position as the page's seat knows it, in the examples' notation
    POST /api/<action>          new, decide, undo, reveal, position, save, example, example-decide,
                                example-close, transcript, step, look, take-over, rules

A request whose Host is not this server's address (a page elsewhere reaching it through a name that
resolves to 127.0.0.1, or through 0.0.0.0) is refused, and so is a POST from another origin. A body that
is not the API's (not JSON, nested too deep, a number too long) is answered 400, what cannot be done now
409, and a fault of the table 500 without its details (they are on the terminal). A connection that says
nothing is closed after CONNECTION_TIMEOUT seconds (--idle-timeout), and at most MAX_CONNECTIONS are served at once.
"""

from __future__ import annotations

import difflib
import html
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
from ..i18n import N_, _, language, ngettext
from ..site.live_server import (
    CONNECTION_TIMEOUT,
    every_interface,
    is_loopback,
    machine_names,
    reachable_warning,
    unsaid_every_interface,
)
from . import page_words
from .rules import RulesWatch
from .session import Refused, Session

STATIC = Path(__file__).resolve().parent / "static"
FILES = {"/": ("index.html", "text/html; charset=utf-8"), "/play.js": ("play.js", "text/javascript; charset=utf-8"),
         "/play.css": ("play.css", "text/css; charset=utf-8")}
MAX_BODY = 1 << 20  # a position or a path is a few hundred bytes
MAX_INTEGER = 10**15  # a seed, a step, an index: far below; a longer number is no request of the page
MAX_CONNECTIONS = 32  # the page asks one at a time; more at once is a client holding connections open
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
# The error pages http.server sends (a request it cannot read, a method the table has not), as the page speaks.
ERROR_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head><meta charset="utf-8"><title>{code} {said}</title></head>
<body><h1>{code} {said}</h1><p><a href="/">{back}</a></p></body>
</html>
"""
ERRORS = {400: N_("The request cannot be read"), 404: N_("There is no such page"), 408: N_("The request did not arrive"),
          413: N_("The request is too large"), 414: N_("The URL is too long"), 431: N_("The headers are too large"),
          501: N_("bp play does not answer this kind of request"), 505: N_("bp play does not answer this version of HTTP")}
UNANSWERED = N_("The request cannot be answered")  # any other error http.server sends


class UnknownRegulation(ValueError):
    """A regulation asked for on the command line that table 3.1 does not have."""


class HostRefused(ValueError):
    """A --host bp play will not listen on ('' means every interface without saying so)."""


class Malformed(Refused):
    """A request body that is not the API's: answered 400 (Refused is what cannot be done now: 409)."""


class RulesDoNotCheck(Exception):
    """bp play starts only with rules that check: the findings, as bp check prints them."""

    def __init__(self, findings: tuple[str, ...]) -> None:
        super().__init__(ngettext("{count} finding", "{count} findings", len(findings)).format(count=len(findings)))
        self.findings = findings


def _int(body: dict[str, Any], key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(_("{key}: give an integer").format(key=key))
    if abs(value) > MAX_INTEGER:
        raise Malformed(_("{key}: the integer is too large").format(key=key))
    return value


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Malformed(_("{key}: give a string").format(key=key))
    return value


def _seats(body: dict[str, Any]) -> tuple[str, str]:
    seats = body.get("seats", ["human", "policy"])
    if not isinstance(seats, list) or len(seats) != 2 or not all(isinstance(seat, str) for seat in seats):
        raise Malformed(_("seats: give two seats"))
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
    timeout = CONNECTION_TIMEOUT  # a client that connects and says nothing does not hold a thread for ever

    def __init__(self, *args: Any, session: Session, hosts: frozenset[str], log: Callable[[str], None],
                 timeout: float = CONNECTION_TIMEOUT, **kwargs: Any) -> None:
        self.session, self.hosts, self.log = session, hosts, log
        self.timeout = timeout  # read by setup(), which the base class's __init__ calls
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the rules' findings are what the terminal shows

    def _allowed(self) -> bool:
        if self.headers.get("Host", "").lower() not in self.hosts:
            self._send(HTTPStatus.FORBIDDEN, (_("bp play answers only to its own address") + "\n").encode(), "text/plain; charset=utf-8")
            return False
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's error answer (a request it cannot read, a method the table has not, a page it has not)
        as a page in bp's language; the status line keeps HTTP's English reason."""
        said = _(ERRORS.get(code, UNANSWERED))
        self.close_connection = True  # HTTP/1.0 closes each connection anyway: no Connection header needed
        page = ERROR_PAGE.format(lang=language(), code=code, said=html.escape(said), back=html.escape(_("To bp play's page"), quote=False))
        self._send(HTTPStatus(code), page.encode(), "text/html; charset=utf-8")

    def do_GET(self) -> None:
        """The page's files and its state; HEAD the same without the body."""
        if not self._allowed():
            return
        path = self.path.split("?", 1)[0]
        if path in FILES:
            name, content_type = FILES[path]
            body = page_words.page(STATIC / name) if path == "/" else (STATIC / name).read_bytes()  # the page in bp's language
            self._send(HTTPStatus.OK, body, content_type)
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
            self.send_error(HTTPStatus.NOT_FOUND)

    do_HEAD = do_GET

    def do_POST(self) -> None:
        if not self._allowed():
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower().removeprefix("http://") not in self.hosts:
            self._send(HTTPStatus.FORBIDDEN, (_("bp play answers only to its own page") + "\n").encode(), "text/plain; charset=utf-8")
            return
        action = ACTIONS.get(self.path.split("?", 1)[0].removeprefix("/api/"))
        if action is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": _("There is no such operation")})
            return
        try:
            body = self._body()
            result = action(self.session, body)
        except Malformed as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc), "state": self.session.state()})
            return
        except Refused as exc:
            self._json(HTTPStatus.CONFLICT, {"error": str(exc), "state": self.session.state()})
            return
        except Exception as exc:  # noqa: BLE001 - the terminal says what, in one line; the page only that it failed
            # (an exception's text may name what the page's seat may not see)
            self.log(_("{path} failed: {kind}: {error}").format(path=self.path, kind=type(exc).__name__, error=exc))
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": _("bp play failed inside (the terminal says more)"),
                                                          "state": self.session.state()})
            return
        self._json(HTTPStatus.OK, {"result": result, "state": self.session.state()})

    def _body(self) -> dict[str, Any]:
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            raise Malformed(_("Send JSON"))
        text = self.headers.get("Content-Length", "0").strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise Malformed(_("Content-Length cannot be read"))
        if int(text) > MAX_BODY:
            raise Malformed(_("What was sent is too large"))
        try:
            data = self.rfile.read(int(text))
        except TimeoutError as exc:
            raise Malformed(_("What was sent stopped half-way")) from exc
        try:
            body = json.loads(data or b"{}")
        except (ValueError, RecursionError) as exc:  # not JSON, not UTF-8, nested too deep, a number too long to read
            raise Malformed(_("The JSON cannot be read")) from exc
        if not isinstance(body, dict):
            raise Malformed(_("Send a JSON object"))
        return body

    def _json(self, status: HTTPStatus, data: Any) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))  # a HEAD's too: the GET's length
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def hosts_of(host: str, port: int) -> frozenset[str]:
    """The Host headers that name this server: the host it was started for; localhost's names when that is a
    loopback address; on every interface, localhost's names and this machine's (never 0.0.0.0 itself, which
    a browser takes for this machine whatever page asks)."""
    names = set(LOOPBACK_NAMES) if is_loopback(host) or every_interface(host) else set()
    names |= machine_names() if every_interface(host) else {_bracketed(host)}
    return frozenset(f"{name}:{port}".lower() for name in names)


def page_url(host: str, port: int) -> str:
    """Where the page is, as the terminal says it: on every interface, this machine's loopback address."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    return f"http://{_bracketed(shown)}:{port}/"


def _regulation(definitions: m.Definitions, text: str) -> tuple[str, str]:
    fmt_name, _plus, frame_name = (part.strip() for part in text.partition("+"))
    fmt, frame = definitions.find_format(fmt_name), definitions.find_frame(frame_name)
    if fmt is None or frame is None or not definitions.is_legal(fmt.id, frame.id):
        said = _("'{text}' is not a regulation of table 3.1 (format + frame, e.g. 'lite + entry20')").format(text=text)
        raise UnknownRegulation(said + _closest_regulation(definitions, text))
    return fmt.id, frame.id


def _closest_regulation(definitions: m.Definitions, text: str) -> str:
    """`プロ+ストラテジ`: the regulation of table 3.1 written closest to what was typed, by names or by ids."""
    legal = [(fmt, frame) for frame in definitions.frames for fmt in definitions.formats if definitions.is_legal(fmt.id, frame.id)]
    written = [f"{fmt.name} + {frame.name}" for fmt, frame in legal] + [f"{fmt.id} + {frame.id}" for fmt, frame in legal]
    typed = " + ".join(part.strip() for part in text.partition("+")[::2])
    close = difflib.get_close_matches(typed, written, n=1, cutoff=0.6)
    return _("; did you mean '{name}'?").format(name=close[0]) if close else ""


class PlayServer(ThreadingHTTPServer):
    """One thread per connection, at most MAX_CONNECTIONS at once: a connection beyond is closed unanswered."""

    daemon_threads = True
    # Connections the system holds until they are taken: with socketserver's 5, a burst of more (up to the cap
    # and beyond) had the rest wait a second to be tried again.
    request_queue_size = 2 * MAX_CONNECTIONS

    def __init__(self, address: tuple[str, int], handler: Any) -> None:
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer (the page closed or reloaded while it polled) is no error of the table:
        nothing to say. Anything else is socketserver's report."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


def start(session: Session, host: str, port: int, log: Callable[[str], None],
          idle_timeout: float = CONNECTION_TIMEOUT) -> ThreadingHTTPServer:
    """Bind (OSError if the port is taken) and serve in a thread; `log` is the terminal; a connection silent for
    `idle_timeout` seconds is closed."""
    httpd = PlayServer((host, port), partial(PlayHandler, session=session, hosts=frozenset(), log=log, timeout=idle_timeout))
    bound = httpd.server_address[1]
    httpd.RequestHandlerClass = partial(PlayHandler, session=session, hosts=hosts_of(host, bound), log=log,  # type: ignore[assignment]
                                        timeout=idle_timeout)
    threading.Thread(target=httpd.serve_forever, name="bp-play-http", daemon=True).start()
    return httpd


def serve(root: Path, host: str, port: int, *, log: Callable[[str], None], ready: Callable[[str], None],
          regulation: str | None = None, seed: int | None = None, idle_timeout: float = CONNECTION_TIMEOUT) -> None:
    """Serve the table until Ctrl-C or SIGTERM, the first game of `regulation` (`format + frame`, ids or names;
    default the first of table 3.1). RulesDoNotCheck: the rules have findings; UnknownRegulation; HostRefused;
    OSError: cannot bind."""
    from ..site.live_server import until_stopped

    refused = unsaid_every_interface(host)
    if refused:
        raise HostRefused(refused)
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
    httpd = start(session, host, port, log, idle_timeout)
    warning = reachable_warning(host, _("the table and its whole API (every game, and any transcript this machine can open)"))
    if warning:
        log(warning)
    watch.start()
    ready(page_url(host, httpd.server_address[1]))

    def stop() -> None:
        watch.stop()
        httpd.shutdown()
        httpd.server_close()

    until_stopped(stop)
