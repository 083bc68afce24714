"""The preloaded process that forks each `bp` run of tests/runbp.py (one per pytest process).

A cold `python -m toolchain` spends most of a short command importing (YAML, jsonschema, typer,
rich, WeasyPrint, the simulator): this process imports them once, then forks a child per run,
which becomes what a fresh `python -m toolchain` would be: its arguments, working folder (first on
sys.path, as `-m` puts it) and environment (os.environ cleared and replaced), stdin on /dev/null,
stdout and stderr on the caller's pipes, the standard streams and signal handlers of a fresh
interpreter, and the interpreter's own exit (threads joined, atexit, SystemExit's code or message,
a traceback, death by a signal), without the teardown of every module after it, which a run cannot tell.

Only what a run cannot tell from a cold start is preloaded (PRELOADED): third-party libraries and
toolchain modules that neither translate a message nor read the environment or the working folder
when imported (toolchain/i18n.py settles the language on the first message translated, and several
CLI modules translate their help at import: they are left to the child). Sphinx and docutils are
not preloaded: they read the locale's variables at import (Babel's default locale, optparse's
gettext), which the tests vary. After preloading, this process checks what the imports did and
says it in its first message (`problems`, tests/test_runbp.py): the variables they read (a run
that gives one of them another value runs cold: tests/runbp.py), the working folder (only where
CWD_AT_IMPORT sets it again in the child), the language (unsettled), the threads (none: a fork
copies no lock held by another), signal handlers, hooks. C libraries' own reads are not seen.

Protocol: tests/runbp.py holds one end of a SOCK_SEQPACKET pair, this process the other (its
descriptor is the argument); this process ends when that end closes, however the parent ends. For
each run the parent sends one end of a new socket pair over it, and on that pair the run's stdout
and stderr pipes (SCM_RIGHTS) with a length and the JSON request. This process answers
`exit STATUS CPU OWN` (the wait status, the child's CPU seconds with its waited-for children's, and this
process's own so far: its imports, its forks) once the child has ended, or
`error ERRNO TEXT` when it could not fork; a line `S<number>` from the parent passes that signal on to
the child (a shell's `bp` stopped, tests/runbp.py's bp_command), any other byte (a timeout, an
interrupted test), or its end closed, kills it.
"""

from __future__ import annotations

import io
import json
import os
import resource
import selectors
import signal
import socket
import struct
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

HEADER = struct.Struct("!Q")

# Imported once here. A library may read the environment at import (typer reads TYPER_USE_RICH, the
# simulator BP_PURE_PYTHON): those variables are recorded and reported, and a run that gives one of them
# another value runs cold. toolchain.cli's modules are not here: several translate at import.
PRELOADED = (
    "yaml", "jsonschema", "jinja2", "markdown_it", "pydantic", "click", "typer", "typer.main", "rich.console",
    "rich.markdown", "weasyprint", "pypdf", "segno", "concurrent.futures.process", "multiprocessing", "gettext",
    "toolchain", "toolchain.model", "toolchain.checks", "toolchain.checks.result", "toolchain.notation", "toolchain.sim",
    "toolchain.jobs", "toolchain.collector", "toolchain.diagnostics", "toolchain.ownfiles", "toolchain.resultcache",
    "toolchain.temporaries", "toolchain.provenance", "toolchain.site.pipeline",
    # what most commands import next: typer's parameter adapters (pydantic) and what its error panels show with
    # (typer.rich_utils itself reads the locale and the terminal's variables), the simulator's tools (replay,
    # play, export), the loader and the checks (check, balance), the figures (export, serve), the balance's run
    # and bp play's server
    "typer._adapters", "rich.traceback", "rich.panel", "rich.columns", "rich.pretty", "toolchain.simtools",
    "toolchain.model.loader", "toolchain.model.reading_list", "toolchain.model.other_readings",
    "toolchain.checks.programs", "toolchain.checks.crossfile", "toolchain.checks.effect_facts",
    "toolchain.checks.procedure_facts", "toolchain.checks.since_history", "toolchain.checks.cascades",
    "toolchain.checks.guidelines", "toolchain.checks.images", "toolchain.figures", "toolchain.export", "asyncio",
    "toolchain.balance.run", "toolchain.play.server",
)


@dataclass
class Run:
    """One run asked for: `python -m module *args` in `cwd` with `env`, its output on two pipes."""

    module: str
    args: list[str]
    cwd: str
    env: dict[str, str]
    stdout: int
    stderr: int


@dataclass
class Child:
    pid: int
    pidfd: int
    conn: socket.socket
    killed: bool = False
    heard: bool = True  # whether the parent's end is still open (and registered)


# Where a preloaded module's import reads the working folder: set again in each child, after its chdir,
# as its own import would have set it.
CWD_AT_IMPORT = {"rich": "_IMPORT_CWD", "multiprocessing.process": "ORIGINAL_DIR"}
# Reads that leave nothing behind, by reader: tempfile's cached folder is emptied after preloading (WeasyPrint's
# libraries are found by running gcc, in a temporary folder), and ctypes.util hands a copy of the environment to
# gcc (PATH, read by shutil to find gcc, and LD_LIBRARY_PATH, which choose the library, count).
FORGOTTEN: dict[str, Callable[[str], bool]] = {
    "tempfile": lambda name: name in ("TMPDIR", "TEMP", "TMP", "cwd"),
    "ctypes.util": lambda name: name != "LD_LIBRARY_PATH",
}


def _kept(_name: str) -> bool:
    return False


def _reader() -> str:
    """The module that asked (the first frame outside os, collections.abc and this file)."""
    frame = sys._getframe(2)
    while frame is not None and (frame.f_code.co_filename == __file__
                                 or frame.f_globals.get("__name__") in ("os", "collections.abc")):
        frame = frame.f_back
    return frame.f_globals.get("__name__", "?") if frame is not None else "?"


class _Recording(os._Environ):  # type: ignore[misc,name-defined]
    """os.environ while preloading: the variables read are noted with their reader (iterating reads them all: "*")."""

    reads: ClassVar[set[tuple[str, str]]] = set()

    def __getitem__(self, key: str) -> str:
        _Recording.reads.add((os.fsdecode(key), _reader()))
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, (str, bytes)):
            _Recording.reads.add((os.fsdecode(key), _reader()))
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        _Recording.reads.add(("*", _reader()))
        return super().__iter__()


@contextmanager
def _watched() -> Iterator[None]:
    """While preloading: the environment's reads recorded, and the working folder's ("cwd")."""
    real_getcwd, real_getcwdb = os.getcwd, os.getcwdb

    def getcwd() -> str:
        _Recording.reads.add(("cwd", _reader()))
        return real_getcwd()

    def getcwdb() -> bytes:
        _Recording.reads.add(("cwd", _reader()))
        return real_getcwdb()

    kind = type(os.environ)
    os.environ.__class__ = _Recording
    os.getcwd, os.getcwdb = getcwd, getcwdb  # type: ignore[assignment]
    try:
        yield
    finally:
        os.environ.__class__ = kind
        os.getcwd, os.getcwdb = real_getcwd, real_getcwdb  # type: ignore[assignment]


def _handlers() -> dict[int, Any]:
    found = {}
    for number in signal.valid_signals():
        try:
            found[int(number)] = signal.getsignal(number)
        except (OSError, ValueError):
            continue
    return found


def _hooks() -> dict[str, Any]:
    """What a library could change at import that a run would then see: compared before and after."""
    import logging
    import warnings

    return {"excepthook": sys.excepthook, "displayhook": sys.displayhook, "warnings": list(warnings.filters),
            "logging": list(logging.getLogger().handlers), "stdout": sys.stdout, "stderr": sys.stderr,
            "stdin": sys.stdin, "path": list(sys.path), "meta_path": list(sys.meta_path)}


def preload() -> dict[str, Any]:
    """Import PRELOADED; what the imports read and changed."""
    import importlib
    import tempfile

    env_before = dict(os.environ)
    handlers, hooks = _handlers(), _hooks()
    with _watched():
        for name in PRELOADED:
            importlib.import_module(name)
    tempfile.tempdir = None  # as before its first use: a child finds its own (TMPDIR)
    from toolchain import i18n

    kept = sorted({(name, reader) for name, reader in _Recording.reads if not FORGOTTEN.get(reader, _kept)(name)})
    return {
        "read": sorted({name for name, _reader in kept if name != "cwd"}),
        "cwd_read_by": sorted({reader for name, reader in kept if name == "cwd"}),
        "language_state": {name: getattr(i18n, name) for name in ("_explicit", "_setting", "_settled")}
        | {"_catalogue": repr(i18n._catalogue)},
        "tasks": len(os.listdir("/proc/self/task")),
        "signals_changed": sorted(signal.Signals(n).name for n, h in _handlers().items() if h != handlers.get(n)),
        "hooks_changed": sorted(name for name, value in _hooks().items() if value != hooks[name]),
        "env_changed": dict(os.environ) != env_before,
        "modules": len(sys.modules),
    }


def problems(report: dict[str, Any]) -> list[str]:
    """Why the children of a process whose preloading gave `report` would not be cold starts."""
    found = []
    if report["language_state"] != {"_explicit": None, "_setting": None, "_settled": None, "_catalogue": "None"}:
        found.append(f"the language was settled while preloading: {report['language_state']}")
    if unknown := [reader for reader in report["cwd_read_by"] if reader not in CWD_AT_IMPORT]:
        found.append(f"read the working folder at import: {unknown}")
    if report["tasks"] != 1:
        found.append(f"{report['tasks']} threads after preloading: a fork would copy their locks")
    if report["signals_changed"]:
        found.append(f"signal handlers set while preloading: {report['signals_changed']}")
    if report["hooks_changed"]:
        found.append(f"changed while preloading: {report['hooks_changed']}")
    if report["env_changed"]:
        found.append("the environment was changed while preloading")
    if "*" in report["read"]:
        found.append("a preloaded module read the whole environment")
    return found


def _receive(conn: socket.socket) -> Run:
    conn.settimeout(60)  # the parent sends the whole request at once: only a broken parent takes longer
    data, fds, _flags, _address = socket.recv_fds(conn, HEADER.size + 65536, 2)
    if len(fds) != 2:
        for fd in fds:
            os.close(fd)
        raise ConnectionError("a request without its two pipes")
    while len(data) < HEADER.size:
        more = conn.recv(HEADER.size)
        if not more:
            raise ConnectionError("a request cut short")
        data += more
    (size,), data = HEADER.unpack(data[:HEADER.size]), data[HEADER.size:]
    while len(data) < size:
        more = conn.recv(size - len(data))
        if not more:
            raise ConnectionError("a request cut short")
        data += more
    conn.settimeout(None)
    request = json.loads(data)
    return Run(request["module"], request["args"], request["cwd"], request["env"], fds[0], fds[1])


def serve(control: socket.socket) -> Run | None:
    """Fork a child per request until the parent closes the control socket. Returns in a child only
    (its run), with every descriptor of this loop closed; None in this process when it is time to end."""
    selector = selectors.DefaultSelector()
    selector.register(control, selectors.EVENT_READ, None)
    children: dict[int, Child] = {}  # by pid
    try:
        while True:
            for key, _events in selector.select():
                if key.data is None:  # a request, or the parent's end closed
                    try:
                        _message, fds, _flags, _address = socket.recv_fds(control, 1, 1)
                    except ConnectionResetError:
                        return None
                    if not fds:
                        return None
                    conn = socket.socket(fileno=fds[0])
                    try:
                        run = _receive(conn)
                    except (OSError, ValueError, KeyError) as exc:
                        print(f"tests/preloaded.py: a broken request ({exc})", file=sys.stderr)
                        conn.close()
                        continue
                    sys.stdout.flush()
                    sys.stderr.flush()
                    try:
                        pid = os.fork()
                    except OSError as exc:
                        os.close(run.stdout)
                        os.close(run.stderr)
                        conn.sendall(f"error {exc.errno} {exc.strerror}\n".encode())
                        conn.close()
                        continue
                    if pid == 0:
                        for child in children.values():
                            os.close(child.pidfd)
                            child.conn.close()
                        selector.close()
                        control.close()
                        conn.close()
                        return run
                    os.close(run.stdout)
                    os.close(run.stderr)
                    child = Child(pid, os.pidfd_open(pid), conn)
                    children[pid] = child
                    selector.register(child.pidfd, selectors.EVENT_READ, ("ended", pid))
                    selector.register(conn, selectors.EVENT_READ, ("asked", pid))
                elif key.data[0] == "ended":
                    child = children.pop(key.data[1])
                    _pid, status, usage = os.wait4(child.pid, 0)
                    selector.unregister(child.pidfd)
                    if child.heard:
                        selector.unregister(child.conn)
                    os.close(child.pidfd)
                    try:
                        child.conn.sendall(f"exit {status} {usage.ru_utime + usage.ru_stime:.3f} {own_cpu():.3f}\n".encode())
                    except OSError:
                        pass  # the parent gave up on it
                    child.conn.close()
                else:  # the parent passes on a signal, says kill (a timeout), or has gone: no one to report to
                    child = children[key.data[1]]
                    try:
                        asked = child.conn.recv(64)
                    except OSError:
                        asked = b""
                    passed = _signals(asked)
                    for number in passed:
                        if not child.killed:
                            os.kill(child.pid, number)  # not reaped yet: the pid is still the child's
                    if not passed and not child.killed:
                        os.kill(child.pid, signal.SIGKILL)
                        child.killed = True
                    if not asked:
                        selector.unregister(child.conn)
                        child.heard = False
    finally:
        if os.getpid() == _SERVER_PID:
            for child in children.values():  # the parent ended while runs were going on: none outlives it
                try:
                    os.kill(child.pid, signal.SIGKILL)
                    os.waitpid(child.pid, 0)
                except OSError:
                    pass


_SERVER_PID = os.getpid()


def _signals(asked: bytes) -> list[int]:
    """The signals a message of the parent passes on to a run (`S<number>` lines); none: it says kill."""
    lines = asked.split(b"\n")
    if lines[-1] != b"" or not all(line.startswith(b"S") and line[1:].isdigit() for line in lines[:-1]):
        return []
    return [int(line[1:]) for line in lines[:-1]]


def own_cpu() -> float:
    """This process's CPU seconds so far (user and system), which its parent is told with each run's end."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _standard(stream: Any, fd: int) -> io.TextIOWrapper:
    """A standard stream on `fd` as the interpreter makes it at start (the server's, made for /dev/null, knows
    its file as seekable: a pipe is not), with the server's settings: encoding, errors, buffering."""
    raw = io.FileIO(fd, "rb" if fd == 0 else "wb", closefd=False)
    raw.name = stream.name  # type: ignore[misc]
    unbuffered = isinstance(stream.buffer, io.FileIO)  # PYTHONUNBUFFERED, -u
    buffer = io.BufferedReader(raw) if fd == 0 else raw if unbuffered else io.BufferedWriter(raw)
    return io.TextIOWrapper(buffer, encoding=stream.encoding, errors=stream.errors, newline="\n",
                            line_buffering=stream.line_buffering, write_through=stream.write_through)


def become(run: Run, handlers: dict[int, Any], server_cwd: str) -> None:
    """This forked child made what `python -m run.module *run.args` started in run.cwd with run.env would be."""
    import importlib

    os.dup2(run.stdout, 1)
    os.dup2(run.stderr, 2)
    os.close(run.stdout)
    os.close(run.stderr)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin, sys.stdout, sys.stderr = (_standard(stream, fd) for fd, stream in enumerate((sys.stdin, sys.stdout, sys.stderr)))
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = sys.stdin, sys.stdout, sys.stderr
    for number, handler in handlers.items():
        if handler is not None and signal.getsignal(number) != handler:
            signal.signal(number, handler)
    os.environ.clear()
    os.environ.update(run.env)
    os.chdir(run.cwd)
    # `python -m` puts the working folder first on the path; this process's was the server's
    assert sys.path[0] == server_cwd, sys.path
    sys.path[0] = os.getcwd()
    sys.argv = ["-m", *run.args]
    sys.orig_argv = [sys.executable, "-m", run.module, *run.args]
    importlib.invalidate_caches()  # a module written since the server started is found
    for module, attribute in CWD_AT_IMPORT.items():
        if module in sys.modules:
            setattr(sys.modules[module], attribute, os.path.abspath(os.getcwd()))


class _Ending:
    """A child's exit status once its run has ended as the interpreter would end it (None: leave its end to
    the interpreter)."""

    status: int | None = None


def _end_at_once() -> None:
    """The interpreter's end of a child, from its last exit function on: the standard streams flushed, then the
    process ends. What the interpreter would do next (every module torn down, every object freed) tells a run
    nothing, and in a child of this process it is most of a short run's CPU: each object it frees is on a page
    shared with this process, which the child then copies. Registered before anything is imported, so that
    atexit calls it after every other exit function (the run's, logging's, multiprocessing's). Where a stream
    cannot be flushed, the interpreter ends the child as it ends any (its message, its status 120)."""
    if _Ending.status is None:
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
    except Exception:  # noqa: BLE001 - the interpreter tries again and says it
        return
    os._exit(_Ending.status)


def _status(code: object) -> int | None:
    """The exit status of SystemExit(code), as the interpreter gives it (it has said a message already);
    None for a number it alone knows what to do with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code if -(2**31) <= code < 2**31 else None
    return 1


def _run(run: Run) -> None:
    """The run's module as `python -m` runs it; how it ended noted for _end_at_once. KeyboardInterrupt is left
    to the interpreter, which ends the process by SIGINT once finalized."""
    import runpy

    try:
        runpy.run_module(run.module, run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        _Ending.status = _status(exc.code)
        raise
    except KeyboardInterrupt:
        raise
    except BaseException:
        _Ending.status = 1  # its traceback is printed by the interpreter, before the exit functions run
        raise
    _Ending.status = 0


def main() -> None:
    """`python -m tests.preloaded FD`: FD is the control socket (tests/runbp.py)."""
    import atexit

    atexit.register(_end_at_once)
    handlers = _handlers()  # a fresh interpreter's, which every child starts with
    environ = dict(os.environ)  # as the interpreter's start left it (tests/runbp.py gives children its changes)
    server_cwd = os.getcwd()
    control = socket.socket(fileno=int(sys.argv[1]))
    try:
        report = preload()
        report["problems"] = problems(report)
        report["environ"] = environ
        report["cpu"] = own_cpu()
    except Exception as exc:  # noqa: BLE001 - said to the parent, which then runs bp cold
        report = {"problems": [f"preloading failed: {type(exc).__name__}: {exc}"]}
    control.sendall(json.dumps(report).encode())
    if report["problems"]:
        return
    import gc

    # Set aside for good what was imported: the collector never walks it again, here or in a child, whose
    # every collection (the last one at its exit too) would otherwise touch, and copy, the whole shared heap.
    gc.freeze()
    run = serve(control)
    if run is None:
        return
    become(run, handlers, server_cwd)
    _run(run)


if __name__ == "__main__":
    main()
