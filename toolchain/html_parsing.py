"""WeasyPrint's HTML parser (tinyhtml5 2.x) compiling its regular expressions once, as it means to.

tinyhtml5's `chars_until` caches the regex that finds a run of characters, but stores it under the
compiled regex instead of the characters it was asked for (`characters = cache[...] = regex`), so the
cache never answers and every call builds the pattern again: about 60% of parsing a leaflet. A cache
that fills itself on a miss answers every call after the first, with the same pattern tinyhtml5 would
have built (the tokens are the same). Any PDF that WeasyPrint makes from HTML can share it (the
rulebook's too).
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version
from typing import Any


class _PatternPerCharacters(dict[tuple[Any, bool], re.Pattern[str]]):
    """tinyhtml5's cache, keyed by (characters, opposite): `[^…]+` up to one of them, `[…]+` of them."""

    def __missing__(self, key: tuple[Any, bool]) -> re.Pattern[str]:
        characters, opposite = key
        listed = "".join(f"\\x{ord(character):02x}" for character in characters)
        pattern = self[key] = re.compile(f"[{listed if opposite else '^' + listed}]+")
        return pattern


def parse_with_cached_patterns() -> None:
    """Install the cache (once per process) on tinyhtml5 2.x, whose cache this was read from; nothing on another."""
    try:
        if not version("tinyhtml5").startswith("2."):
            return
        from tinyhtml5 import inputstream
    except (ImportError, PackageNotFoundError):
        return
    if not isinstance(inputstream.characters_until_regex, _PatternPerCharacters):
        inputstream.characters_until_regex = _PatternPerCharacters()
