"""BP048: the printed effect and the program disagree (definitions/README.md, "The printed text and the program").

Nothing else compares what an action's printed text (effect, target, conditions, note) states with what its
program does: an example changed along with the program passes. This check reads, from both sides, facts
that compare exactly, and reports a fact stated on one side and absent or different on the other:

- number: a count (枚, 体, 点) the program writes as a literal (draw, reveal, damage, choose, the top n), or
  one the text states that the program writes nowhere (1, every default, aside);
- zone: where the program moves cards and where the text says they go (「墓地に移す」), where the text
  takes them from (「手札から」), and the bottom of a zone (一番下);
- whose: 「対戦相手の手札」 and the program's zone of another player, and back;
- face (表向き・裏向きにする), state (チャージ・ドライブ状態にする), once (1ターンに1回), until
  (このターンが終わるまで), chooser (対戦相手が選ぶ), suit, rank.

The printed side is read with patterns in the rulebook's words, the zones' names being the edition's
(rules.yaml); the program's side structurally (model/effect_reading.occurrences). It is meant to be precise
rather than complete: a fact a pattern cannot read exactly is not compared. Number, zone and whose are
errors, the others warnings. A reading `{about: program, fact: KIND, says, reads, why}` on the entry says
why the two differ on purpose, and excuses that kind.

A fog entry's ability is compared one way only (what it states, the program must do): it prints what
lingers, not the whole effect.

A character's or trump's ability that says as data what it does (6.3: size, labels, costs, prohibitions,
suits) is compared with that data (abilities.py): whose characters (its scope), the number, the suit (a
standing soldier's label goes to the soldiers of its trump's suit), charged or driven, and the labels it
names (<…>). A reading `{about: abilities|ability, fact: KIND, …}` excuses a kind there.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import model as m
from ..diagnostics import Diagnostic
from ..i18n import N_, _
from ..model import effect_language as lang
from ..model.effect_reading import Reader, occurrences, patterns

CODE = "BP048"

# What each kind of fact is, as a message names it; number, zone and whose are errors.
KINDS: dict[str, str] = {
    "number": N_("the number"),
    "zone": N_("the zone"),
    "whose": N_("whose zone it is"),
    "face": N_("face up or face down"),
    "state": N_("charged or driven"),
    "once": N_("once per turn"),
    "until": N_("until the end of the turn"),
    "chooser": N_("who chooses"),
    "suit": N_("the suit"),
    "rank": N_("the card's number"),
    "label": N_("the label"),
}
ERRORS = ("number", "zone", "whose")

# The printed fields of an action, in the order they are read.
_FIELDS = (("effect",), ("target", "text"), ("activation_condition",), ("trigger_condition",), ("note",))
_NUMBER = re.compile(r"([0-9０-９]+)\s*(枚|体|点)")
_ONCE = re.compile(r"[1１]\s*ターンに\s*[1１]\s*回")
_UNTIL = re.compile(r"このターンが終わるまで|ターン終了時まで")
_FLIP = re.compile(r"(表|裏)(?:向き)?に(?:する|し)")
_STATE = re.compile(r"(チャージ|ドライブ)状態(?:に|で|また)")
_CHOOSER = re.compile(r"(対戦相手|持ち主)(?:が|は)[^。]{0,60}(?:を選|を指定する)")
_BOTTOM = re.compile("一番下")
_REFERENCE = re.compile(r"「([^「」]+)」(?:を|の)?参照")
_LIST_MARKER = re.compile(r"(?m)^\s*[0-9０-９]+\.|手順\s*[0-9０-９]+")
_MOVE_VERBS = r"(?:の(?:一番上|一番下|上|下))?(?:に|へ)(?:移[すしり動]|加え|置[くき]|戻[すし]|送|出[すし])"
# A bound (「21点以下」) the program may state as its neighbour (`not: {ge: [total, 22]}`).
_BOUND = re.compile(r"\s*(?:以下|以上|未満|を越え|を超え|より)")


@dataclass(frozen=True)
class Printed:
    """One printed field's text and where it is."""

    path: tuple[str, ...]
    text: str


def run(definitions: m.Definitions, broken: Collection[str] = ()) -> list[Diagnostic]:
    """Every disagreement between a printed effect and its program, in every action and fog entry, and between
    an ability and its data. `broken`: the files whose entries the cross-file checks refused (keycards that do
    not read, a word of no vocabulary): their abilities' data is not what the editor meant, and comparing it
    would only report the same cause again."""
    rules = definitions.rules
    if rules is None:
        return []
    reader = _LazyReader(definitions)  # the patterns are read only for a finding's message
    words = _Words(rules)
    findings: list[Diagnostic] = []
    # an action's printed text by its name, for a text that refers to it (「…」を参照)
    referred = {action.name: "\n".join(str(text) for path in _FIELDS if (text := _field(action, path)))
                for action in (*definitions.actions, *definitions.frame_actions)}
    for action in (*definitions.actions, *definitions.frame_actions):
        if isinstance(action.program, Mapping):
            printed = [Printed(path, str(text)) for path in _FIELDS if (text := _field(action, path))]
            findings += _compare(action, action.name, printed, action.program, reader, words, both_ways=True, referred=referred)
    for entry in (*definitions.fog, *definitions.frame_fog):
        action = definitions.action(entry.action)
        if action is not None and isinstance(action.program, Mapping):
            printed = [Printed(("ability",), str(entry.ability))]
            findings += _compare(entry, entry.name, printed, action.program, reader, words, both_ways=False, referred=referred)
    for holder in (*definitions.characters, *definitions.trumps):
        if holder.source.location().path in broken:
            continue
        for path, ability in abilities_of(holder):
            if ability.has_effect:
                findings += _compare_ability(holder, path, ability, reader, words)
    return findings


class _LazyReader:
    """A Reader made on first use."""

    def __init__(self, definitions: m.Definitions) -> None:
        self._definitions = definitions
        self._reader: Reader | None = None

    def __getattr__(self, name: str) -> Any:
        if self._reader is None:
            self._reader = Reader(self._definitions)
        return getattr(self._reader, name)


def _field(action: m.Action, path: tuple[str, ...]) -> Any:
    value: Any = action
    for name in path:
        value = getattr(value, name, None)
    return value


class _Words:
    """The edition's names the printed text is read by: its zones and suits."""

    def __init__(self, rules: m.Rules) -> None:
        self.zones = {zone.id: zone.name for zone in rules.zones}
        by_length = sorted(self.zones.items(), key=lambda item: -len(item[1]))
        names = "|".join(re.escape(name) for _id, name in by_length)
        self.zone_of = {name: id_ for id_, name in self.zones.items()}
        self.destination = re.compile(f"({names}){_MOVE_VERBS}")
        self.source = re.compile(f"({names})から")
        self.opponents = re.compile(f"対戦相手の({names})")
        self.suits = {symbol: name for symbol, name in rules.suits}
        labels = rules.vocabulary("labels")
        self.label_name = labels.name
        # whose characters an ability's text names: a scope's name (あなたの, 全ての) or a player's word of the
        # readings (自分の, 対戦相手の), before what it may name (場, 兵士, キャラクター, プレイヤー)
        players = patterns()["words"]["player"]
        # (この: 「このキャラクターが場にいる間」 says when, not whose)
        self.scope_of = {entry.name: entry.id for entry in rules.vocabulary("scopes").entries if entry.id in ("your", "all")}
        self.scope_of.setdefault(f"{players['you']}の", "your")
        self.scope_of.setdefault(f"{players['opponent']}の", "opponent")
        nouns = {self.zones.get("field", ""), *(entry.name for entry in rules.vocabulary("target_kinds").entries)} - {""}
        owners = "|".join(re.escape(word) for word in sorted(self.scope_of, key=len, reverse=True))
        self.scope_words = re.compile(f"({owners})(?:{'|'.join(re.escape(noun) for noun in sorted(nouns, key=len, reverse=True))})")


@dataclass
class _Program:
    """The facts of a program, read structurally."""

    counted: list[tuple[int, Mapping[str, Any]]]
    integers: set[int]
    destinations: dict[str, Mapping[str, Any]]
    sources: set[str]
    bottom: Mapping[str, Any] | None
    others_zones: dict[str, Mapping[str, Any]]  # a zone of a player other than you: 「対戦相手の…」
    opponent_zone: Mapping[str, Any] | None  # a zone of the opponent, by that word
    flips: dict[str, Mapping[str, Any]]
    states: dict[str, Mapping[str, Any]]
    until: Mapping[str, Any] | None
    chooser: Mapping[str, Any] | None
    suits: dict[str, Mapping[str, Any]]
    ranks: dict[str, Mapping[str, Any]]
    once: bool
    revealed: bool = False
    implied: set[str] = field(default_factory=set)  # zones a step moves cards to without the text having to say so


def _read_program(program: Mapping[str, Any]) -> _Program:
    facts = _Program([], set(_integers(program)), {}, set(), None, {}, None, {}, {}, None, None, {}, {},
                     bool((program.get("activation") or {}).get("once_per_turn")))
    # what is on the field: the target and the key soldier; a trigger's zones
    if "target" in program:
        facts.sources.add("field")
    trigger = program.get("trigger") or {}
    facts.sources.update(str(trigger[end]) for end in ("from", "to") if end in trigger)
    for name, form in occurrences(program):
        counted = _COUNTED.get(name, ())
        for option in counted:
            value = form.get(option)
            if isinstance(value, int) and not isinstance(value, bool) and value > 1:  # 0: no least; 1: one at a time
                facts.counted.append((value, form))
        player = form.get("player")
        other = player is not None and player != "you" and not isinstance(player, bool)
        if name == "step.move":
            facts.destinations.setdefault(form["to"], form)
            if form.get("at") == "bottom":
                facts.bottom = facts.bottom or form
            if other:
                facts.others_zones.setdefault(form["to"], form)
        elif name == "step.summon" or name == "step.attach":
            facts.destinations.setdefault("field", form)
            if name == "step.summon":
                facts.states.setdefault(str(form.get("state")), form)
        elif name in ("step.draw", "step.reveal"):
            facts.sources.add("life")
            if name == "step.reveal":
                facts.revealed = True  # めくる: what the text may call 表向きにする
            if name == "step.draw":
                facts.destinations.setdefault("hand", form)
            if other:
                facts.others_zones.setdefault("life", form)
        elif name == "step.negate":
            facts.implied.add("graveyard")  # 無効にする: its keycards go to the graveyard, whether the text says so or not
        elif name == "step.shuffle" and isinstance(form["shuffle"], str):
            facts.sources.add(form["shuffle"])
        elif name == "items.zone" and isinstance(form["zone"], str):
            facts.sources.add(form["zone"])
            if other:
                facts.others_zones.setdefault(form["zone"], form)
            if player == "opponent":
                facts.opponent_zone = facts.opponent_zone or form
        elif name == "step.flip":
            facts.flips.setdefault(str(form.get("face")), form)
            if "lock" in form:
                facts.until = facts.until or form
        elif name in ("step.charge", "step.drive"):
            facts.states.setdefault("charged" if name == "step.charge" else "driven", form)
        elif name == "step.modify_size":
            facts.until = facts.until or form
        elif name in ("step.choose", "step.choose_one", "step.retarget") and form.get("by") not in (None, "you"):
            facts.chooser = facts.chooser or form
        if name == "items.characters":
            facts.sources.add("field")
        if name in ("items.zone", "items.of") and isinstance(form.get("suit"), str):
            facts.suits.setdefault(form["suit"], form)
        if name in ("items.zone", "items.of"):
            for rank in form.get("ranks") or ():
                facts.ranks.setdefault(str(rank), form)
    return facts


# The options of a form that hold a count the text states with its counter.
_COUNTED = {
    "step.draw": ("draw",),
    "step.reveal": ("reveal",),
    "step.damage": ("amount",),
    "step.choose": ("count", "min", "max"),
    "items.zone": ("top",),
}


def _integers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _integers(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _integers(item)


def _number(text: str) -> int:
    return int(text.translate(str.maketrans("０１２３４５６７８９", "0123456789")))


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of `text` around [start, end): what a finding quotes of the printed side."""
    left = max(text.rfind("。", 0, start), text.rfind("\n", 0, start)) + 1
    stops = [i for i in (text.find("。", end), text.find("\n", end)) if i >= 0]
    right = min(stops) + 1 if stops else len(text)
    return text[left:right].strip()


def _compare(item: Any, name: str, printed: list[Printed], program: Mapping[str, Any], reader: Reader, words: _Words,
             both_ways: bool, referred: Mapping[str, str]) -> Iterator[Diagnostic]:
    facts = _read_program(program)
    if getattr(item, "target", None) is not None:
        facts.sources.add("field")  # what an action targets is on the field
    excused = {reading.fact for reading in getattr(item, "readings", ()) if reading.about == "program" and reading.fact}
    every = "\n".join(p.text for p in printed)
    anchor = printed[0].path if printed else ()

    def step(form: Mapping[str, Any] | None) -> str:
        if form is None:
            return _("nothing of the kind")
        return reader.family(form, _family_of(form)).split("\n")[0]

    def stated(kind: str, where: Printed, match: re.Match[str], program_side: str) -> Diagnostic | None:
        if kind in excused:
            return None
        message = _("{name}: the printed text states {fact}, the program does not: 「{printed}」; the program: {program}"
                    ).format(name=name, fact=_(KINDS[kind]), printed=_sentence(where.text, match.start(), match.end()),
                             program=program_side)
        return _finding(item, where.path, kind, message)

    def done(kind: str, form: Mapping[str, Any] | str, printed_side: str) -> Diagnostic | None:
        if kind in excused or not both_ways:
            return None
        program_side = form if isinstance(form, str) else step(form)
        message = _("{name}: the program has {fact}, the printed text does not state it: {program}; the printed text: 「{printed}」"
                    ).format(name=name, fact=_(KINDS[kind]), program=program_side, printed=printed_side)
        return _finding(item, anchor, kind, message)

    # 「効果の内容は「騎士召喚」を参照」: what the program does may be stated by the entry the text refers to
    every = "\n".join([every, *(referred.get(name, "") for name in _REFERENCE.findall(every))])
    summary = every.replace("\n", " ").strip()
    found: list[Diagnostic | None] = []
    unnumbered = _LIST_MARKER.sub("", every)  # 「2. 必要であれば…」 numbers a line, it counts nothing
    texts_numbers = {_number(digits.group(0)) for digits in re.finditer(r"[0-9０-９]+", unnumbered)}
    # numbers
    for value, form in facts.counted:
        if value not in texts_numbers:
            found.append(done("number", form, summary))
    for where in printed:
        for match in _NUMBER.finditer(where.text):
            value = _number(match.group(1))
            near = {value - 1, value + 1} if _BOUND.match(where.text, match.end()) else set()
            keycards = "キーカード" in _sentence(where.text, match.start(), match.end())  # counted by the keycards notation
            if value != 1 and value not in facts.integers and not near & facts.integers and not keycards:
                found.append(stated("number", where, match, _("no {value} anywhere").format(value=value)))
    # zones: where to, where from, the bottom
    for where in printed:
        for match in words.destination.finditer(where.text):
            zone = words.zone_of[match.group(1)]
            if zone not in facts.destinations and zone not in facts.implied:
                moved = ", ".join(words.zones.get(z, z) for z in facts.destinations) or _("nothing")
                found.append(stated("zone", where, match, _("moves to {zones}").format(zones=moved)))
        for match in words.source.finditer(where.text):
            zone = words.zone_of[match.group(1)]
            if zone not in facts.sources and zone not in facts.destinations and zone not in facts.implied:
                found.append(stated("zone", where, match, _("reads nothing from {zone}").format(zone=match.group(1))))
        for match in words.opponents.finditer(where.text):
            zone = words.zone_of[match.group(1)]
            if zone not in facts.others_zones:
                found.append(stated("whose", where, match, _("{zone} of no other player").format(zone=match.group(1))))
        if (bottom := _BOTTOM.search(where.text)) and facts.bottom is None:
            found.append(stated("zone", where, bottom, step(None)))
    for zone, form in facts.destinations.items():
        drawn = zone == "hand" and form.get("draw") is not None and "引" in every  # 引く: into the hand
        discarded = zone == "graveyard" and "捨て" in every  # 捨てる: into the graveyard
        if words.zones.get(zone, zone) not in every and zone != "field" and not drawn and not discarded:
            found.append(done("zone", form, summary))
    if facts.bottom is not None and not _BOTTOM.search(every):
        found.append(done("zone", facts.bottom, summary))
    if facts.opponent_zone is not None and "対戦相手" not in every:
        found.append(done("whose", facts.opponent_zone, summary))
    # face, state, once, until, chooser
    for where in printed:
        for match in _FLIP.finditer(where.text):
            face = "up" if match.group(1) == "表" else "down"
            if face not in facts.flips and not (face == "up" and facts.revealed):
                found.append(stated("face", where, match, step(next(iter(facts.flips.values()), None))))
        for match in _STATE.finditer(where.text):
            state = "charged" if match.group(1) == "チャージ" else "driven"
            if state not in facts.states:
                found.append(stated("state", where, match, step(next(iter(facts.states.values()), None))))
        if (match := _ONCE.search(where.text)) and not facts.once:
            found.append(stated("once", where, match, step(None)))
        if (match := _UNTIL.search(where.text)) and facts.until is None:
            found.append(stated("until", where, match, step(None)))
        if (match := _CHOOSER.search(where.text)) and facts.chooser is None:
            found.append(stated("chooser", where, match, step(None)))
    for face, form in facts.flips.items():
        if ("表" if face == "up" else "裏") not in every:
            found.append(done("face", form, summary))
    for state, form in facts.states.items():
        if ("チャージ" if state == "charged" else "ドライブ") not in every:
            found.append(done("state", form, summary))
    if facts.once and not _ONCE.search(every):
        found.append(done("once", reader.read(program["activation"], _activation_kind(), "activation"), summary))
    if facts.until is not None and "このターン" not in every and "ターン終了" not in every:
        found.append(done("until", facts.until, summary))
    if facts.chooser is not None and not re.search(r"(対戦相手|持ち主|プレイヤー)(が|は)", every):
        found.append(done("chooser", facts.chooser, summary))
    for symbol, form in facts.suits.items():
        if symbol not in every and words.suits.get(symbol, symbol) not in every:
            found.append(done("suit", form, summary))
    for rank, form in facts.ranks.items():
        if rank not in every:
            found.append(done("rank", form, summary))
    yield from (f for f in found if f is not None)


def _activation_kind() -> Any:
    return next(field.kind for field in lang.PROGRAM.fields if field.name == "activation")


def _family_of(form: Mapping[str, Any]) -> lang.Family:
    for family in (lang.STEP_FAMILY, *lang.FAMILIES):
        if any(key in family.form_names for key in form):
            return family
    return lang.STEP_FAMILY


def _finding(item: Any, path: tuple[str, ...], kind: str, message: str) -> Diagnostic:
    source = item.source
    where = source.location(*path) if path and source.has(*path) else source.location()
    return Diagnostic(where, CODE, message, "error" if kind in ERRORS else "warning")


# -- abilities -----------------------------------------------------------------------------------------------

_LABEL = re.compile(r"<([^<>\n]+)>")
_SUIT_SYMBOLS = re.compile("[♠♡♢♣]")


def abilities_of(holder: Any) -> Iterator[tuple[tuple[str | int, ...], m.Ability]]:
    """A character's abilities or a trump's ability, each with its path in the entry (its text is under it)."""
    if isinstance(holder, m.Character):
        for index, ability in enumerate(holder.abilities):
            yield ("abilities", index), ability
    elif isinstance(holder, m.Trump) and holder.ability is not None:
        yield ("ability",), holder.ability


@dataclass
class _AbilityData:
    """The facts an ability's data states."""

    integers: set[int]
    sizes: set[int]
    suits: set[str]
    states: set[str]
    labels: set[str]


def _collect(value: Any, key: str, found: set[str]) -> None:
    """Every value under `key` anywhere in `value` (a condition's suit, a prohibition's steps)."""
    if isinstance(value, Mapping):
        for name, item in value.items():
            if name == key and isinstance(item, str):
                found.add(item)
            elif name == key and isinstance(item, (list, tuple)):
                found.update(str(x) for x in item)
            else:
                _collect(item, key, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect(item, key, found)


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for name, item in value.items():
            yield str(name)
            yield from _keys(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _keys(item)


def _read_ability(holder: Any, ability: m.Ability, label_name: Any) -> _AbilityData:
    data: dict[str, Any] = {"size": ability.size, "where": ability.where, "prohibit": ability.prohibit}
    suits: set[str] = set(ability.suits)
    _collect(data, "suit", suits)
    if ability.grants and isinstance(holder, m.Trump) and holder.suit is not None:
        suits.add(holder.suit)  # a standing soldier's label goes to your soldiers of its trump's suit (5.3.4)
    steps: set[str] = set()
    _collect(ability.prohibit, "steps", steps)
    keys = set(_keys(ability.where)) | set(_keys((ability.prohibit or {}).get("if")))
    states = {state for step, state in (("charge", "charged"), ("drive", "driven")) if step in steps or state in keys}
    labels = {ability.grants} if ability.grants else set()
    for part in ("grant", "remove"):
        labels.update((ability.labels or {}).get(part) or ())
    sizes = {value for value in (ability.size or {}).values() if isinstance(value, int) and not isinstance(value, bool)}
    return _AbilityData(set(_integers(data)), sizes, suits, states, {label_name(label) for label in labels})


def _compare_ability(holder: Any, path: tuple[str | int, ...], ability: m.Ability, reader: Reader,
                     words: _Words) -> Iterator[Diagnostic]:
    """What the ability's printed text states against what its data does: the same facts as a program's, where
    an ability's data can state them."""
    excused = {reading.fact for reading in getattr(holder, "readings", ())
               if reading.about in ("program", "abilities", "ability") and reading.fact}
    text = str(ability.text)
    where = (*path, "text")
    data = _read_ability(holder, ability, words.label_name)
    described = "。".join(reader.ability(ability)) or _("nothing of the kind")
    name = f"{holder.name} ({ability.name})" if ability.name else holder.name
    found: list[Diagnostic] = []

    def stated(kind: str, match: re.Match[str]) -> None:
        if kind not in excused:
            message = _("{name}: the printed ability states {fact}, its data does not: 「{printed}」; the data: {data}").format(
                name=name, fact=_(KINDS[kind]), printed=_sentence(text, match.start(), match.end()), data=described)
            found.append(_finding(holder, where, kind, message))

    def done(kind: str) -> None:
        if kind not in excused:
            message = _("{name}: the ability's data has {fact}, the printed text does not state it: {data}; the printed text: 「{printed}」"
                        ).format(name=name, fact=_(KINDS[kind]), data=described, printed=text.replace("\n", " ").strip())
            found.append(_finding(holder, where, kind, message))

    # whose characters: the scope
    for match in words.scope_words.finditer(text):
        if words.scope_of[match.group(1)] != ability.scope:
            stated("whose", match)
            break
    if ability.scope == "all" and not any(words.scope_of[m_.group(1)] == "all" for m_ in words.scope_words.finditer(text)):
        done("whose")
    # numbers
    for match in _NUMBER.finditer(text):
        value = _number(match.group(1))
        if value != 1 and value not in data.integers:
            stated("number", match)
    texts_numbers = {_number(digits.group(0)) for digits in re.finditer(r"[0-9０-９]+", text)}
    if {abs(size) for size in data.sizes} - texts_numbers:  # 「1 減算する」 states the -1 it adds
        done("number")
    # suits
    printed_suits = {symbol: match for match in _SUIT_SYMBOLS.finditer(text) for symbol in (match.group(0),)}
    printed_suits.update({symbol: match for symbol, suit_name in words.suits.items() for match in re.finditer(re.escape(suit_name), text)})
    for symbol, match in printed_suits.items():
        if symbol not in data.suits:
            stated("suit", match)
    if data.suits - set(printed_suits):
        done("suit")
    # charged or driven
    for match in _STATE.finditer(text):
        if ("charged" if match.group(1) == "チャージ" else "driven") not in data.states:
            stated("state", match)
    for state in data.states:
        if ("チャージ" if state == "charged" else "ドライブ") not in text:
            done("state")
    # labels
    printed_labels = {match.group(1).strip(): match for match in _LABEL.finditer(text)}
    for label, match in printed_labels.items():
        if label not in data.labels:
            stated("label", match)
    if any(label not in printed_labels and label not in text for label in data.labels):
        done("label")
    yield from found
