"""The notations inside the definitions, parsed once when they load: the keycards notation and
the text markup (definitions/README.md).

A field written in a notation is a `str` that also carries its parse, so it prints, compares and
exports as written while the checks, the simulator and the renderers read the parsed form. A
text that does not parse keeps its error: `bp check` reports it (BP024, BP025) at its place, and
reading the parse of it raises that error. This module is the only caller of the parsers
(tests/architecture/test_notations.py).
"""

from __future__ import annotations

from typing import Any, Self

from ..notation import keycards, markup

__all__ = ["KeycardsText", "Text", "keycards_text", "markup_text"]


class _Parsed(str):
    """A str with its parse (`_value`), or with the error of a text that does not parse. It is immutable:
    a copy is itself, and a pickle holds the text alone (it is parsed again when loaded)."""

    _value: Any
    error: ValueError | None

    @staticmethod
    def _parse(text: str) -> Any:
        raise NotImplementedError

    @classmethod
    def of(cls, text: str) -> Self:
        value = cls(text)
        try:
            value._value, value.error = cls._parse(text), None
        except ValueError as exc:  # the parser's own error (KeycardsError, MarkupError)
            value._value, value.error = None, exc
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self).of, (str(self),)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


class KeycardsText(_Parsed):
    """A keycards field (`♠A-K & ♣A-K`, `soldier<slash>`) with its pattern."""

    _value: keycards.Keycards | None
    error: keycards.KeycardsError | None
    _parse = staticmethod(keycards.parse)

    @property
    def pattern(self) -> keycards.Keycards:
        """The parsed pattern; raises the KeycardsError of a text that does not parse."""
        if self._value is None:
            assert self.error is not None
            raise keycards.KeycardsError(str(self.error), self.error.column)
        return self._value


class Text(_Parsed):
    """A text in the markup (effects, conditions, procedures, abilities) with its blocks."""

    _value: tuple[markup.Block, ...] | None
    error: markup.MarkupError | None

    @staticmethod
    def _parse(text: str) -> tuple[markup.Block, ...]:
        return tuple(markup.parse(text))

    @property
    def blocks(self) -> tuple[markup.Block, ...]:
        """Paragraphs and lists; raises the MarkupError of a text that does not parse."""
        if self._value is None:
            assert self.error is not None
            raise markup.MarkupError(str(self.error), self.error.line)
        return self._value


keycards_text = KeycardsText.of
markup_text = Text.of
