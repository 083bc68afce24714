"""The typer application: every `bp` command (one module per group of commands)."""

from __future__ import annotations

import typer

from . import actionlist, balance, build, check, diff, play, rulebook, serve, sim


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

app = typer.Typer(
    help="BlackPoker rules toolchain: check the definitions, build the rulebook and the action lists.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("check")(check.check)
app.command("export")(check.export)
app.command("build")(build.build)
app.command("codes")(check.codes)
app.command("actionlist")(actionlist.actionlist)
app.command("sim")(sim.sim)
app.command("replay")(sim.replay)
app.command("rulebook")(rulebook.rulebook)
app.command("diff")(diff.diff)
app.command("serve")(serve.serve)
app.command("play")(play.play)
app.command("balance")(balance.balance)
