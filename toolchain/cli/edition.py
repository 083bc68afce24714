"""`bp edition new`: start the next edition (diff/new_edition.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import RootOption, fail, resolve_root

app = typer.Typer(help="Editions of the rules: start the next one.", no_args_is_help=True, add_completion=False)


@app.command("new")
def new(
    edition: Annotated[str, typer.Argument(help="The new edition's id, later than the current one (v9.0).", show_default=False)],
    name: Annotated[str, typer.Option("--name", help="Its name as the rulebook prints it (第9.0版).", show_default=False)],
    root: RootOption = None,
) -> None:
    """Start the next edition: rules.yaml's edition gets the id and name, docs/ the edition's section of the 変更履歴
    chapter from `bp diff --format rst` of the last tag. Exit 0 started, 2 refused (nothing written)."""
    from ..diff.new_edition import EditionError, start_edition

    try:
        started = start_edition(resolve_root(root), edition, name)
    except EditionError as exc:
        fail("edition", str(exc), 2)
    typer.echo(f"definitions/rules.yaml: edition {started.previous} → {started.edition} ({started.name}); "
               f"its release is still {started.release}: set it when the edition is released")
    typer.echo(f"{started.history}: the 変更履歴 of {started.name} opened, from bp diff {started.tag} --format rst; "
               f"write it again from `bp diff {started.tag} --format rst` before the release")
    typer.echo(f"next: the changes of {started.name}, each with {started.edition} in its updated (bp check --since {started.tag})")
