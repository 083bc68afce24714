"""jsonschema's messages said in bp's language, by the keyword that failed.

Each message id is jsonschema's English as it prints it (`'x' is not of type 'string'`), so English reads
as before and the catalogue translates it. A keyword not listed here keeps jsonschema's own message.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from jsonschema.exceptions import ValidationError

from ..i18n import N_, SOURCE, _, language


def _types(error: ValidationError, value: str) -> str:
    wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
    return _("{value} is not of type {types}").format(value=value, types=", ".join(repr(t) for t in wanted))


def _fewer(error: ValidationError, value: str) -> str:
    if error.validator_value == 1:
        return _("{value} should be non-empty").format(value=value)
    if error.validator == "minProperties":
        return _("{value} does not have enough properties").format(value=value)
    return _("{value} is too short").format(value=value)


def _more(error: ValidationError, value: str) -> str:
    if error.validator_value == 0:
        return _("{value} is expected to be empty").format(value=value)
    if error.validator == "maxProperties":
        return _("{value} has too many properties").format(value=value)
    return _("{value} is too long").format(value=value)


def _limit(message: str) -> Callable[[ValidationError, str], str]:
    return lambda error, value: message.format(value=value, limit=repr(error.validator_value))


def _unmatched(error: ValidationError, value: str) -> str:
    if "valid under each of" in error.message:
        return _("{value} is valid under more than one of the given schemas").format(value=value)
    return _("{value} is not valid under any of the given schemas").format(value=value)


# The keyword: its message, from the error and the value as the message shows it (shortened).
_SAID: dict[str, Callable[[ValidationError, str], str]] = {
    "type": _types,
    "minLength": _fewer, "minItems": _fewer, "minProperties": _fewer,
    "maxLength": _more, "maxItems": _more, "maxProperties": _more,
    "anyOf": _unmatched, "oneOf": _unmatched,
    "uniqueItems": lambda error, value: _("{value} has non-unique elements").format(value=value),
    "pattern": lambda error, value: _("{value} does not match {pattern}").format(value=value, pattern=repr(error.validator_value)),
    "const": lambda error, value: _("{const} was expected").format(const=repr(error.validator_value)),
    "not": lambda error, value: _("{value} is not allowed here").format(value=value),
    "required": lambda error, value: _("{name} is a required property").format(
        name=error.message.removesuffix(" is a required property")),
}


def schema_message(error: ValidationError, value: str) -> str:
    """What `error` says, in bp's language; `value` is the instance as the message shows it."""
    limits = {
        "maximum": _("{value} is greater than the maximum of {limit}"),
        "minimum": _("{value} is less than the minimum of {limit}"),
        "exclusiveMaximum": _("{value} is greater than or equal to the maximum of {limit}"),
        "exclusiveMinimum": _("{value} is less than or equal to the minimum of {limit}"),
    }
    if error.validator in limits:
        return _limit(limits[error.validator])(error, value)
    said = _SAID.get(str(error.validator))
    return said(error, value) if said else error.message.replace(repr(error.instance), value)


# The schemas' descriptions a message shows (the rule of a `pattern`), as the schemas write them: the catalogue
# translates them. A description not listed (one that names a section of the rulebook, which only data may
# name) is shown in English only; tests/i18n/test_badinput_japanese.py lists the schemas' against these.
SCHEMA_DESCRIPTIONS = (
    N_("Lower-case English words joined by '-'."),
    N_("v<major>.<minor> or ex<major>.<minor>.<patch>"),
    N_("キーカード in the notation of definitions/README.md, e.g. '♡A-10 x2', '♡A-K & ♢A-K', 'same-suit x2+'."),
    N_("コスト: letters of the cost legend (rules.yaml costs), e.g. 'BBL'; bp check (BP026) checks each letter"),
    N_("the words, in 「」"),
    N_("the field the reading is about (abilities, start, trigger_condition, …)"),
    N_("the design guideline (its bp code, BP040-BP046) this definition departs from: bp check does not hold it to that one"),
    N_("the action list PDF is blackpoker-<file_stem>.pdf"),
    N_("the public address the site is published at (ends with /): printed links and QR codes point below it"),
    N_("the @ form: {trigger}, {speed} and {timing} stand for their names, e.g. '@ {trigger}-{speed}-{timing}'"),
    N_("when: YYYY-MM-DD, or YYYY-MM when the day is not known"),
    N_("a variable name (without $)"),
    N_("a $variable"),
    N_("the folder of the history of the rules, relative to this repository (history): one file per past edition, to "
       "which bp check holds every since and updated (BP049; definitions/README.md, versions)"),
)


def pattern_words(pattern: object) -> str | None:
    """What a pattern of words (`^(?:key|target|\\$name)$`, as the effect language's schema writes them) takes, said
    as its description says it (`key, target or a $variable`), in bp's language; None for another pattern."""
    found = re.fullmatch(r"\^\(\?:(.+)\)\$", pattern) if isinstance(pattern, str) else None
    if found is None:
        return None
    alternatives = found.group(1).split("|")
    words = [word.replace("\\", "") for word in alternatives if not word.startswith("\\$")]
    if any(not re.fullmatch(r"[\w-]+", word) for word in words):
        return None
    if len(words) < len(alternatives):  # one alternative is a $variable
        return _("{words} or a $variable").format(words=", ".join(words)) if words else _("a $variable")
    return ", ".join(words)


def described(description: object) -> str | None:
    """A schema's description in bp's language: itself in English, its translation where the catalogue has one,
    else None (the message then says what it says without it)."""
    if not isinstance(description, str) or not description:
        return None
    if language() == SOURCE:
        return description
    translated = _(description)
    return translated if translated != description else None
