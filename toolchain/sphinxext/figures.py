"""`bp-figure` (SVG drawn by toolchain.figures) and `bp-flowchart` (graphviz, from toolchain.model.coreflow).

Both become numbered figures when given a `:caption:`, and take `:name:` for `:numref:`.
The SVG is made while reading (so the doctree holds it) and written to `_images/` under a
name that is the hash of its content, as sphinx.ext.graphviz does.

In HTML a figure is an `<img>` inside a link to its own SVG file, so that tapping it opens it
enlarged (and zoomable) without any other request; it is scaled to the width of the text, a
phone's too (a figure wider than the screen was cut off). In print it is a plain `<img>`. Its alt
text says what it shows, made from the same data as the drawing (toolchain/figures/alt.py): the
caption, read anyway, only names it. On a narrow screen, where the scaled labels are too small to
read, the same words are shown under it as a list (`details.bp-figure-words`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec
from sphinx.writers.html5 import HTML5Translator

from .. import figures
from ..i18n import _
from ..figures.alt import describe_flow, describe_svg, sentences
from ..figures.flowchart import FLOWS, render_svg
from ..figures.svg import measure
from . import source
from .suit_spans import SUIT, suit_classes

class svg_figure(nodes.General, nodes.Element):
    """An SVG drawing: `svg` (the text), `name` (used in the file name) and `alt`."""


def svg_node(name: str, svg: str, alt: str) -> svg_figure:
    return svg_figure("", svg=svg, name=name, alt=alt)


def wrap(directive: SphinxDirective, content: nodes.Element, caption: str | None, *classes: str) -> nodes.Element:
    """A figure around `content`, captioned (and so numbered) when a caption is given; `:name:` labels it."""
    figure = nodes.figure("", content, classes=["bp-figure", *classes, *directive.options.get("class", [])])
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
        try:
            spec = figures.spec(name, source.load(self.env).definitions)
        except KeyError as exc:
            raise self.error(str(exc.args[0])) from exc
        # The page relies on the drawing only: a change to its definitions that leaves it as it was reads no page again.
        drawing = source.view(self.env, "figure", name, modules=spec.modules)
        caption = self.options.get("caption")
        svg = svg_node(name, drawing, self.options.get("alt") or source.view(self.env, "figure-alt", name, modules=spec.modules))
        return [wrap(self, svg, caption)]


class FlowchartDirective(SphinxDirective):
    """`.. bp-flowchart:: core` — Fig. 6.6–6.9 laid out by graphviz from the engine's core flow."""

    required_arguments = 1
    option_spec: ClassVar[OptionSpec] = _FIGURE_OPTIONS

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        flow = FLOWS.get(name)
        if flow is None:
            raise self.error(_("no flowchart '{name}'; the flowcharts are: {known}").format(name=name, known=", ".join(FLOWS)))
        source.use(self.env, (), ("model/coreflow.py", "figures/flowchart.py"))
        try:
            svg = render_svg(flow, name, self.config.graphviz_dot)
        except (OSError, RuntimeError) as exc:
            raise self.error(_("graphviz could not draw the flowchart '{name}': {reason}").format(name=name, reason=exc)) from exc
        caption = self.options.get("caption")
        alt = self.options.get("alt") or describe_flow(flow)
        return [wrap(self, svg_node(f"flow-{name}", svg, alt), caption, "bp-flowchart")]


def write_svg(outdir: Path, name: str, svg: str) -> str:
    """Write the SVG once under a content-hashed name; returns the file name."""
    digest = hashlib.sha1(svg.encode(), usedforsecurity=False).hexdigest()[:16]
    filename = f"bp-{name}-{digest}.svg"
    target = outdir / filename
    if not target.exists():
        outdir.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
    return filename


def page_figures(doctree: nodes.document) -> list[tuple[str, str]]:
    """The SVG drawings a page shows: (name, SVG text), for the HTML page cache to write them again."""
    return [(node["name"], node["svg"]) for node in doctree.findall(svg_figure)]


def write_figures(builder: Any, drawings: list[tuple[str, str]]) -> None:
    """The SVG files a page's HTML shows, as writing it makes them (for a page the HTML cache copies instead)."""
    for name, svg in drawings:
        write_svg(Path(builder.outdir, builder.imagedir), name, svg)


def visit_svg_html(self: HTML5Translator, node: svg_figure) -> None:
    filename = write_svg(Path(self.builder.outdir, self.builder.imagedir), node["name"], node["svg"])
    src = self.encode(f"{self.builder.imgpath}/{filename}")
    size = measure(node["svg"])
    img = (f'<img src="{src}" alt="{self.encode(node["alt"])}" class="bp-svg" '
           f'width="{round(size.width)}" height="{round(size.height)}"')
    if self.builder.name == "bppdf":  # paper: nothing to tap, and no link to a file beside the PDF
        self.body.append(img + " />")
        raise nodes.SkipNode
    self.body.append(
        f'<div class="bp-figure-frame"><a class="bp-figure-zoom" href="{src}" title="拡大して表示">'
        f"{img} /></a></div>"
    )
    # On a phone a figure fits the width and its labels shrink below reading size: its words as a list, shown by
    # the stylesheet on narrow screens only (the same words as its alt text, from the data that draws it).
    items = "".join(f"<li>{_suits_marked(self.encode(sentence))}</li>" for sentence in sentences(node["alt"]))
    self.body.append(f'<details class="bp-figure-words"><summary>図の内容を文で読む</summary><ol>{items}</ol></details>')
    raise nodes.SkipNode


def _suits_marked(html: str) -> str:
    """The suits of an escaped sentence in the spans the rest of the page prints them in (suit_spans.py): the
    list is written as HTML here, after the transform that marks the page's text."""
    return SUIT.sub(lambda found: f'<span class="{" ".join(suit_classes(found.group(1)))}">{found.group(1)}</span>', html)


def visit_svg_text(self: nodes.NodeVisitor, node: svg_figure) -> None:
    self.add_text(f"[{node['alt']}]")  # type: ignore[attr-defined]
    raise nodes.SkipNode


def skip(self: nodes.NodeVisitor, node: nodes.Node) -> None:
    raise nodes.SkipNode


source.add_view("figure", lambda definitions, name: figures.render(name, definitions))
source.add_view("figure-alt", lambda definitions, name: figures.describe(name, definitions))


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
