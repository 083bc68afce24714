"""A card as a player is shown it: the notation's second Joker of a deck (Joker2, which bp replay, examples and
positions read) is a Joker on the page, told from the first as 「Joker(2 枚目)」."""

from __future__ import annotations

import json

from .conftest import Played


def _decide(played: Played, state: dict, text: str) -> dict:
    index = [option["text"] for option in state["game"]["decision"]["options"]].index(text)
    status, answer = played.post("/api/decide", {"index": index, "version": state["version"]})
    assert status == 200, answer
    return answer["state"]


def test_the_second_joker_is_shown_as_a_joker(played: Played) -> None:
    status, answer = played.post("/api/new", {"format": "master", "frame": "extra", "seed": 2, "first": 0,
                                              "seats": ["human", "policy"]})
    assert status == 200
    state = answer["state"]
    offered = [option["text"] for option in state["game"]["decision"]["options"]]
    assert state["game"]["decision"]["prompt"] == "切札" and len(offered) == 54
    assert offered[-2:] == ["Joker", "Joker(2 枚目)"]
    state = _decide(played, state, "Joker(2 枚目)")
    state = _decide(played, state, "Joker")
    assert state["game"]["you"]["trump"] == ["Joker", "Joker(2 枚目)"]
    assert "切札: Joker(2 枚目)" in [line["text"] for line in state["log"]]
    assert ">Joker(2 枚目)</text>" in state["game"]["board"]  # the face-down trump's caption, which only its owner sees
    assert "Joker2" not in json.dumps(state, ensure_ascii=False)
    # The position to edit stays in the notation, which tells the two apart as Joker and Joker2.
    assert "Joker Joker2" in played.get("/api/position")["text"]
