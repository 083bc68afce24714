"""The rulings as `bp check --rulings` lists them: each with where it is written and how it is shown —
by examples the engine runs, or, for a ruling about what players say rather than how the game plays,
not at all, with the reason (never skipped silently).

    for listed in rulings(defs):      # in the order of definitions/rulings.yaml
        listed.ruling.question, listed.text()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import _, ngettext
from .definitions import Definitions, Ruling


@dataclass(frozen=True)
class Listed:
    ruling: Ruling

    @property
    def shown_by(self) -> str:
        """`2 examples`, or `not executable: <why>`, in the language of the messages."""
        ruling = self.ruling
        if ruling.not_executable:
            return _("not executable: {why}").format(why=" ".join(ruling.not_executable.split()))
        count = len(ruling.examples)
        return ngettext("{count} example", "{count} examples", count).format(count=count)

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
        said = _("ruling: {id} {question}: {shown_by}").format(id=self.ruling.id, question=self.ruling.question,
                                                             shown_by=self.shown_by)
        return f"{where.path}:{where.line}:{where.column}: {said}"


def rulings(definitions: Definitions) -> list[Listed]:
    return [Listed(ruling) for ruling in definitions.rulings]
