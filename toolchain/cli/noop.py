"""`bp build` and `bp check` run before typer is imported, when their options are plain.

The rules editor runs `bp build` (or the pre-commit hook, or bp serve's first look) far more
often than anything changed, and `bp check` on every save. Typer with its pydantic adapters
costs more than a no-op build or a check answered from its cache, so `main()` asks here first:
when the arguments are plain options of one of these commands, it is run from here (buildrun.py,
checkrun.py, as the typer commands run them). Anything else (`--help`, a wrong option or value)
goes to the typer command, which says what is wrong.

The options are the typer commands' (tests/build/test_noop.py holds the lists equal).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn


class _NotPlain(Exception):
    """The arguments are not a plain run's: typer takes them."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print and exit; typer reports it instead
        raise _NotPlain(message)


def _build_parser() -> _Parser:
    parser = _Parser(prog="bp build", add_help=False, allow_abbrev=False)
    parser.add_argument("--root", type=Path)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", action="append")
    parser.add_argument("--cache", type=Path)
    parser.add_argument("-j", "--jobs", type=int)
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--base-url")
    parser.add_argument("--print-shop", action="store_true")
    return parser


def _build(options: argparse.Namespace) -> int | None:
    if options.jobs is not None and options.jobs < 1:
        return None  # typer's command says why
    from .buildrun import ReportFormat, build_command

    return build_command(options.root, ReportFormat(options.format), out=options.out, only=options.only, cache=options.cache,
                         jobs=options.jobs, base_url=options.base_url, print_shop=options.print_shop)


def _check_parser() -> _Parser:
    parser = _Parser(prog="bp check", add_help=False, allow_abbrev=False)
    parser.add_argument("--root", type=Path)
    parser.add_argument("--format", choices=["text", "json", "github"], default="text")
    parser.add_argument("--since")
    parser.add_argument("--readings", action="store_true")
    parser.add_argument("--rulings", action="store_true")
    parser.add_argument("--release", action="store_true")
    parser.add_argument("--cache-dir", type=Path)
    parser.add_argument("--cache", dest="use_cache", action="store_true", default=True)
    parser.add_argument("--no-cache", dest="use_cache", action="store_false")
    parser.add_argument("--explain")
    return parser


def _check(options: argparse.Namespace) -> int:
    if options.explain is not None:
        from .checkrun import explain_command

        return explain_command(options.root, options.explain)
    from .checkrun import OutputFormat, check_command

    return check_command(options.root, OutputFormat(options.format), options.since, options.readings, options.cache_dir,
                         options.use_cache, options.rulings, options.release)


PLAIN: dict[str, tuple[Callable[[], _Parser], Callable[[argparse.Namespace], int | None]]] = {
    "build": (_build_parser, _build),
    "check": (_check_parser, _check),
}


def run_without_typer(args: list[str]) -> int | None:
    """The exit code of the command `args` asked for, or None when they are not a plain run of one of PLAIN."""
    if not args or args[0] not in PLAIN:
        return None
    parser, run = PLAIN[args[0]]
    try:
        options = parser().parse_args(args[1:])
    except _NotPlain:
        return None
    return run(options)
