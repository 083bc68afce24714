"""Escape the section titles and index entries of the HTML search index.

Sphinx stores them as plain text in searchindex.js, and its search page inserts the matches with
`innerHTML`: a definition named `<img src=x onerror=…>` would run in the reader's browser. After
each HTML build the index is rewritten with those texts HTML-escaped (page titles are stored as
HTML already). Escaping undoes any earlier escaping first, so an incremental build, which starts
from the previous index, does not escape twice.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

INDEX_FILE = "searchindex.js"
_PREFIX, _SUFFIX = "Search.setIndex(", ")"
ESCAPED_SECTIONS = ("alltitles", "indexentries")  # {text: [[doc, anchor…], …]}, shown as HTML by searchtools.js


def escape_text(text: str) -> str:
    return html.escape(html.unescape(text), quote=False)


def escape_index(source: str) -> str:
    """The searchindex.js text with the texts of ESCAPED_SECTIONS escaped."""
    body = source.strip()
    if not (body.startswith(_PREFIX) and body.endswith(_SUFFIX)):
        raise ExtensionError(f"{INDEX_FILE} is not 'Search.setIndex({{…}})': cannot make its titles safe")
    data = json.loads(body[len(_PREFIX):-len(_SUFFIX)])
    for section in ESCAPED_SECTIONS:
        entries = data.get(section) or {}
        escaped: dict[str, list] = {}
        for text, places in entries.items():
            escaped.setdefault(escape_text(text), []).extend(places)
        data[section] = escaped
    return _PREFIX + json.dumps(data, ensure_ascii=True, separators=(",", ":")) + _SUFFIX


def build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    index = Path(app.outdir, INDEX_FILE)
    if index.is_file():
        index.write_text(escape_index(index.read_text(encoding="utf-8")), encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("build-finished", build_finished)
