"""The rulings as `bp check --rulings` lists them: each with where it is written and how it is shown —
by examples the engine runs, or, for a ruling about what players say rather than how the game plays,
not at all, with the reason (never skipped silently).

    for listed in rulings(defs):      # in the order of definitions/rulings.yaml
        listed.ruling.question, listed.text()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .definitions import Definitions, Ruling


@dataclass(frozen=True)
class Listed:
    ruling: Ruling

    @property
    def shown_by(self) -> str:
        """`2 examples`, or `not executable: <why>`."""
        ruling = self.ruling
        if ruling.not_executable:
            return f"not executable: {' '.join(ruling.not_executable.split())}"
        count = len(ruling.examples)
        return f"{count} example{'s' if count != 1 else ''}"

    def as_dict(self) -> dict[str, Any]:
        ruling = self.ruling
        where = ruling.source.location()
        return {
            "id": ruling.id, "anchor": ruling.anchor, "question": ruling.question, "concerns": list(ruling.concerns),
            "sections": list(ruling.sections), "source": ruling.origin, "date": ruling.date, "examples": len(ruling.examples),
            "not_executable": ruling.not_executable, "path": where.path, "line": where.line, "column": where.column,
        }

    def text(self) -> str:
        where = self.ruling.source.location()
        return f"{where.path}:{where.line}:{where.column}: ruling: {self.ruling.id} {self.ruling.question}: {self.shown_by}"


def rulings(definitions: Definitions) -> list[Listed]:
    return [Listed(ruling) for ruling in definitions.rulings]
