"""What upstream writes loosely, read strictly: version lists, format lists and keycards.

Each reader returns the value and the notes on what it had to tolerate (`update: v3.0,8.0` lacks a `v`;
`format: ',,pro,mast'` has empty places; `２〜10` a full-width digit): the importer reports them as
warnings at the upstream file's line and column, and imports the value."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ..i18n import _

_VERSION = re.compile(r"^v?([0-9]+)\.([0-9]+)$")
_EX_VERSION = re.compile(r"^ex[0-9]+\.[0-9]+\.[0-9]+$")
_PATCH_VERSION = re.compile(r"^v[0-9]+\.[0-9]+\.[0-9]+$")


@dataclass
class Read:
    """A value read, with what was tolerated on the way (messages for warnings)."""

    value: object
    notes: list[str] = field(default_factory=list)
    refused: str | None = None  # why it could not be read at all (an error)


def _normalized(text: str, notes: list[str]) -> str:
    """Full-width digits, letters and punctuation as ASCII (NFKC), noted when that changed anything."""
    wide = unicodedata.normalize("NFKC", text)
    if wide != text and any(unicodedata.east_asian_width(c) == "F" and c.isalnum() for c in text):
        notes.append(_("full-width characters in {text!r} read as {read!r}").format(text=text, read=wide))
        return wide
    return text


def version(text: object) -> Read:
    """`v8.0`, `8.0` (noted), `ex3.4.0`, `v9.1.1`."""
    notes: list[str] = []
    raw = _normalized(str(text).strip(), notes)
    if _EX_VERSION.match(raw) or _PATCH_VERSION.match(raw):
        return Read(raw, notes)
    match = _VERSION.match(raw)
    if match is None:
        return Read(None, notes, _("{text!r} is not a version (v<major>.<minor>, ex<major>.<minor>.<patch>)").format(text=raw))
    if not raw.startswith("v"):
        notes.append(_("version {text!r} has no leading v: read as v{text}").format(text=raw))
    return Read(f"v{match.group(1)}.{match.group(2)}", notes)


def versions(text: object) -> Read:
    """`v8.0,v8.1`, `v8.0, v9.0`, `v3.0,8.0,v8.1`: a list of versions."""
    notes: list[str] = []
    found: list[str] = []
    for part in str(text).split(","):
        if not part.strip():
            notes.append(_("an empty place in the version list {text!r} is left out").format(text=str(text)))
            continue
        one = version(part)
        if one.refused:
            return Read(None, notes + one.notes, one.refused)
        notes += one.notes
        found.append(str(one.value))
    return Read(found, notes)


def words(text: object) -> Read:
    """`lite,std,pro,mast`, `',,pro,mast'`: the words of a comma list, empty places noted."""
    notes: list[str] = []
    raw = _normalized(str(text), notes)
    parts = [part.strip() for part in raw.split(",")]
    if any(not part for part in parts):
        notes.append(_("empty places in {text!r} are left out").format(text=str(text)))
    return Read([part for part in parts if part], notes)


def labelled(text: object) -> Read:
    """`攻撃, 防御, 速攻(キーカードにAが含まれる場合のみ)`: each label with its condition in parentheses."""
    found: list[tuple[str, str | None]] = []
    for part in re.split(r"[,、](?![^()（）]*[)）])", str(text)):
        part = part.strip()
        if not part:
            continue
        match = re.match(r"^([^()（）]+)[(（](.*)[)）]$", part)
        found.append((match.group(1).strip(), match.group(2).strip()) if match else (part, None))
    return Read(found)


# Upstream's keycards in the notation (notation/keycards.py): `〜` a range, ` と ` two groups, `を N枚` a
# count, `同じ数字` / `同じスート` a set of one rank or suit, `以上` at least.
_COUNT = re.compile(r"\s*を\s*([0-9]+)\s*枚(以上)?$")
_SAME = {"同じ数字": "same-rank", "同じスート": "same-suit"}


def keycards(text: object) -> Read:
    """`♡A〜10` → `♡A-10`; `♠A〜10 を 2枚` → `♠A-10 x2`; `♡A〜K と ♢A〜K` → `♡A-K & ♢A-K`;
    `同じスートのA,10〜K を 5枚` → `same-suit A,10-K x5`; `同じスートを2枚以上` → `same-suit x2+`."""
    notes: list[str] = []
    raw = _normalized(str(text).strip(), notes)
    groups: list[str] = []
    for part in raw.split(" と "):
        part = part.strip()
        count = ""
        match = _COUNT.search(part)
        if match:
            count = f" x{match.group(1)}" + ("+" if match.group(2) else "")
            part = part[: match.start()]
        same = next((word for word in _SAME if part.startswith(word)), None)
        if same is not None:
            ranks = part[len(same):].lstrip("の").strip()
            if not count:  # 同じスートを2枚: the count follows を without a space
                tail = re.match(r"^を\s*([0-9]+)\s*枚(以上)?$", ranks)
                if tail:
                    count, ranks = f" x{tail.group(1)}" + ("+" if tail.group(2) else ""), ""
            part = _SAME[same] + (" " + ranks.replace("〜", "-") if ranks else "")
        else:
            part = part.replace("〜", "-").replace(" ", "")
        groups.append(part + count)
    return Read(" & ".join(groups), notes)


def keycards_back(notation: str) -> str:
    """The notation in upstream's words (the inverse of keycards())."""
    names = {word: same for same, word in _SAME.items()}
    groups: list[str] = []
    for group in notation.split(" & "):
        group = group.strip()
        count = ""
        match = re.search(r"\s*x([0-9]+)(\+?)$", group)
        if match:
            count, group = match.group(1), group[: match.start()]
            more = "以上" if match.group(2) else ""
        word = next((w for w in names if group.startswith(w)), None)
        if word is not None:
            ranks = group[len(word):].strip().replace("-", "〜")
            text = names[word] + (f"の{ranks} を {count}枚{more}" if ranks else f"を{count}枚{more}")
        else:
            text = group.replace("-", "〜") + (f" を {count}枚{more}" if count else "")
        groups.append(text)
    return " と ".join(groups)
