"""The definitions compiled for the engine: every action with its program, the characters with
their sizes, labels and abilities, the trumps; and a Ruleset, the part of them one regulation
(format + frame, table 3.1) plays with."""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .. import model as m
from ..i18n import _
from ..notation.card_notation import Card
from ..notation import keycards as keycards_notation
from .cards import RANK, SUIT, code, to_card
from .errors import ProgramError
from .language import ENGINE, INSTRUMENT, LAST_KNOWN, PROHIBITS, Cond, Ctx, key_view
from .primitives import ProgramCompiler, Step
from .state import FIELD, Character, Request


@dataclass(frozen=True)
class TriggerSpec:
    """A structured trigger condition (誘発条件)."""

    on: str  # resolved / staged / moved
    action: str | None = None  # for resolved / staged: the action that resolved
    turn_player: bool = False  # ターンプレイヤーかつ: the action's owner must hold the turn
    from_zone: str | None = None  # for moved: from the owner's zone …
    to_zone: str | None = None  # … to this zone
    ranks: frozenset[int] | None = None  # for moved: which cards (1枚につき1回)
    condition: Cond | None = None
    by: str | None = None  # for moved: while a request of this action resolved


@dataclass(frozen=True)
class TargetSpec:
    kind: str  # soldier, bulwark, character, player, opponent, request, trump
    player: str = "any"  # you / opponent / any (whose characters, trumps or requests)
    where: Cond | None = None
    keycards: tuple[int, int | None] | None = None  # a request with this many keycards (at least, at most: None for no maximum)
    action: str | None = None  # a request of this action
    has_target: bool = False  # a request that has a target
    cause: bool = False  # the request that triggered this one
    # what of a way's keycards (or key unit) `where` can tell apart (language.key_view): the search for the legal
    # requests tests the ways it cannot tell apart once; None: every way
    key_view: Callable[[tuple[int, ...], int | None], object] | None = None


@dataclass(eq=False)
class ActionSpec:
    """An action as the engine runs it: the definition's fields and its compiled program."""

    action: m.Action
    pattern: keycards_notation.Keycards | None
    key_from: str | None  # hand / rare / unit / None (no keycards)
    once_per_turn: bool = False
    activation: Cond | None = None
    trigger_spec: TriggerSpec | None = None
    target: TargetSpec | None = None
    untargetable_by: frozenset[str] = frozenset()
    effect: Step | None = None

    def __post_init__(self) -> None:
        # What the request loop reads for every action, copied out of the definition once.
        action = self.action
        # The id interned: the policy's tables (rules.yaml `policy`) are keyed by the same interned strings, so a
        # lookup at every request decision finds its key by identity instead of comparing the text.
        self.id, self.name, self.category, self.trigger = sys.intern(action.id), action.name, action.category, action.trigger
        self.speed, self.timing, self.cost = action.speed, action.timing, action.cost or ""
        self.pattern_text = action.keycards  # the key of the hand's ways to make the pattern (requests.options)
        self.cost_counts = cost_counts(self.cost)
        # Its place among its definitions' compiled actions (compile_definitions; -1 for one made outside): an agent
        # keeps what it knows of each action in a list by it, read without hashing the id at every decision.
        self.position = -1

    @property
    def executable(self) -> bool:
        return self.effect is not None


def cost_counts(letters: str) -> tuple[int, int, int, int, int]:
    """How many of each cost letter (Table 2.2) a cost has: B, L, D, S, K."""
    return letters.count("B"), letters.count("L"), letters.count("D"), letters.count("S"), letters.count("K")


@dataclass(frozen=True)
class Prohibition:
    """What an ability stops (6.3): these steps of the effects of the requests `source` admits do nothing to the
    characters and players of the ability's scope, when `condition` holds just before the effect."""

    steps: frozenset[str]
    player: str = "any"  # whose requests: you (the ability's controller), opponent, any
    actions: frozenset[str] | None = None  # requests of these actions only
    where: Cond | None = None  # `it` is the request
    condition: Cond | None = None  # 効果を発揮する直前: checked when the effect begins


@dataclass(frozen=True)
class AbilitySpec:
    """A standing ability (6.3) of a character or an open trump as the engine applies it (abilities.py): in its
    scope (6.4.2 all / your / this), to the characters `where` admits, it changes sizes, labels and its players'
    costs, or stops what effects may do."""

    scope: str
    waive_letters: str = ""
    waive_category: str | None = None
    size_add: int | None = None
    size_set: int | None = None
    grant: frozenset[str] = frozenset()
    remove: frozenset[str] = frozenset()
    where: Callable[[Any, int, Character], bool] | None = None  # (game, the ability's controller, candidate)
    prohibition: Prohibition | None = None
    suits: frozenset[str] = frozenset()  # the suits the characters count as besides their cards' (abilities.suits)

    @property
    def changes_characters(self) -> bool:
        return self.size_add is not None or self.size_set is not None or bool(self.grant or self.remove or self.suits)


@dataclass(frozen=True)
class CharacterSpec:
    """A character definition with what the engine computes from it (its keycards pattern, label
    conditions and abilities compiled)."""

    definition: m.Character
    pattern: keycards_notation.Keycards
    conditional_labels: tuple[tuple[str, Callable[[Any, Character], bool]], ...]
    abilities: tuple[AbilitySpec, ...]
    # The labels it always has, made once: a cached_property compiled by mypyc is worked out at every read.
    labels: frozenset[str]

    @property
    def id(self) -> str:
        return self.definition.id

    @property
    def kind(self) -> str:
        return self.definition.type

    @property
    def face_down(self) -> bool:
        return self.pattern.kind == "face-down"  # 防壁: 全て(裏向き)

    @property
    def size(self) -> int | str | None:
        return self.definition.size_value

    @property
    def formats(self) -> tuple[str, ...]:
        return self.definition.formats



@dataclass(frozen=True)
class TrumpSpec:
    id: str
    name: str
    card: int | None  # the trump's card (owner 0), None for 裏切札
    suit: str | None
    grants: str | None  # the label it gives your soldiers of its suit (5.3.4)
    abilities: tuple[AbilitySpec, ...] = ()  # its ability as data, in the forms of characters' abilities


@dataclass
class Compiled:
    """Everything compiled from one Definitions; `errors` are (action or character, path, the error)."""

    actions: dict[str, ActionSpec] = field(default_factory=dict)
    characters: dict[str, CharacterSpec] = field(default_factory=dict)
    trumps: list[TrumpSpec] = field(default_factory=list)
    errors: list[tuple[Any, tuple, ProgramError]] = field(default_factory=list)  # the definition: an action, character or trump
    remembers: bool = False  # a program reads last-known information (`was`, `blocked_by`): the engine records it


def known_ids(defs: m.Definitions) -> dict[str, set[str]]:
    return {
        "actions": {a.id for a in (*defs.actions, *defs.frame_actions)},
        "left-out actions": set(defs.left_out_actions),  # their ids and names: named, they are not unknown
        "characters": {c.id for c in defs.characters},
        "labels": set(defs.rules.label_names()) if defs.rules else set(),
        "trumps": {t.id for t in defs.trumps},
        "zones": set(defs.rules.vocabulary("zones").ids()) if defs.rules else set(),
    }


def compile_definitions(defs: m.Definitions, instrument: bool = False) -> Compiled:
    """Every definition compiled. Steps check the prohibitions in force only when some ability prohibits, and
    record what they act on (sim.Tally, BP038) only when `instrument`: random games pay for neither."""
    compiled = Compiled()
    known = known_ids(defs)
    prohibits = any(a.prohibit for c in defs.characters for a in c.abilities) or any(
        t.ability is not None and t.ability.prohibit for t in defs.trumps)
    known[ENGINE] = {name for name, wanted in ((INSTRUMENT, instrument), (PROHIBITS, bool(prohibits))) if wanted}
    for character in defs.characters:
        try:
            compiled.characters[character.id] = _character(character, known)
        except ProgramError as exc:
            compiled.errors.append((character, exc.path, exc))
        except keycards_notation.KeycardsError:
            continue  # reported by BP024
    for trump in defs.trumps:
        try:
            compiled.trumps.append(_trump(trump, known))
        except ProgramError as exc:
            compiled.errors.append((trump, exc.path, exc))
        except keycards_notation.KeycardsError:
            continue  # reported by BP024
    for position, action in enumerate((*defs.actions, *defs.frame_actions)):
        try:
            spec = compile_action(action, known)
            spec.position = position
            compiled.actions[action.id] = spec
        except ProgramError as exc:
            compiled.errors.append((action, ("program", *exc.path), exc))
        except keycards_notation.KeycardsError:
            continue
    compiled.remembers = LAST_KNOWN in known.get("reads", ())
    return compiled


def compile_action(action: m.Action, known: dict[str, set[str]]) -> ActionSpec:
    program = action.program
    pattern = action.keycards.pattern if action.keycards else None
    key_from = None if pattern is None else ("unit" if pattern.kind == "unit" else "hand")
    spec = ActionSpec(action=action, pattern=pattern, key_from=key_from)
    if program is None:
        return spec
    # The program has the shape schema/effect.schema.json states (else bp check left the action out):
    # what is checked here is how it fits the action and the definitions.
    compiler = ProgramCompiler(known)
    if "keycards" in program:
        if pattern is not None:
            raise ProgramError(("keycards",), _("keycards: {{from: rare}} (the rare card) is for an action without keycards").format())
        spec.key_from = "rare"
    activation = program.get("activation")
    if activation is not None:
        spec.once_per_turn = bool(activation.get("once_per_turn", False))
        if "if" in activation:
            spec.activation = compiler.cond(activation["if"], ("activation", "if"))
    if "trigger" in program:
        if action.trigger != "triggered":
            raise ProgramError(("trigger",), _("a trigger condition is for an action whose trigger is triggered"))
        spec.trigger_spec = _trigger(program["trigger"], compiler, known)
    elif action.trigger == "triggered":
        raise ProgramError((), _("a triggered action needs trigger: {{on: …}} (its trigger condition as data)").format())
    spec.target = _target(action, program.get("target"), compiler, known)
    spec.untargetable_by = frozenset(program.get("untargetable_by", ()))
    for i, other in enumerate(program.get("untargetable_by", ())):
        if other not in known["actions"]:
            raise _unknown_action(("untargetable_by", i), other, known)
    spec.effect = compiler.steps(program["effect"], ("effect",))
    return spec


def _unknown_action(path: tuple, name: Any, known: dict[str, set[str]]) -> ProgramError:
    """An action id that does not exist, with the closest that does ('damage-judgement': did you mean 'damage-judgment'?);
    or that of an action left out for its own errors, which are the ones to fix."""
    if name in known["left-out actions"]:
        return ProgramError(path, _("the action '{name}' is left out for its errors: fix them first").format(name=name), left_out=str(name))
    close = difflib.get_close_matches(str(name), sorted(known["actions"]), n=1, cutoff=0.6)
    return ProgramError(path, _("'{name}' is not an action id").format(name=name) + (_("; did you mean '{name}'?").format(name=close[0]) if close else ""),
                        fix=close[0] if close else None)


def _trigger(node: dict[str, Any], compiler: ProgramCompiler, known: dict[str, set[str]]) -> TriggerSpec:
    path = ("trigger",)
    action = node.get("action")
    if action is not None and action not in known["actions"]:
        raise _unknown_action(path + ("action",), action, known)
    controller = node.get("controller", "any")
    ranks = None
    if "cards" in node:
        ranks = frozenset(keycards_notation.RANK_VALUES[str(r)] for r in node["cards"]["ranks"])
    condition = compiler.cond(node["if"], path + ("if",)) if "if" in node else None
    by = node.get("by")
    if by is not None and by not in known["actions"]:
        raise _unknown_action(path + ("by",), by, known)
    places = [compiler.known_id(node[end], "zones", path + (end,)) if end in node else None for end in ("from", "to")]
    return TriggerSpec(node["on"], action, controller == "turn-player", places[0], places[1], ranks, condition, by)


_TARGET_KEYS: Final = {
    "soldier": {"player", "where"}, "bulwark": {"player", "where"}, "character": {"player", "where"},
    "player": {"player"}, "opponent": set(), "trump": {"player", "where"},
    "request": {"player", "keycards", "action", "has_target", "cause", "where"},
}


def _target(action: m.Action, node: Any, compiler: ProgramCompiler, known: dict[str, set[str]]) -> TargetSpec | None:
    path = ("target",)
    if action.target is None:
        if node is not None:
            raise ProgramError(path, _("the action has no target: add target: {{kind, text}} first").format())
        return None
    kind = action.target.kind
    node = node or {}
    extra = set(node) - _TARGET_KEYS[kind]
    if extra:
        raise ProgramError(path + (sorted(extra)[0],), _("'{key}' does not select a {kind} ({keys})").format(
            key=sorted(extra)[0], kind=kind, keys=", ".join(sorted(_TARGET_KEYS[kind])) or _("nothing")))
    player = node.get("player", "opponent" if kind == "opponent" else "any")
    keycards = (node["keycards"]["min"], node["keycards"].get("max")) if "keycards" in node else None
    if node.get("action") is not None and node["action"] not in known["actions"]:
        raise _unknown_action(path + ("action",), node["action"], known)
    where = compiler.cond(node["where"], path + ("where",)) if "where" in node else None
    view = key_view(node["where"]) if "where" in node else None
    return TargetSpec(kind, player, where, keycards, node.get("action"), bool(node.get("has_target")), bool(node.get("cause")),
                      view)


def _character(character: m.Character, known: dict[str, set[str]]) -> CharacterSpec:
    compiler = ProgramCompiler(known)
    conditional = []
    for i, label in enumerate(character.labels):
        if label.condition is not None:
            if label.when is None:
                message = _("the label {label} holds only sometimes: give its condition as data (if: …)").format(label=label.label)
                raise ProgramError(("labels", i), message)
            conditional.append((label.label, _label_condition(compiler.cond(label.when, ("labels", i, "if")))))
    abilities = tuple(_ability(ability, ("abilities", i), compiler, known) for i, ability in enumerate(character.abilities)
                      if ability.has_effect)  # an ability with text only is BP036's (a reading says why)
    always = frozenset(grant.label for grant in character.labels if grant.condition is None)
    return CharacterSpec(character, character.keycards.pattern, tuple(conditional), abilities, always)


def _ability(ability: m.Ability, path: tuple, compiler: ProgramCompiler, known: dict[str, set[str]]) -> AbilitySpec:
    if ability.waive_cost is not None and ability.scope == "this":
        raise ProgramError(path + ("waive_cost",), _("a cost belongs to a player's requests: waive_cost takes scope all or your, not this"))
    size = ability.size or {}
    if "add" in size and "set" in size:
        raise ProgramError(path + ("size",), _("an ability's size either adds or sets, not both"))
    labels = ability.labels or {}
    for key in ("grant", "remove"):
        for j, label in enumerate(labels.get(key, ())):
            if label not in known["labels"]:
                raise ProgramError(path + ("labels", key, j), _("'{label}' is not a label of rules.yaml").format(label=label))
    where = None
    if ability.where is not None:
        where = _ability_condition(compiler.cond(ability.where, path + ("where",)))
    waive = ability.waive_cost
    prohibition = _prohibition(ability.prohibit, path + ("prohibit",), compiler, known) if ability.prohibit else None
    return AbilitySpec(ability.scope, waive.letters if waive else "", waive.category if waive else None, size.get("add"),
                       size.get("set"), frozenset(labels.get("grant", ())), frozenset(labels.get("remove", ())), where,
                       prohibition, frozenset(ability.suits))


def _prohibition(node: Any, path: tuple, compiler: ProgramCompiler, known: dict[str, set[str]]) -> Prohibition:
    source = node.get("from", {})
    actions = source.get("actions")
    for i, action in enumerate(actions or ()):
        if action not in known["actions"]:
            raise _unknown_action(path + ("from", "actions", i), action, known)
    where = compiler.cond(source["where"], path + ("from", "where")) if "where" in source else None
    condition = compiler.cond(node["if"], path + ("if",)) if "if" in node else None
    return Prohibition(frozenset(node["steps"]), source.get("player", "any"), frozenset(actions) if actions is not None else None,
                       where, condition)


def _ability_condition(condition: Cond) -> Callable[[Any, int, Character], bool]:
    def holds(game: Any, controller: int, candidate: Character) -> bool:
        ctx = Ctx(game, _NO_REQUEST, controller)
        ctx.it = candidate
        return condition(ctx)
    return holds


def _label_condition(condition: Cond) -> Callable[[Any, Character], bool]:
    def holds(game: Any, character: Character) -> bool:
        ctx = Ctx(game, _NO_REQUEST, character.controller)
        ctx.it = character
        return condition(ctx)
    return holds


def _trump(trump: m.Trump, known: dict[str, set[str]]) -> TrumpSpec:
    pattern = trump.keycards.pattern
    card = None
    if pattern.kind == "cards" and pattern.card_count == 1:
        group = pattern.groups[0]
        low, high = group.ranks.ranges[0]
        if low == high and group.suit:
            card = code(0, Card(group.suit, low))
    ability = trump.ability
    grants = ability.grants if ability else None
    abilities: tuple[AbilitySpec, ...] = ()
    if ability is not None and ability.has_effect and (ability.waive_cost or ability.size or ability.labels or ability.prohibit):
        if ability.scope == "this":
            raise ProgramError(("ability", "scope"), _("a trump is not a character: its ability takes scope all or your, not this"))
        abilities = (_ability(ability, ("ability",), ProgramCompiler(known), known),)
    return TrumpSpec(trump.id, trump.name, card, SUIT[card] if card is not None else None, grants, abilities)


def _strings_of(node: Any) -> set[str]:
    """Every string a program holds, as a key or a value: among them the ids of the characters it names."""
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


# The request an ability's condition is evaluated under: none (a real ActionSpec, as the compiled engine checks the type).
_NO_ACTION: Final = ActionSpec(m.Action("-", "-", "", "", "", "", m.Text(""), m.Source("", None)), None, None)  # type: ignore[arg-type]
_NO_REQUEST: Final = Request(0, _NO_ACTION, 0)


class Ruleset:
    """What one regulation plays with: its format's actions and characters, its frame's actions and zones."""

    def __init__(self, defs: m.Definitions, compiled: Compiled, format_id: str, frame_id: str) -> None:
        self.defs = defs
        self.format = defs.format(format_id)
        self.frame = defs.frame(frame_id)
        if self.format is None or self.frame is None:
            raise ValueError(_("no regulation {format} + {frame}").format(format=format_id, frame=frame_id))
        self.compiled = compiled
        ids = [a.id for a in defs.actions if format_id in a.formats] + [a.id for a in defs.frame_actions if frame_id in a.frames]
        self.actions = [compiled.actions[i] for i in ids if i in compiled.actions and compiled.actions[i].executable]
        self.action_by_id = {spec.id: spec for spec in self.actions}  # what an effect's `request` step may request
        self.direct = [a for a in self.actions if a.trigger == "direct"]
        self.direct_quick = [a for a in self.direct if a.timing != "main"]  # what may be requested on a stage in use
        self.triggered = [a for a in self.actions if a.trigger == "triggered" and a.trigger_spec]
        self.triggered_by: dict[str, list[ActionSpec]] = {}
        for spec in self.triggered:
            self.triggered_by.setdefault(spec.trigger_spec.on, []).append(spec)
        self.characters = compiled.characters
        # Each character's size when its definition gives a number (abilities.base_size; a rank-sum size is absent).
        self.fixed_sizes: dict[str, int] = {key: spec.size if isinstance(spec.size, int) else 0
                                            for key, spec in compiled.characters.items() if spec.size != "rank-sum"}
        # The frame's own characters first: cards that make one of them and a format's character make the frame's.
        self.format_characters = [c for c in compiled.characters.values()
                                  if c.definition.frame_character and frame_id in c.definition.frames and format_id in c.formats]
        self.format_characters += [c for c in compiled.characters.values() if not c.definition.frame_character and format_id in c.formats]
        # Every character that may come onto this regulation's field: those its soldiers and bulwarks are made as, and
        # those its actions' programs name (a summon of a given character); the abilities of no other can ever apply.
        named = {word for spec in self.actions for word in _strings_of(spec.action.program)}
        regulation_characters = [c for c in compiled.characters.values()
                                 if c.id in named or any(c is mine for mine in self.format_characters)]
        self.trumps = compiled.trumps if "trump" in self.frame.zones else []
        trump_abilities = [a for trump in self.trumps for a in trump.abilities]
        # Whether any character or trump has an ability that changes sizes or labels (abilities.standing skips the search if not).
        self.changing_abilities = any(a.changes_characters for c in compiled.characters.values() for a in c.abilities) or any(
            a.changes_characters for a in trump_abilities)
        # Those abilities by the character that has them, and whether a trump has one: abilities.standing looks only at them.
        self.changing_by_character: dict[str, tuple[AbilitySpec, ...]] = {
            c.id: changing for c in compiled.characters.values() if (changing := tuple(a for a in c.abilities if a.changes_characters))
        }
        self.trumps_change_characters = any(a.changes_characters for a in trump_abilities)
        # The cost-waiving abilities (魔力増加) of each character and trump, as (scope, category, letters) (abilities.waived).
        self.waivers: dict[str, tuple[tuple[str, str, str], ...]] = {
            c.id: waiving for c in regulation_characters
            if (waiving := tuple((a.scope, a.waive_category, a.waive_letters) for a in c.abilities if a.waive_category))
        }
        self.trump_waivers: dict[str, tuple[tuple[str, str, str], ...]] = {
            t.id: waiving for t in self.trumps
            if (waiving := tuple((a.scope, a.waive_category, a.waive_letters) for a in t.abilities if a.waive_category))
        }
        # The categories some ability may waive costs of: requests.options asks abilities.waived only for these.
        self.waivable_categories = frozenset(category for waivers in (self.waivers, self.trump_waivers)
                                             for waiving in waivers.values() for _, category, _ in waiving)
        # Whether some ability makes characters count as more suits (abilities.suits looks for them only then).
        self.suit_abilities = any(a.suits for c in compiled.characters.values() for a in c.abilities) or any(
            a.suits for a in trump_abilities)
        self.remembers = compiled.remembers  # record last-known information (operations.remember) only when read
        # 2.11.1: when a graveyard's owner chooses its public top (rules.yaml graveyard_top; 第8.1版 when several arrive)
        top = defs.rules.graveyard_top if defs.rules else m.GraveyardTop()
        self.top_on_arrival = "arrive" in top.when
        self.top_on_leaving = "leave" in top.when
        # The practice opponent's rules of thumb about this edition's actions (rules.yaml policy; sim.PolicyAgent reads it)
        self.policy = defs.rules.policy if defs.rules else m.Policy()
        # What the engine asks in the edition's words where no program words it (rules.yaml prompts)
        self.prompts = defs.rules.prompts if defs.rules else m.Prompts()
        self.request_prompt = self.prompts.request  # [3]'s, read natively at every step (Prompts is a Python object)
        # Mark in the events which action's effect moves cards (Game.resolve) only when a trigger reads it (by:).
        self.marks_resolutions = any(spec.trigger_spec.by for spec in self.triggered)
        # Whether some ability stops steps of effects (abilities.barring runs at every resolution only then).
        self.prohibitions = any(a.prohibition for c in compiled.characters.values() for a in c.abilities) or any(
            a.prohibition for a in trump_abilities)
        # The zones that hold cards: every zone of rules.yaml but the field (a player has them all; a frame's are empty
        # without it).
        self.card_zones = tuple(zone for zone in defs.rules.vocabulary("zones").ids() if zone != FIELD) if defs.rules else ()
        # The trump definitions a face-up card is, by its (rank, suit): two Jokers are the same card (abilities.open_trumps).
        self.trumps_by_face: dict[tuple[int, str | None], tuple[TrumpSpec, ...]] = {}
        self.trump_faces: dict[str, set[tuple[int, str | None]]] = {}  # and the faces of each trump (has_open_trump)
        for trump in self.trumps:
            if trump.card is not None:
                face = (RANK[trump.card], SUIT[trump.card])
                self.trumps_by_face[face] = (*self.trumps_by_face.get(face, ()), trump)
                self.trump_faces.setdefault(trump.id, set()).add(face)
        # The card codes (either owner) each trump is, for a test of a player's face-up trumps without a lookup per card.
        self.trump_codes: dict[str, frozenset[int]] = {
            trump_id: frozenset(c for c in range(len(RANK)) if (RANK[c], SUIT[c]) in faces) for trump_id, faces in self.trump_faces.items()
        }
        # The trump definitions each card code (either owner) is, by the code: open_trumps without a key made per card.
        self.trumps_by_code: tuple[tuple[TrumpSpec, ...], ...] = tuple(
            self.trumps_by_face.get((RANK[c], SUIT[c]), ()) for c in range(len(RANK)))
        self._components: dict[tuple, str | None] = {}
        self.decks: dict[int, tuple[int, ...]] = {}  # each seat's deck by the frame's deck condition (start.deck_for)
        # The actions a hand could request with its ways to make their keycards, by the hand (requests._Hand: a pure
        # function of the cards; requests.options).
        self.hand_ways: dict[tuple[int, ...], Any] = {}
        # The actions with what requests.options reads of each, for each timing (requests._Plan, made once, there).
        self.request_plan: Any = None

    @property
    def name(self) -> str:
        return f"{self.format.name} + {self.frame.name}"

    def component_for(self, cards: list[int], wanted: str) -> str | None:
        """The character these cards make: a given id, or the first soldier (bulwark) of the format they match."""
        if wanted not in ("soldier", "bulwark"):
            return wanted
        key = (wanted, tuple(sorted(c & 63 for c in cards)))
        if key not in self._components:
            objects = [to_card(c) for c in cards]
            self._components[key] = next(
                (c.id for c in self.format_characters if c.kind == wanted and c.pattern.matches(objects)), None
            )
        return self._components[key]
