"""Chapter numbers as the rulebook writes them: `第2章 共通ルール`, while sections stay `2.10.4`.

Sphinx numbers a chapter (a page's title) like any section (`2`); the HTML translator is
extended to print a one-level number as 第N章, in headings and in tables of contents.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.writers.html5 import HTML5Translator


def chapter(number: int) -> str:
    return f"第{number}章"


class ChapterNumbers(HTML5Translator):
    def add_secnumber(self, node: nodes.Element) -> None:
        number = self.get_secnumber(node)
        if number and len(number) == 1:
            self.body.append(f'<span class="section-number">{chapter(number[0])} </span>')
            return
        super().add_secnumber(node)

    def visit_reference(self, node: nodes.Element) -> None:
        number = node.get("secnumber")
        if not number or len(number) != 1:
            super().visit_reference(node)
            return
        del node["secnumber"]  # the base class would print it as "2"
        try:
            super().visit_reference(node)
        finally:
            node["secnumber"] = number
        self.body.append(f"{chapter(number[0])} ")


def setup(app: Sphinx) -> None:
    for builder in ("html", "dirhtml", "singlehtml"):
        app.set_translator(builder, ChapterNumbers, override=True)
