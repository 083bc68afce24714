"""PDF leaflets with WeasyPrint, checked for missing glyphs, imposed 2-up, rendered in parallel."""

from __future__ import annotations

import io
import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from ..imposition import two_up
from ..jobs import start_worker
from ..pdf.fetch import LocalFetcher
from ..pdf.structure import save, stable_ids
from .columns import lay_columns_out_once
from .glyphs import check_pdf
from ..html_parsing import parse_with_cached_patterns


# Tagged (the text in reading order for a screen reader), with /Lang (the page's lang="ja"), its
# title shown, and PDF/UA-1 identification in its metadata.
PDF_VARIANT = "pdf/ua-1"


@dataclass(frozen=True)
class PdfJob:
    html: str  # the leaflet, self-contained (styles inline, no external resources)
    pdf: Path
    two_up: Path | None = None
    created: str | None = None  # the build date for the PDF's metadata (2026-11-23T00:00:00Z); none: no date


@dataclass(frozen=True)
class PdfResult:
    pdf: Path
    pages: int
    sheets: int  # of the 2-up file; 0 when there is none


def render(job: PdfJob) -> PdfResult:
    import pikepdf
    from weasyprint import HTML  # slow to import: only where a PDF is made

    lay_columns_out_once()
    parse_with_cached_patterns()
    fetcher = LocalFetcher()  # the leaflet is self-contained: data: URLs only, no file, no request
    document = HTML(string=job.html, url_fetcher=fetcher).render()
    fetcher.check()
    if job.created:
        document.metadata.created = document.metadata.modified = job.created
    written = document.write_pdf(pdf_variant=PDF_VARIANT)
    # Read once with pikepdf for the three steps that follow, instead of from the file by each.
    with pikepdf.open(io.BytesIO(written)) as pdf:
        stable_ids(pdf)
        save(pdf, job.pdf)
        check_pdf(job.pdf, job.html, pdf)
        sheets = two_up(pdf, job.two_up) if job.two_up else 0  # last: it moves the tags onto its sheets
    return PdfResult(job.pdf, len(document.pages), sheets)


def render_all(jobs: list[PdfJob], workers: int | None = None) -> list[PdfResult]:
    """Render every job, on as many processes as there are cores (WeasyPrint is single-threaded).
    The first failure is raised as soon as the jobs already under way have stopped: the jobs not
    started are dropped (a missing glyph fails every leaflet that prints the text; one says it)."""
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    if workers <= 1:
        return [render(job) for job in jobs]
    # Longest first, so that no worker is left with the big list at the end.
    ordered = sorted(jobs, key=lambda job: len(job.html), reverse=True)
    with ProcessPoolExecutor(max_workers=workers, initializer=start_worker) as pool:
        futures = {pool.submit(render, job): job for job in ordered}
        results: dict[Path, PdfResult] = {}
        for future in as_completed(futures):
            try:
                results[futures[future].pdf] = future.result()
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return [results[job.pdf] for job in jobs]
