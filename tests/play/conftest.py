"""Fixtures of the playtest table's tests: `bp play` started as a user starts it, on a copy of the rules
(so that a test may save a change to a definition), stopped with SIGTERM (killed if it does not stop)."""

from __future__ import annotations

import json
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.repos import copy_rules_yaml
from tests.runbp import start_bp
from toolchain import sim
from toolchain.model import Definitions

ROOT = Path(__file__).resolve().parents[2]
READY = re.compile(r"(http://\S+/)")  # "playing on …", 「… で対戦できます」


@pytest.fixture(scope="session")
def engine(defs: Definitions) -> sim.Engine:
    return sim.Engine(defs)


@dataclass
class Played:
    """A running `bp play`: its address, its repository, what it printed."""

    url: str
    root: Path
    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=30) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        request = urllib.request.Request(self.url + path.lstrip("/"), data=json.dumps(body or {}).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def rules_copy(base: Path) -> Path:
    """A rules repository to change: the definitions and schemas copied."""
    base.mkdir(parents=True, exist_ok=True)
    for part in ("definitions", "schema"):
        shutil.copytree(ROOT / part, base / part)
    copy_rules_yaml(base / "definitions" / "rules.yaml")  # its own edition alone
    return base


def stop(process: subprocess.Popen[str]) -> int:
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)
        raise


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    """`bp play` on a copy of the rules, any free port, first game ライト + エントリー20 with seed 1."""
    yield from start_played(rules_copy(tmp_path_factory.mktemp("rules")))


def start_played(root: Path, *args: str, language: str = "ja") -> Iterator[Played]:
    """`bp play` as a player whose locale speaks `language` starts it (the page speaks bp's language)."""
    process = start_bp("play", "--root", str(root), "--port", "0", "--seed", "1", *args, env={"LANGUAGE": language})
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []

    def read() -> None:  # drained all along: a full pipe would stop the server
        for line in process.stderr:
            seen.append(line)
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + 120
    url = None
    try:
        while url is None:
            assert process.poll() is None, "".join(seen)
            assert time.monotonic() < deadline, "bp play did not start: " + "".join(seen)
            try:
                match = READY.search(lines.get(timeout=1))
            except queue.Empty:
                continue
            url = match.group(1) if match else None
        yield Played(url, root, process, seen)
    finally:
        code = stop(process)
        assert code == 0, "".join(seen)
        assert "Traceback" not in "".join(seen), "".join(seen)


@pytest.fixture()
def page(browser: Any, played: Played) -> Iterator[Any]:
    """A fresh page on the table at the width of a laptop; it must load nothing from elsewhere and throw nothing."""
    yield from open_page(browser, played, {"width": 1280, "height": 900})


def open_page(browser: Any, played: Played, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(played.url)
    page.wait_for_selector("body[data-version]")
    yield page
    context.close()
    assert errors == []
    assert all(url.startswith(played.url) for url in requests), requests


def version(page: Any) -> str:
    return page.get_attribute("body", "data-version")


def after(page: Any, before: str) -> None:
    """Wait until the page shows the state after `before`."""
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before, timeout=60_000)


def click(page: Any, selector: str) -> None:
    """Click what changes the state, and wait for the page to show the new one."""
    before = version(page)
    page.click(selector)
    after(page, before)


def new_game(page: Any, regulation: str, seed: int, seats: str = "human,policy", first: str = "") -> None:
    page.click("#open-new")
    page.select_option("#new-form select[name=regulation]", regulation)
    page.fill("#new-form input[name=seed]", str(seed))
    page.select_option("#new-form select[name=seats]", seats)
    page.select_option("#new-form select[name=first]", first)
    click(page, "#new-start")


def options(page: Any) -> list[str]:
    return page.eval_on_selector_all("#options .option", "els => els.map(e => e.textContent)")
