"""The effect language, stated once: every word, expression and step a `program:` may use, with
the kind of every argument and option and what it means.

Everything else is derived from this statement: schema/effect.schema.json and the tables of
definitions/README.md ("Programs and examples") are generated from it (scripts/generate-effect-language,
checked by tests/check/test_effect_language.py), and the simulator's compiler takes its words and
its tables of forms from it. The statement is plain data; what a form does is the compiler's.

The language has five families of expressions. A value of a family is a word (`key`), a plain
value (`3`, `$name`), or a form: a mapping keyed by the form's name, which holds the argument,
with the form's options as sibling keys (`{zone: hand, player: opponent}`, `{move: key, to: fog}`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union


# -- kinds: what an argument, an option or a field may be -------------------------------------------


@dataclass(frozen=True)
class Ref:
    """A kind stated by name in KINDS (number, items, player, condition, steps, zone, …)."""

    name: str


@dataclass(frozen=True)
class Choice:
    """One of these words (or `true`)."""

    values: tuple[str | bool, ...]


@dataclass(frozen=True)
class Id:
    """The id of a definition of this space; the compiler checks that the definitions have it."""

    space: str  # actions, characters, labels, trumps


@dataclass(frozen=True)
class ListOf:
    item: Kind
    min_items: int = 1


@dataclass(frozen=True)
class Fixed:
    """A list of exactly these kinds, in this order (`[a, b]`)."""

    items: tuple[Kind, ...]


@dataclass(frozen=True)
class Either:
    kinds: tuple[Kind, ...]


@dataclass(frozen=True)
class Field:
    """An option of a form, or a field of a record."""

    name: str
    kind: Kind
    meaning: str = ""
    required: bool = False


@dataclass(frozen=True)
class Record:
    """A mapping of these fields (no others)."""

    fields: tuple[Field, ...]


@dataclass(frozen=True)
class MapOf:
    """A mapping of variable names to values (`set`)."""

    value: Kind


@dataclass(frozen=True)
class Pattern:
    """A string of this shape."""

    regex: str
    meaning: str


@dataclass(frozen=True)
class Base:
    """A plain JSON value: integer, boolean, text; or a card's suit or rank, or cost letters."""

    name: str


Kind = Union[Ref, Choice, Id, ListOf, Fixed, Either, Record, MapOf, Pattern, Base]


# -- rules between the options of one form --------------------------------------------------------


@dataclass(frozen=True)
class OnlyWhen:
    """`option` is allowed only when `other` is `value` (and then `required`, if so)."""

    option: str
    other: str
    value: str
    required: bool
    meaning: str


@dataclass(frozen=True)
class Excludes:
    """`option` and any of `others` are never given together."""

    option: str
    others: tuple[str, ...]
    meaning: str


Rule = Union[OnlyWhen, Excludes]


# -- families of expressions -----------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    word: str
    meaning: str


@dataclass(frozen=True)
class Form:
    """A mapping keyed by `name`, which holds the argument; the options are sibling keys."""

    name: str
    argument: Kind
    meaning: str
    options: tuple[Field, ...] = ()
    rules: tuple[Rule, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options if option.required)


@dataclass(frozen=True)
class Family:
    """One kind of expression: its words, the plain values it takes (integer, $variable), its forms."""

    name: str
    noun: str  # how a message names a value of the family: "a step needs one of: …"
    meaning: str
    words: tuple[Word, ...] = ()
    integers: bool = False  # a literal whole number
    variables: bool = False  # a $variable of this kind
    forms: tuple[Form, ...] = ()

    @property
    def form_names(self) -> tuple[str, ...]:
        return tuple(form.name for form in self.forms)

    @property
    def option_names(self) -> tuple[str, ...]:
        """Every option of every form of the family, in order of first use."""
        return tuple(dict.fromkeys(option.name for form in self.forms for option in form.options))

    @property
    def word_names(self) -> tuple[str, ...]:
        return tuple(word.word for word in self.words)

    def form(self, name: str) -> Form:
        return next(form for form in self.forms if form.name == name)


# -- the words of the statement's kinds --------------------------------------------------------------

NUMBER, ITEMS, PLAYER, CONDITION, STEPS = Ref("number"), Ref("items"), Ref("player"), Ref("condition"), Ref("steps")
ZONE, NAME = Ref("zone"), Ref("name")
VARIABLE_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
TRUE = Choice((True,))
CHARACTER_TYPES = Choice(("soldier", "bulwark"))
CHARACTER_STATES = Choice(("charged", "driven"))
ROLES = Choice(("attacker", "blocker", "none"))
FACES = Choice(("up", "down"))
END_OF_TURN = Choice(("end-of-turn",))

PAIR_OF_NUMBERS = Fixed((NUMBER, NUMBER))
PAIR_OF_ITEMS = Fixed((ITEMS, ITEMS))

CARD_FILTERS = (
    Field("suit", Base("suit"), "of this suit"),
    Field("ranks", Ref("ranks"), "of these numbers, e.g. `[A, J]`"),
    Field("max_rank", NUMBER, "whose number is at most this"),
    Field("face", FACES, "face up or face down"),
    Field("locked", Base("boolean"), "true: a trump that may not turn face up this turn (クローズ)"),
)


NUMBERS = Family(
    "number",
    "a number",
    "a whole number: a literal, a variable, or rank/size/count of items, add/sub/neg/min/max/mod",
    integers=True,
    variables=True,
    forms=(
        Form("rank", ITEMS, "the sum of the cards' numbers (table 2.1)"),
        Form("size", ITEMS, "the sum of the characters' sizes (サイズ, with the abilities in force)"),
        Form("count", ITEMS, "how many items"),
        Form("add", ListOf(NUMBER), "the sum"),
        Form("sub", PAIR_OF_NUMBERS, "a − b"),
        Form("neg", NUMBER, "minus the number"),
        Form("min", ListOf(NUMBER), "the smallest"),
        Form("max", ListOf(NUMBER), "the largest"),
        Form("mod", PAIR_OF_NUMBERS, "the remainder of a ÷ b (1 when b is 0: nothing divides by 0)"),
    ),
)

ITEM_WORDS = (
    Word("key", "the keycards (or the key soldier of a soldier-borne action)"),
    Word("target", "the target"),
    Word("revealed", "the cards turned over by `reveal` and not yet placed"),
    Word("trigger", "what triggered the request"),
    Word("it", "the candidate in a `where`"),
)

ITEMS_FAMILY = Family(
    "items",
    "an items selector",
    "cards, characters or requests: key, target, revealed, trigger, it, a variable, or a selector",
    words=ITEM_WORDS,
    variables=True,
    forms=(
        Form(
            "zone", ZONE, "the cards of a zone, filtered",
            (Field("player", PLAYER, "whose zone, default you"), Field("top", NUMBER, "only the top n, listed top first"),
             *CARD_FILTERS),
        ),
        Form("of", ITEMS, "the cards of items (a character's cards, a request's keycards), filtered", CARD_FILTERS),
        Form(
            "characters",
            Record((
                Field("player", Either((Choice(("any",)), PLAYER)), "whose, default any"),
                Field("type", CHARACTER_TYPES),
                Field("label", Id("labels"), "that has this label"),
                Field("character", Id("characters"), "that is this character (its id)"),
                Field("state", CHARACTER_STATES),
                Field("role", ROLES),
                Field("blocking", ITEMS, "a blocker of these attackers"),
                Field("where", CONDITION, "`it` is the candidate"),
            )),
            "the characters on the field, filtered",
        ),
        Form("cards_of", ITEMS, "the cards of items"),
        Form(
            "was", ITEMS,
            "last-known information: the characters the cards were part of when they last left the field (this turn), as "
            "they were then: kind, role, the attacker a blocker blocked, controller, owner, size (`{was: trigger}`: what the "
            "card that triggered was)",
        ),
        Form("blocked_by", ITEMS, "the attackers these blockers block (as they were, if they have left the field)"),
        Form("union", ListOf(ITEMS), "all of them, in order"),
        Form(
            "filter",
            Record((Field("items", ITEMS, required=True), Field("where", CONDITION, "`it` is the candidate", required=True))),
            "the items for which the condition holds",
        ),
    ),
)

PLAYER_WORDS = (
    Word("you", "the controller of the request (the owner of a triggered action)"),
    Word("opponent", "the other player"),
    Word("turn-player", "the one holding the turn"),
    Word("target", "the targeted player"),
)

PLAYERS = Family(
    "player",
    "a player",
    "a player: you (the controller), opponent, turn-player, target (a targeted player), a variable, "
    "or the owner/controller of items",
    words=PLAYER_WORDS,
    variables=True,
    forms=(
        Form("owner", ITEMS, "the owner of the first item"),
        Form("controller", ITEMS, "the controller of the first item (a card: its owner)"),
    ),
)

_COMPARISONS = (("le", "≤"), ("lt", "<"), ("ge", "≥"), ("gt", ">"), ("eq", "="), ("ne", "≠"))
_CHARACTER_TESTS = (
    ("soldier", "兵士"), ("bulwark", "防壁"), ("charged", "チャージ状態"), ("driven", "ドライブ状態"),
    ("entered_this_turn", "このターンに場に出た"),
)

CONDITIONS = Family(
    "condition",
    "a condition",
    "a condition: comparisons, and/or/not, exists, character tests, shared ranks or cards, turn, open trumps",
    forms=(
        *(Form(name, PAIR_OF_NUMBERS, f"a {sign} b") for name, sign in _COMPARISONS),
        Form("and", ListOf(CONDITION), "all hold"),
        Form("or", ListOf(CONDITION), "one holds"),
        Form("not", CONDITION, "it does not hold"),
        Form("exists", ITEMS, "there is at least one item"),
        *(Form(name, ITEMS, f"there are characters, and every one is {word}") for name, word in _CHARACTER_TESTS),
        Form("face_up", ITEMS, "there are items, and every one is face up"),
        Form("has_label", Fixed((ITEMS, Id("labels"))), "one of the characters has the label"),
        Form("is_character", Fixed((ITEMS, Id("characters"))),
             "one of the characters is this character (its id; as it was, for `{was: …}`)"),
        Form("has_role", Fixed((ITEMS, ROLES)), "one of the characters has the role (as it was, for `{was: …}`)"),
        Form("shares_rank", PAIR_OF_ITEMS, "a card of a and a card of b have the same number"),
        Form("shares_card", PAIR_OF_ITEMS, "a card of a and a card of b are the same card (suit and number)"),
        Form("same_suit", PAIR_OF_ITEMS, "every card of a and b has one suit"),
        Form("is_turn_player", PLAYER, "the player holds the turn"),
        Form("has_open_trump", Id("trumps"), "you have this trump face up"),
    ),
)

CHOOSER = Field("by", PLAYER, "who chooses, default you")
PROMPT = Field("prompt", Base("text"), "what the player is asked")

STEP_FAMILY = Family(
    "step",
    "a step",
    "one primitive (its key holds the main argument) with its options as sibling keys",
    forms=(
        Form(
            "move", ITEMS, "cards (a character's cards, as one) into their owner's zone",
            (Field("to", ZONE, required=True), Field("at", Choice(("top", "bottom")), "default top"),
             Field("player", PLAYER, "whose zone"), Field("order", PLAYER, "who puts several cards in order"),
             Field("as", NAME, "the cards moved"),
             Field("show", PLAYER, "the player the cards are shown to (見せ): it knows them while they stay in that zone")),
        ),
        Form(
            "summon", ITEMS,
            "cards onto the controller's field as a character: an id, or `soldier` / `bulwark` (the one of the format the "
            "cards make: 2–10 一般兵, J–K 英雄, …)",
            (Field("character", Either((CHARACTER_TYPES, Id("characters"))), required=True),
             Field("state", CHARACTER_STATES, required=True), Field("each", Base("boolean"), "one character per card")),
        ),
        Form(
            "attach", ITEMS, "cards onto a character (装備: it becomes the 装備兵)",
            (Field("to", ITEMS, "the character", required=True),),
        ),
        Form(
            "transform", ITEMS,
            "a soldier into bulwarks (one per card) or a bulwark into a soldier: new characters without the old effects and "
            "roles, still \"came this turn\" if it did",
            (Field("into", CHARACTER_TYPES, required=True),),
        ),
        Form("charge", ITEMS, "チャージ"),
        Form("drive", ITEMS, "ドライブ", (Field("as", NAME, "the characters actually driven"),)),
        Form("damage", PLAYER, "damage (ダメージ)", (Field("amount", NUMBER, required=True),)),
        Form("draw", NUMBER, "from the life into the hand", (Field("player", PLAYER, "whose, default you"),)),
        Form(
            "reveal", NUMBER, "turn over the top of the life (the cards stay with the request until placed)",
            (Field("as", NAME, required=True), Field("player", PLAYER, "whose life, default you")),
        ),
        Form("shuffle", ZONE, "shuffle a zone", (Field("player", PLAYER, "whose, default you"),)),
        Form(
            "choose", ITEMS, "a player chooses some of the items",
            (Field("as", NAME, required=True), Field("count", NUMBER, "how many, default 1"), Field("min", NUMBER, "at least"),
             Field("max", Either((Choice(("all",)), NUMBER)), "at most"), CHOOSER, PROMPT,
             Field("look", TRUE, "the chooser sees every item first (見て): it knows them while they stay where they are")),
            (Excludes("count", ("min", "max"), "choose takes count, or min and max"),),
        ),
        Form(
            "choose_one",
            ListOf(Record((Field("label", Base("text"), required=True), Field("if", CONDITION, "offered only if it holds"),
                           Field("do", STEPS, required=True)))),
            "a player chooses one option `{label, if, do}`; an option with a false `if` is not offered",
            (CHOOSER, PROMPT),
        ),
        Form("if", CONDITION, "then or else", (Field("then", STEPS, required=True), Field("else", STEPS))),
        Form(
            "for_each", ITEMS, "the steps once per item",
            (Field("as", NAME, "the item", required=True), Field("do", STEPS, required=True)),
        ),
        Form("repeat", STEPS, "the steps again and again, until `until` holds or a `stop` (one of the two is required: BP031)",
             (Field("until", CONDITION, "checked after each round"),)),
        Form("stop", TRUE, "the effect ends here (効果を終了する)"),
        Form("set", MapOf(Ref("value")), "variables: a number, items or a player each"),
        Form(
            "modify_size", Either((Choice(("your", "all")), ITEMS)),
            "size until the end of the turn: of characters (scope this), of the controller's soldiers (your), of every "
            "soldier (all), applied all → your → this (能力の適用順)",
            (Field("by", NUMBER, required=True), Field("until", END_OF_TURN, "このターンが終わるまで", required=True)),
        ),
        Form("negate", ITEMS, "無効にする: a request leaves the stage, its keycards go to the graveyard"),
        Form("retarget", ITEMS, "a request's target changes to another it may have (対象変更)", (CHOOSER,)),
        Form(
            "set_role", ITEMS, "アタッカー, ブロッカー of an attacker",
            (Field("role", ROLES, required=True), Field("of", ITEMS, "the attacker a blocker blocks")),
            (OnlyWhen("of", "role", "blocker", True, "a blocker is set with of: the attacker it blocks (and only a blocker)"),),
        ),
        Form(
            "flip", ITEMS, "a trump, the pack (開封済み), a bulwark",
            (Field("face", FACES, required=True), Field("lock", END_OF_TURN, "keeps a trump face down this turn: クローズ")),
            (OnlyWhen("lock", "face", "down", False, "lock: end-of-turn keeps a card face down (with face: down)"),),
        ),
        Form("pass_turn", TRUE, "エンド: the turn ends (このターンが終わるまで ends with it) and goes to the opponent"),
        Form(
            "request", Id("actions"),
            "the controller requests this action (「…アクションをリクエストする」): once this effect is over, it goes through the "
            "core flow like a request made at [5] (the trigger check, then resolved or put on the stage); it is made only if "
            "its keycards make the action's keycards and its target is one the action may have (timing and 起動条件 are the "
            "effect's, not checked)",
            (Field("keycards", ITEMS, "the cards it is requested with (they go on the stage with it); default none"),
             Field("target", Either((ITEMS, PLAYER)), "its target (items, or a player); default: the controller chooses one it may have"),
             Field("cost", Base("boolean"), "false: コストを支払わずに; default true: the controller pays it")),
        ),
        Form(
            "after_triggers", STEPS,
            "the steps once the triggers this resolution caused have been handled (the trigger check after it, 誘発チェック): "
            "ダメージ判定 clears the roles then, so that what it triggered still reads who attacked and blocked",
        ),
    ),
)

FAMILIES: tuple[Family, ...] = (NUMBERS, ITEMS_FAMILY, PLAYERS, CONDITIONS, STEP_FAMILY)


# -- what a program holds besides its effect ------------------------------------------------------------

TRIGGER = Record((
    Field("on", Choice(("resolved", "staged", "moved")), "a request resolves, goes on the stage, or a card moves", required=True),
    Field("action", Id("actions"), "the action that resolved, or went on the stage"),
    Field("controller", Choice(("turn-player", "any")), "turn-player: ターンプレイヤーかつ, the action's owner holds the turn"),
    Field("from", ZONE, "for moved: from the owner's zone (or the field)"),
    Field("to", ZONE, "for moved: to this zone (or the field)"),
    Field("cards", Record((Field("ranks", Ref("ranks"), required=True),)), "for moved: which cards, once per card"),
    Field("by", Id("actions"), "for moved: while a request of this action resolved (ダメージ判定で)"),
    Field("if", CONDITION, "`trigger` is the request or card that triggered it"),
))

TARGET = Record((
    Field("player", Choice(("you", "opponent", "any")), "whose character, trump or request, or which player"),
    Field("where", CONDITION, "`it` is the candidate"),
    Field("keycards", Record((Field("min", Base("integer"), "at least", required=True),
                              Field("max", Base("integer"), "at most; absent, no maximum (キーカードがあるリクエスト: `{min: 1}`)"))),
          "a request with this many keycards: `{min: 1, max: 2}`, or `{min: 1}` for one or more"),
    Field("action", Id("actions"), "a request of this action"),
    Field("has_target", Base("boolean"), "a request that has a target"),
    Field("cause", Base("boolean"), "the request that triggered this one"),
))

PROGRAM = Record((
    Field("effect", STEPS, "効果: a list of steps", required=True),
    Field(
        "activation",
        Record((Field("once_per_turn", Base("boolean"), "1 ターンに1回まで"),
                Field("if", CONDITION, "e.g. `{not: {is_turn_player: you}}`"))),
        "起動条件 as data",
    ),
    Field("trigger", Ref("trigger"), "誘発条件 as data (triggered actions)"),
    Field("target", TARGET, "what the target (its kind is `target.kind`) may be"),
    Field("keycards", Record((Field("from", Choice(("rare",)), required=True),)),
          "the rare card is the keycard (レア召喚, 罠カウンター), for an action without keycards"),
    Field("untargetable_by", ListOf(Id("actions")), "※ このアクションは…の対象にならない, e.g. `[counter]`"),
))

WAIVE_COST = Record((
    Field("letters", Base("cost"), required=True),
    Field("category", Base("category"), "a category of rules.yaml (BP028)", required=True),
))

# A character's standing abilities (6.3) as data, beside waive_cost: what they change for the characters in
# their scope (6.4.2: all = every character, your = its controller's, this = itself), applied all → your → this.
ABILITY_SIZE = Record((
    Field("add", Base("integer"), "add this to the size (サイズを…加算する; negative: 減算する)"),
    Field("set", Base("integer"), "the size becomes this (a later, narrower ability still changes it)"),
))
ABILITY_LABELS = Record((
    Field("grant", ListOf(Id("labels")), "the characters have these labels (…を持つ)"),
    Field("remove", ListOf(Id("labels")), "the characters lose these labels (…を持たない, …できない)"),
))

# 「♡兵士としても♢兵士としても扱う」: the characters count as soldiers of these suits too, in every suit test.
ABILITY_SUITS = ListOf(Base("suit"))

# The steps an ability may stop (prohibit): those whose subject is a character or a player.
PROHIBITABLE_STEPS = ("move", "charge", "drive", "transform", "modify_size", "set_role", "flip", "damage", "draw")
REQUEST_SOURCE = Record((
    Field("player", Choice(("you", "opponent", "any")), "whose requests (you: the ability's controller); default any"),
    Field("actions", ListOf(Id("actions")), "requests of these actions"),
    Field("where", CONDITION, "`it` is the request (its keycards: `{of: it}`), `you` the ability's controller"),
))
ABILITY_PROHIBIT = Record((
    Field("steps", ListOf(Choice(PROHIBITABLE_STEPS)),
          "the steps of an effect that do nothing to the characters and players of the ability's scope (`[charge]`: "
          "…をチャージ状態にすることができない; `[damage]`: …によってダメージを受けない)", required=True),
    Field("from", REQUEST_SOURCE, "whose effects: the requests they belong to; default every request"),
    Field("if", CONDITION, "checked just before the effect (効果を発揮する直前), `you` the ability's controller"),
))

# Every kind a Ref may name: the families, and the kinds they share.
KINDS: dict[str, Family | Kind] = {
    **{family.name: family for family in FAMILIES},
    "steps": ListOf(Ref("step"), min_items=0),
    "value": Either((NUMBER, ITEMS, PLAYER)),
    "zone": Id("zones"),  # a zone of rules.yaml: the zones are the edition's, stated once
    "name": Pattern(f"^{VARIABLE_NAME}$", "a variable name (without $)"),
    "ranks": ListOf(Base("rank")),
    "trigger": TRIGGER,
    "program": PROGRAM,
    "waive_cost": WAIVE_COST,
    "ability_size": ABILITY_SIZE,
    "ability_labels": ABILITY_LABELS,
    "ability_suits": ABILITY_SUITS,
    "ability_prohibit": ABILITY_PROHIBIT,
}

KIND_MEANINGS: dict[str, str] = {
    "steps": "a list of steps",
    "value": "a number, items or a player",
    "name": "a variable name (without $)",
    "trigger": "誘発条件 as data: when a request resolves or goes on the stage, or a card moves",
    "program": "What the simulator runs: the structured conditions and the effect of the action",
    "waive_cost": "an ability that removes cost letters from the actions of a category (魔力増加)",
    "ability_size": "an ability that changes the size of the characters in its scope: add, or set",
    "ability_labels": "an ability that grants or removes labels of the characters in its scope",
    "ability_suits": "an ability by which the characters in its scope count as of these suits too (♡兵士としても♢兵士としても扱う), "
                     "besides their cards' suit: a trump's label, {same_suit: …} and {of: …, suit: …} see them so",
    "ability_prohibit": "an ability that stops steps of effects for the characters and players in its scope: "
                        "what an effect may not do, damage it may not deal",
}
