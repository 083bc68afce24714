"""The core flow of chapter 6 (Fig. 6.6–6.9) as data.

The simulator (toolchain/sim/flow.py) walks these nodes and edges, one handler per node id,
and the rulebook draws its flowcharts from them (graphviz), so the book and the engine cannot
disagree. The step numbers and names are the rulebook's; the figures are missing from the text
edition, so the edges are reconstructed from the text of 6.1.5, 6.4 and 6.4.1:

- a request is followed by the trigger check [6] (what the request triggered, 6-1), then [7];
- after a resolution ([8] or [15]) the win/loss check [9] runs, then the trigger check [6]
  requests whatever the resolution triggered;
- after a request goes on the stage [10], the trigger check [6] runs too: 6-10-8 says that
  putting a request on the stage can trigger (罠カウンター answers a request on the stage, so it
  must be requested after that request is there, not before);
- who holds the chance after [6] depends on how [6] was reached. After an instant request
  was resolved [8] or a request was put on the stage [10], the requester keeps the chance
  [3] (6.1.5: チャンスを持っている間は何度でもリクエストすることができます; nobody passed);
  after a request on the stage was resolved [15], the chance is with the rule system [13] and
  goes to the turn player [2];
- when everyone has passed and the stage is empty, the turn player gets the chance again [2]
  (the turn only passes through the エンド action).

The pass record is reset where PASS_RECORD_RESETS says (a reading: the text names only [4]; rules.yaml's
core_readings says why, in the edition's words).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    id: str  # the rulebook's step number, e.g. "6", "6-5-2"; "start"/"end"/"return" for terminals
    label: str
    kind: str  # "terminal", "process", "decision" or "call" (a step detailed in another figure)


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    label: str = ""


@dataclass(frozen=True)
class Flow:
    id: str  # which flow: the rulebook numbers its figures (Fig. 6.6–6.9), which the edition may move
    title: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]

    def node(self, id_: str) -> Node:
        return next(n for n in self.nodes if n.id == id_)


# The steps after which the pass record is reset: the reading `pass-record` of rules.yaml's core_readings.
PASS_RECORD_RESETS: tuple[str, ...] = ("4", "15", "6-10-5", "6-10-7")

YES, NO = "はい", "いいえ"
# How [6] was reached decides where the chance goes next (see the module docstring).
AFTER_REQUEST = "リクエスト後"
AFTER_INSTANT_OR_STAGING = "即時解決後・ステージ追加後"
AFTER_STAGE_RESOLUTION = "ステージ解決後"
# The branches of [9] 勝敗判定 and of 6-7 / 6-12 次のプレイヤーへ
DECIDED, GOES_ON = "決着", "継続"
NEXT_PLAYER, EVERY_PLAYER_DONE = "次のプレイヤーあり", "全員済み"

CORE_FLOW = Flow(
    id="core-flow",
    title="コアフロー",
    nodes=(
        Node("1", "ゲーム開始", "terminal"),
        Node("2", "ターンプレイヤーにチャンスを移動", "process"),
        Node("3", "アクションをリクエストするか?", "decision"),
        Node("4", "パス記録のリセット", "process"),
        Node("5", "アクションをリクエストする", "process"),
        Node("6", "誘発チェック", "call"),
        Node("7", "即時か?", "decision"),
        Node("8", "リクエストの解決", "process"),
        Node("9", "勝敗判定", "decision"),
        Node("10", "ステージに追加", "process"),
        Node("11", "パス記録に登録", "process"),
        Node("12", "全員がパスしたか?", "decision"),
        Node("13", "ルールシステムにチャンスを移動", "process"),
        Node("14", "ステージにリクエストが存在するか?", "decision"),
        Node("15", "最後のリクエストを解決", "process"),
        Node("16", "チャンス移動", "process"),
        Node("end", "ゲーム終了", "terminal"),
    ),
    edges=(
        Edge("1", "2"),
        Edge("2", "3"),
        Edge("3", "4", YES),
        Edge("3", "11", NO),
        Edge("4", "5"),
        Edge("5", "6"),
        Edge("6", "7", AFTER_REQUEST),
        Edge("6", "3", AFTER_INSTANT_OR_STAGING),
        Edge("6", "2", AFTER_STAGE_RESOLUTION),
        Edge("7", "8", YES),
        Edge("7", "10", NO),
        Edge("8", "9"),
        Edge("9", "end", DECIDED),
        Edge("9", "6", GOES_ON),
        Edge("10", "6"),
        Edge("11", "12"),
        Edge("12", "13", YES),
        Edge("12", "16", NO),
        Edge("13", "14"),
        Edge("14", "15", YES),
        Edge("14", "2", NO),
        Edge("15", "9"),
        Edge("16", "3"),
    ),
)

TRIGGER_CHECK = Flow(
    id="trigger-check",
    title="誘発チェック",
    nodes=(
        Node("start", "誘発チェック", "terminal"),
        Node("6-1", "誘発したリクエストを分類しバッファに追加", "process"),
        Node("6-2", "バッファは空か?", "decision"),
        Node("6-3", "バッファに即時はあるか?", "decision"),
        Node("6-4", "該当プレイヤーに即時があるか?", "decision"),
        Node("6-5", "タイミング=メインの即時アクションを処理", "call"),
        Node("6-6", "タイミング=クイックの即時アクションを処理", "call"),
        Node("6-7", "次のプレイヤーへ", "decision"),
        Node("6-8", "バッファに通常はあるか?", "decision"),
        Node("6-9", "該当プレイヤーに通常があるか?", "decision"),
        Node("6-10", "タイミング=メインの通常アクションを処理", "call"),
        Node("6-11", "タイミング=クイックの通常アクションを処理", "call"),
        Node("6-12", "次のプレイヤーへ", "decision"),
        Node("return", "終了", "terminal"),
    ),
    edges=(
        Edge("start", "6-1"),
        Edge("6-1", "6-2"),
        Edge("6-2", "return", YES),
        Edge("6-2", "6-3", NO),
        Edge("6-3", "6-4", YES),
        Edge("6-3", "6-8", NO),
        Edge("6-4", "6-5", YES),
        Edge("6-4", "6-7", NO),
        Edge("6-5", "6-6"),
        Edge("6-6", "6-7"),
        Edge("6-7", "6-4", NEXT_PLAYER),
        Edge("6-7", "6-8", EVERY_PLAYER_DONE),
        Edge("6-8", "6-9", YES),
        Edge("6-8", "6-2", NO),
        Edge("6-9", "6-10", YES),
        Edge("6-9", "6-12", NO),
        Edge("6-10", "6-11"),
        Edge("6-11", "6-12"),
        Edge("6-12", "6-9", NEXT_PLAYER),
        Edge("6-12", "6-2", EVERY_PLAYER_DONE),
    ),
)

INSTANT_RESOLUTION = Flow(
    id="instant-resolution",
    title="誘発チェック-即時処理",
    nodes=(
        Node("start", "誘発即時解決 (プレイヤー, タイミング)", "terminal"),
        Node("6-5-1", "バッファから該当の即時はあるか?", "decision"),
        Node("6-5-2", "バッファからリクエストを取り出す", "process"),
        Node("6-5-3", "取り出したリクエストを解決する", "process"),
        Node("6-5-4", "勝敗判定", "process"),
        Node("6-5-5", "リクエストが新たな誘発を発生させたか?", "decision"),
        Node("6-5-6", "誘発したリクエストをバッファに追加", "process"),
        Node("return", "終了", "terminal"),
    ),
    edges=(
        Edge("start", "6-5-1"),
        Edge("6-5-1", "6-5-2", YES),
        Edge("6-5-1", "return", NO),
        Edge("6-5-2", "6-5-3"),
        Edge("6-5-3", "6-5-4"),
        Edge("6-5-4", "6-5-5"),
        Edge("6-5-5", "6-5-6", YES),
        Edge("6-5-5", "6-5-1", NO),
        Edge("6-5-6", "6-5-1"),
    ),
)

NORMAL_PROCESSING = Flow(
    id="normal-processing",
    title="誘発チェック-通常処理",
    nodes=(
        Node("start", "通常:アクション毎に処理 (プレイヤー, タイミング)", "terminal"),
        Node("6-10-1", "バッファから該当の通常はあるか?", "decision"),
        Node("6-10-2", "バッファからリクエストを取り出す", "process"),
        Node("6-10-3", "取り出したリクエストのタイミングがメインか判定", "decision"),
        Node("6-10-4", "ステージが空か判定", "decision"),
        Node("6-10-5", "リクエストをステージに追加", "process"),
        Node("6-10-6", "リクエストを破棄", "process"),
        Node("6-10-7", "リクエストをステージに追加", "process"),
        Node("6-10-8", "リクエストが新たな誘発を発生させたか?", "decision"),
        Node("6-10-9", "誘発したリクエストをバッファに追加", "process"),
        Node("return", "終了", "terminal"),
    ),
    edges=(
        Edge("start", "6-10-1"),
        Edge("6-10-1", "6-10-2", YES),
        Edge("6-10-1", "return", NO),
        Edge("6-10-2", "6-10-3"),
        Edge("6-10-3", "6-10-4", YES),
        Edge("6-10-3", "6-10-7", NO),
        Edge("6-10-4", "6-10-5", YES),
        Edge("6-10-4", "6-10-6", NO),
        Edge("6-10-5", "6-10-8"),
        Edge("6-10-6", "6-10-1"),
        Edge("6-10-7", "6-10-8"),
        Edge("6-10-8", "6-10-9", YES),
        Edge("6-10-8", "6-10-1", NO),
        Edge("6-10-9", "6-10-1"),
    ),
)

FLOWS: tuple[Flow, ...] = (CORE_FLOW, TRIGGER_CHECK, INSTANT_RESOLUTION, NORMAL_PROCESSING)
