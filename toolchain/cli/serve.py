"""`bp serve`: the site on localhost, rebuilt (HTML first, then the PDFs) whenever a source file is saved."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _
from .common import RootOption, fail, resolve_root

HELP = _("""Serve the site and rebuild it on every save of definitions/, docs/, templates/ or schema/.

The HTML is rebuilt and published first (open pages reload themselves), then the PDFs. Findings are printed and shown over the page while the last good site is still served. Ctrl-C stops.

A site of several editions (site.editions in rules.yaml) is served whole; a save rebuilds the edition it belongs to.""")


def serve(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help=_("The site directory (default: ROOT/build/site)."))] = None,
    host: Annotated[str, typer.Option("--host", help=_("The address to listen on (localhost only by default)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help=_("The port (0: any free port)."))] = 8000,
    pdf: Annotated[bool, typer.Option("--pdf/--no-pdf", help=_("Rebuild the PDFs too, in the background after the HTML."))] = True,
    jobs: Annotated[Optional[int], typer.Option("-j", "--jobs", min=1, help=_("Processes rendering PDFs (default: cores)."))] = None,
    cache: Annotated[Optional[Path], typer.Option("--cache", help=_("The rulebook's cache (default: ROOT/build/cache/rulebook)."))] = None,
    idle_timeout: Annotated[int, typer.Option("--idle-timeout", min=1, help=_(
        "Seconds a connection may stay silent before it is closed."))] = 10,  # live_server.CONNECTION_TIMEOUT
) -> None:
    """`bp serve` (HELP)."""
    from ..site.live_server import serve as run
    from ..site.outputs import OutputError

    root_path = resolve_root(root)

    def ready(url: str) -> None:
        typer.echo(_("serving {url} (Ctrl-C to stop)").format(url=url), err=True)

    try:
        run(root_path, out, host, port, pdf=pdf, log=lambda message: typer.echo(message, err=True), jobs=jobs, cache=cache,
            ready=ready, idle_timeout=idle_timeout)
    except OutputError as exc:
        fail("serve", str(exc), 2)
    typer.echo(_("stopped"), err=True)
