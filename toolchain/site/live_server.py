"""`bp serve`: the site on localhost, rebuilt when a source file is saved.

- A watcher polls definitions/, docs/ and templates/ (a stat of each file, twice a
  second: no dependency, works on every file system).
- On a change it rebuilds the HTML outputs first and publishes them (the browser reloads
  itself): the action lists at once, the rulebook once Sphinx is done; then the PDFs in the
  background. A further change stops the PDF phase and starts over with the HTML.
- Findings (definitions that do not check) are printed as path:line:column and shown over
  the page; the previous site keeps being served until the definitions check again.
- Served HTML pages get a small script (never written into the built files) that polls
  /__bp__/status and reloads the page when the site changes, and each entry's program read in
  Japanese beside its printed effect (program_readings.py): the editors' preview, not the published site.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..diagnostics import render_text
from ..i18n import N_, _, cannot_serve, ngettext
from ..model.files import SOURCE_DIRS, source_tree
from ..model.outside import unchanged
from .outputs import OutputError
from .editions import site_editions
from .pipeline import Cancelled, plan_site, run_site, select_steps
from .program_readings import readings as program_readings
from .program_readings import with_readings

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Checked

STATUS_PATH = "/__bp__/status"
CONNECTION_TIMEOUT = 10  # seconds a connection may take to send its request (pages are asked one per connection): --idle-timeout
HTML_STEPS = ("html",)
SLOW_HTML = "rulebook"  # the group of the HTML steps that wait for Sphinx


def _phases() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Published one after the other: the quick HTML steps (the action lists, in about a second),
    the rulebook's HTML after Sphinx, the PDFs last (dropped when a newer change arrives). Taken
    from the build's table, so that serve makes every step `bp build --only html` would: a step it
    left out would stay unbuilt, and the next `bp build` would not be up to date."""
    html = select_steps(HTML_STEPS)
    slow = tuple(step.name for step in html if SLOW_HTML in step.groups)
    quick = tuple(step.name for step in html if step.name not in slow)
    return ("lists", quick), (SLOW_HTML, slow), ("pdf", ("pdf",))


PHASES = _phases()
PHASE_NAMES = {"lists": N_("lists"), SLOW_HTML: N_("rulebook"), "pdf": N_("pdf")}  # the log's words (the state keeps the id)

# Polls the status; reloads when the site's version changes; shows findings over the page (its title, translated,
# comes with the status).
RELOAD_SCRIPT = """<script>(() => {
  let seen = null;
  const box = document.createElement("div");
  box.id = "bp-serve-findings";
  box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:45vh;overflow:auto;z-index:2147483647;margin:0;" +
    "padding:.8rem 1rem;background:#3b0d0d;color:#fff;font:13px/1.5 monospace;white-space:pre-wrap;display:none";
  document.addEventListener("DOMContentLoaded", () => document.body.appendChild(box));
  async function poll() {
    try {
      const status = await (await fetch("%s", {cache: "no-store"})).json();
      if (seen !== null && status.version !== seen) { location.reload(); return; }
      seen = status.version;
      box.textContent = status.findings.length ? status.title + "\\n\\n" + status.findings.join("\\n") : "";
      box.style.display = status.findings.length ? "block" : "none";
    } catch (error) { /* the server is restarting */ }
    setTimeout(poll, 700);
  }
  poll();
})();</script>
""" % STATUS_PATH


@dataclass
class ServeState:
    """What the pages poll: the site's version (bumped on every publish), findings, the phase."""

    version: int = 0
    findings: list[str] = field(default_factory=list)
    phase: str = "starting"
    # each edition's programs read in Japanese, by its folder in the site ("" the main edition) and the entry's anchor
    readings: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def readings_for(self, path: str) -> dict[str, list[str]]:
        """The readings of the edition whose folder the request's path is in (the main edition's elsewhere)."""
        first = path.lstrip("/").split("/", 1)[0]
        with self.lock:
            return self.readings.get(first if first in self.readings else "", {})

    def to_json(self) -> bytes:
        with self.lock:
            state = {"version": self.version, "findings": self.findings, "phase": self.phase,
                     "title": _("bp serve: the definitions do not check; showing the last good build")}
        return json.dumps(state, ensure_ascii=False).encode()

    def update(self, *, bump: bool = False, findings: list[str] | None = None, phase: str | None = None) -> None:
        with self.lock:
            if bump:
                self.version += 1
            if findings is not None:
                self.findings = findings
            if phase is not None:
                self.phase = phase


def inject(page: bytes) -> bytes:
    """The reload script before </body> (or at the end of a page without one)."""
    script = RELOAD_SCRIPT.encode()
    at = page.rfind(b"</body>")
    return page + script if at < 0 else page[:at] + script + page[at:]


def host_allowed(header: str | None, names: frozenset[str]) -> bool:
    """Whether a request's Host header names this server: an IP address, localhost, or one of `names`
    (the --host it was started with, the machine's names when it listens on every interface). A web
    page whose domain was made to resolve to 127.0.0.1 (DNS rebinding) sends its own domain: refused."""
    if header is None:  # HTTP/1.0 without Host: no browser sends such a request
        return True
    host = header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host = host[1:host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":")[0]
    host = host.rstrip(".")
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    return host == "localhost" or host.endswith(".localhost") or host in names


def served_path(translated: str, site: str) -> str | None:
    """The file a request's path names inside the site (http.server's translate_path), or None when
    it must not be served: a NUL or a character the file system cannot name, a symbolic link anywhere
    on the way (the site holds what bp wrote; a link in it would serve what it points at), or a
    place outside the site."""
    try:
        real_site = os.path.realpath(site)
        relative = os.path.relpath(translated, site)
        candidate = os.path.normpath(os.path.join(real_site, relative))
        if os.path.realpath(candidate) != candidate or not (candidate == real_site or candidate.startswith(real_site + os.sep)):
            return None
        os.stat(candidate)  # raises for a name the file system refuses
    except FileNotFoundError:
        return translated  # http.server answers 404
    except (OSError, ValueError, UnicodeError):
        return None
    return translated


class SiteHandler(SimpleHTTPRequestHandler):
    state: ServeState
    timeout = CONNECTION_TIMEOUT  # a client that connects and says nothing does not hold a thread for ever

    def __init__(self, *args: Any, state: ServeState, names: frozenset[str], timeout: float = CONNECTION_TIMEOUT,
                 **kwargs: Any) -> None:
        self.state = state
        self.names = names
        self.timeout = timeout  # read by setup(), which the base class's __init__ calls
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the build's lines are what the editor reads

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a rebuilt page is never served from the browser's cache
        super().end_headers()

    def send_head(self) -> Any:
        """http.server's answer (a file, a folder's listing, 404), for a path that may be served."""
        if served_path(self.translate_path(self.path), self.directory) is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return super().send_head()

    def _refused(self) -> bool:
        """Answer 403 to a request for another host's name (DNS rebinding); whether it was."""
        if host_allowed(self.headers.get("Host"), self.names):
            return False
        self.send_error(HTTPStatus.FORBIDDEN, _("bp serve answers to localhost and to its addresses only"))
        return True

    def do_GET(self) -> None:
        """A page (with the reload script), the status, or http.server's answer; HEAD the same without the body,
        its Content-Length the GET's."""
        if self._refused():
            return
        if self.path.split("?")[0] == STATUS_PATH:
            self._send(self.state.to_json(), "application/json")
            return
        translated = served_path(self.translate_path(self.path), self.directory)
        if translated is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        path = Path(translated)
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and served_path(str(path), self.directory) and path.is_file():
            try:
                page = path.read_bytes()
            except OSError:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self._send(inject(with_readings(page, self.state.readings_for(self.path.split("?")[0]))), "text/html; charset=utf-8")
            return
        if self.command == "HEAD":
            super().do_HEAD()
        else:
            super().do_GET()

    do_HEAD = do_GET

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    # Connections the system holds until they are taken: with socketserver's 5, a burst of more (pages open in
    # several tabs reloading at once, a client opening many) had the rest wait a second to be tried again.
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], handler: Callable[..., SiteHandler], log: Callable[[str], None]) -> None:
        self.log = log
        super().__init__(address, handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A request that failed (a client gone mid-answer): one line, not socketserver's traceback."""
        import sys

        self.log(_("a request from {address} failed: {error}").format(address=client_address[0], error=repr(sys.exc_info()[1])))


def signature(root: Path, dirs: tuple[str, ...] = SOURCE_DIRS) -> tuple[tuple[str, int, int], ...]:
    """The watched files' names, sizes and times (stat only: a FIFO or device is never opened), the
    files the build reads, as it walks them (model/files.py): cheap to take twice a second."""
    entries = []
    for name in dirs:
        for file in source_tree(root / name, root):
            try:
                stat = file.path.lstat() if file.refused else file.path.stat()
            except OSError:
                continue
            entries.append((str(file.path), stat.st_size, stat.st_mtime_ns))
    return tuple(entries)


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def every_interface(host: str) -> bool:
    return host in ("0.0.0.0", "::")


def unsaid_every_interface(host: str) -> str | None:
    """Why `--host` is refused: '' listens on every interface without saying so (bp serve, bp play)."""
    if host.strip():
        return None
    return _("--host '' would listen on every network interface: say --host 0.0.0.0 to mean that, "
             "or leave --host out to serve this machine only")


def reachable_warning(host: str, what: str) -> str | None:
    """What the terminal says when `host` is not this machine's loopback: `what` is open to the network."""
    if is_loopback(host):
        return None
    return _("--host {host}: {what} can be read by anyone who can reach this machine").format(host=host, what=what)


def machine_names() -> set[str]:
    """This machine's own names, as a browser elsewhere on the network may call it."""
    return {socket.gethostname().lower(), socket.getfqdn().lower()}


def known_names(host: str) -> frozenset[str]:
    """The names a Host header may give besides an address and localhost: the --host given, and the
    machine's own names when the server listens on every interface."""
    names = {host.lower().rstrip(".")}
    if every_interface(host):
        names |= machine_names()
    return frozenset(names)


@dataclass
class Server:
    root: Path
    out: Path | None
    host: str
    port: int
    pdf: bool
    log: Callable[[str], None]
    jobs: int | None = None
    cache: Path | None = None
    idle_timeout: float = CONNECTION_TIMEOUT
    state: ServeState = field(default_factory=ServeState)
    changed: threading.Event = field(default_factory=threading.Event)
    stopping: threading.Event = field(default_factory=threading.Event)

    builder: threading.Thread | None = None
    # What the last rebuild ended in ("findings", "failed") until a rebuild gets past it, which says it is fixed:
    # the editor who fixed the last finding reads so in the terminal, not only on the page.
    broken: str | None = None
    # Each edition's definitions as last loaded and checked, with the signature of its files then: an edition whose
    # files did not change is not checked again when another changes (the newest edition's check takes seconds).
    checked_editions: dict[Path, tuple[tuple[tuple[str, int, int], ...], Checked]] = field(default_factory=dict)

    def start(self) -> SiteServer:
        """Bind (OutputError if the port is taken) and serve in a thread; the builds run in another."""
        refused = unsaid_every_interface(self.host)
        if refused:
            raise OutputError(refused)
        site = plan_site(self.root, self.out, HTML_STEPS, self.cache).target
        site.mkdir(parents=True, exist_ok=True)
        handler = partial(SiteHandler, directory=str(site), state=self.state, names=known_names(self.host), timeout=self.idle_timeout)
        try:
            httpd = SiteServer((self.host, self.port), handler, self.log)
        except OSError as exc:
            raise OutputError(cannot_serve(self.host, self.port, exc)) from exc
        warning = reachable_warning(self.host, _("the site (and the findings)"))
        if warning:
            self.log(warning)
        threading.Thread(target=httpd.serve_forever, name="bp-serve-http", daemon=True).start()
        threading.Thread(target=self._watch, name="bp-serve-watch", daemon=True).start()
        self.builder = threading.Thread(target=self._rebuild_loop, name="bp-serve-build", daemon=True)
        self.builder.start()
        self.changed.set()  # build what is out of date at once
        return httpd

    def stop(self, httpd: SiteServer) -> None:
        """Stop serving; a build under way stops at once and publishes nothing, so no staging copy is
        left behind: the renderings under way are killed, Sphinx stops before its next page, any other
        step ends before the next one starts."""
        self.stopping.set()
        self.changed.set()
        httpd.shutdown()
        httpd.server_close()
        if self.builder is not None:
            self.builder.join(timeout=120)

    def _signature(self) -> tuple[tuple[str, int, int], ...]:
        """The watched files of every edition the site publishes (a declared folder not there: the root's alone,
        whose rules.yaml names it; the build says what is wrong)."""
        try:
            roots = [edition.root for edition in site_editions(self.root)]
        except OutputError:
            roots = [self.root]
        return tuple(entry for root in roots for entry in signature(root))

    def _watch(self) -> None:
        seen = self._signature()
        while not self.stopping.wait(0.5):
            now = self._signature()
            if now != seen:
                seen = now
                self.log(_("change seen: rebuilding"))
                self.changed.set()

    def _rebuild_loop(self) -> None:
        while not self.stopping.is_set():
            self.changed.wait()
            if self.stopping.is_set():
                return
            time.sleep(0.15)  # an editor's save is often several writes
            self.changed.clear()
            try:
                self._rebuild()
            except Cancelled:
                if not self.stopping.is_set():
                    self.log(_("a newer change: the PDFs are built again after the HTML"))
            except Exception as exc:  # noqa: BLE001 - serving goes on with the last good site
                self.log(_("build failed: {reason}").format(reason=exc))
                self.state.update(findings=[str(exc)], phase="failed", bump=False)
                self.broken = "failed"

    def _checked(self, root: Path) -> Checked:
        """The edition at `root` loaded and checked, or as it was last time when none of its files, nor the past
        editions its history read, changed since."""
        from ..checks import load

        seen = signature(root)  # taken before the files are read: one saved meanwhile is read again next time
        kept = self.checked_editions.get(root)
        if kept is not None and kept[0] == seen and unchanged(kept[1].outside):
            return kept[1]
        checked = load(root)
        self.checked_editions[root] = (seen, checked)
        return checked

    def _rebuild(self) -> None:
        self.state.update(phase="checking")
        checked = {edition.root: self._checked(edition.root) for edition in site_editions(self.root)}
        findings = [finding for each in checked.values() for finding in each.findings]
        if findings:
            lines = list(render_text(findings))  # each cause first, what it caused under it
            for line in lines:
                self.log(line)
            count = len(findings)
            self.log(ngettext("{count} finding: still serving the last good build", "{count} findings: still serving the last good build",
                              count).format(count=count))
            self.state.update(findings=lines, phase="findings")
            self.broken = "findings"
            return
        self.state.update(findings=[])
        by_folder = {edition.folder: program_readings(checked[edition.root].definitions) for edition in site_editions(self.root)}
        with self.state.lock:
            self.state.readings = by_folder
        if self.broken == "findings":
            self.log(_("no findings left: the definitions check again, the site is built from them"))
            self.broken = None
        for phase, steps in PHASES:
            if phase == "pdf" and not self.pdf:
                break
            plan = plan_site(self.root, self.out, steps, self.cache)  # every edition; one whose sources did not change is kept
            if plan.up_to_date and plan.settle():
                continue
            self.state.update(phase=phase)
            started = time.perf_counter()
            # A newer change stops the PDFs (the HTML of the change comes first); stopping stops any phase.
            cancelled = (lambda: self.changed.is_set() or self.stopping.is_set()) if phase == "pdf" else self.stopping.is_set
            # Warnings are said as they come; what each rendering took is summed in the phase's one line.
            log = lambda message: self.log(f"  {message}")
            report = run_site(plan, lambda root: checked[root].definitions, log, self.jobs, cancelled=cancelled,
                              progress=lambda _message: None, stopped=self.stopping.is_set)
            self.state.update(bump=True)
            self.log(ngettext("{phase}: published in {seconds:.1f} s ({count} file rendered)",
                              "{phase}: published in {seconds:.1f} s ({count} files rendered)", len(report.rendered)).format(
                phase=_(PHASE_NAMES[phase]), seconds=time.perf_counter() - started, count=len(report.rendered)))
        if self.broken == "failed":
            self.log(_("the build works again: the site is up to date"))
            self.broken = None
        self.state.update(phase="idle")


def serve(root: Path, out: Path | None, host: str, port: int, *, pdf: bool, log: Callable[[str], None], jobs: int | None = None,
          cache: Path | None = None, ready: Callable[[str], None] = lambda _: None,
          idle_timeout: float = CONNECTION_TIMEOUT) -> None:
    """Serve until interrupted (Ctrl-C); a connection silent for `idle_timeout` seconds is closed."""
    server = Server(root, out, host, port, pdf, log, jobs, cache, idle_timeout)
    httpd = server.start()
    ready(f"http://{host}:{httpd.server_address[1]}/")
    until_stopped(lambda: server.stop(httpd))


def until_stopped(stop: Callable[[], None]) -> None:
    """Wait for Ctrl-C or SIGTERM, then `stop` (bp serve, bp play)."""
    stop_on_sigterm()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        stop()


def stop_on_sigterm() -> None:
    """`kill` (a process manager, a script that started bp serve in the background, where Ctrl-C's
    SIGINT is ignored) stops it as Ctrl-C does: the build under way is dropped, nothing left behind."""
    import signal

    def interrupt(_signal: int, _frame: object) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, interrupt)
