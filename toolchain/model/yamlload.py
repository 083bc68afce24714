"""Read YAML with the line and column of every value, as YAML 1.2 with no surprises.

PyYAML's C composer builds the node tree (fast, with marks); we construct the Python values
ourselves so that we can refuse duplicate keys and the YAML 1.1 scalars that read as
something other than what an editor meant (`no` as false, `12:30` as 750, `017` as 15).

Nothing a file holds can crash or exhaust the loader: the size is bounded before reading, and
a first pass over the parser's events (libyaml's parser does not recurse) refuses deep nesting,
anchors and aliases (an "alias bomb" of a kilobyte expands to gigabytes), tags and a second
document before the composer, which does recurse, sees the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import yaml

from ..i18n import _, ngettext
from .files import MAX_DEFINITION_BYTES
from .sources import LoadProblem, Mark, read
from .yaml_words import parser_words as said_by_the_parser

try:  # The C loader is an order of magnitude faster; PyYAML wheels ship it.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - only on a PyYAML built without libyaml
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


class _Composer(_Loader):
    """The loader that composes a file's nodes, their tags left unresolved: _construct types each value itself
    (YAML 1.2's way), and the resolver, asked in Python for every scalar, took a tenth of reading a file. (An
    explicit tag never reaches the composer: the event pass refuses it.)"""

    def resolve(self, kind: type, value: Any, implicit: Any) -> str:
        return ""


Path_ = tuple[str | int, ...]

_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_YAML11_BOOL = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCTAL_11 = re.compile(r"^[-+]?0[0-7_]+$")
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")


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


# Limits: a definitions file is a few kilobytes (read bounded: sources.py), a dozen levels deep, and has
# no use for anchors and aliases; anything beyond is refused before it can exhaust memory or the stack.
MAX_FILE_BYTES = MAX_DEFINITION_BYTES
MAX_DEPTH = 64

# What YAML allows in a stream (YAML 1.1 "printable", which libyaml enforces): anything else is
# located here, because the reader's own error gives only a position in the whole stream.
# Written as the characters outside it: the same set, compiled in a tenth of the time (a class that reaches past
# U+FFFF is built as a table of every code point, which bp check paid on every run).
_NOT_PRINTABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


class _Refused(Exception):
    """The event pass found something that must not be composed (it is already on the document)."""


def load(path: Path, raw: bytes | LoadProblem | None = None) -> Document:
    """Load one YAML file (`raw`: what `read` gave for it, if read already); problems are collected
    on the document, never raised."""
    doc = Document(path=path, data=None)
    raw = read(path) if raw is None else raw
    if isinstance(raw, LoadProblem):
        doc.problems.append(raw)
        return doc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        doc.problems.append(
            LoadProblem("BP004", _("byte 0x{byte:02x} is not UTF-8; save the file as UTF-8").format(byte=raw[exc.start]), _byte_mark(raw, exc.start))
        )
        return doc
    return _parse(text, doc)


def loads(text: str, path: Path) -> Document:
    """YAML typed somewhere other than a file (a position on the playtest page), read as a definitions file is;
    `path` names it in messages."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        doc = Document(path=path, data=None)
        doc.problems.append(LoadProblem("BP011", _("the text is larger than {megabytes} MB").format(megabytes=MAX_FILE_BYTES // (1024 * 1024)), Mark(1, 1)))
        return doc
    return _parse(text, Document(path=path, data=None))


def _parse(text: str, doc: Document) -> Document:
    doc.lines = text.splitlines()
    unprintable = _NOT_PRINTABLE.search(text)
    if unprintable:
        doc.problems.append(
            LoadProblem("BP001", _("the character U+{code:04X} is not allowed in YAML (a control character); remove it").format(
                                     code=ord(unprintable.group())), _text_mark(text, unprintable.start()))
        )
        return doc
    try:
        _check_events(text, doc)
        node = yaml.compose(text, Loader=_Composer)  # safe now: bounded depth, no aliases, one document
    except _Refused:
        return doc
    except yaml.MarkedYAMLError as exc:
        doc.problems.append(_in_editors_words(exc, text) or _syntax_problem(exc))
        return doc
    except yaml.YAMLError as exc:  # pragma: no cover - the event pass reports what the composer would
        doc.problems.append(LoadProblem("BP001", str(exc).splitlines()[0], Mark(1, 1)))
        return doc
    if node is None or (isinstance(node, yaml.ScalarNode) and node.value.strip() == ""):
        doc.problems.append(LoadProblem("BP005", _("the file is empty"), Mark(1, 1)))
        return doc
    doc.data = _construct(node, (), doc)
    return doc


def _byte_mark(raw: bytes, index: int) -> Mark:
    """Where byte `index` is, the column counted in characters as an editor counts them."""
    before = raw[:index]
    line_start = before.rfind(b"\n") + 1
    return Mark(before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", errors="replace")) + 1)


def _text_mark(text: str, index: int) -> Mark:
    before = text[:index]
    return Mark(before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1)


def _check_events(text: str, doc: Document) -> None:
    """Walk the parser's events (libyaml keeps its own stack: nothing recurses here) and refuse
    what composing would turn into a crash or a blow-up: nesting deeper than MAX_DEPTH, anchors
    and aliases, tags, and a second document."""
    try:
        _walk_events(yaml.parse(text, Loader=_Loader), doc)
    except yaml.scanner.ScannerError as exc:
        # libyaml 0.2.6 (PyYAML 6.0.4's wheels) stops at 1,000 levels while scanning ahead, before
        # its parser yields the level past ours; PyYAML's own parser has no cap and marks the
        # same place, so the file is walked again with it to say where our limit is crossed.
        if "maximum nesting depth" not in str(exc.problem):
            raise
        _walk_events(yaml.parse(text, Loader=yaml.SafeLoader), doc)


def _walk_events(events: Iterator[yaml.Event], doc: Document) -> None:
    depth = 0
    documents = 0
    for event in events:
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                _refuse(doc, "BP001", _("a definitions file holds one YAML document; remove the second '---'"), event)
        elif isinstance(event, yaml.AliasEvent):
            _refuse(doc, "BP009", _("the alias '*{anchor}' is not allowed: definitions files use no anchors or aliases; "
                                    "write the value out").format(anchor=event.anchor), event)
        elif isinstance(event, yaml.NodeEvent):
            if event.anchor is not None:
                _refuse(doc, "BP009", _("the anchor '&{anchor}' is not allowed: definitions files use no anchors or aliases").format(
                    anchor=event.anchor),
                        event)
            if getattr(event, "tag", None) is not None:
                tag = event.tag.replace("tag:yaml.org,2002:", "!!")
                _refuse(doc, "BP001", _("the tag '{tag}' is not allowed: definitions files use no tags; "
                                        "quote the value if you mean text").format(tag=tag), event)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    _refuse(doc, "BP011", _("the data is nested more than {depth} levels deep").format(depth=MAX_DEPTH), event)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _refuse(doc: Document, code: str, message: str, event: yaml.Event) -> None:
    doc.problems.append(LoadProblem(code, message, Mark(event.start_mark.line + 1, event.start_mark.column + 1)))
    raise _Refused


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _key_column(line: str) -> int:
    """Where the line's key starts: `- id: x` has its key two columns in, like the keys below it."""
    stripped = line.lstrip(" ")
    while stripped.startswith("- "):
        stripped = stripped[2:].lstrip(" ")
    return len(line) - len(stripped)


def _spaces(count: int) -> str:
    return ngettext("{count} space", "{count} spaces", count).format(count=count)


def _in_editors_words(exc: yaml.MarkedYAMLError, text: str) -> LoadProblem | None:
    """The syntax errors an editor makes most (a tab, a full-width space or colon, a line indented
    off its level, a quote left open), said as the fix, at the line to fix. The parser's own words
    follow in parentheses. None when the error is none of these."""
    at, opened = exc.problem_mark, exc.context_mark
    if at is None:
        return None
    problem, context = exc.problem or "", exc.context or ""
    said, reading = said_by_the_parser(problem), said_by_the_parser(context)
    parser_words = f"({' '.join(p for p in (reading, said) if p)})" if opened is None else (
        _("({problem}; {context} started at line {line}, column {column})").format(
            problem=said, context=reading, line=opened.line + 1, column=opened.column + 1))
    lines = text.splitlines() or [""]
    line = lines[min(at.line, len(lines) - 1)]
    leading = line[: len(line) - len(line.lstrip(" \t\u3000"))]
    if "\t" in leading:
        return LoadProblem("BP001", _("a tab character in the indentation: YAML indents with spaces only; "
                                      "replace the tab with spaces {parser_words}").format(parser_words=parser_words), Mark(at.line + 1, leading.index("\t") + 1))
    if "\u3000" in leading:
        return LoadProblem("BP001", _("a full-width space (U+3000) in the indentation: YAML indents with half-width "
                                      "spaces only; replace it {parser_words}").format(parser_words=parser_words), Mark(at.line + 1, leading.index("\u3000") + 1))
    if "could not find expected ':'" in problem and opened is not None:
        key_line = lines[min(opened.line, len(lines) - 1)]
        where = Mark(opened.line + 1, opened.column + 1)
        if "：" in key_line:
            return LoadProblem("BP001", _("a full-width colon '：': write a half-width ':' and a space after it "
                                          "{parser_words}").format(parser_words=parser_words), Mark(opened.line + 1, key_line.index("：") + 1))
        return LoadProblem("BP001", _("this line has no ':' after its key: write 'key: value', with a half-width ':' "
                                      "and a space after it {parser_words}").format(parser_words=parser_words), where)
    starts_line = line[: at.column].strip() == ""
    if opened is not None and starts_line and "expected '-' indicator" in problem:
        # Not an item of the list, and not indented like the keys of the item above (`effect:` at
        # column 1 under `- id: up`): say both places it could go.
        item = next((i for i in range(at.line - 1, opened.line - 1, -1) if _indent(lines[i]) == opened.column
                     and lines[i].lstrip(" ").startswith("- ")), opened.line)
        keys = _key_column(lines[item])
        return LoadProblem("BP001", _("this line is indented {indent}: the keys of the item that starts at "
                                      "line {line} are indented {keys}, and a new item of the list starts "
                                      "with '- ' at {item}: indent it {keys} like the keys above "
                                      "{parser_words}").format(indent=_spaces(_indent(line)), line=item + 1, keys=_spaces(keys),
                                                               item=_spaces(opened.column), parser_words=parser_words), Mark(at.line + 1, 1))
    if opened is not None and starts_line and "expected key" in problem:
        return LoadProblem("BP001", _("this line is indented {indent}, but the keys of the mapping that "
                                      "starts at line {line} are indented {keys}: indent it "
                                      "like the level it belongs to {parser_words}").format(
                                          indent=_spaces(_indent(line)), line=opened.line + 1, keys=_spaces(opened.column),
                                          parser_words=parser_words), Mark(at.line + 1, 1))
    if "mapping values are not allowed" in problem and at.line > 0:
        above = next((lines[i] for i in range(at.line - 1, -1, -1) if lines[i].strip()), "")
        # a key (the files' keys are English words) indented under a complete value; a line of text
        # with ': ' in it (`ヒット: …`) is the text case below
        looks_like_key = re.match(r"[A-Za-z_][A-Za-z0-9_-]*:(\s|$)", line.lstrip(" -")) is not None
        if looks_like_key and _indent(line) > _key_column(above) and ": " in above and not above.rstrip().endswith(":"):
            return LoadProblem("BP001", _("this line is indented {indent}, more than the line above "
                                          "({above}), whose value is complete: indent it like the line above "
                                          "{parser_words}").format(indent=_spaces(_indent(line)), above=_key_column(above),
                                                                   parser_words=parser_words), Mark(at.line + 1, 1))
    if "mapping values are not allowed" in problem:
        # `text: 対象: 兵士` or a line of an unquoted text with `ヒット: …` in it: YAML takes the ': ' for a key
        return LoadProblem("BP001", _("a ': ' inside a text that is neither quoted nor a block: YAML reads it as a new key; "
                                      "write the text as a block (the key, then ' |', and the text indented on the lines "
                                      "below) or put it in quotes {parser_words}").format(parser_words=parser_words), Mark(at.line + 1, at.column + 1))
    if "expected key" in problem and not starts_line:
        quoted = _quoted_string_ending_on(text, at.line)
        if quoted is not None:
            return LoadProblem("BP001", _("this quoted string runs on to line {line}, where YAML stopped: "
                                          "a closing quote is missing on this line {parser_words}").format(
                                              line=at.line + 1, parser_words=parser_words),
                               Mark(quoted.line + 1, quoted.column + 1))
    return None


def _quoted_string_ending_on(text: str, line: int) -> yaml.Mark | None:
    """Where a quoted string that spans lines and ends on `line` opens (the scanner's tokens up
    to the error), else None."""
    found = None
    try:
        for token in yaml.scan(text, Loader=_Loader):
            if (isinstance(token, yaml.ScalarToken) and token.style in ("'", '"')
                    and token.start_mark.line < token.end_mark.line == line):
                found = token.start_mark
    except yaml.YAMLError:
        pass
    return found


def _syntax_problem(exc: yaml.MarkedYAMLError) -> LoadProblem:
    """Place a syntax error at its cause: an unclosed string or bracket where it opens, not where
    the parser gave up (possibly many lines later)."""
    problem, context = exc.problem or "invalid YAML", exc.context or ""
    said, reading = said_by_the_parser(problem), said_by_the_parser(context)
    at, opened = exc.problem_mark, exc.context_mark
    if at is None:
        at = opened
    where = Mark(at.line + 1, at.column + 1) if at else Mark(1, 1)
    if opened is not None and at is not None and opened is not at:
        start = Mark(opened.line + 1, opened.column + 1)
        unclosed_string = "quoted scalar" in context and ("end of stream" in problem or "document" in problem)
        unclosed_flow = "flow" in context and at.line != opened.line
        if unclosed_string:
            return LoadProblem("BP001", _("this quoted string is never closed ({problem} at line {line}, column {column})").format(
                problem=said, line=where.line, column=where.column), start)
        if unclosed_flow:
            bracket = "[" if "sequence" in context else "{"
            return LoadProblem(
                "BP001", _("this '{bracket}' is not closed: {problem} (at line {line}, column {column})").format(
                    bracket=bracket, problem=said, line=where.line, column=where.column), start
            )
        return LoadProblem("BP001", _("{problem} ({context} started at line {line}, column {column})").format(
            problem=said, context=reading, line=start.line, column=start.column), where)
    return LoadProblem("BP001", " ".join(p for p in (reading, said) if p), where)


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _construct(node: yaml.Node, path: Path_, doc: Document) -> Any:
    doc.values[path] = _mark(node)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                doc.problems.append(LoadProblem("BP001", _("a mapping key must be a plain value"), _mark(key_node)))
                continue
            key = key_node.value
            if key in result:
                first = doc.keys[path + (key,)]
                doc.problems.append(
                    LoadProblem("BP002", _("duplicate key '{key}' (first at line {line})").format(key=key, line=first.line), _mark(key_node))
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
    if node.style:  # quoted or block: always text (the C composer gives '' for plain)
        return value
    if value in _NULL:
        return None
    if value in _BOOL:
        return _BOOL[value]
    ambiguous = None
    if _YAML11_BOOL.match(value):
        ambiguous = _("a boolean")
    elif _SEXAGESIMAL.match(value):
        ambiguous = _("a base-60 number")
    elif _OCTAL_11.match(value) and value.lstrip("+-") != "0":
        ambiguous = _("an octal number")
    if ambiguous:
        doc.problems.append(
            LoadProblem(
                "BP003",
                _("'{value}' is read as {ambiguous} by YAML 1.1 tools; quote it (\"{value}\") if you mean text").format(
                    value=value, ambiguous=ambiguous),
                _mark(node),
            )
        )
        return value
    if _INT.match(value):
        return int(value)
    if _FLOAT.match(value):
        return float(value)
    return value
