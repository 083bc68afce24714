"""The typer application: every `bp` command (one module per group of commands)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

from ..i18n import SOURCE, _, language
from . import actionlist, balance, build, check, diff, edition, play, rulebook, schema, serve, sim


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


def _typer_speaks_bp() -> None:
    """typer's own words around bp's help and usage errors (its panels' titles, [default: …], --help's
    help) in bp's language. The other words of the click typer carries inside it ("Usage:", its usage
    errors) are plain strings there, and stay English."""
    from typer import rich_utils
    from typer.core import TyperCommand, TyperGroup

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.ERRORS_PANEL_TITLE = _("Error")
    rich_utils.ABORTED_TEXT = _("Aborted.")
    rich_utils.DEFAULT_STRING = _("[default: {}]")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")
    for kind in (TyperCommand, TyperGroup):
        made = getattr(kind, "get_help_option", None)
        if made is None or getattr(made, "speaks_bp", False):
            continue

        def get_help_option(self: object, ctx: object, made: Callable[..., Any] = made) -> Any:
            option = made(self, ctx)
            if option is not None:
                option.help = _("Show this message and exit.")
            return option

        get_help_option.speaks_bp = True  # type: ignore[attr-defined]
        kind.get_help_option = get_help_option  # type: ignore[method-assign]
    if language() != SOURCE:
        _options_help_folds(rich_utils)


def _options_help_folds(rich_utils: Any) -> None:
    """An option's help folded at the column's edge: rich breaks lines at spaces only, and cut a Japanese
    sentence (which has none) short with an ellipsis."""
    from rich.text import Text

    made = rich_utils._get_parameter_help
    if getattr(made, "folds", False):
        return

    def parameter_help(**options: Any) -> Any:
        columns = made(**options)
        for item in columns.renderables:
            if isinstance(item, Text):
                item.overflow = "fold"
        return columns

    parameter_help.folds = True  # type: ignore[attr-defined]
    rich_utils._get_parameter_help = parameter_help


_flags_show_no_value()
_typer_speaks_bp()

app = typer.Typer(
    help=_("BlackPoker rules toolchain: check the definitions, build the rulebook and the action lists."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def options(
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG",
        help=_("The language of the messages: ja or en, before or after the command (default: messages_language "
               "of definitions/rules.yaml, else the locale: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."))] = None,
) -> None:
    """bp's global option; main() has taken it out of the arguments already (lang_option.py), before the help was made."""
    if lang is not None:
        from ..i18n import choose

        choose(lang)


# Each command, with its help: its module's, translated (a docstring is not); None: the docstring.
COMMANDS: tuple[tuple[str, Callable[..., Any], str | None], ...] = (
    ("check", check.check, check.CHECK_HELP),
    ("export", check.export, check.EXPORT_HELP),
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
    ("schema", schema.schema, None),
)
for name, command, help_text in COMMANDS:
    app.command(name, help=help_text)(command)
app.add_typer(edition.app, name="edition")
