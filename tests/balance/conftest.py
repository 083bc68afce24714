"""Fixtures of the balance tests: the real rules in a git repository of their own, and a local Dask cluster."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.diff.conftest import commit_all, copy_rules, git


@pytest.fixture
def rules_repo(tmp_path: Path) -> Path:
    """This repository's definitions and schemas, committed (tagged `before`) in a repository of their own."""
    repo = copy_rules(tmp_path / "rules", ("definitions", "schema"))
    git(repo, "init", "-q")
    commit_all(repo, "第8.1版")
    git(repo, "tag", "before")
    return repo


@pytest.fixture
def local_cluster() -> Iterator[str]:
    """A Dask cluster of three worker processes on this machine (one thread each, as games want); its address.
    The workers start from this process, so they import this checkout's toolchain. Stopped after the test: left
    running for the rest of the module, its four processes went on competing with the tests after it.
    Starting it sets variables in this process's environment for its workers (PYTHONHASHSEED, OMP_NUM_THREADS,
    MALLOC_TRIM_THRESHOLD_ …) and leaves them: put back once the workers have started, or every bp run of the
    test, and of this test process after it, would inherit them (and run cold, or from a preloaded process of
    their own: tests/runbp.py), as a user's bp, started from a shell, does not."""
    from distributed import LocalCluster

    environment = dict(os.environ)
    try:
        with LocalCluster(n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1") as cluster:
            _put_back(environment)
            yield cluster.scheduler_address
    finally:
        _put_back(environment)


def _put_back(environment: dict[str, str]) -> None:
    os.environ.clear()
    os.environ.update(environment)
