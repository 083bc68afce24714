"""The concept diagrams of chapter 6 (Fig. 6.1–6.5): boxes and arrows.

Each diagram is a list of boxes at fixed places and the arrows between them; the words are
the rulebook's terms (6.1 基礎概念, 6.2 詳細, 6.3 能力).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import model as m
from .cards import Card, draw_card
from .svg import ACCENT, INK, MUTED, Svg

PLAYER_FILL = "#fff4e0"
SYSTEM_FILL = "#e8f0fb"
BOARD_FILL = "#eef6ea"
PLAIN_FILL = "#fafafa"


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    title: str
    lines: tuple[str, ...] = ()
    fill: str = PLAIN_FILL
    dashed: bool = False

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def edge(self, side: str, shift: float = 0.0) -> tuple[float, float]:
        """The middle of one side ("top", "bottom", "left", "right"), moved `shift` along it."""
        return {
            "top": (self.cx + shift, self.y),
            "bottom": (self.cx + shift, self.y + self.h),
            "left": (self.x, self.cy + shift),
            "right": (self.x + self.w, self.cy + shift),
        }[side]


def draw_box(svg: Svg, box: Box, *, title_at_top: bool = False) -> None:
    svg.rect(box.x, box.y, box.w, box.h, fill=box.fill, stroke=INK, width=1.0, rx=7, dash="5 3" if box.dashed else None)
    if title_at_top or box.lines:
        svg.text(box.cx, box.y + 13, box.title, size=11.5, weight="bold")
        for n, line in enumerate(box.lines):
            svg.text(box.cx, box.y + 32 + n * 15, line, size=10.5)
    else:
        svg.text(box.cx, box.cy, box.title, size=11.5, weight="bold")


def labelled_arrow(svg: Svg, start: tuple[float, float], end: tuple[float, float], label: str = "", *,
                   dash: str | None = None, colour: str = INK, side: str = "right") -> None:
    svg.arrow(*start, *end, stroke=colour, dash=dash)
    if label:
        mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        if side == "right":
            svg.text(mx + 6, my, label, size=10, anchor="start", fill=colour)
        elif side == "left":
            svg.text(mx - 6, my, label, size=10, anchor="end", fill=colour)
        else:
            svg.text(mx, my - 9, label, size=10, fill=colour)


def _request_stack(svg: Svg, x: float, y: float, labels: list[str], width: float = 110.0) -> None:
    """Requests piled on the stage, the last one on top."""
    for n, label in enumerate(reversed(labels)):
        top = y + n * 24
        svg.rect(x, top, width, 20, fill="#fff", stroke=ACCENT, width=1.0, rx=3)
        svg.text(x + width / 2, top + 10, label, size=9.5, fill=ACCENT)


def core_image(_: m.Definitions) -> str:
    """Fig. 6.1: players request actions; the core flow orders the requests on the stage and resolves them onto the board."""
    svg = Svg(480, 330, "コアルールのイメージ")
    a = Box(10, 10, 120, 44, "プレイヤー A", fill=PLAYER_FILL)
    b = Box(350, 10, 120, 44, "プレイヤー B", fill=PLAYER_FILL)
    core = Box(120, 90, 240, 130, "コアフロー (ルールシステム)", fill=SYSTEM_FILL)
    board = Box(120, 260, 240, 60, "ゲーム盤面", fill=BOARD_FILL)
    for box in (a, b, board):
        draw_box(svg, box, title_at_top=box is board)
    draw_box(svg, core, title_at_top=True)
    svg.rect(180, 115, 120, 96, fill="#fff", stroke=MUTED, width=0.8, rx=4, dash="3 2")
    svg.text(240, 124, "ステージ", size=9.5, fill=MUTED)
    _request_stack(svg, 185, 136, ["リクエスト", "リクエスト", "リクエスト"])
    for n, face in enumerate(("♠5", None, "♡8")):
        draw_card(svg, 200 + n * 40, 296, Card(face, face_up=face is not None), scale=0.5)
    labelled_arrow(svg, a.edge("bottom"), (core.x + 30, core.y), "リクエスト", side="left")
    labelled_arrow(svg, b.edge("bottom"), (core.x + core.w - 30, core.y), "リクエスト")
    labelled_arrow(svg, core.edge("bottom"), board.edge("top"), "解決")
    labelled_arrow(svg, (core.x, core.cy + 30), (a.x + 30, a.y + a.h), "チャンス", dash="4 3", colour=ACCENT, side="left")
    labelled_arrow(svg, (core.x + core.w, core.cy + 30), (b.x + b.w - 30, b.y + b.h), "チャンス", dash="4 3", colour=ACCENT)
    return svg.render()


def interrupt_model(_: m.Definitions) -> str:
    """Fig. 6.2: requests are ordered in a virtual place and reach the real board in the approved order."""
    svg = Svg(500, 250, "割込み可能なターン制ゲーム")
    requests = Box(10, 30, 140, 150, "リクエスト (時系列)", fill=PLAYER_FILL)
    virtual = Box(180, 30, 140, 150, "仮想的な場所", ("(ステージ)",), fill=SYSTEM_FILL, dashed=True)
    board = Box(350, 30, 140, 150, "現実のゲーム盤面", fill=BOARD_FILL)
    for box in (requests, virtual, board):
        draw_box(svg, box, title_at_top=True)
    for n, text in enumerate(("1. A: アップ", "2. B: ダウン (割込み)", "3. A: カウンター (割込み)")):
        svg.text(20, 70 + n * 26, text, size=10, anchor="start")
    _request_stack(svg, 195, 82, ["アップ (A)", "ダウン (B)", "カウンター (A)"])
    for n, text in enumerate(("① カウンター", "② ダウン", "③ アップ")):
        svg.text(365, 82 + n * 26, text, size=10, anchor="start", fill=ACCENT)
    labelled_arrow(svg, requests.edge("right"), virtual.edge("left"), "積む", side="top")
    labelled_arrow(svg, virtual.edge("right"), board.edge("left"), "反映", side="top")
    svg.text(250, 205, "後から積まれたリクエストから解決する (後入れ先出し)", size=10.5)
    svg.text(250, 228, "承認された順に、現実のゲーム盤面へ変更を反映する", size=10.5)
    return svg.render()


def request_component(_: m.Definitions) -> str:
    """Fig. 6.3: actions and components are definitions; requests and component instances are made from them."""
    svg = Svg(480, 260, "リクエストとコンポーネントインスタンスの関係")
    action = Box(20, 10, 180, 44, "アクション (定義)")
    component = Box(280, 10, 180, 44, "コンポーネント (定義)")
    request = Box(20, 110, 180, 44, "リクエスト", fill=SYSTEM_FILL)
    board = Box(260, 90, 220, 160, "ゲーム盤面", fill=BOARD_FILL)
    instances = [Box(280, 120 + n * 40, 180, 32, "コンポーネントインスタンス", fill="#fff") for n in range(3)]
    for box in (action, component, request):
        draw_box(svg, box)
    draw_box(svg, board, title_at_top=True)
    for box in instances:
        draw_box(svg, box)
    labelled_arrow(svg, action.edge("bottom"), request.edge("top"), "リクエストする")
    labelled_arrow(svg, component.edge("bottom"), instances[0].edge("top"), "生成")
    labelled_arrow(svg, request.edge("right"), instances[0].edge("left"), "解決: 生成・状態変化", side="top")
    labelled_arrow(svg, request.edge("right", 8), instances[1].edge("left"))
    return svg.render()


def controller(_: m.Definitions) -> str:
    """Fig. 6.4: the attributes of a request (6.2.2) and a component instance (6.2.4); each has a controller."""
    svg = Svg(480, 250, "コントローラー属性")
    request = Box(10, 10, 200, 110, "リクエスト", ("アクション定義", "スピード / タイミング", "コントローラー"), fill=SYSTEM_FILL)
    instance = Box(270, 10, 200, 110, "コンポーネントインスタンス", ("コンポーネント定義", "オーナー", "コントローラー"), fill=BOARD_FILL)
    player = Box(170, 180, 140, 44, "プレイヤー", fill=PLAYER_FILL)
    for box in (request, instance, player):
        draw_box(svg, box)
    labelled_arrow(svg, (request.cx, request.y + request.h - 10), player.edge("left"), "アクションを実行した人", side="left")
    labelled_arrow(svg, (instance.cx, instance.y + instance.h - 10), player.edge("right"), "現在操作している人")
    return svg.render()


def ability_image(definitions: m.Definitions) -> str:
    """Fig. 6.5: abilities belong to players and components, and are consulted when requesting and resolving."""
    svg = Svg(480, 250, "能力のイメージ")
    player = Box(10, 20, 150, 60, "プレイヤー", ("能力",), fill=PLAYER_FILL)
    component = Box(10, 120, 150, 60, "コンポーネント", ("(駒・カード) 能力",), fill=BOARD_FILL)
    request = Box(310, 20, 160, 60, "アクションを起こす", ("(リクエスト)",), fill=SYSTEM_FILL)
    resolve = Box(310, 120, 160, 60, "効果を解釈する", ("(解決)",), fill=SYSTEM_FILL)
    for box in (player, component, request, resolve):
        draw_box(svg, box)
    for holder in (player, component):
        for use in (request, resolve):
            svg.arrow(*holder.edge("right"), *use.edge("left"), stroke=ACCENT, dash="4 3")
    svg.text(235, 100, "参照", size=10.5, fill=ACCENT, weight="bold")
    scopes = definitions.rules.vocabulary("scopes").entries if definitions.rules else ()
    order = " → ".join(f"[{n}] {scope.name} ({scope.id})" for n, scope in enumerate(scopes, 1))
    svg.text(240, 210, "コストを支払わず、ステージにも置かれない", size=10.5)
    if order:
        svg.text(240, 232, f"適用順: {order}", size=10, fill=MUTED)
    return svg.render()


DIAGRAMS: dict[str, Callable[[m.Definitions], str]] = {
    "core-image": core_image,
    "interrupt-model": interrupt_model,
    "request-component": request_component,
    "controller": controller,
    "ability-image": ability_image,
}
