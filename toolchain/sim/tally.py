"""What the examples showed of the programs, beyond passing: which triggers held, and which effect steps
were aimed at something. `bp check` turns what never happened into findings (checks/programs.py): a
trigger condition that never held in any example (BP037), a step of an effect whose target set was
empty every time an example ran it (BP038). A game records into a Tally only when it has one
(`game.tally`, set by the example runner); random games have none and pay one attribute test."""

from __future__ import annotations


class Tally:
    """Filled by every example's game: the triggered actions whose condition held (flow.collect), and for each
    aimed step (action id, path in the program), whether it ever had something to act on."""

    def __init__(self) -> None:
        self.fired: set[str] = set()
        self.aimed: dict[tuple[str, tuple], bool] = {}

    def aim(self, action: str, path: tuple, found: bool) -> None:
        key = (action, path)
        self.aimed[key] = self.aimed.get(key, False) or found

    def never_aimed(self) -> list[tuple[str, tuple]]:
        """The steps run at least once, always with nothing to act on."""
        return [key for key, found in self.aimed.items() if not found]
