"""The action lists (issue 4): web pages filtered by format and frame, and A5 PDF leaflets,
rendered from the definitions with the Jinja2 templates in templates/actionlist/.

- selection.py: which entries a format + frame shows (table 3.1)
- view.py: the entries as the templates see them, every display string derived
- markup_html.py: the text markup as escaped HTML
- render.py: Jinja2 (web pages and the leaflet's HTML)
- pdf.py, glyphs.py: WeasyPrint in parallel, the missing-glyph check, 2-up imposition
- site.py: the outputs of `bp build`; command.py: `bp actionlist`
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..build import BuildContext


def build_step(ctx: BuildContext) -> None:
    """The `actionlist` step of `bp build`: everything under site/actionlist/."""
    from .site import build_actionlists

    build_actionlists(ctx.root, ctx.definitions, Path(ctx.site) / "actionlist", ctx.log)
