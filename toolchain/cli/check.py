"""`bp check`, `bp export` and `bp codes`: the rules editor's checks and the definitions as JSON."""

from __future__ import annotations

import os
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from ..diagnostics import CODES
from ..i18n import _
from .checkrun import OutputFormat, check_command
from .common import RootOption, fail, load_clean, resolve_root

CHECK_HELP = _("""Validate every definition: YAML, JSON Schema and the cross-file checks. Exit 0 clean, 1 findings, 2 usage or I/O error.

What did not change since the last run is answered from its cache (build/cache/check): the same findings, at once.""")
EXPORT_HELP = _("Write every definition as one JSON document (schema/export.schema.json), or in upstream's YAML (--format act-yaml, extra-yaml).")
CODES_HELP = _("List the codes of every finding `bp check` can report.")
CACHE_DIR_HELP = _("Where results are kept between runs (default: ROOT/build/cache/check): new, empty, or a cache bp made.")
CACHE_HELP = _("Answer from the results kept by earlier runs where nothing they are made from changed (--no-cache: check it all).")


def check(
    root: RootOption = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help=_("text, json, or github (workflow annotations); json and github keep English messages unless --lang is given."))] = OutputFormat.text,
    since: Annotated[
        str | None,
        typer.Option("--since", help=_("Also report (BP029) definitions whose rules changed since this git revision (the last tagged edition) without the current edition in `updated`.")),
    ] = None,
    show_readings: Annotated[
        bool, typer.Option("--readings", help=_("Also list the readings: where the text is silent and what the toolchain reads (file:line)."))
    ] = False,
    show_rulings: Annotated[
        bool, typer.Option("--rulings", help=_("Also list the rulings: each with its examples, or why it has none (file:line)."))
    ] = False,
    release: Annotated[
        bool, typer.Option("--release", help=_("Also refuse what must not be released (BP050): a release that is not a date, "
                                               "a placeholder such as TODO or 未定 in the definitions or docs/ (for CI before publishing)."))
    ] = False,
    cache_dir: Annotated[Path | None, typer.Option("--cache-dir", help=CACHE_DIR_HELP)] = None,
    use_cache: Annotated[bool, typer.Option("--cache/--no-cache", help=CACHE_HELP)] = True,
    explain: Annotated[
        str | None,
        typer.Option("--explain", metavar="ID", help=_("Print an entry's printed text and what its program does, read in Japanese, with their disagreements (BP048); nothing else is checked.")),
    ] = None,
) -> None:
    """`bp check` (CHECK_HELP)."""
    if explain is not None:
        from .checkrun import explain_command

        raise typer.Exit(explain_command(root, explain))
    raise typer.Exit(check_command(root, output_format, since, show_readings, cache_dir, use_cache, show_rulings, release))


class ExportFormat(str, Enum):
    json = "json"
    act_yaml = "act-yaml"
    extra_yaml = "extra-yaml"


def export(
    root: RootOption = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help=_(
        "Write to FILE instead of stdout (json, extra-yaml); the folder to write act.yaml, act-frame.yaml and frame.yaml into (act-yaml)."))] = None,
    export_format: Annotated[ExportFormat, typer.Option("--format", help=_(
        "json: one JSON document (schema/export.schema.json); act-yaml: upstream's action-list files; extra-yaml: upstream's "
        "trump file, extra.yaml (toolchain/upstream)."))] = ExportFormat.json,
) -> None:
    """`bp export` (EXPORT_HELP)."""
    from ..export import export_json
    from ..site.outputs import OutputError, output_file, write_file

    if export_format is ExportFormat.act_yaml:
        _export_act_yaml(root, output)
        return
    try:
        if output is not None:
            output_file(output)  # refuse a directory before the work
    except OutputError as exc:
        fail("export", str(exc), 2)
    root_path = resolve_root(root)
    checked = load_clean(root_path, "export")
    if export_format is ExportFormat.extra_yaml:  # what an import kept beside the definitions gives upstream's words back
        from ..upstream.imported_files import upstream_kept
        from ..upstream.trump_export import export_extra_yaml

        text, left_out = export_extra_yaml(checked.definitions, upstream_kept(root_path))
        for trump in left_out:
            typer.echo("bp export: " + _("the trump {name!r} is on no one card ({keycards}): a trump file has no place for "
                                         "it, left out").format(name=trump.name, keycards=trump.keycards), err=True)
    else:
        text = export_json(checked.definitions)
    if output is None:
        sys.stdout.write(text)
        return
    into_stdout = _is_stdout(output)  # before writing: a file written anew is another file
    try:
        write_file(output, text.encode("utf-8"))
    except OutputError as exc:
        fail("export", str(exc), 2)
    if not into_stdout:  # said as bp actionlist says it; into stdout, nothing may follow the data
        typer.echo(_("wrote {files}").format(files=output))


def _is_stdout(path: Path) -> bool:
    """Whether `path` is this process's standard output (`-o /dev/stdout`)."""
    try:
        target, stdout = os.stat(path.expanduser()), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError):  # no such file yet, or a stdout with no descriptor
        return False
    return (target.st_dev, target.st_ino) == (stdout.st_dev, stdout.st_ino)


ACT_YAML_KIND = "act-yaml"  # the marker of a folder bp export --format act-yaml made (site/outputs.py)


def _export_act_yaml(root: Path | None, output: Path | None) -> None:
    """upstream's three files into a new or empty folder (or one an earlier export made)."""
    from ..site.outputs import OutputError, check_target, publishing
    from ..upstream.exporter import export_act_yaml
    from ..upstream.imported_files import upstream_kept

    if output is None:
        fail("export", _("--format act-yaml writes three files: name their folder with -o"), 2)
    root_path = resolve_root(root)
    try:
        target = check_target(output, root_path, ACT_YAML_KIND)
    except OutputError as exc:
        fail("export", str(exc), 2)
    checked = load_clean(root_path, "export")
    files = export_act_yaml(checked.definitions, upstream_kept(root_path))
    try:
        with publishing(target, ACT_YAML_KIND) as staging:
            for name, text in files.items():
                (staging / name).write_text(text, encoding="utf-8")
    except (OutputError, OSError) as exc:
        fail("export", str(exc), 2)
    typer.echo(_("{target}: {files}").format(target=output, files=", ".join(files)))


def codes() -> None:
    """`bp codes` (CODES_HELP): each code, its name (as JSON and GitHub name it) and what it means, translated."""
    for code in CODES.values():
        typer.echo(f"{code.code}  {code.name:22} {_(code.summary)}")
