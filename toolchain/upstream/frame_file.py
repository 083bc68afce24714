"""Upstream's frame.yaml both ways: each frame's name, formats, deck and game start as this project's
frame, and back.

Upstream writes its lists as reStructuredText bullets (`* ♠A, 2, 3`), and its game start ends with a
pointer into its own rulebook (`以降は、 :numref:...`). The project's frame keeps the cards, and the
start's steps as its procedure; what it has no field for (upstream's id and image, the deck's and the
start's words around the lists, the access levels) is kept in upstream.yaml and written back where the
frame still says the same. The frame actions a frame lists are the ones it uses (`actionList` is
written from them).

How the game goes on after the start (`then`, `steps`), the zones and which frame actions a frame uses
are the simulator's data: upstream's file has none of them, so they are the target edition's frame's."""

from __future__ import annotations

import copy
import re
from typing import Any

FRAMES_KEY = "frames"  # the list of a frame.yaml
_BULLET = re.compile(r"^\*\s+(?P<rest>.*)$")
# The fields of a frame as frames.schema.json orders them.
_ORDER = ("id", "reading", "name", "kana", "formats", "deck", "start", "uses", "zones")


def bullets(text: str) -> list[str]:
    """The items of an RST bullet list (`* パック開封`), in order."""
    return [m.group("rest").strip() for m in map(_BULLET.match, text.split("\n")) if m]


def cards(deck: str) -> dict[str, list[str]]:
    """`* ♠A, 2, 3, 4, 5` a line: the ranks by suit."""
    found: dict[str, list[str]] = {}
    for item in bullets(deck):
        suit, ranks = item[:1], item[1:]
        found[suit] = [rank.strip() for rank in ranks.split(",") if rank.strip()]
    return found


def cards_back(cards_of: dict[str, Any]) -> str:
    return "\n".join(f"* {suit}{', '.join(str(r) for r in ranks)}" for suit, ranks in cards_of.items())


def procedure(start: str) -> str:
    """The start's steps in the project's markup: its first paragraph, each `* ` item a `- ` item (what follows is
    upstream's pointer into its rulebook, which the frame says as `then`)."""
    paragraph = start.strip().split("\n\n")[0] if start.strip() else ""
    lines = [line.rstrip() for line in paragraph.split("\n") if line.strip()]
    return "\n".join(("- " + m.group("rest")) if (m := _BULLET.match(line)) else line for line in lines)


def procedure_back(text: str) -> str:
    return "\n".join(("* " + line[2:]) if line.startswith("- ") else line for line in text.rstrip().split("\n"))


def frame_definition(name: str, formats: list[str], upstream: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """The project's frame: upstream's name, formats, cards and procedure over the target edition's frame."""
    definition = copy.deepcopy(target)
    definition["name"] = name
    definition["formats"] = formats
    deck = str(upstream.get("deck") or "")
    if cards(deck):
        definition["deck"] = {"cards": cards(deck)}
    start = str(upstream.get("start") or "")
    if procedure(start):
        definition["start"] = {**(definition.get("start") or {}), "procedure": procedure(start) + "\n"}
    return ordered(definition)


def ordered(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame's fields in the schema's order, whatever order the file it came from wrote them in."""
    return {key: frame[key] for key in (*_ORDER, *frame) if key in frame and frame[key] is not None}


def kept_fields(upstream: dict[str, Any], definition: dict[str, Any]) -> dict[str, Any]:
    """Upstream's words the export would not write from the frame alone: its id and image where they differ, the deck's
    and the start's whole texts where they hold more than the lists, its access levels (written back while the frame
    still says the same). Nothing for a frame the export writes as upstream did."""
    kept: dict[str, Any] = {}
    frame_id = str(upstream.get("frameId") or definition["id"])
    if frame_id != definition["id"]:
        kept["id"] = frame_id
    if upstream.get("image") is not None and str(upstream["image"]) != frame_id:
        kept["image"] = str(upstream["image"])
    deck, start = upstream.get("deck"), upstream.get("start")
    if deck is not None and cards_back(cards(str(deck))) != str(deck).strip():
        kept["deck"] = str(deck)
    if start is not None and procedure_back(procedure(str(start))) != str(start).strip():
        kept["start"] = str(start)
    if upstream.get("accessLevel") is not None:
        kept["accessLevel"] = str(upstream["accessLevel"])
    return kept


def deck_back(kept: dict[str, Any], cards_of: dict[str, Any] | None) -> str | None:
    """The deck as upstream wrote it while the cards are the same; else the cards' list."""
    if not cards_of:
        return None
    if kept.get("deck") is not None and cards(str(kept["deck"])) == {s: [str(r) for r in rs] for s, rs in cards_of.items()}:
        return str(kept["deck"])
    return cards_back(cards_of)


def start_back(kept: dict[str, Any], procedure_text: str) -> str:
    """The start as upstream wrote it while its steps are the same; else the steps."""
    if kept.get("start") is not None and procedure(str(kept["start"])) == procedure_text.rstrip():
        return str(kept["start"])
    return procedure_back(procedure_text)
