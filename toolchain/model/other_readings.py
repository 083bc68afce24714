"""The other ways of reading: a reading (`reading:`) may carry, under `other:`, what the text would read the other
way and the definition's program under it. `bp balance --readings` replays the same games with each of them.

    for alternative in alternatives(defs):              # in the order of the readings (reading_list.readings)
        alternative.key, alternative.noted.owner, alternative.other.reads
    otherwise = read_otherwise(defs, "act-rare-draw:1")  # the definitions with that one program replaced
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .definitions import Definitions, OtherReading
from .reading_list import Noted, readings

# The lists of Definitions whose entries carry a program the simulator runs.
PROGRAM_LISTS = ("actions", "frame_actions")


@dataclass(frozen=True)
class Alternative:
    """A reading with its other way: `key` names it (`act-rare-draw:1`, the definition's label and the reading's
    place among its readings, from 1), as a transcript's game line names the reading it was played under."""

    key: str
    definition_id: str
    noted: Noted
    other: OtherReading


def alternatives(definitions: Definitions) -> list[Alternative]:
    """Every reading that carries its other way, on a definition with a program."""
    found = []
    counted: dict[str, int] = {}
    for noted in readings(definitions):
        if noted.anchor is None:
            continue
        place = counted[noted.anchor] = counted.get(noted.anchor, 0) + 1
        other = noted.reading.other
        owner = _owner(definitions, noted.anchor)
        if other is not None and owner is not None:
            found.append(Alternative(f"{noted.anchor}:{place}", owner, noted, other))
    return found


def _owner(definitions: Definitions, anchor: str) -> str | None:
    """The id of the definition with a program that has this label, if any."""
    for name in PROGRAM_LISTS:
        for entry in getattr(definitions, name):
            if getattr(entry, "anchor", None) == anchor and getattr(entry, "program", None) is not None:
                return entry.id
    return None


def read_otherwise(definitions: Definitions, key: str) -> Definitions:
    """The definitions as the other way of reading `key` plays them: its definition's program replaced by the
    reading's other program. KeyError for a key no reading has."""
    wanted = next((a for a in alternatives(definitions) if a.key == key), None)
    if wanted is None:
        raise KeyError(key)
    anchor = wanted.noted.anchor
    changed = {}
    for name in PROGRAM_LISTS:
        entries = getattr(definitions, name)
        if any(getattr(entry, "anchor", None) == anchor for entry in entries):
            changed[name] = [dataclasses.replace(entry, program=wanted.other.program) if entry.anchor == anchor else entry
                             for entry in entries]
    return dataclasses.replace(definitions, **changed)
