"""`bp-edition`: a field of rules.yaml's `edition` as plain text, for the substitutions of conf.py.

    .. |bp-title| bp-edition:: BlackPoker 公式ルール

conf.py writes one such line per field (`prolog`). The directive's argument becomes one text
node: it is never parsed as reStructuredText (a `javascript:` link or `*emphasis*` written in
rules.yaml stays literal text), and every writer escapes it. The values stay in conf.py's
rst_prolog, so a change to the edition rebuilds every page, as any change of configuration does.
"""

from __future__ import annotations

from collections.abc import Mapping

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

# substitution name → field of `edition` (rules.yaml)
SUBSTITUTIONS = {
    "bp-title": "title", "bp-subtitle": "subtitle", "bp-edition": "name", "bp-author": "author",
    "bp-release": "release", "bp-copyright": "copyright",
}


def prolog(edition: Mapping[str, str]) -> str:
    """The rst_prolog that defines every substitution of SUBSTITUTIONS from the edition's fields."""
    lines = []
    for name, field in SUBSTITUTIONS.items():
        value = " ".join(str(edition.get(field, "")).split())  # one line: a line break would end the directive
        lines.append(f".. |{name}| bp-edition:: {value}")
    return "\n".join(lines) + "\n"


class EditionDirective(Directive):
    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        return [nodes.Text(self.arguments[0])]


def setup(app: Sphinx) -> None:
    app.add_directive("bp-edition", EditionDirective)
