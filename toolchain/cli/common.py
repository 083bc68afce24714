"""What every command shares: the --root option, finding the repository, loading it checked, and
the way findings and failures are printed."""

from __future__ import annotations

import contextlib
import enum
import functools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional, TypeVar

import typer

from ..diagnostics import printable, render_text
from ..model.repository import RepositoryError, check_root, find_root

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Checked
    from ..diagnostics import Diagnostic

Command = TypeVar("Command", bound=Callable[..., Any])

RootOption = Annotated[
    Optional[Path],
    typer.Option("--root", help="The rules repository (default: found from the current directory upward).", show_default=False),
]


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


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
        typer.echo(f"{newline}bp {command}: interrupted", err=True)
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
        for line in render_text(list(checked.findings)):
            typer.echo(line, err=True)
        fail(command, f"{summary_line(checked.definitions.counts(), checked.findings)}; fix them first (bp check)", 1)
    return checked


def summary_line(counts: dict[str, int], findings: tuple[Diagnostic, ...] | list[Diagnostic]) -> str:
    parts = ", ".join(f"{n} {what}" for what, n in counts.items())
    failing = [d for d in findings if d.severity == "error"]
    warnings = len(findings) - len(failing)
    warned = f"{warnings} warning{'s' if warnings != 1 else ''}"
    if not failing:
        return f"{parts}: OK, {warned}" if warnings else f"{parts}: OK"
    errors = len(failing)
    files = len({d.location.path for d in failing})
    followed = sum(1 for d in failing if d.cause is not None)
    caused = f", {followed} of them caused by another" if followed else ""
    also = f", and {warned}" if warnings else ""
    return f"{parts}: {errors} error{'s' if errors != 1 else ''} in {files} file{'s' if files != 1 else ''}{caused}{also}"
