"""A game saved from `bp play` (build/play/*.txt) reads in the player's language from its first line: the game's
number, its regulation by the names table 3.1 gives it, and its seed."""

from __future__ import annotations

from .conftest import Played


def test_the_saved_transcript_opens_with_the_regulation_by_name_in_japanese(played: Played) -> None:
    status, answer = played.post("/api/save")
    assert status == 200, answer
    (saved,) = (played.root / "build" / "play").glob("*.txt")
    first = saved.read_text(encoding="utf-8").splitlines()[0]
    assert first == "=== ゲーム 1: ライト + エントリー20、シード 1 ===", first
