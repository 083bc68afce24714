"""The typer application: every `bp` command (one module per group of commands)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from ..i18n import _
from . import actionlist, balance, build, check, diff, edition, play, rulebook, schema, serve, sim, upstream
from .typer_language import speak


def _flags_show_no_value() -> None:
    """typer 0.29 prints `<bool>` after every flag (`--help <bool>`, `--readings <bool>`), which
    reads as if the flag took a value (`--readings true` is refused). A flag shows its name alone."""
    from typer.core import TyperOption

    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "flags_show_no_value", False):
        return

    def display_type_rich(self: TyperOption, ctx: object) -> str | None:
        return None if getattr(self, "is_flag", False) else shown(self, ctx)

    display_type_rich.flags_show_no_value = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_show_no_value()
speak()

app = typer.Typer(
    help=_("BlackPoker rules toolchain: check the definitions, build the rulebook and the action lists."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(asked: bool) -> None:
    """`bp --version`: the toolchain's version, then stop (what a bug report or a CI log names)."""
    if asked:
        from .. import __version__

        typer.echo(_("bp {version} (the BlackPoker rules toolchain)").format(version=__version__))
        raise typer.Exit()


@app.callback()
def options(
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG",
        help=_("The language of the messages: ja or en, before or after the command (default: messages_language "
               "of definitions/rules.yaml, else the locale: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."))] = None,
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_print_version, help=_("Print the toolchain's version and stop."))] = False,
) -> None:
    """bp's global option; main() has taken it out of the arguments already (lang_option.py), before the help was made."""
    if lang is not None:
        from ..i18n import choose

        choose(lang)


# Each command, with its help: its module's, translated (a docstring is not); None: the docstring.
COMMANDS: tuple[tuple[str, Callable[..., Any], str | None], ...] = (
    ("check", check.check, check.CHECK_HELP),
    ("export", check.export, check.EXPORT_HELP),
    ("import", upstream.import_, upstream.HELP),
    ("build", build.build, build.HELP),
    ("codes", check.codes, check.CODES_HELP),
    ("actionlist", actionlist.actionlist, actionlist.HELP),
    ("sim", sim.sim, sim.SIM_HELP),
    ("replay", sim.replay, sim.REPLAY_HELP),
    ("rulebook", rulebook.rulebook, rulebook.HELP),
    ("diff", diff.diff, diff.HELP),
    ("serve", serve.serve, serve.HELP),
    ("play", play.play, play.HELP),
    ("balance", balance.balance, balance.HELP),
    ("schema", schema.schema, schema.HELP),
)
for name, command, help_text in COMMANDS:
    app.command(name, help=help_text)(command)
app.add_typer(edition.app, name="edition")
