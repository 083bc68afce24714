"""Reading a definitions file (model/yamlload.py): the values are typed by the loader itself, YAML 1.2's way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolchain.model import yamlload


def test_values_are_typed_without_pyyamls_resolver(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML's resolver, asked in Python for every scalar the composer meets, is not asked: the loader types each
    value itself (it took a tenth of reading a file)."""
    def asked(*_args: Any) -> str:
        raise AssertionError("the resolver was asked")

    monkeypatch.setattr(yaml.resolver.BaseResolver, "resolve", asked)
    doc = yamlload.loads("a: 1\nb: [x, '2', 3.5, true]\nc: ~\nd: |\n  text\n", Path("x.yaml"))
    assert doc.problems == []
    assert doc.data == {"a": 1, "b": ["x", "2", 3.5, True], "c": None, "d": "text\n"}
    assert doc.block_scalars == {("d",)}
