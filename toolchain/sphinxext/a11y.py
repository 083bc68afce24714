"""What the HTML rulebook needs for assistive technology beyond what Furo writes (axe-core's WCAG 2.1
rules, tests/rulebook/test_axe.py): Sphinx writes the caption of the sidebar's table of contents as
`<p class="caption" role="heading">` without the heading's level, which a screen reader needs to
place it among the page's headings (aria-required-attr). After each HTML build the written pages
get the level (a caption of the sidebar, as its first heading: level 2, under the page's title),
with the interface's words (interface.py, which rewrites the written pages)."""

from __future__ import annotations

import re

_CAPTION_HEADING = re.compile(r'(<p class="caption" role="heading")(?![^>]*aria-level)')


def with_heading_levels(page: str) -> str:
    return _CAPTION_HEADING.sub(r'\1 aria-level="2"', page)
