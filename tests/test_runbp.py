"""tests/runbp.py's bp(...): each run forked from the preloaded process (tests/preloaded.py) is what a cold
`python -m toolchain` would be, and runs cold where it could not be."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from benchmarks import pytest_cpu
from tests import preloaded as server_side
from tests import runbp, shared
from tests.runbp import COLD, COLD_LOG, ROOT, WORTH_A_SERVER, alive, bp, children, expect_many, preloaded, run_module, unavailable

PROBE = "tests.runbp_probe"


def probe(*args: str, cwd: Path | str | None = None, timeout: float | None = 120,
          **env: str) -> subprocess.CompletedProcess[str]:
    """tests/runbp_probe.py run as bp(...) runs toolchain."""
    return run_module(PROBE, *args, cwd=cwd, timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT), **env})


@pytest.fixture(scope="module")
def server() -> int:
    """The preloaded process's pid: it must start here (else every run of the suite is cold)."""
    started = preloaded()
    assert started is not None, unavailable()
    return started.process.pid


def forked(run: subprocess.CompletedProcess[str], server: int) -> bool:
    """Whether a `parent` probe ran forked from the first preloaded process rather than cold (from this one)."""
    parent = int(run.stdout)
    assert parent in (server, os.getpid()), parent
    return parent == server


JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}  # as tests/i18n runs bp


def forked_from_another(env: dict[str, str]) -> int:
    """The preloaded process that runs with `env` fork from, once they are enough to start one."""
    for _ in range(WORTH_A_SERVER):
        parent = int(probe("parent", **env).stdout)
    assert parent != os.getpid() and parent in children(os.getpid())
    return parent


def test_the_server_preloads_without_settling_the_language_or_reading_the_folder(server: int) -> None:
    report = preloaded().report  # type: ignore[union-attr]
    assert report["problems"] == []
    assert report["language_state"] == {"_explicit": None, "_setting": None, "_settled": None, "_catalogue": "None"}
    assert server in children(os.getpid())  # a child of this process, as a cold run is
    assert forked(probe("parent"), server)


def test_a_settled_language_or_a_thread_stops_the_server_from_serving() -> None:
    clean = {"language_state": {"_explicit": None, "_setting": None, "_settled": None, "_catalogue": "None"},
             "cwd_read_by": ["rich"], "tasks": 1, "signals_changed": [], "hooks_changed": [], "env_changed": False,
             "read": ["PATH"]}
    assert server_side.problems(clean) == []
    settled = {**clean, "language_state": {**clean["language_state"], "_settled": "en"}}
    assert "the language was settled while preloading" in server_side.problems(settled)[0]
    assert server_side.problems({**clean, "tasks": 2})
    assert server_side.problems({**clean, "cwd_read_by": ["somewhere"]})


@pytest.mark.parametrize("locale", [{}, JAPANESE, {"PYTHONHASHSEED": "5"}], ids=["as-started", "japanese", "hash-seed"])
def test_a_forked_run_starts_as_a_cold_one(server: int, tmp_path: Path, locale: dict[str, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """argv, the path, the folder, the environment, the standard streams, the signal handlers, the descriptors.
    In another locale too, forked from a process started in it (where it is not installed, Python's start
    sets LC_CTYPE=C.UTF-8 in the environment, and the child has it too); and so with another hash seed."""
    if locale:
        # Announced, its process starts even when earlier tests of this pytest process started the most servers.
        monkeypatch.setattr(runbp, "_many", list(runbp._many))
        expect_many(locale)
        forked_from_another(locale)
    forked_run, cold_run = probe("state", cwd=tmp_path, **locale), probe("state", cwd=tmp_path, **locale, **{COLD: "1"})
    assert forked_run.returncode == cold_run.returncode == 0, forked_run.stderr + cold_run.stderr
    forked_state, cold_state = json.loads(forked_run.stdout), json.loads(cold_run.stdout)
    forked_state["environ"].pop(COLD, None)
    cold_state["environ"].pop(COLD)
    assert forked_state == cold_state
    assert forked_state["cwd"] == forked_state["path0"] == str(tmp_path)
    assert forked_state["argv"][0] == str(ROOT / "tests" / "runbp_probe.py")


def test_no_variable_leaks_from_one_run_to_the_next(server: int) -> None:
    assert probe("setenv", "RUNBP_LEAK", RUNBP_SEEN="1").stdout == "set by an earlier run\n"
    assert "RUNBP_SEEN" not in json.loads(probe("state").stdout)["environ"]
    assert "RUNBP_LEAK" not in json.loads(probe("state").stdout)["environ"]


def test_exit_codes_and_their_messages(server: int) -> None:
    assert probe("exit", "3").returncode == 3
    ended = probe("exit", "a message to say why")
    assert (ended.returncode, ended.stdout, ended.stderr) == (1, "", "a message to say why\n")
    raised = probe("raise", "broken")
    assert raised.returncode == 1 and "Traceback" in raised.stderr and raised.stderr.endswith("ValueError: broken\n")
    assert probe("kill", "SIGTERM").returncode == -15
    interrupted = probe("kill", "SIGINT")  # Python's handler: KeyboardInterrupt, then death by SIGINT
    assert interrupted.returncode == -2 and "KeyboardInterrupt" in interrupted.stderr
    done = bp("--no-such-option")
    assert done.returncode == 2 and done.args == [sys.executable, "-m", "toolchain", "--no-such-option"]


def test_stdout_and_stderr_are_apart_whole_and_as_text_mode_reads_them(server: int) -> None:
    said = probe("say", "to stdout", "to stderr")
    assert (said.stdout, said.stderr) == ("to stdout\n", "to stderr\n")
    assert probe("newlines").stdout == "a\nb\nc\n"
    big = probe("big", str(3 * 1024 * 1024))  # more than a pipe holds, on both streams at once
    assert big.returncode == 0
    assert big.stdout == ("x" * 999 + "\n") * (3 * 1024 * 1024 // 1000)
    assert big.stderr == big.stdout.upper()


def test_a_timeout_kills_the_run_and_raises(server: int) -> None:
    with pytest.raises(subprocess.TimeoutExpired) as expired:
        probe("sleep", "600", timeout=2)
    assert expired.value.cmd == [sys.executable, "-m", PROBE, "sleep", "600"]
    assert expired.value.timeout == 2
    pid = int(expired.value.output)
    deadline = time.monotonic() + 60  # only stops a hung test
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)
    assert probe("parent").returncode == 0  # the server serves on


def test_a_process_pool_works_in_a_forked_run_and_its_workers_end(server: int) -> None:
    run = probe("pool")
    assert run.returncode == 0, run.stderr
    workers = json.loads(run.stdout)
    assert len(workers) in (1, 2) and server not in workers
    assert not [pid for pid in workers if alive(pid)]
    assert children(server) == []  # every run reaped


def test_what_is_fixed_at_start_is_not_forked_from_the_first_server(server: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PYTHON* variable: cold; one a preloaded module read at import: cold, or another preloaded process;
    BP_TESTS_COLD=1: cold."""
    assert forked(probe("parent"), server)
    assert forked(probe("parent", LANGUAGE="ja", TMPDIR="/tmp"), server)  # read when used, not at import
    for _ in range(WORTH_A_SERVER + 1):  # a PYTHON* variable: always cold (-X importtime shows only in a cold start)
        assert not forked(probe("parent", PYTHONUTF8="1"), server)
    assert int(probe("parent", TYPER_USE_RICH="0").stdout) != server  # typer reads it at import
    assert "utf8_mode=1" in json.loads(probe("state", PYTHONUTF8="1").stdout)["flags"]
    assert not forked(probe("parent", **{COLD: "1"}), server)
    monkeypatch.setenv(COLD, "1")
    assert not forked(probe("parent"), server)


def test_another_locale_is_forked_from_a_process_started_in_it(server: int) -> None:
    parent = forked_from_another(JAPANESE)
    assert parent != server
    assert int(probe("parent", **JAPANESE).stdout) == parent


def test_runs_announced_as_many_are_forked_from_their_first_even_past_the_most_servers(
        server: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runbp, "_servers", dict(runbp._servers))
    monkeypatch.setattr(runbp, "_many", list(runbp._many))
    monkeypatch.setattr(runbp, "MOST_SERVERS", len(runbp._servers))  # none left for runs not announced
    announced = {"TZ": "Pacific/Chatham"}
    expect_many(announced)
    parent = int(probe("parent", **announced).stdout)
    assert parent not in (server, os.getpid()) and parent in children(os.getpid())
    assert int(probe("parent", **announced).stdout) == parent
    for started in runbp._servers.values():
        if started.process.pid == parent:
            started.stop()


def test_a_missing_folder_fails_as_subprocess_says(server: int, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        probe("parent", cwd=tmp_path / "missing")


def test_cold_runs_are_logged_with_their_test_and_why(server: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "cold.jsonl"
    monkeypatch.setenv(COLD_LOG, str(log))
    assert forked(probe("parent"), server)
    assert not forked(probe("parent", PYTHONUTF8="1"), server)
    [line] = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(line) == {"test": "tests/test_runbp.py::test_cold_runs_are_logged_with_their_test_and_why (call)",
                                "cold": {"PYTHONUTF8": "1"}}  # the forked run is not logged


def test_a_shells_bp_from_bp_command_is_forked_and_prints_and_ends_as_a_cold_one(server: int, tmp_path: Path) -> None:
    """A guide's session runs `bp` from a shell: bp_command's is forked (its CPU counted as a forked run's), in the
    shell's folder, its stdout and stderr on the shell's, in their order, and it ends with the run's exit code."""
    (tmp_path / "here").mkdir()
    script = "cd here && $BP --version && $BP check --root . ; echo exit $?; $BP no-such-command; echo exit $?"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def session(bp: str) -> str:
        return subprocess.run(["bash", "-c", script], cwd=tmp_path, env={**env, "BP": bp}, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300, check=True).stdout

    cold = session(f"{sys.executable} -m toolchain")
    before = runbp.forked_cpu_seconds()
    with runbp.bp_command(tmp_path) as command:
        relayed = session(str(command))
    assert relayed == cold and "exit 2" in cold, (relayed, cold)
    assert runbp.forked_cpu_seconds() > before  # forked: the preloaded process said what its runs took


def test_a_server_from_bp_command_is_forked_and_stopped_by_a_signal_to_its_bp(server: int, tmp_path: Path) -> None:
    """bp serve and bp play in a guide's session: started in the background, stopped by SIGTERM (or SIGHUP) to the
    `bp` the shell started, as a cold one is; they print and end as a cold one does. A `bp` killed outright takes
    its run with it."""
    script = ("log=$(mktemp -p .); $BP serve 60 >$log 2>&1 & bp=$!; until [ -s $log ]; do sleep 0.05; done; "
              "kill -$SIGNAL $bp; wait $bp; echo exit $?; tail -n +2 $log")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def session(bp: str, signal_name: str) -> str:
        return subprocess.run(["bash", "-c", script], cwd=tmp_path, env={**env, "BP": bp, "SIGNAL": signal_name},
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300, check=True).stdout

    for signal_name in ("TERM", "HUP"):
        cold = session(f"{sys.executable} -m {PROBE}", signal_name)
        before = runbp.forked_cpu_seconds()
        with runbp.bp_command(tmp_path, module=PROBE) as command:
            relayed = session(str(command), signal_name)
        assert relayed == cold, (signal_name, relayed, cold)
        assert runbp.forked_cpu_seconds() > before, signal_name  # forked, not cold
    assert session(f"{sys.executable} -m {PROBE}", "TERM") == "exit 3\nstopped by SIGTERM\n"
    with runbp.bp_command(tmp_path, module=PROBE) as command:
        killing = ("$BP serve 60 >killed 2>&1 & bp=$!; until [ -s killed ]; do sleep 0.05; done; kill -KILL $bp; wait $bp; "
                   "echo exit $?; cat killed")
        killed = subprocess.run(["bash", "-c", killing], cwd=tmp_path,
                                env={**env, "BP": str(command)}, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=300, check=True).stdout
    status, pid = killed.splitlines()
    assert status == "exit 137"
    deadline = time.monotonic() + 60
    while alive(int(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(int(pid)), "the run outlived its killed bp"


def test_a_forked_runs_cpu_is_counted_for_the_test_that_ran_it(server: int) -> None:
    """benchmarks/pytest_cpu.py's figure of a test phase has the CPU of the runs forked for it, which are not this
    process's children (resource.getrusage would not count them)."""
    before = pytest_cpu.cpu_seconds()
    run = probe("spin", "0.3")
    counted = pytest_cpu.cpu_seconds() - before
    assert forked(probe("parent"), server)
    assert counted >= float(run.stdout) >= 0.3, (counted, run.stdout)


def test_a_shared_builds_cpu_is_counted_apart_from_the_test_running_when_it_ends() -> None:
    """A shared build (tests/shared.py) may end on a background thread while any test runs: its CPU is its own
    line in benchmarks/pytest_cpu.py's figures, not the running test's."""
    before, (_, built_before, _) = pytest_cpu.cpu_seconds(), shared.apart(lambda: 0.0)
    run = shared._bp("--version")  # a cold start: its imports alone take a good part of a second
    counted, (_, built, _) = pytest_cpu.cpu_seconds() - before, shared.apart(lambda: 0.0)
    assert run.returncode == 0 and run.stdout, run.stderr
    assert built - built_before > counted, (built - built_before, counted)


def test_a_workers_shared_build_is_waited_for_at_its_end_unless_the_session_stopped_early(monkeypatch) -> None:
    """A worker that runs out of tests while its background build is still running (another worker's test waits for
    it) lets the build finish; a session stopped early stops it."""
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "2")
    for stopped_early, expected in ((False, 0), (True, -signal.SIGKILL)):
        process = subprocess.Popen(["sleep", "1"], start_new_session=True)
        thread = threading.Thread(target=process.wait, daemon=True)
        thread.start()
        monkeypatch.setattr(shared, "_RUNNING", {process})
        monkeypatch.setattr(shared, "_THREADS", [thread])
        shared.end_background(stopped_early)
        assert process.wait(timeout=10) == expected
