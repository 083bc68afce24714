"""Shared fixtures: the repository root, and throwaway rules repositories to break on purpose."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import toolchain
from tests.repos import minimal_repository
from tests.shared import SiteBuild, end_background, last, start_needed
from tests.shared import site_build as shared_site_build
from toolchain.collector import collect_less_often
from toolchain.model import Definitions

# bp speaks the locale's language (toolchain/i18n.py): the tests read English, from bp run in this
# process or in one it starts, unless a test asks for another (LANGUAGE comes first of the variables).
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# This machine's notes: headless, no sandbox (root), no background traffic to a closed network.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what will not run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The session's shared builds start now, in the background, and the tests that read them run last."""
    last(items)
    start_needed(config, items)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The suite's processes collect garbage as bp's do (toolchain/collector.py): the modules and the collected
    tests set aside, the youngest objects collected every 10,000 instead of 700."""
    collect_less_often()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    end_background(stopped_early=bool(session.shouldstop or session.shouldfail) or exitstatus == pytest.ExitCode.INTERRUPTED)


@pytest.fixture(autouse=True)
def environment_kept() -> Iterator[None]:
    """A test leaves this process's environment as it found it (monkeypatch.setenv is undone before this
    runs): every later bp run of the process inherits it, and a leaked PYTHON* variable makes each of them
    start cold (tests/runbp.py). A library may set variables for its own children (Dask's cluster does)."""
    before = dict(os.environ)
    yield
    after = dict(os.environ)
    changed = sorted(name for name in before.keys() | after.keys()
                     if before.get(name) != after.get(name) and name != "PYTEST_CURRENT_TEST")
    if changed:
        os.environ.clear()
        os.environ.update(before)
        pytest.fail(f"the test left the environment changed: {', '.join(changed)}")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def defs(repo_root: Path) -> Definitions:
    """This repository's definitions, which bp check finds clean."""
    result = toolchain.load(repo_root)
    findings = list(result.findings)
    assert findings == [], [f.text() for f in findings]
    return result.definitions


@pytest.fixture
def minimal_repo(tmp_path: Path) -> Path:
    """A small valid rules repository (tests/fixtures/minimal, with the real rules.yaml and schemas)."""
    return minimal_repository(tmp_path)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole session (Playwright's sync API allows one at a time)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The session's one clean `bp build` of a copy of this repository, shared by every xdist worker
    (tests/shared.py): read it; copy it (copy_site_build) to change it."""
    return shared_site_build(tmp_path_factory)
