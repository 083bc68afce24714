"""`:bp-count:` — how many definitions there are, for the prose: ``:bp-count:`actions` `` → 37.

The text is `kind` or `kind:filter`; the filter is a format (id or name: `actions:lite` → 19)
or, for actions, a category (`actions:basic` → 7).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxRole

from .. import model as m
from ..i18n import _
from . import source

# kind → (files it is counted from, the items, the formats an item is part of)
_KINDS: dict[str, tuple[str, Callable[[m.Definitions], Sequence[Any]], Callable[[m.Definitions, Any], Sequence[str]]]] = {
    "actions": ("actions", lambda d: d.actions, lambda d, a: d.formats_of(a)),
    "characters": ("characters", lambda d: d.characters, lambda d, c: c.formats),
    "fog": ("fog", lambda d: d.fog, lambda d, f: d.formats_of(f)),
    "frames": ("frames", lambda d: d.frames, lambda d, f: f.formats),
    "frame-actions": ("frame-actions", lambda d: d.frame_actions, lambda d, a: d.formats_of(a)),
    "frame-fog": ("frame-fog", lambda d: d.frame_fog, lambda d, f: d.formats_of(f)),
    "trumps": ("trumps", lambda d: d.trumps, lambda d, t: [f for frame in t.frames for f in d.regulations.get(frame, ())]),
    "formats": ("formats", lambda d: d.formats, lambda d, f: [f.id]),
}


def count(definitions: m.Definitions, text: str) -> int:
    kind, _colon, qualifier = text.partition(":")
    if kind not in _KINDS:
        raise ValueError(_("unknown kind '{kind}'; counts exist for: {known}").format(kind=kind, known=", ".join(_KINDS)))
    _title, items_of, formats_of = _KINDS[kind]
    items = list(items_of(definitions))
    if not qualifier:
        return len(items)
    fmt = definitions.find_format(qualifier)
    if fmt is not None:
        return sum(1 for item in items if fmt.id in formats_of(definitions, item))
    if kind == "actions" and qualifier in definitions.rules.vocabulary("categories"):
        return sum(1 for item in items if item.category == qualifier)
    raise ValueError(_("'{qualifier}' is neither a format nor (for actions) a category").format(qualifier=qualifier))


class CountRole(SphinxRole):
    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        kind = self.text.partition(":")[0]
        definitions = source.use(self.env, (_KINDS[kind][0],) if kind in _KINDS else ())
        try:
            value = count(definitions, self.text)
        except ValueError as exc:
            message = self.inliner.reporter.error(f"bp-count: {exc}", line=self.lineno)
            return [nodes.problematic(self.rawtext, self.rawtext)], [message]
        return [nodes.Text(str(value))], []


def setup(app: Sphinx) -> None:
    app.add_role("bp-count", CountRole())
