"""The core flow (Fig. 6.6) and the trigger check (Fig. 6.7–6.9), run from toolchain.coreflow.

Each node id of the flows has a handler here; a handler does the node's work and returns the
label of the edge to take ("" for an unconditional edge). `run` walks the edges of the Flow
data, so the engine takes exactly the edges the rulebook's figures are drawn from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ..model import coreflow
from ..model.coreflow import CORE_FLOW, INSTANT_RESOLUTION, NORMAL_PROCESSING, PASS_RECORD_RESETS, TRIGGER_CHECK, Flow
from . import requests
from .cards import RANK
from .language import Ctx
from .primitives import run_deferred
from .requests import PASS
from .state import Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec, TriggerSpec

# The edge labels the handlers return, held as the compiled module's own constants (read at every step).
YES: Final = coreflow.YES
NO: Final = coreflow.NO
AFTER_REQUEST: Final = coreflow.AFTER_REQUEST
AFTER_INSTANT_OR_STAGING: Final = coreflow.AFTER_INSTANT_OR_STAGING
AFTER_STAGE_RESOLUTION: Final = coreflow.AFTER_STAGE_RESOLUTION
DECIDED: Final = coreflow.DECIDED
GOES_ON: Final = coreflow.GOES_ON
NEXT_PLAYER: Final = coreflow.NEXT_PLAYER
EVERY_PLAYER_DONE: Final = coreflow.EVERY_PLAYER_DONE
WAIT: Final = "wait"  # [3] needs a decision from outside (Game.apply)
END: Final = "end"

Handler = Callable[["Game"], str]
# Whether this module runs compiled (its file is then the extension, not this source): only then does _dispatch's
# direct call beat calling the handler itself; interpreted, a step calls its handler as it is.
_DIRECT: Final = not __file__.endswith(".py")
TERMINAL: Final = -2  # a Step's code for end / return
OTHER: Final = -1  # a Step's code for a handler _dispatch does not know (a table a test made): called as it is


class Step:
    """A node of a flow compiled with its handler: the walk follows `next` by the handler's edge label, without
    looking the node or its edges up (`only`: the one unlabelled edge of a process step). A terminal (end / return)
    has no handler. `code` is the handler's place in _dispatch, which calls this module's handlers directly (compiled,
    a call through a Python callable costs more than most handlers' work). A quiet step changes nothing of the state
    but who holds the chance and the pass record (passing_steps); after a `resets` step the pass record is empty
    (PASS_RECORD_RESETS, a reading)."""

    __slots__ = ("id", "handler", "code", "next", "only", "yes", "no", "quiet", "resets")

    def __init__(self, id_: str, handler: Handler | None, quiet: bool = False, resets: bool = False) -> None:
        self.id = id_
        self.handler = handler
        self.code = TERMINAL if handler is None else (_CODES.get(handler, OTHER) if _DIRECT else OTHER)
        self.next: dict[str, Step] = {}
        self.only: Step | None = None
        self.yes: Step | None = None  # next[YES] and next[NO] of a decision step, taken without a lookup
        self.no: Step | None = None
        self.quiet = quiet
        self.resets = resets


def compile_flow(flow: Flow, handlers: dict[str, Handler]) -> dict[str, Step]:
    """The flow's nodes as Steps linked by its edges (made once per flow and table of handlers)."""
    quiet = passing_steps()
    steps = {node.id: Step(node.id, handlers.get(node.id), handlers.get(node.id) in quiet, node.id in PASS_RECORD_RESETS)
             for node in flow.nodes}
    for edge in flow.edges:
        steps[edge.source].next[edge.label] = steps[edge.target]
    for step in steps.values():
        if list(step.next) == [""]:
            step.only = step.next[""]
        step.yes, step.no = step.next.get(YES), step.next.get(NO)
    return steps


_COMPILED: Final[dict[tuple[str, int], tuple[dict[str, Handler], dict[str, Step]]]] = {}


def compiled(flow: Flow, handlers: dict[str, Handler]) -> dict[str, Step]:
    key = (flow.id, id(handlers))
    found = _COMPILED.get(key)
    if found is None or found[0] is not handlers:
        found = _COMPILED[key] = (handlers, compile_flow(flow, handlers))
    return found[1]


def run(game: Game, flow: Flow, handlers: dict[str, Handler], node: str) -> str:
    """Walk `flow` from `node` until a terminal, a WAIT, or the end of the game; returns where it stopped."""
    return _walk(game, compiled(flow, handlers)[node])


class Position:
    """Where a game's core flow stands, and what it carries from one node to the next."""

    __slots__ = ("node", "pending", "choice", "current", "made", "taken", "after", "seat_order", "processing",
                 "triggered", "trace", "offered")

    def __init__(self) -> None:
        self.node = "1"  # "3" waiting for the chance holder, or "end"
        self.pending: Any = None  # the [3] choice handed in by Game.apply
        self.choice: Any = None
        self.current: Request | None = None  # the request going through [7]: made at [5], or by an effect (_n6)
        self.made: Request | None = None  # the request made at [5]
        self.taken: Request | None = None  # the request the trigger check took out of the buffer
        self.after = "request"  # how [6] was reached
        self.seat_order = 0  # the trigger check's player, counted from the turn player
        self.processing: tuple[int, str] = (0, "main")
        self.triggered: list[Request] = []
        self.trace: list[str] | None = None  # node ids walked, when a test asks for them
        # While Game.play plays: the legal requests at [3] by seat, kept while only passes go round (_walk clears them at
        # the first step that may change the state); None outside play, where anyone may change the state. Not copied.
        self.offered: dict[int, list] | None = None

    def copy(self) -> Position:
        """For a copy of the game, standing still: where it stands, without the requests in the making or a trace."""
        copy = Position()
        copy.node, copy.pending, copy.choice, copy.after = self.node, self.pending, self.choice, self.after
        copy.seat_order, copy.processing = self.seat_order, self.processing
        return copy


def run_core(game: Game, node: str) -> str:
    """Walk the core flow (Fig. 6.6) from `node`, as run(game, CORE_FLOW, CORE_HANDLERS, node) does."""
    return _walk(game, _CORE_STEPS[node])


def _walk(game: Game, step: Step) -> str:
    trace = game.core.trace
    budget = game.budget
    state = game.state
    offered = game.core.offered
    while True:
        code = step.code
        if code == TERMINAL:
            return step.id  # end / return
        if offered and not step.quiet:
            offered.clear()  # the state may change: the legal requests kept at [3] (Game.play) are found again
        budget.steps += 1
        if budget.steps > budget.limit:
            raise budget.exceeded(game)
        if trace is not None:
            trace.append(step.id)
        if code == OTHER:
            handler = step.handler
            assert handler is not None
            label = handler(game)
        else:
            label = _dispatch(code, game)
        if step.resets:
            state.passed.clear()
        if label == WAIT:
            if trace is not None:
                trace.pop()  # walked when the decision comes in
            return step.id
        if state.winner is not None:
            return END
        following = step.only
        if following is None:
            following = step.yes if label is YES else (step.no if label is NO else None)
            if following is None:
                following = step.next[label]
        step = following


# -- Fig. 6.6 コアフロー ------------------------------------------------------------------------


def _n1(game: Game) -> str:  # ゲーム開始: done by start.py before the flow runs
    return ""


def _n2(game: Game) -> str:  # ターンプレイヤーにチャンスを移動
    game.state.chance = game.state.turn
    return ""


def _n3(game: Game) -> str:  # アクションをリクエストするか?
    choice = game.core.pending
    if choice is None:
        return WAIT
    game.core.pending = None
    game.core.choice = choice
    return NO if choice is PASS else YES


def _n4(game: Game) -> str:  # パス記録のリセット (done by _walk after the step, as for every step PASS_RECORD_RESETS names)
    return ""


def _n5(game: Game) -> str:  # アクションをリクエストする
    request = requests.make(game, game.state.chance, game.core.choice)
    game.core.current = game.core.made = request
    game.core.after = "request"
    if game.observer is not None:
        game.observe("request", request)
    return ""


def _n6(game: Game) -> str:  # 誘発チェック
    if game.core.trace is None:
        # Fig. 6.7's first two steps (start, 6-1) without the walk: the same steps counted, 6-1's handler called.
        budget = game.budget
        for _ in range(2):
            budget.steps += 1
            if budget.steps > budget.limit:
                raise budget.exceeded(game)
        _t1(game)
        if game.state.winner is None:
            _walk(game, _TRIGGER_AFTER_COLLECT)
    else:
        _walk(game, _TRIGGER_START)
    state = game.state
    if state.requested and state.winner is None:
        # A request an effect made (the `request` step) goes on from here as a request made at [5] by its controller:
        # the trigger check just done saw its keycards and costs; [7] resolves it or puts it on the stage.
        request = state.requested.pop(0)
        game.core.current, game.core.after = request, "request"
        state.chance = request.controller
        state.passed.clear()
        game.observe("request", request)
        return AFTER_REQUEST
    return _AFTER[game.core.after]


_AFTER: Final = {"request": AFTER_REQUEST, "instant": AFTER_INSTANT_OR_STAGING, "staged": AFTER_INSTANT_OR_STAGING, "stage": AFTER_STAGE_RESOLUTION}


def _n7(game: Game) -> str:  # 即時か?
    return YES if game.core.current.action.speed == "instant" else NO


def _n8(game: Game) -> str:  # リクエストの解決
    game.resolve(game.core.current)
    game.core.after = "instant"
    return ""


def _n9(game: Game) -> str:  # 勝敗判定
    return DECIDED if game.win_loss_check() else GOES_ON


def _n10(game: Game) -> str:  # ステージに追加
    game.put_on_stage(game.core.current)
    game.core.after = "staged"
    return ""


def _n11(game: Game) -> str:  # パス記録に登録
    game.state.passed.add(game.state.chance)
    if game.observer is not None:
        game.observe("pass", game.state.chance)
    return ""


def _n12(game: Game) -> str:  # 全員がパスしたか?
    return YES if len(game.state.passed) == len(game.state.players) else NO


def _n13(game: Game) -> str:  # ルールシステムにチャンスを移動
    game.state.chance = None
    return ""


def _n14(game: Game) -> str:  # ステージにリクエストが存在するか?
    return YES if game.state.stage else NO


def _n15(game: Game) -> str:  # 最後のリクエストを解決
    game.resolve(game.state.stage[-1])
    game.core.after = "stage"
    return ""


def _n16(game: Game) -> str:  # チャンス移動
    game.state.chance = 1 - game.state.chance
    return ""


def passing_steps() -> frozenset[Handler]:
    """The core flow's steps that a pass goes round by while the stage is empty (3 いいえ → 11 → 12 → 16 → 3, and
    12 → 13 → 14 いいえ → 2 → 3): they change who holds the chance and the pass record, which no legal request
    depends on, and nothing else."""
    return frozenset({_n2, _n3, _n11, _n12, _n13, _n14, _n16})


CORE_HANDLERS: dict[str, Handler] = {
    "1": _n1, "2": _n2, "3": _n3, "4": _n4, "5": _n5, "6": _n6, "7": _n7, "8": _n8, "9": _n9, "10": _n10,
    "11": _n11, "12": _n12, "13": _n13, "14": _n14, "15": _n15, "16": _n16,
}


# -- Fig. 6.7 誘発チェック ----------------------------------------------------------------------


def _t_start(game: Game) -> str:
    return ""


def _t1(game: Game) -> str:  # 誘発したリクエストを分類しバッファに追加
    game.state.buffer.extend(collect(game))
    return ""


def _t2(game: Game) -> str:  # バッファは空か?
    state = game.state
    if not state.buffer and state.deferred:
        # Every trigger handled: the steps that waited for it run (after_triggers: ダメージ判定 clears the roles), and
        # what they trigger joins the check.
        run_deferred(game)
        state.buffer.extend(collect(game))
    return YES if not state.buffer else NO


def _has(game: Game, speed: str, seat: int | None = None, timing: str | None = None) -> bool:
    return any(
        r.action.speed == speed and (seat is None or r.controller == seat) and (timing is None or r.action.timing == timing)
        for r in game.state.buffer
    )


def _t3(game: Game) -> str:  # バッファに即時はあるか?
    if _has(game, "instant"):
        game.core.seat_order = 0  # the turn player first
        return YES
    return NO


def _seat(game: Game) -> int:
    return (game.state.turn + game.core.seat_order) % len(game.state.players)


def _t4(game: Game) -> str:  # 該当プレイヤーに即時があるか?
    return YES if _has(game, "instant", _seat(game)) else NO


def _process(game: Game, timing: str, start: Step) -> str:
    """6-5 / 6-6 / 6-10 / 6-11: the sub-flow for the current player and one timing."""
    game.core.processing = (_seat(game), timing)
    _walk(game, start)
    return ""


def _t5(game: Game) -> str:  # 6-5 タイミング=メインの即時アクションを処理
    return _process(game, "main", _INSTANT_START)


def _t6(game: Game) -> str:  # 6-6 タイミング=クイックの即時アクションを処理
    return _process(game, "quick", _INSTANT_START)


def _t10(game: Game) -> str:  # 6-10 タイミング=メインの通常アクションを処理
    return _process(game, "main", _NORMAL_START)


def _t11(game: Game) -> str:  # 6-11 タイミング=クイックの通常アクションを処理
    return _process(game, "quick", _NORMAL_START)


def _next_player(game: Game) -> str:  # 6-7 / 6-12 次のプレイヤーへ
    if game.core.seat_order + 1 < len(game.state.players):
        game.core.seat_order += 1
        return NEXT_PLAYER
    return EVERY_PLAYER_DONE


def _t8(game: Game) -> str:  # バッファに通常はあるか?
    if _has(game, "normal"):
        game.core.seat_order = 0
        return YES
    return NO


def _t9(game: Game) -> str:  # 該当プレイヤーに通常があるか?
    return YES if _has(game, "normal", _seat(game)) else NO


TRIGGER_HANDLERS: dict[str, Handler] = {
    "start": _t_start, "6-1": _t1, "6-2": _t2, "6-3": _t3, "6-4": _t4,
    "6-5": _t5, "6-6": _t6, "6-7": _next_player, "6-8": _t8, "6-9": _t9, "6-10": _t10, "6-11": _t11,
    "6-12": _next_player,
}


# -- Fig. 6.8 誘発即時解決 and Fig. 6.9 通常: アクション毎に処理 ------------------------------------


def _matching(game: Game, speed: str) -> list[Request]:
    seat, timing = game.core.processing
    return [r for r in game.state.buffer if r.controller == seat and r.action.timing == timing and r.action.speed == speed]


def _take(game: Game, speed: str) -> Request:
    """6-5-2 / 6-10-2: the player decides which request to take out (when they differ)."""
    candidates = _matching(game, speed)
    index = 0
    if len({r.action.id for r in candidates}) > 1:
        index = game.decide(game.core.processing[0], "buffer", game.ruleset.prompts.buffer, candidates)
    request = candidates[index]
    game.state.buffer.remove(request)
    return request


def _s1(game: Game) -> str:  # 6-5-1 バッファから該当の即時はあるか?
    return YES if _matching(game, "instant") else NO


def _s2(game: Game) -> str:  # 6-5-2 バッファからリクエストを取り出す
    game.core.taken = _take(game, "instant")
    game.observe("request", game.core.taken)
    return ""


def _s3(game: Game) -> str:  # 6-5-3 取り出したリクエストを解決する
    game.resolve(game.core.taken)
    return ""


def _s4(game: Game) -> str:  # 6-5-4 勝敗判定 (a decided game ends the flow)
    game.win_loss_check()
    return ""


def _new_triggers(game: Game) -> str:  # 6-5-5 / 6-10-8 リクエストが新たな誘発を発生させたか?
    game.core.triggered = collect(game)
    return YES if game.core.triggered else NO


def _add_triggers(game: Game) -> str:  # 6-5-6 / 6-10-9 誘発したリクエストをバッファに追加
    game.state.buffer.extend(game.core.triggered)
    game.core.triggered = []
    return ""


INSTANT_HANDLERS: dict[str, Handler] = {
    "start": _t_start, "6-5-1": _s1, "6-5-2": _s2, "6-5-3": _s3, "6-5-4": _s4, "6-5-5": _new_triggers, "6-5-6": _add_triggers,
}


def _u1(game: Game) -> str:  # 6-10-1 バッファから該当の通常はあるか?
    return YES if _matching(game, "normal") else NO


def _u2(game: Game) -> str:  # 6-10-2 バッファからリクエストを取り出す
    game.core.taken = _take(game, "normal")
    return ""


def _u3(game: Game) -> str:  # 6-10-3 取り出したリクエストのタイミングがメインか判定
    return YES if game.core.taken.action.timing == "main" else NO


def _u4(game: Game) -> str:  # 6-10-4 ステージが空か判定
    return YES if not game.state.stage else NO


def _u5(game: Game) -> str:  # 6-10-5 / 6-10-7 リクエストをステージに追加
    game.observe("request", game.core.taken)
    game.put_on_stage(game.core.taken)
    return ""


def _u6(game: Game) -> str:  # 6-10-6 リクエストを破棄
    game.discard(game.core.taken)
    return ""


NORMAL_HANDLERS: dict[str, Handler] = {
    "start": _t_start, "6-10-1": _u1, "6-10-2": _u2, "6-10-3": _u3, "6-10-4": _u4, "6-10-5": _u5, "6-10-6": _u6,
    "6-10-7": _u5, "6-10-8": _new_triggers, "6-10-9": _add_triggers,
}


# Every handler above, in the order _dispatch tests for them (the most frequent first): a Step's code is its place here.
_NATIVE: Final[tuple[Handler, ...]] = (
    _n3, _n6, _n11, _n12, _n16, _t2, _n2, _n13, _n14, _n9, _n15, _n4, _n5, _n7, _n10, _n8, _t_start, _t1, _t3, _t4, _t5,
    _t6, _next_player, _t8, _t9, _t10, _t11, _s1, _s2, _s3, _s4, _new_triggers, _add_triggers, _u1, _u2, _u3, _u4, _u5,
    _u6, _n1,
)
_CODES: Final[dict[Handler, int]] = {handler: code for code, handler in enumerate(_NATIVE)}


def _dispatch(code: int, game: Game) -> str:
    """The handler _NATIVE[code] on `game`, called directly (compiled: a C call instead of a call through a Python
    callable, at every step of the flows). In three parts, the most frequent steps first, to keep each readable;
    tests/sim/internals/test_flow.py checks them against _NATIVE."""
    if code == 0:
        return _n3(game)
    if code == 1:
        return _n6(game)
    if code == 2:
        return _n11(game)
    if code == 3:
        return _n12(game)
    if code == 4:
        return _n16(game)
    if code == 5:
        return _t2(game)
    if code == 6:
        return _n2(game)
    if code == 7:
        return _n13(game)
    if code == 8:
        return _n14(game)
    if code == 9:
        return _n9(game)
    if code == 10:
        return _n15(game)
    if code == 11:
        return _n4(game)
    if code == 12:
        return _n5(game)
    if code == 13:
        return _n7(game)
    return _dispatch_more(code, game)


def _dispatch_more(code: int, game: Game) -> str:
    """_dispatch's codes 14–27."""
    if code == 14:
        return _n10(game)
    if code == 15:
        return _n8(game)
    if code == 16:
        return _t_start(game)
    if code == 17:
        return _t1(game)
    if code == 18:
        return _t3(game)
    if code == 19:
        return _t4(game)
    if code == 20:
        return _t5(game)
    if code == 21:
        return _t6(game)
    if code == 22:
        return _next_player(game)
    if code == 23:
        return _t8(game)
    if code == 24:
        return _t9(game)
    if code == 25:
        return _t10(game)
    if code == 26:
        return _t11(game)
    if code == 27:
        return _s1(game)
    return _dispatch_rest(code, game)


def _dispatch_rest(code: int, game: Game) -> str:
    """_dispatch's codes 28–39."""
    if code == 28:
        return _s2(game)
    if code == 29:
        return _s3(game)
    if code == 30:
        return _s4(game)
    if code == 31:
        return _new_triggers(game)
    if code == 32:
        return _add_triggers(game)
    if code == 33:
        return _u1(game)
    if code == 34:
        return _u2(game)
    if code == 35:
        return _u3(game)
    if code == 36:
        return _u4(game)
    if code == 37:
        return _u5(game)
    if code == 38:
        return _u6(game)
    if code == 39:
        return _n1(game)
    raise ValueError(f"no handler of code {code}")


# The sub-flows' first steps, compiled once the handlers are final.
_CORE_STEPS: Final = compiled(CORE_FLOW, CORE_HANDLERS)
_TRIGGER_START: Final[Step] = compiled(TRIGGER_CHECK, TRIGGER_HANDLERS)["start"]
_TRIGGER_AFTER_COLLECT: Final[Step] = _TRIGGER_START.next[""].next[""]  # the step after 6-1 (_n6 takes the first two itself)
assert _TRIGGER_START.handler is _t_start and _TRIGGER_START.next[""].handler is _t1
_INSTANT_START: Final[Step] = compiled(INSTANT_RESOLUTION, INSTANT_HANDLERS)["start"]
_NORMAL_START: Final[Step] = compiled(NORMAL_PROCESSING, NORMAL_HANDLERS)["start"]


# -- which requests the events triggered ------------------------------------------------------


def collect(game: Game) -> list[Request]:
    """The requests the events since the last check triggered, for each player's copy of each action."""
    state = game.state
    events = state.events
    if not events:
        return []  # most checks: nothing happened since the last one (no new list for the state)
    state.events = []
    rules = game.ruleset
    if not rules.triggered:
        return []
    out: list[Request] = []
    triggered_by = rules.triggered_by
    by = None  # the action whose effect is moving cards (("resolving", id) marks, when a trigger reads it)
    for event in events:
        kind: str = event[0]
        if kind == "resolving":
            by = event[1]
            continue
        specs = triggered_by.get(kind)
        if specs is None:
            continue
        # The triggered actions this kind of event (a move from and to these zones, by this action's effect; or this
        # action resolved or staged) triggers, in the ruleset's order. The few triggers of a kind are tested one by one:
        # compiled, that is cheaper than hashing a key of the event's zones or action to look them up.
        moved = kind == "moved"
        source = zone = action_id = ""
        if moved:
            source, zone = event[2], event[4]
        else:
            request: Request = event[1]  # typed: compiled, its action is read from the slot, not looked up by name
            action_id = request.action.id
        for spec in specs:
            trigger = spec.trigger_spec
            if trigger is None:
                continue
            if moved:
                if (trigger.from_zone and source != trigger.from_zone) or (trigger.to_zone and zone != trigger.to_zone):
                    continue
                if trigger.by and by != trigger.by:
                    continue
            elif trigger.action and action_id != trigger.action:
                continue
            _fire(game, spec, trigger, event, out)
    return out


def _fire(game: Game, spec: ActionSpec, trigger: TriggerSpec, event: tuple, out: list[Request]) -> None:
    """The requests of `spec` the event triggers, the turn player's copy first (into `out`)."""
    turn = game.state.turn
    moved = event[0] == "moved"
    for order in range(2):  # compiled, a loop of machine integers rather than an iterator over a tuple
        seat = turn if order == 0 else 1 - turn
        if trigger.turn_player and seat != turn:
            continue
        if moved:
            card: int = event[1]
            if trigger.from_zone and event[3] != seat:
                continue
            if trigger.ranks is not None and RANK[card] not in trigger.ranks:
                continue
        cause = event[1]
        if trigger.condition is not None:
            probe = Request(0, spec, seat)
            probe.cause = cause
            if not trigger.condition(Ctx(game, probe, seat)):
                continue
        if game.tally is not None:
            game.tally.fired.add(spec.id)
        found = requests.triggered(game, spec, seat, cause)
        if found is not None:
            out.append(found)
