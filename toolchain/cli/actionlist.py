"""`bp actionlist`: build the action lists, or one list of a format and frame as a PDF or HTML."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _, system_reason
from .common import RootOption, fail, load_clean, resolve_root

TREE = "actionlist"  # the marker kind of a directory `bp actionlist --out` writes

HELP = _("""Build the action lists (HTML and PDF, from the definitions), or one format + frame list with --pdf/--html.

Without --pdf or --html, every list is built into build/site/actionlist: html/all.html (with the filters), html/<format>.html and html/<format>-<frame>.html (each regulation of table 3.1), pdf/blackpoker-<format>.pdf, pdf/blackpoker-<format>-<frame>.pdf, pdf/blackpoker-all.pdf and each one's -2up.pdf.

Exit 0 built, 1 definitions or rendering errors (a missing glyph), 2 usage errors: an unknown format or frame, a format + frame that table 3.1 does not allow, a file that cannot be written.""")


def actionlist(
    root: RootOption = None,
    format_key: Annotated[Optional[str], typer.Option("--format", help=_("lite, standard, pro, master (or ライト, プロ, …)."), show_default=False)] = None,
    frame_key: Annotated[
        Optional[str], typer.Option("--frame", help=_("entry20, pack, rare-pack, strategy, extra (or ストラテジー, …), all or none."), show_default=False)
    ] = None,
    pdf: Annotated[Optional[Path], typer.Option("--pdf", help=_("Write that one list as an A5 PDF."), show_default=False)] = None,
    html: Annotated[Optional[Path], typer.Option("--html", help=_("Write that one list as a static HTML page."), show_default=False)] = None,
    out: Annotated[
        Optional[Path],
        typer.Option("--out", help=_("Build every list into this directory (new, empty, or made by bp actionlist). Default: the actionlist/ of ROOT/build/site.")),
    ] = None,
) -> None:
    """`bp actionlist` (HELP)."""
    from ..actionlist.selection import SelectionError, select
    from ..site.outputs import OutputError, check_target, output_file
    from ..site.pipeline import check_site

    root_path = resolve_root(root)
    if (format_key or frame_key) and not (pdf or html):
        fail("actionlist", _("--format and --frame choose the list of --pdf FILE or --html FILE"), 2)
    if out and (pdf or html):
        fail("actionlist", _("--out builds every list; --pdf and --html write one list"), 2)
    try:
        files = {target: output_file(target) for target in (pdf, html) if target}
        tree = check_target(out, root_path, TREE) if out else None
        if not (out or pdf or html):
            check_site(None, root_path)
    except OutputError as exc:
        fail("actionlist", str(exc), 2)
    checked = load_clean(root_path, "actionlist")
    defs = checked.definitions
    try:
        selection = select(defs, format_key, frame_key)
    except SelectionError as exc:
        fail("actionlist", str(exc), 2)
    # The renderer (Jinja2, WeasyPrint, pikepdf) loads only now: `bp check` never needs it.
    from ..actionlist.glyphs import MissingGlyphError
    from ..actionlist.site import build_actionlists, write_one
    from ..site.outputs import publishing, replacing
    from .buildrun import site_build

    log = lambda message: typer.echo(f"  {message}", err=True)
    try:
        if pdf or html:
            # Written beside the targets and renamed into place once everything rendered.
            with replacing(files.values()) as temporary:
                write_one(root_path, defs, selection, pdf=temporary.get(files.get(pdf)), html=temporary.get(files.get(html)))
            typer.echo(_("wrote {files}").format(files=", ".join(str(p) for p in (pdf, html) if p)))
        elif tree is not None:
            with publishing(tree, TREE, log) as work:  # the same atomic swap as `bp build`
                build_actionlists(root_path, defs, work, log=log)
            typer.echo(_("built {path}").format(path=out))
        else:
            report = site_build("actionlist", root_path, only=["actionlist"], checked=checked)
            if isinstance(report, int):
                raise typer.Exit(report)
            typer.echo(_("built {path}").format(path=report.target / "actionlist"))
    except MissingGlyphError as exc:
        fail("actionlist", str(exc), 1)
    except OutputError as exc:
        fail("actionlist", str(exc), 2)
    except OSError as exc:
        fail("actionlist", _("cannot write {path}: {reason}").format(path=exc.filename or pdf or html or out, reason=system_reason(exc)), 2)
