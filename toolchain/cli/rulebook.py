"""`bp rulebook`: build the rulebook (HTML, A5 PDF, booklet) into the site, or only its HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _
from .common import RootOption, resolve_root

HELP = _("""Build the rulebook from docs/ and the definitions: SITE/rulebook/index.html, SITE/blackpoker.pdf (A5) and SITE/blackpoker_a5-booklet.pdf (A5 pages two per A4 side, saddle-stitch order).

Sphinx runs with warnings as errors and keeps its cache in ROOT/build/cache/rulebook, so a second build re-reads only the pages whose sources or definitions changed.

Exit 0 built, 1 definitions or Sphinx errors, 2 a directory that cannot be written (--out, --cache), 130 Ctrl-C.""")


def rulebook(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help=_("The site directory (default: ROOT/build/site)."))] = None,
    html_only: Annotated[bool, typer.Option("--html-only", help=_("Build only the HTML (the fast loop while writing)."))] = False,
    cache: Annotated[
        Optional[Path],
        typer.Option("--cache", help=_("Sphinx's cache (default: ROOT/build/cache/rulebook): new, empty, or a cache bp made.")),
    ] = None,
) -> None:
    """`bp rulebook` (HELP)."""
    from .buildrun import site_build

    report = site_build("rulebook", resolve_root(root), out=out, only=["rulebook-html" if html_only else "rulebook"], cache=cache)
    if isinstance(report, int):
        raise typer.Exit(report)
    typer.echo(_("built {path}").format(path=report.target / "rulebook" / "index.html" if html_only else report.target))
