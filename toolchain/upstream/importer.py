"""Upstream's entries as this project's definitions: each field read through the target edition's
vocabularies, each text in the project's markup, each loose spelling a warning and each word no
vocabulary has an error, located at the upstream file's line and column.

An entry has no program: it is imported with a text-only reading (about: effect, or abilities), so that
`bp check --readings` lists what is left to write. What the definitions have no field for (developer
notes, upstream's headings and types, the keycards upstream writes in words the notation has not) is
kept in the repository's upstream.yaml, from which `bp export --format act-yaml` writes it back.

The trump files (extra.yaml's abiList, v5-extra.yaml's list) give trumps: each printed entry (output ●) a trump with
its ability, its actions the frame actions of that trump and its characters frame characters (trump_file.py names
what each field is); what such a file does not write of a character (size, labels, formats) is filled in, each with a
reading, and the table card by card is kept for the export (trump_export.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Location
from ..i18n import _
from ..model import yamlload
from ..model.notations import KeycardsText
from ..notation.kana import has_kanji, is_kana_name
from . import frame_file as frames_yaml
from . import spelling, texts, trump_file
from .vocabulary import Vocabulary

# What marks an entry imported without a program (definitions/README.md "Readings"); rules text, so Japanese.
TEXT_ONLY_SAYS = "上流のデータ ({file}) から取り込んだ。{field}は文章だけで、データ (プログラム) はまだ無い。"
TEXT_ONLY_READS = "シミュレーターはこの{field}を遊ばない。文章だけが印刷される。"
TEXT_ONLY_WHY = "取り込んだ後に書くもの: プログラムを書いたら、この読みを消す。"
FIELD_WORDS = {"effect": "効果", "abilities": "能力", "ability": "能力", "size": "サイズ", "keycards": "キーカード", "labels": "ラベル",
               "formats": "フォーマット"}
KEYCARDS_SAYS = "上流のデータはキーカードを「{text}」と書き、記法で書けない。"
KEYCARDS_READS = "キーカードの項目を置かず、プログラムで扱う。"
LABEL_SAYS = "上流のデータはラベルを「{label}({condition})」と書く。"
LABEL_READS = "条件をデータ (if:) で書くまで、{label}は無いものとして取り込んだ。"
LABEL_WHY = "条件付きのラベルはシミュレーターが条件をデータとして要るため: labels に {{label, condition, if}} で書き、この読みを消す。"
SIZE_SAYS = "上流のデータはサイズを「{text}」と書く。"
SIZE_READS = "サイズはキーカードの数字の合計として取り込んだ。"
# A trump file writes no size, labels or formats of a trump's character: filled in, each with a reading.
UNWRITTEN_SAYS = "上流の切札ファイル ({file}) はこのキャラクターの{field}を書かない。"
UNWRITTEN_READS_TARGET = "{field}は、取り込み先の版の同じキャラクターのもの ({value}) とした。"
UNWRITTEN_READS_ALIKE = "{field}は、取り込み先の版の{type}のフレームキャラクターが皆持つもの ({value}) とした。"
UNWRITTEN_READS_SIZE = "サイズは、キーカードの数字の合計とした。"
UNWRITTEN_WHY = "上流のデータに無い値: 確かめて、正しい値を書いたら、この読みを消す。"
SIZE_SUMMED = "キーカードの数字の合計"  # the size's printed text where it is the keycards' ranks summed

# The kinds of upstream file, by the lists they hold.
LISTS = {"actList": "acts", "charList": "chars", "fogList": "fogs"}
# The trump files' list of trumps: extra.yaml (第六版, 第七版) and v5-extra.yaml, whose entries write their actions and
# character flat (actName, actName1 …, charName).
TRUMP_LISTS = ("abiList", "list")
# The order they are read in: the characters first, so that an action's keycards may name one (「騎士」1体).
READ_ORDER = ("charList", "actList", "fogList")


@dataclass
class Imported:
    """Definitions in the project's shape, in upstream's order, with what upstream keeps beside them."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    frame_actions: list[dict[str, Any]] = field(default_factory=list)
    characters: list[dict[str, Any]] = field(default_factory=list)
    frame_characters: list[dict[str, Any]] = field(default_factory=list)  # a frame file's charList (the trumps' characters)
    fog: list[dict[str, Any]] = field(default_factory=list)
    frame_fog: list[dict[str, Any]] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)  # a frame.yaml's frames
    trumps: list[dict[str, Any]] = field(default_factory=list)  # a trump file's trumps (extra.yaml)
    upstream: dict[str, Any] = field(default_factory=lambda: {"files": [], "entries": {}})
    findings: list[Diagnostic] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)  # the earlier editions' records (edition_history.py)
    names: dict[str, str] = field(default_factory=dict)  # kept entry key → the entry's name
    since_marks: dict[str, tuple[str, Location]] = field(default_factory=dict)  # kept entry key → (since, where upstream says it)

    @property
    def failed(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def kebab(identifier: str) -> str:
    """Upstream's camelCase id as the project's: `summonsSoldier` → `summons-soldier`."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", identifier.strip())
    return re.sub(r"[^a-z0-9]+", "-", spaced.lower()).strip("-")


class _Entry:
    """One upstream entry, with where each of its values is written."""

    def __init__(self, doc: yamlload.Document, path: tuple[str | int, ...], report: Callable[[Diagnostic], None], shown: str,
                 suffix: str = "") -> None:
        """`suffix`: the entry is the fields of `path` whose keys end in it (v5-extra.yaml's actName1 …), read unsuffixed."""
        self.doc, self.path, self.report, self.shown, self.suffix = doc, path, report, shown, suffix
        data: Any = doc.data
        for key in path:
            data = data[key]
        self.data: dict[str, Any] = {key[: len(key) - len(suffix)]: value for key, value in data.items()
                                     if key.endswith(suffix)} if suffix else data

    def get(self, key: str) -> Any:
        value = self.data.get(key)
        return None if value is None or (isinstance(value, str) and not value.strip()) else value

    def where(self, key: str | None = None) -> Location:
        mark = self.doc.mark(self.path + ((key + self.suffix,) if key else ()))
        return Location(self.shown, mark.line, mark.column)

    def warn(self, key: str, notes: list[str]) -> None:
        for note in notes:
            self.report(Diagnostic(self.where(key), "BP060", note, "warning"))

    def error(self, key: str | None, message: str) -> None:
        self.report(Diagnostic(self.where(key), "BP061", message))


class Importer:
    """Reads upstream files into one Imported, in the order given."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        self.result = Imported()
        self._spelled: dict[str, str] = {}  # the current entry's texts kept as upstream spells them (_markup)

    # -- files -------------------------------------------------------------------------------------

    def read(self, path: Path, shown: str | None = None) -> None:
        shown = shown or str(path)
        doc = yamlload.load(path)
        if doc.problems:
            for problem in doc.problems:
                self.result.findings.append(Diagnostic(Location(shown, problem.mark.line, problem.mark.column), problem.code, problem.message))
            return
        if isinstance(doc.data, dict) and isinstance(doc.data.get(frames_yaml.FRAMES_KEY), list) and not any(key in doc.data for key in LISTS):
            self._frame_file(doc, path.name, shown)
            return
        if isinstance(doc.data, dict) and any(isinstance(doc.data.get(key), list) for key in TRUMP_LISTS):
            self._trump_file(doc, path.name, shown)
            return
        if not isinstance(doc.data, dict) or not any(key in doc.data for key in LISTS):
            self.result.findings.append(Diagnostic(Location(shown, 1, 1), "BP061", _(
                "not one of upstream's action-list files: none of actList, charList, fogList, frames, abiList, list")))
            return
        for unread in ("trumpList", "trumpData"):
            if unread in doc.data:
                self.result.findings.append(Diagnostic(Location(shown, doc.key_mark((unread,)).line, doc.key_mark((unread,)).column),
                                                       "BP060", _("{key} is not imported: the trumps are the target edition's "
                                                                  "(frames/trumps.yaml)").format(key=unread), "warning"))
        header = doc.data.get("data") if isinstance(doc.data.get("data"), dict) else {}
        frame_file = any("frame" in (entry or {}) for _path, entry in self._entries(doc, "actList"))
        self.result.upstream["files"].append({"file": path.name, "data": header, "frame_actions": frame_file})
        for list_key in READ_ORDER:
            for entry_path, _data in self._entries(doc, list_key):
                entry = _Entry(doc, entry_path, self.result.findings.append, shown)
                heading = str(doc.data[list_key][entry_path[1]].get("type") or "")
                if list_key == "actList":
                    self._action(entry, heading, path.name, frame_file)
                elif list_key == "charList":
                    self._character(entry, heading, path.name, frame_file)
                else:
                    self._fog(entry, heading, path.name, frame_file)

    def _frame_file(self, doc: yamlload.Document, file: str, shown: str) -> None:
        """frame.yaml: each frame over the target edition's frame of that name (frame_file.py)."""
        header = doc.data.get("data") if isinstance(doc.data.get("data"), dict) else {}
        self.result.upstream["files"].append({"file": file, "data": header, "frames": True})
        for i, data in enumerate(doc.data[frames_yaml.FRAMES_KEY]):
            if not isinstance(data, dict):
                continue
            entry = _Entry(doc, (frames_yaml.FRAMES_KEY, i), self.result.findings.append, shown)
            name = entry.get("name")
            if name is None:
                entry.error(None, _("a frame without name cannot be imported"))
                continue
            match = self.vocabulary.find("frames", str(name))
            if match is None or not match.exact:
                entry.error("name", _("the frame {word!r} is not one of the frames of the target edition: its game start and "
                                      "zones come from there, so add it to frames.yaml first").format(word=str(name)))
                continue
            definition = frames_yaml.frame_definition(texts.plain(str(name)), self._words(entry, "format", "formats"),
                                                     entry.data, self.vocabulary.frames.get(match.id, {"id": match.id}))
            if entry.get("deck") is not None and not frames_yaml.cards(str(entry.get("deck"))):
                entry.warn("deck", [_("the deck lists no cards (* ♠A, 2, …): the target edition's deck is kept")])
            kept = frames_yaml.kept_fields(entry.data, definition)
            if kept:
                self.result.upstream["entries"][f"frames:{definition['id']}"] = {"kind": "frames", "file": file, **kept}
            self.result.frames.append(definition)
        # A frame the target edition has and upstream's file does not (a later edition's): kept as the target has it, so
        # that what its formats and frame actions name is still there.
        listed = {frame["id"] for frame in self.result.frames}
        for id_, frame in self.vocabulary.frames.items():
            if id_ not in listed:
                self.result.findings.append(Diagnostic(Location(shown, 1, 1), "BP060", _(
                    "the target edition's frame {name!r} is not in this file: kept as the target edition has it").format(
                    name=str(frame.get("name", id_))), "warning"))
                self.result.frames.append(frames_yaml.ordered(frame))

    def _trump_file(self, doc: yamlload.Document, file: str, shown: str) -> None:
        """extra.yaml, v5-extra.yaml: each printed trump with its actions and characters (trump_file.py), then the
        file's actList (オープン, クローズ …: the trumps' frame actions, in the group of its heading)."""
        header = doc.data.get("data") if isinstance(doc.data.get("data"), dict) else {}
        list_key = next(key for key in TRUMP_LISTS if isinstance(doc.data.get(key), list))
        # the table card by card, for the export: a trump's id, or the entry as written where no trump is imported (an
        # empty card, an unprinted trump)
        cards: list[Any] = []
        self.result.upstream["files"].append({"file": file, "data": header, "trumps": True, "list": list_key, "cards": cards})
        for i, data in enumerate(doc.data[list_key]):
            if isinstance(data, dict):
                cards.append(self._trump(_Entry(doc, (list_key, i), self.result.findings.append, shown), file) or dict(data))
        for entry_path, _data in self._entries(doc, "actList"):
            heading = str(doc.data["actList"][entry_path[1]].get("type") or "")
            self._action(_Entry(doc, entry_path, self.result.findings.append, shown), heading, file, True, trump_file=True)

    def _trump(self, entry: _Entry, file: str) -> str | None:
        """The trump of a card of the table, with its actions and characters; its id, or None where none is imported."""
        name = entry.get("name")
        if name is None:
            return None  # a card of the table without a trump
        if str(entry.data.get("output") or "").strip() != trump_file.PRINTED:
            entry.warn("output", [_("the trump {name!r} is not printed upstream (output is not ●): left out").format(name=str(name))])
            return None
        suit, number = str(entry.get("suit") or ""), str(entry.get("num") or "")
        keycards = trump_file.keycards(suit, number)
        if keycards is None or KeycardsText.of(keycards).error is not None:
            entry.error("suit", _("the trump {name!r} is on no card: suit is s, h, d or c and num A to K").format(name=str(name)))
            return None
        self._spelled = {}
        definition: dict[str, Any] = {"id": trump_file.trump_id(suit, number), "name": texts.plain(str(name)), "keycards": keycards}
        kept: dict[str, Any] = {}
        self._as_in_target(entry, "trumps", definition, kept)
        definition["category"] = self._trump_category(entry, definition)
        if entry.get("ability") is not None:
            text = self._markup(entry, "ability")
            definition["ability"] = {"text": text, "scope": self._scope(entry, "ability", str(name), text)}
            _add_reading(definition, _text_only("ability", file))
        spelled, self._spelled = self._spelled, {}  # the ability's, kept below: each action keeps its own
        for number_, (below, suffix) in enumerate(trump_file.parts(entry.data, "acts", "act"), start=1):
            part = _Entry(entry.doc, entry.path + below, entry.report, entry.shown, suffix)
            self._action(part, "", file, True, trump=definition["id"], fallback_id=f"{definition['id']}-action-{number_}",
                         trump_file=True)
        for number_, (below, suffix) in enumerate(trump_file.parts(entry.data, "chars", "char"), start=1):
            part = _Entry(entry.doc, entry.path + below, entry.report, entry.shown, suffix)
            self._character(part, "", file, True, fallback_id=f"{definition['id']}-character-{number_}", trump=definition["id"])
        self._spelled = spelled
        self._keep("trumps", definition, "", "", file, entry, kept, "beta")
        self.result.trumps.append(_ordered(definition))
        return str(definition["id"])

    def _trump_category(self, entry: _Entry, definition: dict[str, Any]) -> str | None:
        """The target edition's category of the trump; else the one --names gives it by name, or for every trump ('')."""
        category = self.vocabulary.target_field("trumps", definition["id"], "category")
        named = self.vocabulary.extra.get("trump_categories", {})
        category = category or named.get(definition["name"]) or named.get("")
        if category is None:
            entry.error("name", _("the trump {name!r} is not one of the target edition's, and upstream gives no category: name "
                                  "it in --names (trump_categories: {{{name}: …}}, or '' for every such trump)").format(
                name=definition["name"]))
        return category

    def _trump_group(self, entry: _Entry) -> str | None:
        group = self.vocabulary.trump_group()
        if group is None:
            entry.error("actName", _("the target edition lists no trump's actions, so their group is not known: name it "
                                     "in --names (frame_action_groups: {'': …})"))
        return group

    def _scope(self, entry: _Entry, key: str, name: str, text: str) -> str:
        """The scope an ability's text names first (rules.yaml scopes and the words --names adds: 自分の); where it
        names none, the first scope, with a warning."""
        scopes = self.vocabulary.names("scopes")
        named = sorted((text.find(word), id_) for id_, word in (*scopes, *self._added("scopes")) if word and word in text)
        if named:
            return named[0][1]
        scope = scopes[0][0] if scopes else "this"
        entry.warn(key, [_("the ability {name!r} names no scope of rules.yaml: read as {scope!r}").format(name=name, scope=scope)])
        return scope

    @staticmethod
    def _entries(doc: yamlload.Document, list_key: str) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
        inner = LISTS[list_key]
        for g, group in enumerate(doc.data.get(list_key) or []):
            if not isinstance(group, dict):
                continue
            for i, entry in enumerate(group.get(inner) or []):
                if isinstance(entry, dict):
                    yield (list_key, g, inner, i), entry

    # -- fields ------------------------------------------------------------------------------------

    def _word(self, entry: _Entry, key: str, vocabulary: str, *fallbacks: str, first: str | None = None) -> str | None:
        """The id of a vocabulary upstream's word at `key` names (else of the fallback words, as upstream's heading;
        `first`: a word tried before the one at `key`)."""
        words = [w for w in (first, entry.get(key), *fallbacks) if w]
        for exact in (True, False):
            for word in words:
                found = self.vocabulary.find(vocabulary, str(word))
                if found and found.exact == exact:
                    if not exact:
                        entry.warn(key, [_("{word!r} is not a name of {vocabulary} in rules.yaml: read as {name!r} ({id})").format(
                            word=str(word), vocabulary=vocabulary, name=self.vocabulary.name_of(vocabulary, found.id), id=found.id)])
                    return found.id
        known = ", ".join(name for _id, name in self.vocabulary.names(vocabulary))
        entry.error(key, _("{words} names none of {vocabulary} of the target edition ({known}): add it to rules.yaml, "
                           "or name its id in --names").format(words=" / ".join(repr(str(w)) for w in words) or "''",
                                                                vocabulary=vocabulary, known=known))
        return None

    def _older_word(self, entry: _Entry, key: str, vocabulary: str, older: str | None) -> str | None:
        """An edition before 第8版 writes no trigger or speed: its type (誘発) and its speed mark (actS: ●) say them,
        read through the vocabulary and --names (speeds: {●: instant, '': normal}); what neither names is
        the --names entry for the empty word ('')."""
        if entry.get(key) is not None or older is None:
            return self._word(entry, key, vocabulary)
        word = str(entry.data.get(older) or "").strip()
        found = self.vocabulary.find(vocabulary, word) if word else None
        if found is None or not found.exact:
            found = self.vocabulary.find(vocabulary, "") if "" in self.vocabulary.extra.get(vocabulary, {}) else None
        if found is None:
            entry.error(older if older in entry.data else None, _(
                "no {key}, and {older} {word!r} names none of {vocabulary}: name it in --names ({vocabulary}: {{{word!r}: …}}, "
                "or '' for the entries that write none)").format(key=key, older=older, word=word, vocabulary=vocabulary))
            return None
        return found.id

    def _words(self, entry: _Entry, key: str, vocabulary: str) -> list[str]:
        read = spelling.words(entry.get(key) or "")
        entry.warn(key, read.notes)
        found: list[str] = []
        for word in read.value:  # type: ignore[attr-defined]
            match = self.vocabulary.find(vocabulary, word)
            if match is None:
                entry.error(key, _("{word!r} names none of {vocabulary} of the target edition").format(word=word, vocabulary=vocabulary))
            elif match.id not in found:
                found.append(match.id)
        return found

    def _frames(self, entry: _Entry) -> list[str]:
        """`frame: |- ・パック ・レアパック`: the frames by name, one a line."""
        names = [line.strip().lstrip("・*-").strip() for line in str(entry.get("frame") or "").split("\n")]
        found: list[str] = []
        for name in filter(None, names):
            match = self.vocabulary.find("frames", name)
            if match is None or not match.exact:
                entry.error("frame", _("{word!r} names none of the frames of the target edition").format(word=name))
            elif match.id not in found:
                found.append(match.id)
        return found

    def _versions(self, entry: _Entry, definition: dict[str, Any]) -> None:
        if entry.get("since") is not None:
            read = spelling.version(entry.get("since"))
            entry.warn("since", read.notes)
            if read.refused:
                entry.error("since", read.refused)
            else:
                definition["since"] = read.value
        if entry.get("update") is not None:
            read = spelling.versions(entry.get("update"))
            entry.warn("update", read.notes)
            if read.refused:
                entry.error("update", read.refused)
            elif read.value:
                definition["updated"] = read.value

    def _keycards(self, entry: _Entry, key: str, definition: dict[str, Any], kept: dict[str, Any], labels: dict[str, str],
                  characters: dict[str, str]) -> None:
        """The keycards in the notation; else a special form whose printed words upstream wrote; else kept as upstream's words."""
        text = entry.get(key)
        if text is None:
            return
        read = spelling.keycards(text)
        entry.warn(key, read.notes)
        notation = self._parsed(str(read.value)) or self._special(str(text), labels, characters)
        if notation is not None:
            definition["keycards"] = notation
            return
        entry.warn(key, [_("the keycards {text!r} are not in the notation: kept as upstream wrote them, with a reading").format(text=str(text))])
        kept["keycards"] = str(text)
        _add_reading(definition, {"about": "keycards", "says": KEYCARDS_SAYS.format(text=str(text)), "reads": KEYCARDS_READS,
                                  "why": TEXT_ONLY_WHY})

    @staticmethod
    def _parsed(notation: str) -> str | None:
        parsed = KeycardsText.of(notation)  # read as the loader reads a definition's keycards
        return parsed.pattern.notation() if parsed.error is None else None

    @staticmethod
    def _special(text: str, labels: dict[str, str], characters: dict[str, str]) -> str | None:
        """`全て(裏向き)`, `<スラッシュ> を持つ兵士1体`, `「リアニメーター」1体`: the forms the notation prints in words."""
        def squeeze(words: str) -> str:
            return re.sub(r"\s+", "", words)
        candidates = ["face-down", *(f"soldier<{label}>" for label in labels), *(f"character<{c}>" for c in characters)]
        for candidate in candidates:
            pattern = KeycardsText.of(candidate).pattern
            if squeeze(pattern.display(labels, characters)) == squeeze(text):
                return candidate
        return None

    def _cost(self, entry: _Entry, letters: str) -> str:
        """Each letter of the cost in the target edition's legend (rules.yaml costs), or as --names maps it (costs: {C: K})."""
        legend = {letter for letter, _name in self.vocabulary.names("costs")}
        extra = self.vocabulary.extra.get("costs", {})
        read = ""
        for letter in letters:
            if letter in extra:
                read += extra[letter]
            elif letter in legend:
                read += letter
            else:
                entry.error("actCost", _("the cost letter {letter!r} is not in the cost legend of the target edition ({legend}): "
                                         "name the letter it is in --names (costs: {{{letter}: …}})").format(
                    letter=letter, legend=" ".join(sorted(legend))))
        return read

    def _target(self, entry: _Entry) -> dict[str, str] | None:
        """The target's kind: the kind whose name comes last in its words (Japanese puts the head noun last)."""
        text = entry.get("actTarget")
        if text is None:
            return None
        text = texts.plain(str(text))
        extra = self.vocabulary.extra.get("target_kinds", {})
        if text in extra:
            return {"kind": extra[text], "text": text}
        placed = [(text.rfind(name), len(name), id_) for id_, name in self.vocabulary.names("target_kinds") if name in text]
        if not placed:
            entry.error("actTarget", _("the target {text!r} names none of target_kinds of the target edition: name its kind "
                                       "in --names (target_kinds: {{text: kind}})").format(text=text))
            return None
        return {"kind": max(placed)[2], "text": text}

    def _texts(self, entry: _Entry, definition: dict[str, Any], fields: dict[str, str]) -> None:
        for upstream_key, ours in fields.items():
            value = entry.get(upstream_key)
            if value is not None:
                definition[ours] = self._markup(entry, upstream_key)

    def _markup(self, entry: _Entry, key: str) -> str:
        """The text at `key` in the project's markup; a full-width marker (１．) is read, with a warning. A spelling the
        markup writes otherwise (`1.対象`, no space after the marker) is read with a warning, and upstream's text is
        kept for the export."""
        value = str(entry.get(key) or "")
        if texts.wide_markers(value):
            entry.warn(key, [_("full-width list markers (１．) read as 1.")])
        read = texts.to_markup(value)
        if not texts.wide_markers(value) and texts.from_markup(read) != texts.plain(value):
            entry.warn(key, [_("the list markers of {key} are spelled otherwise than the markup writes them (1. with a "
                               "space): read as the markup, upstream's text kept for the export").format(key=key)])
            self._spelled[key] = texts.plain(value)
        return read

    def _lore(self, entry: _Entry, definition: dict[str, Any]) -> None:
        if entry.get("story") is not None:
            definition["story"] = texts.plain(str(entry.get("story")))
        if entry.get("flavor") is not None:
            flavor = {"text": texts.flavor(str(entry.get("flavor")))}
            if entry.get("flavorSpeaker") is not None:
                flavor["speaker"] = texts.plain(str(entry.get("flavorSpeaker")))
            definition["flavor"] = flavor

    def _identity(self, entry: _Entry, prefix: str, fallback: str | None = None) -> tuple[dict[str, Any], str | None]:
        """The entry's id and name; `fallback`: the id of an entry upstream gives none (a trump file's), '' as upstream's."""
        upstream_id = entry.get(f"{prefix}Id")
        name = entry.get(f"{prefix}Name")
        if (upstream_id is None and fallback is None) or name is None:
            entry.error(None, _("an entry without {prefix}Id or {prefix}Name cannot be imported").format(prefix=prefix))
            return {}, None
        self._spelled = {}
        definition: dict[str, Any] = {"id": kebab(str(upstream_id)) if upstream_id is not None else fallback,
                                      "name": texts.plain(str(name))}
        return definition, str(upstream_id) if upstream_id is not None else ""

    def _as_in_target(self, entry: _Entry, kind: str, definition: dict[str, Any], kept: dict[str, Any]) -> None:
        """The target edition's id where the entry is one of its definitions, and the name's reading (kana): upstream's
        ruby, left out of a name in kana alone (it reads as written; the ruby is kept for the export), and where upstream
        gives none for a name with kanji, the target's reading, with a warning."""
        definition["id"] = self.vocabulary.target_id(kind, definition["name"], definition.get("keycards")) or definition["id"]
        ruby = entry.get("ruby")
        if ruby is not None and is_kana_name(definition["name"]):
            kept["ruby"] = str(ruby)
        elif ruby is not None:
            definition["kana"] = texts.kana(str(ruby))
        elif has_kanji(definition["name"]):
            reading = self.vocabulary.target_kana(kind, definition["id"])
            named = self.vocabulary.extra.get("kana", {}).get(definition["name"])
            if reading or named:
                definition["kana"] = named or reading
                kept["noRuby"] = True
            if reading and not named:
                entry.warn(None, [_("{name!r} has no ruby: read as the target edition's {kana!r}").format(
                    name=definition["name"], kana=reading)])
            elif not named:  # no reading can be derived from kanji: only an editor can give it
                entry.error(None, _("{name!r} has kanji and no ruby, and the target edition has no definition of that name to "
                                    "take its reading from: write its ruby in the file, or name it in --names "
                                    "(kana: {{{name}: …}}, in hiragana)").format(name=definition["name"]))

    def _keep(self, kind: str, definition: dict[str, Any], upstream_id: str, heading: str, file: str, entry: _Entry,
              kept: dict[str, Any], *keys: str) -> None:
        """What the definitions have no field for, kept for the export."""
        order = len(self.result.upstream["entries"])  # upstream's order, across the file's lists
        kept = {"kind": kind, "file": file, "order": order, "id": upstream_id, "heading": heading, **kept}
        if self._spelled:
            kept["texts"], self._spelled = self._spelled, {}
        if definition.get("since"):
            self.result.since_marks[f"{kind}:{definition['id']}"] = (str(definition["since"]), entry.where("since"))
        if "\n" in str(entry.get("flavor") or "").strip():  # the project runs the lines together; upstream's breaks are kept
            kept["flavor"] = texts.plain(str(entry.get("flavor")))
        for key in keys:
            if entry.get(key) is not None:
                kept[key] = texts.plain(str(entry.get(key))) if isinstance(entry.get(key), str) else entry.get(key)
        self.result.upstream["entries"][f"{kind}:{definition['id']}"] = kept
        self.result.names[f"{kind}:{definition['id']}"] = definition["name"]

    # -- entries -----------------------------------------------------------------------------------

    def _action(self, entry: _Entry, heading: str, file: str, frame_file: bool, trump: str | None = None,
                fallback_id: str | None = None, trump_file: bool = False) -> None:
        """An action; in a frame file a frame action, and `trump`'s own (a trump file's) in the group of the trumps'. A
        trump file's speed mark (actS) is kept with the speed it was read as, for the export."""
        definition, upstream_id = self._identity(entry, "act", fallback_id)
        if upstream_id is None:
            return
        kept: dict[str, Any] = {}
        if frame_file:
            definition["category"] = self._word(entry, "actType", "categories", heading)
            definition["frames"] = self._frames(entry) or None  # a trump file's actions name no frame
            definition["group"] = (self._trump_group(entry) if trump else
                                   self._word(entry, "actType", "frame_action_groups", first=heading))
            trump = trump or self._trump_of(heading)
            if trump:
                definition["trump"] = trump
        else:
            definition["category"] = self._word(entry, "actType", "categories", heading)
            definition["formats"] = self._words(entry, "format", "formats")
        for key, vocabulary, older in (("actTrigger", "triggers", "actType"), ("actSpeed", "speeds", "actS"), ("actTime", "timings", None)):
            definition[vocabulary[:-1]] = self._older_word(entry, key, vocabulary, older)
        labels = dict(self.vocabulary.names("labels"))
        characters = {c["id"]: c["name"] for c in (*self.result.characters, *self.result.frame_characters)}
        self._keycards(entry, "actUnit" if entry.get("actUnit") is not None else "actKey", definition, kept, labels, characters)
        kind = "frame-actions" if frame_file else "actions"
        self._as_in_target(entry, kind, definition, kept)
        if entry.get("actCost") is not None:
            written = str(entry.get("actCost")).strip()
            definition["cost"] = self._cost(entry, written)
            if definition["cost"] != written:  # a letter --names maps (C: K): upstream's letters back on export
                kept.update({"actCost": written, "cost": definition["cost"]})
        if entry.get("actNote") is not None:
            definition["note"] = texts.note_to_markup(str(entry.get("actNote")))
        self._texts(entry, definition, {"actActCond": "activation_condition", "actTriggerCond": "trigger_condition"})
        target = self._target(entry)
        if target:
            definition["target"] = target
        definition["effect"] = self._markup(entry, "actEffect")
        if not definition["effect"]:
            entry.error("actEffect", _("an action without actEffect cannot be imported"))
        self._lore(entry, definition)
        self._versions(entry, definition)
        _add_reading(definition, _text_only("effect", file))
        kept.update({"actType": entry.get("actType")} if entry.get("actType") is not None else {})
        if trump_file and "actS" in entry.data:
            kept.update({"actS": str(entry.data.get("actS") or "").strip(), "speed": definition.get("speed")})
        if entry.get("actUnit") is not None and "keycards" in kept:  # kept in words: written back as the unit it is
            kept["unit"] = True
        if entry.get("actKey") is not None and entry.get("actUnit") is not None:
            kept["actKey"] = str(entry.get("actKey"))
        # a frame action's formats are its frames' (the export writes them, as act.schema.json requires)
        self._keep(kind, definition, upstream_id, heading, file, entry, kept, "devNote", "changed", "frame",
                   *(() if frame_file else ("format",)), *(("etc", "beta") if trump_file else ()))
        (self.result.frame_actions if frame_file else self.result.actions).append(_ordered(definition))

    def _trump_of(self, heading: str) -> str | None:
        """The trump an upstream heading names (`切札♠2 スラッシュ`): the trump whose name it ends with."""
        named = [(len(name), id_) for id_, name in self.vocabulary.names("trumps") if heading.rstrip().endswith(name)]
        return max(named)[1] if named else None

    def _character(self, entry: _Entry, heading: str, file: str, frame_file: bool, fallback_id: str | None = None,
                   trump: str | None = None) -> None:
        """A character; in a frame file (act-frame.yaml) a frame character, in the formats of the frames it names; in a
        trump file `trump`'s, kept for the export, with what such a file does not write filled in (_unwritten)."""
        definition, upstream_id = self._identity(entry, "char", fallback_id)
        if upstream_id is None:
            return
        kept: dict[str, Any] = {}
        kind = "frame-characters" if frame_file else "characters"
        definition["type"] = self._word(entry, "charType", "character_types", heading)
        if frame_file:
            frames = self._frames(entry)
            definition["formats"] = [f for f, _name in self.vocabulary.names("formats")
                                     if any(f in self.vocabulary.frame_formats.get(frame, []) for frame in frames)]
            definition["formats"] = list(dict.fromkeys(definition["formats"]))
        else:
            definition["formats"] = self._words(entry, "format", "formats")
        labels = dict(self.vocabulary.names("labels"))
        self._keycards(entry, "charKey", definition, kept, labels, {})
        self._as_in_target(entry, kind, definition, kept)
        size = entry.get("charSize")
        if size is not None:
            text = texts.plain(str(size))
            value: int | str = int(text) if text.isdigit() else "rank-sum"
            definition["size"] = {"text": text, "value": value}
            if not text.isdigit():
                _add_reading(definition, {"about": "size", "says": SIZE_SAYS.format(text=text), "reads": SIZE_READS, "why": TEXT_ONLY_WHY})
        definition["labels"] = self._labels(entry, definition)
        if trump:
            kept["trump"] = trump
            self._unwritten(entry, definition, file)
        ability = entry.get("charAbility")
        if ability is not None:
            definition["abilities"] = [self._ability(entry, line) for line in texts.to_markup(str(ability)).split("\n") if line.strip()]
            _add_reading(definition, _text_only("abilities", file))
        self._lore(entry, definition)
        self._versions(entry, definition)
        # a frame character's formats are its frames' (the export writes them, as act.schema.json requires)
        self._keep(kind, definition, upstream_id, heading, file, entry, kept, "devNote", "charLabel",
                   *(("frame",) if frame_file else ("format",)), *(("charNote",) if trump else ()))
        (self.result.frame_characters if frame_file else self.result.characters).append(_ordered(definition))

    def _unwritten(self, entry: _Entry, definition: dict[str, Any], file: str) -> None:
        """A trump file's character has no size, labels or formats (charSize, charLabel, frame): the target edition's
        character's where it has that character; else the labels and formats every frame character of its type there
        has, and the keycards' ranks summed as its size. Each filled-in field is a reading, for an editor to confirm;
        where nothing fills a field in, an error says what to write."""
        same = self.vocabulary.frame_characters.get(definition["id"], {})
        type_name = self.vocabulary.name_of("character_types", str(definition.get("type")))
        for key, upstream_key in (("formats", "frame"), ("labels", "charLabel"), ("size", "charSize")):
            if definition.get(key):
                continue
            words = FIELD_WORDS[key]
            says = UNWRITTEN_SAYS.format(file=file, field=words)
            if same.get(key):
                value = same[key]
                reads = UNWRITTEN_READS_TARGET.format(field=words, value=self._shown(key, value))
            elif key == "size":
                value, reads = {"text": SIZE_SUMMED, "value": "rank-sum"}, UNWRITTEN_READS_SIZE
            elif self.vocabulary.alike(str(definition.get("type")), key):
                value = self.vocabulary.alike(str(definition.get("type")), key)
                reads = UNWRITTEN_READS_ALIKE.format(field=words, type=type_name, value=self._shown(key, value))
            else:
                entry.error("charName", _("the character {name!r} has no {key} in this file, and the target edition has no {type} "
                                          "frame character to take it from: write {upstream_key} in the entry").format(
                    name=definition["name"], key=key, type=type_name, upstream_key=upstream_key))
                continue
            definition[key] = value
            _add_reading(definition, {"about": key, "says": says, "reads": reads, "why": UNWRITTEN_WHY})

    def _shown(self, key: str, value: Any) -> str:
        """A size, labels or formats as a reading quotes them: the size's text, the names of the labels and formats."""
        if isinstance(value, dict):
            return str(value.get("text", ""))
        ids = [str(v.get("label", "")) if isinstance(v, dict) else str(v) for v in value]
        return "、".join(self.vocabulary.name_of(key, id_) for id_ in ids)

    def _ability(self, entry: _Entry, line: str) -> dict[str, str]:
        """`- 魔力増加（このキャラクターが場にいる間、…）`: the name, the text in its parentheses, and the scope the text
        names first (rules.yaml scopes: この, あなたの, 全ての); where it names none, the first scope, with a warning."""
        body = re.sub(r"^\s*-\s*", "", line).strip()
        match = re.match(r"^([^（(]+)[（(](.*)[）)]$", body)
        name, text = (match.group(1).strip(), match.group(2).strip()) if match else (body, body)
        return {"name": name, "scope": self._scope(entry, "charAbility", name, text), "text": text}

    def _added(self, vocabulary: str) -> list[tuple[str, str]]:
        """(id, word) of the words --names adds to a vocabulary (scopes: {自分の: your})."""
        return [(id_, word) for word, id_ in self.vocabulary.extra.get(vocabulary, {}).items()]

    def _labels(self, entry: _Entry, definition: dict[str, Any]) -> list[Any]:
        found: list[Any] = []
        for name, condition in spelling.labelled(entry.get("charLabel") or "").value:  # type: ignore[attr-defined]
            match = self.vocabulary.find("labels", name)
            if match is None or not match.exact:
                entry.error("charLabel", _("the label {word!r} names none of labels of the target edition").format(word=name))
                continue
            if condition:  # the engine needs the condition as data (if:), which only an editor can write
                entry.warn("charLabel", [_("the label {word!r} holds only when {condition!r}: left out until its condition "
                                           "is written as data (if:), with a reading").format(word=name, condition=condition)])
                _add_reading(definition, {"about": "labels", "says": LABEL_SAYS.format(label=name, condition=condition),
                                          "reads": LABEL_READS.format(label=name), "why": LABEL_WHY})
                continue
            found.append(match.id)
        return found

    def _fog(self, entry: _Entry, heading: str, file: str, frame_file: bool) -> None:
        """A fog entry; in a frame file (act-frame.yaml) a frame fog entry, of a frame action and in its frames."""
        definition, upstream_id = self._identity(entry, "fog")
        if upstream_id is None:
            return
        definition["group"] = self._word(entry, "fogType", "fog_groups", heading)
        pool = self.result.frame_actions if frame_file else self.result.actions
        action = next((a for a in pool if a["name"] == definition["name"]), None)
        if action is None:
            entry.error("fogName", _("no action of the imported files is named {name!r}: a fog entry belongs to the action "
                                     "that puts it on the fog").format(name=definition["name"]))
            return
        definition["id"] = action["id"]
        definition["category"] = action["category"]
        definition["action"] = action["id"]
        if frame_file:
            definition["frames"] = self._frames(entry)
        definition["ability"] = self._markup(entry, "fogAbility")
        self._versions(entry, definition)
        _add_reading(definition, _text_only("ability", file))
        kind = "frame-fog" if frame_file else "fog"
        self._keep(kind, definition, upstream_id, heading, file, entry, {}, "fogKey", "fogTarget", "format", "frame", "devNote")
        (self.result.frame_fog if frame_file else self.result.fog).append(_ordered(definition))


def _text_only(about: str, file: str) -> dict[str, str]:
    words = FIELD_WORDS.get(about, about)
    return {"about": about, "says": TEXT_ONLY_SAYS.format(file=file, field=words), "reads": TEXT_ONLY_READS.format(field=words),
            "why": TEXT_ONLY_WHY}


def _add_reading(definition: dict[str, Any], reading: dict[str, str]) -> None:
    definition.setdefault("reading", []).append(reading)


# The order of fields as the project's files write them.
_ORDER = ("id", "name", "kana", "type", "category", "formats", "frames", "group", "trump", "action", "trigger", "speed", "timing",
          "keycards", "cost", "size", "labels", "abilities", "note", "activation_condition", "trigger_condition", "target",
          "effect", "ability", "story", "flavor", "since", "updated", "reading")


def _ordered(definition: dict[str, Any]) -> dict[str, Any]:
    return {key: definition[key] for key in _ORDER if key in definition and definition[key] is not None}
