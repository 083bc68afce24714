"""The fuzzers: properties that must hold for any input, and the strategies that make the inputs.

Shared by the test suite (a few dozen examples each, derandomized: test_fuzz.py) and by
`make fuzz` (thousands, random: scripts/fuzz.py). Each property counts its calls in CALLS, and
runs under a watchdog that raises Hang (a BaseException: no `except Exception` in the code under
test can swallow it) when one input takes longer than HANG_SECONDS.

- keycards round trip: any pattern renders to notation that parses back to the same pattern;
  any string either parses (and then round-trips) or raises KeycardsError, nothing else;
- keycards matcher: `matches` and `candidates` agree with a brute-force reference (every way of
  dealing the cards to the pattern's slots) on random hands;
- YAML loader: any bytes load without an exception, every problem inside the file;
- definitions: random text and data mutations of the minimal fixture's files load and check
  (toolchain.load) without an exception, every finding located inside its file.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import signal
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

import toolchain
from tests.repos import MINIMAL
from toolchain.model import yamlload
from toolchain.notation import keycards as kc
from toolchain.notation.card_notation import SUITS, Card, full_deck

ROOT = Path(__file__).resolve().parents[2]
HANG_SECONDS = 60
CALLS: Counter[str] = Counter()


class Hang(BaseException):
    """One input ran longer than HANG_SECONDS."""


@contextlib.contextmanager
def watchdog(seconds: int = HANG_SECONDS) -> Iterator[None]:
    def expired(_signal: int, _frame: object) -> None:
        raise Hang(f"no result after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- keycards ---------------------------------------------------------------------------------

RANKS = st.integers(min_value=1, max_value=13)


@st.composite
def rank_sets(draw: st.DrawFn, joker: bool = True) -> kc.RankSet:
    if joker and draw(st.integers(0, 9)) == 0:
        return kc.RankSet(((0, 0),))
    ranges = []
    for _ in range(draw(st.integers(1, 3))):
        low = draw(RANKS)
        ranges.append((low, draw(st.integers(low, 13))))
    return kc.RankSet(tuple(ranges))


@st.composite
def patterns(draw: st.DrawFn) -> kc.Keycards:
    """A pattern the notation can write (and one deck can satisfy)."""
    kind = draw(st.sampled_from(["cards", "cards", "cards", "same-rank", "same-suit", "face-down", "unit"]))
    if kind == "face-down":
        return kc.Keycards("face-down")
    if kind == "unit":
        return kc.Keycards("unit", label=draw(st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True)))
    if kind == "same-rank":
        ranks = draw(rank_sets(joker=False))
        return kc.Keycards(kind, (kc.CardGroup(None, ranks, draw(st.integers(2, 4))),), at_least=draw(st.booleans()))
    if kind == "same-suit":
        ranks = draw(rank_sets(joker=False))
        most = min(len(ranks.values()), kc.MAX_CARDS)
        if most < 2:
            ranks, most = kc.ANY_RANK, kc.MAX_CARDS
        return kc.Keycards(kind, (kc.CardGroup(None, ranks, draw(st.integers(2, most))),), at_least=draw(st.booleans()))
    groups = []
    for _ in range(draw(st.integers(1, 3))):
        suit = draw(st.none() | st.sampled_from(SUITS))
        ranks = draw(rank_sets(joker=suit is None))
        group = kc.CardGroup(suit, ranks, 1)
        count = draw(st.integers(1, max(1, min(3, group.in_one_deck()))))
        groups.append(kc.CardGroup(suit, ranks, count))
    if sum(g.count for g in groups) > kc.MAX_CARDS:
        groups = groups[:1]
    return kc.Keycards("cards", tuple(groups))


NOTATION_ALPHABET = st.sampled_from(
    list("♠♡♢♣♥♦AJQK0123456789-,+x &<>") + ["10", "Joker", "same-rank", "same-suit", "face-down", "soldier", " x", " & "]
)


def keycards_round_trip(pattern: kc.Keycards) -> None:
    CALLS["keycards round trip"] += 1
    with watchdog():
        text = pattern.notation()
        parsed = kc.parse(text)
        assert parsed.notation() == text, (text, parsed.notation())
        assert kc.parse(parsed.notation()) == parsed
        parsed.display({})  # renders


def keycards_any_text(pieces: list[str]) -> None:
    CALLS["keycards any text"] += 1
    text = "".join(pieces)
    with watchdog():
        try:
            parsed = kc.parse(text)
        except kc.KeycardsError as exc:
            assert 0 <= exc.column <= len(text), (text, exc.column)
            return
        assert kc.parse(parsed.notation()) == parsed, text


def reference_matches(pattern: kc.Keycards, cards: tuple[Card, ...]) -> bool:
    """The matcher's meaning, by brute force: some way of dealing the cards to the slots fits."""
    if pattern.kind == "unit":
        return False
    if pattern.kind == "face-down":
        return len(cards) == 1
    group = pattern.groups[0]
    if pattern.kind in ("same-rank", "same-suit"):
        size_ok = len(cards) == group.count or (pattern.at_least and len(cards) > group.count)
        if not size_ok or not all(group.accepts(card) for card in cards):
            return False
        if pattern.kind == "same-rank":
            return len({card.rank for card in cards}) == 1
        return all(card.suit is not None for card in cards) and len({card.suit for card in cards}) == 1
    slots = [g for g in pattern.groups for _ in range(g.count)]
    if len(slots) != len(cards):
        return False
    return any(all(slot.accepts(card) for slot, card in zip(slots, order)) for order in itertools.permutations(cards))


DECK = full_deck()
hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=7, unique=True)


def keycards_matcher(pattern: kc.Keycards, hand: list[Card]) -> None:
    CALLS["keycards matcher"] += 1
    with watchdog():
        for size in range(len(hand) + 1):
            for cards in itertools.combinations(hand, size):
                assert pattern.matches(cards) == reference_matches(pattern, cards), (pattern.notation(), [str(c) for c in cards])
        wanted = {combo for combo in itertools.combinations(hand, pattern.card_count) if reference_matches(pattern, combo)}
        assert set(pattern.candidates(hand)) == wanted, pattern.notation()


# -- the YAML loader and the definitions --------------------------------------------------------


def loader_any_bytes(data: bytes, path: Path) -> None:
    CALLS["loader any bytes"] += 1
    path.write_bytes(data)
    with watchdog():
        doc = yamlload.load(path)
    lines = len(_lines(data))
    for problem in doc.problems:
        assert 1 <= problem.mark.line <= lines + 1 and problem.mark.column >= 1, (problem, data[:200])


TOKENS = [
    ":", ": ", " ", "-", "- ", "[", "]", "{", "}", ",", "\n", "  ", "\t", "#", "&a ", "*a", "!", "!!str ", "|", ">",
    "'", '"', "\\", "?", "%", "@", "`", "---\n", "...", "\x00", "\x01", "\x7f", "\ufeff", "yes", "017", "12:30", "null",
    "~", "xxxxx", "ア", "♠", "\r", "\r\n", "10", "-1", "1e9", "Joker", "♡A-10 x2", "soldier<slash>", "$x",
]


def token_texts(most: int) -> st.SearchStrategy[bytes]:
    """YAML-ish bytes: up to `most` of the TOKENS run together."""
    return st.lists(st.sampled_from(TOKENS), max_size=most).map(lambda pieces: "".join(pieces).encode())


def definition_files() -> list[str]:
    base = MINIMAL / "definitions"
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*.yaml")) + ["rules.yaml"]


@st.composite
def text_mutations(draw: st.DrawFn, original: str) -> str:
    """1–4 edits of the kind a typo or a bad merge makes: delete, insert, replace, move lines."""
    text = original
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        edit = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "swap", "indent"]))
        position = draw(st.integers(0, max(0, len(text) - 1)))
        line = draw(st.integers(0, max(0, len(lines) - 1)))
        if edit == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 12)):]
        elif edit == "insert":
            text = text[:position] + draw(st.sampled_from(TOKENS) | st.text(max_size=6)) + text[position:]
        elif edit == "replace":
            text = text[:position] + draw(st.sampled_from(TOKENS)) + text[position + draw(st.integers(1, 6)):]
        elif edit == "duplicate":
            lines.insert(line, lines[line])
            text = "\n".join(lines)
        elif edit == "swap":
            other = draw(st.integers(0, max(0, len(lines) - 1)))
            lines[line], lines[other] = lines[other], lines[line]
            text = "\n".join(lines)
        else:
            lines[line] = " " * draw(st.integers(0, 6)) + lines[line].lstrip(" ")
            text = "\n".join(lines)
    return text


values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 1000) | st.sampled_from(TOKENS) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["id", "name", "x", "formats", "keycards"]) | st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


@st.composite
def data_mutations(draw: st.DrawFn, original: str) -> str:
    """Valid YAML with wrong data: a value replaced, removed or repeated somewhere in the tree."""
    data = yaml.safe_load(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        edit = draw(st.sampled_from(["replace", "remove", "repeat"]))
        if edit == "replace":
            parent[path[-1]] = draw(values)
        elif edit == "remove":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], parent[path[-1]])
        else:
            parent[f"{path[-1]}2"] = parent[path[-1]]
    header = original.split("\n", 1)[0]
    return header + "\n" + yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def definitions_mutated(root: Path, file: str, text: str) -> None:
    """Load and check the repository with `file` replaced by `text` (restored afterwards)."""
    CALLS["definitions mutated"] += 1
    path = root / "definitions" / file
    original = path.read_bytes()
    path.write_text(text, encoding="utf-8")
    try:
        with watchdog():
            checked = toolchain.load(root)
        for finding in checked.findings:
            assert_inside_its_file(root, finding)
    finally:
        path.write_bytes(original)


def assert_inside_its_file(root: Path, finding: Any) -> None:
    location = finding.location
    assert location.line >= 1 and location.column >= 1, finding
    file = root / location.path
    if finding.code == "BP008" or not file.is_file():
        return  # a missing file is named by its pattern
    lines = _lines(file.read_bytes())
    assert location.line <= len(lines) + 1, (finding, len(lines))
    text = lines[location.line - 1] if location.line <= len(lines) else ""
    assert location.column <= len(text) + 2, (finding, text)


def _lines(data: bytes) -> list[str]:
    """The lines as YAML counts them: CR, LF, CR LF, NEL, LS and PS all end a line."""
    return re.split("\r\n|\r|\n|\x85|\u2028|\u2029", data.decode("utf-8", errors="replace"))


