"""The `bp` command line: a thin layer of typer commands over the library (one module per group
of commands). Heavy libraries (the simulator, Jinja2, Sphinx, WeasyPrint) load only in the
command that needs them; a plain `bp build` or `bp check` runs without typer (noop.py), and with nothing
to do (an up-to-date site, an unchanged repository) loads little else either. --lang, the one
global option, is taken out of the arguments first (lang_option.py): the language is settled before
any message, typer's help included, is made. --root may stand before the command too."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .commands import app  # noqa: F401


def main() -> None:
    from ..collector import collect_less_often
    from .lang_option import root_after_command, take_language
    from .noop import run_without_typer

    collect_less_often()  # Sphinx's and WeasyPrint's trees walked less often (only time changes)
    _escape_what_the_terminal_cannot_show()

    args = root_after_command(take_language(sys.argv[1:]))
    code = run_without_typer(args)
    if code is not None:
        sys.exit(code)
    from .commands import app

    app(args=args)


def _escape_what_the_terminal_cannot_show() -> None:
    """A stream whose encoding cannot say a message (PYTHONIOENCODING=ascii, a C locale) shows the
    characters it lacks as backslash escapes (\\u30a2) instead of ending bp with a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a TextIOWrapper's; a test's replacement may lack it
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def __getattr__(name: str) -> Any:
    if name == "app":
        from .commands import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
