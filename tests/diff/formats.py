"""`python -m tests.diff.formats RUNS`: several `bp diff` command lines of the same revisions, each through bp's
own entry point (toolchain.cli.main) in one process, the comparison of two revisions made once for all of them.

RUNS is a JSON object, name → bp's arguments; what is printed is a JSON object, name → [exit status, stdout,
stderr]. A report asked in four formats (and in colour) is one comparison rendered five ways: run as separate
processes, each would load and compare the same two revisions again, for seconds each. The comparison is kept by
everything it is made of (diff_revisions' arguments, the language its messages speak), so a command line that
would compare otherwise (the rst format compares without the site's outputs; json speaks English) compares anew.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import sys
from typing import Any

import toolchain.diff
from toolchain import cli
from toolchain.i18n import language


def _kept(compare: Any) -> Any:
    made: dict[str, Any] = {}

    @functools.wraps(compare)
    def once(*args: Any, **kwargs: Any) -> Any:
        key = repr((args, sorted(kwargs.items()), language()))
        if key not in made:
            made[key] = compare(*args, **kwargs)
        return made[key]

    return once


def _run(arguments: list[str]) -> list[Any]:
    """bp's status, stdout and stderr for one command line (stdout a pipe's: no terminal, no colours unless asked)."""
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["bp", *arguments]
    status: Any = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main()
        except SystemExit as exc:
            status = exc.code
    return [0 if status is None else status if isinstance(status, int) else 1, out.getvalue(), err.getvalue()]


def main() -> None:
    runs: dict[str, list[str]] = json.loads(sys.argv[1])
    toolchain.diff.diff_revisions = _kept(toolchain.diff.diff_revisions)  # what the command imports when it runs
    done = {name: _run(arguments) for name, arguments in runs.items()}
    sys.stdout.write(json.dumps(done, ensure_ascii=False))


if __name__ == "__main__":
    main()
