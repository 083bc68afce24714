"""`bp build`: check, then every output into the site: incremental, in parallel, all at once or not at all."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RootOption, fail, load_clean, resolve_root
from .noop import up_to_date_line


JOBS_HELP = "Processes rendering in parallel (default: the number of cores)."
CACHE_HELP = "Where the rulebook's Sphinx environment and PDF parts are kept between builds (default: ROOT/build/cache/rulebook): new, empty, or a cache bp made."


class ReportFormat(str, enum.Enum):
    text = "text"
    json = "json"


def build(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Output directory (default: ROOT/build/site).")] = None,
    only: Annotated[
        Optional[list[str]],
        typer.Option("--only", help="Build only these outputs (repeatable): definitions.json, actionlist, rulebook, html, pdf, "
                     "actionlist-html, actionlist-pdf, rulebook-html, rulebook-pdf. The rest of the site is kept."),
    ] = None,
    cache: Annotated[Optional[Path], typer.Option("--cache", help=CACHE_HELP)] = None,
    jobs: Annotated[Optional[int], typer.Option("-j", "--jobs", min=1, help=JOBS_HELP)] = None,
    report_format: Annotated[ReportFormat, typer.Option("--format", help="The report: text or json.")] = ReportFormat.text,
    base_url: Annotated[Optional[str], typer.Option("--base-url", help="The site's public address, printed (with QR codes) on the "
                                                    "action-list leaflets. Default: edition.url of definitions/rules.yaml.")] = None,
) -> None:
    """Check, then build every output into build/site (atomically: all or nothing).

    Incremental: outputs whose sources did not change are kept; when no input file changed, nothing is loaded at all.

    --out must be new, empty, or made by bp: a directory holding other files is refused (exit 2)."""
    from ..site.build import BuildError, BuildReport, plan_build, run_build
    from ..site.outputs import OutputError

    root_path = resolve_root(root)
    try:
        if base_url is not None and not base_url.startswith(("https://", "http://")):
            raise OutputError(f"--base-url {base_url!r} is not an absolute http(s) address: printed links must be absolute")
        plan = plan_build(root_path, out, only, cache, base_url)  # refuse a wrong --only or --out before the work
    except OutputError as exc:
        fail("build", str(exc), 2)
    if plan.up_to_date and plan.settle(lambda message: typer.echo(f"  {message}", err=True)):
        report = BuildReport(plan.target, up_to_date=True)
        report.kept = sorted(path for step in plan.previous.steps.values() for path in step.files)
        _print(report, report_format, up_to_date_line(plan))
        return
    checked = load_clean(root_path, "build")
    try:
        report = run_build(plan, checked.definitions, log=lambda message: typer.echo(f"  {message}", err=True), jobs=jobs)
    except OutputError as exc:
        fail("build", str(exc), 2)
    except BuildError as exc:
        fail("build", f"{exc} (the previous {plan.target} is unchanged)", 1)
    _print(report, report_format, f"built {plan.target} in {report.seconds:.1f} s")


def _print(report: object, report_format: ReportFormat, headline: str) -> None:
    from ..site.build import BuildReport

    assert isinstance(report, BuildReport)
    if report_format is ReportFormat.json:
        typer.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
        return
    if not report.up_to_date:
        typer.echo(f"rendered {len(report.rendered)}: {_summary(report.rendered)}")
        typer.echo(f"kept {len(report.kept)}: {_summary(report.kept)}")
    typer.echo(headline)


def _summary(paths: list[str], shown: int = 12) -> str:
    """The files, a folder's many files counted once (rulebook/_static/… ×30)."""
    if not paths:
        return "nothing"
    groups: dict[str, int] = {}
    for path in sorted(paths):
        parts = path.split("/")
        key = "/".join(parts[:2]) + "/…" if len(parts) > 2 and parts[1].startswith("_") else path
        groups[key] = groups.get(key, 0) + 1
    names = [f"{name} ({count} files)" if count > 1 else name for name, count in groups.items()]
    return ", ".join(names[:shown]) + (f", and {len(names) - shown} more" if len(names) > shown else "")
