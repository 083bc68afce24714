"""Which entries a list shows: a format (or every format) and the frames played with it.

A format alone is its list of chapter 4.3 (actions, characters, fog); a frame adds its own
entries of chapter 5.3. With no format the list has every format, and by default every frame.
Table 3.1 (formats.yaml `regulations`) decides which format + frame pairs exist.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import model as m
from ..i18n import _

ALL = "all"  # every format / every frame legal with the format
NONE = "none"  # no frame: the format's own list


class SelectionError(ValueError):
    """A format or frame that does not exist, or a pair that table 3.1 does not allow."""


@dataclass(frozen=True)
class Selection:
    format: m.Format | None  # None: every format
    frames: tuple[m.Frame, ...]  # the frames whose entries are shown
    frame_choice: str  # ALL, NONE or a frame id, as chosen

    def title(self) -> str:
        """`プロ + ストラテジー` (3.2.1), `ライト`, or the empty string for the whole list."""
        parts = [self.format.name] if self.format else []
        if self.frame_choice not in (ALL, NONE):
            parts.append(self.frames[0].name)
        return " + ".join(parts)

    @property
    def is_everything(self) -> bool:
        """The whole list (every format, every frame): templates/actionlist/page.html.j2 marks its link current."""
        return self.format is None and self.frame_choice == ALL

    @property
    def slug(self) -> str:
        """A file-name part: `pro`, `pro-strategy`, `all`."""
        parts = [self.format.id if self.format else ALL]
        if self.frame_choice not in (ALL, NONE) or (self.format and self.frame_choice == ALL):
            parts.append(self.frame_choice)
        return "-".join(parts)


def select(defs: m.Definitions, format_key: str | None = None, frame_key: str | None = None) -> Selection:
    """The selection for a format and a frame given by id or Japanese name (`pro`, `プロ`).

    `frame_key` may also be `all` or `none`; left out, it is `all` without a format and `none`
    with one, so `--format lite` is the ライト list and no option at all is everything."""
    fmt = None
    if format_key not in (None, "", ALL):
        fmt = defs.find_format(format_key)
        if fmt is None:
            choices = ", ".join(f"{f.id} ({f.name})" for f in defs.formats)
            raise SelectionError(_("no format '{key}'; the formats are {choices}").format(key=format_key, choices=choices))
    choice = frame_key or (NONE if fmt else ALL)
    if choice == ALL:
        frames = tuple(f for f in defs.frames if fmt is None or defs.is_legal(fmt.id, f.id))
        return Selection(fmt, frames, ALL)
    if choice == NONE:
        return Selection(fmt, (), NONE)
    frame = defs.find_frame(choice)
    if frame is None:
        choices = ", ".join(f"{f.id} ({f.name})" for f in defs.frames)
        raise SelectionError(_("no frame '{key}'; the frames are {choices}").format(key=frame_key, choices=choices))
    if fmt and not defs.is_legal(fmt.id, frame.id):
        raise SelectionError(illegal_message(defs, fmt, frame))
    return Selection(fmt, (frame,), frame.id)


def illegal_message(defs: m.Definitions, fmt: m.Format, frame: m.Frame) -> str:
    allowed = [f.name for f in defs.formats if defs.is_legal(f.id, frame.id)]
    return _("{format} + {frame} is not a regulation: table 3.1 (フレーム対応一覧) plays {frame} only with {allowed}").format(
        format=fmt.name, frame=frame.name, allowed=", ".join(allowed) or _("no format"))


def every_format(defs: m.Definitions) -> list[Selection]:
    """The whole list, then each format's own list: the pages and PDFs of `bp build`."""
    return [select(defs), *(select(defs, f.id) for f in defs.formats)]


def every_regulation(defs: m.Definitions) -> list[Selection]:
    """Each format + frame pair of table 3.1 (formats.yaml `regulations`), by format then frame."""
    return [select(defs, f.id, fr.id) for f in defs.formats for fr in defs.frames if defs.is_legal(f.id, fr.id)]
