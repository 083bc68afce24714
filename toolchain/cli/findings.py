"""How a command prints findings about the definitions. Without typer: the plain `bp build`
(noop.py) prints them too."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Checked
    from ..diagnostics import Diagnostic

# The summary's counts, by the keys of Definitions.counts() (a kind without one here is counted by its key).
COUNTED = {
    "actions": N_("{count} actions"), "characters": N_("{count} characters"), "fog": N_("{count} fog"),
    "frames": N_("{count} frames"), "frame actions": N_("{count} frame actions"), "frame fog": N_("{count} frame fog"),
    "trumps": N_("{count} trumps"), "rulings": N_("{count} rulings"), "frame characters": N_("{count} frame characters"),
}


def summary_line(counts: dict[str, int], findings: tuple[Diagnostic, ...] | list[Diagnostic]) -> str:
    """`48 actions, 61 characters, …: 6 errors in 1 file, 5 of them caused by another` (the counts are
    the definitions' kinds, named as in the files); the warnings (a 推奨 design guideline) after them,
    which do not fail the check: `…: OK, 1 warning`."""
    parts = ", ".join(_(COUNTED[what]).format(count=n) if what in COUNTED else f"{n} {what}" for what, n in counts.items())
    failing = [d for d in findings if d.severity == "error"]
    warnings = len(findings) - len(failing)
    warned = ngettext("{warnings} warning", "{warnings} warnings", warnings).format(warnings=warnings)
    if not failing:
        if warnings:
            return _("{counts}: OK, {warned}").format(counts=parts, warned=warned)
        return _("{counts}: OK").format(counts=parts)
    line = _errors_line(parts, failing)
    return _("{line}, and {warned}").format(line=line, warned=warned) if warnings else line


def _errors_line(parts: str, failing: list[Diagnostic]) -> str:
    errors, files = len(failing), len({d.location.path for d in failing})
    followed = sum(1 for d in failing if d.cause is not None)
    values = {"counts": parts, "errors": errors, "files": files, "followed": followed}
    # Many files hold many errors: only the errors in one file can be one.
    if files > 1 and followed:
        return _("{counts}: {errors} errors in {files} files, {followed} of them caused by another").format(**values)
    if files > 1:
        return _("{counts}: {errors} errors in {files} files").format(**values)
    if followed:
        return ngettext("{counts}: {errors} error in 1 file, {followed} of them caused by another",
                        "{counts}: {errors} errors in 1 file, {followed} of them caused by another", errors).format(**values)
    return ngettext("{counts}: {errors} error in 1 file", "{counts}: {errors} errors in 1 file", errors).format(**values)


def print_unchecked(checked: Checked, command: str) -> None:
    """The findings on stderr (each cause first, what it caused under it), then `bp COMMAND: <summary>;
    fix them first`: a command that needs valid definitions stops there (exit 1)."""
    from ..diagnostics import printable, render_text

    for line in render_text(list(checked.findings)):
        print(line, file=sys.stderr)
    summary = summary_line(checked.definitions.counts(), checked.findings)
    print(printable(_("bp {command}: {summary}; fix them first (bp check)").format(command=command, summary=summary)),
          file=sys.stderr)
