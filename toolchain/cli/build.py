"""`bp build`: check, then every output into the site, all at once or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RootOption, fail, load_clean, resolve_root


def build(
    root: RootOption = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Output directory (default: ROOT/build/site).")] = None,
    only: Annotated[
        Optional[list[str]],
        typer.Option("--only", help="Build only these steps (repeatable): definitions.json, actionlist, rulebook, rulebook-html. The rest of the site is kept."),
    ] = None,
) -> None:
    """Check, then build every output into build/site (atomically: all or nothing).

    --out must be a new or empty directory, or one that bp built: a directory holding other files is refused (exit 2)."""
    from ..site.build import BuildError, build_site, check_site, select_steps
    from ..site.outputs import OutputError

    root_path = resolve_root(root)
    try:
        select_steps(only)  # refuse a wrong --only or --out before the work
        target = check_site(out, root_path)
    except OutputError as exc:
        fail("build", str(exc), 2)
    checked = load_clean(root_path, "build")
    try:
        build_site(root_path, checked.definitions, out, log=lambda message: typer.echo(f"  {message}", err=True), only=only)
    except OutputError as exc:
        fail("build", str(exc), 2)
    except BuildError as exc:
        fail("build", f"{exc} (the previous {target} is unchanged)", 1)
    typer.echo(f"built {target}")
