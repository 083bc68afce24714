"""A position typed on the page in the examples' notation (`given:`, definitions/README.md), read as a
definitions file is read: YAML problems and schema errors at their line and column, then what the engine
refuses (a card twice, a character no definition makes) at the line of the part it refuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import sim
from ..i18n import _
from ..model.repository import TOOLCHAIN_SCHEMAS
from ..model.validation import validate_part
from ..model.yamlload import Document, loads

SITUATION = "examples.schema.json#/$defs/situation"


class PositionError(ValueError):
    """What is wrong with a typed position: one line per problem, `line:column: message`."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def read_position(text: str) -> tuple[dict[str, Any], Document]:
    """The situation typed (the mapping under `given:`, or the mapping itself) and its document."""
    doc = loads(text, Path(_("position")))  # how messages name the text typed
    if doc.problems:
        raise PositionError([f"{p.mark.line}:{p.mark.column}: {p.message}" for p in doc.problems])
    data = doc.data
    base: tuple[str, ...] = ()
    if isinstance(data, dict) and set(data) == {"given"}:
        data, base = data["given"], ("given",)
    doc = Document(path=doc.path, data=data, values={path[len(base):]: mark for path, mark in doc.values.items()
                                                      if path[:len(base)] == base},
                   keys={path[len(base):]: mark for path, mark in doc.keys.items() if path[:len(base)] == base}, lines=doc.lines)
    errors = [f"{mark.line}:{mark.column}: {message}" for mark, message, _where in validate_part(doc, TOOLCHAIN_SCHEMAS, SITUATION)]
    if errors:
        raise PositionError(errors)
    return data, doc


def refused(exc: sim.errors.ProgramError, doc: Document) -> PositionError:
    """The engine's refusal of a position, at the line of the part it names (its path starts at `given`)."""
    path = tuple(exc.path[1:] if exc.path[:1] == ("given",) else exc.path)
    mark = doc.mark(path)
    return PositionError([f"{mark.line}:{mark.column}: {exc}"])
