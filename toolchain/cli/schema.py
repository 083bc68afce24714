"""`bp schema`: the schemas for editors, with the edition's vocabularies as enums (model/editor_schemas.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _, system_reason
from .common import RootOption, fail, resolve_root

HELP = _("""Write the schemas for editors: the shapes bp checks, with the ids of this edition's vocabularies (rules.yaml) and definitions as enums, so that an editor completes them. Run it again after changing a vocabulary. Exit 0 written, 1 rules.yaml has errors, 2 a folder that cannot be written.""")


def schema(
    root: RootOption = None,
    out: Annotated[
        Optional[Path],
        typer.Option("--out", help=_("The folder to write (default: schema/ of the rules repository, where the definitions' $schema lines point)."),
                     show_default=False),
    ] = None,
) -> None:
    """`bp schema` (HELP)."""
    from ..model.editor_schemas import editor_schemas
    from ..model.loader import load_definitions
    from ..model.repository import RepositoryError
    from ..site.outputs import OutputError, check_target, publishing

    root_path = resolve_root(root)
    target = out if out is not None else root_path / "schema"
    try:
        real = check_target(target, root_path, "schema")
        loaded = load_definitions(root_path)
    except (OutputError, RepositoryError) as exc:
        fail("schema", str(exc), 2)
    schemas = editor_schemas(loaded.definitions)
    if not schemas:
        for finding in loaded.diagnostics:
            if finding.location.path.endswith("rules.yaml"):
                typer.echo(finding.text(), err=True)
        fail("schema", _("rules.yaml does not load, so its vocabularies are unknown; fix it first (bp check)"), 1)
    try:
        with publishing(real, "schema") as staging:
            for name, document in schemas.items():
                (staging / name).write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        fail("schema", _("cannot write {target}: {reason}").format(target=target, reason=system_reason(exc)), 2)
    edition = loaded.definitions.rules.edition.get("name", "") if loaded.definitions.rules else ""
    typer.echo(_("wrote {count} schemas into {target}, with the vocabularies of {edition} (rules.yaml) for editors").format(
        count=len(schemas), target=target, edition=edition))
