"""`bp build` is incremental and reproducible: a no-op build renders nothing, one changed action
re-renders only the outputs that show it, and an incremental build gives the bytes of a clean one.

One clean build of a copy of the repository is shared by the module (the costly part: the
rulebook PDF); the tests then change that copy in order, so they run in file order.
"""

from __future__ import annotations

import json
import shutil
import signal
import socket
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.runbp import ROOT, bp, start_bp

EPOCH = "1750000000"  # 2025-06-15: every build here carries the same date
ACTION_FILE = "definitions/actions/3-quick-spell.yaml"
OLD_EFFECT = "1. 合計点 を 0 とし、"
NEW_EFFECT = "1. 合計点を 0 とし、"  # B・J: an action of the master format only


@dataclass
class Repo:
    root: Path
    site: Path
    cache: Path

    def build(self, *args: str, site: Path | None = None, cache: Path | None = None) -> dict:
        run = bp("build", "--root", str(self.root), "--out", str(site or self.site), "--cache", str(cache or self.cache),
                 "--format", "json", *args, env={"SOURCE_DATE_EPOCH": EPOCH})
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)


def copy_repository(target: Path) -> Path:
    for part in ("definitions", "schema", "docs", "templates"):
        shutil.copytree(ROOT / part, target / part)
    return target


def tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def stats(site: Path) -> dict[str, tuple[int, int]]:
    files = (p for p in sorted(site.rglob("*")) if p.is_file())
    return {p.relative_to(site).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns) for p in files}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    base = tmp_path_factory.mktemp("incremental")
    repo = Repo(copy_repository(base / "rules"), base / "site", base / "cache")
    report = repo.build("-j", "2")
    assert not report["kept"] and "blackpoker.pdf" in report["rendered"]
    return repo


def test_the_site_index_links_every_output(repo: Repo) -> None:
    index = (repo.site / "index.html").read_text(encoding="utf-8")
    for path in ("rulebook/index.html", "blackpoker.pdf", "blackpoker_a5-booklet.pdf", "definitions.json",
                 "actionlist/html/all.html", "actionlist/html/lite.html", "actionlist/pdf/blackpoker-pro.pdf",
                 "actionlist/pdf/blackpoker-pro-2up.pdf", "actionlist/pdf/blackpoker-all-2up.pdf"):
        assert f'href="{path}"' in index, path
        assert (repo.site / path).is_file()
    assert "第8.1版" in index and "2025年6月15日 ビルド" in index and "<script" not in index


def test_the_edition_and_the_build_date_are_on_every_output(repo: Repo) -> None:
    import pikepdf

    for page in ("rulebook/index.html", "rulebook/format.html", "actionlist/html/pro.html", "actionlist/html/all.html"):
        text = (repo.site / page).read_text(encoding="utf-8")
        assert "第8.1版" in text and "2025年6月15日" in text, page
    for pdf in ("blackpoker.pdf", "actionlist/pdf/blackpoker-pro.pdf"):
        with pikepdf.open(repo.site / pdf) as document:
            assert "第8.1版" in str(document.docinfo["/Title"]), pdf
            assert str(document.docinfo["/CreationDate"]).startswith("D:20250615")
            assert str(document.docinfo["/ModDate"]).startswith("D:20250615")


def test_the_rulebook_pdf_footer_carries_the_edition(repo: Repo) -> None:
    import subprocess

    text = subprocess.run(["pdftotext", "-f", "9", "-l", "9", str(repo.site / "blackpoker.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "第8.1版" in text and "2025年6月15日 ビルド" in text


def test_a_no_op_build_renders_nothing_and_touches_nothing(repo: Repo) -> None:
    before = stats(repo.site)
    report = repo.build()
    assert report["up_to_date"] and report["rendered"] == []
    assert stats(repo.site) == before


def test_one_changed_action_renders_only_what_shows_it(repo: Repo) -> None:
    path = repo.root / ACTION_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(OLD_EFFECT, NEW_EFFECT, 1), encoding="utf-8")
    before = stats(repo.site)
    report = repo.build("-j", "2")
    rendered, kept = set(report["rendered"]), set(report["kept"])
    # B・J is in the master format only: its lists, the whole list, the data and the rulebook's 4.3.
    assert {"definitions.json", "actionlist/html/master.html", "actionlist/html/all.html", "actionlist/pdf/blackpoker-mast.pdf",
            "actionlist/pdf/blackpoker-mast-2up.pdf", "actionlist/pdf/blackpoker-all.pdf", "rulebook/format.html",
            "blackpoker.pdf", "blackpoker_a5-booklet.pdf"} <= rendered
    untouched = {"actionlist/html/lite.html", "actionlist/html/standard.html", "actionlist/html/pro.html",
                 "actionlist/pdf/blackpoker-lite.pdf", "actionlist/pdf/blackpoker-lite-2up.pdf",
                 "actionlist/pdf/blackpoker-pro.pdf", "actionlist/pdf/blackpoker-std.pdf", "rulebook/core.html",
                 "rulebook/frame.html", "rulebook/appendix.html", "rulebook/regulation.html", "rulebook/_static/rulebook.css"}
    assert untouched <= kept and not untouched & rendered
    assert {p for p in rendered if p.startswith("rulebook/")} <= {"rulebook/format.html", "rulebook/searchindex.js"}
    after = stats(repo.site)
    assert all(after[p] == before[p] for p in untouched), "a kept file is the same file (inode and time)"
    # Of the rulebook PDF, only the chapter that shows B・J was laid out again.
    [pdf_note] = [note for note in report["notes"] if note.startswith("blackpoker.pdf")]
    laid_out = set(pdf_note.split(": ", 2)[-1].split(", "))
    assert "format" in laid_out and not laid_out & {"preface", "common", "regulation", "frame", "core", "appendix", "history"}


def test_an_incremental_build_gives_the_bytes_of_a_clean_build(repo: Repo, tmp_path: Path) -> None:
    """The site after the changes above equals a clean build of the same sources with an empty
    cache: incremental = clean, and the rulebook PDF's parts are laid out alike every time."""
    clean = tmp_path / "clean"
    report = repo.build("-j", "2", site=clean, cache=tmp_path / "cache")
    assert not report["kept"]
    assert tree(clean) == tree(repo.site)
    search = (repo.site / "rulebook" / "searchindex.js").read_text(encoding="utf-8")
    assert json.loads(search[search.index("(") + 1:search.rindex(")")])["indexentries"]  # a rebuild keeps the index's terms


def test_a_deleted_docs_page_is_gone_as_in_a_clean_build(repo: Repo, tmp_path: Path) -> None:
    docs = repo.root / "docs"
    index = (docs / "index.rst").read_text(encoding="utf-8")
    (docs / "extra.rst").write_text("追加のページ\n============\n\n書きかけ。\n", encoding="utf-8")
    (docs / "index.rst").write_text(index.replace("   history\n", "   history\n   extra\n", 1), encoding="utf-8")
    assert "   extra\n" in (docs / "index.rst").read_text(encoding="utf-8")
    repo.build("--only", "html")
    assert (repo.site / "rulebook" / "extra.html").is_file()
    (docs / "extra.rst").unlink()
    (docs / "index.rst").write_text(index, encoding="utf-8")
    repo.build("--only", "html")
    assert not (repo.site / "rulebook" / "extra.html").exists()
    clean = tmp_path / "clean"
    repo.build("--only", "html", site=clean, cache=tmp_path / "cache")
    assert tree(clean / "rulebook") == tree(repo.site / "rulebook")
    search = (repo.site / "rulebook" / "searchindex.js").read_text(encoding="utf-8")
    assert "extra" not in json.loads(search[search.index("(") + 1:search.rindex(")")])["docnames"]


def test_a_docs_error_fails_every_build_that_would_publish_it(repo: Repo) -> None:
    page = repo.root / "docs" / "appendix.rst"
    good = page.read_text(encoding="utf-8")
    before = tree(repo.site)
    page.write_text(good + "\n.. no-such-directive::\n", encoding="utf-8")
    try:
        for attempt in ("first", "again, unchanged"):
            run = bp("build", "--root", str(repo.root), "--out", str(repo.site), "--cache", str(repo.cache),
                     "--only", "rulebook-html", env={"SOURCE_DATE_EPOCH": EPOCH})
            assert run.returncode == 1, (attempt, run.stderr)
            assert "no-such-directive" in run.stderr and "unchanged" in run.stderr, attempt
            assert tree(repo.site) == before, attempt
    finally:
        page.write_text(good, encoding="utf-8")
    assert repo.build("--only", "rulebook-html")["rendered"] is not None
    assert "Unknown directive" not in (repo.site / "rulebook" / "appendix.html").read_text(encoding="utf-8")


def test_two_clean_builds_are_byte_identical_in_one_process_or_several(repo: Repo, tmp_path: Path) -> None:
    """The action lists, HTML and PDF (the rulebook is compared above), built -j 1 and -j 2."""
    sites = []
    for jobs in ("1", "2"):
        site = tmp_path / f"j{jobs}"
        repo.build("-j", jobs, "--only", "actionlist", "--only", "definitions.json", site=site, cache=tmp_path / f"cache-{jobs}")
        sites.append(tree(site))
    assert sites[0] == sites[1]
    assert any(name.endswith("-2up.pdf") for name in sites[0])


def test_the_build_date_follows_source_date_epoch(repo: Repo, tmp_path: Path) -> None:
    run = bp("build", "--root", str(repo.root), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
             "--only", "definitions.json", env={"SOURCE_DATE_EPOCH": "1000000000"})  # 2001-09-09
    assert run.returncode == 0, run.stderr
    assert "2001年9月9日 ビルド" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def test_serve_serves_the_site_and_picks_up_a_change(repo: Repo) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = start_bp("serve", "--root", str(repo.root), "--out", str(repo.site), "--cache", str(repo.cache), "--port", str(port),
                      "--no-pdf", env={"SOURCE_DATE_EPOCH": EPOCH})
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            try:
                index = _get(base)
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        assert "アクションリスト" in index and "/__bp__/status" in index  # the reload script, served only
        assert "/__bp__/status" not in (repo.site / "index.html").read_text(encoding="utf-8")
        path = repo.root / ACTION_FILE
        path.write_text(path.read_text(encoding="utf-8").replace("name: B・J", "name: B・J改", 1), encoding="utf-8")
        while "B・J改" not in _get(base + "actionlist/html/master.html"):
            assert time.monotonic() < deadline + 120 and server.poll() is None
            time.sleep(0.3)
        assert json.loads(_get(base + "__bp__/status"))["findings"] == []
        assert "B・J改" in (repo.site / "actionlist" / "html" / "master.html").read_text(encoding="utf-8")
    finally:
        server.send_signal(signal.SIGINT)
        code = server.wait(timeout=60)
    assert code == 0
    assert "stopped" in (server.stderr.read() if server.stderr else "")
