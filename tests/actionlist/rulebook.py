"""What the action lists must hold, copied by hand from the 第8.1版 rulebook (shared/seeds/000):
the ○/× format tables of 4.3.1 and 4.3.2, the fog of 4.3.3, the frames of 5.3.1 with table 3.1,
and the frame lists of 5.3.2–5.3.4. Written independently of the definitions and the renderer,
so that a wrong filter or a wrong definition both show up."""

from __future__ import annotations

from dataclasses import dataclass

FORMATS = ("ライト", "スタンダード", "プロ", "マスター")
FORMAT_IDS = {"ライト": "lite", "スタンダード": "standard", "プロ": "pro", "マスター": "master"}
FILE_STEMS = {"ライト": "lite", "スタンダード": "std", "プロ": "pro", "マスター": "mast"}
FRAME_IDS = {"エントリー20": "entry20", "パック": "pack", "レアパック": "rare-pack", "ストラテジー": "strategy", "エクストラ": "extra"}

# Table 3.1 フレーム対応一覧: the formats each frame is played with.
REGULATIONS = {
    "エントリー20": ("ライト",),
    "パック": ("スタンダード", "プロ", "マスター"),
    "レアパック": ("スタンダード", "プロ", "マスター"),
    "ストラテジー": ("プロ", "マスター"),
    "エクストラ": ("マスター",),
}

# 4.3.1: (group, name, ○/× for ライト スタンダード プロ マスター), in rulebook order.
ACTIONS = [
    ("基本", "エンド", "○○○○"),
    ("基本", "チャージ", "○○○○"),
    ("基本", "ドロー", "○○○○"),
    ("基本", "アタック", "○○○○"),
    ("基本", "ブロック", "○○○○"),
    ("基本", "ダメージ判定", "○○○○"),
    ("基本", "世代交代", "○○○○"),
    ("召喚", "防壁設置", "○○○○"),
    ("召喚", "兵士召喚", "○○○○"),
    ("召喚", "英雄召喚", "○○○○"),
    ("召喚", "エース召喚", "○○○○"),
    ("召喚", "クイック召喚", "××○○"),
    ("召喚", "魔術士召喚", "×○○○"),
    ("召喚", "装備", "○○○○"),
    ("速攻魔法", "アップ", "○○○○"),
    ("速攻魔法", "ダウン", "○○○○"),
    ("速攻魔法", "ツイスト", "○○○○"),
    ("速攻魔法", "カウンター", "○○○○"),
    ("速攻魔法", "再会", "××○○"),
    ("速攻魔法", "キル", "××○○"),
    ("速攻魔法", "停戦", "××○○"),
    ("速攻魔法", "対象変更", "××○○"),
    ("速攻魔法", "サーチ", "○○○○"),
    ("速攻魔法", "B・J", "×××○"),
    ("速攻魔法", "R・S・F", "×××○"),
    ("速攻魔法", "リバース", "××○○"),
    ("速攻魔法", "帰還", "×○○○"),
    ("通常魔法", "防壁破壊", "○○○○"),
    ("通常魔法", "投擲", "○○○○"),
    ("通常魔法", "死の槍", "×○○○"),
    ("通常魔法", "防壁補充", "×○○○"),
    ("通常魔法", "リアニメイト", "×○○○"),
    ("通常魔法", "ハンデス", "×○○○"),
    ("通常魔法", "フォース", "×××○"),
    ("通常魔法", "剣の雨", "×××○"),
    ("通常魔法", "徴募", "×××○"),
    ("通常魔法", "奇襲", "×××○"),
]

# 4.3.2
CHARACTERS = [
    ("兵士", "一般兵", "○○○○"),
    ("兵士", "英雄", "○○○○"),
    ("兵士", "エース", "○○○○"),
    ("兵士", "魔術士", "×○○○"),
    ("兵士", "装備兵", "○○○○"),
    ("防壁", "防壁", "○○○○"),
]

# 4.3.3: each fog entry is in the formats of the action that puts it there (4.3.1).
FOG = [
    ("滞留魔法", "アップ", "速攻魔法", "○○○○"),
    ("滞留魔法", "ダウン", "速攻魔法", "○○○○"),
    ("滞留魔法", "フォース", "通常魔法", "×××○"),
]

# 5.3.1
FRAMES = ["エントリー20", "パック", "レアパック", "ストラテジー", "エクストラ"]

# 5.3.2: (group heading, name, type, frames)
_PACK_FRAMES = ("レアパック", "ストラテジー", "エクストラ")
FRAME_ACTIONS = [
    ("パック", "パック開封", "パック", ("パック", *_PACK_FRAMES)),
    ("パック", "レアドロー", "パック", _PACK_FRAMES),
    ("パック", "レア召喚", "パック", _PACK_FRAMES),
    ("パック", "罠カウンター", "パック", _PACK_FRAMES),
    ("切札", "オープン", "切札", ("エクストラ",)),
    ("切札", "クローズ", "切札", ("エクストラ",)),
    ("切札", "切札破壊", "速攻魔法", ("エクストラ",)),
    ("切札 ♠ 2", "スラッシュ", "兵士起因", ("エクストラ",)),
    ("切札 ♡ 3", "激励", "兵士起因", ("エクストラ",)),
    ("切札 ♢ 3", "交渉", "兵士起因", ("エクストラ",)),
    ("切札 ♣ 4", "スイッチ", "兵士起因", ("エクストラ",)),
]

# 5.3.3
FRAME_FOG = [("滞留魔法", "クローズ", "速攻魔法", ("エクストラ",))]

# 5.3.4
TRUMPS = [
    ("♠ スペード", "スラッシュ", "立ち上がる兵", ("エクストラ",)),
    ("♡ ハート", "激励", "立ち上がる兵", ("エクストラ",)),
    ("♢ ダイヤ", "交渉", "立ち上がる兵", ("エクストラ",)),
    ("♣ クラブ", "スイッチ", "立ち上がる兵", ("エクストラ",)),
    ("その他", "裏切札", "裏切札", ("エクストラ",)),
]

SECTIONS = ("アクションリスト", "キャラクターリスト", "フォグリスト", "フレームリスト", "フレームアクションリスト", "フレームフォグリスト", "フレーム切札リスト")


@dataclass(frozen=True)
class Expected:
    section: str
    group: str | None
    name: str
    category: str | None  # the type in parentheses after the name
    marker: str  # [1]–[4] (first format), ■ (frame entry)

    @property
    def heading(self) -> str:
        """`エンド (基本)`, as the rulebook's tables of contents write it."""
        return f"{self.name} ({self.category})" if self.category else self.name


def _first_format(flags: str) -> str:
    return f"[{flags.index('○') + 1}]"


def entries(format_name: str | None = None, frame_names: tuple[str, ...] = ()) -> list[Expected]:
    """The entries a list shows, in order: a format's (every format's, with None) and the frames'."""

    def has(flags: str) -> bool:
        return format_name is None or flags[FORMATS.index(format_name)] == "○"

    def in_frames(frames: tuple[str, ...]) -> bool:
        return any(frame in frame_names for frame in frames)

    result = [Expected(SECTIONS[0], g, n, g, _first_format(f)) for g, n, f in ACTIONS if has(f)]
    result += [Expected(SECTIONS[1], g, n, g, _first_format(f)) for g, n, f in CHARACTERS if has(f)]
    result += [Expected(SECTIONS[2], g, n, c, _first_format(f)) for g, n, c, f in FOG if has(f)]
    result += [Expected(SECTIONS[3], None, n, None, "■") for n in FRAMES if n in frame_names]
    result += [Expected(SECTIONS[4], g, n, c, "■") for g, n, c, fr in FRAME_ACTIONS if in_frames(fr)]
    result += [Expected(SECTIONS[5], g, n, c, "■") for g, n, c, fr in FRAME_FOG if in_frames(fr)]
    result += [Expected(SECTIONS[6], g, n, c, "■") for g, n, c, fr in TRUMPS if in_frames(fr)]
    return result


def everything() -> list[Expected]:
    return entries(None, tuple(FRAMES))


def legal_regulations() -> list[tuple[str, str]]:
    return [(fmt, frame) for frame, formats in REGULATIONS.items() for fmt in formats]


def illegal_regulations() -> list[tuple[str, str]]:
    return [(fmt, frame) for frame in FRAMES for fmt in FORMATS if fmt not in REGULATIONS[frame]]


ACTION_COUNTS = {"ライト": 19, "スタンダード": 25, "プロ": 31, "マスター": 37}
