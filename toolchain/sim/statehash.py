"""A stable hash of a game: the same state gives the same hash in any process and any Python run
(Python's own hash() of strings is randomized per process; this is SHA-256 of a canonical form)."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .state import Character, Player, Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def _character(c: Character) -> list[Any]:
    return [c.id, c.cards, c.component, c.kind, c.controller, c.driven, c.entered, c.role, c.blocking, c.face_down]


def _player(p: Player) -> dict[str, Any]:
    return {
        "life": p.life, "hand": p.hand, "graveyard": p.graveyard, "fog": p.fog, "pack": p.pack, "pack_open": p.pack_open,
        "rare": p.rare, "trumps": p.trump, "up": sorted(p.trumps_up), "locked": sorted(p.locked),
        "field": [_character(c) for c in p.field],
    }


def _request(r: Request) -> list[Any]:
    cause = r.cause.id if isinstance(r.cause, Request) else r.cause
    return [r.id, r.action.id, r.controller, list(r.keys), r.held, r.unit, r.paid, [list(t) for t in r.targets], r.revealed, cause]


def canonical(game: Game) -> dict[str, Any]:
    """Everything that decides how the game goes on: the state, where the flow stands, the decision due,
    the RNG."""
    state = game.state
    due = game.due
    remembered = {  # last-known information, when the programs read it (empty otherwise: 8.1's hashes stay as they were)
        "former": sorted([card, *_character(f), f.size, f.by] for card, f in state.former.items()),
        "unlinked": sorted([blocker, attacker] for blocker, attacker in state.unlinked.items()),
    } if state.former or state.unlinked else {}
    return {
        **remembered,
        "players": [_player(p) for p in state.players],
        "stage": [_request(r) for r in state.stage],
        "buffer": [_request(r) for r in state.buffer],
        "turn": state.turn, "turn_number": state.turn_number, "chance": state.chance, "passed": sorted(state.passed),
        "modifiers": [[m.scope, m.subject, m.amount, m.timestamp] for m in state.modifiers],
        "used": sorted([seat, action, count] for (seat, action), count in state.used.items()),
        "known": [sorted([card, zone] for card, zone in known.items()) for known in state.known],
        "next_id": state.next_id, "winner": state.winner, "first": state.first,
        "node": game.node,
        "due": None if due is None else [due.seat, due.kind, due.prompt, due.texts(), game.public.chosen],
        "rng": list(game.rng.getstate()[1]),
    }


def state_hash(game: Game) -> str:
    text = json.dumps(canonical(game), separators=(",", ":"), sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
