"""`bp --version` prints the toolchain's version, as a new user (and a bug report) expects."""

from __future__ import annotations

from pathlib import Path

from tests.runbp import bp
from toolchain import __version__


def test_version_is_printed_and_nothing_else_runs(tmp_path: Path) -> None:
    result = bp("--version", cwd=tmp_path)  # outside any repository: no command runs, nothing is looked for
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"bp {__version__} (the BlackPoker rules toolchain)\n"
    japanese = bp("--version", cwd=tmp_path, env={"LANGUAGE": "ja"})
    assert japanese.returncode == 0 and japanese.stdout == f"bp {__version__}（BlackPoker ルールツールチェーン）\n", japanese.stderr
