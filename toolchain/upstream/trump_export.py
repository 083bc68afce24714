"""The trumps in upstream's trump-file shape (trump_file.py): extra.yaml's abiList, each trump's actions and characters
nested, or v5-extra.yaml's list, written flat, whichever the repository was imported from (extra.yaml where it was not);
card by card in upstream's order (the empty and unprinted cards an import left out written back as they were), then
the file's actList: the frame actions of the trumps' group that belong to no trump (オープン, クローズ).

Upstream keeps no schema for these files: the fields are the ones its files write, every one of them on every entry."""

from __future__ import annotations

from typing import Any

from .. import model as m
from . import texts, trump_file
from .exporter import Exporter
from .writing import dump

EXTRA_FILE = "extra.yaml"
NESTED_LIST, FLAT_LIST = "abiList", "list"  # extra.yaml's list of trumps, v5-extra.yaml's
ACT_KEYS = ("actName", "actType", "actTime", "actCost", "actS", "actKey", "actNote", "actTarget", "actEffect")
CHAR_KEYS = ("charName", "charType", "charKey", "charNote", "charAbility")
FLAT_ACTIONS = 4  # the action slots v5-extra.yaml writes for every card (actName … actName3), blank where unused
LISTED_TYPE = "ActionList"  # the `type` extra.yaml's actList gives each of its entries


class TrumpExporter(Exporter):
    def __init__(self, defs: m.Definitions, kept: dict[str, Any]) -> None:
        super().__init__(defs, kept)
        # the trump file the repository was imported from, if it was
        self.record: dict[str, Any] = next((f for f in self.files if f.get("trumps")), {})
        self.flat = self.record.get("list") == FLAT_LIST
        self.left_out: list[m.Trump] = []  # the trumps on no one card, which a trump file has no place for

    def extra(self) -> dict[str, Any]:
        trumps = {trump.id: trump for trump in self.defs.trumps}
        cards: list[dict[str, Any]] = []
        for card in self.record.get("cards") or []:
            if isinstance(card, dict):
                cards.append(dict(card))
            elif card in trumps:
                cards.append(self._trump(trumps.pop(card)))
        cards += [self._trump(trump) for trump in trumps.values()]  # the trumps written since, in the definitions' order
        cards = [card for card in cards if card]
        edition = self.defs.rules.edition if self.defs.rules else {}
        header = self.record.get("data") if self.record else {"ver": str(edition.get("name", "")),
                                                               "lastupdate": str(edition.get("release", ""))}
        data: dict[str, Any] = {"data": header} if header else {}
        data[FLAT_LIST if self.flat else NESTED_LIST] = cards
        listed = self._listed()
        if listed:
            data["actList"] = self._grouped("frame-actions", listed, lambda a: self.defs.name_of("frame_action_groups", a.group or ""),
                                            "acts", self._listed_action)
        return data

    # -- which definitions -------------------------------------------------------------------------

    def _trump_group(self) -> str | None:
        """The group the trumps' actions are in (the one most of them are in)."""
        groups = [a.group for a in self.defs.frame_actions if a.trump and a.group]
        return max(dict.fromkeys(groups), key=groups.count) if groups else None

    def _listed(self) -> list[m.Action]:
        """The trumps' group's frame actions of no trump; in a repository imported from a trump file, those it gave (the
        others are the target edition's, which the import kept beside them)."""
        group = self._trump_group()
        listed = [a for a in self.defs.frame_actions if not a.trump and group and a.group == group]
        if self.record:
            listed = [a for a in listed if self._kept("frame-actions", a.id).get("file") == self.record.get("file")]
        return listed

    def _characters_of(self, trump: m.Trump, actions: list[m.Action]) -> list[m.Character]:
        """The trump's characters: those the import took from its entry or from under its heading (act-frame.yaml's
        `切札♠J リアニメーター`); else those its actions summon."""
        summoned = {character for action in actions for character in action.summons}

        def belongs(character: m.Character) -> bool:
            kept = self._kept("frame-characters", character.id)
            owner = kept.get("trump") or self._trump_named(str(kept.get("heading") or ""))
            return bool(owner == trump.id if owner else character.id in summoned)
        return self._ordered("frame-characters", [c for c in self.defs.frame_characters if belongs(c)])

    def _trump_named(self, heading: str) -> str | None:
        """The trump an upstream heading ends with the name of (the longest such name)."""
        named = [(len(t.name), t.id) for t in self.defs.trumps if heading.rstrip().endswith(t.name)]
        return max(named)[1] if named else None

    # -- entries -----------------------------------------------------------------------------------

    def _trump(self, trump: m.Trump) -> dict[str, Any]:
        kept = self._kept("trumps", trump.id)
        card = trump_file.card(str(trump.keycards))
        if card is None:
            self.left_out.append(trump)
            return {}
        suit, number = card
        entry: dict[str, Any] = {"suit": suit, "num": number, "output": trump_file.PRINTED, "beta": kept.get("beta") or "",
                                 "name": trump.name, "ability": self._text(kept, "ability", trump.ability.text) if trump.ability else ""}
        actions = self._ordered("frame-actions", [a for a in self.defs.frame_actions if a.trump == trump.id])
        written = [self._act(a) for a in actions]
        characters = [self._char(c) for c in self._characters_of(trump, actions)]
        if self.flat:
            entry.update(_flattened(written, characters))
            return entry
        if written:
            entry["acts"] = written
        if characters:
            entry["chars"] = characters
        return entry

    def _act(self, action: m.Action) -> dict[str, Any]:
        kept = self._kept("frame-actions", action.id)
        cost = kept["actCost"] if kept.get("cost") == action.cost and kept.get("actCost") else action.cost
        # the speed mark as upstream wrote it while the speed is the one it was read as; else the speed's name
        speed = kept["actS"] if "actS" in kept and kept.get("speed") == action.speed else self.defs.name_of("speeds", action.speed)
        return {"actName": action.name, "actType": kept.get("actType") or self.defs.name_of("categories", action.category),
                "actTime": self.defs.name_of("timings", action.timing), "actCost": cost or "", "actS": speed,
                "actKey": self._keycards(action.keycards, kept) or "",
                "actNote": texts.note_from_markup(str(action.note)) if action.note else "",
                "actTarget": str(action.target.text) if action.target else "",
                "actEffect": self._text(kept, "actEffect", action.effect)}

    def _listed_action(self, action: m.Action) -> dict[str, Any]:
        """An entry of extra.yaml's actList: an act.yaml entry of its day (output, etc, beta, type, name, actId …)."""
        kept = self._kept("frame-actions", action.id)
        entry: dict[str, Any] = {"output": trump_file.PRINTED, "etc": kept.get("etc") or "", "beta": kept.get("beta") or "",
                                 "type": LISTED_TYPE, "name": action.name, "actId": kept.get("id") or action.id, **self._act(action),
                                 "story": str(action.story or ""), "flavor": kept.get("flavor") or (action.flavor.text if action.flavor else ""),
                                 "flavorSpeaker": action.flavor.speaker if action.flavor and action.flavor.speaker else ""}
        self._versions(action, entry)
        return entry

    def _char(self, character: m.Character) -> dict[str, Any]:
        kept = self._kept("frame-characters", character.id)
        return {"charName": character.name, "charType": self.defs.name_of("character_types", character.type),
                "charKey": self._keycards(character.keycards, kept) or "", "charNote": kept.get("charNote") or "",
                "charAbility": "\n".join(f"・{a.name}（{a.text}）" if a.name and a.name != a.text else f"・{a.text}"
                                         for a in character.abilities)}


def _flattened(actions: list[dict[str, Any]], characters: list[dict[str, Any]]) -> dict[str, Any]:
    """v5-extra.yaml's flat fields, in its order: the first action, the first character, the other action slots
    (actName1 …, blank where unused), then any further character (charName1 …)."""
    blank_act, blank_char = dict.fromkeys(ACT_KEYS, ""), dict.fromkeys(CHAR_KEYS, "")
    slots = [(actions[0] if actions else blank_act, ""), (characters[0] if characters else blank_char, "")]
    slots += [(actions[n] if n < len(actions) else blank_act, trump_file.FLAT_SUFFIXES[n]) for n in range(1, max(FLAT_ACTIONS, len(actions)))]
    slots += [(characters[n], trump_file.FLAT_SUFFIXES[n]) for n in range(1, len(characters))]
    return {f"{key}{suffix}": value for fields, suffix in slots for key, value in fields.items()}


def export_extra_yaml(defs: m.Definitions, kept: dict[str, Any]) -> tuple[str, list[m.Trump]]:
    """The file's text, and the trumps it leaves out (on no one card)."""
    exporter = TrumpExporter(defs, kept)
    text = dump(exporter.extra())
    return text, exporter.left_out
