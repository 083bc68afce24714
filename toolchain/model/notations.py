"""The notations inside the definitions, parsed once when they load: the keycards notation and
the text markup (definitions/README.md).

A field written in a notation is a `str` that also carries its parse, so it prints, compares and
exports as written while the checks, the simulator and the renderers read the parsed form. A
text that does not parse keeps its error: `bp check` reports it (BP024, BP025) at its place, and
reading the parse of it raises that error. This module is the only caller of the parsers
(tests/architecture/test_notations.py).
"""

from __future__ import annotations

from typing import Any

from ..notation import keycards, markup

__all__ = ["KeycardsText", "Text", "keycards_text", "markup_text"]


class KeycardsText(str):
    """A keycards field (`♠A-K & ♣A-K`, `soldier<slash>`) with its pattern."""

    _pattern: keycards.Keycards | None
    error: keycards.KeycardsError | None

    @property
    def pattern(self) -> keycards.Keycards:
        """The parsed pattern; raises the KeycardsError of a text that does not parse."""
        if self._pattern is None:
            assert self.error is not None
            raise keycards.KeycardsError(str(self.error), self.error.column)
        return self._pattern

    def __reduce__(self) -> tuple[Any, ...]:
        return keycards_text, (str(self),)

    def __copy__(self) -> KeycardsText:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> KeycardsText:
        return self


class Text(str):
    """A text in the markup (effects, conditions, procedures, abilities) with its blocks."""

    _blocks: tuple[markup.Block, ...] | None
    error: markup.MarkupError | None

    @property
    def blocks(self) -> tuple[markup.Block, ...]:
        """Paragraphs and lists; raises the MarkupError of a text that does not parse."""
        if self._blocks is None:
            assert self.error is not None
            raise markup.MarkupError(str(self.error), self.error.line)
        return self._blocks

    def __reduce__(self) -> tuple[Any, ...]:
        return markup_text, (str(self),)

    def __copy__(self) -> Text:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self


def keycards_text(text: str) -> KeycardsText:
    value = KeycardsText(text)
    try:
        value._pattern, value.error = keycards.parse(text), None
    except keycards.KeycardsError as exc:
        value._pattern, value.error = None, exc
    return value


def markup_text(text: str) -> Text:
    value = Text(text)
    try:
        value._blocks, value.error = tuple(markup.parse(text)), None
    except markup.MarkupError as exc:
        value._blocks, value.error = None, exc
    return value
