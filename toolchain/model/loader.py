"""Load the whole definitions/ tree: YAML, schema validation and the typed model, all errors at once."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import model as m
from ..diagnostics import Diagnostic, Fix, Location, relative
from ..i18n import N_, _
from .earlier import upgraded
from .kept import FileCache
from .membership import derive, uses_from
from .notations import keycards_text, markup_text
from .repository import DEFINITIONS_DIR, KINDS, SCHEMA_DIR, TOOLCHAIN_SCHEMAS, Kind, folders_where_files_belong, kind_of
from .sources import LoadProblem, Sources, read_sources
from .validation import Names, schema_problem, unusable_schemas, validate
from .yamlload import Document, load

_SCHEMA_COMMENT = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")


@dataclass
class LoadResult:
    root: Path
    definitions: m.Definitions
    diagnostics: list[Diagnostic] = field(default_factory=list)
    documents: dict[str, Document] = field(default_factory=dict)
    # ids of items that exist but failed the schema, per id space: references to them are
    # not reported again as unresolved.
    invalid_ids: dict[str, set[str]] = field(default_factory=dict)
    # id space → the files with items left out for their errors
    left_out: dict[str, set[str]] = field(default_factory=dict)
    # id spaces ("act", "char", "fog", "frame", "trump", "format", "rules") with a file that did not
    # load or an item without a readable id, and those files: what is missing there is unknown, so
    # a reference into them that does not resolve is not reported behind the file's own error.
    incomplete: dict[str, set[str]] = field(default_factory=dict)
    # an action left out for its errors, by its id and by its name → the first of them
    left_out_findings: dict[str, Diagnostic] = field(default_factory=dict)

    def lost(self, kind: Kind, rel: str) -> None:
        """Note that (part of) the file `rel` of `kind` did not load."""
        self.incomplete.setdefault(_SPACE[kind.name], set()).add(rel)


_SPACE = {
    "rules": "rules", "formats": "format", "actions": "act", "frame-actions": "act", "characters": "char", "frame-characters": "char",
    "fog": "fog", "frame-fog": "fog", "frames": "frame", "trumps": "trump", "rulings": "ruling",
}


def load_definitions(root: Path, fixes: Sequence[tuple[str, Fix]] = (), sources: Sources | None = None,
                     kept: FileCache | None = None) -> LoadResult:
    """Every file under definitions/ read, checked against its schema and built; `fixes` (file, fix): values
    put in place of those written before anything is checked, to see what a finding's suggestion would change;
    `sources`: the files as read already; `kept`: their documents and schema findings kept by bp check's
    cache (not with fixes: a fixed document is not the one its bytes make)."""
    result = LoadResult(root=root, definitions=m.Definitions())
    schema_dir = TOOLCHAIN_SCHEMAS  # the toolchain's shapes, never a repository's own copy (repository.py)
    seen_kinds: set[str] = set()
    sources = sources or read_sources(root)
    kept = None if fixes else kept
    scanned = sources.scanned
    for path, refused in scanned.refused:
        rel = _as_written(path, root)
        kind = kind_of(rel[len(DEFINITIONS_DIR) + 1:])
        if kind:
            seen_kinds.add(kind.name)  # the refused file is the cause: no "missing file" behind it
            result.lost(kind, rel)
        result.diagnostics.append(Diagnostic(Location(rel, 1, 1), refused.code, refused.message))
    # The other folders bp reads are read by the build (Sphinx, the templates): what it must not
    # open is said here, so that nothing is built from it.
    for path, refused in sources.others:
        result.diagnostics.append(Diagnostic(Location(_as_written(path, root), 1, 1), refused.code, refused.message))
    loaded: list[tuple[str, Kind, Document, bytes | LoadProblem]] = []
    for path in scanned.files:
        rel = _as_written(path, root)
        in_definitions = rel[len(DEFINITIONS_DIR) + 1:]
        kind = kind_of(in_definitions)
        if kind is None:
            expected = ", ".join(k.pattern for k in KINDS)
            result.diagnostics.append(
                Diagnostic(Location(rel, 1, 1), "BP006", _("no kind of definition lives here; the layout is: {expected}").format(expected=expected))
            )
            continue
        seen_kinds.add(kind.name)
        raw = sources.raw[path]
        doc = kept.document(path, raw, rel) if kept and isinstance(raw, bytes) else load(path, raw)
        # written for an earlier toolchain: read as today's, each change a finding (earlier.py)
        loaded.append((rel, kind, upgraded(kind.name, _fixed(doc, [fix for where, fix in fixes if where == rel])), raw))
    names = defined_names((rel, kind, doc) for rel, kind, doc, _ in loaded)
    for rel, kind, doc, raw in loaded:
        result.documents[rel] = doc
        for problem in doc.problems:
            result.diagnostics.append(Diagnostic(Location(rel, problem.mark.line, problem.mark.column), problem.code, problem.message))
        _check_schema_comment(doc, rel, kind, result)
        if doc.data is None:
            result.lost(kind, rel)
            continue
        if not _schema_usable(schema_dir, kind, result):
            result.lost(kind, rel)
            continue
        invalid: dict[int | None, Diagnostic] = {}  # the first finding of each item that has one
        found = kept.validate(doc, raw, kind.schema, rel, names) if kept and isinstance(raw, bytes) else \
            validate(doc, schema_dir, kind.schema, names)
        for mark, message, path_, value in found:
            finding = Diagnostic(Location(rel, mark.line, mark.column), "BP010", message,
                                 fix=Fix(path_, value) if value is not None else None)
            result.diagnostics.append(finding)
            invalid.setdefault(path_[0] if path_ and isinstance(path_[0], int) else None, finding)
        _build(kind, doc, rel, invalid, result)
    folders = folders_where_files_belong(root)
    for kind in KINDS:
        if kind.name not in seen_kinds and f"{DEFINITIONS_DIR}/{kind.pattern}" in folders:
            # a folder where the file belongs (an optional kind's too: else "0 rulings: OK")
            seen_kinds.add(kind.name)
            result.lost(kind, f"{DEFINITIONS_DIR}/{kind.pattern}")
            result.diagnostics.append(Diagnostic(
                Location(f"{DEFINITIONS_DIR}/{kind.pattern}", 1, 1), "BP012",
                _("a folder where the {kind} file belongs: bp reads {path} as one YAML file; put the definitions there "
                  "and remove the folder").format(kind=kind.name, path=f"{DEFINITIONS_DIR}/{kind.pattern}")))
        if kind.name not in seen_kinds and not kind.optional:
            result.lost(kind, f"{DEFINITIONS_DIR}/{kind.pattern}")
            result.diagnostics.append(
                Diagnostic(
                    Location(f"{DEFINITIONS_DIR}/{kind.pattern}", 1, 1), "BP008",
                    _("no {kind} file: expected {path}").format(kind=kind.name, path=f"{DEFINITIONS_DIR}/{kind.pattern}")
                )
            )
    derive(result.definitions)  # every frame item's frames, from the frames' `uses` (membership.py)
    return result


# What a name where an id belongs is told it is: the definitions a rules editor names by id.
# Marked for translation: the message that names them translates them (validation.py).
_NAMED = {"actions": N_("action"), "frame-actions": N_("frame action"), "characters": N_("character"), "fog": N_("fog entry"),
          "frame-fog": N_("frame fog entry"), "frames": N_("frame"), "trumps": N_("trump"),
          "frame-characters": N_("frame character")}


def defined_names(documents: Iterable[tuple[str, Kind, Document]]) -> Names:
    """Each definition's name (and each format's) with what has it: read from the files as written,
    before any is checked, so that a name is known even where its own file has errors."""
    names: dict[str, list[tuple[str, str]]] = {}
    for _rel, kind, doc in documents:
        data = doc.data
        items = data.get("formats") if kind.name == "formats" and isinstance(data, dict) else data
        what = N_("format") if kind.name == "formats" else _NAMED.get(kind.name)
        if what is None or not isinstance(items, list):
            continue
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("id"), str):
                names.setdefault(item["name"], []).append((what, item["id"]))
    return names


def _fixed(doc: Document, fixes: list[Fix]) -> Document:
    """The document with each fix's value in place of the one at its path (paths that are not there are left)."""
    if not fixes:
        return doc
    data = copy.deepcopy(doc.data)
    for fix in fixes:
        *parents, last = fix.path
        node = data
        try:
            for part in parents:
                node = node[part]
            if (isinstance(node, dict) and last in node) or (isinstance(node, list) and isinstance(last, int) and last < len(node)):
                node[last] = fix.value
        except (KeyError, IndexError, TypeError):
            continue
    return replace(doc, data=data)


def _schema_usable(schema_dir: Path, kind: Kind, result: LoadResult) -> bool:
    """Whether the kind's schema, and every schema it refers to, loaded; if not, why is said once, at
    the schema (a refused schema file is reported with the other refused files)."""
    missing = unusable_schemas(schema_dir, kind.schema)
    for name in missing:
        problem = schema_problem(schema_dir, name)
        if problem is not None:
            line, column, message = problem
            finding = Diagnostic(Location(relative(schema_dir / name, result.root), line, column), "BP012", message)
            if finding not in result.diagnostics:
                result.diagnostics.append(finding)
    return not missing


def _as_written(path: Path, root: Path) -> str:
    """`path` relative to `root` as the folders name it, no link followed: a link inside the
    repository is read as the file it is named as."""
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return relative(path, root)


def _check_schema_comment(doc: Document, rel: str, kind: Kind, result: LoadResult) -> None:
    if not doc.lines:
        return
    match = _SCHEMA_COMMENT.match(doc.lines[0])
    depth = rel.count("/")
    expected = "../" * depth + f"{SCHEMA_DIR}/{kind.schema}"
    if not match:
        result.diagnostics.append(
            Diagnostic(Location(rel, 1, 1), "BP007", _("the first line should be '# yaml-language-server: $schema={expected}'").format(expected=expected))
        )
    elif match.group(1) != expected:
        column = doc.lines[0].index(match.group(1)) + 1
        result.diagnostics.append(
            Diagnostic(Location(rel, 1, column), "BP007", _("the schema of a {kind} file is '{expected}', not '{written}'").format(
                kind=kind.name, expected=expected, written=match.group(1)))
        )


# -- building typed objects -----------------------------------------------------------------


def _build(kind: Kind, doc: Document, rel: str, invalid: dict[int | None, Diagnostic], result: LoadResult) -> None:
    defs = result.definitions
    data = doc.data
    if kind.name in ("rules", "formats"):
        if None in invalid or not isinstance(data, dict):
            result.lost(kind, rel)
            return  # a broken vocabulary file: the other files are still checked against the schema
        if kind.name == "rules":
            defs.rules = _rules(data, m.Source(rel, doc))
        else:
            defs.formats = [_format(item, i, m.Source(rel, doc, ("formats", i))) for i, item in enumerate(data["formats"])]
            defs.regulations = {frame: tuple(formats) for frame, formats in data["regulations"].items()}
            defs.regulations_source = m.Source(rel, doc, ("regulations",))
            defs.default_frame = data.get("default_frame")
            defs.formats_source = m.Source(rel, doc, ())
        return
    if not isinstance(data, list):
        result.lost(kind, rel)
        return
    builders = {
        "actions": (_action, defs.actions, "act"),
        "frame-actions": (_action, defs.frame_actions, "act"),
        "characters": (_character, defs.characters, "char"),
        "frame-characters": (_frame_character, defs.characters, "char"),
        "fog": (_fog, defs.fog, "fog"),
        "frame-fog": (_fog, defs.frame_fog, "fog"),
        "frames": (_frame, defs.frames, "frame"),
        "trumps": (_trump, defs.trumps, "trump"),
        "rulings": (_ruling, defs.rulings, "ruling"),
    }
    build, target, space = builders[kind.name]
    for index, item in enumerate(data):
        if index in invalid or None in invalid:
            result.left_out.setdefault(space, set()).add(rel)
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                result.invalid_ids.setdefault(space, set()).add(item["id"])
            else:
                result.lost(kind, rel)
            if space == "act" and isinstance(item, dict):
                named = [v for v in (item.get("id"), item.get("name")) if isinstance(v, str)]
                defs.left_out_actions.update(named)
                result.left_out_findings.update((v, invalid.get(index) or invalid[None]) for v in named)
            continue
        source = m.Source(rel, doc, (index,))
        order = len(target)
        target.append(build(item, source, order))


def _named(items: list[dict[str, str]]) -> m.Vocabulary:
    return m.Vocabulary(tuple(m.Named(i["id"], i["name"]) for i in items))


_VOCABULARIES = (
    "labels", "categories", "triggers", "speeds", "timings", "character_types", "target_kinds", "scopes",
    "fog_groups", "frame_action_groups", "trump_categories", "start_steps", "items",
)


def _rules(data: dict[str, Any], source: m.Source) -> m.Rules:
    return m.Rules(
        edition=data["edition"],
        display=data["display"],
        ranks=tuple((r["card"], r["value"]) for r in data["ranks"]),
        suits=tuple((s["symbol"], s["name"]) for s in data["suits"]),
        costs=tuple(m.Cost(c["letter"], c["name"], c["payment"]) for c in data["costs"]),
        zones=tuple(m.Zone(z["id"], z["name"], z.get("description"), z["access"], z["figure"]) for z in data["zones"]),
        access_levels=tuple(m.AccessLevel(a["id"], a["name"], a["description"]) for a in data["access_levels"]),
        # the zones are a vocabulary too (examples, programs and frames name them), with more to say about each
        vocabularies={name: _named(data[name]) for name in (*_VOCABULARIES, "zones")},
        source=source,
        rank_terms={r["card"]: tuple(r["search_terms"]) for r in data["ranks"] if r.get("search_terms")},
        guidelines=data.get("guidelines", "new"),
        graveyard_top=_graveyard_top(data.get("graveyard_top")),
        policy=_policy(data.get("policy") or {}),
        prompts=_prompts(data.get("prompts") or {}),
        core_readings=tuple(
            m.Reading(str(note["says"]).strip(), str(note["reads"]).strip(), str(note["why"]).strip(),
                      source.location("core_readings", i), note["about"])
            for i, note in enumerate(data.get("core_readings", ()))),
    )


def _graveyard_top(value: dict[str, Any] | None) -> m.GraveyardTop:
    """rules.yaml `graveyard_top`; absent, or a key of it absent, as 第8.1版 plays it."""
    default = m.GraveyardTop()
    if not value:
        return default
    return m.GraveyardTop(value.get("chosen_by", default.chosen_by), tuple(value.get("when", default.when)))


def _prompts(value: dict[str, Any]) -> m.Prompts:
    """rules.yaml `prompts`: each a text, `costs` a text by cost letter."""
    return m.Prompts(**{key: {letter: str(text) for letter, text in words.items()} if isinstance(words, dict) else str(words)
                        for key, words in value.items()})


def _policy(value: dict[str, Any]) -> m.Policy:
    """rules.yaml `policy`; a group absent is empty."""
    groups = {group: tuple(value.get(group, ())) for group in m.POLICY_GROUPS}
    return m.Policy(**groups, off_turn={action: float(weight) for action, weight in (value.get("off_turn") or {}).items()},
                    new_attackers=tuple(value.get("new_attackers", ())),
                    attackers_prompt=str(value.get("attackers_prompt", "")), blockers_prompt=str(value.get("blockers_prompt", "")),
                    discard_words=tuple(str(word) for word in value.get("discard_words", ())),
                    block_labels={key: str(label) for key, label in (value.get("block_labels") or {}).items()},
                    draw_more_label=str(value.get("draw_more_label", "")))


def _format(item: dict[str, Any], order: int, source: m.Source) -> m.Format:
    return m.Format(item["id"], item["name"], order, item["file_stem"], item["description"], source)


def _flavor(item: dict[str, Any]) -> m.Flavor | None:
    flavor = item.get("flavor")
    return m.Flavor(flavor["text"], flavor["speaker"]) if flavor else None


def _text(value: str | None) -> m.Text | None:
    """A text in the markup, parsed (YAML's block scalars end in a newline the text does not have)."""
    return markup_text(value.rstrip("\n")) if isinstance(value, str) else value


def _keycards(value: str | None) -> m.KeycardsText | None:
    return keycards_text(value) if isinstance(value, str) else value


def _action(item: dict[str, Any], source: m.Source, order: int) -> m.Action:
    target = item.get("target")
    return m.Action(
        id=item["id"],
        name=item["name"],
        category=item["category"],
        trigger=item["trigger"],
        speed=item["speed"],
        timing=item["timing"],
        effect=_text(item["effect"]),
        source=source,
        formats=tuple(item.get("formats", ())),
        frames=tuple(item.get("frames", ())),
        frames_written=tuple(item.get("frames", ())),
        group=item.get("group"),
        trump=item.get("trump"),
        keycards=_keycards(item.get("keycards")),
        cost=item.get("cost"),
        note=_text(item.get("note")),
        activation_condition=_text(item.get("activation_condition")),
        trigger_condition=_text(item.get("trigger_condition")),
        target=m.Target(target["kind"], _text(target["text"])) if target else None,
        summons=tuple(item.get("summons", ())),
        story=_text(item.get("story")),
        flavor=_flavor(item),
        since=item.get("since"),
        updated=tuple(item.get("updated", ())),
        program=item.get("program"),
        examples=tuple(example(written, source.within("examples", i)) for i, written in enumerate(item.get("examples", ()))),
        readings=_readings(item, source),
        kana=item.get("kana"),
        search_terms=tuple(item.get("search_terms", ())),
    )


def _readings(item: dict[str, Any], source: m.Source) -> tuple[m.Reading, ...]:
    """`reading:` one note or a list of them (definitions/README.md, "Readings")."""
    value = item.get("reading")
    if value is None:
        return ()
    notes = [(value, ("reading",))] if isinstance(value, dict) else [(note, ("reading", i)) for i, note in enumerate(value)]
    return tuple(
        m.Reading(str(note["says"]).strip(), str(note["reads"]).strip(), str(note["why"]).strip(), source.location(*path),
                  note.get("about"), note.get("guideline"), note.get("fact"), _other(note.get("other")))
        for note, path in notes
    )


def _other(value: Mapping[str, Any] | None) -> m.OtherReading | None:
    """`other:` of a reading: the other way of reading it, with the program it would run (schema-valid)."""
    return None if value is None else m.OtherReading(str(value["reads"]).strip(), value["program"])


def example(item: Mapping[str, Any], source: m.Source) -> m.Example:
    """One example of an action, as its YAML mapping is written (schema-valid)."""
    return m.Example(
        name=item["name"],
        given=item["given"],
        expect=item.get("expect", {}),
        source=source,
        regulation=item.get("regulation"),
        by=item.get("by", "you"),
        request=item.get("request"),
        responses=tuple(item.get("responses", ())),
        choices=tuple(item.get("choices", ())),
        illegal=m.illegal_reasons(item["illegal"]) if "illegal" in item else None,
        steps=tuple(item.get("steps", ())),
    )


def _character(item: dict[str, Any], source: m.Source, order: int) -> m.Character:
    labels = tuple(
        m.LabelGrant(label) if isinstance(label, str) else m.LabelGrant(label["label"], label["condition"], label.get("if"))
        for label in item["labels"]
    )
    size = item.get("size") or {}
    return m.Character(
        id=item["id"],
        name=item["name"],
        type=item["type"],
        formats=tuple(item["formats"]),
        keycards=_keycards(item["keycards"]),
        labels=labels,
        source=source,
        size_text=_text(size.get("text")),
        size_value=size.get("value"),
        abilities=tuple(_ability(a, a["name"]) for a in item.get("abilities", ())),
        story=_text(item.get("story")),
        flavor=_flavor(item),
        since=item.get("since"),
        updated=tuple(item.get("updated", ())),
        readings=_readings(item, source),
        kana=item.get("kana"),
        search_terms=tuple(item.get("search_terms", ())),
        pictured=item.get("pictured"),
    )


def _ability(item: dict[str, Any], name: str | None) -> m.Ability:
    """A character's ability or a trump's: its text, and what it does as data (the same forms for both)."""
    return m.Ability(name, item["scope"], _text(item["text"]), item.get("grants"), _waive_cost(item.get("waive_cost")),
                     size=item.get("size"), labels=item.get("labels"), where=item.get("where"), prohibit=item.get("prohibit"),
                     suits=tuple(item.get("suits", ())))


def _waive_cost(item: dict[str, Any] | None) -> m.WaiveCost | None:
    return m.WaiveCost(str(item["letters"]), item["category"]) if item else None


def _frame_character(item: dict[str, Any], source: m.Source, order: int) -> m.Character:
    return replace(_character(item, source, order), frame_character=True)


def _fog(item: dict[str, Any], source: m.Source, order: int) -> m.FogEntry:
    return m.FogEntry(
        id=item["id"],
        name=item["name"],
        group=item["group"],
        category=item["category"],
        action=item["action"],
        ability=_text(item["ability"]),
        source=source,
        frames=tuple(item.get("frames", ())),
        frames_written=tuple(item.get("frames", ())),
        since=item.get("since"),
        updated=tuple(item.get("updated", ())),
        readings=_readings(item, source),
        kana=item.get("kana"),
    )


def _frame(item: dict[str, Any], source: m.Source, order: int) -> m.Frame:
    deck = item["deck"]
    cards = {suit: tuple(str(r) for r in ranks) for suit, ranks in deck["cards"].items()} if "cards" in deck else None
    return m.Frame(
        id=item["id"],
        name=item["name"],
        order=order,
        formats=tuple(item["formats"]),
        min_cards=deck.get("min_cards"),
        cards=cards,
        procedure=_text(item["start"]["procedure"]),
        then=item["start"]["then"],
        steps=tuple(_setup_step(step) for step in item["start"]["steps"]),
        zones=tuple(item.get("zones", ())),
        source=source,
        readings=_readings(item, source),
        kana=item.get("kana"),
        uses=uses_from(item.get("uses")),
    )


def _setup_step(step: str | dict[str, Any]) -> m.SetupStep:
    """A step of `start.steps`: a word (`shuffle`), a word with its count (`{draw: 7}`) or a word with its
    arguments (`{pick: {count: 1, to: rare}}`); the schema has held it to one of these shapes."""
    if isinstance(step, str):
        return m.SetupStep(step)
    kind, value = next(iter(step.items()))
    if not isinstance(value, dict):
        return m.SetupStep(kind, count=value)
    return m.SetupStep(kind, count=value.get("count", value.get("cards")), packs=value.get("packs"), to=value.get("to"),
                       origin=value.get("from"), prompt=value.get("prompt"), players=value.get("players", "both"),
                       among=value.get("among", "own"))


def _trump(item: dict[str, Any], source: m.Source, order: int) -> m.Trump:
    ability = item.get("ability")
    return m.Trump(
        id=item["id"],
        name=item["name"],
        category=item["category"],
        frames=tuple(item.get("frames", ())),
        frames_written=tuple(item.get("frames", ())),
        keycards=_keycards(item["keycards"]),
        source=source,
        ability=_ability(ability, None) if ability else None,
        image=item.get("image"),
        since=item.get("since"),
        updated=tuple(item.get("updated", ())),
        readings=_readings(item, source),
        kana=item.get("kana"),
        search_terms=tuple(item.get("search_terms", ())),
    )


def _ruling(item: dict[str, Any], source: m.Source, order: int) -> m.Ruling:
    examples = tuple(example(written, source.within("examples", i)) for i, written in enumerate(item.get("examples", ())))
    listed = {key: tuple(item.get(key, ())) for key in ("concerns", "sections")}
    return m.Ruling(item["id"], item["question"], _text(item["answer"]), source, **listed, origin=item["source"], date=item["date"],
                    examples=examples, not_executable=item.get("not_executable"), readings=_readings(item, source))
