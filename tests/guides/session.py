"""A guide read as a terminal session: its ```console blocks (`$ command` lines, each followed by
the output the guide shows) and its ```yaml file=PATH blocks (YAML the reader appends to PATH), in
the order the guide gives them.

How the guide's text is read:
- a shown output line is matched whole; `…` inside it stands for any text, and a line that is `…`
  alone for any number of lines;
- a command must exit 0, unless the next command is `echo $?`, which then shows its exit code;
- a command followed by a `^C` line is a server: it runs until the output shown before `^C` has
  appeared, is then stopped as Ctrl-C stops it (SIGTERM, which bp serve and bp play take alike),
  and the lines after `^C` are what it prints as it stops. Its port is replaced by a free one."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```$", re.S | re.M)
SENTINEL = "\x1e-guide-session-exit"
PORT_IN_URL = re.compile(r"http://127\.0\.0\.1:(\d+)/")


@dataclass
class Command:
    line: str  # as the guide writes it, without the `$ `
    shown: list[str] = field(default_factory=list)  # the output the guide shows
    stopped: list[str] | None = None  # a server: the output after ^C


@dataclass
class Append:
    path: str  # relative to the session's current directory
    text: str


Step = Command | Append


def steps(guide: str) -> Iterator[Step]:
    """The guide's console commands and YAML appends, in order."""
    for match in FENCE.finditer(guide):
        language, attributes, body = match.group(1), match.group(2), match.group(3)
        if language == "yaml" and (target := re.search(r"\bfile=(\S+)", attributes)):
            yield Append(target.group(1), body)
        elif language == "console":
            yield from _commands(body)


def _commands(body: str) -> Iterator[Command]:
    current: Command | None = None
    for line in body.splitlines():
        if line.startswith("$ "):
            if current:
                yield current
            current = Command(line[2:])
        elif current is None:
            raise ValueError(f"console block starts with output, not a command: {line!r}")
        elif line == "^C":
            current.stopped = []
        elif current.stopped is not None:
            current.stopped.append(line)
        else:
            current.shown.append(line)
    if current:
        yield current


def pattern(shown: list[str]) -> str:
    """The regular expression of output shown so: whole lines, `…` any text, a lone `…` any lines."""
    parts = []
    for line in shown:
        if line.strip() == "…":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*?".join(re.escape(piece) for piece in line.split("…")) + r"\n")
    return "".join(parts)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Shell:
    """One bash, as the reader's terminal: `cd`, variables and `$?` carry from one command to the next."""

    def __init__(self, cwd: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(["bash", "--noprofile", "--norc"], cwd=cwd, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout
        for line in self.process.stdout:
            self.lines.put(line)

    def run(self, command: str, timeout: float = 300) -> tuple[int, str]:
        """The command's exit code and its output (stdout and stderr, as a terminal shows them), whose
        lines all end with a newline."""
        assert self.process.stdin
        # The exit code is printed after the output, then given back to `$?` for an `echo $?`.
        self.process.stdin.write(f"{command}\n__rc=$?; printf '\\n{SENTINEL} %d\\n' $__rc; (exit $__rc)\n")
        self.process.stdin.flush()
        output, deadline = [], time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line.startswith(SENTINEL):
                text = "".join(output)[:-1]  # the newline printed before the exit code
                return int(line.split()[-1]), text if not text or text.endswith("\n") else text + "\n"
            output.append(line)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def run_server(shell: Shell, command: Command, log: Path, while_serving: Callable[[int], None],
               timeout: float = 180) -> tuple[str, str]:
    """A server command in the background until its shown output is there, then SIGTERM: the log
    before and after the stop."""
    port = free_port()
    shown_port = PORT_IN_URL.search("\n".join(command.shown))
    line = f"{command.line} --port {port}"
    rc, pid = shell.run(f"{line} >{log} 2>&1 & echo $!")
    assert rc == 0, pid
    expected = pattern([s.replace(f":{shown_port.group(1)}/", f":{port}/") if shown_port else s for s in command.shown])
    deadline = time.monotonic() + timeout
    while not re.match(expected, printed := _read(log)):
        assert time.monotonic() < deadline, f"{command.line}: never showed\n{expected}\nbut\n{printed}"
        time.sleep(0.2)
    while_serving(port)
    before = _read(log)
    os.kill(int(pid), signal.SIGTERM)
    shell.run(f"wait {pid}", timeout=60)
    return before, _read(log)


def _read(log: Path) -> str:
    """What the server printed so far (nothing while the shell has not yet made its log)."""
    return log.read_text(encoding="utf-8") if log.exists() else ""
