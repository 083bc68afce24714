"""--root before the command (`bp --root DIR check`), as --lang may stand there: read as the command's option."""

from __future__ import annotations

from pathlib import Path

from tests.runbp import bp
from toolchain.cli.lang_option import root_after_command


def test_root_before_the_command_is_the_commands_option(minimal_repo: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()  # not inside a repository: only --root can name it
    result = bp("--root", str(minimal_repo), "check", "--no-cache", cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert ": OK" in result.stdout


def test_the_arguments_are_reordered_only_when_root_comes_first() -> None:
    assert root_after_command(["--root", "R", "check", "--release"]) == ["check", "--root", "R", "--release"]
    assert root_after_command(["--root=R", "build", "--only", "lists"]) == ["build", "--root=R", "--only", "lists"]
    assert root_after_command(["check", "--root", "R"]) == ["check", "--root", "R"]
    assert root_after_command(["--root"]) == ["--root"]  # typer says what is missing
