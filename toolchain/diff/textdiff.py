"""Character-level differences of two texts (difflib), made readable: a short unchanged run between
two changes is folded into them, so that `キーカードの数字分` → `キーカードの合計値分` reads as one
replacement and not as four scattered characters. Long prose (a rulebook section) is compared
paragraph by paragraph first (`paragraph_diff`), so that a new paragraph is one insertion and
not characters matched across the whole section."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal

Op = Literal["equal", "delete", "insert"]

# An unchanged run this short between two changes is shown as part of the change.
_SHORT_RUN = 2


@dataclass(frozen=True)
class Segment:
    op: Op
    text: str

    def as_dict(self) -> dict[str, str]:
        return {"op": self.op, "text": self.text}


def char_diff(old: str | None, new: str | None) -> tuple[Segment, ...]:
    """The segments that turn `old` into `new`: equal runs, deletions and insertions, in order."""
    old, new = old or "", new or ""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    raw: list[tuple[str, str, str]] = []  # (kind, old part, new part)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        raw.append(("equal" if tag == "equal" else "change", old[i1:i2], new[j1:j2]))
    merged = _fold_short_runs(raw)
    segments: list[Segment] = []
    for kind, before, after in merged:
        if kind == "equal":
            segments.append(Segment("equal", before))
            continue
        if before:
            segments.append(Segment("delete", before))
        if after:
            segments.append(Segment("insert", after))
    return tuple(segments)


def paragraph_diff(old: str | None, new: str | None) -> tuple[Segment, ...]:
    """Like `char_diff` for texts of lines (paragraphs): unchanged, removed and added lines whole, and
    character by character only within a run of lines that was rewritten."""
    old_lines, new_lines = (old or "").splitlines(), (new or "").splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    segments: list[Segment] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        before, after = "".join(f"{line}\n" for line in old_lines[i1:i2]), "".join(f"{line}\n" for line in new_lines[j1:j2])
        if tag == "equal":
            segments.append(Segment("equal", before))
        elif tag == "replace":
            segments.extend(char_diff(before, after))
        else:
            segments.append(Segment("delete", before) if before else Segment("insert", after))
    return _joined(segments)


def _joined(segments: list[Segment]) -> tuple[Segment, ...]:
    """Neighbouring segments of one kind as one, the final newline of the text left out."""
    out: list[Segment] = []
    for segment in segments:
        if out and out[-1].op == segment.op:
            segment = Segment(segment.op, out.pop().text + segment.text)
        out.append(segment)
    if out and out[-1].text.endswith("\n"):
        last = out.pop()
        if last.text != "\n":
            out.append(Segment(last.op, last.text[:-1]))
    return tuple(out)


def _fold_short_runs(raw: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for index, (kind, before, after) in enumerate(raw):
        between_changes = 0 < index < len(raw) - 1 and out and out[-1][0] == "change"
        if kind == "equal" and between_changes and len(before) <= _SHORT_RUN and "\n" not in before:
            kind = "change"  # shown deleted and inserted again, inside the surrounding change
        if kind == "change" and out and out[-1][0] == "change":
            _, previous_before, previous_after = out.pop()
            before, after = previous_before + before, previous_after + after
        out.append((kind, before, after))
    return out


def old_text(segments: tuple[Segment, ...]) -> str:
    return "".join(s.text for s in segments if s.op != "insert")


def new_text(segments: tuple[Segment, ...]) -> str:
    return "".join(s.text for s in segments if s.op != "delete")
