"""Cross-file checks on the loaded definitions: ids, references, format consistency, table 3.1,
keycards, markup, costs, trump links, vocabularies, the readings of names, and rules that are text only. Every check yields all its findings.
(The programs and examples are checked by running them: programs.py.)"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import model as m
from ..diagnostics import Diagnostic, Location, shorten
from ..model.doclabels import DOCS_DIR, section_label_places, section_labels
from ..i18n import N_, _
from ..model.history import edition_number, lists_edition, same_edition
from ..model.loader import LoadResult
from ..model.membership import USES_KEYS, items_of
from ..notation.kana import kana_problem

Check = Callable[[LoadResult], Iterator[Diagnostic]]


def run_checks(result: LoadResult) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    for check in CHECKS:
        findings.extend(check(result))
    return findings


# -- BP020 unique ids -------------------------------------------------------------------------


def _id_spaces(defs: m.Definitions) -> dict[str, list]:
    return {
        "act": [*defs.actions, *defs.frame_actions],
        "fog": [*defs.fog, *defs.frame_fog],
        "char": defs.characters,
        "frame": defs.frames,
        "trump": defs.trumps,
        "format": defs.formats,
        "ruling": defs.rulings,
    }


# What shares one list of ids, in an editor's words (the space names are internal).
_SPACE_WORDS = {
    "act": N_("actions and frame actions share one list of ids"),
    "fog": N_("fog and frame fog entries share one list of ids"),
    "char": N_("every character needs its own id"),
    "frame": N_("every frame needs its own id"),
    "trump": N_("every trump needs its own id"),
    "format": N_("every format needs its own id"),
    "ruling": N_("every ruling needs its own id"),
}


def unique_ids(result: LoadResult) -> Iterator[Diagnostic]:
    """An id used twice in one space, and a name used twice: an action copied to make a new one with
    its id changed but not its name would be listed twice under one name, and examples, which name
    actions by name, would not tell them apart. (One finding per definition: the id's, if both.)"""
    for space, items in _id_spaces(result.definitions).items():
        first: dict[str, m.Source] = {}
        named: dict[str, m.Source] = {}
        for item in items:
            if item.id in first:
                other = first[item.id]
                yield Diagnostic(
                    item.source.location("id"),
                    "BP020",
                    _("id '{id}' is already used by {place} ({why}): give one of them another id").format(
                        id=item.id, place=f"{other.path}:{other.location('id').line}", why=_(_SPACE_WORDS[space])),
                )
                continue
            first[item.id] = item.source
            name = getattr(item, "name", None)
            if not name:
                continue
            if name in named:
                other = named[name]
                yield Diagnostic(
                    item.source.location("name"),
                    "BP020",
                    _("name '{name}' is already used by {place}: the lists and the examples tell definitions apart "
                      "by name; give one of them another name").format(name=name, place=f"{other.path}:{other.location('name').line}"),
                )
            else:
                named[name] = item.source


def doc_labels_free(result: LoadResult) -> Iterator[Diagnostic]:
    """A section label of docs/ that a list directive or the FAQ also gives a section (`frame-draft`, ドラフト's
    entry): Sphinx would keep one of the two, and :ref: would link to the other's section."""
    places = section_label_places(result.root)
    if not places:
        return
    from ..model.display import generated_labels  # the lists' display decisions: only a repository with docs/ needs them

    generated = generated_labels(result.definitions)
    for place in places:
        if place.label in generated:
            yield Diagnostic(
                Location(place.path, place.line, place.column), "BP020",
                _("label '{label}' is also the label the rulebook gives to the section '{title}' of a list or the FAQ: "
                  "give this section another label, e.g. '{label}-section'").format(label=place.label, title=generated[place.label]))


# -- BP021 references -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Ref:
    source: m.Source
    field: tuple[str | int, ...]
    space: str
    id: str
    what: str


def _references(defs: m.Definitions) -> Iterator[_Ref]:
    for action in (*defs.actions, *defs.frame_actions):
        for i, character in enumerate(action.summons):
            yield _Ref(action.source, ("summons", i), "char", character, N_("character"))
        for i, fmt in enumerate(action.formats):
            yield _Ref(action.source, ("formats", i), "format", fmt, N_("format"))
        for i, frame in enumerate(action.frames_written):
            yield _Ref(action.source, ("frames", i), "frame", frame, N_("frame"))
        if action.trump:
            yield _Ref(action.source, ("trump",), "trump", action.trump, N_("trump"))
        if action.keycards and action.keycards.error is None and action.keycards.pattern.character is not None:
            yield _Ref(action.source, ("keycards",), "char", action.keycards.pattern.character, N_("character"))
    for entry in (*defs.fog, *defs.frame_fog):
        yield _Ref(entry.source, ("action",), "act", entry.action, N_("action"))
        for i, frame in enumerate(entry.frames_written):
            yield _Ref(entry.source, ("frames", i), "frame", frame, N_("frame"))
    for character in defs.characters:
        for i, fmt in enumerate(character.formats):
            yield _Ref(character.source, ("formats", i), "format", fmt, N_("format"))
    for frame in defs.frames:
        for i, fmt in enumerate(frame.formats):
            yield _Ref(frame.source, ("formats", i), "format", fmt, N_("format"))
    for trump in defs.trumps:
        for i, frame in enumerate(trump.frames_written):
            yield _Ref(trump.source, ("frames", i), "frame", frame, N_("frame"))
    if defs.default_frame and defs.formats_source:
        yield _Ref(defs.formats_source, ("default_frame",), "frame", defs.default_frame, N_("frame"))
    if defs.regulations_source:
        for frame, formats in defs.regulations.items():
            yield _Ref(defs.regulations_source, (frame,), "frame", frame, N_("frame"))
            for i, fmt in enumerate(formats):
                yield _Ref(defs.regulations_source, (frame, i), "format", fmt, N_("format"))


def references_resolve(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    spaces = _id_spaces(defs)
    known = {space: {item.id for item in items} for space, items in spaces.items()}
    for space, ids in result.invalid_ids.items():
        known.setdefault(space, set()).update(ids)
    for ref in _references(defs):
        if ref.id not in known[ref.space] and ref.space not in result.incomplete:
            key = ref.field == (ref.id,)  # a mapping key (table 3.1's frame)
            hint = m.id_hint(ref.id, (m.Named(item.id, item.name) for item in spaces[ref.space]))
            yield Diagnostic(ref.source.location(*ref.field, key=key), "BP021",
                             _("no {what} has the id '{id}'").format(what=_(ref.what), id=shorten(ref.id)) + hint)


def policy_references(result: LoadResult) -> Iterator[Diagnostic]:
    """rules.yaml `policy` (the practice opponent's rules of thumb) names actions of the edition, and labels."""
    defs, rules = result.definitions, result.definitions.rules
    if not rules or "act" in result.incomplete:
        return
    actions = [*defs.actions, *defs.frame_actions]
    known = {action.id for action in actions} | result.invalid_ids.get("act", set())
    policy = rules.policy
    named = [((group, i), id_, False) for group in m.POLICY_GROUPS for i, id_ in enumerate(getattr(policy, group))]
    named += [(("off_turn", id_), id_, True) for id_ in policy.off_turn]
    for field, id_, key in named:
        if id_ not in known:
            hint = m.id_hint(id_, (m.Named(action.id, action.name) for action in actions))
            yield Diagnostic(rules.source.location("policy", *field, key=key), "BP021",
                             _("no {what} has the id '{id}'").format(what=_("action"), id=shorten(id_)) + hint)


# What a frame's `uses` adds or excepts by id, in an editor's words: the frame items of each kind.
_USES_WHAT = {"actions": N_("frame action"), "fog": N_("frame fog entry"), "trumps": N_("trump"), "characters": N_("frame character")}


def uses_resolve(result: LoadResult) -> Iterator[Diagnostic]:
    """A frame's `uses` adds and excepts frame items of its kind by id (a 4.3 action is the formats', not a frame's)."""
    defs = result.definitions
    spaces = {"actions": "act", "fog": "fog", "trumps": "trump", "characters": "char"}
    for frame in defs.frames:
        for key, uses in frame.uses.items():
            items = items_of(defs, key)
            known = {item.id for item in items}
            for field, ids in (("add", uses.add), ("except", uses.excepted)):
                for i, id_ in enumerate(ids):
                    if id_ in known or spaces[key] in result.incomplete or id_ in result.invalid_ids.get(spaces[key], ()):
                        continue
                    hint = m.id_hint(id_, (m.Named(item.id, item.name) for item in items))
                    yield Diagnostic(frame.source.location("uses", key, field, i), "BP021",
                                     _("no {what} has the id '{id}'").format(what=_(_USES_WHAT[key]), id=shorten(id_)) + hint)


def ruling_references(result: LoadResult) -> Iterator[Diagnostic]:
    """A ruling concerns definitions by their labels (`act-counter`) and sections of the rulebook by
    theirs (`common-request`, checked when docs/ is there: a rules repository may have none)."""
    defs = result.definitions
    anchors = {d.anchor for d in defs.every_definition()}
    anchors |= {f"{space}-{id_}" for space, ids in result.invalid_ids.items() for id_ in ids}
    labels = section_labels(result.root)
    for ruling in defs.rulings:
        for i, anchor in enumerate(ruling.concerns):
            if anchor not in anchors and anchor.partition("-")[0] not in result.incomplete:
                close = difflib.get_close_matches(anchor, sorted(anchors), n=1, cutoff=0.6)
                hint = _("; did you mean '{name}'?").format(name=close[0]) if close else ""
                yield Diagnostic(ruling.source.location("concerns", i), "BP021",
                                 _("no definition has the label '{anchor}'{hint}").format(anchor=anchor, hint=hint))
        for i, label in enumerate(ruling.sections if labels is not None else ()):
            if label not in labels:
                close = difflib.get_close_matches(label, sorted(labels), n=1, cutoff=0.6)
                hint = _("; did you mean '{name}'?").format(name=close[0]) if close else ""
                yield Diagnostic(ruling.source.location("sections", i), "BP021",
                                 _("no section of {folder}/ has the label '{label}' (.. _{label}:){hint}").format(
                                     folder=DOCS_DIR, label=label, hint=hint))


# -- BP022 format consistency -----------------------------------------------------------------


def formats_consistent(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    names = {f.id: f.name for f in defs.formats}
    for action in (*defs.actions, *defs.frame_actions):
        formats = defs.formats_of(action)
        for i, character_id in enumerate(action.summons):
            character = defs.character(character_id)
            if not character or not set(character.formats) <= set(names):
                continue  # a format that does not exist is BP021's
            missing = [names.get(f, f) for f in formats if f not in character.formats]
            if missing:
                yield Diagnostic(
                    action.source.location("summons", i),
                    "BP022",
                    _("{action} puts {character} on the field, but {character} is not in {formats}").format(
                        action=action.name, character=character.name, formats="・".join(missing)),
                )
    for key in USES_KEYS:
        for item in items_of(defs, key):
            if not item.frames:
                yield Diagnostic(item.source.location("id"), "BP022", _(
                    "{item} is in no frame: no frame's uses selects it (frames/frames.yaml) and it names none").format(item=item.name))
    for entry in defs.frame_fog:
        action = defs.action(entry.action)
        if action and not set(entry.frames) <= set(action.frames):
            extra = sorted(set(entry.frames) - set(action.frames))
            yield Diagnostic(
                entry.source.location("frames"), "BP022",
                _("{entry} is in frames {frames} that its action {action} is not in").format(entry=entry.name, frames=extra, action=action.name)
            )
    for action in defs.frame_actions:
        trump = defs.trump(action.trump) if action.trump else None
        if trump and not set(action.frames) <= set(trump.frames):
            yield Diagnostic(action.source.location("frames"), "BP022",
                             _("{action} is in frames its trump {trump} is not in").format(action=action.name, trump=trump.name))


# -- BP023 regulation table -------------------------------------------------------------------


def regulation_table_agrees(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    if not defs.regulations_source:
        return
    for frame in defs.frames:
        table = defs.regulations.get(frame.id)
        if table is None:
            yield Diagnostic(defs.regulations_source.location(key=True), "BP023",
                             _("table 3.1 has no row for the frame {frame}").format(frame=frame.name))
        elif set(table) != set(frame.formats):
            yield Diagnostic(
                defs.regulations_source.location(frame.id),
                "BP023",
                _("table 3.1 gives {frame} the formats {table}, the frame definition ({place}) gives {formats}").format(
                    frame=frame.name, table=list(table), place=f"{frame.source.path}:{frame.source.location('formats').line}",
                    formats=list(frame.formats)),
            )


# -- BP024 keycards ---------------------------------------------------------------------------


def keycards_parse(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    items: list = [*defs.actions, *defs.frame_actions, *defs.characters, *defs.trumps]
    for item in items:
        if not item.keycards:
            continue
        location = item.source.location("keycards")
        problem = item.keycards.error
        if problem is not None:
            yield Diagnostic(
                location.__class__(location.path, location.line, location.column + problem.column),
                "BP024",
                _("keycards '{keycards}': {problem}").format(keycards=shorten(str(item.keycards)), problem=problem),
            )


# -- BP025 markup -----------------------------------------------------------------------------


def _texts(defs: m.Definitions) -> Iterator[tuple[m.Source, tuple[str | int, ...], m.Text]]:
    for action in (*defs.actions, *defs.frame_actions):
        for name in ("effect", "note", "activation_condition", "trigger_condition", "story"):
            value = getattr(action, name)
            if value:
                yield action.source, (name,), value
        if action.target:
            yield action.source, ("target", "text"), action.target.text
    for character in defs.characters:
        for i, ability in enumerate(character.abilities):
            yield character.source, ("abilities", i, "text"), ability.text
        if character.size_text:
            yield character.source, ("size", "text"), character.size_text
        if character.story:
            yield character.source, ("story",), character.story
    for entry in (*defs.fog, *defs.frame_fog):
        yield entry.source, ("ability",), entry.ability
    for frame in defs.frames:
        yield frame.source, ("start", "procedure"), frame.procedure
    for trump in defs.trumps:
        if trump.ability:
            yield trump.source, ("ability", "text"), trump.ability.text
    for ruling in defs.rulings:
        yield ruling.source, ("answer",), ruling.answer


def markup_parses(result: LoadResult) -> Iterator[Diagnostic]:
    for source, field, text in _texts(result.definitions):
        if text.error is not None:
            mark = source.doc.text_line_mark(source.base + field, text.error.line)
            yield Diagnostic(source.location().__class__(source.path, mark.line, mark.column), "BP025", str(text.error))


# -- BP026 costs ------------------------------------------------------------------------------


def costs_in_legend(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    if not defs.rules:
        return
    letters = {cost.letter for cost in defs.rules.costs}
    for action in (*defs.actions, *defs.frame_actions):
        for offset, letter in enumerate(action.cost or ""):
            if letter not in letters:
                location = action.source.location("cost")
                yield Diagnostic(
                    location.__class__(location.path, location.line, location.column + offset),
                    "BP026",
                    _("cost letter '{letter}' is not in the cost legend ({legend})").format(letter=letter, legend=" ".join(sorted(letters))),
                )


# -- BP027 trump links ------------------------------------------------------------------------


def trump_links(result: LoadResult) -> Iterator[Diagnostic]:
    """Any frame action may belong to a trump (summon, spell, soldier-borne, triggered); one whose key is a
    soldier with a label (soldier<label>: soldier-borne) needs the label its trump grants. A key unit named by
    its character (character<id>) needs no label. The advice names what would work: a trump's label reaches
    only the soldiers whose cards are all of its suit, so a key that is one character (whose cards may be of
    two suits) is named as that character."""
    defs = result.definitions
    for action in defs.frame_actions:
        if not action.trump:
            continue
        trump = defs.trump(action.trump)
        if not trump:
            continue
        granted = trump.ability.grants if trump.ability else None
        if not action.keycards or action.keycards.error is not None:
            continue  # no key soldier (or keycards that do not parse: BP024)
        pattern = action.keycards.pattern
        if pattern.kind != "unit" or pattern.character is not None or pattern.label == granted:
            continue
        holders = [c for c in defs.characters if any(g.label == pattern.label for g in c.labels)]
        suit = next(iter(trump.keycards.pattern.suits), "") if trump.keycards and trump.keycards.error is None else ""
        if holders:  # the label is a character's own: the key soldier is that character
            message = _("{action} needs <{label}>, which its trump {trump} does not grant and the character {character} has "
                        "of itself: to make {character} the key soldier, write keycards: character<{id}>").format(
                action=action.name, label=pattern.label, trump=trump.name, character=holders[0].name, id=holders[0].id)
        elif granted:
            message = _("{action} needs <{label}>, but its trump {trump} grants <{granted}> (to your soldiers of {suit}): "
                        "write keycards: soldier<{granted}>, or name the key soldier by its character: character<id>").format(
                action=action.name, label=pattern.label, trump=trump.name, granted=granted, suit=suit)
        else:
            message = _("{action} needs <{label}>, but its trump {trump} grants no label: give {trump} the ability grants: {label} "
                        "(it reaches your soldiers whose cards are all {suit}), or name the key soldier by its character: "
                        "character<id>").format(action=action.name, label=pattern.label, trump=trump.name, suit=suit)
        yield Diagnostic(action.source.location("keycards"), "BP027", message)


# -- BP028 vocabularies -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Word:
    """A value of a closed vocabulary of rules.yaml, where a definition uses it."""

    source: m.Source
    field: tuple[str | int, ...]
    vocabulary: str  # the vocabulary's key in rules.yaml
    value: str
    key: bool = False  # the value is a mapping's key (a zone of an example's side)
    offset: int = 0  # where in the text the value starts (a label inside keycards)


def _situation_zones(source: m.Source, field: tuple[str | int, ...], situation: object) -> Iterator[_Word]:
    """The zones of a situation (an example's given or expect, a trump's image): the keys of each side."""
    if not isinstance(situation, dict):
        return
    for side in ("you", "opponent"):
        zones = situation.get(side)
        for zone in zones if isinstance(zones, dict) else ():
            if zone not in _SIDE_FIELDS:
                yield _Word(source, (*field, side, zone), "zones", str(zone), key=True)


_SIDE_FIELDS = ("pack_opened", "size_bonus")  # the other keys of a side (schema/examples.schema.json)


def _example_zones(example: m.Example) -> Iterator[_Word]:
    yield from _situation_zones(example.source, ("given",), example.given)
    expectations: list[tuple[tuple[str | int, ...], object]] = [(("expect",), example.expect)]
    expectations += [(("steps", i, "expect"), step.get("expect")) for i, step in enumerate(example.steps)]
    for field, expect in expectations:
        yield from _situation_zones(example.source, field, expect)
        sees = expect.get("sees") if isinstance(expect, dict) else None
        for viewer, sides in sees.items() if isinstance(sees, dict) else ():
            yield from _situation_zones(example.source, (*field, "sees", viewer), sides)


def _keycards_label(source: m.Source, keycards: m.KeycardsText | None) -> Iterator[_Word]:
    if keycards and keycards.error is None and keycards.pattern.kind == "unit" and keycards.pattern.label:
        yield _Word(source, ("keycards",), "labels", keycards.pattern.label, offset=str(keycards).index("<") + 1)


def _words(defs: m.Definitions) -> Iterator[_Word]:
    """Every use of a closed vocabulary in the definitions (the programs' are the simulator's: BP031)."""
    for action in (*defs.actions, *defs.frame_actions):
        source = action.source
        yield _Word(source, ("category",), "categories", action.category)
        yield _Word(source, ("trigger",), "triggers", action.trigger)
        yield _Word(source, ("speed",), "speeds", action.speed)
        yield _Word(source, ("timing",), "timings", action.timing)
        if action.group:
            yield _Word(source, ("group",), "frame_action_groups", action.group)
        if action.target:
            yield _Word(source, ("target", "kind"), "target_kinds", action.target.kind)
        yield from _keycards_label(source, action.keycards)
        for example in action.examples:
            yield from _example_zones(example)
    for character in defs.characters:
        source = character.source
        yield _Word(source, ("type",), "character_types", character.type)
        yield from _keycards_label(source, character.keycards)
        for i, label in enumerate(character.labels):
            yield _Word(source, ("labels", i) if label.condition is None else ("labels", i, "label"), "labels", label.label)
        for i, ability in enumerate(character.abilities):
            yield _Word(source, ("abilities", i, "scope"), "scopes", ability.scope)
            if ability.waive_cost:
                yield _Word(source, ("abilities", i, "waive_cost", "category"), "categories", ability.waive_cost.category)
    for entry in (*defs.fog, *defs.frame_fog):
        yield _Word(entry.source, ("group",), "fog_groups", entry.group)
        yield _Word(entry.source, ("category",), "categories", entry.category)
    for frame in defs.frames:
        for key, uses in frame.uses.items():
            _kind, categories, groups = USES_KEYS[key]
            for field, vocabulary, words in (("categories", categories, uses.categories), ("groups", groups, uses.groups)):
                for i, word in enumerate(words if vocabulary else ()):
                    yield _Word(frame.source, ("uses", key, field, i), vocabulary, word)
        yield _Word(frame.source, ("start", "then"), "start_steps", frame.then)
        for i, zone in enumerate(frame.zones):
            yield _Word(frame.source, ("zones", i), "zones", zone)
        for i, step in enumerate(frame.steps):  # the zones a start step puts cards in or chooses them from
            for key, zone in (("to", step.to), ("from", step.origin)):
                if zone is not None:
                    yield _Word(frame.source, ("start", "steps", i, step.kind, key), "zones", zone)
    if defs.rules:  # the labels that let the practice opponent attack with a new soldier
        for i, label in enumerate(defs.rules.policy.new_attackers):
            yield _Word(defs.rules.source, ("policy", "new_attackers", i), "labels", label)
    for trump in defs.trumps:
        source = trump.source
        yield _Word(source, ("category",), "trump_categories", trump.category)
        if trump.ability:
            yield _Word(source, ("ability", "scope"), "scopes", trump.ability.scope)
            if trump.ability.grants:
                yield _Word(source, ("ability", "grants"), "labels", trump.ability.grants)
        yield from _situation_zones(source, ("image",), trump.image)


def vocabularies_named(result: LoadResult) -> Iterator[Diagnostic]:
    """Every id of a closed vocabulary (a category, a label, a zone, …) is one rules.yaml names: the
    schemas check only that it is a word, so that an edition can rename or add one in rules.yaml alone."""
    rules = result.definitions.rules
    if not rules:
        return
    rules_path = rules.source.path
    for word in _words(result.definitions):
        vocabulary = rules.vocabulary(word.vocabulary)
        if word.value in vocabulary:
            continue
        place = word.source.location(*word.field, key=word.key)
        if word.offset:
            place = place.__class__(place.path, place.line, place.column + word.offset)
        hint = m.id_hint(word.value, vocabulary.entries)
        if not any(entry.name == word.value for entry in vocabulary.entries):
            # a typo, or a new word: the words there are, and where a new one goes
            hint += _(" (the {vocabulary} are {listed}; a new one is added to {vocabulary} in {rules})").format(
                vocabulary=word.vocabulary, listed=shorten(", ".join(vocabulary.ids()), 200), rules=rules_path)
        yield Diagnostic(place, "BP028", _("'{value}' is not one of the {vocabulary} of {rules}").format(
            value=shorten(word.value), vocabulary=word.vocabulary, rules=rules_path) + hint)


# -- BP031 start steps ------------------------------------------------------------------------

CHARACTERS_ZONE = "field"  # 2.5: the zone of characters, the engine's own (sim.state.FIELD); every other zone holds cards


FIRST_PLAYER_STEP = "first-player"  # 2.9.2 先攻決定 among the start steps: who is first is known after it


def start_steps_fit(result: LoadResult) -> Iterator[Diagnostic]:
    """A start step puts cards into a zone, or chooses them from one: not the field, which holds characters (a
    character comes onto the field by the preset). Only a step after first-player may be the first or the second
    player's alone."""
    for frame in result.definitions.frames:
        decided = False
        for i, step in enumerate(frame.steps):
            decided = decided or step.kind == FIRST_PLAYER_STEP
            if step.players != "both" and not decided:
                yield Diagnostic(frame.source.location("start", "steps", i, step.kind, "players"), "BP031",
                                 _("players: {players} names a player the first-player step decides, which has not been decided yet: put the "
                                   "step after first-player").format(players=step.players))
            for key, zone in (("to", step.to), ("from", step.origin)):
                if zone == CHARACTERS_ZONE:
                    yield Diagnostic(frame.source.location("start", "steps", i, step.kind, key), "BP031",
                                     _("a start step puts cards into a zone of cards or takes them from one; '{zone}' holds "
                                       "characters (the preset puts them there)").format(zone=zone))


# -- BP034 readings of names ------------------------------------------------------------------


def names_read(result: LoadResult) -> Iterator[Diagnostic]:
    """Every name with kanji has its reading (kana:) in hiragana that says the name's kana as written;
    a name in kana alone has none (it reads as it is written)."""
    defs = result.definitions
    for item in (*defs.actions, *defs.frame_actions, *defs.characters, *defs.fog, *defs.frame_fog, *defs.frames, *defs.trumps):
        problem = kana_problem(item.name, item.kana)
        if problem:
            field = "kana" if item.kana is not None else "name"
            yield Diagnostic(item.source.location(field), "BP034", problem)


# -- BP035 versions ---------------------------------------------------------------------------

def versions_in_order(result: LoadResult) -> Iterator[Diagnostic]:
    """No definition is introduced or updated after the edition being prepared (a typo: v9.1 for
    v8.1), nor updated before it was introduced."""
    defs = result.definitions
    current_id = defs.rules.edition.get("id") if defs.rules else None
    current = edition_number(current_id)
    for item in (*defs.actions, *defs.frame_actions, *defs.characters, *defs.fog, *defs.frame_fog, *defs.trumps):
        since = edition_number(item.since)
        fields = [("since", item.since)] + [(("updated", i), version) for i, version in enumerate(item.updated)]
        for field, version in fields:
            number = edition_number(version)
            if number is None:
                continue
            place = item.source.location(*(field if isinstance(field, tuple) else (field,)))
            if current is not None and number > current:
                # a typo (v9.1 for v8.1), or the next edition begun before rules.yaml says so
                yield Diagnostic(place, "BP035", _("{version} is later than the current edition {current} (rules.yaml edition.id): "
                                                   "a typo for {current}? If you are starting the edition {version}, set "
                                                   "edition.id first (bp edition new {version})").format(version=version, current=current_id))
            elif field != "since" and since is not None and number < since:
                yield Diagnostic(place, "BP035", _("updated in {version}, before it was introduced (since: {since})").format(version=version, since=item.since))


# -- BP036 text only -------------------------------------------------------------------------


def _about(item: object, *fields: str) -> bool:
    """Whether a reading of the definition is about one of these fields (it says why the text is all there is)."""
    return any(reading.about in fields for reading in getattr(item, "readings", ()))


def played_as_data(result: LoadResult) -> Iterator[Diagnostic]:
    """What the rules say is played by the engine, or a reading says why not: an ability of a character or a trump
    with text and no data (grants, size, labels, waive_cost, prohibit) would be printed and never played; so would
    the effect of an action new or changed in the edition being prepared (its `since` or `updated`) without a program."""
    defs = result.definitions
    for character in defs.characters:
        for i, ability in enumerate(character.abilities):
            if not ability.has_effect and not _about(character, "abilities"):
                yield Diagnostic(
                    character.source.location("abilities", i), "BP036",
                    _("the ability {ability} of {character} has text and no data, so the simulator never plays it: "
                      "say what it does as data (size, labels, waive_cost, prohibit), or why it is text only in a reading "
                      "(reading: {{about: abilities, says, reads, why}})").format(ability=ability.name, character=character.name),
                )
    for trump in defs.trumps:
        if trump.ability and not trump.ability.has_effect and not _about(trump, "ability"):
            yield Diagnostic(
                trump.source.location("ability", "text"), "BP036",
                _("the ability of the trump {trump} has text and no data, so the simulator never plays it: say what it "
                  "does as data (grants, size, labels, waive_cost, prohibit), or why it is text only in a reading "
                  "(reading: {{about: ability, says, reads, why}})").format(trump=trump.name),
            )
    current = defs.rules.edition.get("id") if defs.rules else None
    for action in (*defs.actions, *defs.frame_actions):
        new = current is not None and (same_edition(action.since, current) or lists_edition(action.updated, current))
        if new and action.program is None and not _about(action, "effect", "program"):
            yield Diagnostic(
                action.source.location("effect"), "BP036",
                _("{action} is new or changed in {current} and its effect has no program, so the simulator never plays "
                  "it: write its program (definitions/README.md, Programs and examples), or why it has none in a reading "
                  "(reading: {{about: effect, says, reads, why}})").format(action=action.name, current=current),
            )


CHECKS: tuple[Check, ...] = (
    unique_ids,
    doc_labels_free,
    references_resolve,
    uses_resolve,
    policy_references,
    ruling_references,
    formats_consistent,
    regulation_table_agrees,
    keycards_parse,
    markup_parses,
    costs_in_legend,
    trump_links,
    vocabularies_named,
    start_steps_fit,
    names_read,
    versions_in_order,
    played_as_data,
)
