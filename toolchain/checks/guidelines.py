"""The design guidelines for new actions and characters as lints (BP040–BP046, definitions/README.md
"Design guidelines"): upstream's custom-rule guideline, each item a code, 必須 an error and 推奨 a warning.

They hold the definitions new in the current edition (`since` = rules.yaml edition.id), or every definition
when rules.yaml says `guidelines: all` (a fan rule set). A definition that departs from one on purpose says
so in a reading (`reading: {guideline: BP042, says, reads, why}`), and is not held to it; a reading that excuses
a guideline the definition no longer departs from (its timing changed since) is itself a finding (BP047), so that
it does not excuse the next departure unseen.

The items that need play are checked by the simulator's bounded searches (sim/guideline_search.py): from the start
positions of the widest regulation of the actions concerned, and from the situations of their examples.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from .. import model as m
from .. import sim, simtools
from ..diagnostics import Diagnostic, Location
from ..i18n import _
from ..model.history import same_edition
from ..notation.card_notation import full_deck
from ..notation.keycards import Keycards, KeycardsError

# The level of each guideline: 必須 (must) is an error, 推奨 (should) a warning.
LEVELS: dict[str, str] = {
    "BP040": "error", "BP041": "error", "BP042": "warning", "BP043": "error", "BP044": "error", "BP045": "error",
    "BP046": "error", "BP047": "warning",
}
# The guidelines the engine's searches find: whether a reading excuses one is known only when they ran, and BP043
# and BP044 stop at their first finding, so that one says nothing of the actions not searched after it.
PLAYED = ("BP043", "BP044", "BP046")
STOP_AT_FIRST = ("BP043", "BP044")
# A guideline found in a definition: its code, and the definition's file and id (an action and a character may
# share an id).
Fired = tuple[str, str, str]


def _fired(code: str, item: m.Action | m.Character) -> Fired:
    return code, item.source.location().path, item.id
START_POSITIONS = 1  # dealt start positions searched per regulation (BP043, BP046)
# Decisions tried by all BP046's loop searches together (each takes at most sim's LOOP_NODES): counted, not
# timed, so what is searched never depends on the machine; 60 examples searched in full took a minute.
LOOP_TOTAL_NODES = 30_000

# A target text that names several things: a count above one before を対象 (兵士2体を対象とする), or a word
# for many (全ての兵士を対象とする). The data holds one target kind; only its text can say more.
_MANY = re.compile(r"(?:[2-9]|[1-9][0-9]+|二|三|四|五)\s*(?:体|人|枚|つ|個)(?:まで|以上)?を対象"
                   r"|(?:複数|全て|すべて|全員|両方|それぞれ)の?[^。、]*?を対象")


def run(definitions: m.Definitions, play: bool = True) -> list[Diagnostic]:
    """The guideline findings: read from the definitions, and (`play`) found by the engine's searches."""
    rules = definitions.rules
    if rules is None:
        return []
    held = _held(definitions, rules)
    actions = [a for a in (*definitions.actions, *definitions.frame_actions) if held(a)]
    fired: set[Fired] = set()  # every departure found, excused by a reading or not
    findings = [*_one_target(actions, fired), *_keycards(actions, fired), *_triggered_speed(actions, fired),
                *_characters(definitions, held, fired)]
    searched = play and bool(actions)
    if searched:
        findings += _played(definitions, actions, fired)
    findings += _readings_excusing_nothing([*actions, *filter(held, definitions.characters)], fired, searched)
    return [f for f in findings if f is not None]


def _held(definitions: m.Definitions, rules: m.Rules):  # noqa: ANN202
    """Whether a definition is held to the guidelines: new in this edition, or all of them."""
    edition = rules.edition.get("id")
    return lambda item: rules.guidelines == "all" or same_edition(getattr(item, "since", None), edition)


def _waives(item: m.Action | m.Character, code: str) -> bool:
    return any(reading.guideline == code for reading in item.readings)


def _finding(fired: set[Fired], item: m.Action | m.Character, code: str, message: str,
             *path: str | int) -> Diagnostic | None:
    """The finding at the field `path` of the definition; None when a reading of it says it departs from this
    guideline on purpose (`guideline: BP042`). Either way `fired` keeps that the guideline found it."""
    fired.add(_fired(code, item))
    if _waives(item, code):
        return None
    source = item.source
    where = source.location(*path) if path and source.has(*path) else source.location()
    return Diagnostic(where, code, message, LEVELS[code])


# -- read from the definitions ------------------------------------------------------------------------


def _readings_excusing_nothing(items: Iterable[m.Action | m.Character], fired: set[Fired],
                               searched: bool) -> Iterator[Diagnostic]:
    """BP047: a `guideline:` reading of a definition held to the guidelines whose guideline finds nothing there
    (it excused a departure the definition has since lost): it would excuse the next one unseen."""
    for item in items:
        for index, reading in enumerate(item.readings):
            code = reading.guideline
            if code not in LEVELS or code == "BP047" or _fired(code, item) in fired or (code in PLAYED and not searched):
                continue
            if code in STOP_AT_FIRST and any(found == code for found, _path, _id in fired):
                continue
            yield Diagnostic(_guideline_place(item, index), "BP047", _(
                "the reading of {name} excuses {code}, which finds nothing in {name} any more: it excuses nothing; "
                "remove it, or update it (its guideline: and why:) if it is about another departure").format(
                name=item.name, code=code), LEVELS["BP047"])


def _guideline_place(item: m.Action | m.Character, index: int) -> Location:
    """Where the reading's `guideline:` is written (`reading:` one note, or a list of them)."""
    source = item.source
    for path in (("reading", "guideline"), ("reading", index, "guideline")):
        if source.has(*path):
            return source.location(*path)
    return item.readings[index].location


def _one_target(actions: Iterable[m.Action], fired: set[Fired]) -> Iterator[Diagnostic | None]:
    """BP040 アクションの対象は単対象."""
    for action in actions:
        if action.target is not None and _MANY.search(str(action.target.text)):
            yield _finding(fired, action, "BP040", f"{action.name}: its target names more than one thing "
                           f"('{action.target.text}'); an action has one target", "target", "text")


def _has_keycards(action: m.Action) -> bool:
    return bool(action.keycards) or bool((action.program or {}).get("keycards"))


def _keycards(actions: Iterable[m.Action], fired: set[Fired]) -> Iterator[Diagnostic | None]:
    """BP041 キーカード条件なしの通常-クイックアクションを作らない."""
    for action in actions:
        if action.speed == "normal" and action.timing == "quick" and not _has_keycards(action):
            yield _finding(fired, action, "BP041", f"{action.name} is 通常-クイック without keycards: it stays on the stage, "
                           "and keycards say in which order such requests resolve", "speed")


def _triggered_speed(actions: Iterable[m.Action], fired: set[Fired]) -> Iterator[Diagnostic | None]:
    """BP042 誘発アクションは即時 (推奨)."""
    for action in actions:
        if action.trigger == "triggered" and (action.speed, action.timing) != ("instant", "quick"):
            yield _finding(fired, action, "BP042", f"{action.name} is a triggered action that is not 即時-クイック "
                           f"({action.speed}-{action.timing}): a triggered action should resolve at once", "speed")


def _characters(definitions: m.Definitions, holds, fired: set[Fired]) -> Iterator[Diagnostic | None]:  # noqa: ANN001
    """BP045 場のキャラクターは一目でわかるように定義: no cards, face up or down, make two characters of one format."""
    for one, other in itertools.combinations(definitions.characters, 2):
        if not (holds(one) or holds(other)) or not set(one.formats) & set(other.formats):
            continue
        if one.frame_character != other.frame_character:
            continue  # a frame's own character comes before the format's where the frame is played: the field tells
        if one.frame_character and not set(one.frames) & set(other.frames):
            continue  # two frames' characters never meet
        cards = _same_cards(one, other)
        if cards is not None:
            fired.update(_fired("BP045", character) for character in (one, other) if holds(character))
            item = one if holds(one) else other
            twin = other if item is one else one
            yield _finding(fired, item, "BP045", f"{item.name} and {twin.name} can be made of the same cards ({cards}), "
                           "so the field does not tell which one lies there", "keycards")


def _pattern(character: m.Character) -> Keycards | None:
    try:
        return character.keycards.pattern
    except KeycardsError:
        return None  # BP024 reports it


def _same_cards(one: m.Character, other: m.Character) -> str | None:
    """Cards of one deck that make both characters, face up (soldiers) or face down (bulwarks), or None."""
    first, second = _pattern(one), _pattern(other)
    if first is None or second is None or one.type != other.type:
        return None
    count = _common_count(first, second)
    if count is None:
        return None
    deck = [card for card in full_deck() if _accepts(first, card) and _accepts(second, card)]
    for cards in itertools.combinations(deck, count):
        if first.matches(cards) and second.matches(cards):
            return " ".join(str(card) for card in cards)
    return None


def _accepts(pattern: Keycards, card) -> bool:  # noqa: ANN001
    return pattern.kind == "face-down" or any(group.accepts(card) for group in pattern.groups)


def _common_count(first: Keycards, second: Keycards) -> int | None:
    """The number of cards both patterns may be made of (one of them, at least, takes an exact count)."""
    counts = (first.card_count, second.card_count)
    exact = [c for p, c in zip((first, second), counts) if not p.at_least]
    if len(set(exact)) > 1:
        return None
    return exact[0] if exact and exact[0] >= max(counts) else (max(counts) if not exact else None)


# -- found by play ------------------------------------------------------------------------------------


def _played(definitions: m.Definitions, actions: list[m.Action], fired: set[Fired]) -> list[Diagnostic | None]:
    """BP043, BP044, BP046: the engine's bounded searches, for the actions held to the guidelines."""
    engine = sim.Engine(definitions)
    held = {a.id: a for a in actions}
    if any(a.id in held for a in (p.definition for p in engine.problems)):
        return []  # an action that does not compile is BP031's
    findings: list[Diagnostic | None] = []
    regulations = list(dict.fromkeys(simtools.default_regulation(definitions, a) for a in actions))
    findings += _loops(engine, held, regulations, fired)
    findings += _first_turn(engine, held, regulations, fired)
    findings += _double_triggers(engine, held, regulations, fired)
    return findings


def _loops(engine, held: dict[str, m.Action], regulations, fired: set[Fired]) -> Iterator[Diagnostic | None]:  # noqa: ANN001
    """BP046: from each start position and from the situation of each example of an action held."""
    starts = [(f"the situation of {action.name}'s example '{name}'", game)
              for action in held.values() for name, game in simtools.example_situations(engine, action)]
    for regulation in regulations:
        starts += [(f"a start position of {' + '.join(regulation)}", game)
                   for game in simtools.start_positions(engine, regulation, START_POSITIONS)]
    reported: set[tuple[str, ...]] = set()
    total = [LOOP_TOTAL_NODES]
    for searched, (where, game) in enumerate(starts):
        if total[0] <= 0:
            yield _loop_search_cut_short(held, searched, len(starts), where)
            return
        loop = simtools.find_loop(game, total=total)
        if loop is None:
            continue
        looped = [i for i in _action_ids(engine, loop) if i in held]
        fired.update(_fired("BP046", held[i]) for i in looped)
        ids = [i for i in looped if not _waives(held[i], "BP046")]
        if not ids or tuple(sorted(set(ids))) in reported:
            continue
        reported.add(tuple(sorted(set(ids))))
        action = held[ids[0]]  # the first of the loop's actions that does not depart from the guideline on purpose
        yield _finding(fired, action, "BP046", f"a loop of requests deals {loop.damage} damage each time round while the "
                       f"opponent can only pass, from {where}: {loop.text()}", "program")


def _loop_search_cut_short(held: dict[str, m.Action], searched: int, starts: int, first_unsearched: str) -> Diagnostic:
    """A warning that BP046's searches ran out of their overall budget: no loop found is then no proof there is none."""
    action = next(iter(held.values()))
    return Diagnostic(action.source.location(), "BP046",
                      f"the loop search stopped at its budget of {LOOP_TOTAL_NODES:,} decisions: {searched} of {starts} "
                      f"situations searched, from {first_unsearched} on not (a loop there is not found)", "warning")


def _action_ids(engine, loop) -> list[str]:  # noqa: ANN001
    """The ids of the actions a loop requests, from their names (`アップ ★♡3`)."""
    by_name = {a.name: a.id for a in (*engine.definitions.actions, *engine.definitions.frame_actions)}
    return [by_name[name] for text in loop.actions if (name := text.split(" ★")[0].strip()) in by_name]


def _first_turn(engine, held: dict[str, m.Action], regulations, fired: set[Fired]) -> Iterator[Diagnostic | None]:  # noqa: ANN001
    """BP043: the first player's first turn, from each start position."""
    by_name = {a.name: a for a in held.values()}
    for regulation in regulations:
        for seed, game in enumerate(simtools.start_positions(engine, regulation, START_POSITIONS)):
            line = simtools.first_turn_win(game)
            if line is None:
                continue
            used = [by_name[name] for text in line if (name := text.split(" ★")[0].strip()) in by_name]
            fired.update(_fired("BP043", action) for action in used)
            if used:
                yield _finding(fired, used[0], "BP043", f"the first player wins on the first turn whatever the opponent does, "
                               f"from start position {seed} of {' + '.join(regulation)}: {' → '.join(line)}", "effect")
                return


def _double_triggers(engine, held: dict[str, m.Action], regulations, fired: set[Fired]) -> Iterator[Diagnostic | None]:  # noqa: ANN001
    """BP044: random games of each regulation, watching the trigger checks."""
    if not any(a.trigger == "triggered" and a.speed == "normal" and a.timing == "main" for a in held.values()):
        return
    for regulation in regulations:
        found = simtools.double_trigger(engine, regulation)
        if found is None:
            continue
        ids = [i for i in found.actions if i in held]
        fired.update(_fired("BP044", held[i]) for i in ids)
        if ids:
            action = held[ids[0]]
            others = list(found.actions)
            others.remove(action.id)
            names = ", ".join(definition.name for i in others if (definition := engine.definitions.action(i)) is not None)
            yield _finding(fired, action, "BP044", f"{action.name} is 誘発-通常-メイン and was triggered together with {names} at once "
                           f"(random game {found.seed} of {' + '.join(regulation)}, turn {found.turn}); "
                           "its trigger condition must keep it to one at a time", "trigger_condition")
            return
