"""Builds made once per test session and read by every test that only reads them, whichever of
`make test`'s processes (pytest-xdist workers) it runs on.

The first worker to ask makes the build in the session's temporary folder (the parent of the
workers' own); the other waits on a file lock and then reads the same files. A build that failed
fails every test that asks for it, with the first failure's message, instead of being tried again.
A test that changes sources copies what it changes (`copy_site_build`) and never writes here.

The builds of BACKGROUND start as soon as the tests are collected, when a collected test asks for
one (`start_needed`), on a thread of one worker each; the tests that ask for one run after the others
(`last`), so that no process waits for a build while there is other work to do.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import locale
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from tests.repos import copy_rules_yaml
from tests.runbp import ROOT
from toolchain.site.editions import Edition, site_editions

EPOCH = "1750000000"  # 2025-06-15: every shared build, and every build compared with one, carries this date
SOURCES = ("definitions", "schema", "docs", "templates", "history", "balance")  # what a rules repository's build reads
EDITIONS = "editions"  # the other editions' repositories, which definitions/rules.yaml's site: editions: names
PAST_EDITIONS = "tests/editions"  # the editions the history (history/) reads that the site does not publish (9.0)


def session_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of this session that every worker sees: under xdist each worker's base temporary
    folder is popen-gwN inside the session's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `make` filled, made by the first worker that asks; the others wait for it."""
    folder = session_folder(tmp_path_factory) / f"shared-{name}"
    done, failed = folder / ".done", folder.with_name(f"{folder.name}.failed")
    with folder.with_name(f"{folder.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if failed.exists():
            pytest.fail(f"the shared build {name} failed on another worker:\n{failed.read_text(encoding='utf-8')}")
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                make(folder)
            except BaseException:
                failed.write_text(traceback.format_exc(), encoding="utf-8")
                raise
            done.touch()
    return folder


def copy_repository(target: Path, editions: bool = False) -> Path:
    """This repository's rules sources, copied into `target`: its own edition alone (rules.yaml without
    `site:`), or with `editions` the other editions too, as `make build` publishes them."""
    for part in SOURCES:
        shutil.copytree(ROOT / part, target / part)
    if editions:  # without an edition's own check cache (its build/)
        shutil.copytree(ROOT / EDITIONS, target / EDITIONS, ignore=shutil.ignore_patterns("build"))
        for past in (ROOT / PAST_EDITIONS).iterdir():
            if (past / "definitions").is_dir():
                shutil.copytree(past / "definitions", target / PAST_EDITIONS / past.name / "definitions")
    else:
        copy_rules_yaml(target / "definitions" / "rules.yaml")
    return target


@dataclass(frozen=True)
class SiteBuild:
    """A clean `bp build -j 2` of a copy of this repository's sources, dated EPOCH: the site, Sphinx's and
    the PDFs' cache, and (for the shared build only) the build's report (`--format json`)."""

    root: Path
    site: Path
    cache: Path

    @property
    def report(self) -> dict:
        return json.loads((self.root.parent / "report.json").read_text(encoding="utf-8"))

    @property
    def own(self) -> Edition:
        """The edition of the repository's definitions/ (第8.1版), in the folder of its id when its
        rules.yaml names a newer edition, which is then at the top of the site."""
        return next(edition for edition in site_editions(self.root) if edition.root.resolve() == self.root.resolve())

    @property
    def own_site(self) -> Path:
        """The site of the repository's own edition: what one-edition tests read (see `own`)."""
        return self.site / self.own.folder

    @property
    def own_cache(self) -> Path:
        """The rulebook's cache of the repository's own edition."""
        from toolchain.site.pipeline import edition_cache

        return edition_cache(self.cache, self.own)


_RUNNING: set[subprocess.Popen[bytes]] = set()  # the shared builds' bp runs under way, each in a process group of its own
_THREADS: list[threading.Thread] = []
# The shared builds' CPU seconds and wall seconds (their bp runs', with those runs' children's): benchmarks/pytest_cpu.py
# counts them apart, not in the test that happened to run while a background build ended. Under _COUNTING, which a
# reader holds while it reads resource.getrusage too: a run's end adds to RUSAGE_CHILDREN and to these at once.
_COUNTING = threading.Lock()
_shared_cpu = 0.0
_shared_wall = 0.0


def apart(cpu_seconds: Callable[[], float]) -> tuple[float, float, float]:
    """cpu_seconds() (resource.getrusage's figure of this process), the shared builds' CPU seconds and wall seconds
    so far, read together."""
    with _COUNTING:
        return cpu_seconds(), _shared_cpu, _shared_wall


def _bp(*args: str, env: dict[str, str] | None = None, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    """`python -m toolchain *args`, started cold (a run on a background thread must not hold the preloaded process
    of tests/runbp.py, which runs one bp at a time, for minutes), ended with the session if it outlives it."""
    global _shared_cpu, _shared_wall
    command = [sys.executable, "-m", "toolchain", *args]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                                   env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, start_new_session=True)
        _RUNNING.add(process)
        try:
            _wait_for_its_end(process, timeout)
            with _COUNTING:  # waited for here, by os.wait4, for its CPU
                _pid, status, usage = os.wait4(process.pid, 0)
                _shared_cpu += usage.ru_utime + usage.ru_stime
                _shared_wall += time.perf_counter() - started
            process.returncode = os.waitstatus_to_exitcode(status)
        except BaseException:
            _kill(process)
            raise
        finally:
            _RUNNING.discard(process)
        return subprocess.CompletedProcess(command, process.returncode, _text(stdout), _text(stderr))


def _wait_for_its_end(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Until the process has ended (not waited for yet); TimeoutExpired after `timeout` seconds."""
    ended = os.pidfd_open(process.pid)
    try:
        if not select.select([ended], [], [], timeout)[0]:
            raise subprocess.TimeoutExpired(process.args, timeout)
    finally:
        os.close(ended)


def _text(output: IO[bytes]) -> str:
    """A run's output as subprocess's text mode reads it."""
    output.seek(0)
    return io.TextIOWrapper(output, encoding=locale.getpreferredencoding(False)).read()


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # bp build's own workers too
    process.communicate()


def _build_site(folder: Path) -> None:
    # Slow (the suite's one cold build of every output of both editions, about 100 s of CPU): started in the
    # background when the tests are collected (start_needed), or by the first test that asks for it.
    root, site, cache = copy_repository(folder / "rules", editions=True), folder / "site", folder / "cache"
    run = _bp("build", "--root", str(root), "--out", str(site), "--cache", str(cache), "-j", "2", "--format", "json",
              env={"SOURCE_DATE_EPOCH": EPOCH})
    assert run.returncode == 0, f"bp build ended with {run.returncode}:\n{run.stderr}"
    (folder / "report.json").write_text(run.stdout, encoding="utf-8")


@dataclass(frozen=True)
class Background:
    """A shared build made in the background for the tests that ask for it by `fixture`."""

    fixture: str
    name: str  # once()'s
    make: Callable[[Path], None]


# The action lists' tests read this build's lists too (tests/actionlist/conftest.py).
BACKGROUND = (Background("site_build", "site", _build_site),)


def asks_for(item: pytest.Item, shared: Background) -> bool:
    return shared.fixture in getattr(item, "fixturenames", ())


def last(items: list[pytest.Item]) -> None:
    """The modules with a test that reads a shared build after every other module, those with the most tests first
    (whole modules: their module fixtures are made once; in the same order on every worker, as xdist requires)."""
    def module(item: pytest.Item) -> str:
        return item.nodeid.split("::")[0]

    sizes: dict[str, int] = {}
    waits: set[str] = set()
    for item in items:
        sizes[module(item)] = sizes.get(module(item), 0) + 1
        if any(asks_for(item, shared) for shared in BACKGROUND):
            waits.add(module(item))
    order = {item.nodeid: index for index, item in enumerate(items)}
    items.sort(key=lambda item: (1, -sizes[module(item)], order[item.nodeid]) if module(item) in waits
               else (0, 0, order[item.nodeid]))


def start_needed(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Start each build of BACKGROUND that a collected test asks for, each on one worker (all on the only process
    without xdist). Its first asker then waits for it as for a build another worker makes."""
    if config.option.collectonly:
        return
    tmp_path_factory: pytest.TempPathFactory = config._tmp_path_factory  # type: ignore[attr-defined]
    needed = [shared for shared in BACKGROUND if any(asks_for(item, shared) for item in items)]
    if needed:
        # The session's folder made here, before any thread: getbasetemp() is not thread-safe, and a first test asking
        # for the build at the same time made a second numbered folder, and so a second build of its own.
        tmp_path_factory.getbasetemp()
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    for index, shared in enumerate(needed):
        if index % workers == worker:
            thread = threading.Thread(target=_made_quietly, args=(tmp_path_factory, shared), name=f"shared-{shared.name}",
                                      daemon=True)
            thread.start()
            _THREADS.append(thread)


def _made_quietly(tmp_path_factory: pytest.TempPathFactory, shared: Background) -> None:
    with contextlib.suppress(BaseException):  # once() keeps a failure for the tests that ask
        once(tmp_path_factory, shared.name, shared.make)


def end_background(stopped_early: bool) -> None:
    """At the end of this process's session. Under xdist a build this worker started may still be awaited by a test
    of another worker (this one ran out of tests first): it is waited for. A session stopped early (Ctrl-C, -x), or
    a build no test waited for on the only process, is stopped; its thread, reading the run's output, sees it end."""
    if not stopped_early and int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
        for thread in _THREADS:
            thread.join()  # as long as the build's own timeout (_bp) at most
    for process in list(_RUNNING):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    for thread in _THREADS:
        thread.join(timeout=60)


def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The session's one full build of this repository (read it, never write it)."""
    folder = once(tmp_path_factory, "site", _build_site)
    return SiteBuild(folder / "rules", folder / "site", folder / "cache")


def copy_site_build(shared: SiteBuild, target: Path) -> SiteBuild:
    """A copy of the shared build to change: its sources, site and cache side by side in `target`
    (rules, site, cache), which a build takes up incrementally (it keys every file by what it is
    made from, not by where). The site's files are copied, not linked, so a build's hard links
    from the previous site to the next never reach the shared one."""
    for part in ("rules", "site", "cache", *(path.name for path in shared.root.parent.glob(f"{shared.cache.name}-*"))):
        shutil.copytree(shared.root.parent / part, target / part, symlinks=True)  # each edition's cache too (cache-v8.1)
    return SiteBuild(target / "rules", target / "site", target / "cache")
