"""The bad-input corpus (corpus.yaml): every case's finding or exit code, where it points, and
never a traceback. Definitions cases run in-process (bp check's check, with and without its cache, which must
agree); command cases spawn bp."""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.repos import copy_definitions, minimal_rules_yaml
from tests.runbp import bp
from toolchain.checks.result import CheckResult, cache_in, check
from toolchain.resultcache import ResultCache

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MINIMAL = ROOT / "tests" / "fixtures" / "minimal"
CASES: list[dict[str, Any]] = yaml.load((HERE / "corpus.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
FINDING = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<column>\d+): error\[(?P<code>BP\d+)\]: (?P<message>.*)$")
SCHEMA_COMMENT = "# yaml-language-server: $schema=../schema/fog.schema.json\n"
MAX_MESSAGE = 500  # a message names the cause; it never dumps a whole value


def _nested_flow(size: int) -> str:
    return SCHEMA_COMMENT + "[" * size + "]" * size + "\n"


def _nested_block(size: int) -> str:
    return SCHEMA_COMMENT + "".join(" " * i + "a:\n" for i in range(size)) + " " * size + "b\n"


def _alias_bomb(size: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, size)]
    return SCHEMA_COMMENT + "\n".join(lines) + "\n"


def _oversize(size: int) -> str:
    return SCHEMA_COMMENT + "#" * (size - len(SCHEMA_COMMENT.encode()) - 1) + "\n"


def _long_count(size: int, current: str) -> str:
    return current.replace("  keycards: ♡A-10", "  keycards: A x" + "9" * size)


def _nested_json(size: int) -> str:
    """A transcript whose second line is an array nested `size` levels deep."""
    game = '{"type": "game", "format": "lite", "frame": "entry20", "seed": 7}'
    return f"{game}\n{'[' * size}{']' * size}\n"


GENERATORS: dict[str, Callable[..., str]] = {
    "nested-flow": _nested_flow, "nested-block": _nested_block, "alias-bomb": _alias_bomb, "oversize": _oversize,
    "long-count": _long_count, "nested-json": _nested_json,
}


@dataclass
class Workspace:
    tmp: Path
    root: Path  # the rules repository

    def path(self, edit: dict[str, Any]) -> Path:
        return self.root / "definitions" / edit["file"] if "file" in edit else self.tmp / edit["path"]


def _workspace(tmp: Path, base: str) -> Workspace:
    root = tmp / "rules"
    if base == "real":
        copy_definitions(root / "definitions")  # this edition alone: rules.yaml without site:
        shutil.copytree(ROOT / "schema", root / "schema")
    else:
        shutil.copytree(MINIMAL, root)
        minimal_rules_yaml(root / "definitions" / "rules.yaml")
        shutil.copytree(ROOT / "schema", root / "schema")
    return Workspace(tmp, root)


def _encode(text: str, encoding: str) -> bytes:
    if encoding == "bytes":  # \x00–\xff as single bytes (to write invalid UTF-8), the rest as UTF-8
        return b"".join(bytes([ord(c)]) if ord(c) < 0x100 else c.encode("utf-8") for c in text)
    return text.encode(encoding)


def _apply(workspace: Workspace, edit: dict[str, Any]) -> None:
    path = workspace.path(edit)
    encoding = edit.get("encoding", "utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    if edit.get("delete"):
        path.unlink()
    elif "link" in edit:
        _remove(path)
        path.symlink_to(edit["link"].format(root=workspace.root))
    elif "special" in edit:
        _remove(path)
        _make_special(path, edit["special"])
    elif edit.get("generate") == "sparse":  # `size` bytes of zeros, written as a hole
        with path.open("wb") as handle:
            handle.truncate(edit["size"])
    elif "generate" in edit:
        generator = GENERATORS[edit["generate"]]
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        text = generator(edit["size"], current) if edit["generate"] == "long-count" else generator(edit["size"])
        path.write_text(text, encoding="utf-8")
    elif "write" in edit:
        path.write_bytes(_encode(edit["write"], encoding))
    elif "append" in edit:
        path.write_bytes(path.read_bytes() + _encode(edit["append"], encoding))
    else:
        original = path.read_bytes()
        old = edit["old"].encode("utf-8")
        assert original.count(old) == 1, f"{path} must contain {edit['old']!r} once"
        path.write_bytes(original.replace(old, _encode(edit["new"], encoding)))


def _remove(path: Path) -> None:
    """Make room for a link or a special file: a file, a link or a whole folder goes."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def _make_special(path: Path, kind: str) -> None:
    """A FIFO, a socket, or a character device (/dev/zero's numbers; as root only, else a FIFO stands in)."""
    if kind == "device" and os.geteuid() == 0:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    elif kind == "socket":  # bound in a short folder (a socket's path is at most 107 bytes), then moved
        with tempfile.TemporaryDirectory(dir="/tmp") as short, socket.socket(socket.AF_UNIX) as listener:
            listener.bind(f"{short}/s")  # the socket file stays when it is closed
            os.rename(f"{short}/s", path)
    else:
        os.mkfifo(path)


def _expected_at(expect: dict[str, Any]) -> tuple[str, int, int] | None:
    if "at" not in expect:
        return None
    file, line, column = expect["at"].rsplit(":", 2)
    # relative to definitions/, or `../folder/…` for the repository's other folders
    return file[3:] if file.startswith("../") else f"definitions/{file}", int(line), int(column)


def _check_findings(findings: list[tuple[str, int, int, str, str]], expect: dict[str, Any]) -> None:
    assert findings, "a finding was expected"
    for path, line, column, code, message in findings:
        assert line >= 1 and column >= 1 and code.startswith("BP"), (path, line, column, code)
        assert len(message) <= MAX_MESSAGE, message
    matching = [f for f in findings if f[3] == expect["code"]]
    at = _expected_at(expect)
    if at is not None:
        matching = [f for f in matching if f[:3] == at]
    assert matching, f"no {expect['code']} at {expect.get('at')}; found {[f[:4] for f in findings]}"
    if "says" in expect:
        assert any(expect["says"] in f[4] for f in matching), [f[4] for f in matching]
    if "never_says" in expect:
        assert not any(expect["never_says"] in f[4] for f in findings), [f[4] for f in findings]
    if expect.get("only"):
        assert len(findings) == 1, f"cascades were reported behind the cause: {[f[:4] for f in findings]}"


def _lines_inside_their_file(root: Path, findings: list[tuple[str, int, int, str, str]]) -> None:
    for path, line, _column, _code, _message in findings:
        file = root / path
        if file.is_file() and not file.is_symlink() and file.stat().st_size < 1_000_000:
            lines = file.read_bytes().count(b"\n") + 1
            assert line <= lines, f"{path}:{line} is past the end of the file ({lines} lines)"


def _run_unreadable(workspace: Workspace, case: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """A directory the user cannot read. As root nothing is unreadable, so the refusal is simulated
    where the tool reads the directory; as another user, the permissions are really removed."""
    from typer.testing import CliRunner

    from toolchain.cli import app

    target = workspace.root / case["unreadable"]
    if os.geteuid() != 0:
        target.chmod(0)
        try:
            run = bp(*_arguments(workspace, case))
        finally:
            target.chmod(0o755)
        return run.returncode, run.stderr
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(os.fspath(path)) == target:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = CliRunner().invoke(app, _arguments(workspace, case))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


def _arguments(workspace: Workspace, case: dict[str, Any]) -> list[str]:
    return [arg.format(root=workspace.root, tmp=workspace.tmp) for arg in case["run"]]


@dataclass
class Warmed:
    caches: dict[str, Path]  # by base
    salt: str  # cache_in's, the same for every cache of this process: computed once (it stats every toolchain file)


@pytest.fixture(scope="module")
def warmed(tmp_path_factory: pytest.TempPathFactory) -> Warmed:
    """A check cache filled by checking each base repository of the corpus as it is, as the cases are checked
    (with the readings and the rulings): a case whose edits the cache's key missed gets the base's answer."""
    caches = {}
    salt = ""
    for base in ("minimal", "real"):
        tmp = tmp_path_factory.mktemp(f"warm-{base}")
        store = cache_in(tmp / "cache")
        check(_workspace(tmp, base).root, store, show_readings=True, show_rulings=True)
        caches[base], salt = tmp / "cache", store.salt
    return Warmed(caches, salt)


def _checked_three_ways(case: dict[str, Any], workspace: Workspace, tmp_path: Path, warmed: Warmed) -> CheckResult:
    """A definitions case checked clean (no cache), from a cache filled by the repository before the case's edits
    (what a rules editor's cache holds when they make a mistake), and again from the cache that check filled: bp
    check's cache (toolchain/checks/result.py) never changes a result. The clean result."""
    cache = tmp_path / "cache"
    shutil.copytree(warmed.caches[case.get("base", "minimal")], cache)
    clean = check(workspace.root, cache_in(None), show_readings=True, show_rulings=True)
    store = ResultCache(cache, warmed.salt)  # cache_in(cache): no state but its folder and salt; both checks read and write the folder
    assert check(workspace.root, store, show_readings=True, show_rulings=True) == clean
    assert check(workspace.root, store, show_readings=True, show_rulings=True) == clean
    return clean


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_bad_input(case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   warmed: Warmed) -> None:
    workspace = _workspace(tmp_path, case.get("base", "minimal"))
    for edit in case.get("edits", ()):
        _apply(workspace, edit)
    expect = case["expect"]
    if "run" not in case:
        clean = _checked_three_ways(case, workspace, tmp_path, warmed)  # must not raise
        findings = [(f.location.path, f.location.line, f.location.column, f.code, f.message) for f in clean.findings]
        _check_findings(findings, expect)
        _lines_inside_their_file(workspace.root, findings)
        return
    stdout = ""
    if "unreadable" in case:
        exit_code, stderr = _run_unreadable(workspace, case, monkeypatch)
    else:
        run = bp(*_arguments(workspace, case), timeout=120)
        exit_code, stderr, stdout = run.returncode, run.stderr, run.stdout
    assert "Traceback" not in stderr, stderr
    assert "\x1b" not in stderr + stdout, "an escape character reached the terminal"
    if "prints" in expect:
        assert expect["prints"] in stdout, stdout
    assert exit_code == expect["exit"], stderr
    printed = stderr if "unreadable" in case else stderr + run.stdout  # the summary lines are on stdout
    assert expect["says"] in printed, printed
    assert expect.get("never_says", "\0") not in printed, printed
    if "absent" in expect:
        assert not os.path.lexists(workspace.tmp / expect["absent"]), f"{expect['absent']} was made"
    if "code" in expect:
        parsed = [m for m in (FINDING.match(line) for line in stderr.splitlines()) if m]
        _check_findings([(m["path"], int(m["line"]), int(m["column"]), m["code"], m["message"]) for m in parsed], expect)


def test_the_corpus_covers_every_class_with_80_cases() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)), "case ids are unique"
    assert len(CASES) >= 80
    classes = {case["class"] for case in CASES}
    assert classes == {
        "yaml-syntax", "encoding", "control-bytes", "limits", "schema", "references", "keycards", "markup", "costs",
        "examples", "engine-loop", "name-readings", "cascades", "files", "cli-paths", "transcripts", "vocabularies",
        "playtest", "earlier-shape", "rulings", "printed-effect",
    }
