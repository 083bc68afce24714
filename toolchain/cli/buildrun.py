"""A build asked for on the command line, and its report printed: shared by `bp build` (the typer
command, build.py, and the plain run without typer, noop.py), `bp rulebook` and `bp actionlist`.
No typer here: an up-to-date `bp build` prints its line without it."""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _, english_unless_chosen, ngettext
from .findings import print_unchecked

if TYPE_CHECKING:  # pragma: no cover
    from ..site.steps import BuildReport

INTERRUPTED = 130  # the shell's code for a command stopped by Ctrl-C (128 + SIGINT)


class ReportFormat(str, enum.Enum):
    text = "text"
    json = "json"


def log(message: str) -> None:
    from ..diagnostics import printable

    print(printable(f"  {message}"), file=sys.stderr)


def site_build(command: str, root: Path, **options: Any) -> BuildReport | int:
    """Build (site.pipeline.build_site with `options`) for `command`: the report, or the exit code of a
    failure already printed (1 findings or a failed step, 2 an option or output refused, 130 Ctrl-C)."""
    from ..diagnostics import printable
    from ..site.outputs import OutputError
    from ..site.pipeline import BuildError, Unchecked, build_site

    try:
        return build_site(root, log=log, **options)
    except OutputError as exc:
        print(printable(f"bp {command}: {exc}"), file=sys.stderr)
        return 2
    except Unchecked as exc:
        print_unchecked(exc.checked, command)
        return 1
    except BuildError as exc:
        print(printable(f"bp {command}: {exc}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("bp {command}: interrupted; nothing was published (the previous site is unchanged)").format(command=command),
              file=sys.stderr)
        return INTERRUPTED


def build_command(root: Path | None, report_format: ReportFormat = ReportFormat.text, **options: Any) -> int:
    """`bp build`: build, print the report; the exit code."""
    from ..diagnostics import printable
    from ..model.repository import RepositoryError, check_root, find_root

    try:
        root_path = check_root(root) if root else find_root()
    except RepositoryError as exc:
        print(printable(f"bp: {exc}"), file=sys.stderr)
        return 2
    report = site_build("build", root_path, **options)
    if isinstance(report, int):
        return report
    print_report(report, report_format)
    _warn_release(root_path)
    return 0


def _warn_release(root: Path) -> None:
    """One line when edition.release is a placeholder (「2025/6/x」): every output prints it, and only
    `bp check --release` refused it (BP050), which an editor may never run. Read from rules.yaml's text
    alone: an up-to-date build loads no definitions."""
    from ..diagnostics import Diagnostic, Location
    from ..provenance import is_release_date
    from ..site.editions import RULES, release_of

    release = release_of(root)
    if release is None or not release[0] or is_release_date(release[0]):
        return
    text, line, column = release
    message = _("the release {release} is not a date: every output prints it as written; write the day the edition is released "
                "(edition.release, as 2025/6/14) before publishing, which bp check --release checks").format(release=text)
    sys.stdout.flush()  # after the report, also where both go to one pipe (a CI log)
    print(Diagnostic(Location(RULES.as_posix(), line, column), "BP050", message, severity="warning").text(), file=sys.stderr)


def print_report(report: BuildReport, report_format: ReportFormat) -> None:
    if report_format is ReportFormat.json:
        with english_unless_chosen():  # output read by programs
            print(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
    elif report.up_to_date:
        print(ngettext("{site} is up to date: no input changed since the last build ({count} file)",
                       "{site} is up to date: no input changed since the last build ({count} files)",
                       len(report.kept)).format(site=report.target, count=len(report.kept)))
    else:
        print(_("rendered {count}: {files}").format(count=len(report.rendered), files=_summary(report.rendered)))
        print(_("kept {count}: {files}").format(count=len(report.kept), files=_summary(report.kept)))
        print(_("built {site} in {seconds:.1f} s").format(site=report.target, seconds=report.seconds))


def _summary(paths: list[str], shown: int = 12) -> str:
    """The files, a folder's many files counted once (rulebook/_static/… ×30)."""
    if not paths:
        return _("nothing")
    groups: dict[str, int] = {}
    for path in sorted(paths):
        parts = path.split("/")
        key = "/".join(parts[:2]) + "/…" if len(parts) > 2 and parts[1].startswith("_") else path
        groups[key] = groups.get(key, 0) + 1
    names = [_("{folder} ({count} files)").format(folder=name, count=count) if count > 1 else name for name, count in groups.items()]
    listed = ", ".join(names[:shown])
    if len(names) <= shown:
        return listed
    # 'and M more' counts files, as the line's 'rendered N' does, not names (a folder's are one name)
    return _("{files}, and {count} more").format(files=listed, count=sum(list(groups.values())[shown:]))
