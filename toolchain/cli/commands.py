"""The typer application: every `bp` command (one module per group of commands)."""

from __future__ import annotations

import typer

from . import actionlist, build, check, diff, rulebook, serve, sim

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
