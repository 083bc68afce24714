"""`bp build`: every output of the site, planned, run and reported here; the command line only
parses the options and prints the report.

1. Plan (`plan_build`, cheap, nothing loaded): hash every input file (inputs.py). When the site's
   manifest says each chosen step was built from exactly these inputs, there is nothing to do.
2. Load and check the definitions: with findings nothing is built (`Unchecked`).
3. Run (`run_build`) the chosen steps of STEPS, in the table's order, into a staging copy of the
   site (steps.py says what each makes); the slow renderings run on a pool of processes (`-j`,
   at most MAX_WORKERS_PER_CORE per core).
4. Look at the inputs again: a file saved while the build read them makes what it wrote stale in
   the manifest (the next build makes it again). The manifest and the site's index.html are
   written last, and the staging site takes the site's place in one step (outputs.py). A failed,
   interrupted or killed build changes nothing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import posixpath
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..jobs import process_pool, stop_at_once
from ..provenance import BuildDate, build_date
from ..rulebook import BOOKLET_NAME, HTML_DIR, PDF_NAME, PRINT_SHOP_NAME
from . import steps
from .crosslinks import Published, edition_links, link_editions
from .editions import Edition, edition_fields, site_editions
from .index import FAVICON, INDEX
from .inputs import Inputs, fingerprint
from .manifest import MANIFEST, STALE, FileRecord, Manifest, StepRecord, read_manifest, text_key, write_manifest
from .outputs import MARKER, OutputError, carry_over, check_target, clean_stale, locked, marker_kind, publishing, write_marker
from .steps import ACTIONLIST, BALANCE, CACHE, DEFINITIONS_JSON, EDITIONS_BALANCE, Build, BuildReport

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
    from ..checks import Checked

SITE = "site"  # the marker kind of a directory `bp build` writes
CACHE_ENTRIES = ("doctrees", "doctrees-pdf", "html", "pdf")  # what an unmarked cache of earlier versions holds
MAX_WORKERS_PER_CORE = 2  # -j 10000 forked every worker at once and ran out of memory


class BuildError(Exception):
    """A step failed; the previous site is left untouched."""


class Cancelled(BuildError):
    """The caller asked the build to stop (bp serve, on a newer change); nothing is published."""


class Unchecked(BuildError):
    """The definitions have findings: nothing is built."""

    def __init__(self, checked: Checked) -> None:
        super().__init__(ngettext("{count} finding", "{count} findings", len(checked.findings)).format(count=len(checked.findings)))
        self.checked = checked


@dataclass(frozen=True)
class Step:
    name: str
    outputs: tuple[str, ...]  # the paths inside the site it writes (files or folders)
    groups: tuple[str, ...]  # the --only names that choose it besides its own
    run: Callable[[Build, str], None]  # makes the outputs (steps.py); given the build and the step's name
    pooled: bool = False  # renders on the pool of processes


# Every step with its runner, in the order they run. The slow, parallel step first: its PDFs render on
# the pool while Sphinx runs here. The lists' HTML after Sphinx: without the PDFs, a process of the pool
# makes them meanwhile (Build.make_list_pages_beside_sphinx).
STEPS: tuple[Step, ...] = (
    Step("actionlist-pdf", (f"{ACTIONLIST}/pdf",), ("pdf", ACTIONLIST), steps.actionlist_pdf, pooled=True),
    Step(DEFINITIONS_JSON, (DEFINITIONS_JSON,), ("html",), steps.definitions_json),
    Step("rulebook-html", (HTML_DIR,), ("html", "rulebook"), steps.rulebook_html),
    Step("actionlist-html", (f"{ACTIONLIST}/html",), ("html", ACTIONLIST), steps.actionlist_html, pooled=True),
    Step("rulebook-pdf", (PDF_NAME, BOOKLET_NAME, PRINT_SHOP_NAME), ("pdf", "rulebook"), steps.rulebook_pdf, pooled=True),
    Step(BALANCE, (BALANCE,), ("html",), steps.balance),  # the last bp balance report, linked when there is one
)
INDEX_STEP = Step("index", (INDEX, FAVICON), (), steps.index)  # always built, last: it lists what the site holds
_GROUPS = dict.fromkeys(group for step in STEPS for group in step.groups)
# What --only takes, as messages list it: a file, what the site holds (a group that names steps), a medium, each step.
ONLY_NAMES = tuple(dict.fromkeys([
    *(step.name for step in STEPS if step.outputs == (step.name,)),
    *sorted(_GROUPS, key=lambda group: not any(step.name.startswith(f"{group}-") for step in STEPS)),
    *(step.name for step in STEPS),
]))


def output_names() -> set[str]:
    """Every top-level entry a build writes into a site."""
    return {path.split("/")[0] for step in (*STEPS, INDEX_STEP) for path in step.outputs}


def default_site(root: Path) -> Path:
    return root / "build" / "site"


def default_cache(root: Path) -> Path:
    return root / "build" / "cache" / "rulebook"


def check_cache(cache: Path | None, root: Path) -> Path:
    """The rulebook's cache directory (`--cache`, or ROOT/build/cache/rulebook), once known safe: Sphinx
    writes and replaces folders in it, so like `--out` it must be new, empty, or a cache bp made."""
    if cache is None:
        return check_target(default_cache(root), root, CACHE, legacy=CACHE_ENTRIES)
    return check_target(cache, root, CACHE)


def check_site(out: Path | None, root: Path) -> Path:
    """The site directory to write (`--out`, or ROOT/build/site), once known safe; OutputError if not."""
    if out is None:
        return check_target(default_site(root), root, SITE, legacy=output_names() | {MANIFEST})
    return check_target(out, root, SITE)


def select_steps(only: Sequence[str] | None) -> list[Step]:
    """The steps a build runs: every step, or those named by --only (a step or a group; OutputError if unknown)."""
    if not only:
        return list(STEPS)
    unknown = [name for name in only if name not in ONLY_NAMES]
    if unknown:
        raise OutputError(_("no build step {unknown}; the steps are: {steps}").format(
            unknown=", ".join(repr(u) for u in unknown), steps=", ".join(ONLY_NAMES)))
    return [step for step in STEPS if step.name in only or set(step.groups) & set(only)]


def worker_count(jobs: int | None, chosen: Sequence[Step], log: Callable[[str], None] = lambda _: None) -> int:
    """The processes that render: `jobs` (default: the cores), at most MAX_WORKERS_PER_CORE per core,
    and one (this process) when no chosen step renders on the pool."""
    if not any(step.pooled for step in chosen):
        return 1
    cores = os.cpu_count() or 1
    most = MAX_WORKERS_PER_CORE * cores
    if jobs is not None and jobs > most:
        log(_("-j {jobs}: {most} processes render ({per_core} per core, {cores} cores); more would only wait").format(
            jobs=jobs, most=most, per_core=MAX_WORKERS_PER_CORE, cores=cores))
        return most
    return max(1, jobs or cores)


# -- 1. the plan ---------------------------------------------------------------------------------


@dataclass
class Plan:
    root: Path
    target: Path
    steps: list[Step]
    date: BuildDate
    inputs: Inputs  # the fingerprint of every input file, and their stamps when hashed
    previous: Manifest
    cache: Path  # the rulebook's Sphinx cache, checked by check_cache
    base_url: str | None = None  # the public address printed on the leaflets (--base-url); None: rules.yaml edition.url
    print_shop: bool = False  # also the rulebook for a print shop (--print-shop): bleed, crop marks

    @property
    def up_to_date(self) -> bool:
        return self.previous.fresh([step.name for step in (*self.steps, INDEX_STEP)], self.inputs.fingerprint, self.target)

    def settle(self, log: Callable[[str], None] = lambda _: None) -> bool:
        """Whether the site is up to date, asked while no other build writes it; what a killed
        build left beside the site is removed on the way."""
        if not self.target.is_dir():
            return False
        with locked(self.target, str(self.target), log):
            clean_stale(self.target)
            self.previous = read_manifest(self.target)
        return self.up_to_date


def _mixed(inputs: Inputs, base_url: str | None, print_shop: bool, *more: str) -> Inputs:
    """The fingerprint with what else makes another site of the same input files."""
    if base_url is not None:  # another address: another site, though no input file changed
        inputs = dataclasses.replace(inputs, fingerprint=text_key(inputs.fingerprint, base_url))
    if print_shop:  # one more output: the site is another, though no input file changed
        inputs = dataclasses.replace(inputs, fingerprint=text_key(inputs.fingerprint, PRINT_SHOP_NAME))
    if more:
        inputs = dataclasses.replace(inputs, fingerprint=text_key(inputs.fingerprint, *more))
    return inputs


def plan_build(root: Path, out: Path | None, only: Sequence[str] | None = None, cache: Path | None = None,
               base_url: str | None = None, print_shop: bool = False) -> Plan:
    """What a build would do, without loading anything (OutputError for a wrong --only, --out or --base-url)."""
    if base_url is not None and not base_url.startswith(("https://", "http://")):
        raise OutputError(_("--base-url {url} is not an absolute http(s) address: printed links must be absolute").format(url=repr(base_url)))
    chosen = select_steps(only)
    target = check_site(out, root)
    date = build_date(root)
    rulebook_cache = check_cache(cache, root)
    inputs = _mixed(fingerprint(root, date), base_url, print_shop)
    return Plan(root, target, chosen, date, inputs, read_manifest(target), rulebook_cache, base_url, print_shop)


@dataclass
class SitePlan:
    """The plans of every edition the site publishes (editions.py), the main edition's first."""

    plans: list[Plan]
    editions: list[Edition]

    @property
    def target(self) -> Path:
        return self.plans[0].target

    @property
    def up_to_date(self) -> bool:
        return all(plan.up_to_date for plan in self.plans)

    def settle(self, log: Callable[[str], None] = lambda _: None) -> bool:
        """Whether every edition is up to date, asked while no other build writes the site."""
        target = self.target
        if not target.is_dir():
            return False
        with locked(target, str(target), log):
            clean_stale(target)
            for plan in self.plans:
                plan.previous = read_manifest(plan.target)
        return self.up_to_date


def _other_base_url(main: Plan, edition: Edition) -> str | None:
    """An edition beside the main one is published in its folder: its leaflets print that address."""
    from urllib.parse import urljoin

    base = main.base_url or edition_fields(main.root).get("url")
    return urljoin(base if base.endswith("/") else f"{base}/", f"{edition.folder}/") if base else None


def edition_cache(main_cache: Path, edition: Edition) -> Path:
    """The rulebook's cache of an edition of the site: the main edition's, or one beside it (rulebook-v8.1)."""
    return main_cache.parent / f"{main_cache.name}-{edition.id}" if edition.folder else main_cache


def plan_site(root: Path, out: Path | None, only: Sequence[str] | None = None, cache: Path | None = None,
              base_url: str | None = None, print_shop: bool = False) -> SitePlan:
    """What a build of every edition would do (plan_build for each), without loading anything. The site's
    folder and cache are ROOT's, as with one edition; the main edition is built at the top of the site,
    the others into folders of it (editions.py), each with its own cache beside ROOT's (rulebook-v8.1)."""
    editions = site_editions(root)
    if len(editions) == 1:
        return SitePlan([plan_build(root, out, only, cache, base_url, print_shop)], editions)
    select_steps(only)  # a wrong --only is refused before anything else
    target, main_cache = check_site(out, root), check_cache(cache, root)
    together = [f"{edition.id}={edition.folder}" for edition in editions]  # another set of editions: other pages
    main = plan_build(editions[0].root, target, only, main_cache, base_url, print_shop)
    main.inputs = _mixed(main.inputs, None, False, *together)
    plans = [main]
    for edition in editions[1:]:
        address = _other_base_url(main, edition)  # from the main edition's rules.yaml: an input of this edition too
        plans.append(dataclasses.replace(
            main, root=edition.root, target=target / edition.folder, previous=read_manifest(target / edition.folder),
            inputs=_mixed(fingerprint(edition.root, main.date), address, print_shop, *together),
            cache=check_target(edition_cache(main_cache, edition), root, CACHE), base_url=address))
    return SitePlan(plans, editions)


# -- the whole build, as a command asks for it ---------------------------------------------------


def build_site(root: Path, out: Path | None = None, only: Sequence[str] | None = None, cache: Path | None = None,
               jobs: int | None = None, base_url: str | None = None, print_shop: bool = False, *, log: Callable[[str], None] = lambda _: None,
               checked: Checked | None = None) -> BuildReport:
    """Plan, check and run a build (bp build, bp rulebook, bp actionlist) of every edition the site
    publishes. Nothing is loaded when the site is up to date. `checked`: the definitions of `root`,
    loaded and checked already. OutputError: a wrong option or an output that cannot be written (or a
    declared edition that is not there); Unchecked: findings; BuildError: a step failed. The previous
    site is then untouched."""
    site = plan_site(root, out, only, cache, base_url, print_shop)  # a wrong --only or --out is refused before the work
    if site.up_to_date and site.settle(log):
        kept = [f"{edition.folder}/{path}" if edition.folder else path
                for plan, edition in zip(site.plans, site.editions) for step in plan.previous.steps.values() for path in step.files]
        return BuildReport(site.target, kept=sorted(kept), up_to_date=True)
    return run_site(site, lambda edition_root: _checked(edition_root, root, checked), log, jobs)


def _checked(edition_root: Path, root: Path, checked: Checked | None) -> m.Definitions:
    """The definitions of an edition, loaded and checked (Unchecked on an error; a warning does not stop a build)."""
    if checked is None or edition_root != root:
        from ..checks import load

        checked = load(edition_root)
    if checked.errors:
        raise Unchecked(checked)
    return checked.definitions


# -- 2. the build ----------------------------------------------------------------------------------


def _carry_over(build: Build, ran: set[str]) -> None:
    """The steps not run this time keep their outputs (and their records), and a user's own files
    in the site (a CNAME, say) are kept too. Shared by hard links: outputs are always written new."""
    old = build.plan.target
    if not old.is_dir():
        return
    for step in STEPS:
        if step.name in ran:
            continue
        for output in step.outputs:
            source = old / output
            if source.is_dir() and not source.is_symlink():
                for file in sorted(p for p in source.rglob("*") if p.is_file() or p.is_symlink()):
                    steps.link(file, build.staging / file.relative_to(old))
            elif source.is_file():
                steps.link(source, build.staging / output)
        record = build.previous.steps.get(step.name)
        if record is not None:
            present = {path: file for path, file in record.files.items() if (build.staging / path).is_file()}
            build.manifest.steps[step.name] = StepRecord(record.inputs, present, record.notes)
    ours = output_names() | {MARKER, MANIFEST}
    # An edition's folder is made by the build of that edition, or is gone with it from rules.yaml's site.editions.
    carry_over(old, build.staging, lambda name: name not in ours and marker_kind(old / name) != SITE)


def _mark_stale(build: Build, ran: set[str]) -> None:
    """The input files saved since the plan hashed them (even saved back as they were): what this
    build made may show them half-changed, so its steps are recorded stale, and built again next time."""
    changed = build.plan.inputs.changed()
    if not changed:
        return
    for name in ran:
        build.step(name).inputs = STALE
    shown = _("{names} and {more} more").format(names=", ".join(changed[:5]), more=len(changed) - 5) if len(changed) > 5 \
        else ", ".join(changed)
    build.log(_("changed during the build: {shown}; what this build made of them is stale: the next build makes it again").format(
        shown=shown))
    build.report.stale = changed


def run_build(plan: Plan, definitions: m.Definitions, log: Callable[[str], None] = lambda _: None, jobs: int | None = None,
              cancelled: Callable[[], bool] = lambda: False) -> BuildReport:
    """Build the planned steps into a staging copy of the site and swap it into place.
    `cancelled` is asked between steps and while the pool renders: when it says so, the build
    stops (within the renderings already running) and publishes nothing."""
    return run_site(SitePlan([plan], [Edition(plan.root, "", "", "")]), lambda _root: definitions, log, jobs, cancelled)


def _run_steps(build: Build, cancelled: Callable[[], bool]) -> set[str]:
    """Run one edition's planned steps into its staging folder; the names of the steps run."""
    plan = build.plan
    # The index lists the outputs of the steps not run this time too.
    ran = {step.name for step in plan.steps}
    _carry_over(build, ran)
    build.make_list_pages_beside_sphinx(ran)
    try:
        for step in plan.steps:
            if cancelled():
                raise Cancelled(_("stopped for a newer change"))
            step.run(build, step.name)
        build.finish_pending()
        if cancelled():
            raise Cancelled(_("stopped for a newer change"))
    except (BuildError, OutputError):
        raise
    except Exception as exc:
        if cancelled():  # the pool was stopped under the step's feet (_stop_rendering_when)
            raise Cancelled(_("stopped for a newer change")) from exc
        raise BuildError(_("{error} (the previous {target} is unchanged)").format(error=exc, target=plan.target)) from exc
    return ran


def run_site(site: SitePlan, definitions_of: Callable[[Path], m.Definitions | None], log: Callable[[str], None] = lambda _: None,
             jobs: int | None = None, cancelled: Callable[[], bool] = lambda: False,
             progress: Callable[[str], None] | None = None, stopped: Callable[[], bool] = lambda: False) -> BuildReport:
    """Build every edition of the site into one staging copy and swap it into place (all or nothing).
    `progress` takes the line each rendering says (default: `log`). `stopped`: the program is stopping (bp serve
    on Ctrl-C): the build stops as for `cancelled`, and the renderings under way are killed, not waited for.
    An edition whose inputs did not change is carried over as it was (`definitions_of` is not asked
    for it); with more than one edition, the editions' bar is put into every page (crosslinks.py)."""
    started = time.perf_counter()
    main = site.plans[0]
    workers = worker_count(jobs, [step for plan in site.plans for step in plan.steps], log)
    executor = process_pool(workers)
    several = len(site.plans) > 1
    asked = lambda: stopped() or cancelled()  # what every step asks
    with publishing(main.target, SITE, log) as staging, _shutdown(executor), _stop_rendering_when(asked, executor, stopped):
        builds: list[tuple[Edition, Build, set[str]]] = []
        # Every changed edition loaded and checked before any is built: findings in one stop them all at once.
        loaded = {plan.root: definitions_of(plan.root) for plan in site.plans if not (several and plan.up_to_date)}
        # The other editions first, into their folders: the main edition's carry-over then leaves those alone.
        for plan, edition in reversed(list(zip(site.plans, site.editions))):
            folder = staging / edition.folder
            if edition.folder:
                folder.mkdir()
                write_marker(folder, SITE)
            fresh = plan.root not in loaded
            definitions = loaded.get(plan.root)
            if fresh:
                plan = dataclasses.replace(plan, steps=[])
            build = Build(plan, definitions, folder, executor, log, workers, edition=edition_fields(plan.root) if fresh else None,
                          progress=progress, cancelled=asked)
            ran = _run_steps(build, asked)
            if fresh:  # carried over whole: every file is kept
                build.report.kept += [path for step in build.manifest.steps.values() for path in step.files]
            builds.append((edition, build, ran))
        builds.reverse()
        if several:
            link_editions([Published(edition, build) for edition, build, _ran in builds])
        for edition, build, ran in builds:
            build.others = [] if not several else edition_links(edition, site.editions)
            build.shared = {} if not several else _shared_files(edition, builds)
            INDEX_STEP.run(build, INDEX_STEP.name)
            _mark_stale(build, ran | {INDEX_STEP.name})
            write_manifest(build.staging, build.manifest)
    report = _site_report(site, [build for _edition, build, _ran in builds])
    report.seconds = time.perf_counter() - started
    return report


def _shared_files(edition: Edition, builds: list[tuple[Edition, Build, set[str]]]) -> dict[str, FileRecord]:
    """The files of the other editions that every edition's index lists (the editions' balance compared), each by
    its address from `edition`'s folder."""
    found: dict[str, FileRecord] = {}
    for other, build, _ran in builds:
        if other.folder == edition.folder:
            continue
        for step in build.manifest.steps.values():
            for path, record in step.files.items():
                if path.startswith(f"{EDITIONS_BALANCE}/") and record.label:
                    found[posixpath.relpath(posixpath.join(other.folder, path), edition.folder or ".")] = record
    return found


def _site_report(site: SitePlan, builds: list[Build]) -> BuildReport:
    """One report of every edition's: each edition's paths inside the site."""
    if len(builds) == 1:
        return builds[0].report
    report = BuildReport(site.plans[0].target, workers=builds[0].report.workers)
    for edition, build in zip(site.editions, builds):
        prefix = f"{edition.folder}/" if edition.folder else ""
        report.rendered += [prefix + path for path in build.report.rendered]
        report.kept += [prefix + path for path in build.report.kept]
        report.notes += build.report.notes
        report.stale += [path for path in build.report.stale if path not in report.stale]
    return report


@contextlib.contextmanager
def _stop_rendering_when(cancelled: Callable[[], bool], executor: Executor, stopped: Callable[[], bool]) -> Iterator[None]:
    """While the build runs, ask `cancelled` and `stopped` five times a second. Once `cancelled` says so, the
    renderings not yet started are dropped, so that a step waiting for them stops within one rendering (bp serve:
    a newer change is built without waiting for the rest of the PDFs); once `stopped` says so, the renderings
    under way are killed too (bp serve on Ctrl-C stops at once, not after the rulebook's longest chapter)."""
    done = threading.Event()

    def watch() -> None:
        dropped = False
        while not done.wait(0.2):
            if stopped():
                stop_at_once(executor)
                return
            if not dropped and cancelled():
                executor.shutdown(wait=False, cancel_futures=True)
                dropped = True

    watcher = threading.Thread(target=watch, name="bp-build-cancel", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
        if stopped():  # the build may end (a step saw it) before the watcher's next look: the pool's wait must not hang
            stop_at_once(executor)


@contextlib.contextmanager
def _shutdown(executor: Executor) -> Iterator[None]:
    """Stop the pool however the build ends: when it ends well, once every job has run; on a failure
    or Ctrl-C at once (what the running jobs would make is not published)."""
    try:
        yield
    except BaseException:
        stop_at_once(executor)
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
