"""What bp check keeps of each definitions file between runs, by the file's bytes: its parsed
document (the YAML of a file that did not change is not parsed again) and its schema findings
(under the schemas' bytes too). The store's salt adds the code and the libraries that make them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..i18n import language
from ..resultcache import MemoryCache, ResultCache, key_of
from .repository import TOOLCHAIN_SCHEMAS
from .sources import LoadProblem, Mark, schema_sources
from .validation import Found, Names, validate, validate_items
from .yamlload import Document, load


class FileCache:
    def __init__(self, store: ResultCache, schema_dir: Path, schemas: list[tuple[str, bytes]]) -> None:
        self.store, self.schema_dir = store, schema_dir
        self.schemas = key_of(*(part for name, data in schemas for part in (name, data)))

    @classmethod
    def in_memory(cls) -> FileCache:
        """Kept by this process alone: what several loads of one run share (bp diff's revisions, whose
        files are mostly the same bytes), against the toolchain's schemas."""
        return cls(MemoryCache(), TOOLCHAIN_SCHEMAS, schema_sources(TOOLCHAIN_SCHEMAS))

    def document(self, path: Path, raw: bytes, rel: str) -> Document:
        """The document `load` makes of `raw`, parsed again only if it was not kept."""
        key = key_of(raw, language())  # its problems are said in the language of the messages
        try:
            return _document(path, raw, self.store.get(f"document/{rel}", key))
        except (TypeError, ValueError, KeyError, AttributeError):
            pass  # nothing kept, or not what this version keeps: parsed again
        doc = load(path, raw)
        self.store.put(f"document/{rel}", key, _kept(doc))
        return doc

    def validate(self, doc: Document, raw: bytes, schema_name: str, rel: str, names: Names) -> list[Found]:
        """validation.validate's findings, validated again only if they were not kept: by the file's bytes,
        the schemas, and the names every file defines (a name written for an id is told its id). A file
        without findings is kept without the names, which only a finding reads: adding or renaming a
        definition does not validate every other file again. In a list file whose bytes changed, only the
        items that changed are validated again (validation.validate_items)."""
        slot = f"validation/{rel}"
        clean = key_of(language(), self.schemas, schema_name, raw)
        if self.store.get(slot, clean) == []:
            return []
        named = json.dumps(names, ensure_ascii=False, sort_keys=True)
        key = key_of(clean, named)
        try:
            return _found(self.store.get(slot, key))
        except (TypeError, ValueError):
            pass  # nothing kept, or not what this version keeps: validated again
        items_key = key_of(language(), self.schemas, schema_name, named)
        items = self.store.get(f"validation-items/{rel}", items_key)
        try:
            kept = {str(item): _found(rows) for item, rows in items.items()} if isinstance(items, dict) else {}
        except (TypeError, ValueError):
            kept = {}
        by_items = validate_items(doc, self.schema_dir, schema_name, names, kept)
        if by_items is None:
            found = list(validate(doc, self.schema_dir, schema_name, names))
        else:
            found, by_item = by_items
            self.store.put(f"validation-items/{rel}", items_key, {item: _rows(item_found) for item, item_found in by_item.items()})
        self.store.put(slot, key if found else clean, _rows(found))
        return found


def _found(rows: Any) -> list[Found]:
    """The findings `_rows` wrote (TypeError or ValueError for anything else)."""
    return [(Mark(int(line), int(column)), str(message), tuple(path), None if value is None else str(value))
            for (line, column), message, path, value in rows]


def _rows(found: list[Found]) -> list[list[Any]]:
    return [[[mark.line, mark.column], message, list(path), value] for mark, message, path, value in found]


def _marks(marks: dict[tuple, Mark]) -> list[list[Any]]:
    return [[list(path), mark.line, mark.column] for path, mark in marks.items()]


def _kept(doc: Document) -> dict[str, Any]:
    """The document as JSON data (its lines are not kept: they are the bytes' lines)."""
    return {"data": doc.data, "values": _marks(doc.values), "keys": _marks(doc.keys),
            "block_scalars": [list(p) for p in doc.block_scalars],
            "problems": [[p.code, p.message, p.mark.line, p.mark.column] for p in doc.problems]}


def _document(path: Path, raw: bytes, kept: Any) -> Document:
    """The document `_kept` wrote (TypeError, ValueError or KeyError for anything else)."""
    def marks(rows: Any) -> dict[tuple, Mark]:
        return {tuple(at): Mark(int(line), int(column)) for at, line, column in rows}

    try:
        lines = raw.decode("utf-8-sig").splitlines()  # as load splits them
    except UnicodeDecodeError:
        lines = []  # load reports the byte and keeps no lines
    problems = [LoadProblem(str(code), str(message), Mark(int(line), int(column)))
                for code, message, line, column in kept["problems"]]
    return Document(path=path, data=kept["data"], values=marks(kept["values"]), keys=marks(kept["keys"]),
                    block_scalars={tuple(p) for p in kept["block_scalars"]}, lines=lines, problems=problems)
