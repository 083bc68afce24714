"""Cross-file checks on the loaded definitions: ids, references, format consistency, table 3.1,
keycards, markup, costs, trump links, vocabularies and the readings of names. Every check yields all its findings.
(The programs and examples are checked by running them: programs.py.)"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import model as m
from ..diagnostics import Diagnostic, shorten
from ..model.doclabels import DOCS_DIR, section_labels
from ..model.history import edition_number
from ..model.loader import LoadResult
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
    "act": "actions and frame actions share one list of ids",
    "fog": "fog and frame fog entries share one list of ids",
    "char": "every character needs its own id",
    "frame": "every frame needs its own id",
    "trump": "every trump needs its own id",
    "format": "every format needs its own id",
    "ruling": "every ruling needs its own id",
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
                    f"id '{item.id}' is already used by {other.path}:{other.location('id').line} "
                    f"({_SPACE_WORDS[space]}): give one of them another id",
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
                    f"name '{name}' is already used by {other.path}:{other.location('name').line}: "
                    f"the lists and the examples tell definitions apart by name; give one of them another name",
                )
            else:
                named[name] = item.source


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
            yield _Ref(action.source, ("summons", i), "char", character, "character")
        for i, fmt in enumerate(action.formats):
            yield _Ref(action.source, ("formats", i), "format", fmt, "format")
        for i, frame in enumerate(action.frames):
            yield _Ref(action.source, ("frames", i), "frame", frame, "frame")
        if action.trump:
            yield _Ref(action.source, ("trump",), "trump", action.trump, "trump")
    for entry in (*defs.fog, *defs.frame_fog):
        yield _Ref(entry.source, ("action",), "act", entry.action, "action")
        for i, frame in enumerate(entry.frames):
            yield _Ref(entry.source, ("frames", i), "frame", frame, "frame")
    for character in defs.characters:
        for i, fmt in enumerate(character.formats):
            yield _Ref(character.source, ("formats", i), "format", fmt, "format")
    for frame in defs.frames:
        for i, fmt in enumerate(frame.formats):
            yield _Ref(frame.source, ("formats", i), "format", fmt, "format")
        for i, zone in enumerate(frame.zones):
            yield _Ref(frame.source, ("zones", i), "zone", zone, "zone")
    for trump in defs.trumps:
        for i, frame in enumerate(trump.frames):
            yield _Ref(trump.source, ("frames", i), "frame", frame, "frame")
    if defs.regulations_source:
        for frame, formats in defs.regulations.items():
            yield _Ref(defs.regulations_source, (frame,), "frame", frame, "frame")
            for i, fmt in enumerate(formats):
                yield _Ref(defs.regulations_source, (frame, i), "format", fmt, "format")


def references_resolve(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    known = {space: {item.id for item in items} for space, items in _id_spaces(defs).items()}
    known["zone"] = {zone.id for zone in defs.rules.zones} if defs.rules else set()
    for space, ids in result.invalid_ids.items():
        known.setdefault(space, set()).update(ids)
    for ref in _references(defs):
        if ref.id not in known[ref.space] and ref.space not in result.incomplete:
            key = ref.field == (ref.id,)  # a mapping key (table 3.1's frame)
            close = difflib.get_close_matches(ref.id, sorted(known[ref.space]), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield Diagnostic(ref.source.location(*ref.field, key=key), "BP021", f"no {ref.what} has the id '{ref.id}'{hint}")


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
                hint = f"; did you mean '{close[0]}'?" if close else ""
                yield Diagnostic(ruling.source.location("concerns", i), "BP021", f"no definition has the label '{anchor}'{hint}")
        for i, label in enumerate(ruling.sections if labels is not None else ()):
            if label not in labels:
                close = difflib.get_close_matches(label, sorted(labels), n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                yield Diagnostic(ruling.source.location("sections", i), "BP021",
                                 f"no section of {DOCS_DIR}/ has the label '{label}' (.. _{label}:){hint}")


# -- BP022 format consistency -----------------------------------------------------------------


def formats_consistent(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    names = {f.id: f.name for f in defs.formats}
    for action in (*defs.actions, *defs.frame_actions):
        formats = defs.formats_of(action)
        for i, character_id in enumerate(action.summons):
            character = defs.character(character_id)
            if not character:
                continue
            missing = [names.get(f, f) for f in formats if f not in character.formats]
            if missing:
                yield Diagnostic(
                    action.source.location("summons", i),
                    "BP022",
                    f"{action.name} puts {character.name} on the field, but {character.name} is not in {'・'.join(missing)}",
                )
    for entry in defs.frame_fog:
        action = defs.action(entry.action)
        if action and not set(entry.frames) <= set(action.frames):
            extra = sorted(set(entry.frames) - set(action.frames))
            yield Diagnostic(
                entry.source.location("frames"), "BP022", f"{entry.name} is in frames {extra} that its action {action.name} is not in"
            )
    for action in defs.frame_actions:
        trump = defs.trump(action.trump) if action.trump else None
        if trump and not set(action.frames) <= set(trump.frames):
            yield Diagnostic(action.source.location("frames"), "BP022", f"{action.name} is in frames its trump {trump.name} is not in")


# -- BP023 regulation table -------------------------------------------------------------------


def regulation_table_agrees(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    if not defs.regulations_source:
        return
    for frame in defs.frames:
        table = defs.regulations.get(frame.id)
        if table is None:
            yield Diagnostic(defs.regulations_source.location(key=True), "BP023", f"table 3.1 has no row for the frame {frame.name}")
        elif set(table) != set(frame.formats):
            yield Diagnostic(
                defs.regulations_source.location(frame.id),
                "BP023",
                f"table 3.1 gives {frame.name} the formats {list(table)}, the frame definition "
                f"({frame.source.path}:{frame.source.location('formats').line}) gives {list(frame.formats)}",
            )


# -- BP024 keycards ---------------------------------------------------------------------------


def keycards_parse(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    items: list = [*defs.actions, *defs.frame_actions, *defs.characters, *defs.trumps]
    labels = set(defs.rules.label_names()) if defs.rules else set()
    for item in items:
        if not item.keycards:
            continue
        location = item.source.location("keycards")
        problem = item.keycards.error
        if problem is not None:
            yield Diagnostic(
                location.__class__(location.path, location.line, location.column + problem.column),
                "BP024",
                f"keycards '{shorten(str(item.keycards))}': {problem}",
            )
            continue
        pattern = item.keycards.pattern
        if pattern.kind == "unit" and defs.rules and pattern.label not in labels:
            yield Diagnostic(location, "BP024", f"keycards '{shorten(str(item.keycards))}': no label '{pattern.label}' in rules.yaml")


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
                    f"cost letter '{letter}' is not in the cost legend ({' '.join(sorted(letters))})",
                )


# -- BP027 trump links ------------------------------------------------------------------------


def trump_links(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    for action in defs.frame_actions:
        if not action.trump:
            continue
        trump = defs.trump(action.trump)
        if not trump:
            continue
        granted = trump.ability.grants if trump.ability else None
        if action.keycards and action.keycards.error is not None:
            continue  # reported by BP024
        pattern = action.keycards.pattern if action.keycards else None
        if pattern is None or pattern.kind != "unit":
            yield Diagnostic(
                action.source.location("keycards" if action.keycards else "trump"),
                "BP027",
                f"{action.name} comes from the trump {trump.name}, so its keycards must be a soldier with a label (soldier<label>)",
            )
        elif pattern.label != granted:
            yield Diagnostic(
                action.source.location("keycards"),
                "BP027",
                f"{action.name} needs <{pattern.label}>, but its trump {trump.name} grants {f'<{granted}>' if granted else 'no label'}",
            )


# -- BP028 vocabularies -----------------------------------------------------------------------


def vocabularies_named(result: LoadResult) -> Iterator[Diagnostic]:
    defs = result.definitions
    if not defs.rules:
        return
    uses: list[tuple[m.Source, tuple[str | int, ...], str, str]] = []
    for action in (*defs.actions, *defs.frame_actions):
        uses += [
            (action.source, ("category",), "categories", action.category),
            (action.source, ("trigger",), "triggers", action.trigger),
            (action.source, ("speed",), "speeds", action.speed),
            (action.source, ("timing",), "timings", action.timing),
        ]
        if action.group:
            uses.append((action.source, ("group",), "frame_action_groups", action.group))
    for character in defs.characters:
        uses.append((character.source, ("type",), "character_types", character.type))
        for i, label in enumerate(character.labels):
            field = ("labels", i) if label.condition is None else ("labels", i, "label")
            uses.append((character.source, field, "labels", label.label))
        for i, ability in enumerate(character.abilities):
            uses.append((character.source, ("abilities", i, "scope"), "scopes", ability.scope))
    for entry in (*defs.fog, *defs.frame_fog):
        uses.append((entry.source, ("group",), "fog_groups", entry.group))
        uses.append((entry.source, ("category",), "categories", entry.category))
    for frame in defs.frames:
        uses.append((frame.source, ("start", "then"), "start_steps", frame.then))
    for trump in defs.trumps:
        uses.append((trump.source, ("category",), "trump_categories", trump.category))
        if trump.ability:
            uses.append((trump.source, ("ability", "scope"), "scopes", trump.ability.scope))
            if trump.ability.grants:
                uses.append((trump.source, ("ability", "grants"), "labels", trump.ability.grants))
    for source, field, vocabulary, value in uses:
        if value not in defs.rules.vocabulary(vocabulary):
            yield Diagnostic(
                source.location(*field), "BP028", f"'{value}' is not in the {vocabulary} of {defs.rules.source.path}"
            )


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
                yield Diagnostic(place, "BP035", f"{version} is later than the current edition {current_id} "
                                                 f"(rules.yaml edition.id): a typo for {current_id}?")
            elif field != "since" and since is not None and number < since:
                yield Diagnostic(place, "BP035", f"updated in {version}, before it was introduced (since: {item.since})")


CHECKS: tuple[Check, ...] = (
    unique_ids,
    references_resolve,
    ruling_references,
    formats_consistent,
    regulation_table_agrees,
    keycards_parse,
    markup_parses,
    costs_in_legend,
    trump_links,
    vocabularies_named,
    names_read,
    versions_in_order,
)
