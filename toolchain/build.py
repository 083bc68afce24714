"""`bp build`: every output under build/site, written to a temporary directory and moved into
place only when all of it is complete, so a failed build never leaves a half-written site."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import model as m
from .export import export_json


@dataclass(frozen=True)
class BuildContext:
    root: Path  # the rules repository
    definitions: m.Definitions
    site: Path  # the temporary site directory being written
    log: Callable[[str], None]


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[[BuildContext], None]


def _export(ctx: BuildContext) -> None:
    (ctx.site / "definitions.json").write_text(export_json(ctx.definitions), encoding="utf-8")


def _actionlist(ctx: BuildContext) -> None:
    from .actionlist import build_step  # imported here: `bp check` stays fast

    build_step(ctx)


def _rulebook(ctx: BuildContext) -> None:
    from .rulebook.build import build_rulebook  # imported here: Sphinx and WeasyPrint load only to build

    build_rulebook(ctx.root, ctx.site, log=ctx.log, definitions=ctx.definitions)


def steps() -> list[Step]:
    """The build steps, in order. Each writes only inside ctx.site."""
    return [Step("definitions.json", _export), Step("actionlist", _actionlist), Step("rulebook", _rulebook)]


class BuildError(Exception):
    """A step failed; the previous site is left untouched."""


def build_site(root: Path, definitions: m.Definitions, out: Path, log: Callable[[str], None], only: list[str] | None = None) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    work.chmod(0o755)  # mkdtemp makes it private; the site is meant to be served and shared
    try:
        ctx = BuildContext(root=root, definitions=definitions, site=work, log=log)
        for step in steps():
            if only and step.name not in only:
                continue
            log(f"building {step.name}")
            try:
                step.run(ctx)
            except BuildError:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure of a step fails the whole build
                raise BuildError(f"{step.name}: {exc}") from exc
        _replace(work, out)
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return out


def _replace(new: Path, out: Path) -> None:
    # Two renames: the old site is out of the way before the new one takes its name.
    old = out.with_name(f".{out.name}-old")
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    new.rename(out)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
