"""The game situations of chapters 1 and 2 (Fig. 1.1, 2.1, 2.3–2.9), as data.

Positions are written in the simulator's notation (definitions/README.md, "the situation notation") and built by
its engine (scenes.py): `[♣7]` a bulwark, `♠5+♠9` one character of two cards, `(driven)`,
`(+3)`; stage requests `you: アップ ★♡5 → you:♠6`. Fig. 2.3 shows one card in two states,
which no position holds, so it is drawn directly.
"""

from __future__ import annotations

from .board import Arrow, Side, Situation, piles
from .scenes import Scene

PLAYERS = {"you": "あなた", "opponent": "対戦相手"}
A_AND_B = {"you": "プレイヤー A", "opponent": "プレイヤー B"}

# Fig. 1.1: a game under way, seen from above.
PLAY_SCENE = Scene(
    title="プレイ風景",
    given={
        "you": {"life": 8, "hand": "♡4 ♠9 ♢K Joker", "graveyard": "♡2", "field": "[♣7] [♢5] [♠2] ♠5 ♣3+♣8(driven)",
                "fog": "♡6"},
        "opponent": {"life": 8, "hand": 5, "graveyard": "♠J", "field": "[♡7] [♣4] ♢8(driven) ♣Q"},
        "stage": ["opponent: ダウン ★♠3 → you:♠5"],
    },
    names=PLAYERS,
    aims=(("♡6", "♠5"),),
)

# Fig. 2.1: one player's zones.
CARD_PLACEMENT = Scene(
    title="プレイ中のカードの配置",
    given={"you": {"life": 20, "hand": "♡4 ♠9 ♢K ♣2 Joker", "graveyard": "♢9", "field": "[♣7] [♢5] ♠5 ♣Q", "fog": "♡6"}},
    opponent=False,
    captions={"[♣7]": "防壁", "[♢5]": "防壁", "♠5": "兵士", "♣Q": "兵士", "♡6": "アップ"},
    field_slots=4,
)

# Fig. 2.3: charge and drive.
CHARGE_DRIVE = Situation(
    title="チャージとドライブ",
    you=Side({"field": piles("♠7:チャージ状態|(縦向き) _ ♠7/:ドライブ状態|(横向き)")}),
    zones=("field",),
    arrows=(
        Arrow(("you", "field", 0), ("you", "field", 2), "ドライブ", offset=-8),
        Arrow(("you", "field", 2), ("you", "field", 0), "チャージ", offset=-8),
    ),
    field_slots=3,
)

# Fig. 2.4–2.6 (2.10.4): A requests アップ on its soldier, B answers with ダウン on the same
# soldier; the engine resolves the last request first: ダウン, then アップ.
_RESOLVE = {
    "you": {"field": "[♣7] ♠6"},
    "opponent": {"field": "[♢2] ♢9"},
}
_RESOLVE_OPTIONS = {
    "zones": ("fog", "field"),
    "names": A_AND_B,
    "tags": {"you": "A", "opponent": "B"},
    "captions": {"♠6": "兵士", "♢9": "兵士"},
    "field_slots": 4,  # room in the fog for Fig. 2.6's two cards to stand either side of their target
}
RESOLVE_1 = Scene(
    title="アクションの解決 1",
    given={**_RESOLVE, "stage": ["you: アップ ★♡5 → you:♠6"]},
    **_RESOLVE_OPTIONS,
)
RESOLVE_2 = Scene(
    title="アクションの解決 2",
    given={**_RESOLVE, "stage": ["you: アップ ★♡5 → you:♠6", "opponent: ダウン ★♠3 → you:♠6"]},
    **_RESOLVE_OPTIONS,
)
RESOLVE_3 = Scene(
    title="アクションの解決 3",
    given=RESOLVE_2.given,
    resolve=True,
    aims=(("♠3", "♠6"), ("♡5", "♠6")),
    **{**_RESOLVE_OPTIONS, "captions": {**_RESOLVE_OPTIONS["captions"], "♠3": "① ダウン", "♡5": "② アップ"}},
)

# Fig. 2.7: bulwarks go next to the life, in the order they were played; soldiers beyond them.
BULWARK_PLACEMENT = Scene(
    title="防壁の置き方",
    given={"you": {"life": 20, "field": "[♣7] [♢5] [♠2] ♠5 ♡8"}},
    zones=("life", "field", "graveyard"),
    opponent=False,
    captions={"[♣7]": "防壁 ①", "[♢5]": "防壁 ②", "[♠2]": "防壁 ③", "♠5": "兵士", "♡8": "兵士"},
)

# Fig. 2.8: fog cards lean towards their targets, apart from the field's cards; フォース has none.
FOG_PLACEMENT = Scene(
    title="フォグの置き方",
    given={
        "you": {"field": "[♣7] ♠5(+4) ♡8", "fog": "♡4 ♠3 ♡2 ♡5", "size_bonus": 7},
        "opponent": {"field": "[♢2] ♢9 ♣6(-3)"},
    },
    zones=("fog", "field"),
    names=PLAYERS,
    captions={"♡4": "アップ", "♠3": "ダウン", "♡2+♡5": "フォース"},
    fog={"you": ("♡2+♡5",)},
    aims=(("♡4", "♠5"), ("♠3", "♣6")),
    field_slots=3,
)

# Fig. 2.9: keycards on the stage lean towards their targets, apart from the fog.
# The bulwark is face down (drawn as its back): not ♣7, which the カウンター on the stage holds.
STAGE_PLACEMENT = Scene(
    title="ステージの置き方",
    given={
        "you": {"field": "[♣5] ♠5(+4) ♡8", "fog": "♡4"},
        "opponent": {"field": "[♢2] ♢9 ♣6"},
        "stage": ["opponent: ダウン ★♠2 → you:♡8", "you: カウンター ★♣7 → opponent:ダウン"],
    },
    zones=("fog", "field"),
    names=PLAYERS,
    captions={"♡4": "アップ"},
    aims=(("♡4", "♠5"),),
    field_slots=3,
)

SCENES: dict[str, Scene] = {
    "play-scene": PLAY_SCENE,
    "card-placement": CARD_PLACEMENT,
    "resolve-1": RESOLVE_1,
    "resolve-2": RESOLVE_2,
    "resolve-3": RESOLVE_3,
    "bulwark-placement": BULWARK_PLACEMENT,
    "fog-placement": FOG_PLACEMENT,
    "stage-placement": STAGE_PLACEMENT,
}
DRAWN: dict[str, Situation] = {"charge-drive": CHARGE_DRIVE}
