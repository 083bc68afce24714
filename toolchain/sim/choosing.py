"""Where a choice of several items stands while it is asked one item at a time (the game start's cards, a
program's `choose`): a person is told how many to choose and how many are chosen."""

from __future__ import annotations

from typing import NamedTuple


class Choosing(NamedTuple):
    """`chosen` so far, `least`–`most` in all: the counts the data gives (a frame's `{choose-hand: 3}`, a
    program's `choose`)."""

    chosen: int
    least: int
    most: int
