"""Helpers for the simulator's tests: games built from situations in the notation of
definitions/README.md, requests made by name, and what the board shows."""

from __future__ import annotations

from toolchain import sim, simtools


def situation(engine: sim.Engine, given: dict, script: list | None = None,
              regulation: tuple[str, str] = ("master", "extra")) -> sim.Game:
    """A game in the situation `given`, both seats answering from one script (in the order asked)."""
    return sim.from_situation(engine, given, regulation=regulation, agents=sim.agents.scripted_agents(script or []))


def offered(game: sim.Game, wanted: str) -> list[sim.RequestOption]:
    """The legal requests whose text is `text` (e.g. 'アップ ★♡3'), from the chance holder's options."""
    return [o for o in game.legal_requests() if sim.observation.option_text(game, o, game.state.chance) == wanted]


def request(game: sim.Game, wanted: str) -> None:
    """The chance holder requests `text`; targets and costs come from the agents' script."""
    found = offered(game, wanted)
    assert found, f"{wanted} is not offered: {[str(o) for o in game.legal_requests()]}"
    game.apply(found[0])


def pass_(game: sim.Game, times: int = 1) -> None:
    for _ in range(times):
        game.apply(sim.PASS)


def zone(game: sim.Game, seat: int, name: str) -> list[str]:
    """The cards of a zone (by its rulebook id), sorted."""
    return sorted(simtools.board(game).sides[seat].zones[name])


def field(game: sim.Game, seat: int) -> list[str]:
    return sorted(character.notation for character in simtools.board(game).sides[seat].field)


def observed(game: sim.Game) -> list[tuple[str, object]]:
    """What the game reports from now on (requests, resolutions, …), as (kind, data)."""
    log: list[tuple[str, object]] = []
    game.observer = lambda kind, data: log.append((kind, data))
    return log
