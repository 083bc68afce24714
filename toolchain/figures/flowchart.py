"""The flowcharts of Fig. 6.6–6.9 as graphviz dot code, generated from toolchain.coreflow.

The simulator runs the same `Flow` objects, so the book and the engine cannot disagree.
"""

from __future__ import annotations

import textwrap

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
    "decision": 'shape=diamond, style=filled, fillcolor="#e8f0fb", margin="0.02,0.02"',
    # A step detailed in another figure: a box with double sides, like a flowchart's subroutine.
    "call": 'shape=box, style=filled, fillcolor="#eef6ea", peripheries=2',
}
_WRAP = {"decision": 9, "terminal": 16, "process": 14, "call": 14}

# Layout hints (presentation only; the steps and edges are coreflow's): in the trigger check,
# the instant and the normal groups (6.4.1 "処理グループ") stand side by side.
SAME_RANK: dict[str, tuple[tuple[str, ...], ...]] = {"trigger-check": (("6-3", "6-8"),)}
CLUSTERS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "trigger-check": (
        ("即時の処理グループ", ("6-4", "6-5", "6-6", "6-7")),
        ("通常の処理グループ", ("6-9", "6-10", "6-11", "6-12")),
    ),
}
_FONTNAME = FONT.split(",")[0].strip("'")


def _node(node: Node) -> str:
    return f"  {_quote(node.id)} [label={_quote(node_label(node))}, {_SHAPES[node.kind]}];"


def node_label(node: Node) -> str:
    """`[6-5] タイミング=メインの…`: the rulebook's step number, then the text wrapped to fit the shape."""
    number = "" if node.id in ("start", "end", "return") else f"[{node.id}]\n"
    return number + "\n".join(textwrap.wrap(node.label, _WRAP[node.kind]))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dot(flow: Flow, hints: str | None = None) -> str:
    """The dot code of one flow: nodes in the flow's order, edges labelled はい / いいえ / …"""
    lines = [
        f"digraph {_quote(flow.title)} {{",
        f'  graph [rankdir=TB, nodesep=0.3, ranksep=0.32, fontname={_quote(_FONTNAME)}, bgcolor="transparent"];',
        f"  node [fontname={_quote(_FONTNAME)}, fontsize=10, color=\"#333333\", penwidth=1.0, margin=\"0.12,0.05\"];",
        f"  edge [fontname={_quote(_FONTNAME)}, fontsize=9, color=\"#333333\", arrowsize=0.7];",
    ]
    ids = {node.id for node in flow.nodes}
    clustered = {member for _, members in CLUSTERS.get(hints or "", ()) for member in members}
    for node in flow.nodes:
        if node.id not in clustered:
            lines.append(_node(node))
    for n, (title, members) in enumerate(CLUSTERS.get(hints or "", ())):
        lines.append(f'  subgraph cluster_{n} {{ label={_quote(title)}; style="rounded,dashed"; color="#888888"; fontsize=9;')
        lines.extend("  " + _node(flow.node(member)) for member in members if member in ids)
        lines.append("  }")
    level = {node.id: index for index, node in enumerate(flow.nodes)}
    for group in SAME_RANK.get(hints or "", ()):
        present = [member for member in group if member in ids]
        lines.append("  { rank=same; " + " ".join(_quote(member) + ";" for member in present) + " }")
        for member in present:
            level[member] = min(level[other] for other in present)
    for edge in flow.edges:
        attrs = [f"label={_quote(edge.label)}"] if edge.label else []
        if level[edge.target] < level[edge.source]:
            # A loop back: it must not pull the step it returns to below the current one,
            # so the main path reads top to bottom in the rulebook's order.
            attrs += ["constraint=false", "tailport=e", "headport=e", 'color="#555555"']
        suffix = f" [{', '.join(attrs)}]" if attrs else ""
        lines.append(f"  {_quote(edge.source)} -> {_quote(edge.target)}{suffix};")
    lines.append("}")
    return "\n".join(lines) + "\n"
