"""What every command shares: the --root option, finding the repository, loading it checked, and
the way findings and failures are printed."""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional, TypeVar

import typer

from ..diagnostics import printable
from ..i18n import _
from ..model.repository import RepositoryError, check_root, find_root
from .findings import print_unchecked

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Checked

Command = TypeVar("Command", bound=Callable[..., Any])

RootOption = Annotated[
    Optional[Path],
    typer.Option("--root", help=_("The rules repository (default: found from the current directory upward)."), show_default=False),
]


def fail(command: str, message: str, code: int) -> NoReturn:
    """Print `bp COMMAND: message` on stderr and exit with `code` (1 findings, 2 usage or I/O); a path
    in the message with an escape character in its name is shown, not sent to the terminal."""
    typer.echo(printable(f"bp {command}: {message}"), err=True)
    raise typer.Exit(code)


@contextlib.contextmanager
def interruptible(command: str) -> Iterator[None]:
    """Ctrl-C ends the command with one line and exit 130 (128 + SIGINT, as a shell reports it),
    after the command's own clean-up has run (its `finally` blocks and context managers)."""
    try:
        yield
    except KeyboardInterrupt:
        newline = "\n" if sys.stderr.isatty() else ""  # after a progress bar's last drawing
        typer.echo(newline + _("bp {command}: interrupted").format(command=command), err=True)
        raise typer.Exit(130) from None


def stops_on_ctrl_c(command: str) -> Callable[[Command], Command]:
    """A command run inside interruptible(command) (typer reads the command's own signature)."""
    def decorate(function: Command) -> Command:
        @functools.wraps(function)
        def run(*args: Any, **kwargs: Any) -> Any:
            with interruptible(command):
                return function(*args, **kwargs)

        return run  # type: ignore[return-value]

    return decorate


def resolve_root(root: Path | None) -> Path:
    try:
        return check_root(root) if root else find_root()
    except RepositoryError as exc:
        typer.echo(printable(f"bp: {exc}"), err=True)
        raise typer.Exit(2) from exc


def load(root: Path) -> Checked:
    """Load and check the repository (toolchain.load, imported only when a command loads the
    definitions: a no-op build does not); a tree that cannot be read is an I/O error (exit 2)."""
    from ..checks import load as load_checked

    try:
        return load_checked(root)
    except RepositoryError as exc:
        typer.echo(printable(f"bp: {exc}"), err=True)
        raise typer.Exit(2) from exc


def load_clean(root: Path, command: str) -> Checked:
    """Load for a command that needs valid definitions: with findings, print them and exit 1."""
    checked = load(root)
    if checked.errors:  # a warning (a 推奨 design guideline) does not stop a build
        print_unchecked(checked, command)
        raise typer.Exit(1)
    return checked
