"""`bp build` run before typer is imported, when its options are plain.

The rules editor runs `bp build` (or the pre-commit hook, or bp serve's first look) far more
often than anything changed. Typer with its pydantic adapters costs more than the whole
no-op build, so `main()` asks here first: when the arguments are plain `bp build` options, the
build is run from here (buildrun.py, as the typer command runs it), and when the site is up to
date nothing else is loaded. Anything else (`--help`, a wrong option or value) goes to the typer
command, which says what is wrong.

The options are the typer command's (tests/build/test_noop.py holds the two lists equal).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn


class _NotPlain(Exception):
    """The arguments are not a plain build's: typer takes them."""


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
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--base-url")
    return parser


def build_without_typer(args: list[str]) -> int | None:
    """The exit code of the build `args` asked for, or None when they are not a plain build's."""
    if not args or args[0] != "build":
        return None
    try:
        options = _parser().parse_args(args[1:])
    except _NotPlain:
        return None
    if options.jobs is not None and options.jobs < 1:
        return None  # typer's command says why
    from .buildrun import ReportFormat, build_command

    return build_command(options.root, ReportFormat(options.format), out=options.out, only=options.only, cache=options.cache,
                         jobs=options.jobs, base_url=options.base_url)
