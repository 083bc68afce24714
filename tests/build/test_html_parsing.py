"""tinyhtml5's pattern cache made to answer (toolchain/html_parsing.py): the same trees, each pattern built once."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from toolchain import html_parsing

inputstream = pytest.importorskip("tinyhtml5.inputstream")
tinyhtml5 = pytest.importorskip("tinyhtml5")

SAMPLE = ('<!DOCTYPE html><html lang="ja"><body><article class="entry" id="act-x" data-search="あ&amp;い">'
          "<h4>名前 <span>(基本)</span></h4><!-- note --><p>効果 &lt;速攻&gt; 1 枚</p><ol><li>一</li></ol></article></body></html>")


def test_cached_patterns_parse_the_same_tree_and_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inputstream, "characters_until_regex", {})  # tinyhtml5's own, whatever ran before
    expected = ET.tostring(tinyhtml5.parse(SAMPLE))
    built_by_tinyhtml5 = dict(inputstream.characters_until_regex)  # keyed by the compiled pattern: its bug
    html_parsing.parse_with_cached_patterns()
    cache = inputstream.characters_until_regex
    assert ET.tostring(tinyhtml5.parse(SAMPLE)) == expected
    assert {pattern.pattern for pattern in cache.values()} == {pattern.pattern for pattern in built_by_tinyhtml5.values()}
    assert all(isinstance(characters, (str, tuple, frozenset)) for characters, _ in cache), "keyed by what is asked for"
    asked = dict(cache)
    tinyhtml5.parse(SAMPLE)
    assert all(cache[key] is pattern for key, pattern in asked.items()) and len(cache) == len(asked), "found, not built again"
