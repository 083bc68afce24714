"""The site links the last balance report (build/balance, where bp balance writes it): it appears on the
index by itself, follows a newer report, and a site without a report lists none."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from tests.runbp import ROOT, bp


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


def test_a_stored_run_is_drawn_again_only_when_what_it_is_drawn_from_changed(minimal_repo: Path, tmp_path: Path) -> None:
    """Every HTML build runs the balance step; its page's figures take seconds to draw (matplotlib), so an edit of
    the definitions keeps the page as it was, drawing nothing (a build whose matplotlib cannot be imported
    succeeds), and a new stored run draws it again."""
    stored = minimal_repo / "balance"
    stored.mkdir(exist_ok=True)
    shutil.copyfile(Path(__file__).resolve().parents[2] / "balance" / "balance.json", stored / "balance.json")
    site = tmp_path / "site"
    build = ("build", "--root", str(minimal_repo), "--out", str(site), "--only", "balance", "--format", "json")
    no_matplotlib = tmp_path / "no-matplotlib"
    (no_matplotlib / "matplotlib").mkdir(parents=True)
    (no_matplotlib / "matplotlib" / "__init__.py").write_text("raise ImportError('the figures were drawn again')\n")
    without = {"PYTHONPATH": os.pathsep.join([str(no_matplotlib), str(ROOT)])}

    def built(env: dict[str, str] | None = None) -> dict:
        run = bp(*build, env=env)
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)

    assert "balance/index.html" in built()["rendered"]
    page = (site / "balance" / "index.html").read_bytes()
    formats = minimal_repo / "definitions" / "formats.yaml"
    formats.write_text(formats.read_text(encoding="utf-8") + "# an edit\n", encoding="utf-8")
    report = built(without)
    assert "balance/index.html" in report["kept"] and "balance/index.html" not in report["rendered"]
    assert (site / "balance" / "index.html").read_bytes() == page

    document = json.loads((stored / "balance.json").read_text(encoding="utf-8"))
    document["revision"] = "a newer run"
    (stored / "balance.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert bp(*build, env=without).returncode != 0  # drawing it again needs matplotlib: the stub above stops it
    assert "balance/index.html" in built()["rendered"]
    assert (site / "balance" / "index.html").read_bytes() != page


def test_the_index_names_the_balance_pages_in_a_players_words(minimal_repo: Path, tmp_path: Path) -> None:
    """The index is the players' page: the stored run and the editions compared are named by what they are, with the
    editions, never by the command that made them (that belongs in the editor's guide)."""
    stored = minimal_repo / "balance"
    (stored / "editions").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "balance" / "balance.json", stored / "balance.json")
    shutil.copyfile(ROOT / "balance" / "editions" / "balance.json", stored / "editions" / "balance.json")
    site = tmp_path / "site"
    run = bp("build", "--root", str(minimal_repo), "--out", str(site), "--only", "balance")
    assert run.returncode == 0, run.stderr
    index = (site / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th>', index)
    compared = [row for row in rows if "→" in row]
    assert compared and all("第8.1版 → 第9.1.1版" in row for row in compared), rows
    assert len(rows) >= 2 and not any(re.search(r"\bbp\b|--", row) for row in rows), rows
