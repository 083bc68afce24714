"""`bp build`: check, then every output into the site: incremental, in parallel, all at once or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .buildrun import ReportFormat, build_planned, print_report
from .common import RootOption, fail, resolve_root
from .noop import up_to_date_line


JOBS_HELP = "Processes rendering in parallel (default: the number of cores)."
CACHE_HELP = "Where the rulebook's Sphinx environment and PDF parts are kept between builds (default: ROOT/build/cache/rulebook): new, empty, or a cache bp made."


def build(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Output directory (default: ROOT/build/site).")] = None,
    only: Annotated[
        Optional[list[str]],
        typer.Option("--only", metavar="OUTPUT", help="Build only these outputs (repeatable): definitions.json, actionlist, rulebook, html, pdf, "
                     "actionlist-html, actionlist-pdf, rulebook-html, rulebook-pdf. The rest of the site is kept."),
    ] = None,
    cache: Annotated[Optional[Path], typer.Option("--cache", help=CACHE_HELP)] = None,
    jobs: Annotated[Optional[int], typer.Option("-j", "--jobs", min=1, help=JOBS_HELP)] = None,
    report_format: Annotated[ReportFormat, typer.Option("--format", help="The report: text or json.")] = ReportFormat.text,
    base_url: Annotated[Optional[str], typer.Option("--base-url", help="The site's public address, printed (with QR codes) on the "
                                                    "action-list leaflets. Default: edition.url of definitions/rules.yaml.")] = None,
    print_shop: Annotated[bool, typer.Option("--print-shop", help="Also the rulebook for a print shop, blackpoker_print-shop.pdf: "
                                             "A5 with 3 mm bleed (the cover's background reaches it), crop marks, TrimBox and BleedBox.")] = False,
) -> None:
    """Check, then build every output into build/site (atomically: all or nothing).

    Incremental: outputs whose sources did not change are kept; when no input file changed, nothing is loaded at all.

    --out must be new, empty, or made by bp: a directory holding other files is refused (exit 2)."""
    from ..site.build import BuildReport, plan_build
    from ..site.outputs import OutputError

    root_path = resolve_root(root)
    try:
        if base_url is not None and not base_url.startswith(("https://", "http://")):
            raise OutputError(f"--base-url {base_url!r} is not an absolute http(s) address: printed links must be absolute")
        plan = plan_build(root_path, out, only, cache, base_url, print_shop)  # refuse a wrong --only or --out before the work
    except OutputError as exc:
        fail("build", str(exc), 2)
    if plan.up_to_date and plan.settle(lambda message: typer.echo(f"  {message}", err=True)):
        report = BuildReport(plan.target, up_to_date=True)
        report.kept = sorted(path for step in plan.previous.steps.values() for path in step.files)
        print_report(report, report_format, up_to_date_line(plan))
        return
    build_planned(plan, jobs, report_format)
