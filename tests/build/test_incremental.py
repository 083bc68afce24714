"""`bp build` is incremental and reproducible: a no-op build renders nothing, one changed action
re-renders only the outputs that show it, and an incremental build gives the bytes of a clean one.

The session's shared clean build (tests/shared.py) is copied once for the module (the costly part, the
rulebook PDF, is not made again); the tests then change that copy in order, so they run in file order.
They change this repository's own edition (第8.1版, in its folder of the site); the newest edition, at the
top of the site, is carried over by every build as the shared build made it. The clean build every
incremental one is compared with is the shared build itself: the tests put the sources back as it had
them before they compare, so no test here makes a clean build again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.runbp import alive as _alive
from tests.runbp import bp, start_bp, stop
from tests.runbp import children as _children
from tests.repos import minimal_repository
from tests.shared import EPOCH, SiteBuild, copy_site_build

# The tests below build on one another's changes to one repository: they run in file order on one
# process (`make test` hands pytest-xdist's workers whole modules: --dist loadscope).

ACTION_FILE = "definitions/actions/3-quick-spell.yaml"
OLD_EFFECT = "1. 合計点 を 0 とし、"
NEW_EFFECT = "1. 合計点を 0 とし、"  # B・J: an action of the master format only


@dataclass
class Repo:
    root: Path
    site: Path
    cache: Path
    own: Path  # the site of the repository's own edition: its folder of the site (v8.1)
    own_cache: Path  # its rulebook's cache
    prefix: str  # its files' paths in the build's report: "v8.1/"

    def build(self, *args: str) -> dict:
        run = bp("build", "--root", str(self.root), "--out", str(self.site), "--cache", str(self.cache),
                 "--format", "json", *args, env={"SOURCE_DATE_EPOCH": EPOCH})
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)


def tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def stats(site: Path) -> dict[str, tuple[int, int]]:
    files = (p for p in sorted(site.rglob("*")) if p.is_file())
    return {p.relative_to(site).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns) for p in files}


@pytest.fixture(scope="module")
def repo(site_build: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Repo:
    copy = copy_site_build(site_build, tmp_path_factory.mktemp("incremental"))
    return Repo(copy.root, copy.site, copy.cache, copy.own_site, copy.own_cache, f"{copy.own.folder}/" if copy.own.folder else "")


def test_a_clean_build_renders_every_output_and_a_copy_of_it_is_up_to_date(site_build: SiteBuild, repo: Repo) -> None:
    """The shared build was clean (nothing kept); its copy, sources, site and cache moved elsewhere, builds
    nothing again: a build keys its files by what they are made from, not by where they are."""
    report = site_build.report
    assert not report["kept"] and "blackpoker.pdf" in report["rendered"]
    before = stats(repo.site)
    assert repo.build()["up_to_date"]
    assert stats(repo.site) == before


def test_the_site_index_links_every_output(repo: Repo) -> None:
    index = (repo.own / "index.html").read_text(encoding="utf-8")
    for path in ("rulebook/index.html", "blackpoker.pdf", "blackpoker_a5-booklet.pdf", "definitions.json",
                 "actionlist/html/all.html", "actionlist/html/lite.html", "actionlist/pdf/blackpoker-pro.pdf",
                 "actionlist/pdf/blackpoker-pro-2up.pdf", "actionlist/pdf/blackpoker-all-2up.pdf"):
        assert f'href="{path}"' in index, path
        assert (repo.own / path).is_file()
    assert "第8.1版" in index and "2025年6月15日 ビルド" in index and "<script" not in index


def test_the_edition_and_the_build_date_are_on_every_output(repo: Repo) -> None:
    import pikepdf

    for page in ("rulebook/index.html", "rulebook/format.html", "actionlist/html/pro.html", "actionlist/html/all.html"):
        text = (repo.own / page).read_text(encoding="utf-8")
        assert "第8.1版" in text and "2025年6月15日" in text, page
    for pdf in ("blackpoker.pdf", "actionlist/pdf/blackpoker-pro.pdf"):
        with pikepdf.open(repo.own / pdf) as document:
            assert "第8.1版" in str(document.docinfo["/Title"]), pdf
            assert str(document.docinfo["/CreationDate"]).startswith("D:20250615")
            assert str(document.docinfo["/ModDate"]).startswith("D:20250615")


def test_the_rulebook_pdf_footer_carries_the_edition(repo: Repo) -> None:
    import subprocess

    text = subprocess.run(["pdftotext", "-f", "9", "-l", "9", str(repo.own / "blackpoker.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "第8.1版" in text and "2025年6月15日 ビルド" in text


def test_a_no_op_build_renders_nothing_and_touches_nothing(repo: Repo) -> None:
    before = stats(repo.site)
    report = repo.build()
    assert report["up_to_date"] and report["rendered"] == []
    assert stats(repo.site) == before


def test_one_changed_action_renders_only_what_shows_it(repo: Repo) -> None:
    # Slow (over 30 s): the change reaches the rulebook PDF and five leaflets, laid out again to show that
    # only those are.
    pages = {p.relative_to(repo.own).as_posix() for p in repo.own.rglob("*.html")}
    shown = OLD_EFFECT.removeprefix("1. ")  # the list item's text, as every page shows it
    showing = {page for page in pages if shown in (repo.own / page).read_text(encoding="utf-8")}
    # B・J is in the master format only: its list, its regulations' lists, the whole list and the rulebook's 4.3.
    assert {"actionlist/html/master.html", "actionlist/html/all.html", "rulebook/format.html"} < showing
    assert all(page.startswith("actionlist/html/master-") for page in showing - {"actionlist/html/all.html", "rulebook/format.html",
                                                                                  "actionlist/html/master.html"})
    import toolchain
    from toolchain.actionlist.site import list_outputs

    leaflets = {f"actionlist/{output.page}": {f"actionlist/{output.pdf}", f"actionlist/{output.two_up}"}
                for output in list_outputs(repo.root, toolchain.load(repo.root).definitions)}
    path = repo.root / ACTION_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(OLD_EFFECT, NEW_EFFECT, 1), encoding="utf-8")
    before = stats(repo.site)
    pages_kept = {page.name for page in (repo.own_cache / "pages").glob("*.html")}  # the rulebook's HTML pages by key
    report = repo.build("-j", "2")
    rendered, kept = set(report["rendered"]), set(report["kept"])
    # Exactly those pages, the PDFs laid out from them, the data, and nothing else (nothing of the other edition).
    pdfs = {pdf for page in showing if page in leaflets for pdf in leaflets[page]}
    assert "actionlist/pdf/blackpoker-mast.pdf" in pdfs and "actionlist/pdf/blackpoker-all-2up.pdf" in pdfs
    assert rendered == {repo.prefix + path for path in showing | pdfs | {"blackpoker.pdf", "blackpoker_a5-booklet.pdf", "definitions.json"}}
    after = stats(repo.site)
    assert kept == set(after) - rendered - {f"{folder}{name}" for folder in {"", repo.prefix} for name in (".bp-manifest.json", ".bp-output")}
    assert all(after[p] == before[p] for p in kept), "a kept file is the same file (inode and time)"
    # Sphinx read and wrote only the page that shows it again, though its environment and pages were made in the
    # shared build's folder: the others were copied from the page cache.
    assert [note for note in report["notes"] if note.startswith("rulebook HTML")] == ["rulebook HTML: pages read again: format"]
    assert len({page.name for page in (repo.own_cache / "pages").glob("*.html")} - pages_kept) == 1
    # Of the rulebook PDF, only the chapter that shows B・J was laid out again.
    [pdf_note] = [note for note in report["notes"] if note.startswith("blackpoker.pdf")]
    laid_out = set(pdf_note.split(": ", 2)[-1].split(", "))
    assert "format" in laid_out and not laid_out & {"preface", "common", "regulation", "frame", "core", "appendix", "history"}


def _cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used (0 once it has ended)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def _kill_when(repo: Repo, step: str, ready: Callable[[list[str], int], bool]) -> list[int]:
    """Start a build of `step` (--only), SIGKILL it once `ready(lines logged so far, its pid)`; the pool's processes it had."""
    process = start_bp("build", "--root", str(repo.root), "--out", str(repo.site), "--cache", str(repo.cache), "-j", "2",
                       "--only", step, env={"SOURCE_DATE_EPOCH": EPOCH})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(process.stderr.readline, "")), daemon=True)  # type: ignore[union-attr]
    reader.start()
    deadline = time.monotonic() + 240
    try:
        while not ready(lines, process.pid):
            assert process.poll() is None, f"the build ended before it could be killed: {lines}"
            assert time.monotonic() < deadline, lines
            time.sleep(0.05)
    except BaseException:
        stop(process)  # a failed wait leaves no build running
        raise
    workers = _children(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait()
    reader.join(timeout=10)
    assert not any(line.startswith("built ") for line in lines)
    return workers


def test_a_build_killed_in_sphinx_or_in_the_pdfs_leaves_the_site_and_the_next_build_cleans_up(site_build: SiteBuild,
                                                                                              repo: Repo) -> None:
    """SIGKILL while Sphinx writes the rulebook, then while the PDFs are laid out: each time the
    previous site is byte-identical and whole; the next build publishes and leaves nothing behind.
    The change built is the action put back as the shared build has it (the next test compares the two
    sites), and the build after the killed ones runs on one process. The killed builds make one step
    each (--only): a build is published whole or not at all, whatever its steps, and a step the other
    would have run beside it would only have been killed too."""
    # Slow (over 30 s): two builds killed midway, then one that rebuilds what they left, PDFs included.
    before = tree(repo.site)
    path = repo.root / ACTION_FILE
    assert path.read_bytes() != (site_build.root / ACTION_FILE).read_bytes(), "the test above changed the action"
    shutil.copyfile(site_build.root / ACTION_FILE, path)
    in_sphinx = repo.own_cache / "doctrees" / ".bp-unverified"  # there while a Sphinx run has not ended
    _kill_when(repo, "rulebook-html", lambda lines, _pid: in_sphinx.exists() and not any("rulebook HTML (" in line for line in lines))
    assert tree(repo.site) == before
    # The leaflets being laid out: a renderer of the pool has worked a second (each leaflet takes several).
    workers = _kill_when(repo, "actionlist-pdf", lambda _lines, pid: any(_cpu_seconds(child) > 1 for child in _children(pid)))
    assert workers, "the PDFs were being rendered by the pool"
    deadline = time.monotonic() + 30
    while any(_alive(pid) for pid in workers):  # a killed build's renderers stop with it
        assert time.monotonic() < deadline, "renderers outlived the killed build"
        time.sleep(0.1)
    assert tree(repo.site) == before
    for edition in (repo.site, repo.own):
        manifest = json.loads((edition / ".bp-manifest.json").read_text(encoding="utf-8"))
        for step in manifest["steps"].values():  # the site is whole: every file its manifests list, intact
            for name, record in step["files"].items():
                assert hashlib.sha256((edition / name).read_bytes()).hexdigest() == record["sha256"], name
    left = {p.name for p in repo.site.parent.iterdir()} - {"rules", "site", repo.cache.name, repo.own_cache.name}
    assert any(name.startswith(".site.staging-") for name in left), left  # what the killed builds left

    report = repo.build("-j", "1")  # on one process: the next test compares its site with the shared build's, made on two
    assert {repo.prefix + path for path in ("blackpoker.pdf", "rulebook/format.html", "actionlist/pdf/blackpoker-mast.pdf")} \
        <= set(report["rendered"])
    assert {p.name for p in repo.site.parent.iterdir()} == {"rules", "site", repo.cache.name, repo.own_cache.name}  # no staging, no lock
    assert not [p for cache in (repo.cache, repo.own_cache) for p in cache.rglob("*") if p.name.endswith((".tmp", ".lock", ".bp-unverified"))]


def sources(root: Path) -> dict[str, bytes]:
    """What a build of ROOT reads from it, file by file."""
    return {f"{part}/{name}": data for part in ("definitions", "docs") for name, data in tree(root / part).items()}


def test_an_incremental_build_gives_the_bytes_of_a_clean_build_on_one_process(site_build: SiteBuild, repo: Repo) -> None:
    """The site after the changes above, its sources back as they were, equals the shared build, a clean
    build of those sources with an empty cache: the site was built again incrementally, its changed outputs
    last on one process (-j 1) where the shared build ran on two (-j 2): incremental = clean, one process =
    several, and the rulebook PDF's parts are laid out alike every time. (The caches hold one version of
    each output, so what the changes replaced was laid out again, not taken back from a cache.)"""
    assert sources(repo.root) == sources(site_build.root)
    built = tree(repo.site)
    assert any(name.endswith("-2up.pdf") for name in built) and any(name.endswith("definitions.json") for name in built)
    assert built == tree(site_build.site)
    search = (repo.own / "rulebook" / "searchindex.js").read_text(encoding="utf-8")
    assert json.loads(search[search.index("(") + 1:search.rindex(")")])["indexentries"]  # a rebuild keeps the index's terms


def test_a_deleted_docs_page_is_gone_as_in_a_clean_build(site_build: SiteBuild, repo: Repo) -> None:
    docs = repo.root / "docs"
    index = (docs / "index.rst").read_text(encoding="utf-8")
    (docs / "extra.rst").write_text("追加のページ\n============\n\n書きかけ。\n", encoding="utf-8")
    (docs / "index.rst").write_text(index.replace("   history\n", "   history\n   extra\n", 1), encoding="utf-8")
    assert "   extra\n" in (docs / "index.rst").read_text(encoding="utf-8")
    repo.build("--only", "html")
    assert (repo.own / "rulebook" / "extra.html").is_file()
    (docs / "extra.rst").unlink()
    (docs / "index.rst").write_text(index, encoding="utf-8")
    repo.build("--only", "html")
    assert not (repo.own / "rulebook" / "extra.html").exists()
    # The sources are the shared build's again (the test above): its rulebook is the clean build's.
    assert sources(repo.root) == sources(site_build.root)
    assert tree(repo.own / "rulebook") == tree(site_build.own_site / "rulebook")
    search = (repo.own / "rulebook" / "searchindex.js").read_text(encoding="utf-8")
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
    # The failed builds published nothing, so the page saved back as it was is what the site was built from.
    assert repo.build("--only", "rulebook-html")["up_to_date"]
    assert "Unknown directive" not in (repo.own / "rulebook" / "appendix.html").read_text(encoding="utf-8")


def test_the_build_date_follows_source_date_epoch(tmp_path: Path) -> None:
    root = minimal_repository(tmp_path)  # a small edition alone: the date is what is looked at
    run = bp("build", "--root", str(root), "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
             "--only", "definitions.json", env={"SOURCE_DATE_EPOCH": "1000000000"})  # 2001-09-09
    assert run.returncode == 0, run.stderr
    assert "2001年9月9日 ビルド" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")

