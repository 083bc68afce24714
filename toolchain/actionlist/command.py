"""`bp actionlist`: build the action lists, or one list of a format and frame as a PDF or HTML."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer

from .. import model as m
from ..cli import RootOption, load_checked, resolve_root, summary_line
from .selection import Selection, SelectionError, select


def actionlist(
    root: RootOption = None,
    format_key: Annotated[Optional[str], typer.Option("--format", help="lite, standard, pro, master (or ライト, プロ, …).", show_default=False)] = None,
    frame_key: Annotated[
        Optional[str], typer.Option("--frame", help="entry20, pack, rare-pack, strategy, extra (or ストラテジー, …), all or none.", show_default=False)
    ] = None,
    pdf: Annotated[Optional[Path], typer.Option("--pdf", help="Write that one list as an A5 PDF.", show_default=False)] = None,
    html: Annotated[Optional[Path], typer.Option("--html", help="Write that one list as a static HTML page.", show_default=False)] = None,
    out: Annotated[
        Optional[Path],
        typer.Option("--out", help="Build every list into this directory (new, empty, or made by bp actionlist). Default: the actionlist/ of ROOT/build/site."),
    ] = None,
) -> None:
    """Build the action lists (HTML and PDF, from the definitions), or one format + frame list with --pdf/--html.

    Without --pdf or --html, every list is built into build/site/actionlist: html/all.html (with the filters), html/<format>.html, pdf/blackpoker-<format>.pdf, pdf/blackpoker-all.pdf and each one's -2up.pdf.

    Exit 0 built, 1 definitions or rendering errors (a missing glyph), 2 usage errors: an unknown format or frame, a format + frame that table 3.1 does not allow, a file that cannot be written."""
    root_path = resolve_root(root)
    if (format_key or frame_key) and not (pdf or html):
        _fail("--format and --frame choose the list of --pdf FILE or --html FILE", 2)
    if out and (pdf or html):
        _fail("--out builds every list; --pdf and --html write one list", 2)
    from ..build import check_site
    from ..publish import OutputError, check_target, output_file

    try:
        files = {target: output_file(target) for target in (pdf, html) if target}
        tree = check_target(out, root_path, TREE) if out else None
        if not (out or pdf or html):
            check_site(None, root_path)
    except OutputError as exc:
        _fail(str(exc), 2)
    result, findings = load_checked(root_path)
    if findings:
        for finding in findings:
            typer.echo(finding.text(), err=True)
        typer.echo(summary_line(result.definitions.counts(), findings), err=True)
        _fail("fix the definitions first (bp check)", 1)
    defs = result.definitions
    try:
        selection = select(defs, format_key, frame_key)
    except SelectionError as exc:
        _fail(str(exc), 2)
    # The renderer (Jinja2, pypdf, WeasyPrint) loads only now: `bp check` never needs it.
    from ..build import BuildError
    from .glyphs import MissingGlyphError

    log = lambda message: typer.echo(f"  {message}", err=True)  # noqa: E731
    try:
        if pdf or html:
            _write_files(root_path, defs, selection, files.get(pdf), files.get(html))
            typer.echo(f"wrote {', '.join(str(p) for p in (pdf, html) if p)}")
        elif tree is not None:
            _build_tree(root_path, defs, tree, log)
            typer.echo(f"built {out}")
        else:
            from ..build import build_site

            site = build_site(root_path, defs, None, log, only=["actionlist"])
            typer.echo(f"built {site / 'actionlist'}")
    except (MissingGlyphError, BuildError) as exc:
        _fail(str(exc), 1)
    except OutputError as exc:
        _fail(str(exc), 2)
    except OSError as exc:
        _fail(f"cannot write {exc.filename or pdf or html or out}: {exc.strerror or exc}", 2)


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"bp actionlist: {message}", err=True)
    raise typer.Exit(code)


def _write_files(root: Path, defs: m.Definitions, selection: Selection, pdf: Path | None, html: Path | None) -> None:
    from ..publish import file_mode
    from .site import write_one
    from .view import build_view

    # Each file is written beside its target under a temporary name and renamed into place
    # once everything rendered: a failure leaves the previous files as they were.
    temporary = {target: _temporary_beside(target) for target in (pdf, html) if target}
    try:
        write_one(root, defs, build_view(defs), selection, pdf=temporary.get(pdf), html=temporary.get(html))
        for target, tmp in temporary.items():
            tmp.chmod(file_mode())
            tmp.replace(target)
    finally:
        for tmp in temporary.values():
            tmp.unlink(missing_ok=True)


def _temporary_beside(target: Path) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    return Path(name)


TREE = "actionlist"  # the marker kind of a directory `bp actionlist --out` writes


def _build_tree(root: Path, defs: m.Definitions, target: Path, log) -> None:  # noqa: ANN001
    from ..publish import publishing
    from .site import build_actionlists

    with publishing(target, TREE, log) as work:  # the same atomic swap as `bp build`
        build_actionlists(root, defs, work, log=log)
