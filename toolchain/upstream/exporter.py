"""The definitions in upstream's shape: act.yaml (actions, characters, fog), act-frame.yaml (frame
actions) and frame.yaml (frames), as upstream's action-list tools read them (act.schema.json,
frame.schema.json), in upstream's grouping and order.

Where the repository was imported, upstream.yaml gives back what the definitions have no field for
(upstream's ids, headings and types, developer notes, keycards the notation cannot write); the rest is
derived from the definitions, every word by its name in the edition's rules.yaml."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import model as m
from . import frame_file, spelling, texts
from .writing import dump

ACT_FILE, ACT_FRAME_FILE, FRAME_FILE = "act.yaml", "act-frame.yaml", "frame.yaml"
# The header fields upstream's act.schema.json requires; a repository that was not imported has no values for the
# PDF and QR fields, which upstream's tools fill in themselves.
_HEADER_FIELDS = ("pdfurl_std", "pdfurl_lite", "pdfurl_pro", "pdfurl_mast", "qrStd", "qrLite", "qrPro", "qrMast")
# Special keycards print in words (全て(裏向き), <スラッシュ> を持つ兵士1体), the way upstream writes them.
_WORDED = ("face-down", "soldier<", "character<")


class Exporter:
    def __init__(self, defs: m.Definitions, kept: dict[str, Any]) -> None:
        self.defs = defs
        self.files: list[dict[str, Any]] = list(kept.get("files") or [])
        self.entries: dict[str, dict[str, Any]] = dict(kept.get("entries") or {})

    def _kept(self, kind: str, id_: str) -> dict[str, Any]:
        return self.entries.get(f"{kind}:{id_}", {})

    def _header(self, frame_actions: bool) -> dict[str, Any]:
        found = next((dict(f.get("data") or {}) for f in self.files  # a trump file's header is not an action list's
                      if not f.get("frames") and not f.get("trumps") and bool(f.get("frame_actions")) == frame_actions), None)
        if found:
            return found
        edition = self.defs.rules.edition if self.defs.rules else {}
        header: dict[str, Any] = {"id": "act-frame" if frame_actions else "act", "ver": str(edition.get("name", "")),
                                  "lastupdate": str(edition.get("release", ""))}
        return {**header, **dict.fromkeys(_HEADER_FIELDS, "")}

    # -- values ------------------------------------------------------------------------------------

    def _formats(self, formats: Iterable[str]) -> str:
        stems = {f.id: f.file_stem for f in self.defs.formats}
        return ",".join(stems.get(f, f) for f in formats)

    def _keycards(self, keycards: m.KeycardsText | None, kept: dict[str, Any]) -> str | None:
        if kept.get("keycards"):
            return str(kept["keycards"])
        if not keycards:
            return None
        if str(keycards).startswith(_WORDED):
            return self.defs.keycards_display(keycards)
        return spelling.keycards_back(str(keycards))

    @staticmethod
    def _text(kept: dict[str, Any], key: str, ours: object) -> str:
        """A text in upstream's markup: as upstream spelled it where the import kept that and the text is unchanged since."""
        spelled = (kept.get("texts") or {}).get(key)
        if spelled is not None and texts.to_markup(spelled) == str(ours):
            return str(spelled)
        return texts.from_markup(str(ours))

    @staticmethod
    def _ruby(item: Any, kept: dict[str, Any], into: dict[str, Any]) -> None:
        """The name's reading: upstream's where the definitions leave it out (a name in kana alone), none where upstream
        gave none (the import took the target edition's)."""
        if kept.get("noRuby"):
            return
        ruby = kept.get("ruby") or item.kana
        if ruby:
            into["ruby"] = ruby

    @staticmethod
    def _versions(item: Any, into: dict[str, Any]) -> None:
        if item.since:
            into["since"] = item.since
        if item.updated:
            into["update"] = ",".join(item.updated)

    @staticmethod
    def _lore(item: Any, kept: dict[str, Any], into: dict[str, Any]) -> None:
        if item.story:
            into["story"] = str(item.story)
        if item.flavor:
            into["flavor"] = kept.get("flavor") or item.flavor.text
            into["flavorSpeaker"] = item.flavor.speaker

    @staticmethod
    def _extras(kept: dict[str, Any], into: dict[str, Any], *keys: str) -> None:
        for key in keys:
            if kept.get(key) is not None:
                into[key] = kept[key]

    def _ordered(self, kind: str, items: list[Any]) -> list[Any]:
        """Upstream's order where the import kept it; the definitions' own order after those."""
        position = {id_: n for n, id_ in enumerate(i.id for i in items)}
        return sorted(items, key=lambda i: (self._kept(kind, i.id).get("order", len(self.entries) + position[i.id])))

    def _grouped(self, kind: str, items: list[Any], heading_of: Any, inner: str, entry_of: Any) -> list[dict[str, Any]]:
        """Consecutive entries under one heading, as upstream's lists group them (`- type: 基本 / acts: …`)."""
        groups: list[dict[str, Any]] = []
        for item in self._ordered(kind, items):
            heading = self._kept(kind, item.id).get("heading") or heading_of(item)
            if not groups or groups[-1]["type"] != heading:
                groups.append({"type": heading, inner: []})
            groups[-1][inner].append(entry_of(item))
        return groups

    # -- entries -----------------------------------------------------------------------------------

    def _action(self, action: m.Action, kind: str) -> dict[str, Any]:
        kept = self._kept(kind, action.id)
        entry: dict[str, Any] = {}
        if kind == "frame-actions":
            frames = [frame for frame in map(self.defs.frame, action.frames) if frame is not None]
            entry["frame"] = kept.get("frame") or "\n".join(f"・{frame.name}" for frame in frames)
            allowed = {fmt for frame in frames for fmt in frame.formats}
            entry["format"] = self._formats(f.id for f in self.defs.formats if f.id in allowed)
        else:
            entry["format"] = self._formats(action.formats)
        entry["actName"] = action.name
        self._ruby(action, kept, entry)
        entry["actId"] = kept.get("id") or action.id
        entry["actType"] = kept.get("actType") or self.defs.name_of("categories", action.category)
        entry["actTrigger"] = self.defs.name_of("triggers", action.trigger)
        entry["actSpeed"] = self.defs.name_of("speeds", action.speed)
        entry["actTime"] = self.defs.name_of("timings", action.timing)
        keycards = self._keycards(action.keycards, kept)
        unit = bool(kept.get("unit")) or bool(action.keycards) and str(action.keycards).startswith(("soldier<", "character<"))
        if keycards and unit:
            entry["actUnit"] = keycards
            self._extras(kept, entry, "actKey")
        if action.cost:  # in upstream's letters where the import mapped them and the cost is unchanged since
            entry["actCost"] = kept["actCost"] if kept.get("cost") == action.cost and kept.get("actCost") else action.cost
        if keycards and not unit:
            entry["actKey"] = keycards
        if action.target:
            entry["actTarget"] = str(action.target.text)
        if action.activation_condition:
            entry["actActCond"] = self._text(kept, "actActCond", action.activation_condition)
        if action.trigger_condition:
            entry["actTriggerCond"] = self._text(kept, "actTriggerCond", action.trigger_condition)
        if action.note:
            entry["actNote"] = texts.note_from_markup(str(action.note))
        entry["actEffect"] = self._text(kept, "actEffect", action.effect)
        self._lore(action, kept, entry)
        self._versions(action, entry)
        self._extras(kept, entry, "changed", "devNote")
        return entry

    def _character(self, character: m.Character) -> dict[str, Any]:
        kind = "frame-characters" if character.frame_character else "characters"
        kept = self._kept(kind, character.id)
        entry: dict[str, Any] = {}
        if character.frame_character:  # which frames have it is said by the frames' uses
            frames = [frame for frame in map(self.defs.frame, character.frames) if frame is not None]
            entry["frame"] = kept.get("frame") or "\n".join(f"・{frame.name}" for frame in frames)
        entry.update({"format": self._formats(character.formats), "charName": character.name})
        self._ruby(character, kept, entry)
        entry["charId"] = kept.get("id") or character.id
        entry["charType"] = self.defs.name_of("character_types", character.type)
        entry["charKey"] = self._keycards(character.keycards, kept) or ""
        if character.size_text:
            entry["charSize"] = str(character.size_text)
        entry["charLabel"] = kept.get("charLabel") or ", ".join(
            self.defs.label_name(g.label) + (f"({g.condition})" if g.condition else "") for g in character.labels)
        if character.abilities:
            entry["charAbility"] = "\n".join(f"・{a.name}（{a.text}）" if a.name and a.name != a.text else f"・{a.text}" for a in character.abilities)
        self._lore(character, kept, entry)
        self._versions(character, entry)
        self._extras(kept, entry, "devNote")
        return entry

    def _fog(self, fog: m.FogEntry, kind: str = "fog") -> dict[str, Any]:
        kept = self._kept(kind, fog.id)
        action = self.defs.action(fog.action)
        entry: dict[str, Any] = {}
        if kind == "frame-fog":
            frames = [frame for frame in map(self.defs.frame, fog.frames) if frame is not None]
            entry["frame"] = kept.get("frame") or "\n".join(f"・{frame.name}" for frame in frames)
        else:
            entry["format"] = kept.get("format") or self._formats(action.formats if action else ())
        entry.update({"fogName": fog.name, "fogId": kept.get("id") or fog.id, "fogType": self.defs.name_of("fog_groups", fog.group)})
        key = kept.get("fogKey") or self._keycards(self.defs.fog_keycards(fog), {})
        if key:
            entry["fogKey"] = key
        self._extras(kept, entry, "fogTarget")
        entry["fogAbility"] = self._text(kept, "fogAbility", fog.ability)
        self._versions(fog, entry)
        self._extras(kept, entry, "devNote")
        return entry

    # -- files -------------------------------------------------------------------------------------

    def act(self) -> dict[str, Any]:
        heading = lambda item: self.defs.name_of("categories", item.category)
        return {
            "data": self._header(False),
            "actList": self._grouped("actions", list(self.defs.actions), heading, "acts", lambda a: self._action(a, "actions")),
            "charList": self._grouped("characters", [c for c in self.defs.characters if not c.frame_character],
                                      lambda c: self.defs.name_of("character_types", c.type), "chars", self._character),
            "fogList": self._grouped("fog", list(self.defs.fog), lambda f: self.defs.name_of("fog_groups", f.group), "fogs", self._fog),
        }

    def act_frame(self) -> dict[str, Any]:
        def heading(action: m.Action) -> str:
            group = self.defs.name_of("frame_action_groups", action.group) if action.group else ""
            trump = next((t for t in self.defs.trumps if t.id == action.trump), None)
            return f"{group}{trump.keycards} {trump.name}" if trump else group
        return {
            "data": self._header(True),
            "actList": self._grouped("frame-actions", list(self.defs.frame_actions), heading, "acts",
                                     lambda a: self._action(a, "frame-actions")),
            "charList": self._grouped("frame-characters", list(self.defs.frame_characters),
                                      lambda c: self.defs.name_of("character_types", c.type), "chars", self._character),
            "fogList": self._grouped("frame-fog", list(self.defs.frame_fog), lambda f: self.defs.name_of("fog_groups", f.group), "fogs",
                                     lambda f: self._fog(f, "frame-fog")),
        }

    def frame(self) -> dict[str, Any]:
        """frame.yaml: each frame's upstream words where the import kept them and the frame still says the same."""
        edition = self.defs.rules.edition if self.defs.rules else {}
        header = next((dict(f.get("data") or {}) for f in self.files if f.get("frames")), None)
        frames = []
        for frame in self.defs.frames:  # in the definitions' order: an import writes them in upstream's
            kept = self._kept("frames", frame.id)
            frame_id = kept.get("id") or frame.id
            entry: dict[str, Any] = {"name": frame.name, "image": kept.get("image") or frame_id, "frameId": frame_id,
                                     "format": self._formats(frame.formats)}
            deck = frame_file.deck_back(kept, dict(frame.cards) if frame.cards else None)
            if deck:
                entry["deck"] = deck
            entry["start"] = frame_file.start_back(kept, str(frame.procedure))
            actions = self.defs.frame_actions_of(frame.id)
            if actions:
                entry["actionList"] = "\n".join(f"* {a.name}" for a in actions)
            self._extras(kept, entry, "accessLevel")
            frames.append(entry)
        return {"data": header or {"ver": str(edition.get("name", "")), "lastupdate": str(edition.get("release", ""))}, "frames": frames}


def export_act_yaml(defs: m.Definitions, kept: dict[str, Any]) -> dict[str, str]:
    """The three files, by name."""
    exporter = Exporter(defs, kept)
    return {ACT_FILE: dump(exporter.act()), ACT_FRAME_FILE: dump(exporter.act_frame()), FRAME_FILE: dump(exporter.frame())}
