"""How a command prints findings about the definitions. Without typer: the plain `bp build`
(noop.py) prints them too."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..checks import Checked
    from ..diagnostics import Diagnostic


def summary_line(counts: dict[str, int], findings: tuple[Diagnostic, ...] | list[Diagnostic]) -> str:
    parts = ", ".join(f"{n} {what}" for what, n in counts.items())
    if not findings:
        return f"{parts}: OK"
    errors = len(findings)
    files = len({d.location.path for d in findings})
    followed = sum(1 for d in findings if d.cause is not None)
    caused = f", {followed} of them caused by another" if followed else ""
    return f"{parts}: {errors} error{'s' if errors != 1 else ''} in {files} file{'s' if files != 1 else ''}{caused}"


def print_unchecked(checked: Checked, command: str) -> None:
    """The findings on stderr (each cause first, what it caused under it), then `bp COMMAND: <summary>;
    fix them first`: a command that needs valid definitions stops there (exit 1)."""
    from ..diagnostics import printable, render_text

    for line in render_text(list(checked.findings)):
        print(line, file=sys.stderr)
    summary = summary_line(checked.definitions.counts(), checked.findings)
    print(printable(f"bp {command}: {summary}; fix them first (bp check)"), file=sys.stderr)
