"""`bp build` answered before typer is imported: with nothing to do, and with plain options.

The rules editor runs `bp build` (or the pre-commit hook, or bp serve's first look) far more
often than anything changed. Typer with its pydantic adapters costs more than the whole
no-op build, so `main()` asks here first: when the arguments are plain `bp build` options
and the site's manifest says every step was built from exactly the current inputs, the same
line as the typer command is printed and nothing else is loaded. When something changed, the
build runs from here too (the typer command's own function, buildrun.py's build_planned),
without typer's parsing, a tenth of a one-action HTML rebuild. Anything else (`--help`, a wrong
option or value, `--format json`, a repository that cannot be read) goes to the typer command,
which says what is wrong or does the build.

The options are the typer command's (tests/build/test_noop.py holds the two lists equal).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:  # pragma: no cover
    from ..site.build import Plan

OPTIONS = ("--root", "--out", "--only", "--cache", "-j", "--jobs", "--format", "--base-url", "--print-shop")


class _NotPlain(Exception):
    """The arguments are not a plain no-op build's: typer takes them."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print and exit; typer reports it instead
        raise _NotPlain(message)


def _parser() -> _Parser:
    parser = _Parser(prog="bp build", add_help=False, allow_abbrev=False)
    parser.add_argument("--root", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", action="append")
    parser.add_argument("--cache", type=Path)
    parser.add_argument("-j", "--jobs", type=int)
    parser.add_argument("--format", choices=["text"], default="text")
    parser.add_argument("--base-url")
    parser.add_argument("--print-shop", action="store_true")
    return parser


def up_to_date_line(plan: Plan) -> str:
    kept = sum(len(step.files) for step in plan.previous.steps.values())
    return f"{plan.target} is up to date: no input changed since the last build ({kept} files)"


def build_without_typer(args: list[str]) -> bool:
    """Whether `args` asked for a plain build and it has been answered (up to date) or run."""
    if not args or args[0] != "build":
        return False
    try:
        options = _parser().parse_args(args[1:])
    except _NotPlain:
        return False
    if options.jobs is not None and options.jobs < 1:
        return False
    if options.base_url is not None and not options.base_url.startswith(("https://", "http://")):
        return False  # typer's command says why
    from ..model.repository import RepositoryError, check_root, find_root
    from ..site.build import plan_build
    from ..site.outputs import OutputError

    try:
        root = check_root(options.root) if options.root else find_root()
        plan = plan_build(root, options.out, options.only, options.cache, options.base_url, options.print_shop)
        up_to_date = plan.up_to_date and plan.settle(lambda message: print(f"  {message}", file=sys.stderr))
    except (RepositoryError, OutputError):
        return False
    if up_to_date:
        print(up_to_date_line(plan))
        return True
    from typer import Exit

    from .buildrun import ReportFormat, build_planned

    try:
        build_planned(plan, options.jobs, ReportFormat.text)
    except Exit as exc:  # a failure, printed already (cli/common.py's fail)
        sys.exit(exc.exit_code)
    return True
