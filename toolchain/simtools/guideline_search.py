"""Bounded searches for the design guidelines that need play (checks/guidelines.py): a loop of requests
that deals damage while the opponent can only pass (BP046), a first turn the first player wins whatever
the opponent does (BP043), and a 誘発-通常-メイン action triggered twice at once in random games (BP044).

Each search has a budget (decisions tried, games played): a search that runs out finds nothing, so a
finding is always a line of play the engine played, never a guess.

    loop = find_loop(game)                 # from a game waiting at [3]: a Loop (its sequence of requests) or None
    line = first_turn_win(game)            # from a game at its first decision of turn 1: the winning requests or None
    twice = double_trigger(engine, regulation, games=2000)   # the first trigger check holding two, or None
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..sim.agents import RandomAgent
from ..sim.errors import EngineError, EngineLoop, IllegalRequest, ProgramError
from .examples import regulation_of
from ..sim import Game
from ..sim.situation import from_situation
from ..sim.state import Request

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
    from ..sim import Engine

LOOP_NODES = 1_500  # decisions tried by one loop search
LOOP_DEPTH = 40  # decisions on one line of play
WIN_NODES = 1_500  # decisions tried by one first-turn search
DOUBLE_TRIGGER_GAMES = 2_000
TURN_CAP = 60  # a random game of the double-trigger search stops here (its triggers are what is watched)


class _Spent(Exception):
    """The search's budget ran out."""


@dataclass(frozen=True)
class Loop:
    """A cycle of requests that comes back to the same situation with the opponent's life lower."""

    seat: int  # who loops
    sequence: tuple[str, ...]  # the requests of one cycle, as the notation writes them (with their choices)
    actions: tuple[str, ...]  # the ids of the actions requested in the cycle, in order
    damage: int  # the opponent's life lost in one cycle

    def text(self) -> str:
        return " → ".join(self.sequence)


# -- the situation a loop comes back to ---------------------------------------------------------------


def _key(game: Game, opponent: int) -> str:
    """The situation without what a loop changes as it goes: the opponent's life and graveyard, ids, the RNG,
    the turn's timestamps (a character or request made again is the same one) and how often an action was requested."""
    state = game.state
    cards_of = {c.id: tuple(c.cards) for c in state.characters()}
    place = {r.id: i for i, r in enumerate(state.stage)}

    def target(t: tuple[str, int]) -> Any:
        kind, value = t
        return (kind, cards_of.get(value)) if kind == "character" else (kind, place.get(value)) if kind == "request" else t

    players = []
    for p in state.players:
        field = sorted((tuple(c.cards), c.component, c.kind, c.driven, c.entered, c.role,
                        cards_of.get(c.blocking) if c.blocking is not None else None, c.face_down) for c in p.field)
        rest = () if p.index == opponent else (tuple(p.life), tuple(p.graveyard))
        players.append((tuple(sorted(p.hand)), tuple(field), tuple(p.fog), tuple(p.pack), p.pack_open, tuple(p.rare),
                        tuple(p.trump), tuple(sorted(p.trumps_up)), tuple(sorted(p.locked)), rest))
    stage = tuple((r.action.id, r.controller, tuple(r.keys), tuple(r.held), cards_of.get(r.unit) if r.unit is not None else None,
                   r.paid, tuple(target(t) for t in r.targets)) for r in state.stage)
    modifiers = sorted(repr((m.scope, cards_of.get(m.subject) if m.scope == "this" and m.subject is not None else m.subject,
                             m.amount)) for m in state.modifiers)
    # How often an action was requested this turn matters only to one it allows once a turn (起動条件).
    actions = game.ruleset.compiled.actions
    once = sorted(used for used in state.used if (spec := actions.get(used[1])) is not None and spec.once_per_turn)
    return repr((players, stage, state.turn, state.chance, sorted(state.passed), modifiers, once))


def _life(game: Game, seat: int) -> int:
    return len(game.state.players[seat].life)


# -- loops ------------------------------------------------------------------------------------------


def _opponent_passes(decision: Any) -> tuple[int, bool]:
    """The opponent's choice on a loop's line, and whether it had a say there: where it may choose, it is
    played as if it passed (or took the first option)."""
    options = decision.actions if decision.kind == "request" else ()
    choice = options.index("pass") if "pass" in options else 0
    return choice, len(decision) > 1 and not (decision.kind == "request" and set(options) == {"pass"})


def _closed(then: tuple[int, int, int] | None, life: int, says: int, loop: Callable[[int, int], Loop]) -> Loop | None:
    """Back at a situation on the line (`then`: where it was, the opponent's life and says there): a loop when
    the opponent lost life and had no say on the way; a situation seen on another line is no loop."""
    if then is None:
        return None
    start, before, says_then = then
    return loop(start, before - life) if life < before and says_then == says else None


def find_loop(game: Game, nodes: int = LOOP_NODES, depth: int = LOOP_DEPTH, total: list[int] | None = None) -> Loop | None:
    """A loop the player holding the turn can play from here, within the budget: a sequence of its requests
    that comes back to the same situation (but for the opponent's life and graveyard) with the opponent's life
    lower, while every decision of the opponent on the way was a choice of one or a request decision with
    nothing to request but a pass. `game` is played without agents (every decision public); it is left as it was.
    `total`: the decisions left to several searches, shared (this one takes at most `nodes` of them, and spends them)."""
    looper = game.state.turn
    opponent = 1 - looper
    turn_number = game.state.turn_number
    on_path: dict[str, tuple[int, int, int]] = {}  # key → (index in `said`, opponent's life, says so far)
    said: list[tuple[str, str]] = []  # the looper's decisions on the line of play: (kind, text)
    seen: set[tuple[str, int]] = set()
    allowed = nodes if total is None else max(0, min(nodes, total[0]))
    budget = [allowed]

    def visit(height: int, says: int) -> Loop | None:
        decision = game.decision()
        if decision is None or game.over or game.state.turn_number != turn_number or height >= depth:
            return None
        key = None
        if game.due is None:  # a stable point at [3]: where a loop comes back to
            key, life = _key(game, opponent), _life(game, opponent)
            if key in on_path or (key, life) in seen:
                return _closed(on_path.get(key), life, says, lambda start, lost: _loop(looper, said[start:], lost))
            seen.add((key, life))
            on_path[key] = (len(said), life, says)
        try:
            if decision.seat == opponent:
                choice, had_say = _opponent_passes(decision)
                return _try(choice, None, lambda: visit(height + 1, says + int(had_say)))
            texts = decision.texts()  # read now: a decision taken lets go of the game
            actions = decision.actions if decision.kind == "request" else ()
            for index, text in _passes_last(texts, actions):
                kind = "pass" if index < len(actions) and actions[index] == "pass" else decision.kind
                found = _try(index, (kind, text), lambda: visit(height + 1, says))
                if found is not None:
                    return found
            return None
        finally:
            if key is not None:
                on_path.pop(key, None)

    def _try(index: int, text: tuple[str, str] | None, then: Any) -> Loop | None:
        def along() -> Loop | None:
            if text is not None:
                said.append(text)
            try:
                return then()
            finally:
                if text is not None:
                    said.pop()

        return _taken(game, index, budget, along)

    try:
        return visit(0, 0)
    except _Spent:
        return None
    finally:
        if total is not None:
            total[0] -= allowed - max(budget[0], 0)


def _taken(game: Game, index: int, budget: list[int], then: Any) -> Any:
    """What `then()` finds with option `index` taken (None when the engine refuses it), the game taken back after;
    one decision of the budget spent."""
    budget[0] -= 1
    if budget[0] < 0:
        raise _Spent
    try:
        game.apply(index)
    except (EngineError, EngineLoop, IllegalRequest):
        return None
    try:
        return then()
    finally:
        game.undo()


def _passes_last(texts: list[str], actions: tuple[str, ...]) -> list[tuple[int, str]]:
    """The options to try, a request decision's pass last (a line of play is made of requests)."""
    order = sorted(range(len(texts)), key=lambda i: i < len(actions) and actions[i] == "pass")
    return [(i, texts[i]) for i in order]


def _loop(seat: int, said: list[tuple[str, str]], damage: int) -> Loop:
    """The cycle as requests: each request with the choices that follow it (`アップ ★♡3 → you:♢3`), without the
    passes that let them resolve."""
    sequence: list[str] = []
    actions: list[str] = []
    passing = False  # after a pass, the choices that follow are not a request's (a pass is how a request resolves)
    for kind, text in said:
        if kind in ("request", "pass"):
            passing = kind == "pass"
            if not passing:
                sequence.append(text)
                actions.append(text)
        elif sequence and not passing:
            sequence[-1] += f" → {text}" if kind == "target" else f" ({text})"
    return Loop(seat, tuple(sequence), tuple(actions), damage)


# -- a first turn won whatever the opponent does ------------------------------------------------------------


def first_turn_win(game: Game, nodes: int = WIN_NODES, depth: int = LOOP_DEPTH) -> tuple[str, ...] | None:
    """The first player's requests that win the first turn whatever the opponent answers, within the budget
    (the first player's decisions are tried one by one, every answer of the opponent must lose); None when
    there is none or the budget ran out. `game` waits at the first decision of turn 1, without agents."""
    first = game.state.turn
    budget = [nodes]

    def wins(line: list[str], height: int = 0) -> list[str] | None:
        if game.over:
            return line if game.winner == first else None
        decision = game.decision()
        if decision is None or game.state.turn != first or game.state.turn_number != 1 or height >= depth:
            return None
        mine = decision.seat == first
        found: list[str] | None = None
        texts = decision.texts() if mine else [""] * len(decision)  # read now: a decision taken lets go of the game
        for index, text in _passes_last(texts, decision.actions if decision.kind == "request" else ()):
            result = _taken(game, index, budget, lambda: wins(line + [text] if mine else line, height + 1))
            if mine and result is not None:
                return result
            if not mine:
                if result is None:
                    return None  # an answer of the opponent that does not lose
                found = result
        return found

    try:
        for limit in range(1, depth + 1):  # the shortest win first: a deep first line must not spend the budget
            line = wins([], depth - limit)
            if line is not None:
                return tuple(line)
    except _Spent:
        pass
    return None


# -- two 誘発-通常-メイン requests at once --------------------------------------------------------------------


@dataclass(frozen=True)
class DoubleTrigger:
    actions: tuple[str, ...]  # the ids of the 誘発-通常-メイン actions waiting in the buffer at once
    seed: int  # the game's seed
    turn: int


def _main_triggered(request: Request) -> bool:
    spec = request.action
    return spec.trigger == "triggered" and spec.speed == "normal" and spec.timing == "main"


def double_trigger(engine: Engine, regulation: tuple[str, str], games: int = DOUBLE_TRIGGER_GAMES,
                   seed: int = 0) -> DoubleTrigger | None:
    """The first trigger check, in `games` random games, that held two requests of 誘発-通常-メイン actions at once
    (seen as one of them is taken out of the buffer, or thrown away, while the other still waits there)."""
    for game_seed in range(seed, seed + games):
        found: list[DoubleTrigger] = []
        game = Game.new(engine, *regulation, seed=game_seed,
                        agents=(RandomAgent(game_seed), RandomAgent(game_seed + games)))

        def heard(kind: str, data: Any, game: Game = game, game_seed: int = game_seed, found: list = found) -> None:
            if kind in ("request", "discard") and isinstance(data, Request) and _main_triggered(data) and not found:
                waiting = [r for r in game.state.buffer if r is not data and _main_triggered(r)]
                if waiting:
                    ids = (data.action.id, *(r.action.id for r in waiting))
                    found.append(DoubleTrigger(ids, game_seed, game.state.turn_number))

        game.observer = heard
        try:
            game.play(TURN_CAP, after_step=lambda _: not found)
        except (EngineError, EngineLoop):
            continue  # a broken program is reported by the examples (BP031, BP033), not here
        if found:
            return found[0]
    return None


def start_positions(engine: Engine, regulation: tuple[str, str], seeds: int) -> Iterator[Game]:
    """Games set up by their frame's start procedure (random agents make the setup's choices), waiting at the first
    player's first decision, every decision from there public."""
    for seed in range(seeds):
        game = Game.new(engine, *regulation, seed=seed, agents=(RandomAgent(seed), RandomAgent(seed + seeds)))
        game.agents, game.public.enabled = [], True
        yield game


def example_situations(engine: Engine, action: m.Action) -> Iterator[tuple[str, Game]]:
    """The situation of each example of the action (its `given`, in its regulation), every decision public; an
    example whose situation cannot be built is left out (BP030 reports it)."""
    for example in action.examples:
        try:
            regulation = regulation_of(engine.definitions, action, example)
            yield example.name, from_situation(engine, example.given, regulation=regulation, agents=None)
        except (ProgramError, EngineError):
            continue
