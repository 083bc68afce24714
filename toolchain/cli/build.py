"""`bp build`: check, then every output into the site: incremental, in parallel, all at once or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _
from ..site.pipeline import MAX_WORKERS_PER_CORE, ONLY_NAMES
from .buildrun import ReportFormat, build_command
from .common import RootOption

HELP = _("""Check, then build every output into build/site (atomically: all or nothing).

Incremental: outputs whose sources did not change are kept; when no input file changed, nothing is loaded at all. A file saved while the build reads it makes what was built from it stale: the next build makes it again.

--out must be new, empty, or made by bp: a directory holding other files is refused (exit 2). Ctrl-C stops it (exit 130) with nothing published.""")
JOBS_HELP = _("Processes rendering in parallel (default: the number of cores; at most {count} per core).").format(count=MAX_WORKERS_PER_CORE)
CACHE_HELP = _("Where the rulebook's Sphinx environment and PDF parts are kept between builds (default: ROOT/build/cache/rulebook): "
               "new, empty, or a cache bp made.")
ONLY_HELP = _("Build only these outputs (repeatable): {outputs}. The rest of the site is kept.").format(outputs=", ".join(ONLY_NAMES))


def build(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help=_("Output directory (default: ROOT/build/site)."))] = None,
    only: Annotated[Optional[list[str]], typer.Option("--only", metavar="OUTPUT", help=ONLY_HELP)] = None,
    cache: Annotated[Optional[Path], typer.Option("--cache", help=CACHE_HELP)] = None,
    jobs: Annotated[Optional[int], typer.Option("-j", "--jobs", min=1, help=JOBS_HELP)] = None,
    report_format: Annotated[ReportFormat, typer.Option("--format", help=_("The report: text or json."))] = ReportFormat.text,
    base_url: Annotated[Optional[str], typer.Option("--base-url", help=_(
        "The site's public address, printed (with QR codes) on the action-list leaflets. Default: edition.url of definitions/rules.yaml."))] = None,
    print_shop: Annotated[bool, typer.Option("--print-shop", help=_(
        "Also the rulebook for a print shop, blackpoker_print-shop.pdf: A5 with 3 mm bleed (the cover's background reaches it), "
        "crop marks, TrimBox and BleedBox."))] = False,
) -> None:
    """`bp build` (HELP)."""
    raise typer.Exit(build_command(root, report_format, out=out, only=only, cache=cache, jobs=jobs, base_url=base_url,
                                   print_shop=print_shop))
