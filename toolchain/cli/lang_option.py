"""--lang, bp's global option: taken out of the arguments wherever it stands (`bp --lang ja check`,
`bp check --lang ja`), and the repository's `messages_language:` read, before any message is made
(typer's help texts are made when the commands load). Without typer: the plain runs (noop.py) speak
the language too."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import i18n
from ..diagnostics import printable
from ..i18n import _

OPTION = "--lang"


class _NoValue(Exception):
    """An option last on the line, without its value."""


def _value(args: list[str], name: str) -> tuple[str | None, list[str]]:
    """The value of option `name` (`name VALUE` or `name=VALUE`, before a `--`), and the arguments without it."""
    rest: list[str] = []
    value: str | None = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest += args[index:]
            break
        if arg == name:
            if index + 1 >= len(args):
                raise _NoValue(name)
            value, index = args[index + 1], index + 2
            continue
        if arg.startswith(name + "="):
            value = arg[len(name) + 1:]
        else:
            rest.append(arg)
        index += 1
    return value, rest


def _root(args: list[str]) -> Path | None:
    """The rules repository the command will read (--root, else found from the current directory), if any."""
    from ..model.repository import RepositoryError, check_root, find_root

    try:
        root, _rest = _value(args, "--root")
        return check_root(Path(root)) if root else find_root()
    except (_NoValue, RepositoryError, OSError, ValueError):
        return None  # the command says why


def take_language(args: list[str]) -> list[str]:
    """The arguments without --lang; the language of the messages chosen (--lang, else the repository's
    setting, else the locale); SystemExit(2) for a --lang without its value."""
    try:
        tag, rest = _value(args, OPTION)
    except _NoValue:
        print(_("bp: {option} needs a value: {languages}").format(option=OPTION, languages=", ".join(i18n.LANGUAGES)),
              file=sys.stderr)
        raise SystemExit(2) from None
    if tag is not None:
        if not i18n.choose(tag):
            print(printable(_("bp: {option} {tag}: bp speaks {languages}; English is used").format(
                option=OPTION, tag=tag, languages=", ".join(i18n.LANGUAGES))), file=sys.stderr)
        return rest
    root = _root(rest)
    if root is not None:
        i18n.read_setting(root / "definitions" / "rules.yaml")
    return rest


ROOT_OPTION = "--root"


def root_after_command(args: list[str]) -> list[str]:
    """`bp --root DIR check` read as `bp check --root DIR`: --root is every command's option, and may stand
    before the command as --lang does."""
    if args and args[0] == ROOT_OPTION and len(args) >= 3:
        return [args[2], *args[:2], *args[3:]]
    if args and args[0].startswith(ROOT_OPTION + "=") and len(args) >= 2:
        return [args[1], args[0], *args[2:]]
    return args
