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
    return f"{parts}: {errors} error{'s' if errors != 1 else ''} in {files} file{'s' if files != 1 else ''}"


def print_unchecked(checked: Checked, command: str) -> None:
    """The findings on stderr, then `bp COMMAND: <summary>; fix them first`: a command that needs
    valid definitions stops there (exit 1)."""
    for finding in checked.findings:
        print(finding.text(), file=sys.stderr)
    print(f"bp {command}: {summary_line(checked.definitions.counts(), checked.findings)}; fix them first (bp check)", file=sys.stderr)
