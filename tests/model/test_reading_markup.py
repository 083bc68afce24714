"""A reading's ※ note is prose: whatever its says starts with, it prints as written (model.display.reading_markup)."""

from __future__ import annotations

from toolchain.model import display
from toolchain.model.definitions import Location, Reading
from toolchain.notation.markup import Paragraph


def test_a_reading_that_starts_like_a_list_item_prints_as_written() -> None:
    """「2. は…」 at the start of says is prose: the ※ note prints it as written (it was a list that must start at 1,
    and bp build failed with no file or line)."""
    says = ["2. は「墓地」とだけ書く。", "1. は一つめ。", "2.めくった", "・ から始まる", "- で始まる"]
    note = display.reading_markup([Reading(s, "読み。", "理由。", Location("x.yaml", 1, 1)) for s in says])
    assert note is not None
    paragraphs = [block.text for block in note.text.blocks if isinstance(block, Paragraph)]
    assert paragraphs == says
