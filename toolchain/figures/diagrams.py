"""The concept diagrams of chapter 6 (Fig. 6.1–6.5): boxes and arrows.

Each diagram is a list of boxes at fixed places and the arrows between them; the words are
the rulebook's terms (6.1 基礎概念, 6.2 詳細, 6.3 能力). A `Diagram` says each box, arrow and line
as it draws it: its alt text follows what is drawn (which box leads where), not the SVG's text in
file order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import model as m
from .card_svg import Card, draw_card
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


TITLE_SIZE = 11.5
LINE_SIZE = 10.5
LABEL_SIZE = 10.0  # the smallest text: 7.1 pt on the A5 page for a diagram up to 480 units wide
LABEL_CLEARANCE = 5.0  # between an arrow and its label


def draw_box(svg: Svg, box: Box, *, title_at_top: bool = False, title_left: bool = False) -> None:
    """A box with its title (centred, or at the top) and lines under the title; `title_left` puts
    the title in the top-left corner, out of the way of arrows that come in from above."""
    svg.rect(box.x, box.y, box.w, box.h, fill=box.fill, stroke=INK, width=1.0, rx=7, dash="5 3" if box.dashed else None)
    if title_left:
        svg.text(box.x + 8, box.y + 13, box.title, size=TITLE_SIZE, weight="bold", anchor="start")
    elif title_at_top or box.lines:
        svg.text(box.cx, box.y + 13, box.title, size=TITLE_SIZE, weight="bold")
        for n, line in enumerate(box.lines):
            svg.text(box.cx, box.y + 32 + n * 15, line, size=LINE_SIZE)
    else:
        svg.text(box.cx, box.cy, box.title, size=TITLE_SIZE, weight="bold")


def labelled_arrow(svg: Svg, start: tuple[float, float], end: tuple[float, float], label: str = "", *,
                   dash: str | None = None, colour: str = INK, side: str = "right", at: float = 0.5) -> None:
    """An arrow with a label beside it, `at` (0–1) of the way along: right or left of it, clear of
    the line over the label's whole height, or above it ("top", for a level arrow)."""
    svg.arrow(*start, *end, stroke=colour, dash=dash)
    for n, line in enumerate(label.split("\n") if label else []):
        lines = len(label.split("\n"))
        mx, my = start[0] + (end[0] - start[0]) * at, start[1] + (end[1] - start[1]) * at
        if side == "top":
            svg.text(mx, my - LABEL_CLEARANCE - LABEL_SIZE / 2 - (lines - 1 - n) * LABEL_SIZE * 1.4, line, size=LABEL_SIZE,
                     fill=colour)
            continue
        y = my + (n - (lines - 1) / 2) * LABEL_SIZE * 1.4
        # Where the line runs over the label's height (its em box: 0.5 em up and down).
        xs = [_x_at(start, end, y + dy) for dy in (-LABEL_SIZE / 2, LABEL_SIZE / 2)]
        if side == "right":
            svg.text(max(xs) + LABEL_CLEARANCE, y, line, size=LABEL_SIZE, anchor="start", fill=colour)
        else:
            svg.text(min(xs) - LABEL_CLEARANCE, y, line, size=LABEL_SIZE, anchor="end", fill=colour)


def _x_at(start: tuple[float, float], end: tuple[float, float], y: float) -> float:
    """The x of the line through start and end at height y (its x when the line is level)."""
    (x1, y1), (x2, y2) = start, end
    if y1 == y2:
        return max(x1, x2)
    return x1 + (x2 - x1) * (y - y1) / (y2 - y1)


def _boxed(box: Box) -> str:
    lines = [line.removeprefix("(").removesuffix(")") for line in box.lines]  # a line drawn in () is said once in ()
    return f"「{box.title}」" + (f"({'、'.join(lines)})" if lines else "")


class Diagram:
    """An SVG drawn and said at once: each box, arrow and line adds its sentence, so the words (the
    alt text) cannot drift from the drawing."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.svg = Svg(width, height, title)
        self.title = title
        self.sentences: list[str] = []

    def box(self, box: Box, **how: bool) -> None:
        draw_box(self.svg, box, **how)
        self.sentences.append(f"枠{_boxed(box)}")

    def arrow(self, source: Box, target: Box, start: tuple[float, float], end: tuple[float, float], label: str = "", *,
              said: str = "", **how: Any) -> None:
        """An arrow from `source` to `target`, drawn with `label` beside it; `said` names a label drawn once for several."""
        labelled_arrow(self.svg, start, end, label, **how)
        words = (label or said).replace("\n", " ")
        dashed = "点線の" if how.get("dash") else ""
        self.sentences.append(f"「{source.title}」から「{target.title}」へ{dashed}矢印" + (f"「{words}」" if words else ""))

    def text(self, x: float, y: float, text: str, **how: Any) -> None:
        self.svg.text(x, y, text, **how)
        self.sentences.append(text)

    def say(self, sentence: str) -> None:
        """What a part drawn by hand (a pile of requests, cards) shows."""
        self.sentences.append(sentence)

    def describe(self) -> str:
        return "。".join([self.title, *self.sentences]) + "。"


def _request_stack(svg: Svg, x: float, y: float, labels: list[str], width: float = 110.0) -> None:
    """Requests piled on the stage, the last one on top."""
    for n, label in enumerate(reversed(labels)):
        top = y + n * 24
        svg.rect(x, top, width, 20, fill="#fff", stroke=ACCENT, width=1.0, rx=3)
        svg.text(x + width / 2, top + 10, label, size=LABEL_SIZE, fill=ACCENT)


def _piled(labels: list[str]) -> str:
    return "、".join(labels) + "(下から順に積まれる)"


def core_image(_: m.Definitions) -> Diagram:
    """Fig. 6.1: players request actions; the core flow orders the requests on the stage and resolves them onto the board."""
    d = Diagram(470, 360, "コアルールのイメージ")
    a = Box(10, 10, 120, 44, "プレイヤー A", fill=PLAYER_FILL)
    b = Box(340, 10, 120, 44, "プレイヤー B", fill=PLAYER_FILL)
    core = Box(115, 100, 240, 130, "コアフロー (ルールシステム)", fill=SYSTEM_FILL)
    board = Box(115, 268, 240, 84, "ゲーム盤面", fill=BOARD_FILL)
    for box in (a, b):
        d.box(box)
    d.box(core, title_at_top=True)
    d.svg.rect(175, 124, 120, 98, fill="#fff", stroke=MUTED, width=0.8, rx=4, dash="3 2")
    d.svg.text(235, 134, "ステージ", size=LABEL_SIZE, fill=MUTED)
    requests = ["リクエスト", "リクエスト", "リクエスト"]
    _request_stack(d.svg, 180, 146, requests)
    d.say(f"その中のステージに{_piled(requests)}")
    d.box(board, title_at_top=True)
    faces = ("♠5", None, "♡8")
    for n, face in enumerate(faces):
        draw_card(d.svg, 185 + n * 50, board.y + 52, Card(face, face_up=face is not None))
    d.say("その上にカード " + "、".join(face or "裏向きのカード" for face in faces))
    d.arrow(a, core, (a.x + 90, a.y + a.h), (core.x + 40, core.y), "リクエスト")
    d.arrow(b, core, (b.x + 30, b.y + b.h), (core.x + core.w - 40, core.y), "リクエスト", side="left")
    d.arrow(core, board, core.edge("bottom"), board.edge("top"), "解決")
    d.arrow(core, a, (core.x, core.cy + 30), (a.x + 30, a.y + a.h), "チャンス", dash="4 3", colour=ACCENT, side="left")
    d.arrow(core, b, (core.x + core.w, core.cy + 30), (b.x + b.w - 30, b.y + b.h), "チャンス", dash="4 3", colour=ACCENT)
    return d


def interrupt_model(_: m.Definitions) -> Diagram:
    """Fig. 6.2: requests are ordered in a virtual place and reach the real board in the approved order."""
    d = Diagram(470, 260, "割込み可能なターン制ゲーム")
    requests = Box(10, 20, 130, 170, "リクエスト (時系列)", fill=PLAYER_FILL)
    virtual = Box(175, 20, 120, 170, "仮想的な場所", ("(ステージ)",), fill=SYSTEM_FILL, dashed=True)
    board = Box(330, 20, 130, 170, "現実のゲーム盤面", fill=BOARD_FILL)
    timeline = ("1. A: アップ", "2. B: ダウン", "　(割込み)", "3. A: カウンター", "　(割込み)")
    d.box(requests, title_at_top=True)
    for n, text in enumerate(timeline):
        d.svg.text(20, 50 + n * 22, text, size=LABEL_SIZE, anchor="start")
    d.say("その中に " + "".join(text.strip() if text.startswith("　") else f"、{text}" for text in timeline).lstrip("、"))
    d.box(virtual, title_at_top=True)
    piled = ["アップ (A)", "ダウン (B)", "カウンター (A)"]
    _request_stack(d.svg, 180, 82, piled)  # 180–290, inside the stage
    d.say(f"その中に{_piled(piled)}")
    d.box(board, title_at_top=True)
    resolved = ("① カウンター", "② ダウン", "③ アップ")
    for n, text in enumerate(resolved):
        d.svg.text(345, 82 + n * 26, text, size=LABEL_SIZE, anchor="start", fill=ACCENT)
    d.say("その中に反映される順に " + "、".join(resolved))
    d.arrow(requests, virtual, requests.edge("right", 40), virtual.edge("left", 40), "積む", side="top")
    d.arrow(virtual, board, virtual.edge("right", 40), board.edge("left", 40), "反映", side="top")
    d.text(235, 212, "後から積まれたリクエストから解決する (後入れ先出し)", size=LINE_SIZE)
    d.text(235, 236, "承認された順に、現実のゲーム盤面へ変更を反映する", size=LINE_SIZE)
    return d


def request_component(_: m.Definitions) -> Diagram:
    """Fig. 6.3: actions and components are definitions; requests and component instances are made from them."""
    d = Diagram(470, 270, "リクエストとコンポーネントインスタンスの関係")
    action = Box(10, 10, 160, 44, "アクション (定義)")
    component = Box(280, 10, 170, 44, "コンポーネント (定義)")
    request = Box(10, 120, 160, 44, "リクエスト", fill=SYSTEM_FILL)
    board = Box(260, 90, 200, 170, "ゲーム盤面", fill=BOARD_FILL)
    instances = [Box(272, 122 + n * 44, 176, 34, "コンポーネントインスタンス", fill="#fff") for n in range(3)]
    for box in (action, component, request):
        d.box(box)
    d.box(board, title_left=True)  # the arrow from the component comes in above the middle
    for box in instances:
        draw_box(d.svg, box)
    d.say(f"その中に「{instances[0].title}」{len(instances)} つ")
    d.arrow(action, request, action.edge("bottom"), request.edge("top"), "リクエストする")
    d.arrow(component, instances[0], (component.cx, component.y + component.h),
            instances[0].edge("top", component.cx - instances[0].cx), "生成", at=0.25)
    d.arrow(request, instances[0], request.edge("right", -6), instances[0].edge("left"), "解決:\n生成・状態変化", side="top")
    d.arrow(request, instances[1], request.edge("right", 6), instances[1].edge("left"))
    return d


def controller(_: m.Definitions) -> Diagram:
    """Fig. 6.4: the attributes of a request (6.2.2) and a component instance (6.2.4); each has a controller."""
    d = Diagram(470, 240, "コントローラー属性")
    request = Box(10, 10, 200, 110, "リクエスト", ("アクション定義", "スピード / タイミング", "コントローラー"), fill=SYSTEM_FILL)
    instance = Box(260, 10, 200, 110, "コンポーネントインスタンス", ("コンポーネント定義", "オーナー", "コントローラー"), fill=BOARD_FILL)
    player = Box(165, 180, 140, 44, "プレイヤー", fill=PLAYER_FILL)
    for box in (request, instance, player):
        d.box(box)
    d.arrow(request, player, (request.cx, request.y + request.h), player.edge("left"), "アクションを実行した人", side="left")
    d.arrow(instance, player, (instance.cx, instance.y + instance.h), player.edge("right"), "現在操作している人")
    return d


def ability_image(definitions: m.Definitions) -> Diagram:
    """Fig. 6.5: abilities belong to players and components, and are consulted when requesting and resolving."""
    d = Diagram(470, 260, "能力のイメージ")
    player = Box(10, 30, 150, 60, "プレイヤー", ("能力",), fill=PLAYER_FILL)
    component = Box(10, 130, 150, 60, "コンポーネント", ("(駒・カード) 能力",), fill=BOARD_FILL)
    request = Box(310, 30, 150, 60, "アクションを起こす", ("(リクエスト)",), fill=SYSTEM_FILL)
    resolve = Box(310, 130, 150, 60, "効果を解釈する", ("(解決)",), fill=SYSTEM_FILL)
    for box in (player, component, request, resolve):
        d.box(box)
    consulted = "参照"
    for holder in (player, component):
        for use in (request, resolve):
            d.arrow(holder, use, holder.edge("right"), use.edge("left"), said=consulted, colour=ACCENT, dash="4 3")
    d.svg.text(235, player.cy - 12, consulted, size=LINE_SIZE, fill=ACCENT, weight="bold")
    scopes = definitions.rules.vocabulary("scopes").entries if definitions.rules else ()
    order = " → ".join(f"[{n}] {scope.name} ({scope.id})" for n, scope in enumerate(scopes, 1))
    d.text(235, 218, "コストを支払わず、ステージにも置かれない", size=LINE_SIZE)
    if order:
        d.text(235, 242, f"適用順: {order}", size=LABEL_SIZE, fill=MUTED)
    return d


DIAGRAMS: dict[str, Callable[[m.Definitions], Diagram]] = {
    "core-image": core_image,
    "interrupt-model": interrupt_model,
    "request-component": request_component,
    "controller": controller,
    "ability-image": ability_image,
}
