"""The YAML parser's own words (PyYAML's and libyaml's problem and context strings), said in bp's language.

A syntax error names the parser's problem after bp's own explanation (`… (did not find expected key;
while parsing a block mapping started at line 2, column 3)`). Each message id below is the parser's
English as it prints it, with its variable part as a placeholder (a literal brace doubled), so English reads exactly as before and
the catalogue translates it; a string not listed keeps the parser's English after a lead-in in bp's language.
"""

from __future__ import annotations

import re
import string

from ..i18n import N_, SOURCE, _, language

# The parser's strings, most common first; `{found}` / `{character}` match the part the parser fills in.
PARSER_WORDS = (
    # problems
    N_("mapping values are not allowed in this context"),
    N_("mapping values are not allowed here"),
    N_("could not find expected ':'"),
    N_("did not find expected key"),
    N_("did not find expected '-' indicator"),
    N_("did not find expected node content"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}}'"),
    N_("did not find expected <document start>"),
    N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"),
    N_("found character {character} that cannot start any token"),
    N_("found character that cannot start any token"),
    N_("found unexpected end of stream"),
    N_("found unexpected document indicator"),
    N_("found unknown escape character"),
    N_("found unknown escape character {character}"),
    N_("found undefined alias"),
    N_("found undefined alias {found}"),
    N_("found undefined tag handle"),
    N_("found duplicate anchor; first occurrence"),
    N_("block sequence entries are not allowed in this context"),
    N_("block sequence entries are not allowed here"),
    N_("expected <block end>, but found {found}"),
    N_("expected ',' or ']', but got {found}"),
    N_("expected ',' or '}}', but got {found}"),
    N_("expected ':', but found {found}"),
    N_("expected a comment or a line break"),
    N_("expected a comment or a line break, but found {found}"),
    N_("expected <document start>, but found {found}"),
    N_("expected the node content, but found {found}"),
    N_("did not find expected alphabetic or numeric character"),
    N_("control characters are not allowed"),
    N_("invalid YAML"),
    # contexts: what the parser was reading
    N_("while scanning a simple key"),
    N_("while scanning a quoted scalar"),
    N_("while parsing a quoted scalar"),
    N_("while scanning a double-quoted scalar"),
    N_("while scanning a single-quoted scalar"),
    N_("while scanning a plain scalar"),
    N_("while scanning a block scalar"),
    N_("while scanning for the next token"),
    N_("while scanning an anchor"),
    N_("while scanning an alias"),
    N_("while scanning a tag"),
    N_("while scanning a directive"),
    N_("while parsing a block mapping"),
    N_("while parsing a block collection"),
    N_("while parsing a flow mapping"),
    N_("while parsing a flow sequence"),
    N_("while parsing a flow node"),
    N_("while parsing a block node"),
    N_("while parsing a node"),
    N_("while composing a mapping"),
    N_("while constructing a mapping"),
)


def _pattern(message: str) -> re.Pattern[str]:
    """The message id as a regular expression: its text literally ('{{' is a brace), each field any text."""
    return re.compile("".join(re.escape(literal) + (f"(?P<{name}>.+)" if name else "")
                              for literal, name, _spec, _conversion in string.Formatter().parse(message)) + r"\Z")


_PATTERNS = tuple((_pattern(message), message) for message in PARSER_WORDS)


def parser_words(words: str) -> str:
    """The parser's `words` in bp's language: as they are in English, translated where listed, else
    after a lead-in that says whose words they are."""
    if not words or language() == SOURCE:
        return words
    for pattern, message in _PATTERNS:
        found = pattern.match(words)
        if found:
            return _(message).format(**found.groupdict())
    return _("the YAML parser says: {words}").format(words=words)
