"""Run the `bp` command as a user would: a separate process, from this checkout.

`bp(...)` forks each run from a process that has imported bp's libraries once (tests/preloaded.py,
one per pytest process, started at the first run and ended with it): a cold start spends up to a
second importing, and the suite runs bp thousands of times. The child is what `python -m toolchain`
would be; a run that asks for what an interpreter fixes when it starts (a PYTHON* variable, the
locale, TZ, or a variable a preloaded library read, other than the preloaded process has) runs cold,
as every run does with BP_TESTS_COLD=1 or when the preloaded process cannot start; from the third run
with the same other locale (or variable read at import, or one of the PYTHON* variables of SAME_IN_A_CHILD),
those are forked from another preloaded process started with it.
`start_bp` and `running` (a server, a run to interrupt) always start a process of their own.
"""

from __future__ import annotations

import atexit
import json
import locale
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COLD = "BP_TESTS_COLD"  # =1: every bp(...) a cold `python -m toolchain`, as a user's
COLD_LOG = "BP_TESTS_COLD_LOG"  # =FILE: a JSON line per cold run and per preloaded process started
# What the interpreter reads when it starts (besides PYTHON*): a child forked from a process started with
# other values would not be what a cold start with them is. (LC_CTYPE is the first set of LC_ALL, LC_CTYPE,
# LANG, as the C library reads it.)
FIXED_AT_START = ("LC_ALL", "LC_CTYPE", "LANG", "TZ")
_ENVIRONMENT = dict(os.environ)  # as the pytest process started: the preloaded process's, before any test's change
_HEADER_SIZE = 8
# PYTHON* variables a child forked from a process started with them has as a cold start with them would (the
# streams' buffering, bytecode files, the hash seed, the encodings): another preloaded process starts with them.
# (A guide's shell has none of the suite's own: `make test` run with PYTHONUNBUFFERED set ran all its bp cold.)
SAME_IN_A_CHILD = frozenset({"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONHASHSEED"})


def bp(*args: str, cwd: Path | None = None, timeout: float = 900,
       env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # The timeout only stops a hung run: a full build on a loaded two-core machine has taken over 5 minutes.
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return run_module("toolchain", *args, cwd=cwd, timeout=timeout, env=env)


def run_module(module: str, *args: str, cwd: Path | str | None, timeout: float | None,
               env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m module *args` as subprocess.run(capture_output=True, text=True, stdin=DEVNULL) runs it:
    forked from the preloaded process where that is the same, else cold."""
    command = [sys.executable, "-m", module, *args]
    server = _serving(env) if env.get(COLD) != "1" else None
    where = _folder(cwd)
    if server is None or where is None:
        _log_cold(env)
        return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
    return server.run(command, module, [os.fsdecode(arg) for arg in args], where, env, timeout)


def _log_cold(env: dict[str, str]) -> None:
    """With BP_TESTS_COLD_LOG=FILE, a line per cold run: the test, and what it differs in from the first preloaded
    process (to find the runs that could be forked)."""
    first = next(iter(_servers.values()), None)
    if os.environ.get(COLD_LOG) and env.get(COLD) != "1":
        _log({"cold": {} if first is None else {name: env.get(name) for name in {*first.fixed(env), *first.fixed(first.environment)}
                                                if env.get(name) != first.environment.get(name)}})


def _log(record: dict[str, Any]) -> None:
    with open(os.environ[COLD_LOG], "a", encoding="utf-8") as file:
        file.write(json.dumps({"test": os.environ.get("PYTEST_CURRENT_TEST", "?"), **record}) + "\n")


def _folder(cwd: Path | str | None) -> str | None:
    """The working folder a child started with `cwd` has (None: one that is not a folder, whose error
    subprocess gives)."""
    where = os.getcwd() if cwd is None else os.path.join(os.getcwd(), os.fspath(cwd))
    return where if os.path.isdir(where) else None


def _decoded(data: bytes) -> str:
    """Output as subprocess's text mode gives it: the locale's encoding, universal newlines."""
    encoding = "utf-8" if sys.flags.utf8_mode else locale.getencoding()
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")


def _locale(env: dict[str, str]) -> tuple[str, bool]:
    return next((env[name] for name in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(name)), ""), bool(env.get("LC_ALL"))


@dataclass
class Preloaded:
    """The preloaded process of this pytest process (tests/preloaded.py)."""

    process: subprocess.Popen[bytes]
    control: socket.socket
    environment: dict[str, str]  # the one it started with
    report: dict[str, Any]  # what its preloading read and found
    owner: int = field(default_factory=os.getpid)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # CPU seconds as the process last said them: its forked runs' (each with its own children's) and its own
    # (its imports, its forks); neither is in this process's resource.getrusage until it has ended and been waited for
    runs_cpu: float = 0.0
    own_cpu: float = 0.0

    def __post_init__(self) -> None:
        self.own_cpu = float(self.report.get("cpu", 0.0))
        _started.append(self)

    def counted(self, answer: str) -> int:
        """The wait status of the answer `STATUS RUN_CPU OWN_CPU`, its CPU seconds counted."""
        status, *seconds = answer.split()
        with self.lock:
            if seconds:
                self.runs_cpu += float(seconds[0])
            if len(seconds) > 1:
                self.own_cpu = float(seconds[1])
        return int(status)

    def fixed(self, env: dict[str, str]) -> dict[str, str]:
        """The variables of `env` whose values a child forked from this process has from its start: PYTHON*,
        FIXED_AT_START, those read while preloading."""
        read = set(self.report["read"]) | set(FIXED_AT_START)
        return {name: value for name, value in env.items() if name.startswith("PYTHON") or name in read}

    def differs(self, env: dict[str, str]) -> bool:
        """Whether a child forked from this process would be unlike a cold start with `env`."""
        return _locale(env) != _locale(self.environment) or self.fixed(env) != self.fixed(self.environment)

    def started_with(self, env: dict[str, str]) -> dict[str, str]:
        """`env` as the interpreter leaves it once started: this process's own start changed its environment
        (a locale that is not installed coerced to C.UTF-8: LC_CTYPE set, PEP 538), and a cold run's would too."""
        given, found = self.environment, self.report["environ"]
        changed = {name: value for name, value in found.items() if given.get(name) != value}
        return {**{name: value for name, value in env.items() if name in found or name not in given}, **changed}

    def run(self, command: list[str], module: str, args: list[str], cwd: str, env: dict[str, str],
            timeout: float | None) -> subprocess.CompletedProcess[str]:
        deadline = None if timeout is None else time.monotonic() + timeout
        stdout_r, stdout_w = os.pipe()
        stderr_r, stderr_w = os.pipe()
        try:
            ours = self._ask(module, args, cwd, env, stdout_w, stderr_w)
        except BaseException:
            os.close(stdout_r)
            os.close(stderr_r)
            raise
        finally:
            os.close(stdout_w)
            os.close(stderr_w)
        with ours:
            with open(stdout_r, "rb", buffering=0) as out, open(stderr_r, "rb", buffering=0) as err:
                try:
                    stdout, stderr = _read(out, err, deadline)
                    status = _status(ours, deadline, self)
                except subprocess.TimeoutExpired as expired:
                    ours.sendall(b"K")  # killed, as subprocess.run kills it
                    _status(ours, None, self)
                    raise subprocess.TimeoutExpired(command, timeout if expired.timeout is None else expired.timeout,
                                                    output=expired.output, stderr=expired.stderr) from None
                except BaseException:
                    ours.sendall(b"K")
                    _status(ours, None, self)
                    raise
        return subprocess.CompletedProcess(command, os.waitstatus_to_exitcode(status), _decoded(stdout), _decoded(stderr))

    def run_on(self, module: str, args: list[str], cwd: str, env: dict[str, str], stdout: int, stderr: int,
               signals: socket.socket | None = None) -> int:
        """A run whose output goes where the caller's descriptors lead (a shell's pipe): its wait status. Each
        signal number read from `signals` (a line each) is sent to the run; `signals` closed, the run is killed."""
        with self._ask(module, args, cwd, env, stdout, stderr) as ours:
            try:
                if signals is not None:
                    _pass_signals(signals, ours)
                return _status(ours, None, self)
            except BaseException:
                ours.sendall(b"K")
                _status(ours, None, self)
                raise

    def _ask(self, module: str, args: list[str], cwd: str, env: dict[str, str], stdout: int, stderr: int) -> socket.socket:
        """The run asked for (its stdout and stderr sent): the socket its end is told on."""
        env = self.started_with(env)
        ours, theirs = socket.socketpair()
        try:
            with theirs, self.lock:
                socket.send_fds(self.control, [b"R"], [theirs.fileno()])
            payload = json.dumps({"module": module, "args": args, "cwd": cwd, "env": env}).encode()
            data = len(payload).to_bytes(_HEADER_SIZE, "big") + payload
            sent = socket.send_fds(ours, [data], [stdout, stderr])
            ours.sendall(data[sent:])
        except BaseException:
            ours.close()
            raise
        return ours

    def stop(self) -> None:
        if os.getpid() != self.owner:
            return  # a fork of the pytest process (multiprocessing in a test): the server is its parent's
        self.control.close()  # the server ends when its end of the control socket closes
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _pass_signals(signals: socket.socket, ours: socket.socket) -> None:
    """Until the run has ended: the signal numbers read from `signals` sent to it (`S<number>` to the preloaded
    process), and SIGKILL (`K`) when `signals` closes (its `bp` killed, as a cold run would be)."""
    pending = b""
    with selectors.DefaultSelector() as selector:
        selector.register(ours, selectors.EVENT_READ)
        selector.register(signals, selectors.EVENT_READ)
        while True:
            for key, _events in selector.select():
                if key.fileobj is ours:
                    return  # its end is being told
                try:
                    data = signals.recv(64)
                except OSError:
                    data = b""
                if not data:
                    selector.unregister(signals)
                    ours.sendall(b"K")
                    continue
                *numbers, pending = (pending + data).split(b"\n")
                for number in numbers:
                    ours.sendall(b"S" + number + b"\n")


def _read(out: Any, err: Any, deadline: float | None) -> tuple[bytes, bytes]:
    """Both pipes to their end at once (a child that fills one while the other is read would wait for ever)."""
    chunks: dict[Any, list[bytes]] = {out: [], err: []}
    with selectors.DefaultSelector() as selector:
        selector.register(out, selectors.EVENT_READ)
        selector.register(err, selectors.EVENT_READ)
        while selector.get_map():
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired([], None, output=b"".join(chunks[out]) or None,  # type: ignore[arg-type]
                                                stderr=b"".join(chunks[err]) or None)
            for key, _events in selector.select(left):
                data = os.read(key.fd, 32768)
                if data:
                    chunks[key.fileobj].append(data)
                else:
                    selector.unregister(key.fileobj)
    return b"".join(chunks[out]), b"".join(chunks[err])


def _status(conn: socket.socket, deadline: float | None, server: Preloaded) -> int:
    """The child's wait status, from the preloaded process once the child has ended (its CPU counted)."""
    answer = b""
    while not answer.endswith(b"\n"):
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise subprocess.TimeoutExpired([], left)  # type: ignore[arg-type]
        conn.settimeout(left)
        try:
            data = conn.recv(256)
        except TimeoutError:
            raise subprocess.TimeoutExpired([], left) from None  # type: ignore[arg-type]
        if not data:
            raise RuntimeError("the preloaded bp process ended during a run (tests/preloaded.py)")
        answer += data
    kind, _, rest = answer.decode().strip().partition(" ")
    if kind == "error":
        number, _, text = rest.partition(" ")
        raise OSError(int(number), text)
    return server.counted(rest)


def forked_cpu_seconds() -> float:
    """The CPU seconds of this process's preloaded processes and their runs so far, those that have not been waited
    for: added to resource.getrusage's RUSAGE_SELF and RUSAGE_CHILDREN, what this process's bp runs have cost
    (benchmarks/pytest_cpu.py). One that has been waited for is in RUSAGE_CHILDREN, whole."""
    return sum(server.runs_cpu + server.own_cpu for server in _started
               if server.owner == os.getpid() and server.process.returncode is None)


_started: list[Preloaded] = []  # every preloaded process started (by a test too), to count their CPU
MOST_SERVERS = 3  # one for most runs' environment, others for a locale (tests/i18n's Japanese) or a setting
WORTH_A_SERVER = 3  # runs with the same other values before a process is started for them (it costs seconds)
_asked: dict[tuple[tuple[str, str], ...], int] = {}  # runs so far by the values fixed at start they asked for
_many: list[dict[str, str]] = []  # environments expect_many announced
_servers: dict[tuple[tuple[str, str], ...], Preloaded] = {}  # by the values fixed at their start
_unavailable: str | None = None
_starting = threading.Lock()


def preloaded() -> Preloaded | None:
    """This pytest process's first preloaded process, for the environment it started with; None where it
    cannot start (why: `unavailable()`)."""
    with _starting:
        return _preloaded({**_ENVIRONMENT, "PYTHONPATH": str(ROOT)})


def unavailable() -> str | None:
    """Why bp(...) runs cold in this process (None while preloaded processes serve it)."""
    return _unavailable


def _serving(env: dict[str, str], many: bool = False) -> Preloaded | None:
    """The preloaded process whose children start as a cold run with `env` would: the first, or one started
    with the values `env` gives what is fixed at start (from the WORTH_A_SERVER-th run that asks for them
    on, at most MOST_SERVERS, or from the first if expect_many announced them or `many` says so); None: run cold."""
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in env.items()):
        return None
    with _starting:
        first = _preloaded({**_ENVIRONMENT, "PYTHONPATH": str(ROOT)})
        if first is None or not first.differs(env):
            return first
        python = {name for name, value in first.fixed(env).items() if name.startswith("PYTHON") and value != first.environment.get(name)}
        python |= {name for name in first.fixed(first.environment) if name.startswith("PYTHON") and name not in env}
        if python - SAME_IN_A_CHILD:
            return None  # -X importtime, -v…: some show while importing, which a child does not do
        environment = {name: value for name, value in _ENVIRONMENT.items() if name not in first.fixed(_ENVIRONMENT)}
        environment = {**environment, **first.fixed(env)}
        key = (*sorted(environment.items()),)
        _asked[key] = _asked.get(key, 0) + 1
        announced = many or any(first.fixed(env) == first.fixed(other) for other in _many)
        if _asked[key] < WORTH_A_SERVER and not announced:
            return None
        server = _preloaded(environment, other=not announced)
        return server if server is not None and not server.differs(env) else None


def expect_many(env: dict[str, str]) -> None:
    """Runs whose variables fixed at start are those of `{**os.environ, **env}` will be many (a module of runs in
    another locale): their preloaded process starts at the first of them, not after WORTH_A_SERVER cold runs,
    even when MOST_SERVERS have started (for other runs, which may have been few)."""
    with _starting:
        _many.append({**os.environ, "PYTHONPATH": str(ROOT), **env})


def _preloaded(environment: dict[str, str], other: bool = False) -> Preloaded | None:
    """The preloaded process started with `environment` (started now if need be)."""
    global _unavailable
    key = (*sorted(environment.items()),)
    server = _servers.get(key)
    if server is not None and server.owner == os.getpid() and server.process.poll() is None:
        return server
    if server is not None and server.owner == os.getpid():
        _unavailable = f"a preloaded bp process ended (exit {server.process.returncode})"
    if _unavailable is not None or (server is not None and server.owner != os.getpid()):
        return None  # a fork of the pytest process (multiprocessing in a test): its parent's servers are not its own
    if other and len(_servers) >= MOST_SERVERS:
        return None
    try:
        server = _start(environment)
    except (OSError, RuntimeError, ValueError) as exc:
        _unavailable = str(exc)
        warnings.warn(f"bp runs cold: {exc}", stacklevel=4)
        return None
    atexit.register(server.stop)
    _servers[key] = server
    if os.environ.get(COLD_LOG):
        _log({"started": {name: value for name, value in environment.items() if _ENVIRONMENT.get(name) != value}})
    return server


def _start(environment: dict[str, str]) -> Preloaded:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    log = tempfile.TemporaryFile()  # noqa: SIM115 - the server's stderr for as long as it runs, read if it fails
    with theirs:
        process = subprocess.Popen([sys.executable, "-m", "tests.preloaded", str(theirs.fileno())],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, cwd=ROOT,
                                   env=environment, pass_fds=(theirs.fileno(),))
    ours.settimeout(600)  # the imports take seconds; minutes on a loaded machine
    try:
        hello = ours.recv(1 << 20)
    except TimeoutError:
        hello = b""
    ours.settimeout(None)
    if not hello:
        process.kill()
        process.wait()
        log.seek(0)
        raise RuntimeError(f"the preloaded bp process did not start: {log.read().decode(errors='replace')[-2000:]}")
    report = json.loads(hello)
    if report["problems"]:
        process.wait()
        raise RuntimeError("; ".join(report["problems"]))
    return Preloaded(process, ours, environment, report)


# The `bp` of bp_command: it asks the test's process to fork its run (its arguments, folder, environment and
# standard output and error), passes on the signals that stop a command (a server's SIGTERM, a terminal's Ctrl-C:
# the run is in no process group of the shell's), and ends as the run ended; it starts cold where the test's
# process says so. A signal ignored when it started (SIGINT in a shell's background job) stays ignored, as a cold
# run would leave it.
_RELAYED_BP = """#!{python} -IS
import json, os, signal, socket, sys

conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
early = []  # signals that came before the request was sent

def relay(number, _frame):
    if early is not None:
        early.append(number)
        return
    try:
        conn.sendall(b"%d\\n" % number)
    except OSError:
        pass

def cold():
    for number in {relayed!r}:
        if signal.getsignal(number) == relay:
            signal.signal(number, signal.SIG_DFL)
    for number in early or ():
        os.kill(os.getpid(), number)
    os.execv({python!r}, [{python!r}, "-m", {module!r}, *sys.argv[1:]])

for number in {relayed!r}:
    if signal.getsignal(number) != signal.SIG_IGN:
        signal.signal(number, relay)
try:
    conn.connect({address!r})
except OSError:
    cold()
request = json.dumps({{"args": sys.argv[1:], "cwd": os.getcwd(), "env": dict(os.environ)}}).encode()
data = len(request).to_bytes(8, "big") + request
sent = socket.send_fds(conn, [data], [1, 2])
if sent < len(data):  # (an empty send after the answer "cold" and a closed socket would be a broken pipe)
    conn.sendall(data[sent:])
came, early = early, None
for number in came:
    relay(number, None)
answer = b""
while not answer.endswith(b"\\n"):
    chunk = conn.recv(64)
    if not chunk:
        sys.exit("bp: the test that forks bp's runs has ended")
    answer += chunk
kind, _, value = answer.decode().strip().partition(" ")
if kind == "cold":
    early = came
    cold()
status = int(value)
if os.WIFSIGNALED(status):
    signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
    os.kill(os.getpid(), os.WTERMSIG(status))
sys.exit(os.waitstatus_to_exitcode(status))
"""
RELAYED_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


@contextmanager
def bp_command(folder: Path, module: str = "toolchain") -> Iterator[Path]:
    """`folder`/bp, a `bp` command for a shell (a guide's session) that runs as bp(...) does (`python -m module`):
    forked from the preloaded process, or cold where bp(...) would run cold; a server too (bp serve, bp play),
    stopped by a signal to that `bp`. For the block."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    address = f"\0bp-relay-{os.getpid()}-{id(listener)}"  # an abstract socket: no file, no length limit of a path
    listener.bind(address)
    listener.listen(8)
    command = folder / "bp"
    relayed = tuple(int(number) for number in RELAYED_SIGNALS)
    command.write_text(_RELAYED_BP.format(python=sys.executable, module=module, relayed=relayed, address=address),
                       encoding="utf-8")
    command.chmod(0o755)
    accepting = threading.Thread(target=_relay, args=(listener, module), name="bp-relay", daemon=True)
    accepting.start()
    try:
        yield command
    finally:
        listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        accepting.join(timeout=30)


def _relay(listener: socket.socket, module: str) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:  # closed: the block has ended
            return
        threading.Thread(target=_relay_run, args=(conn, module), name="bp-relay-run", daemon=True).start()


def _relay_run(conn: socket.socket, module: str) -> None:
    """One run asked for by bp_command's `bp`: forked, the signals its `bp` gets passed on, and its wait status
    answered; or `cold`."""
    fds: list[int] = []
    with conn:
        try:
            data, fds, _flags, _address = socket.recv_fds(conn, 65536, 2)
            while len(data) < _HEADER_SIZE or len(data) < _HEADER_SIZE + int.from_bytes(data[:_HEADER_SIZE], "big"):
                more = conn.recv(65536)
                if not more:
                    return
                data += more
            request = json.loads(data[_HEADER_SIZE:])
            env, where = request["env"], _folder(request["cwd"])
            # A shell session's runs: many in one environment (a guide's some 25)
            server = _serving(env, many=True) if env.get(COLD) != "1" and len(fds) == 2 else None
            if server is None or where is None:
                _log_cold(env)
                conn.sendall(b"cold\n")
                return
            status = server.run_on(module, request["args"], where, env, fds[0], fds[1], signals=conn)
            conn.sendall(f"exit {status}\n".encode())
        except OSError:
            return  # the `bp` has gone (its shell killed)
        finally:
            for fd in fds:
                os.close(fd)


def start_bp(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, **popen: Any) -> subprocess.Popen[str]:
    """`bp` in the background (to kill it, or to run several at once); stop it with `stop` (or in a
    `running` block), which a suite started from a background shell can do too."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    pipes: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}  # unless `popen` says where
    return subprocess.Popen([sys.executable, "-m", "toolchain", *args], text=True, cwd=cwd, env=env, **{**pipes, **popen})


def sigint_at_default() -> None:
    """A `preexec_fn` for a child that a test sends SIGINT (Ctrl-C): SIGINT back to its default. A shell
    starts background jobs with SIGINT ignored, a suite started so runs with it ignored, and its children
    would inherit that and never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop(process: subprocess.Popen[str], timeout: float = 60) -> int:
    """Stop a `bp` started by start_bp, if it still runs: SIGTERM (bp serve stops on it as on Ctrl-C),
    then SIGKILL when it has not ended within `timeout`. Never SIGINT: a shell starts background
    jobs with SIGINT ignored, and their children inherit that. The exit code."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


@contextmanager
def running(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """start_bp for the block; stopped when it ends, however it ends (a failed assertion too)."""
    process = start_bp(*args, cwd=cwd, env=env, **popen)
    try:
        yield process
    finally:
        stop(process)


def children(pid: int, *, all_descendants: bool = False) -> list[int]:
    """The processes whose parent is `pid` (with all_descendants, their children too, and so on)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            if all_descendants:
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet waited for, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def serve_status(process: subprocess.Popen[str], port: int, phases: tuple[str, ...], seconds: float = 120) -> dict[str, Any]:
    """bp serve's /__bp__/status once its phase is one of `phases`; the server must run meanwhile."""
    import json
    import time
    import urllib.request

    deadline = time.monotonic() + seconds
    while True:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        assert time.monotonic() < deadline, f"bp serve did not reach {phases}"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/__bp__/status", timeout=5) as response:
                status: dict[str, Any] = json.loads(response.read())
            if status["phase"] in phases:
                return status
        except OSError:
            pass
        time.sleep(0.2)
