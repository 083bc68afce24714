"""`bp-figure` (SVG drawn by toolchain.figures) and `bp-flowchart` (graphviz, from toolchain.coreflow).

Both become numbered figures when given a `:caption:`, and take `:name:` for `:numref:`.
The SVG is made while reading (so the doctree holds it) and written to `_images/` under a
name that is the hash of its content, as sphinx.ext.graphviz does.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.ext.graphviz import figure_wrapper, graphviz
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec
from sphinx.writers.html5 import HTML5Translator

from .. import figures
from ..figures.flowchart import FLOWS, dot
from . import source


class svg_figure(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """An SVG drawing: `svg` (the text), `name` (used in the file name) and `alt`."""


def svg_node(name: str, svg: str, alt: str) -> svg_figure:
    return svg_figure("", svg=svg, name=name, alt=alt)


def wrap(directive: SphinxDirective, content: nodes.Element, caption: str | None) -> nodes.Element:
    """A figure around `content`, captioned (and so numbered) when a caption is given; `:name:` labels it."""
    figure = nodes.figure("", content, classes=["bp-figure", *directive.options.get("class", [])])
    if caption:
        inline, messages = directive.parse_inline(caption)
        figure += nodes.caption(caption, "", *inline)
        figure.extend(messages)
    directive.add_name(figure)
    return figure


_FIGURE_OPTIONS: OptionSpec = {
    "caption": directives.unchanged,
    "name": directives.unchanged,
    "alt": directives.unchanged,
    "class": directives.class_option,
}


class FigureDirective(SphinxDirective):
    """`.. bp-figure:: play-scene` — a figure of the rulebook drawn from data."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = _FIGURE_OPTIONS

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        definitions = source.use(self.env, ())
        try:
            spec = figures.spec(name, definitions)
        except KeyError as exc:
            raise self.error(str(exc.args[0])) from exc
        source.use(self.env, spec.kinds, spec.modules)
        caption = self.options.get("caption")
        svg = svg_node(name, spec.draw(definitions), self.options.get("alt") or caption or name)
        return [wrap(self, svg, caption)]


class FlowchartDirective(SphinxDirective):
    """`.. bp-flowchart:: core` — Fig. 6.6–6.9 drawn by graphviz from the engine's core flow."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = _FIGURE_OPTIONS

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        flow = FLOWS.get(name)
        if flow is None:
            raise self.error(f"no flowchart '{name}'; the flowcharts are: {', '.join(FLOWS)}")
        source.use(self.env, (), ("coreflow.py", "figures/flowchart.py"))
        node = graphviz()
        node["code"] = dot(flow, name)
        node["options"] = {"docname": self.env.docname}
        node["alt"] = self.options.get("alt") or flow.title
        node["classes"] = ["bp-flowchart"]
        caption = self.options.get("caption")
        if not caption:
            self.add_name(node)
            return [node]
        figure = figure_wrapper(self, node, caption)
        figure["classes"].append("bp-figure")
        self.add_name(figure)
        return [figure]


def write_svg(outdir: Path, name: str, svg: str) -> str:
    """Write the SVG once under a content-hashed name; returns the file name."""
    digest = hashlib.sha1(svg.encode(), usedforsecurity=False).hexdigest()[:16]
    filename = f"bp-{name}-{digest}.svg"
    target = outdir / filename
    if not target.exists():
        outdir.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
    return filename


def visit_svg_html(self: HTML5Translator, node: svg_figure) -> None:
    filename = write_svg(Path(self.builder.outdir, self.builder.imagedir), node["name"], node["svg"])
    src = f"{self.builder.imgpath}/{filename}"
    self.body.append(f'<img src="{src}" alt="{self.encode(node["alt"])}" class="bp-svg" />')
    raise nodes.SkipNode


def visit_svg_text(self: nodes.NodeVisitor, node: svg_figure) -> None:
    self.add_text(f"[{node['alt']}]")  # type: ignore[attr-defined]
    raise nodes.SkipNode


def skip(self: nodes.NodeVisitor, node: nodes.Node) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> None:
    app.add_node(
        svg_figure,
        html=(visit_svg_html, None),
        text=(visit_svg_text, None),
        latex=(skip, None),
        texinfo=(skip, None),
        man=(skip, None),
    )
    app.add_directive("bp-figure", FigureDirective)
    app.add_directive("bp-flowchart", FlowchartDirective)
