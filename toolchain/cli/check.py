"""`bp check`, `bp export` and `bp codes`: the rules editor's checks and the definitions as JSON."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..diagnostics import CODES
from ..i18n import _
from .checkrun import OutputFormat, check_command
from .common import RootOption, fail, load_clean, resolve_root


CHECK_HELP = _("""Validate every definition: YAML, JSON Schema and the cross-file checks. Exit 0 clean, 1 findings, 2 usage or I/O error.

What did not change since the last run is answered from its cache (build/cache/check): the same findings, at once.""")
EXPORT_HELP = _("Write every definition as one JSON document (schema/export.schema.json).")
CODES_HELP = _("List the codes of every finding `bp check` can report.")
CACHE_DIR_HELP = _("Where results are kept between runs (default: ROOT/build/cache/check): new, empty, or a cache bp made.")
CACHE_HELP = _("Answer from the results kept by earlier runs where nothing they are made from changed (--no-cache: check it all).")


def check(
    root: RootOption = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help=_("text, json, or github (workflow annotations); json and github keep English messages unless --lang is given."))] = OutputFormat.text,
    since: Annotated[
        Optional[str],
        typer.Option("--since", help=_("Also report (BP029) definitions whose rules changed since this git revision (the last tagged edition) without the current edition in `updated`.")),
    ] = None,
    show_readings: Annotated[
        bool, typer.Option("--readings", help=_("Also list the readings: where the text is silent and what the toolchain reads (file:line)."))
    ] = False,
    show_rulings: Annotated[
        bool, typer.Option("--rulings", help=_("Also list the rulings: each with its examples, or why it has none (file:line)."))
    ] = False,
    cache_dir: Annotated[Optional[Path], typer.Option("--cache-dir", help=CACHE_DIR_HELP)] = None,
    use_cache: Annotated[bool, typer.Option("--cache/--no-cache", help=CACHE_HELP)] = True,
    explain: Annotated[
        Optional[str],
        typer.Option("--explain", metavar="ID", help=_("Print an entry's printed text and what its program does, read in Japanese, with their disagreements (BP048); nothing else is checked.")),
    ] = None,
) -> None:
    """`bp check` (CHECK_HELP)."""
    if explain is not None:
        from .checkrun import explain_command

        raise typer.Exit(explain_command(root, explain))
    raise typer.Exit(check_command(root, output_format, since, show_readings, cache_dir, use_cache, show_rulings))


def export(
    root: RootOption = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help=_("Write to FILE instead of stdout."))] = None,
) -> None:
    """`bp export` (EXPORT_HELP)."""
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
    """`bp codes` (CODES_HELP): each code, its name (as JSON and GitHub name it) and what it means, translated."""
    for code in CODES.values():
        typer.echo(f"{code.code}  {code.name:22} {_(code.summary)}")
