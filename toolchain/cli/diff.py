"""`bp diff [REV] [REV2]`: the rules change between two revisions, by id, and the outputs it reaches.
A report: exit 0 with or without differences, 2 for an unknown revision or no git repository."""

from __future__ import annotations

import contextlib
import enum
import json
import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..diagnostics import printable
from ..i18n import _, english_unless_chosen
from .common import RootOption, fail, resolve_root

if TYPE_CHECKING:
    from ..diff.history_editions import PastDiff

HELP = _("""Show what changed in the rules between REV and REV2 (default: the last tag against the working tree): definitions added, removed, renamed and changed field by field, regulations, outputs, and history (BP029). REV or REV2 may name an edition of the history of the rules (v6.0, history/): the entries that entered and left between them, as far as its record holds them.""")


class DiffFormat(str, enum.Enum):
    text = "text"
    md = "md"
    json = "json"
    rst = "rst"


class Color(str, enum.Enum):
    auto = "auto"
    always = "always"
    never = "never"


def _colored(choice: Color) -> bool:
    if choice is Color.auto:
        return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    return choice is Color.always


def diff(
    rev: Annotated[str | None, typer.Argument(help=_("The older revision or edition of the history (default: the last tag, else HEAD)."), show_default=False)] = None,
    rev2: Annotated[str | None, typer.Argument(help=_("The newer revision or edition of the history (default: the working tree)."), show_default=False)] = None,
    root: RootOption = None,
    output_format: Annotated[DiffFormat, typer.Option("--format", help=_("text (terminal), md (a pull-request comment), json, or rst (the 変更履歴 chapter)."))] = DiffFormat.text,
    color: Annotated[Color, typer.Option("--color", help=_("Colours in text: auto (when stdout is a terminal), always, never."))] = Color.auto,
    pages: Annotated[bool, typer.Option("--pages", help=_("Also render the changed action-list PDFs of both revisions and compare their page counts (slower)."))] = False,
) -> None:
    """`bp diff` (HELP)."""
    from ..diff import RevisionError, diff_revisions
    from ..diff.history_editions import diff_past
    from ..diff.render import markdown, rst, text

    root_path = resolve_root(root)
    # json is read by programs and rst is the rulebook's text: their findings and notes are English unless --lang chose
    kept = english_unless_chosen() if output_format in (DiffFormat.json, DiffFormat.rst) else contextlib.nullcontext()
    with kept:
        try:
            past = diff_past(root_path, rev, rev2)
        except RevisionError as exc:
            fail("diff", str(exc), 2)
        if past is not None:
            _past(past, output_format, pages)
            return
        try:
            # the 変更履歴's rst prints neither the site's files nor the rulebook's sections a change reaches
            report = diff_revisions(root_path, rev, rev2, pages=pages, outputs=output_format is not DiffFormat.rst)
        except RevisionError as exc:
            fail("diff", str(exc), 2)
        if output_format is DiffFormat.json:
            sys.stdout.write(json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n")
        elif output_format is DiffFormat.md:
            sys.stdout.write(markdown.render(report))
        elif output_format is DiffFormat.rst:
            sys.stdout.write(rst.render(report))
            for note in report.skipped:  # what was not compared has no place in the 変更履歴 itself
                typer.echo(printable(f"bp diff: {note}"), err=True)
        else:
            sys.stdout.write(text.render(report, color=_colored(color)))


def _past(report: PastDiff, output_format: DiffFormat, pages: bool) -> None:
    """Two editions of the history: what their records hold, in text, md or json."""
    from ..diff.render import history_report

    if output_format is DiffFormat.rst:
        fail("diff", _("--format rst writes the rulebook's 変更履歴 from two revisions: an edition of the history has no "
                       "rulebook to compare (use text, md or json)"), 2)
    if pages:
        fail("diff", _("--pages compares the action lists of two revisions: an edition of the history has none"), 2)
    if output_format is DiffFormat.json:
        sys.stdout.write(json.dumps(report.as_dict(), ensure_ascii=False, indent=2) + "\n")
    elif output_format is DiffFormat.md:
        sys.stdout.write(history_report.markdown(report))
    else:
        sys.stdout.write(history_report.text(report))
