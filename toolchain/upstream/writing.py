"""YAML as the project's definitions files are written: a `$schema` line, block scalars for text of
more than one line, flow lists of words, entries one after another in upstream's order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class _Dumper(yaml.SafeDumper):
    """Text of several lines as a literal block; short lists of words on one line."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


def _list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.SequenceNode:
    flow = bool(value) and all(isinstance(item, str) and "\n" not in item and len(item) < 40 for item in value)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(list, _list)


def dump(value: Any) -> str:
    return yaml.dump(value, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10_000, default_flow_style=False)


def definitions_file(schema: str, depth: int, comment: str, entries: list[dict[str, Any]]) -> str:
    """A definitions file: the `$schema` line (`depth` folders below the repository), a comment, the entries."""
    head = f"# yaml-language-server: $schema={'../' * depth}schema/{schema}\n# {comment}\n"
    return head + "\n".join(dump([entry]) for entry in entries)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
