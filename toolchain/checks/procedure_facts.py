"""BP051: a frame's printed procedure (`start.procedure`) and its start steps (`start.steps`) disagree.

The rulebook and the lists print the procedure; the simulator plays the steps. Nothing else compares them: a step
changed without the text (or the text without the step) still checks and plays. As BP048 does for effects, this
check reads, from both sides, facts that compare exactly, and reports one stated on one side and absent or
different on the other:

- number: the cards in each mini-pack dealt (「3枚ずつ」) and the packs (「6個のミニパック」), the cards picked
  from a pack (「ミニパックを見て1枚」), the cards set into a zone (「レアカード1枚」「2枚選び切札として」
  「14枚を取り除いてパックとし」「手札を7枚とする」), the cards drawn (「4枚引いて」) and opened (「切札を1枚表向き」);
  a zone's count is read against every count the steps give it (the steps are followed, counting), and each
  deal, pick, choice and move of the steps must be stated (a draw need not be: 2.9.1 deals the hand);
- direction: a text that passes a pack to another player (「対戦相手に渡す」), where the steps pass each pack
  among the player's own (`pass`, `among: own`);
- order: who does what after 先攻決定 (「先攻決定の後、後攻は1枚引く」) and the steps after `first-player`
  (`players: first`/`second`/`both`), both ways.

The printed side is read with patterns in the rulebook's words, the zones' names being the edition's
(rules.yaml). A fact a pattern cannot read exactly (「合計6枚」「残り12枚」) is not compared. A reading
`{about: steps, fact: KIND, says, reads, why}` on the frame says why the two differ on purpose, and excuses that kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .. import model as m
from ..diagnostics import Diagnostic, Location
from ..i18n import N_, _

CODE = "BP051"
READING_ABOUT = "steps"

# What a compared fact is, as a message names it.
FACTS: dict[str, str] = {
    "dealt": N_("the cards of each pack dealt"),
    "packs": N_("the packs dealt"),
    "picked": N_("the cards picked from a pack"),
    "drawn": N_("the cards drawn"),
    "opened": N_("the trumps turned face up"),
    "zone": N_("the cards in {zone}"),
}
# The kind of fact (a reading's `fact:`) each compared fact is.
_NUMBER = "number"
_DIRECTION = "direction"
_ORDER = "order"

_DIGITS = r"([0-9０-９]+)"
_DEALT = re.compile(_DIGITS + r"\s*枚ずつ")
_PACKS = re.compile(_DIGITS + r"\s*(?:個|つ)の[^、。\s]*パック")
_PICKED = re.compile(r"パックを[^、。]*?見て[^、。0-9０-９]*" + _DIGITS + r"\s*枚")
_DRAWN = re.compile(_DIGITS + r"\s*枚引")
_TO_OTHERS = re.compile(r"(?:対戦相手|相手|隣|左|右)(?:の[^、。]*?)?に(?:渡|回)")
_AFTER_FIRST = re.compile(r"先攻決定(?:の)?後")
_SECOND = re.compile(r"後攻")
_FIRST = re.compile(r"先攻(?!決定)")


def _number(digits: str) -> int:
    return int(digits.translate(str.maketrans("０１２３４５６７８９", "0123456789")))


@dataclass(frozen=True)
class Stated:
    """A fact of the printed procedure: which, its value, and where (the line of the text and the column in it)."""

    fact: str  # a key of FACTS
    value: int
    zone: str | None
    line: int  # 0-based, in the procedure's text
    column: int  # 0-based, in that line
    sentence: str


@dataclass
class _Steps:
    """The facts of the start steps, followed in order with the count of every zone they fill."""

    values: dict[tuple[str, str | None], set[int]] = field(default_factory=dict)
    # what each deal, pick, choice and move states, and the step's index: the text must state it too
    stated: list[tuple[str, str | None, int, int]] = field(default_factory=list)
    after_first: list[tuple[int, m.SetupStep]] = field(default_factory=list)
    first_at: int | None = None
    passes: list[int] = field(default_factory=list)

    def add(self, fact: str, zone: str | None, value: int) -> None:
        self.values.setdefault((fact, zone), set()).add(value)


_SHORT_CHOICES = {"choose-rare": "rare", "choose-hand": "hand", "choose-trumps": "trump"}
_SHORT_FORMS = ("pack", "draw", "draw-to", *_SHORT_CHOICES)  # written {kind: N}


def _read_steps(steps: tuple[m.SetupStep, ...]) -> _Steps:
    facts, held = _Steps(), dict[str, int]()

    def into(zone: str, count: int, index: int | None = None) -> None:
        """`count` cards into the zone; a choice or move (its index given) states its count, a pick or draw
        only the total it comes to."""
        held[zone] = held.get(zone, 0) + count
        facts.add("zone", zone, held[zone])
        if index is not None:
            facts.add("zone", zone, count)
            facts.stated.append(("zone", zone, count, index))

    for index, step in enumerate(steps):
        count = step.count
        if step.kind == "first-player":
            facts.first_at = index
            continue
        if facts.first_at is not None:
            facts.after_first.append((index, step))
        if step.kind == "deal":
            facts.add("dealt", None, count or 1)
            facts.add("packs", None, step.packs or 1)
            facts.stated += [("dealt", None, count or 1, index), ("packs", None, step.packs or 1, index)]
        elif step.kind == "pick":
            facts.add("picked", None, count or 1)
            facts.stated.append(("picked", None, count or 1, index))
            into(step.to or "", count or 1)
        elif step.kind == "pass":
            facts.passes.append(index)
        elif step.kind in ("choose", *_SHORT_CHOICES) or step.kind in ("move", "pack"):
            zone = _SHORT_CHOICES.get(step.kind, "pack" if step.kind == "pack" else step.to or "")
            if count is not None:
                into(zone, count, index)
            if step.origin is not None and count is not None:
                held[step.origin] = held.get(step.origin, 0) - count
                facts.add("zone", step.origin, held[step.origin])
        elif step.kind == "draw":
            facts.add("drawn", None, count or 1)
            into("hand", count or 1)
        elif step.kind == "draw-to":
            drawn = (count or 0) - held.get("hand", 0)
            facts.add("drawn", None, drawn)
            into("hand", drawn)
        elif step.kind == "open-trump":
            facts.add("opened", None, 1)
    return facts


class _Patterns:
    """The patterns that name a zone, made of the edition's zone names (rules.yaml)."""

    def __init__(self, rules: m.Rules) -> None:
        by_length = sorted(((zone.name, zone.id) for zone in rules.zones), key=lambda item: -len(item[0]))
        self.zone_of = dict(by_length)
        names = "(" + "|".join(re.escape(name) for name, _id in by_length) + ")"
        # read in this order; what one reads is blanked for the next (「表切札1枚」 is no zone count)
        self.counted: list[tuple[str, re.Pattern[str]]] = [
            ("opened", re.compile(r"表(?:向きの)?" + names + r"\s*" + _DIGITS + r"\s*枚")),
            ("opened", re.compile(names + r"を\s*" + _DIGITS + r"\s*枚表")),
            ("dealt", _DEALT), ("packs", _PACKS), ("picked", _PICKED),
            ("zone", re.compile(_DIGITS + r"\s*枚を?選び\s*" + names + r"と")),
            ("zone", re.compile(names + r"に入れる\s*" + _DIGITS + r"\s*枚")),
            ("zone", re.compile(_DIGITS + r"\s*枚を取り除いて" + names + r"と")),
            ("drawn", _DRAWN),
            ("zone", re.compile(names + r"\s*を?\s*" + _DIGITS + r"\s*枚")),
        ]

    def read(self, text: str) -> list[Stated]:
        out: list[Stated] = []
        for number, line in enumerate(text.split("\n")):
            left = line
            for fact, pattern in self.counted:
                for match in pattern.finditer(left):
                    groups = [g for g in match.groups() if g is not None]
                    digits = next(g for g in groups if g[0] in "0123456789０１２３４５６７８９")
                    zone = next((self.zone_of[g] for g in groups if g in self.zone_of), None) if fact == "zone" else None
                    out.append(Stated(fact, _number(digits), zone, number, match.start(), _sentence(line, match.start())))
                left = pattern.sub(lambda match: " " * len(match.group(0)), left)
        return out


def _sentence(line: str, at: int) -> str:
    left = line.rfind("。", 0, at) + 1
    right = line.find("。", at)
    return line[left:right + 1 if right >= 0 else len(line)].strip().lstrip("-・ ").strip()


def _step_text(step: m.SetupStep) -> str:
    """A step as frames.yaml writes it (its arguments in flow style)."""
    if step.kind in _SHORT_FORMS and step.players == "both":
        return f"{{{step.kind}: {step.count}}}"
    arguments = {"count": step.count, "packs": step.packs, "to": step.to, "from": step.origin}
    if step.players != "both":
        arguments["players"] = step.players
    shown = ", ".join(f"{key}: {value}" for key, value in arguments.items() if value is not None)
    return f"{{{step.kind}: {{{shown}}}}}" if shown else step.kind


def run(definitions: m.Definitions) -> list[Diagnostic]:
    """Every disagreement between a frame's printed procedure and its start steps."""
    rules = definitions.rules
    if rules is None:
        return []
    patterns = _Patterns(rules)
    zone_names = {zone.id: zone.name for zone in rules.zones}
    return [finding for frame in definitions.frames for finding in _compare(frame, patterns, zone_names)]


def _compare(frame: m.Frame, patterns: _Patterns, zone_names: dict[str, str]) -> Iterator[Diagnostic]:
    excused = {reading.fact for reading in frame.readings if reading.about == READING_ABOUT and reading.fact}
    text = str(frame.procedure)
    stated = patterns.read(text)
    steps = _read_steps(frame.steps)

    def fact_name(fact: str, zone: str | None) -> str:
        return _(FACTS[fact]).format(zone=zone_names.get(zone or "", zone))

    def at_text(item: Stated) -> Location:
        return _text_location(frame, item.line, item.column)

    def at_step(index: int) -> Location:
        return frame.source.location("start", "steps", index)

    steps_text = ", ".join(_step_text(step) for step in frame.steps)
    if _NUMBER not in excused:
        for item in stated:
            values = steps.values.get((item.fact, item.zone), set())
            if item.value not in values:
                yield Diagnostic(at_text(item), CODE, _(
                    "{name}: the printed procedure states {fact}: {value}, the start steps do not: 「{printed}」; "
                    "the steps: {steps}").format(name=frame.name, fact=fact_name(item.fact, item.zone), value=item.value,
                                                 printed=item.sentence, steps=steps_text))
        printed = {(item.fact, item.zone, item.value) for item in stated}
        for fact, zone, value, index in steps.stated:
            if (fact, zone, value) not in printed:
                yield Diagnostic(at_step(index), CODE, _(
                    "{name}: the start step {step} has {fact}: {value}, the printed procedure does not state it"
                ).format(name=frame.name, step=_step_text(frame.steps[index]), fact=fact_name(fact, zone), value=value))
    lines = text.split("\n")
    if _DIRECTION not in excused:
        for number, line in enumerate(lines):
            match = _TO_OTHERS.search(line)
            if match is not None and "パック" in line:
                yield Diagnostic(_text_location(frame, number, match.start()), CODE, _(
                    "{name}: the printed procedure passes a pack to another player: 「{printed}」; the start steps pass "
                    "each pack among the player's own packs (pass, among: own)"
                ).format(name=frame.name, printed=_sentence(line, match.start())))
    if _ORDER not in excused:
        yield from _order(frame, lines, steps, at_step)


def _order(frame: m.Frame, lines: list[str], steps: _Steps, at_step: Callable[[int], Location]) -> Iterator[Diagnostic]:
    """Who does what after 先攻決定: each line that says so against the steps after first-player, and back."""
    players_after = {step.players for _index, step in steps.after_first}
    said = False
    for number, line in enumerate(lines):
        match = _AFTER_FIRST.search(line)
        if match is None:
            continue
        said = True
        rest = line[match.end():]
        who = "second" if _SECOND.search(rest) else "first" if _FIRST.search(rest) else "both"
        if not steps.after_first:
            yield Diagnostic(_text_location(frame, number, match.start()), CODE, _(
                "{name}: the printed procedure says what is done after 先攻決定: 「{printed}」; the start steps do "
                "nothing after first-player").format(name=frame.name, printed=_sentence(line, match.start())))
        elif who not in players_after:
            yield Diagnostic(_text_location(frame, number, match.start()), CODE, _(
                "{name}: the printed procedure has {who} do it after 先攻決定: 「{printed}」; the start steps after "
                "first-player are for {players}").format(name=frame.name, who=who, printed=_sentence(line, match.start()),
                                                         players=", ".join(sorted(players_after))))
    if steps.after_first and not said:
        index, step = steps.after_first[0]
        yield Diagnostic(at_step(index), CODE, _(
            "{name}: the start step {step} comes after first-player; the printed procedure says nothing done after 先攻決定"
        ).format(name=frame.name, step=_step_text(step)))


def _text_location(frame: m.Frame, line: int, column: int) -> Location:
    """Where a line of the procedure (and a column in it) is written: the line's own place in a block."""
    source = frame.source
    path = source.base + ("start", "procedure")
    mark = source.doc.text_line_mark(path, line)
    if path not in source.doc.block_scalars:
        return Location(source.path, mark.line, mark.column)
    raw = source.doc.lines[mark.line - 1] if 0 < mark.line <= len(source.doc.lines) else ""
    text = str(frame.procedure).split("\n")[line]
    indent = len(raw) - len(text) if raw.endswith(text) else mark.column - 1  # the block's indentation
    return Location(source.path, mark.line, indent + 1 + column)
