"""`-o FILE`, `--pdf/--html FILE` and `--transcript FILE` never replace what is not a regular file: a
character device or a FIFO is written into, as a shell's `>` would (`bp export -o /dev/null` must
leave /dev/null a device), a FIFO nobody reads is refused at once, and a socket is refused."""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.runbp import ROOT, bp

# Device nodes need root (how `make build` runs here); a FIFO shows the same path everywhere.
KINDS = ["fifo", *(["null-device"] if os.geteuid() == 0 else [])]


def _make(kind: str, path: Path) -> Callable[[], bool]:
    """Make a special file at `path`; returns the test that it is still that kind of file."""
    if kind == "fifo":
        os.mkfifo(path)
        return lambda: stat.S_ISFIFO(os.lstat(path).st_mode)
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the null device, as /dev/null is
    return lambda: stat.S_ISCHR(os.lstat(path).st_mode) and os.major(os.lstat(path).st_rdev) == 1


class _Reader(threading.Thread):
    """Reads a FIFO to its end, as `cat fifo` would."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path, self.data = path, b""

    def run(self) -> None:
        with self.path.open("rb") as handle:
            self.data = handle.read()


def _reading(kind: str, path: Path) -> _Reader | None:
    if kind != "fifo":
        return None
    reader = _Reader(path)
    reader.start()
    return reader


@pytest.mark.parametrize("kind", KINDS)
def test_export_writes_into_a_device_or_fifo_and_never_replaces_it(minimal_repo: Path, tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out"
    still = _make(kind, target)
    reader = _reading(kind, target)
    run = bp("export", "--root", str(minimal_repo), "-o", str(target))
    assert run.returncode == 0, run.stderr
    assert still(), f"{kind} was replaced"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "rules"], "no temporary left beside it"
    if reader is not None:
        reader.join(10)
        assert json.loads(reader.data)["edition"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_transcript_goes_into_a_device_or_fifo_without_a_txt_beside_it(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "games"
    still = _make(kind, target)
    reader = _reading(kind, target)
    run = bp("sim", "--root", str(ROOT), "--games", "2", "--transcript", str(target))  # the real rules, read only
    assert run.returncode == 0, run.stderr
    assert still(), f"{kind} was replaced"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"], "no games.txt, no temporary"
    assert f"transcript: {target}\n" in run.stdout
    if reader is not None:
        reader.join(10)
        assert [json.loads(line)["type"] for line in reader.data.decode().splitlines()].count("game") == 2


def test_a_fifo_nobody_reads_is_refused_at_once(minimal_repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "pipe"
    os.mkfifo(target)
    run = bp("export", "--root", str(minimal_repo), "-o", str(target), timeout=60)
    assert run.returncode == 2
    assert "is a FIFO that no process is reading" in run.stderr and "Traceback" not in run.stderr
    assert stat.S_ISFIFO(os.lstat(target).st_mode)


def test_a_socket_is_refused_and_kept(minimal_repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(target))
    try:
        for args in (("export", "--root", str(minimal_repo), "-o", str(target)),
                     ("sim", "--root", str(ROOT), "--games", "1", "--transcript", str(target))):
            run = bp(*args)
            assert run.returncode == 2, run.stderr
            assert "is a socket, not a file" in run.stderr and "Traceback" not in run.stderr
            assert stat.S_ISSOCK(os.lstat(target).st_mode)
    finally:
        server.close()


def test_export_into_a_read_only_directory_is_a_message_not_a_traceback(minimal_repo: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        run = bp("export", "--root", str(minimal_repo), "-o", str(locked / "defs.json"))
        if os.geteuid() == 0:  # root writes anyway: the file is there and whole
            assert run.returncode == 0, run.stderr
            assert json.loads((locked / "defs.json").read_text(encoding="utf-8"))["edition"]
        else:
            assert run.returncode == 2
            assert f"cannot write {locked / 'defs.json'}" in run.stderr and "Traceback" not in run.stderr
    finally:
        locked.chmod(0o755)


def test_export_to_dev_stdout_streams_into_a_pipe(minimal_repo: Path) -> None:
    # /dev/stdout into a pipe resolves to /proc/PID/fd/pipe:[N], a name no file has: it is opened as given.
    run = bp("export", "--root", str(minimal_repo), "-o", "/dev/stdout")
    assert run.returncode == 0, run.stderr
    assert "edition" in json.loads(run.stdout)
