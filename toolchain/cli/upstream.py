"""`bp import`: upstream's action-list YAML into a new rules repository (toolchain/upstream)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import _, ngettext
from .common import fail

HELP = _("""Read upstream's action-list files (act.yaml, act-frame.yaml, extra.yaml and the v5-, v6-, v7- files) into a new rules repository: every entry a definition, with a text-only reading until its program is written. Exit 0 imported (warnings printed), 1 findings (nothing written), 2 usage or I/O error.""")

IMPORT_KIND = "import"  # the marker of a folder bp import made (site/outputs.py)


def _default_vocabulary() -> Path:
    """This project's own definitions: the edition the toolchain ships."""
    return Path(__file__).resolve().parents[2]


def import_(
    files: Annotated[list[Path], typer.Argument(help=_("Upstream's files, act.yaml before act-frame.yaml."), show_default=False)],
    into: Annotated[Path, typer.Option("--into", help=_("The new rules repository: a new or empty folder."), show_default=False)],
    rules: Annotated[Path | None, typer.Option(
        "--rules", help=_("The rules repository whose rules.yaml names the vocabularies (default: this toolchain's own)."),
        show_default=False)] = None,
    history: Annotated[list[str] | None, typer.Option(
        "--history", metavar="EDITION=FILE",
        help=_("An earlier edition's upstream file (v6.0=v6-act.yaml), once for each: every entry's since is held to them."),
        show_default=False)] = None,
    names: Annotated[Path | None, typer.Option(
        "--names", help=_("A YAML file naming the ids of upstream's words no vocabulary has (categories: {レアカード操作: pack})."),
        show_default=False)] = None,
) -> None:
    """`bp import` (HELP)."""
    from ..site.outputs import OutputError, check_target, publishing
    from ..upstream.imported_files import import_files, repository_files
    from ..upstream.vocabulary import VocabularyError

    vocabulary_root = rules or _default_vocabulary()
    missing = [path for path in files if not path.is_file()]
    if missing:
        fail("import", _("{path}: no such file").format(path=missing[0]), 2)
    editions = [given.split("=", 1) for given in history or []]
    if any(len(edition) != 2 or not Path(edition[1]).is_file() for edition in editions):
        fail("import", _("--history takes EDITION=FILE, an edition and its upstream file (v6.0=v6-act.yaml)"), 2)
    try:
        target = check_target(into, vocabulary_root, IMPORT_KIND)
        imported = import_files(files, vocabulary_root, names, history=[(edition, Path(file)) for edition, file in editions])
    except (OutputError, VocabularyError) as exc:
        fail("import", str(exc), 2)
    for finding in imported.findings:
        typer.echo(finding.text(), err=True)
    if imported.failed:
        fail("import", _("nothing written: correct the errors above (or name the words in --names)"), 1)
    try:
        files_out = repository_files(imported, vocabulary_root, names)
        with publishing(target, IMPORT_KIND) as staging:
            for relative, data in files_out.items():
                path = staging / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    except (OutputError, VocabularyError, OSError) as exc:
        fail("import", str(exc), 2)
    counts = {"actions": len(imported.actions), "frame_actions": len(imported.frame_actions),
              "characters": len(imported.characters) + len(imported.frame_characters), "fog": len(imported.fog)}
    typer.echo(ngettext("{target}: {actions} action, {frame_actions} frame actions, {characters} characters, {fog} fog entries imported",
                        "{target}: {actions} actions, {frame_actions} frame actions, {characters} characters, {fog} fog entries imported",
                        counts["actions"]).format(target=into, **counts))
    if imported.trumps:
        typer.echo(ngettext("{target}: {count} trump imported", "{target}: {count} trumps imported",
                            len(imported.trumps)).format(target=into, count=len(imported.trumps)))
    typer.echo(_("next: bp check --root {target} --readings lists what is left to write (each entry's program)").format(target=into))
