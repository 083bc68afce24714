"""`bp build`: every output of the site, incremental, in parallel, published all at once.

1. Plan (cheap, nothing loaded): hash every input file (inputs.py). When the site's manifest
   says each chosen step was built from exactly these inputs, there is nothing to do.
2. Otherwise the caller loads and checks the definitions, and each step renders its outputs
   into a staging copy of the site. Every file has a key, the hash of what it is made from (an
   action list's PDF: the HTML it is laid out from; a page: its own text); a file whose key
   the previous build recorded is hard-linked from the previous site instead of rendered.
   The slow renderings (the action lists' PDFs, the rulebook PDF's parts) run on a pool of
   processes (`-j N`) while this process runs Sphinx.
3. The manifest and the site's index.html are written last, and the staging site takes the
   site's place in one step (outputs.py). A failed or killed build changes nothing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..jobs import PriorityPool, ahead, process_pool
from ..provenance import BuildDate, build_date, code_salt
from ..rulebook import BOOKLET_NAME, HTML_DIR, PDF_NAME
from .index import FAVICON, INDEX, render_index
from .inputs import balance_report, fingerprint
from .manifest import MANIFEST, FileRecord, Label, Manifest, StepRecord, file_hash, read_manifest, text_key, write_manifest
from .outputs import MARKER, OutputError, carry_over, check_target, clean_stale, locked, publishing, write_marker

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
    from ..actionlist.site import ListOutput

SITE = "site"  # the marker kind of a directory `bp build` writes
CACHE = "rulebook-cache"  # the marker kind of the rulebook's Sphinx cache
CACHE_ENTRIES = ("doctrees", "doctrees-pdf", "html", "pdf")  # what an unmarked cache of earlier versions holds
ACTIONLIST = "actionlist"
BALANCE = "balance"  # bp balance's report (build/balance), linked into the site when there is one


class BuildError(Exception):
    """A step failed; the previous site is left untouched."""


class Cancelled(BuildError):
    """The caller asked the build to stop (bp serve, on a newer change); nothing is published."""


@dataclass(frozen=True)
class Step:
    name: str
    outputs: tuple[str, ...]  # the paths inside the site it writes (files or folders)
    groups: tuple[str, ...]  # the --only names that choose it besides its own


STEPS: tuple[Step, ...] = (
    Step("definitions.json", ("definitions.json",), ("html",)),
    Step("actionlist-html", (f"{ACTIONLIST}/html",), ("html", ACTIONLIST)),
    Step("actionlist-pdf", (f"{ACTIONLIST}/pdf",), ("pdf", ACTIONLIST)),
    Step("rulebook-html", (HTML_DIR,), ("html", "rulebook")),
    Step("rulebook-pdf", (PDF_NAME, BOOKLET_NAME), ("pdf", "rulebook")),
    Step(BALANCE, (BALANCE,), ("html",)),
)
INDEX_STEP = Step("index", (INDEX, FAVICON), ())  # always built: it lists what the site holds
ONLY_NAMES = ("definitions.json", ACTIONLIST, "rulebook", "html", "pdf", *(s.name for s in STEPS[1:]))


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
        raise OutputError(f"no build step {', '.join(repr(u) for u in unknown)}; the steps are: {', '.join(ONLY_NAMES)}")
    return [step for step in STEPS if step.name in only or set(step.groups) & set(only)]


# -- 1. the plan ---------------------------------------------------------------------------------


@dataclass
class Plan:
    root: Path
    target: Path
    steps: list[Step]
    date: BuildDate
    inputs: str  # the fingerprint of every input file
    previous: Manifest
    cache: Path  # the rulebook's Sphinx cache, checked by check_cache
    base_url: str | None = None  # the public address printed on the leaflets (--base-url); None: rules.yaml edition.url

    @property
    def up_to_date(self) -> bool:
        return self.previous.fresh([step.name for step in (*self.steps, INDEX_STEP)], self.inputs, self.target)

    def settle(self, log: Callable[[str], None] = lambda _: None) -> bool:
        """Whether the site is up to date, asked while no other build writes it; what a killed
        build left beside the site is removed on the way."""
        if not self.target.is_dir():
            return False
        with locked(self.target, str(self.target), log):
            clean_stale(self.target)
            self.previous = read_manifest(self.target)
        return self.up_to_date


def plan_build(root: Path, out: Path | None, only: Sequence[str] | None = None, cache: Path | None = None,
               base_url: str | None = None) -> Plan:
    """What a build would do, without loading anything (OutputError for a wrong --only or --out)."""
    steps = select_steps(only)
    target = check_site(out, root)
    date = build_date(root)
    rulebook_cache = check_cache(cache, root)
    inputs = fingerprint(root, date)
    if base_url is not None:  # another address: another site, though no input file changed
        inputs = text_key(inputs, base_url)
    return Plan(root, target, steps, date, inputs, read_manifest(target), rulebook_cache, base_url)


# -- 2. the build ----------------------------------------------------------------------------------


@dataclass
class BuildReport:
    target: Path
    rendered: list[str] = field(default_factory=list)  # files made by this build
    kept: list[str] = field(default_factory=list)  # files taken unchanged from the previous site
    notes: list[str] = field(default_factory=list)  # what else the steps said (pages Sphinx read, PDF parts)
    seconds: float = 0.0
    up_to_date: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"site": str(self.target), "up_to_date": self.up_to_date, "rendered": sorted(self.rendered),
                "kept": sorted(self.kept), "notes": self.notes, "seconds": round(self.seconds, 2)}


@dataclass(frozen=True)
class ListPage:
    """An action list's web page, as the site holds it (what a process of the pool sends back)."""

    page: str  # html/lite.html, relative to the action lists' folder
    title: str
    html: str


def make_list_pages(root: Path, definitions: m.Definitions, date: str, base_url: str | None) -> list[ListPage]:
    from ..actionlist.site import list_outputs

    return [ListPage(output.page, output.title, output.page_html) for output in list_outputs(root, definitions, date, base_url)]


class Build:
    """One build's state: the staging site, the previous site and manifest, the new manifest."""

    def __init__(self, plan: Plan, definitions: m.Definitions, staging: Path, executor: Executor,
                 log: Callable[[str], None], workers: int = 1) -> None:
        self.plan, self.definitions, self.staging, self.executor, self.log = plan, definitions, staging, executor, log
        self.workers = workers
        self.previous = plan.previous
        self.manifest = Manifest(date=plan.date.iso)
        self.report = BuildReport(plan.target)
        self.pending: list[tuple[Future[Any], Callable[[Any], None]]] = []
        self._lock = threading.Lock()
        self._pages_made_elsewhere: Future[list[ListPage]] | None = None

    @cached_property
    def salt(self) -> str:
        return code_salt()

    @cached_property
    def edition(self) -> dict[str, str]:
        edition = self.definitions.rules.edition if self.definitions.rules else {}
        return {key: str(value) for key, value in edition.items()}

    @cached_property
    def lists(self) -> list[ListOutput]:
        from ..actionlist.site import list_outputs

        return list_outputs(self.plan.root, self.definitions, self.plan.date.japanese, self.plan.base_url)

    @property
    def list_pages(self) -> list[ListPage]:
        if self._pages_made_elsewhere is not None:
            return self._pages_made_elsewhere.result()
        return [ListPage(output.page, output.title, output.page_html) for output in self.lists]

    def make_list_pages_beside_sphinx(self, ran: set[str]) -> None:
        """The lists' web pages made by a process of the pool while Sphinx runs in this one, when the build
        writes the HTML only (with the PDFs, this process needs the lists first, to queue the PDFs)."""
        if isinstance(self.executor, PriorityPool) and {"actionlist-html", "rulebook-html"} <= ran and "actionlist-pdf" not in ran:
            self._pages_made_elsewhere = self.executor.submit(make_list_pages, self.plan.root, self.definitions,
                                                              self.plan.date.japanese, self.plan.base_url)

    def step(self, step: str) -> StepRecord:
        return self.manifest.steps.setdefault(step, StepRecord(self.plan.inputs))

    # Files --------------------------------------------------------------------------------------

    def record(self, step: str, path: str, key: str, label: Label | None = None, *, rendered: bool = True) -> None:
        file = self.staging / path
        record = FileRecord(key, file_hash(file), file.stat().st_size, label)
        with self._lock:
            self.step(step).files[path] = record
            (self.report.rendered if rendered else self.report.kept).append(path)

    def keep(self, step: str, path: str, key: str, label: Label | None = None) -> bool:
        """Link `path` from the previous site when it was made from the same `key`."""
        previous = self.previous.kept(step, path, key, self.plan.target)
        if previous is None:
            return False
        link(self.plan.target / path, self.staging / path)
        if label is not None and label.pages is None and previous.label is not None:
            label = dataclasses.replace(label, pages=previous.label.pages)
        self.record(step, path, key, label, rendered=False)
        return True

    def write(self, step: str, path: str, text: str, label: Label | None = None) -> None:
        """A cheap output, keyed by its own text: written unless the previous site has the same."""
        key = text_key(text)
        if not self.keep(step, path, key, label):
            target = self.staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            self.record(step, path, key, label)

    def later(self, future: Future[Any], done: Callable[[Any], None]) -> None:
        """`done(result)` once the job has run (in this process, after the other steps)."""
        self.pending.append((future, done))

    def finish_pending(self) -> None:
        for future, done in self.pending:
            done(future.result())
        self.pending.clear()


def link(source: Path, target: Path) -> None:
    """`target` becomes another name of `source` (outputs are never modified in place, so sharing
    the inode is safe); a copy where hard links are impossible."""
    import shutil

    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        target.unlink()
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


# -- the steps -------------------------------------------------------------------------------------


def _definitions_json(build: Build) -> None:
    from ..export import export_json

    label = Label("データ", "すべての定義", "JSON", 30)
    build.write("definitions.json", "definitions.json", export_json(build.definitions), label)


def _actionlist_html(build: Build) -> None:
    for rank, page in enumerate(build.list_pages):
        label = Label("アクションリスト", page.title, "HTML", 20 + rank)
        build.write("actionlist-html", f"{ACTIONLIST}/{page.page}", page.html, label)


def _actionlist_pdf(build: Build) -> None:
    from ..actionlist.pdf import PdfJob, render

    created = build.plan.date.w3c
    # Longest first: no process is left with the big list at the end while the other waits.
    for rank, output in sorted(enumerate(build.lists), key=lambda ranked: len(ranked[1].leaflet_html), reverse=True):
        pdf, two_up = f"{ACTIONLIST}/{output.pdf}", f"{ACTIONLIST}/{output.two_up}"
        key = text_key(build.salt, output.leaflet_html, created)
        labels = (Label("アクションリスト", output.title, "PDF (A5)", 20 + rank),
                  Label("アクションリスト", output.title, "2面付け PDF (A4)", 20 + rank))
        if all(build.previous.kept("actionlist-pdf", path, key, build.plan.target) for path in (pdf, two_up)):
            build.keep("actionlist-pdf", pdf, key, labels[0])
            build.keep("actionlist-pdf", two_up, key, labels[1])
            continue
        (build.staging / pdf).parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        future = build.executor.submit(render, PdfJob(output.leaflet_html, build.staging / pdf, build.staging / two_up, created))

        def done(result: Any, pdf: str = pdf, two_up: str = two_up, key: str = key, labels: tuple[Label, Label] = labels) -> None:
            build.record("actionlist-pdf", pdf, key, dataclasses.replace(labels[0], pages=result.pages))
            build.record("actionlist-pdf", two_up, key, dataclasses.replace(labels[1], pages=result.sheets))

        def progress(future: Future[Any], pdf: str = pdf, started: float = started) -> None:
            if not future.cancelled() and future.exception() is None:
                build.log(f"rendered {pdf}: {future.result().pages} pages ({time.perf_counter() - started:.1f} s)")

        future.add_done_callback(progress)
        build.later(future, done)


def _rulebook_cache(build: Build) -> Path:
    cache = build.plan.cache
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_marker(cache, CACHE)
    except OSError as exc:
        raise OutputError(f"cannot write the cache {cache}: {exc.strerror or exc}") from exc
    return cache


def _rulebook_html(build: Build) -> None:
    from ..rulebook.build import build_html_reporting

    cache = _rulebook_cache(build)
    out = build.staging / HTML_DIR
    started = time.perf_counter()
    with locked(cache, str(cache), build.log):  # one Sphinx at a time per cache
        _, read = build_html_reporting(build.plan.root, cache, out, definitions=build.definitions,
                                       overrides=_stamp(build).html_overrides(), salt=build.salt)
    changed = []
    for file in sorted(p for p in out.rglob("*") if p.is_file()):
        path = file.relative_to(build.staging).as_posix()
        label = Label("ルールブック", "ルールブック", "HTML", 10) if path == f"{HTML_DIR}/index.html" else None
        key = file_hash(file)
        if not build.keep("rulebook-html", path, key, label):
            build.record("rulebook-html", path, key, label)
            changed.append(file.relative_to(out).as_posix())
    pages = [name for name in changed if "/" not in name]
    others = len(changed) - len(pages)
    build.log(f"rulebook HTML ({time.perf_counter() - started:.1f} s): Sphinx read {', '.join(read) or 'nothing'} again; "
              f"changed: {', '.join(pages) or 'no page'}{f' and {others} other files' if others else ''}")
    build.report.notes.append(f"rulebook HTML: pages read again: {', '.join(read) or 'none'}")


def _stamp(build: Build) -> Any:
    from ..rulebook.build import stamp_of

    return stamp_of(build.edition, build.plan.date.japanese, build.plan.date.w3c)


def _rulebook_pdf(build: Build) -> None:
    from ..imposition import booklet
    from ..rulebook.build import build_pdf, build_print_page

    cache = _rulebook_cache(build)
    started = time.perf_counter()
    with locked(cache, str(cache), build.log):
        page = build_print_page(build.plan.root, cache)
        # Its parts go before the action lists still waiting: they wait on one another, the lists on nothing.
        report = build_pdf(page, build.staging, cache, executor=ahead(build.executor), salt=build.salt, stamp=_stamp(build),
                           log=build.log)
    pdf = build.staging / PDF_NAME
    key = file_hash(pdf)
    label = Label("ルールブック", "ルールブック", "PDF (A5)", 10, report.pages)
    if build.keep("rulebook-pdf", PDF_NAME, key, label):
        pdf_note = "unchanged"
    else:
        build.record("rulebook-pdf", PDF_NAME, key, label)
        pdf_note = f"parts laid out: {', '.join(report.rendered) or 'none'}"
    build.log(f"rulebook PDF ({time.perf_counter() - started:.1f} s): {report.pages} pages, {pdf_note}")
    build.report.notes.append(f"{PDF_NAME}: {pdf_note}")
    booklet_label = Label("ルールブック", "ルールブック", "製本用 PDF (A4)", 10, (report.pages + 3) // 4 * 2)
    if not build.keep("rulebook-pdf", BOOKLET_NAME, key, booklet_label):
        # On a worker, which has WeasyPrint loaded (the printing note is drawn with it): here, it would be imported (0.5 s).
        ahead(build.executor).submit(booklet, pdf, build.staging / BOOKLET_NAME).result()
        build.record("rulebook-pdf", BOOKLET_NAME, key, booklet_label)


def _balance(build: Build) -> None:
    """The last `bp balance` report of the repository (build/balance), linked into the site as it is, when there is one."""
    report = balance_report(build.plan.root)
    if not (report / INDEX).is_file():
        return
    for file in sorted(p for p in report.iterdir() if p.is_file() and p.suffix in (".html", ".json")):
        path = f"{BALANCE}/{file.name}"
        label = Label("バランス", "自己対戦による測定 (bp balance)", "JSON" if file.suffix == ".json" else "HTML", 40)
        key = file_hash(file)
        if not build.keep(BALANCE, path, key, label):
            link(file, build.staging / path)
            build.record(BALANCE, path, key, label)


RUNNERS: dict[str, Callable[[Build], None]] = {
    # The slow, parallel step first: its PDFs render on the pool while Sphinx runs here. The lists' HTML
    # after Sphinx: without the PDFs, a process of the pool makes them meanwhile (make_list_pages_beside_sphinx).
    "actionlist-pdf": _actionlist_pdf,
    "definitions.json": _definitions_json,
    "rulebook-html": _rulebook_html,
    "actionlist-html": _actionlist_html,
    "rulebook-pdf": _rulebook_pdf,
    BALANCE: _balance,
}


def _index(build: Build) -> None:
    from ..actionlist.favicon import favicon_svg

    files = {path: record for step in build.manifest.steps.values() for path, record in step.files.items()}
    build.write("index", INDEX, render_index(build.edition, build.plan.date.japanese, files), None)
    build.write("index", FAVICON, favicon_svg(), None)  # the landing page's icon; the rulebook may link it too


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
                    link(file, build.staging / file.relative_to(old))
            elif source.is_file():
                link(source, build.staging / output)
        record = build.previous.steps.get(step.name)
        if record is not None:
            present = {path: file for path, file in record.files.items() if (build.staging / path).is_file()}
            build.manifest.steps[step.name] = StepRecord(record.inputs, present, record.notes)
    ours = output_names() | {MARKER, MANIFEST}
    carry_over(old, build.staging, lambda name: name not in ours)


def run_build(plan: Plan, definitions: m.Definitions, log: Callable[[str], None] = lambda _: None, jobs: int | None = None,
              cancelled: Callable[[], bool] = lambda: False) -> BuildReport:
    """Build the planned steps into a staging copy of the site and swap it into place.
    `cancelled` is asked between steps and while the pool renders: when it says so, the build
    stops (within the renderings already running) and publishes nothing."""
    started = time.perf_counter()
    workers = max(1, jobs or os.cpu_count() or 1)
    executor = process_pool(workers)
    with publishing(plan.target, SITE, log) as staging, _shutdown(executor), _stop_rendering_when(cancelled, executor):
        build = Build(plan, definitions, staging, executor, log, workers)
        # The index lists the outputs of the steps not run this time too.
        ran = {step.name for step in plan.steps}
        _carry_over(build, ran)
        build.make_list_pages_beside_sphinx(ran)
        try:
            for name, run in RUNNERS.items():
                if name in ran:
                    if cancelled():
                        raise Cancelled("stopped for a newer change")
                    run(build)
            build.finish_pending()
            if cancelled():
                raise Cancelled("stopped for a newer change")
        except (BuildError, OutputError):
            raise
        except Exception as exc:  # noqa: BLE001 - any failure of a step fails the whole build
            if cancelled():  # the pool was stopped under the step's feet (_stop_rendering_when)
                raise Cancelled("stopped for a newer change") from exc
            raise BuildError(str(exc)) from exc
        _index(build)
        write_manifest(staging, build.manifest)
    build.report.seconds = time.perf_counter() - started
    return build.report


@contextlib.contextmanager
def _stop_rendering_when(cancelled: Callable[[], bool], executor: Executor) -> Iterator[None]:
    """While the build runs, ask `cancelled` five times a second; once it says so, the renderings
    not yet started are dropped, so that a step waiting for them stops within one rendering
    (bp serve: a newer change is built without waiting for the rest of the PDFs)."""
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.2):
            if cancelled():
                executor.shutdown(wait=False, cancel_futures=True)
                return

    watcher = threading.Thread(target=watch, name="bp-build-cancel", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()


@contextlib.contextmanager
def _shutdown(executor: Executor) -> Iterator[None]:
    """Stop the pool however the build ends: queued jobs are dropped, running ones awaited."""
    try:
        yield
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def build_site(root: Path, definitions: m.Definitions, out: Path | None, log: Callable[[str], None],
               only: Sequence[str] | None = None, cache: Path | None = None, jobs: int | None = None) -> Path:
    """Plan and run a build with definitions already loaded and checked (bp actionlist, bp rulebook)."""
    plan = plan_build(root, out, only, cache)
    if not (plan.up_to_date and plan.settle(log)):
        run_build(plan, definitions, log, jobs)
    return plan.target
