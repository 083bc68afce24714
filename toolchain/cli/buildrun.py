"""Running a `bp build` that has something to do and printing its report: shared by the typer command
(build.py) and the plain build run without typer (noop.py)."""

from __future__ import annotations

import enum
import json
from typing import TYPE_CHECKING

import typer

from .common import fail, load_clean

if TYPE_CHECKING:  # pragma: no cover
    from ..site.build import Plan


class ReportFormat(str, enum.Enum):
    text = "text"
    json = "json"


def build_planned(plan: Plan, jobs: int | None, report_format: ReportFormat) -> None:
    """Check, then run a build that has something to do."""
    from ..site.build import BuildError, run_build
    from ..site.outputs import OutputError

    checked = load_clean(plan.root, "build")
    try:
        report = run_build(plan, checked.definitions, log=lambda message: typer.echo(f"  {message}", err=True), jobs=jobs)
    except OutputError as exc:
        fail("build", str(exc), 2)
    except BuildError as exc:
        fail("build", f"{exc} (the previous {plan.target} is unchanged)", 1)
    print_report(report, report_format, f"built {plan.target} in {report.seconds:.1f} s")


def print_report(report: object, report_format: ReportFormat, headline: str) -> None:
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
    # 'and M more' counts files, as the line's 'rendered N' does, not names (a folder's are one name)
    rest = sum(list(groups.values())[shown:])
    return ", ".join(names[:shown]) + (f", and {rest} more" if len(names) > shown else "")
