"""What each step of a build makes, and the state they share (`Build`): the staging site, the
previous site and its manifest, the new manifest. pipeline.py's table lists the steps with these
runners, and runs them.

Every file has a key, the hash of what it is made from (an action list's PDF: the HTML it is laid
out from; a page: its own text); a file whose key the previous build recorded is hard-linked from
the previous site instead of rendered. The slow renderings (the action lists' PDFs, the rulebook
PDF's parts) run on a pool of processes while this process runs Sphinx.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..i18n import N_, _
from ..imposition import BOOKLET_NOTE, TWO_UP_NOTE
from ..jobs import PriorityPool, ahead
from ..provenance import code_salt, installed_versions
from ..rulebook import BOOKLET_NAME, HTML_DIR, PDF_NAME, PRINT_SHOP_NAME
from .index import FAVICON, INDEX, render_index
from .inputs import balance_report, stored_balance
from .manifest import FileRecord, Label, Manifest, StepRecord, file_hash, text_key
from .outputs import OutputError, locked, write_marker

if TYPE_CHECKING:  # pragma: no cover
    from .. import model as m
    from ..actionlist.site import ListOutput
    from .pipeline import Plan

CACHE = "rulebook-cache"  # the marker kind of the rulebook's Sphinx cache
ACTIONLIST = "actionlist"
DEFINITIONS_JSON = "definitions.json"
BALANCE = "balance"  # bp balance's report (build/balance), linked into the site when there is one
# A stored run of `bp balance --against` (balance/editions/ in the repository): two editions compared. Rendered
# into the site of the edition that keeps it, and linked from every edition's index (pipeline.run_site).
EDITIONS_BALANCE = f"{BALANCE}/editions"


@dataclass(frozen=True)
class Note:
    """What a step said beside its files (`bp build --format json`'s notes), kept as a message and its values and
    said when the report is printed: in English there unless --lang chose (output read by programs)."""

    message: str  # an N_() message id, its placeholders filled from `values`
    values: dict[str, str | list[str] | Note]

    def said(self) -> str:
        """The note in the language of the messages; a list is its items, or "none"."""
        return _(self.message).format(**{name: _said(value) for name, value in self.values.items()})


def _said(value: str | list[str] | Note) -> str:
    if isinstance(value, Note):
        return value.said()
    if isinstance(value, list):
        return ", ".join(value) or _("none")
    return value


@dataclass
class BuildReport:
    target: Path
    rendered: list[str] = field(default_factory=list)  # files made by this build
    kept: list[str] = field(default_factory=list)  # files taken unchanged from the previous site
    notes: list[Note] = field(default_factory=list)  # what else the steps said (pages Sphinx read, PDF parts)
    seconds: float = 0.0
    up_to_date: bool = False
    workers: int = 1  # the processes that rendered (-j, capped)
    stale: list[str] = field(default_factory=list)  # input files saved during the build: what it made from them is stale

    def to_json(self) -> dict[str, Any]:
        return {"site": str(self.target), "up_to_date": self.up_to_date, "rendered": sorted(self.rendered),
                "kept": sorted(self.kept), "notes": [note.said() for note in self.notes], "seconds": round(self.seconds, 2), "workers": self.workers,
                "stale": self.stale}


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

    def __init__(self, plan: Plan, definitions: m.Definitions | None, staging: Path, executor: Executor,
                 log: Callable[[str], None], workers: int = 1, edition: dict[str, str] | None = None,
                 progress: Callable[[str], None] | None = None, cancelled: Callable[[], bool] = lambda: False) -> None:
        self.plan, self.staging, self.executor, self.log = plan, staging, executor, log
        # Whether the caller asked the build to stop: asked by the steps that run long in this process (Sphinx).
        self.cancelled = cancelled
        # What each rendering took (a line a PDF or a part): `bp build` prints it, `bp serve` sums it in a line a phase.
        # `log` keeps what the user must read either way (a wait for another bp, files changed during the build).
        self.progress = progress or log
        # None for an edition carried over unchanged: no step runs, which alone read them; its `edition` as rules.yaml says
        self.definitions = cast("m.Definitions", definitions)
        if edition is not None:
            self.edition = edition
        self.others: list[tuple[str, str, bool]] = []  # the editions the site's index offers (name, address, this one)
        self.shared: dict[str, FileRecord] = {}  # other editions' files this index lists too, by their address from here
        self.previous = plan.previous
        self.manifest = Manifest(date=plan.date.iso)
        self.report = BuildReport(plan.target, workers=workers)
        self.pending: list[tuple[Future[Any], Callable[[Any], None]]] = []
        self._lock = threading.Lock()
        self._pages_made_elsewhere: Future[list[ListPage]] | None = None

    @cached_property
    def salt(self) -> str:
        return code_salt()

    @cached_property
    def edition(self) -> dict[str, str]:
        edition = self.definitions.rules.edition if self.definitions and self.definitions.rules else {}
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
        return self.manifest.steps.setdefault(step, StepRecord(self.plan.inputs.fingerprint))

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


def definitions_json(build: Build, step: str) -> None:
    from ..export import export_json

    label = Label("データ", "すべての定義", "JSON", 30)
    build.write(step, DEFINITIONS_JSON, export_json(build.definitions), label)


def actionlist_html(build: Build, step: str) -> None:
    for rank, page in enumerate(build.list_pages):
        label = Label("アクションリスト", page.title, "HTML", 20 + rank)
        build.write(step, f"{ACTIONLIST}/{page.page}", page.html, label)


def actionlist_pdf(build: Build, step: str) -> None:
    from ..actionlist.leaflet_pdf import PdfJob, render

    created = build.plan.date.w3c
    # Longest first: no process is left with the big list at the end while the other waits.
    for rank, output in sorted(enumerate(build.lists), key=lambda ranked: len(ranked[1].leaflet_html), reverse=True):
        pdf, two_up = f"{ACTIONLIST}/{output.pdf}", f"{ACTIONLIST}/{output.two_up}"
        key = text_key(build.salt, output.leaflet_html, created)
        labels = (Label("アクションリスト", output.title, "PDF (A5)", 20 + rank),
                  Label("アクションリスト", output.title, "2面付け PDF (A4)", 20 + rank, note=TWO_UP_NOTE))
        if all(build.previous.kept(step, path, key, build.plan.target) for path in (pdf, two_up)):
            build.keep(step, pdf, key, labels[0])
            build.keep(step, two_up, key, labels[1])
            continue
        (build.staging / pdf).parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        future = build.executor.submit(render, PdfJob(output.leaflet_html, build.staging / pdf, build.staging / two_up, created))

        def done(result: Any, pdf: str = pdf, two_up: str = two_up, key: str = key, labels: tuple[Label, Label] = labels) -> None:
            build.record(step, pdf, key, dataclasses.replace(labels[0], pages=result.pages))
            build.record(step, two_up, key, dataclasses.replace(labels[1], pages=result.sheets))

        def progress(future: Future[Any], pdf: str = pdf, started: float = started) -> None:
            if not future.cancelled() and future.exception() is None:
                build.progress(_("rendered {pdf}: {pages} pages ({seconds:.1f} s)").format(
                    pdf=pdf, pages=future.result().pages, seconds=time.perf_counter() - started))

        future.add_done_callback(progress)
        build.later(future, done)


def _rulebook_cache(build: Build) -> Path:
    cache = build.plan.cache
    try:
        cache.mkdir(parents=True, exist_ok=True)
        write_marker(cache, CACHE)
    except OSError as exc:
        raise OutputError(_("cannot write the cache {cache}: {reason}").format(cache=cache, reason=exc.strerror or exc)) from exc
    return cache


def rulebook_html(build: Build, step: str) -> None:
    from ..rulebook.sphinx_run import build_html_reporting

    cache = _rulebook_cache(build)
    out = build.staging / HTML_DIR
    started = time.perf_counter()
    with locked(cache, str(cache), build.log):  # one Sphinx at a time per cache
        _built, read = build_html_reporting(build.plan.root, cache, out, definitions=build.definitions,
                                       overrides=_stamp(build).html_overrides(), salt=build.salt, stop=build.cancelled)
    changed = []
    for file in sorted(p for p in out.rglob("*") if p.is_file()):
        path = file.relative_to(build.staging).as_posix()
        label = Label("ルールブック", "ルールブック", "HTML", 10) if path == f"{HTML_DIR}/index.html" else None
        key = file_hash(file)
        if not build.keep(step, path, key, label):
            build.record(step, path, key, label)
            changed.append(file.relative_to(out).as_posix())
    pages = [name for name in changed if "/" not in name]
    others = len(changed) - len(pages)
    changed_pages = ", ".join(pages) or _("no page")
    if others:
        changed_pages = _("{pages} and {others} other files").format(pages=changed_pages, others=others)
    build.progress(_("rulebook HTML ({seconds:.1f} s): Sphinx read {read} again; changed: {changed}").format(
        seconds=time.perf_counter() - started, read=", ".join(read) or _("nothing"), changed=changed_pages))
    build.report.notes.append(Note(N_("rulebook HTML: pages read again: {pages}"), {"pages": list(read)}))


def _stamp(build: Build) -> Any:
    from ..rulebook.sphinx_run import stamp_of

    return stamp_of(build.edition, build.plan.date.japanese, build.plan.date.w3c)


def rulebook_pdf(build: Build, step: str) -> None:
    from ..imposition import booklet
    from ..rulebook.sphinx_run import build_pdf, build_print_page

    cache = _rulebook_cache(build)
    started = time.perf_counter()
    with locked(cache, str(cache), build.log):
        page = build_print_page(build.plan.root, cache, definitions=build.definitions, stop=build.cancelled)
        # Its parts go before the action lists still waiting: they wait on one another, the lists on nothing.
        report = build_pdf(page, build.staging, cache, executor=ahead(build.executor), salt=build.salt, stamp=_stamp(build),
                           log=build.progress)
    pdf = build.staging / PDF_NAME
    key = file_hash(pdf)
    label = Label("ルールブック", "ルールブック", "PDF (A5)", 10, report.pages)
    if build.keep(step, PDF_NAME, key, label):
        pdf_note = Note(N_("unchanged"), {})
    else:
        build.record(step, PDF_NAME, key, label)
        pdf_note = Note(N_("parts laid out: {parts}"), {"parts": list(report.rendered)})
    build.progress(_("rulebook PDF ({seconds:.1f} s): {pages} pages, {note}").format(
        seconds=time.perf_counter() - started, pages=report.pages, note=pdf_note.said()))
    build.report.notes.append(Note(N_("{file}: {note}"), {"file": PDF_NAME, "note": pdf_note}))
    booklet_label = Label("ルールブック", "ルールブック", "製本用 PDF (A4)", 10, (report.pages + 3) // 4 * 2, BOOKLET_NOTE)
    if not build.keep(step, BOOKLET_NAME, key, booklet_label):
        # On a worker, which has WeasyPrint loaded (the printing note is drawn with it): here, it would be imported (0.5 s).
        ahead(build.executor).submit(booklet, pdf, build.staging / BOOKLET_NAME).result()
        build.record(step, BOOKLET_NAME, key, booklet_label)
    if build.plan.print_shop:
        with locked(cache, str(cache), build.log):
            shop = build_pdf(page, build.staging, cache, executor=ahead(build.executor), salt=build.salt, stamp=_stamp(build),
                             log=build.progress, print_shop=True)
        shop_label = Label("ルールブック", "ルールブック", "印刷所入稿用 PDF (A5, 塗り足し 3 mm・トンボ付き)", 10, shop.pages)
        shop_key = file_hash(build.staging / PRINT_SHOP_NAME)
        if not build.keep(step, PRINT_SHOP_NAME, shop_key, shop_label):
            build.record(step, PRINT_SHOP_NAME, shop_key, shop_label)


def balance(build: Build, step: str) -> None:
    """The balance report: the last `bp balance` run of this checkout (build/balance), linked as it is; else the run
    stored in the repository (balance/balance.json), its page rendered here without playing a game; else none."""
    report = balance_report(build.plan.root)
    build.step(step)  # recorded as made from these inputs even with no report: the next build is up to date
    _stored_comparison(build, step)
    label = Label("バランス", "AI どうしの対戦による測定", "HTML", 40)  # players' words: the command is in the editor's guide
    if (report / INDEX).is_file():
        for file in sorted(p for p in report.iterdir() if p.is_file() and p.suffix in (".html", ".json")):
            _link_balance(build, step, file, f"{BALANCE}/{file.name}", label)
        _link_kept_games(build, step, report)
        return
    stored = stored_balance(build.plan.root)
    if not (stored / "balance.json").is_file():
        return
    _render_stored(build, step, stored, BALANCE, label)
    _link_kept_games(build, step, stored)


def _render_stored(build: Build, step: str, stored: Path, folder: str, label: Label) -> None:
    """A stored run's page, rendered from its balance.json without playing, and the JSON beside it. Drawing its figures
    takes seconds, and every HTML build runs this step: the page is drawn again only when what it is drawn from
    changed (the file, the language it speaks, bp's code, matplotlib), else the previous site's is kept."""
    import json

    from ..balancepage import page_language, render

    source = (stored / "balance.json").read_bytes()
    path = f"{folder}/{INDEX}"
    key = text_key(build.salt, *installed_versions(("matplotlib",)), page_language(), source)
    if not build.keep(step, path, key, label):
        try:
            page = render(json.loads(source.decode("utf-8")))
        except (ValueError, KeyError, TypeError) as exc:  # not a report bp balance wrote
            raise OutputError(_("{path}: not a balance report bp balance wrote ({reason})").format(
                path=stored / "balance.json", reason=exc)) from exc
        target = build.staging / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
        build.record(step, path, key, label)
    _link_balance(build, step, stored / "balance.json", f"{folder}/balance.json", label)


def _stored_comparison(build: Build, step: str) -> None:
    """The editions compared (balance/editions/balance.json of `bp balance --against`), when the repository keeps it."""
    stored = stored_balance(build.plan.root) / "editions"
    if not (stored / "balance.json").is_file():
        return
    import json

    try:
        document = json.loads((stored / "balance.json").read_text(encoding="utf-8"))
        title = f"{document['base']['revision']} → {document['head']['revision']} (同じシャッフルでの AI どうしの対戦)"
    except (ValueError, KeyError, TypeError) as exc:  # said as any stored run that is not a comparison
        raise OutputError(_("{path}: not a comparison bp balance --against wrote ({reason})").format(
            path=stored / "balance.json", reason=exc)) from exc
    _render_stored(build, step, stored, EDITIONS_BALANCE, Label("バランス", f"版の比較: {title}", "HTML", 41))


def _link_balance(build: Build, step: str, file: Path, path: str, label: Label) -> None:
    if file.suffix != ".html":
        label = dataclasses.replace(label, kind=file.suffix.lstrip(".").upper())
    key = file_hash(file)
    if not build.keep(step, path, key, label):
        link(file, build.staging / path)
        build.record(step, path, key, label)


def _link_kept_games(build: Build, step: str, report: Path) -> None:
    """The games bp balance --readings kept (readings/*.jsonl), which the report's page links."""
    folder = report / "readings"
    if not folder.is_dir():
        return
    (build.staging / BALANCE / "readings").mkdir(parents=True, exist_ok=True)
    for file in sorted(p for p in folder.iterdir() if p.is_file() and p.suffix == ".jsonl"):
        path = f"{BALANCE}/readings/{file.name}"
        key = file_hash(file)
        if not build.keep(step, path, key, None):
            link(file, build.staging / path)
            build.record(step, path, key, None)


def index(build: Build, step: str) -> None:
    from ..actionlist.favicon import favicon_svg

    files = {path: record for step in build.manifest.steps.values() for path, record in step.files.items()}
    build.write(step, INDEX, render_index(build.edition, build.plan.date.japanese, {**files, **build.shared}, build.others), None)
    build.write(step, FAVICON, favicon_svg(), None)  # the landing page's icon; the rulebook may link it too

