"""`bp rulebook`: build the rulebook (HTML, A5 PDF, booklet) into the site, or only its HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..cli import RootOption, app, load_checked, resolve_root, summary_line


@app.command("rulebook")
def rulebook(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="The site directory (default: ROOT/build/site).")] = None,
    html_only: Annotated[bool, typer.Option("--html-only", help="Build only the HTML (the fast loop while writing).")] = False,
    cache: Annotated[Optional[Path], typer.Option("--cache", help="Sphinx's cache (default: ROOT/build/cache/rulebook).")] = None,
) -> None:
    """Build the rulebook from docs/ and the definitions: SITE/rulebook/index.html, SITE/blackpoker.pdf (A5) and SITE/blackpoker_a5-booklet.pdf (A5 pages two per A4 side, saddle-stitch order).

    Sphinx runs with warnings as errors and keeps its cache in ROOT/build/cache/rulebook, so a second build re-reads only the pages whose sources or definitions changed.

    Exit 0 built, 1 definitions or Sphinx errors."""
    from ..build import SITE, check_site
    from ..publish import OutputError, carry_over, owned_by, publishing
    from .build import HTML_DIR, OUTPUTS, RulebookError, build_rulebook, build_rulebook_html, default_cache

    root_path = resolve_root(root)
    try:
        target = site = check_site(out, root_path)
    except OutputError as exc:
        typer.echo(f"bp rulebook: {exc}", err=True)
        raise typer.Exit(2) from exc
    result, findings = load_checked(root_path)
    if findings:
        for finding in findings:
            typer.echo(finding.text(), err=True)
        typer.echo(summary_line(result.definitions.counts(), findings), err=True)
        raise typer.Exit(1)
    cache = cache or default_cache(root_path)
    log = lambda message: typer.echo(message, err=True)  # noqa: E731
    try:
        with publishing(target, SITE, log) as work:
            if html_only:
                build_rulebook_html(root_path, work, cache=cache, log=log, definitions=result.definitions)
                carry_over(target, work, owned_by([HTML_DIR]))
            else:
                timings = build_rulebook(root_path, work, cache=cache, log=log, definitions=result.definitions)
                carry_over(target, work, owned_by(OUTPUTS))
    except RulebookError as exc:
        typer.echo(f"bp rulebook: {exc}", err=True)
        raise typer.Exit(1) from exc
    except OSError as exc:
        typer.echo(f"bp rulebook: cannot write {exc.filename or site}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from exc
    if html_only:
        typer.echo(f"built {site / HTML_DIR / 'index.html'}")
        return
    typer.echo("built " + ", ".join(f"{step} {seconds:.1f} s" for step, seconds in timings.steps.items()))
