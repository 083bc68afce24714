"""Shared fixtures: the action lists every test reads are those of the session's one `bp build`
(tests/shared.py), shared by every xdist worker."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.repos import copy_rules_yaml
from tests.runbp import bp
from tests.shared import SiteBuild

ROOT = Path(__file__).resolve().parents[2]


def run_bp(*args: str, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return bp(*args, "--root", str(root), timeout=300)


@pytest.fixture(scope="session")
def site(site_build: SiteBuild) -> Path:
    """The action lists of this repository's edition (第8.1版) as `bp build` publishes them: the shared build's
    actionlist/ of that edition (test_out.py shows that `bp actionlist --out` writes the same lists)."""
    return site_build.own_site / "actionlist"


@pytest.fixture(scope="session")
def site_url(site_build: SiteBuild) -> str:
    """The address at which the site publishes `site`'s edition, which its leaflets print: the edition.url of the
    site's main edition (rules.yaml), and the folder of this edition in it."""
    from toolchain.site.editions import edition_fields, site_editions

    main = site_editions(site_build.root)[0]
    url = edition_fields(main.root)["url"]
    assert url.startswith("https://") and url.endswith("/"), url
    return f"{url}{site_build.own.folder}/" if site_build.own.folder else url


@pytest.fixture(scope="session")
def definitions():
    from toolchain.model.loader import load_definitions

    return load_definitions(ROOT).definitions


@pytest.fixture()
def repo_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A rules repository to spoil: definitions, schemas and templates copied."""
    repo = tmp_path_factory.mktemp("repo")
    for part in ("definitions", "schema", "templates"):
        shutil.copytree(ROOT / part, repo / part)
    copy_rules_yaml(repo / "definitions" / "rules.yaml")  # its own edition alone
    return repo
