"""What each frame uses, compared: the frame actions, frame fog, trumps and frame characters that enter or leave a frame
that both revisions have. A change of membership is said once per frame (フレーム「エクストラ」で使うものが変わりました: +A, −B),
not once per entry whose derived `frames` changed (model/membership.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import model as m
from ..model.membership import USES_KEYS, members


@dataclass(frozen=True)
class FrameUseChange:
    frame: str  # frame id
    name: str  # its name now
    entered: tuple[str, ...]  # names of the items it uses now and did not
    left: tuple[str, ...]  # … and of those it no longer uses

    def line(self) -> str:
        """The checklist's line: `フレーム「エクストラ」で使うものが変わりました: +A, −B`."""
        moves = [f"+{name}" for name in self.entered] + [f"−{name}" for name in self.left]
        return f"フレーム「{self.name}」で使うものが変わりました: {', '.join(moves)}"

    def as_dict(self) -> dict[str, Any]:
        return {"frame": self.frame, "name": self.name, "entered": list(self.entered), "left": list(self.left)}


def _used(defs: m.Definitions, frame_id: str) -> dict[str, str]:
    """What a frame uses, by (kind key, id), with each item's name."""
    return {f"{key}:{item.id}": item.name for key in USES_KEYS for item in members(defs, frame_id, key)}


def compare_frame_uses(old: m.Definitions, new: m.Definitions) -> list[FrameUseChange]:
    """The frames of both revisions whose used items differ, in the newer revision's order."""
    changes: list[FrameUseChange] = []
    for frame in new.frames:
        if old.frame(frame.id) is None:
            continue  # a new frame is told as one, with its regulations
        before, after = _used(old, frame.id), _used(new, frame.id)
        entered = tuple(name for key, name in after.items() if key not in before)
        left = tuple(name for key, name in before.items() if key not in after)
        if entered or left:
            changes.append(FrameUseChange(frame.id, frame.name, entered, left))
    return changes
