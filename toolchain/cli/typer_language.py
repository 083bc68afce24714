"""typer's own words around bp's help and usage errors, in bp's language.

typer names its panels and defaults in module constants (rich_utils), set here. The click that typer
carries inside it (typer._click) says "Usage:" and its usage errors in plain English f-strings, with no
gettext: the usage line gets its prefix here, and each error is matched against the shapes click and
typer say (USAGE_ERRORS, in English, the message ids) and said again in bp's language; a shape not
listed stays English. Without rich (TYPER_USE_RICH=0, or rich not importable) typer prints the errors
with click's own `show` and the help with click's formatter, whose words typer.core says through its
module's gettext `_` (TYPER_WORDS): both are bp's here too. The patches are made once, when the
commands load (commands.py), after --lang and the repository's setting chose the language (language.py);
rich_utils's when typer imports it, which it does only to show help or an error.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import sys
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from ..i18n import N_, SOURCE, _, language

# The usage errors of typer and its click, as they say them (the English is the message id: its
# placeholders stand for what click puts there). Longer shapes first: the first that matches the
# whole message is said; what a placeholder holds is said again (a reason inside "Invalid value").
USAGE_ERRORS = (
    N_("No such option: {option} (Possible options: {options})"),
    N_("No such option: {option}"),
    N_("No such command {name}. Did you mean {suggestions}?"),  # typer's group adds the close names
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Option {option} requires an argument."),
    N_("Option {option} requires {count} arguments."),
    N_("Option {option} does not take a value."),
    N_("Argument {name} takes {count} values."),
    N_("Missing argument {name}. Choose from:{choices}"),
    N_("Missing argument {name}."),
    N_("Missing option {name}. Choose from:{choices}"),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Invalid value for {parameter}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("{value} is not one of {choices}."),
    # the reasons typer's validation (pydantic) gives for a number
    N_("Input should be less than or equal to {limit}"),
    N_("Input should be greater than or equal to {limit}"),
    N_("Input should be less than {limit}"),
    N_("Input should be greater than {limit}"),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Value error, {reason}"),
)

# What typer.core says through its module's `_` (gettext's, which has no catalogue of these): the plain
# help's headings and an option's extras, and "Aborted!" without rich.
TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"), N_("required"),
               N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"))


@cache
def _shape(message: str) -> re.Pattern[str]:
    """The English messages a message id stands for: its text, each placeholder any text."""
    parts = re.split(r"\{(\w+)\}", message)
    return re.compile("".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)" for index, part in enumerate(parts)),
                      re.DOTALL)


def said(message: str) -> str:
    """A usage error of typer or its click in bp's language (unchanged when its shape is not known)."""
    for shape in USAGE_ERRORS:
        found = _shape(shape).fullmatch(message)
        if found:
            return _(shape).format(**{name: said(value) for name, value in found.groupdict().items()})
    return message


def speak() -> None:
    """typer's words, its click's usage line and usage errors, and --help's help, in bp's language."""
    from typer import core
    from typer._click.exceptions import ClickException, UsageError
    from typer._click.formatting import HelpFormatter
    from typer.core import TyperCommand, TyperGroup

    core._ = _  # typer.core's words (TYPER_WORDS); a message bp has no translation of is said as typer says it
    for kind in (TyperCommand, TyperGroup):
        _once(kind, "get_help_option", _help_option_speaks)
    _once(HelpFormatter, "write_usage", _usage_speaks)
    for error in (ClickException, UsageError):
        _once(error, "show", _plain_errors_speak)
    if importlib.util.find_spec("rich") is None:  # rich not importable: typer would still reach for it (a traceback)
        import typer.main

        core.HAS_RICH = typer.main.HAS_RICH = False  # it prints plainly instead
        return
    # typer imports rich_utils (and rich, markdown_it: most of a command's start) only to show help or an error:
    # its words are set when it is imported, not before every command
    _when_imported("typer.rich_utils", _rich_speaks)


def _rich_speaks(rich_utils: Any) -> None:
    """typer.rich_utils's panels, defaults and errors in bp's language (the language is settled by then)."""
    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.ERRORS_PANEL_TITLE = _("Error")
    rich_utils.ABORTED_TEXT = _("Aborted.")
    rich_utils.DEFAULT_STRING = _("[default: {}]")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.RICH_HELP = _("Try [blue]'{command_path} {help_option}'[/] for help.")
    _once(rich_utils, "rich_format_error", _errors_speak)
    usage = rf"(?P<usage>{re.escape(_('Usage: '))})"
    rich_utils.OptionHighlighter.highlights = [
        *(pattern for pattern in rich_utils.OptionHighlighter.highlights if "?P<usage>" not in pattern), usage]
    if language() != SOURCE:
        from .line_breaking import use_in_rich

        _once(rich_utils, "_get_parameter_help", _options_help_folds)
        _once(rich_utils, "_make_command_help", _command_help_folds)
        use_in_rich()  # Japanese lines broken between phrases, not in a path or before 。


class _PatchedOnImport:
    """A finder of sys.meta_path that finds no module itself: when `name` is imported, `patch` is given it once
    it has run."""

    def __init__(self, name: str, patch: Callable[[ModuleType], None]) -> None:
        self.name, self.patch = name, patch

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        run, patch = spec.loader.exec_module, self.patch

        def exec_module(module: ModuleType) -> None:
            run(module)
            patch(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _when_imported(name: str, patch: Callable[[ModuleType], None]) -> None:
    """`patch(module)` as soon as the module `name` is imported: now if it has been."""
    if name in sys.modules:
        patch(sys.modules[name])
    elif not any(isinstance(finder, _PatchedOnImport) and finder.name == name for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchedOnImport(name, patch))


def _once(owner: Any, name: str, wrap: Callable[[Any], Any]) -> None:
    """`owner.name` replaced by `wrap(owner.name)`, once however often the commands load (tests import them again)."""
    made = getattr(owner, name, None)
    if made is None or getattr(made, "speaks_bp", False):
        return
    wrapped = wrap(made)
    wrapped.speaks_bp = True
    setattr(owner, name, wrapped)


def _help_option_speaks(made: Callable[..., Any]) -> Callable[..., Any]:
    def get_help_option(self: object, ctx: object) -> Any:
        option = made(self, ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    return get_help_option


def _usage_speaks(made: Callable[..., Any]) -> Callable[..., Any]:
    def write_usage(self: object, prog: str, args: str = "", prefix: str | None = None) -> None:
        made(self, prog, args, _("Usage: ") if prefix is None else prefix)

    return write_usage


def _errors_speak(made: Callable[..., Any]) -> Callable[..., Any]:
    def rich_format_error(error: Any) -> None:
        english = error.format_message
        error.format_message = lambda: said(english())
        made(error)

    return rich_format_error


def _plain_errors_speak(made: Callable[..., Any]) -> Callable[..., Any]:
    """click's `show` of an error (without rich) in bp's language: its usage line, the hint of --help and
    "Error:" with the message said again, as click's UsageError.show and ClickException.show print them."""

    def show(self: Any, file: Any = None) -> None:
        from typer._click._compat import get_text_stderr
        from typer._click.exceptions import UsageError
        from typer._click.utils import echo

        if file is None:
            file = get_text_stderr()
        color = self.show_color
        if isinstance(self, UsageError):
            color = None
            if self.ctx is not None:
                hint = ""
                if self.ctx.command.get_help_option(self.ctx) is not None:
                    hint = _("Try '{command} {option}' for help.").format(
                        command=self.ctx.command_path, option=self.ctx.help_option_names[0]) + "\n"
                color = self.ctx.color
                echo(f"{self.ctx.get_usage()}\n{hint}", file=file, color=color)
        echo(_("Error: {message}").format(message=said(self.format_message())), file=file, color=color)

    return show


def _command_help_folds(made: Callable[..., Any]) -> Callable[..., Any]:
    """A command's help in the commands panel folded too, not cut short on each line."""
    from rich.text import Text

    def command_help(**options: Any) -> Any:
        text = made(**options)
        if isinstance(text, Text):
            text.overflow = "fold"
        return text

    return command_help


def _options_help_folds(made: Callable[..., Any]) -> Callable[..., Any]:
    """An option's help folded at the column's edge: rich breaks lines at spaces only, and cut a Japanese
    sentence (which has none) short with an ellipsis."""
    from rich.text import Text

    def parameter_help(**options: Any) -> Any:
        columns = made(**options)
        for item in columns.renderables:
            if isinstance(item, Text):
                item.overflow = "fold"
        return columns

    return parameter_help
