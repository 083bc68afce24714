"""The target edition's words, by the names upstream writes: rules.yaml's vocabularies, formats.yaml's
formats (by id, file stem or name), frames.yaml's frames and trumps.yaml's trumps, and the names a
rules editor adds for what upstream calls otherwise (`--names`: `categories: {レアカード操作: pack}`).

Also the target edition's own definitions by name and keycards: an imported entry that is one of them
takes its id (upstream's `packopen` is the edition's `pack-open`), so that what the target's frames,
trumps and frame fog name by id is what the import brings."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import _
from ..model import yamlload
from ..model.repository import DEFINITIONS_DIR

# The files of the target edition the vocabulary is read from (relative to definitions/).
RULES, FORMATS, FRAMES, TRUMPS = "rules.yaml", "formats.yaml", "frames/frames.yaml", "frames/trumps.yaml"
# The target edition's definitions an imported entry may be, by the kind the import writes it as.
ENTRY_FILES = {"actions": "actions/*.yaml", "frame-actions": "frames/actions.yaml", "characters": "characters.yaml",
               "frame-characters": "frames/characters.yaml", "trumps": "frames/trumps.yaml"}
# What the import reads of the target's definitions besides id, name, keycards and kana: a trump's category, and the
# group and trump of a frame action (the group the edition lists its trumps' actions under).
ENTRY_FIELDS = ("category", "group", "trump")


class VocabularyError(Exception):
    """The target edition's rules.yaml cannot be read (exit code 2)."""


@dataclass(frozen=True)
class Match:
    id: str
    exact: bool  # False: the vocabulary's name begins upstream's word (パック操作 → パック)


@dataclass
class Vocabulary:
    words: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # vocabulary → [(id, name)] in order
    extra: dict[str, dict[str, str]] = field(default_factory=dict)  # vocabulary → upstream word → id (--names)
    entries: dict[str, list[dict[str, str]]] = field(default_factory=dict)  # kind → the target's [{id, name, keycards}]
    frame_formats: dict[str, list[str]] = field(default_factory=dict)  # frame id → its formats
    frames: dict[str, dict[str, Any]] = field(default_factory=dict)  # frame id → the target's frame, as written
    frame_characters: dict[str, dict[str, Any]] = field(default_factory=dict)  # id → the target's frame character, as written

    def find(self, vocabulary: str, word: str) -> Match | None:
        """The id upstream's word names: an added name, an id or a name; else the longest name it begins with."""
        word = word.strip()
        if word in self.extra.get(vocabulary, {}):
            return Match(self.extra[vocabulary][word], True)
        entries = self.words.get(vocabulary, [])
        for id_, name in entries:
            if word in (id_, name):
                return Match(id_, True)
        starts = [(len(name), id_) for id_, name in entries if name and word.startswith(name)]
        return Match(max(starts)[1], False) if starts else None

    def name_of(self, vocabulary: str, id_: str) -> str:
        return next((name for key, name in self.words.get(vocabulary, []) if key == id_), id_)

    def names(self, vocabulary: str) -> list[tuple[str, str]]:
        return list(self.words.get(vocabulary, []))

    def with_names(self, vocabulary: str, entries: list[tuple[str, str]]) -> None:
        self.words[vocabulary] = entries

    def target_id(self, kind: str, name: str, keycards: str | None = None) -> str | None:
        """The id of the target edition's definition of `kind` that an imported entry is: the one of its name; else
        (a character renamed since: 破砕士, the target's 防壁破壊士) the one alone with its keycards."""
        entries = self.entries.get(kind, [])
        for key, value in (("name", name), ("keycards", keycards)):
            found = [e["id"] for e in entries if value and e.get(key) == value]
            if len(found) == 1:
                return found[0]
        return None

    def target_kana(self, kind: str, id_: str) -> str | None:
        return next((e["kana"] or None for e in self.entries.get(kind, []) if e["id"] == id_), None)

    def target_field(self, kind: str, id_: str, key: str) -> str | None:
        return next((e.get(key) or None for e in self.entries.get(kind, []) if e["id"] == id_), None)

    def alike(self, type_: str, key: str) -> list[str]:
        """The values of `key` (labels, formats) every frame character of the target edition of type `type_` has, in
        the order the first of them writes them; none where the target has no such character."""
        lists = [[str(v) for v in c.get(key) or [] if isinstance(v, str)] for c in self.frame_characters.values() if c.get("type") == type_]
        return [v for v in lists[0] if all(v in other for other in lists[1:])] if lists else []

    def trump_group(self) -> str | None:
        """The frame action group the target edition lists its trumps' actions under (those with `trump:`), the one most
        of them are in; an added name for the empty word (frame_action_groups: {'': trump}) first."""
        if "" in self.extra.get("frame_action_groups", {}):
            return self.extra["frame_action_groups"][""]
        groups = [e["group"] for e in self.entries.get("frame-actions", []) if e.get("trump") and e.get("group")]
        return max(dict.fromkeys(groups), key=groups.count) if groups else None


def _load(path: Path) -> Any:
    if not path.is_file():
        return None
    doc = yamlload.load(path)
    if doc.problems:
        problem = doc.problems[0]
        raise VocabularyError(f"{path}:{problem.mark.line}:{problem.mark.column}: {problem.message}")
    return doc.data


def _pairs(items: Any, *names: str) -> list[tuple[str, str]]:
    """(id, name) of each item, once for each of its spellings (`names`: the keys that name it)."""
    found: list[tuple[str, str]] = []
    for item in items or []:
        if isinstance(item, dict) and "id" in item:
            for key in names:
                if item.get(key):
                    found.append((str(item["id"]), str(item[key])))
    return found


def read_vocabulary(root: Path, names_file: Path | None = None) -> Vocabulary:
    """The vocabularies of the rules repository at `root` (its definitions/ folder)."""
    definitions = root / DEFINITIONS_DIR
    rules = _load(definitions / RULES)
    if not isinstance(rules, dict):
        raise VocabularyError(_("{path}: no rules.yaml to take the vocabularies from").format(path=definitions / RULES))
    vocabulary = Vocabulary()
    for key, value in rules.items():
        if isinstance(value, list) and all(isinstance(item, dict) and "id" in item and "name" in item for item in value):
            vocabulary.with_names(key, _pairs(value, "name"))
    vocabulary.with_names("costs", [(str(c["letter"]), str(c.get("name", ""))) for c in rules.get("costs") or [] if isinstance(c, dict) and "letter" in c])
    formats = _load(definitions / FORMATS)
    if isinstance(formats, dict):
        vocabulary.with_names("formats", _pairs(formats.get("formats"), "name", "file_stem"))
    frames = _load(definitions / FRAMES)
    vocabulary.with_names("frames", _pairs(frames, "name"))
    vocabulary.frame_formats = {str(f["id"]): [str(x) for x in f.get("formats") or []] for f in frames or [] if isinstance(f, dict) and "id" in f}
    vocabulary.frames = {str(f["id"]): f for f in frames or [] if isinstance(f, dict) and "id" in f}
    for kind, pattern in ENTRY_FILES.items():
        vocabulary.entries[kind] = [{"id": str(e["id"]), "name": str(e.get("name", "")), "keycards": str(e.get("keycards", "")),
                                     "kana": str(e.get("kana") or ""), **{key: str(e.get(key) or "") for key in ENTRY_FIELDS}}
                                    for path in sorted(definitions.glob(pattern)) for e in _load(path) or []
                                    if isinstance(e, dict) and "id" in e]
    vocabulary.frame_characters = {str(c["id"]): c for c in _load(definitions / ENTRY_FILES["frame-characters"]) or []
                                   if isinstance(c, dict) and "id" in c}
    vocabulary.with_names("trumps", _pairs(_load(definitions / TRUMPS), "name"))
    if names_file is not None:
        extra = _load(names_file)
        if not isinstance(extra, dict):
            raise VocabularyError(_("{path}: a mapping of vocabularies to {{upstream word: id}} is expected").format(path=names_file))
        vocabulary.extra = {str(k): {str(w): str(i) for w, i in (v or {}).items()} for k, v in extra.items()}
    return vocabulary
