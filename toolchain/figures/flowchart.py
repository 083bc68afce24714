"""The flowcharts of Fig. 6.6–6.9 as graphviz dot code, generated from toolchain.model.coreflow.

The simulator runs the same `Flow` objects, so the book and the engine cannot disagree.
Node texts are broken into lines only between phrases (BudouX's Japanese segmentation), so a
katakana word or a verb with its okurigana never breaks in the middle (「バッファ」, 「取り出す」).
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from functools import cache
from html import escape

from ..model.coreflow import CORE_FLOW, INSTANT_RESOLUTION, NORMAL_PROCESSING, TRIGGER_CHECK, Flow, Node
from .svg import FONT

FLOWS: dict[str, Flow] = {
    "core": CORE_FLOW,
    "trigger-check": TRIGGER_CHECK,
    "instant": INSTANT_RESOLUTION,
    "normal": NORMAL_PROCESSING,
}

_SHAPES = {
    "terminal": 'shape=box, style="rounded,filled", fillcolor="#fff4e0"',
    "process": 'shape=box, style=filled, fillcolor="#ffffff"',
    "decision": 'shape=diamond, style=filled, fillcolor="#e8f0fb", margin="0.03,0.04"',
    # A step detailed in another figure: a box with double sides, like a flowchart's subroutine.
    "call": 'shape=box, style=filled, fillcolor="#eef6ea", peripheries=2',
}
# The widest line of a node, in full-width characters (a half-width one counts half).
_LINE_WIDTH = {"decision": 11.0, "terminal": 12.0, "process": 11.0, "call": 11.0}
EDGE_LABEL_WIDTH = 5.0
EDGE_LABEL_PADDING = 3.0  # points around an edge label's text

# Layout hints (presentation only; the steps and edges are coreflow's): in the trigger check,
# the instant and the normal groups (6.4.1 "処理グループ") stand side by side.
SAME_RANK: dict[str, tuple[tuple[str, ...], ...]] = {"trigger-check": (("6-3", "6-8"),)}
# Narrower decisions (taller diamonds, a narrower chart) where the chart is wide: two groups
# side by side in the trigger check, the pass branch beside the request branch in the core flow.
LINE_WIDTHS: dict[str, dict[str, float]] = {"trigger-check": {"decision": 9.0}, "core": {"decision": 10.0}}
CLUSTERS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "trigger-check": (
        ("即時の処理グループ", ("6-4", "6-5", "6-6", "6-7")),
        ("通常の処理グループ", ("6-9", "6-10", "6-11", "6-12")),
    ),
}
_FONTNAME = FONT.split(",")[0].strip("'")
FONT_SIZE = 10.0  # points, as graphviz draws them: 7 pt or more at the ~70 % the A5 page prints the charts


_KATAKANA = "\u30a1-\u30fa\u30fc"  # katakana and ー, not 「・」
_IDEOGRAPH = "\u3005\u4e00-\u9fff"
# Inside a phrase too long for a line: after 「・」, and where katakana meets kanji (「ステージ|解決後」).
_FALLBACK_BREAK = re.compile(f"(?<=・)|(?<=[{_KATAKANA}])(?=[{_IDEOGRAPH}])|(?<=[{_IDEOGRAPH}])(?=[{_KATAKANA}])")


@cache
def _phrases(text: str) -> tuple[str, ...]:
    import budoux  # imported here: only the flowcharts need it

    return tuple(budoux.load_default_japanese_parser().parse(text))


def text_width(text: str) -> float:
    """Width in full-width characters: a half-width character (ASCII, half-width kana) counts half."""
    return sum(1.0 if unicodedata.east_asian_width(char) in "WFA" else 0.5 for char in text)


def wrap_phrases(text: str, width: float) -> list[str]:
    """`text` in lines of at most `width` full-width characters, broken only between phrases; a
    phrase longer than a line stays whole on a line of its own, and no line is left with one character."""
    lines: list[str] = []
    pieces = [piece for phrase in _phrases(text) for piece in
              (_FALLBACK_BREAK.split(phrase) if text_width(phrase) > width else [phrase]) if piece]
    for phrase in pieces:
        if lines and text_width(lines[-1] + phrase.rstrip()) <= width:
            lines[-1] += phrase
        else:
            lines.append(phrase.lstrip())
    if len(lines) > 1 and len(lines[-1].strip()) == 1:
        last = lines.pop()
        lines[-1] += last
    return [line.strip() for line in lines]


def node_label(node: Node, hints: str | None = None) -> str:
    """`[6-5] タイミング=メインの…`: the rulebook's step number, then the text in lines that fit the shape;
    the number shares the first line when there is room."""
    width = LINE_WIDTHS.get(hints or "", {}).get(node.kind, _LINE_WIDTH[node.kind])
    lines = wrap_phrases(node.label, width)
    if node.id not in ("start", "end", "return"):
        number = f"[{node.id}]"
        if text_width(f"{number} {lines[0]}") <= width:
            lines[0] = f"{number} {lines[0]}"
        else:
            lines.insert(0, number)
    return "\n".join(lines)


def _node(node: Node, hints: str | None) -> str:
    return f"  {_quote(node.id)} [label={_quote(node_label(node, hints))}, {_SHAPES[node.kind]}];"


def _padded(lines: list[str]) -> str:
    """An edge label as a graphviz HTML label with padding: graphviz sets a plain label against its
    edge, so that the text (wider than graphviz reckons CJK text) would touch the line."""
    cell = "<br/>".join(escape(line) for line in lines)
    table = f'border="0" cellborder="0" cellspacing="0" cellpadding="{EDGE_LABEL_PADDING:g}"'
    return f"<<table {table}><tr><td>{cell}</td></tr></table>>"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dot(flow: Flow, hints: str | None = None) -> str:
    """The dot code of one flow: nodes in the flow's order, edges labelled はい / いいえ / …"""
    lines = [
        f"digraph {_quote(flow.title)} {{",
        f'  graph [rankdir=TB, nodesep=0.1, ranksep=0.02, fontname={_quote(_FONTNAME)}, bgcolor="transparent", pad=0.05];',
        f'  node [fontname={_quote(_FONTNAME)}, fontsize={FONT_SIZE:g}, color="#333333", penwidth=1.0,'
        ' margin="0.06,0.03", width=0.3, height=0.3];',
        f'  edge [fontname={_quote(_FONTNAME)}, fontsize={FONT_SIZE:g}, color="#333333", arrowsize=0.7];',
    ]
    ids = {node.id for node in flow.nodes}
    clustered = {member for _, members in CLUSTERS.get(hints or "", ()) for member in members}
    for node in flow.nodes:
        if node.id not in clustered:
            lines.append(_node(node, hints))
    for n, (title, members) in enumerate(CLUSTERS.get(hints or "", ())):
        lines.append(f'  subgraph cluster_{n} {{ label={_quote(title)}; style="rounded,dashed"; color="#888888";'
                     f" labelloc=b; fontsize={FONT_SIZE:g};")
        lines.extend("  " + _node(flow.node(member), hints) for member in members if member in ids)
        lines.append("  }")
    level = {node.id: index for index, node in enumerate(flow.nodes)}
    for group in SAME_RANK.get(hints or "", ()):
        present = [member for member in group if member in ids]
        lines.append("  { rank=same; " + " ".join(_quote(member) + ";" for member in present) + " }")
        for member in present:
            level[member] = min(level[other] for other in present)
    for edge in flow.edges:
        source, target, attrs = edge.source, edge.target, []
        # The branch's label stands by the edge where it leaves the step (as はい / いいえ beside
        # a decision): a mid-edge label would take a rank of its own and double the chart's height.
        label = "label"
        if level[target] < level[source]:
            # A loop back, written upwards and drawn with its head at the step it returns to:
            # it keeps that step above the current one, so the main path reads top to bottom
            # in the rulebook's order, and graphviz routes it like any other edge.
            source, target = target, source
            attrs += ["dir=back", 'color="#555555"']
        if edge.label:
            attrs.append(f"{label}={_padded(wrap_phrases(edge.label, EDGE_LABEL_WIDTH))}")
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"  {_quote(source)} -> {_quote(target)}{suffix};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def render_svg(flow: Flow, hints: str | None = None, command: str = "dot") -> str:
    """The flowchart as SVG, laid out by graphviz (`command` is its dot program)."""
    done = subprocess.run([command, "-Tsvg"], input=dot(flow, hints), capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0 or "<svg" not in done.stdout:
        raise RuntimeError(done.stderr.strip() or f"{command} exited with {done.returncode}")
    return done.stdout
