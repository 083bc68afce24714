"""`bp play`: the playtest table, a local web page on which the working tree's rules are played."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import _, cannot_serve, ngettext
from .common import RootOption, fail, resolve_root

HELP = _("""Play the rules of the working tree in the browser: against the policy agent, or two people at one screen.

The page offers every decision of the game to the seat that decides, with what that seat may see; it keeps undo, positions set up in the examples' notation, transcripts (saved under build/play/, stepped through), and 「この局面を例にする」. On every save of definitions/ or schema/ the page offers to restart with the new rules (or shows the findings). Ctrl-C or SIGTERM stops it.""")


def play(
    root: RootOption = None,
    host: Annotated[str, typer.Option("--host", help=_("The address to listen on (localhost only by default)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help=_("The port (0: any free port)."))] = 8001,
    regulation: Annotated[Optional[str], typer.Option(
        "--regulation", help=_("The first game's regulation, format + frame (e.g. 'lite + entry20', 'マスター + エクストラ')."))] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", min=0, help=_("The first game's seed."))] = None,
    edition: Annotated[Optional[str], typer.Option("--edition", help=_(
        "Play this edition of the site (its id, e.g. v8.1): the repository itself or one its rules.yaml names under site.editions."))] = None,
    idle_timeout: Annotated[int, typer.Option("--idle-timeout", min=1, help=_(
        "Seconds a connection may stay silent before it is closed."))] = 10,  # live_server.CONNECTION_TIMEOUT
) -> None:
    """`bp play` (HELP)."""
    from ..play.server import HostRefused, RulesDoNotCheck, UnknownRegulation, serve

    root_path = resolve_root(root)
    if edition is not None:
        from ..site.editions import EditionsError, find_edition

        try:
            root_path = find_edition(root_path, edition).root
        except EditionsError as exc:
            fail("play", str(exc), 2)

    def ready(url: str) -> None:
        typer.echo(_("playing on {url} (Ctrl-C to stop)").format(url=url), err=True)

    try:
        serve(root_path, host, port, log=lambda message: typer.echo(message, err=True), ready=ready, regulation=regulation, seed=seed,
              idle_timeout=idle_timeout)
    except RulesDoNotCheck as exc:
        for line in exc.findings:
            typer.echo(line, err=True)
        count = len(exc.findings)
        fail("play", ngettext("{count} finding: fix it first (bp check)", "{count} findings: fix them first (bp check)", count).format(count=count), 1)
    except (UnknownRegulation, HostRefused) as exc:
        fail("play", str(exc), 2)
    except OSError as exc:
        fail("play", cannot_serve(host, port, exc), 2)
    typer.echo(_("stopped"), err=True)
