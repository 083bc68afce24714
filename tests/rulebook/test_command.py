"""`bp rulebook` is the build's rulebook step: on a copy of the shared build (whose rulebook every other
test here reads) it builds the same files, and finds nothing to do."""

from __future__ import annotations

from pathlib import Path

from tests.runbp import bp
from tests.shared import EPOCH, SiteBuild, copy_site_build


def _rulebook_files(site: Path) -> dict[str, bytes]:
    files = [*sorted((site / "rulebook").rglob("*")), site / "blackpoker.pdf", site / "blackpoker_a5-booklet.pdf"]
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in files if p.is_file()}


def test_bp_rulebook_builds_what_the_build_built(site_build: SiteBuild, tmp_path: Path) -> None:
    copy = copy_site_build(site_build, tmp_path)
    run = bp("rulebook", "--root", str(copy.root), "--out", str(copy.site), "--cache", str(copy.cache),
             env={"SOURCE_DATE_EPOCH": EPOCH})
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"built {copy.site}\n"
    assert _rulebook_files(copy.site) == _rulebook_files(site_build.site)
    assert "blackpoker.pdf" in _rulebook_files(copy.site)
