"""`bp build`: every output of the site, written to a staging directory and swapped into place
only when all of it is complete, so a failed build never leaves a half-written site."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import model as m
from ..export import export_json
from ..rulebook import HTML_DIR, OUTPUTS as RULEBOOK_OUTPUTS
from .outputs import OutputError, carry_over, check_target, locked, owned_by, publishing, write_marker

SITE = "site"  # the marker kind of a directory `bp build` writes
CACHE = "rulebook-cache"  # the marker kind of the rulebook's Sphinx cache
CACHE_ENTRIES = ("doctrees", "doctrees-pdf", "html", "pdf")  # what an unmarked cache of earlier versions holds


@dataclass(frozen=True)
class BuildContext:
    root: Path  # the rules repository
    definitions: m.Definitions
    site: Path  # the staging site directory being written
    log: Callable[[str], None]
    cache: Path  # the rulebook's Sphinx cache: what a later build can reuse (checked by check_cache)


@dataclass(frozen=True)
class Step:
    name: str
    outputs: tuple[str, ...]  # the top-level entries of the site it writes
    run: Callable[[BuildContext], None]
    default: bool = True  # part of a plain `bp build`


def _export(ctx: BuildContext) -> None:
    (ctx.site / "definitions.json").write_text(export_json(ctx.definitions), encoding="utf-8")


def _actionlist(ctx: BuildContext) -> None:
    from ..actionlist.site import build_actionlists  # imported here: `bp check` stays fast

    build_actionlists(ctx.root, ctx.definitions, ctx.site / "actionlist", ctx.log)


def _rulebook(ctx: BuildContext) -> None:
    from ..rulebook.build import build_rulebook  # imported here: Sphinx and WeasyPrint load only to build

    cache = ctx.cache
    with locked(cache, str(cache), ctx.log):  # one Sphinx at a time per cache
        _mark_cache(cache)
        timings = build_rulebook(ctx.root, ctx.site, cache=cache, log=ctx.log, definitions=ctx.definitions)
    ctx.log("rulebook: " + ", ".join(f"{step} {seconds:.1f} s" for step, seconds in timings.steps.items()))


def _rulebook_html(ctx: BuildContext) -> None:
    from ..rulebook.build import build_rulebook_html

    cache = ctx.cache
    with locked(cache, str(cache), ctx.log):
        _mark_cache(cache)
        build_rulebook_html(ctx.root, ctx.site, cache=cache, log=ctx.log, definitions=ctx.definitions)


def _mark_cache(cache: Path) -> None:
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_marker(cache, CACHE)
    except OSError as exc:
        raise OutputError(f"cannot write the cache {cache}: {exc.strerror or exc}") from exc


def steps() -> list[Step]:
    """The build steps, in order. Each writes only its own outputs inside ctx.site."""
    return [
        Step("definitions.json", ("definitions.json",), _export),
        Step("actionlist", ("actionlist",), _actionlist),
        Step("rulebook", RULEBOOK_OUTPUTS, _rulebook),
        Step("rulebook-html", (HTML_DIR,), _rulebook_html, default=False),
    ]


class BuildError(Exception):
    """A step failed; the previous site is left untouched."""


def output_names() -> set[str]:
    """Every top-level entry a build writes into a site."""
    return {name for step in steps() for name in step.outputs}


def default_site(root: Path) -> Path:
    return root / "build" / "site"


def check_site(out: Path | None, root: Path) -> Path:
    """The site directory to write (`--out`, or ROOT/build/site), once known safe; OutputError if not."""
    if out is None:
        return check_target(default_site(root), root, SITE, legacy=output_names())
    return check_target(out, root, SITE)


def select_steps(only: Sequence[str] | None) -> list[Step]:
    """The steps a build runs: every default step, or those named by --only (OutputError if unknown)."""
    every = steps()
    if not only:
        return [step for step in every if step.default]
    names = {step.name for step in every}
    unknown = [name for name in only if name not in names]
    if unknown:
        raise OutputError(f"no build step {', '.join(repr(u) for u in unknown)}; the steps are: {', '.join(s.name for s in every)}")
    return [step for step in every if step.name in only]


def default_cache(root: Path) -> Path:
    return root / "build" / "cache" / "rulebook"


def check_cache(cache: Path | None, root: Path) -> Path:
    """The rulebook's cache directory (`--cache`, or ROOT/build/cache/rulebook), once known safe: Sphinx
    writes and replaces folders in it, so like `--out` it must be new, empty, or a cache bp made."""
    if cache is None:
        return check_target(default_cache(root), root, CACHE, legacy=CACHE_ENTRIES)
    return check_target(cache, root, CACHE)


def build_site(root: Path, definitions: m.Definitions, out: Path | None, log: Callable[[str], None],
               only: Sequence[str] | None = None, cache: Path | None = None) -> Path:
    """Run the steps into a staging copy of `out` (default: ROOT/build/site) and swap it into place.
    With `only`, the other outputs of the existing site are kept as they are. `cache`: the
    rulebook's Sphinx cache (default: ROOT/build/cache/rulebook)."""
    chosen = select_steps(only)
    target = check_site(out, root)
    rulebook_cache = check_cache(cache, root)
    with publishing(target, SITE, log) as work:
        ctx = BuildContext(root=root, definitions=definitions, site=work, log=log, cache=rulebook_cache)
        for step in chosen:
            log(f"building {step.name}")
            try:
                step.run(ctx)
            except (BuildError, OutputError):
                raise
            except Exception as exc:  # noqa: BLE001 - any failure of a step fails the whole build
                raise BuildError(f"{step.name}: {exc}") from exc
        written = {name for step in chosen for name in step.outputs}
        # Outputs of the steps not run, and anything else a user keeps in the site, stay as they were.
        carry_over(target, work, owned_by(written))
    return target
