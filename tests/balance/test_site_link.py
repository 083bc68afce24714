"""The site links the last balance report (build/balance, where bp balance writes it): it appears on the
index by itself, follows a newer report, and a site without a report lists none."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.runbp import bp


def _report(root: Path, revision: str) -> None:
    """A report as bp balance leaves it: new files each time (it replaces its directory; the site links them)."""
    report = root / "build" / "balance"
    if report.exists():
        shutil.rmtree(report)
    report.mkdir(parents=True)
    (report / ".bp-output").write_text(json.dumps({"tool": "bp", "kind": "balance"}), encoding="utf-8")
    (report / "index.html").write_text(f"<!DOCTYPE html><title>バランス測定: {revision}</title>", encoding="utf-8")
    (report / "balance.json").write_text(json.dumps({"kind": "balance", "revision": revision}), encoding="utf-8")


def test_the_balance_report_is_linked_from_the_site(minimal_repo: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    build = ("build", "--root", str(minimal_repo), "--out", str(site), "--only", "definitions.json", "--only", "balance")
    run = bp(*build)
    assert run.returncode == 0, run.stderr
    assert not (site / "balance").exists() and "バランス" not in (site / "index.html").read_text(encoding="utf-8")

    _report(minimal_repo, "first")
    assert bp(*build).returncode == 0  # a new report is an input: the build is not up to date
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "バランス" in index and 'href="balance/index.html"' in index and 'href="balance/balance.json"' in index
    assert "first" in (site / "balance" / "index.html").read_text(encoding="utf-8")

    _report(minimal_repo, "second")
    assert bp(*build).returncode == 0
    assert "second" in (site / "balance" / "index.html").read_text(encoding="utf-8")


def test_a_site_without_a_report_is_up_to_date_the_second_time(minimal_repo: Path, tmp_path: Path) -> None:
    """The balance step ran and found no report: that too is recorded, so nothing changed means nothing to do."""
    build = ("build", "--root", str(minimal_repo), "--out", str(tmp_path / "site"), "--only", "definitions.json",
             "--only", "balance")
    assert bp(*build).returncode == 0
    again = bp(*build)
    assert again.returncode == 0, again.stderr
    assert "is up to date" in again.stdout, again.stdout
