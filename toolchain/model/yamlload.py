"""Read YAML with the line and column of every value, as YAML 1.2 with no surprises.

PyYAML's C composer builds the node tree (fast, with marks); we construct the Python values
ourselves so that we can refuse duplicate keys and the YAML 1.1 scalars that read as
something other than what an editor meant (`no` as false, `12:30` as 750, `017` as 15).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

try:  # The C loader is an order of magnitude faster; PyYAML wheels ship it.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - only on a PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

Path_ = tuple[str | int, ...]

_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_YAML11_BOOL = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCTAL_11 = re.compile(r"^[-+]?0[0-7_]+$")
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")


@dataclass(frozen=True)
class Mark:
    line: int  # 1-based
    column: int  # 1-based


@dataclass
class LoadProblem:
    code: str
    message: str
    mark: Mark


@dataclass
class Document:
    """A loaded file: its data, where each value and key starts, and its raw lines."""

    path: Path
    data: Any
    values: dict[Path_, Mark] = field(default_factory=dict)
    keys: dict[Path_, Mark] = field(default_factory=dict)
    block_scalars: set[Path_] = field(default_factory=set)
    lines: list[str] = field(default_factory=list)
    problems: list[LoadProblem] = field(default_factory=list)

    def mark(self, path: Path_) -> Mark:
        """Where the value at `path` starts, or the nearest enclosing value."""
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Mark(1, 1))

    def key_mark(self, path: Path_) -> Mark:
        """Where the key of the value at `path` is written (falls back to the value)."""
        return self.keys.get(path) or self.mark(path)

    def text_line_mark(self, path: Path_, offset: int) -> Mark:
        """The mark of line `offset` inside the string at `path` (for errors in text markup)."""
        start = self.mark(path)
        if path not in self.block_scalars:
            return start
        line = start.line + 1 + offset
        if 1 <= line <= len(self.lines):
            raw = self.lines[line - 1]
            return Mark(line, len(raw) - len(raw.lstrip(" ")) + 1)
        return start


def load(path: Path) -> Document:
    """Load one YAML file; problems are collected on the document, never raised."""
    doc = Document(path=path, data=None)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        doc.problems.append(LoadProblem("BP001", f"cannot read the file: {exc.strerror}", Mark(1, 1)))
        return doc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        doc.problems.append(
            LoadProblem("BP004", f"byte 0x{raw[exc.start]:02x} is not UTF-8; save the file as UTF-8", Mark(line, column))
        )
        return doc
    doc.lines = text.splitlines()
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Mark(mark.line + 1, mark.column + 1) if mark else Mark(1, 1)
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        doc.problems.append(LoadProblem("BP001", problem or "invalid YAML", where))
        return doc
    except yaml.YAMLError as exc:  # e.g. a reader error on control characters
        doc.problems.append(LoadProblem("BP001", str(exc).splitlines()[0], Mark(1, 1)))
        return doc
    if node is None or (isinstance(node, yaml.ScalarNode) and node.value.strip() == ""):
        doc.problems.append(LoadProblem("BP005", "the file is empty", Mark(1, 1)))
        return doc
    doc.data = _construct(node, (), doc)
    return doc


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _construct(node: yaml.Node, path: Path_, doc: Document) -> Any:
    doc.values[path] = _mark(node)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                doc.problems.append(LoadProblem("BP001", "a mapping key must be a plain value", _mark(key_node)))
                continue
            key = key_node.value
            if key in result:
                first = doc.keys[path + (key,)]
                doc.problems.append(
                    LoadProblem("BP002", f"duplicate key '{key}' (first at line {first.line})", _mark(key_node))
                )
                continue
            doc.keys[path + (key,)] = _mark(key_node)
            result[key] = _construct(value_node, path + (key,), doc)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, path + (i,), doc) for i, item in enumerate(node.value)]
    return _scalar(node, path, doc)


def _scalar(node: yaml.ScalarNode, path: Path_, doc: Document) -> Any:
    value: str = node.value
    if node.style in ("|", ">"):
        doc.block_scalars.add(path)
    if node.tag and node.tag.startswith("!") and not node.tag.startswith("!!"):
        doc.problems.append(LoadProblem("BP001", f"unknown tag '{node.tag}'", _mark(node)))
    if node.style:  # quoted or block: always text (the C composer gives '' for plain)
        return value
    if value in _NULL:
        return None
    if value in _BOOL:
        return _BOOL[value]
    ambiguous = None
    if _YAML11_BOOL.match(value):
        ambiguous = "a boolean"
    elif _SEXAGESIMAL.match(value):
        ambiguous = "a base-60 number"
    elif _OCTAL_11.match(value) and value.lstrip("+-") != "0":
        ambiguous = "an octal number"
    if ambiguous:
        doc.problems.append(
            LoadProblem(
                "BP003",
                f"'{value}' is read as {ambiguous} by YAML 1.1 tools; quote it (\"{value}\") if you mean text",
                _mark(node),
            )
        )
        return value
    if _INT.match(value):
        return int(value)
    if _FLOAT.match(value):
        return float(value)
    return value
