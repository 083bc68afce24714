"""A `bp build` with nothing to do is answered before typer, the definitions or any renderer load
(toolchain/cli/noop.py), and says what the typer command says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.repos import minimal_repository
from tests.runbp import bp


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small repository (as the minimal_repo fixture) with its definitions.json built once."""
    base = tmp_path_factory.mktemp("noop")
    root = minimal_repository(base)
    run = bp("build", "--root", str(root), "--out", str(base / "site"), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    return root, base / "site"


def _imported(stderr: str) -> set[str]:
    """The modules a run imported (python -X importtime, through PYTHONPROFILEIMPORTTIME)."""
    return {line.split("|")[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}


def test_a_no_op_build_loads_neither_typer_nor_the_definitions(built: tuple[Path, Path]) -> None:
    root, site = built
    run = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json", env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"{site} is up to date: no input changed since the last build (3 files)\n"  # definitions.json, index.html, favicon.svg
    imported = _imported(run.stderr)
    assert "toolchain.site.pipeline" in imported  # the importtime log is read right
    assert not {"typer", "pydantic", "toolchain.checks", "toolchain.model.loader", "jsonschema", "sphinx", "weasyprint"} & imported


def test_the_typer_command_says_the_same(built: tuple[Path, Path]) -> None:
    root, site = built
    fast = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json")
    from typer.testing import CliRunner

    from toolchain.cli import app

    typer_run = CliRunner().invoke(app, ["build", "--root", str(root), "--out", str(site), "--only", "definitions.json"])
    assert typer_run.exit_code == 0, typer_run.output
    assert typer_run.stdout == fast.stdout
    as_json = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json", "--format", "json")
    assert json.loads(as_json.stdout)["up_to_date"] is True  # --format json: the typer command


@pytest.mark.parametrize("args, message", [
    (("--only", "nonsense"), "no build step 'nonsense'"),
    (("-j", "0"), "Invalid value for '-j'"),
    (("--no-such-option",), "No such option"),
])
def test_anything_else_goes_to_the_typer_command(built: tuple[Path, Path], args: tuple[str, ...], message: str) -> None:
    root, site = built
    run = bp("build", "--root", str(root), "--out", str(site), *args)
    assert run.returncode == 2 and message in run.stderr, run.stderr


def test_a_changed_input_is_built(built: tuple[Path, Path]) -> None:
    root, site = built
    rules = root / "definitions" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    run = bp("build", "--root", str(root), "--out", str(site), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert "up to date" not in run.stdout and run.stdout.startswith("rendered ")


def _typer_options(name: str) -> set[str]:
    """Every option name of the typer command `bp name` (its --help lists them)."""
    import typer.main

    from toolchain.cli import app

    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    return {option for param in command.params for option in (*param.opts, *param.secondary_opts)}


def _plain_runs(name: str, root: Path, site: Path, scratch: Path) -> list[tuple[str, ...]]:
    """Runs of `bp name` that between them give every option a plain run may give (each with a value)."""
    if name == "build":
        common = ("--root", str(root), "--out", str(site), "--only", "definitions.json")
        return [(*common, "--cache", str(scratch / "cache"), "-j", "1", "--format", "text", "--base-url", "https://example.org/",
                 "--print-shop"), (*common, "--jobs", "1")]
    return [("--root", str(root), "--format", "text", "--readings", "--rulings", "--cache-dir", str(scratch / "cache"), "--cache"),
            ("--root", str(root), "--since", "v8.1", "--no-cache", "--release"),  # not a git repository: said by bp check, exit 2
            ("--root", str(root), "--explain", "end")]


@pytest.mark.parametrize(("name", "other"), [("build", "check"), ("check", "build")])
def test_the_fast_path_takes_exactly_the_options_of_the_typer_command(built: tuple[Path, Path], tmp_path: Path,
                                                                      name: str, other: str) -> None:
    """Every option of the typer command is answered without typer (the runs above give each); an option only
    the other fast command has goes to typer, which refuses it."""
    root, site = built
    runs = _plain_runs(name, root, site, tmp_path)
    assert {arg for run in runs for arg in run if arg.startswith("-")} == _typer_options(name)
    for args in runs:
        run = bp(name, *args, env={"PYTHONPROFILEIMPORTTIME": "1"})
        assert run.returncode in (0, 2) and "Traceback" not in run.stderr, run.stderr
        imported = _imported(run.stderr)
        assert any(module.startswith("toolchain.") for module in imported)  # the importtime log is read right
        assert "typer" not in imported, args
    for option in sorted(_typer_options(other) - _typer_options(name)):
        run = bp(name, "--root", str(root), option, *(() if option.startswith("--no") else ("x",)))
        assert run.returncode == 2 and "No such option" in run.stderr, (option, run.stderr)
