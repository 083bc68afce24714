"""`bp actionlist --out DIR` writes the action lists `bp build` publishes (the other tests of this folder read the
shared build's): every list's web page, leaflet and 2-up, the same files as a site's actionlist/ but for the day the
site was built, which only a site prints. On the small repository of tests/fixtures/minimal: five lists."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.repos import minimal_repository
from tests.runbp import bp
from tests.shared import EPOCH

from .pdftext import pages


def _files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.name != ".bp-output")


def _texts(pdf: Path) -> list[str]:
    return [page.text() for page in pages(pdf)]


def test_bp_actionlist_out_writes_the_lists_bp_build_writes(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    repo = minimal_repository(tmp_path_factory.mktemp("repo"))
    out, site = tmp_path / "lists", tmp_path / "site"
    run = bp("actionlist", "--root", str(repo), "--out", str(out), env={"SOURCE_DATE_EPOCH": EPOCH})
    assert run.returncode == 0, run.stderr
    built = bp("build", "--root", str(repo), "--out", str(site), "--cache", str(tmp_path / "cache"), "--only", "actionlist", "-j", "1",
               env={"SOURCE_DATE_EPOCH": EPOCH})
    assert built.returncode == 0, built.stderr
    lists = site / "actionlist"
    files = _files(out)
    assert files == _files(lists)
    assert len([name for name in files if name.startswith("html/")]) == 5  # everything, 2 formats, 2 regulations
    assert len([name for name in files if name.endswith("-2up.pdf")]) == 5
    day = dt.datetime.fromtimestamp(int(EPOCH), tz=dt.timezone.utc).date()
    dated = f" ・ {day.year}年{day.month}月{day.day}日 ビルド"  # what the site adds after the edition's release
    for name in files:
        if name.endswith(".html"):
            page = (lists / name).read_text(encoding="utf-8")
            assert page.count(dated) == 1, name
            assert (out / name).read_text(encoding="utf-8") == page.replace(dated, ""), name
        else:
            texts = _texts(lists / name)
            printed = [text.replace(dated.replace(" ", ""), "") for text in texts]
            assert printed != texts, name  # the head of the first page (and sheet) prints the day
            assert _texts(out / name) == printed, name
