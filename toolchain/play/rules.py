"""The working tree's rules as the table plays them: loaded and checked at start, and again whenever a file
under definitions/ is saved (polled as `bp serve` polls, twice a second).

Rules that check become the next version the page may restart with; rules that do not are reported
(path:line:column, as `bp check` prints them) and the game goes on with the last rules that checked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import model as m
from .. import sim
from ..i18n import _, ngettext
from ..model.repository import DEFINITIONS_DIR
from ..site.live_server import signature

WATCHED = (DEFINITIONS_DIR,)  # the schemas are the toolchain's (model/repository.py)


@dataclass(frozen=True)
class Rules:
    """One load of the working tree: the definitions and their engine if they check, else the findings."""

    version: int
    definitions: m.Definitions | None
    engine: sim.Engine | None
    findings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.engine is not None


def load_rules(root: Path, version: int) -> Rules:
    from ..checks import load

    checked = load(root)
    if checked.findings:
        return Rules(version, None, None, tuple(finding.text() for finding in checked.findings))
    return Rules(version, checked.definitions, sim.Engine(checked.definitions))


def changed_line(rules: Rules) -> str:
    """What the terminal says when the rules were saved and loaded again."""
    if rules.ok:
        return _("rules changed: they check; the page offers to restart with them")
    return ngettext("rules changed: {count} finding; the game goes on with the last rules that checked",
                    "rules changed: {count} findings; the game goes on with the last rules that checked",
                    len(rules.findings)).format(count=len(rules.findings))


@dataclass
class RulesWatch:
    """The latest load of the rules, kept current by a thread; `changed` is called after every load."""

    root: Path
    log: Callable[[str], None]
    changed: Callable[[Rules], None] = lambda rules: None
    latest: Rules = field(init=False)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.latest = load_rules(self.root, 1)

    def start(self) -> None:
        threading.Thread(target=self._watch, name="bp-play-rules", daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()

    def _watch(self) -> None:
        seen = signature(self.root, WATCHED)
        while not self.stopping.wait(0.5):
            now = signature(self.root, WATCHED)
            if now == seen:
                continue
            self.stopping.wait(0.15)  # an editor's save is often several writes
            seen = signature(self.root, WATCHED)
            try:
                rules = load_rules(self.root, self.latest.version + 1)
            except Exception as exc:  # noqa: BLE001 - a tree that cannot be read: reported, the table plays on
                rules = Rules(self.latest.version + 1, None, None, (_("cannot load the rules: {error}").format(error=exc),))
            self.latest = rules
            for line in rules.findings:
                self.log(line)
            self.log(changed_line(rules))
            self.changed(rules)
