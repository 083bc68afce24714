"""The language of bp's messages, and their translation: gettext, English the source language.

The language is, first found: --lang (`choose`), the `messages_language:` of definitions/rules.yaml
(`read_setting`), the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them). It is
one of LANGUAGES; anything else is English. It is settled on the first message translated.

English costs nothing: `_()` returns its argument, and no catalogue is read. Another language
reads its compiled catalogue (toolchain/locale/LANG/LC_MESSAGES/bp.mo, made by `make build`), or,
where that is missing or older than the .po (a fresh clone), compiles the .po in memory with
Babel: bp never writes into its own source tree.

Messages stay whole sentences with named placeholders, extracted with Babel
(scripts/extract-messages): `_("{count} files").format(count=n)`, `ngettext(one, many, n)`, and
`N_()` for a text kept in a table and translated where it is shown.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - gettext loads only for a language other than English
    import gettext

SOURCE = "en"
LANGUAGES = ("en", "ja")
DOCUMENTS = "ja"  # the language of the published documents: the rules are written in Japanese
DOMAIN = "bp"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SETTING = "messages_language"  # the key of definitions/rules.yaml (schema/rules.schema.json)
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order
# Where Babel finds the messages (scripts/messages, tests/i18n): `_()` calls in Python and in the Jinja templates
EXTRACTED_FROM = (("**.py", "python"), ("**.j2", "jinja2.ext:babel_extract"))
_SETTING_BYTES = 4 * 1024 * 1024  # a definitions file's limit (BP011): a larger rules.yaml has no setting read

_explicit: str | None = None  # --lang
_setting: str | None = None  # rules.yaml's
_settled: str | None = None
_catalogue: gettext.NullTranslations | None = None
# An output's language and its catalogue, set by `speaking_unless_chosen` for the thread that renders it
# alone: the threads that say progress meanwhile (a PDF's line, from the job pool's callback thread, while
# the main thread renders the balance page) speak the terminal's language.
_speaking = threading.local()


def known(tag: str | None) -> str | None:
    """The language of a tag (`ja`, `ja_JP.UTF-8`, `ja-JP`, `EN`), or None for one bp does not speak."""
    if not tag:
        return None
    language = re.split(r"[_.@-]", tag.strip(), maxsplit=1)[0].lower()
    return language if language in LANGUAGES else None


def from_locale(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of LOCALE_VARIABLES that is set (LANGUAGE may list
    several, `ja:en`); C and POSIX are English."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for tag in value.split(":"):
            if tag in ("C", "POSIX") or tag.startswith(("C.", "POSIX.")):
                return SOURCE
            if language := known(tag):
                return language
        return SOURCE
    return SOURCE


def choose(tag: str | None) -> bool:
    """Use `tag` (--lang) whatever the setting and the locale; whether bp speaks it (else English)."""
    global _explicit
    _explicit = known(tag) or SOURCE
    _unsettle()
    return tag is None or known(tag) is not None


def explicit() -> bool:
    """Whether the language was chosen on the command line."""
    return _explicit is not None


def read_setting(rules: Path) -> None:
    """The `messages_language:` line of definitions/rules.yaml, a top-level key: found in the text, without
    loading YAML (a no-op build and a check answered from its cache load none). Only a plain, regular
    file is read; bp check validates the key against the schema."""
    global _setting
    _setting = None
    try:
        info = rules.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > _SETTING_BYTES:
            return
        text = rules.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return
    found = re.search(rf"^{SETTING}:[ \t]*(['\"]?)([A-Za-z_-]+)\1[ \t]*(?:#.*)?$", text, re.MULTILINE)
    _setting = known(found.group(2)) if found else None
    _unsettle()


def language() -> str:
    """The language of this thread's messages: the one an output speaks inside `speaking_unless_chosen`,
    else the one settled for the terminal."""
    spoken = getattr(_speaking, "language", None)
    if spoken is not None:
        return spoken
    global _settled
    if _settled is None:
        _settled = _explicit or _setting or from_locale()
    return _settled


@contextlib.contextmanager
def speaking_unless_chosen(default: str) -> Iterator[None]:
    """`default` inside, in this thread, unless --lang chose the language (the locale and rules.yaml's
    setting do not count: they choose the language of the terminal, not of an output)."""
    if _explicit is not None:
        yield
        return
    before = (getattr(_speaking, "language", None), getattr(_speaking, "catalogue", None))
    _speaking.language, _speaking.catalogue = default, None
    try:
        yield
    finally:
        _speaking.language, _speaking.catalogue = before


def english_unless_chosen() -> contextlib.AbstractContextManager[None]:
    """English inside, unless --lang chose the language: output read by programs (--format json,
    github) does not change with the locale or the repository's setting."""
    return speaking_unless_chosen(SOURCE)


def documents_language_unless_chosen() -> contextlib.AbstractContextManager[None]:
    """The documents' language inside (DOCUMENTS), unless --lang chose: a page published on the site
    (the balance report) reads as the rulebook and the action lists do, whatever the locale of the
    machine that built it (a CI runner's is English)."""
    return speaking_unless_chosen(DOCUMENTS)


_usable: dict[tuple[str, str], str] = {}  # (source, translation) → the text to use: checked once each


def _unsettle() -> None:
    global _settled, _catalogue
    _settled, _catalogue = None, None


def catalogue(language: str) -> gettext.NullTranslations:
    """The translations into `language`: its .mo while it is current, else its .po compiled in memory.
    A catalogue that cannot be read (not a regular file, truncated, not UTF-8) is said in one line
    on stderr, and the next is tried: the .mo, the .po, then English."""
    import gettext

    if language == SOURCE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    try:
        current = mo.stat().st_mtime_ns >= po.stat().st_mtime_ns
    except OSError:
        current = False  # no .mo (a fresh clone), or no .po (an installation): the .po if there is one
    if current:
        try:
            return _compiled(mo)
        except Exception as exc:  # noqa: BLE001 - gettext raises OSError, struct.error, UnicodeError, …: all mean unusable
            _warn(f"{mo} cannot be read ({_reason(exc)}); reading {po.name} instead")
    try:
        return _compiled_in_memory(po, language)
    except (FileNotFoundError, ImportError):
        return gettext.NullTranslations()  # an installation without its catalogue speaks English
    except Exception as exc:  # noqa: BLE001 - Babel raises UnicodeDecodeError, ValueError, …: all mean unusable
        _warn(f"{po} cannot be read ({_reason(exc)}); the messages are in English")
    return gettext.NullTranslations()


_CATALOGUE_BYTES = 16 * 1024 * 1024  # bp's catalogue is a few hundred kilobytes


def _compiled(mo: Path) -> gettext.NullTranslations:
    import gettext
    import io

    from .ownfiles import read_regular_file

    return gettext.GNUTranslations(io.BytesIO(read_regular_file(mo, _CATALOGUE_BYTES)))


def _compiled_in_memory(po: Path, language: str) -> gettext.NullTranslations:
    import gettext
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from .ownfiles import read_regular_file

    messages = read_po(io.BytesIO(read_regular_file(po, _CATALOGUE_BYTES)), locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _reason(exc: BaseException) -> str:
    from .ownfiles import NotRegular

    if isinstance(exc, NotRegular):
        return "not a regular file"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _warn(text: str) -> None:
    """One line on stderr about bp's own catalogue. In English: the catalogue is what is broken."""
    import sys

    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)  # a path's escape sequence shown, not sent
    print(f"bp: warning: {shown}", file=sys.stderr)


def _translations() -> gettext.NullTranslations | None:
    global _catalogue
    chosen = language()
    if chosen == SOURCE:
        return None
    if getattr(_speaking, "language", None) is not None:  # an output's (speaking_unless_chosen): its catalogue apart
        if _speaking.catalogue is None:
            _speaking.catalogue = catalogue(chosen)
        return _speaking.catalogue
    if _catalogue is None:
        _catalogue = catalogue(chosen)
    return _catalogue


def _(message: str) -> str:
    """`message` in the language of bp's messages."""
    translations = _translations()
    return message if translations is None else _checked(message, translations.gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for `count` (English: one and many; Japanese: one form)."""
    translations = _translations()
    english = singular if count == 1 else plural
    if translations is None:
        return english
    return _checked(english, translations.ngettext(singular, plural, count), plural)


def _checked(source: str, translation: str, *others: str) -> str:
    """`translation`, unless it names a placeholder the message does not have or its braces do not
    parse: `.format()` would raise there, so the English message is used, said once in one line."""
    if translation == source:
        return translation
    known = _usable.get((source, translation))
    if known is not None:
        return known
    usable = translation
    try:
        wanted = {name for text in (source, *others) for name in _placeholders(text)}
    except ValueError:
        wanted = None  # a source that is no format string: nothing to compare with
    if wanted is not None:
        try:
            unknown = sorted(_placeholders(translation) - wanted)
        except ValueError:
            unknown = ["{"]
        if unknown:
            usable = source
            _warn(f"the {language()} translation of {source[:60]!r} names {', '.join(unknown)}, which the message does not "
                  "have (toolchain/locale): it is shown in English")
    _usable[(source, translation)] = usable
    return usable


def _placeholders(text: str) -> set[str]:
    """The names of the fields of a format string (`{count:,}` → count); ValueError if its braces do not parse."""
    import string

    return {re.split(r"[.\[]", field)[0] for _text, field, _spec, _conv in string.Formatter().parse(text) if field is not None}


def N_(message: str) -> str:
    """A message marked for extraction and translated where it is shown (`_(code.summary)`)."""
    return message


# The operating system's reasons (OSError.strerror, always English: bp sets no C locale), in bp's language
# for the errors a user meets; another keeps the system's words.
_SYSTEM_REASONS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "EEXIST": N_("File exists"),
    "ENOTEMPTY": N_("Directory not empty"),
    "ELOOP": N_("Too many levels of symbolic links"),
    "ENAMETOOLONG": N_("File name too long"),
    "ENOSPC": N_("No space left on device"),
    "EROFS": N_("Read-only file system"),
    "EADDRINUSE": N_("Address already in use"),
    "EADDRNOTAVAIL": N_("Cannot assign requested address"),
    "ECONNREFUSED": N_("Connection refused"),
    "ETIMEDOUT": N_("Connection timed out"),
}


def system_reason(error: BaseException) -> str:
    """Why the operating system refused (an OSError's strerror), in bp's language where listed."""
    import errno

    code = getattr(error, "errno", None)
    name = errno.errorcode.get(code, "") if isinstance(code, int) else ""
    if name in _SYSTEM_REASONS:
        return _(_SYSTEM_REASONS[name])
    return getattr(error, "strerror", None) or str(error)


def cannot_serve(host: str, port: int, error: OSError) -> str:
    """Why a server (bp serve, bp play) cannot listen on host:port; a port in use says how to choose another."""
    import errno

    if error.errno == errno.EADDRINUSE:
        return _("cannot serve on {host}:{port}: another program already uses the port {port}; "
                 "choose another with --port (e.g. --port {other})").format(host=host, port=port, other=port + 1)
    return _("cannot serve on {host}:{port}: {reason}").format(host=host, port=port, reason=system_reason(error))
