"""Which frames each frame item belongs to: what a frame's `uses` selects, with what the item names itself.

A frame states the groups of frame actions, frame fog, trumps and frame characters it uses
(`uses: {actions: {groups: [pack, trump], except: [...], add: [...]}, trumps: {categories: [...]}}`), so that a
new frame is one entry; an item may still name its frames itself (`frames: [draft]`: the earlier form, and the way
for one frame's own item), and is then in those and in the frames that add it by id. The loader calls `derive`
once: every item's `frames` is then its whole membership, in the frames' order, and everything above the model
reads that.

    uses = Uses(groups=("pack",), add=("open-pack",))
    uses.selects(action)                    # True: in the group, or added by id, and not excepted
    derive(defs)                            # each frame item's `frames` from the frames' `uses`
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .definitions import Action, Character, Definitions, FogEntry, Trump

# The keys of a frame's `uses`, each with the kind of definition it selects from and the vocabularies its
# `categories` and `groups` name (None: the kind has no such field).
USES_KEYS: dict[str, tuple[str, str, str | None]] = {
    "actions": ("frame-actions", "categories", "frame_action_groups"),
    "fog": ("frame-fog", "categories", "fog_groups"),
    "trumps": ("trumps", "trump_categories", None),
    "characters": ("frame-characters", "character_types", None),
}

FrameItem = Action | FogEntry | Trump | Character


@dataclass(frozen=True)
class Uses:
    """What a frame uses of one kind: the items of its categories or groups, and those added by id, but not the
    excepted ones."""

    categories: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    add: tuple[str, ...] = ()
    excepted: tuple[str, ...] = ()

    def selects(self, item: FrameItem) -> bool:
        """Whether the frame uses the item: added by id, or of a category or group listed, and not excepted. An item
        that names its frames itself is placed by name: no category or group brings it into another frame (a new
        frame's own action, `frames: [draft]`, stays out of the frames that use its group)."""
        if item.id in self.excepted:
            return False
        if item.id in self.add:
            return True
        return not item.frames_written and (category_of(item) in self.categories or getattr(item, "group", None) in self.groups)


def category_of(item: FrameItem) -> str:
    """The word a selector's `categories` matches: an action's or fog entry's type, a trump's category, a character's
    type (兵士, 防壁)."""
    return item.type if isinstance(item, Character) else item.category


def uses_from(written: Mapping[str, Any] | None) -> dict[str, Uses]:
    """A frame's `uses` as written (the schema has checked its shape)."""
    return {key: Uses(tuple(value.get("categories", ())), tuple(value.get("groups", ())), tuple(value.get("add", ())),
                      tuple(value.get("except", ()))) for key, value in (written or {}).items()}


def items_of(defs: Definitions, key: str) -> list[Any]:
    """The definitions a key of `uses` selects from."""
    return {"actions": defs.frame_actions, "fog": defs.frame_fog, "trumps": defs.trumps,
            "characters": defs.frame_characters}[key]


def _frame_items(defs: Definitions, key: str) -> tuple[list[Any], list[int]]:
    """The list that holds a kind's frame items, and their places in it (frame characters are among the characters)."""
    if key == "characters":
        return defs.characters, [i for i, c in enumerate(defs.characters) if c.frame_character]
    items = items_of(defs, key)
    return items, list(range(len(items)))


def members(defs: Definitions, frame_id: str, key: str) -> list[Any]:
    """The items of one kind a frame uses (after `derive`), in their list's order."""
    return [item for item in items_of(defs, key) if frame_id in item.frames]


def derive(defs: Definitions) -> None:
    """Every frame item's `frames`: the frames whose `uses` selects it and those it names itself, in the order of
    frames/frames.yaml (a frame it names that does not exist stays, last, for the reference check to report)."""
    for key in USES_KEYS:
        items, places = _frame_items(defs, key)
        for index in places:
            item = items[index]
            written = item.frames_written
            chosen = [frame.id for frame in defs.frames
                      if frame.id in written or (key in frame.uses and frame.uses[key].selects(item))]
            unknown = [frame for frame in written if defs.frame(frame) is None]
            items[index] = replace(item, frames=(*chosen, *unknown))
