"""The `bp` command line: check, export, build (and the commands of the other modules)."""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .diagnostics import CODES, Diagnostic, render_json
from .repository import RepositoryError, check_root, find_root

app = typer.Typer(
    help="BlackPoker rules toolchain: check the definitions, build the rulebook and the action lists.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

RootOption = Annotated[
    Optional[Path],
    typer.Option("--root", help="The rules repository (default: found from the current directory upward).", show_default=False),
]


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


def resolve_root(root: Path | None) -> Path:
    try:
        return check_root(root) if root else find_root()
    except RepositoryError as exc:
        typer.echo(f"bp: {exc}", err=True)
        raise typer.Exit(2) from exc


def load_checked(root: Path):  # -> tuple[LoadResult, list[Diagnostic]]
    """Load and check everything; shared by check, export and build."""
    from .checks import run_checks
    from .loader import load_definitions

    result = load_definitions(root)
    # Cross-file checks only make sense on a tree whose vocabulary loaded.
    findings = list(result.diagnostics)
    if result.definitions.rules is not None:
        findings += run_checks(result)
    return result, sorted(set(findings))


def load_clean(root: Path, command: str):  # -> LoadResult
    """Load for a command that needs valid definitions: with findings, print them and exit 1."""
    result, findings = load_checked(root)
    if findings:
        for finding in findings:
            typer.echo(finding.text(), err=True)
        typer.echo(f"bp {command}: {summary_line(result.definitions.counts(), findings)}; fix them first (bp check)", err=True)
        raise typer.Exit(1)
    return result


def summary_line(counts: dict[str, int], findings: list[Diagnostic]) -> str:
    parts = ", ".join(f"{n} {what}" for what, n in counts.items())
    if not findings:
        return f"{parts}: OK"
    errors = len(findings)
    files = len({d.location.path for d in findings})
    return f"{parts}: {errors} error{'s' if errors != 1 else ''} in {files} file{'s' if files != 1 else ''}"


@app.command()
def check(
    root: RootOption = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help="text, json, or github (workflow annotations).")] = OutputFormat.text,
) -> None:
    """Validate every definition: YAML, JSON Schema and the cross-file checks. Exit 0 clean, 1 findings, 2 usage or I/O error."""
    root_path = resolve_root(root)
    result, findings = load_checked(root_path)
    counts = result.definitions.counts()
    line = summary_line(counts, findings)
    examples = _examples_report(result)
    if output_format is OutputFormat.json:
        summary = {"counts": counts, "errors": len(findings), "ok": not findings}
        typer.echo(render_json(findings, {**summary, "examples": examples.as_dict()} if examples else summary))
    else:
        for finding in findings:
            typer.echo(finding.github() if output_format is OutputFormat.github else finding.text(), err=True)
        typer.echo(line)
        if examples:
            typer.echo(examples.summary())  # 48/48 actions executed, N examples, 0 failed
    raise typer.Exit(1 if findings else 0)


def _examples_report(result):  # noqa: ANN001, ANN202 - a LoadResult -> sim.check.Report | None
    """What the simulator made of the actions' examples, when the definitions carry any."""
    if result.definitions.rules is None:
        return None
    from .sim.check import has_examples, report

    return report(result.definitions) if has_examples(result.definitions) else None


@app.command()
def export(
    root: RootOption = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write to FILE instead of stdout.")] = None,
) -> None:
    """Write every definition as one JSON document (schema/export.schema.json)."""
    from .export import export_json

    from .publish import OutputError, output_file, write_file

    try:
        if output is not None:
            output_file(output)  # refuse a directory before the work
    except OutputError as exc:
        typer.echo(f"bp export: {exc}", err=True)
        raise typer.Exit(2) from exc
    result = load_clean(resolve_root(root), "export")
    text = export_json(result.definitions)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_file(output, text.encode("utf-8"))
    except OutputError as exc:
        typer.echo(f"bp export: {exc}", err=True)
        raise typer.Exit(2) from exc


@app.command()
def build(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Output directory (default: ROOT/build/site).")] = None,
    only: Annotated[
        Optional[list[str]],
        typer.Option("--only", help="Build only these steps (repeatable): definitions.json, actionlist, rulebook, rulebook-html. The rest of the site is kept."),
    ] = None,
) -> None:
    """Check, then build every output into build/site (atomically: all or nothing).

    --out must be a new or empty directory, or one that bp built: a directory holding other files is refused (exit 2)."""
    from .build import BuildError, build_site, check_site, select_steps
    from .publish import OutputError

    root_path = resolve_root(root)
    try:
        select_steps(only)  # refuse a wrong --only or --out before the work
        target = check_site(out, root_path)
    except OutputError as exc:
        typer.echo(f"bp build: {exc}", err=True)
        raise typer.Exit(2) from exc
    result = load_clean(root_path, "build")
    try:
        build_site(root_path, result.definitions, out, log=lambda message: typer.echo(f"  {message}", err=True), only=only)
    except OutputError as exc:
        typer.echo(f"bp build: {exc}", err=True)
        raise typer.Exit(2) from exc
    except BuildError as exc:
        typer.echo(f"bp build: {exc} (the previous {target} is unchanged)", err=True)
        raise typer.Exit(1) from exc
    typer.echo(f"built {target}")


@app.command()
def codes() -> None:
    """List the codes of every finding `bp check` can report."""
    for code in CODES.values():
        typer.echo(f"{code.code}  {code.name:22} {code.summary}")


from .actionlist.command import actionlist as _actionlist  # noqa: E402 - it uses the options above; loads no PDF code

app.command("actionlist")(_actionlist)

from .sim.command import replay as _replay, sim as _sim  # noqa: E402 - loads the simulator only when they run

app.command("sim")(_sim)
app.command("replay")(_replay)

from .rulebook import command as _rulebook_command  # noqa: E402, F401 - registers `bp rulebook`; loads Sphinx only when it runs


def main() -> None:
    app()


if __name__ == "__main__":
    main()
