"""`bp check`, `bp export` and `bp codes`: the rules editor's checks and the definitions as JSON."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..diagnostics import CODES, Diagnostic, render_json, render_text
from ..model.readings import readings
from .common import OutputFormat, RootOption, fail, load, load_clean, resolve_root, summary_line

if TYPE_CHECKING:  # pragma: no cover - the checks load only in a command that checks (a no-op build does not)
    from ..checks import Checked


def check(
    root: RootOption = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help="text, json, or github (workflow annotations).")] = OutputFormat.text,
    since: Annotated[
        Optional[str],
        typer.Option("--since", help="Also report (BP029) definitions whose rules changed since this git revision (the last tagged edition) without the current edition in `updated`."),
    ] = None,
    show_readings: Annotated[
        bool, typer.Option("--readings", help="Also list the readings: where the text is silent and what the toolchain reads (file:line).")
    ] = False,
) -> None:
    """Validate every definition: YAML, JSON Schema and the cross-file checks. Exit 0 clean, 1 findings, 2 usage or I/O error."""
    root_path = resolve_root(root)
    checked = load(root_path)
    findings = list(checked.findings)
    if since is not None:
        findings = sorted({*findings, *_history(root_path, since, checked)})
    counts = checked.definitions.counts()
    examples = checked.examples if checked.examples is not None and checked.examples.has_examples else None
    noted = readings(checked.definitions) if show_readings else []
    if output_format is OutputFormat.json:
        errors = sum(1 for f in findings if f.severity == "error")
        summary = {"counts": counts, "errors": errors, "warnings": len(findings) - errors, "ok": not errors}
        if examples:
            summary["examples"] = examples.as_dict()
        if show_readings:
            summary["readings"] = [n.as_dict() for n in noted]
        typer.echo(render_json(findings, summary))
    else:
        for reading in noted:
            typer.echo(reading.text())
        for line in render_text(findings, "github" if output_format is OutputFormat.github else "text"):
            typer.echo(line, err=True)
        if examples and examples.shared:  # one change that broke many examples: the action they share
            typer.echo(f"note: {examples.shared}", err=True)
        typer.echo(summary_line(counts, findings))
        if examples:
            typer.echo(examples.summary())  # 48/48 actions executed, N examples, 0 failed
    raise typer.Exit(1 if any(f.severity == "error" for f in findings) else 0)  # warnings do not fail


def _history(root: Path, since: str, checked: Checked) -> list[Diagnostic]:
    """BP029: the definitions changed since `since` whose `updated` lacks the current edition."""
    from ..diff import RevisionError, load_revision
    from ..diff.changes import compare
    from ..diff.history import history_findings

    try:
        _, before = load_revision(root, since)
    except RevisionError as exc:
        fail("check", str(exc), 2)
    return history_findings(compare(before, checked), checked.definitions, since)


def export(
    root: RootOption = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write to FILE instead of stdout.")] = None,
) -> None:
    """Write every definition as one JSON document (schema/export.schema.json)."""
    from ..export import export_json
    from ..site.outputs import OutputError, output_file, write_file

    try:
        if output is not None:
            output_file(output)  # refuse a directory before the work
    except OutputError as exc:
        fail("export", str(exc), 2)
    checked = load_clean(resolve_root(root), "export")
    text = export_json(checked.definitions)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        write_file(output, text.encode("utf-8"))
    except OutputError as exc:
        fail("export", str(exc), 2)


def codes() -> None:
    """List the codes of every finding `bp check` can report."""
    for code in CODES.values():
        typer.echo(f"{code.code}  {code.name:22} {code.summary}")
