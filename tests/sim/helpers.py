"""Helpers for the simulator's tests: games built from situations in the notation of
definitions/README.md, and requests made by name."""

from __future__ import annotations

from toolchain.model import Definitions
from toolchain.sim.agents import shared
from toolchain.sim.cards import text
from toolchain.sim.game import Game
from toolchain.sim.notation import character_text, option_text
from toolchain.sim.requests import PASS, RequestOption
from toolchain.sim.ruleset import ruleset
from toolchain.sim.situation import Builder, mentioned


def situation(defs: Definitions, given: dict, script: list | None = None, regulation: tuple[str, str] = ("master", "extra")) -> Game:
    """A game in the situation `given`, both seats answering from one script (in the order asked)."""
    agents = shared(script or [])
    builder = Builder(ruleset(defs, *regulation), mentioned(given), agents)
    return builder.build(given, ("given",))


def offered(game: Game, wanted: str) -> list[RequestOption]:
    """The legal requests whose text is `text` (e.g. 'アップ ★♡3'), from the chance holder's options."""
    return [o for o in game.legal_requests() if option_text(game, o, game.state.chance) == wanted]


def request(game: Game, wanted: str) -> None:
    """The chance holder requests `text`; targets and costs come from the agents' script."""
    found = offered(game, wanted)
    assert found, f"{wanted} is not offered: {[str(o) for o in game.legal_requests()]}"
    game.apply(found[0])


def pass_(game: Game, times: int = 1) -> None:
    for _ in range(times):
        game.apply(PASS)


def zone(game: Game, seat: int, name: str) -> list[str]:
    return sorted(text(c) for c in game.state.players[seat].zone(name))


def field(game: Game, seat: int) -> list[str]:
    return sorted(character_text(c, game, flags=True) for c in game.state.players[seat].field)
