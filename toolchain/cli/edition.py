"""`bp edition new`: start the next edition (diff/new_edition.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import _
from .common import RootOption, fail, resolve_root

app = typer.Typer(help=_("Editions of the rules: start the next one."), no_args_is_help=True, add_completion=False)

NEW_HELP = _("""Start the next edition: rules.yaml's edition gets the id and name, docs/ the edition's section of the 変更履歴 chapter from `bp diff --format rst` of the last tag. Exit 0 started, 2 refused (nothing written).""")


@app.command("new", help=NEW_HELP)
def new(
    edition: Annotated[str, typer.Argument(help=_("The new edition's id, later than the current one (v9.0)."), show_default=False)],
    name: Annotated[str, typer.Option("--name", help=_("Its name as the rulebook prints it (第9.0版)."), show_default=False)],
    root: RootOption = None,
) -> None:
    """`bp edition new` (NEW_HELP)."""
    from ..diff.new_edition import EditionError, start_edition

    try:
        started = start_edition(resolve_root(root), edition, name)
    except EditionError as exc:
        fail("edition", str(exc), 2)
    said = {"previous": started.previous, "edition": started.edition, "name": started.name, "release": started.release,
            "history": started.history, "tag": started.tag}
    typer.echo(_("definitions/rules.yaml: edition {previous} → {edition} ({name}); its release is still {release}: set it "
                 "when the edition is released").format(**said))
    typer.echo(_("{history}: the 変更履歴 of {name} opened, from bp diff {tag} --format rst; write it again from "
                 "`bp diff {tag} --format rst` before the release").format(**said))
    typer.echo(_("next: the changes of {name}, each with {edition} in its updated (bp check --since {tag})").format(**said))
