"""The test repositories' commits hold the files as they are on disk, whatever git's cached stat data says."""

from __future__ import annotations

import os
from pathlib import Path

from .conftest import commit_all, git


def test_a_file_replaced_by_one_of_its_size_and_time_is_committed_as_it_is_now(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    # only size and whole seconds compared, as when a copy lands on the freed inode within the same second
    git(tmp_path, "config", "core.checkStat", "minimal")
    git(tmp_path, "config", "core.trustctime", "false")
    page = tmp_path / "core.rst"
    page.write_text("能力の適応順\n", encoding="utf-8")
    os.utime(page, (1_700_000_000, 1_700_000_000))  # an older mtime than the index: not "racily clean"
    commit_all(tmp_path, "第8.1版")
    page.unlink()
    page.write_text("能力の適用順\n", encoding="utf-8")  # the same number of bytes
    os.utime(page, (1_700_000_000, 1_700_000_000))  # as shutil.copy2 keeps its source's
    commit_all(tmp_path, "第9.1.1版")
    assert git(tmp_path, "show", "HEAD:core.rst") == "能力の適用順\n"
