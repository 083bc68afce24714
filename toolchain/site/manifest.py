"""The manifest of a site (`.bp-manifest.json`): for each build step, the fingerprint of the
inputs it was built from, and for each of its files the key of what it was rendered from
and the file's own hash. The next build keeps what a key says is unchanged.

It is written into the staging site with everything else, so it is published in the same
atomic step: a failed or killed build leaves the previous manifest with the previous site.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..ownfiles import read_regular_file
from ..resultcache import key_of as text_key  # a key from the things an output is rendered from

MANIFEST = ".bp-manifest.json"
FORMAT = 1
STALE = "stale"  # the inputs of a step whose input files changed while it ran: no fingerprint is that


@dataclass(frozen=True)
class Label:
    """How the site's index lists a file: in a section, on the row of its title, in the column of its kind."""

    section: str  # ルールブック, アクションリスト, データ
    title: str  # プロ, A5 …
    kind: str  # HTML, PDF (A5), 2面付け PDF (A4), 製本用 PDF (A4), JSON
    rank: int = 0  # the order of sections and rows on the index
    pages: int | None = None
    note: str = ""  # how to print a file of this kind (the imposed PDFs), said once under its section

    def to_json(self) -> dict[str, Any]:
        return {"section": self.section, "title": self.title, "kind": self.kind, "rank": self.rank, "pages": self.pages,
                "note": self.note}


@dataclass
class FileRecord:
    key: str  # the hash of what the file was rendered from (for a PDF: its HTML; for a page: itself)
    sha256: str  # the file's bytes
    size: int
    label: Label | None = None  # listed on the site's index

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "sha256": self.sha256, "size": self.size}
        if self.label:
            data["label"] = self.label.to_json()
        return data


@dataclass
class StepRecord:
    inputs: str  # the build's input fingerprint when this step last ran
    files: dict[str, FileRecord] = field(default_factory=dict)  # path relative to the site → record
    notes: dict[str, Any] = field(default_factory=dict)  # step-specific facts (page counts, …)

    def to_json(self) -> dict[str, Any]:
        return {"inputs": self.inputs, "files": {path: record.to_json() for path, record in sorted(self.files.items())},
                "notes": self.notes}


@dataclass
class Manifest:
    date: str = ""
    steps: dict[str, StepRecord] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "date": self.date, "steps": {name: step.to_json() for name, step in sorted(self.steps.items())}}

    def fresh(self, names: list[str], inputs: str, site: Path) -> bool:
        """Whether every step of `names` was built from `inputs` and all its files are still there."""
        for name in names:
            step = self.steps.get(name)
            if step is None or step.inputs != inputs:
                return False
            for path, record in step.files.items():
                try:
                    if (site / path).stat().st_size != record.size:
                        return False
                except OSError:
                    return False
        return True

    def kept(self, step: str, path: str, key: str, site: Path) -> FileRecord | None:
        """The record of `path` when the previous build rendered it from the same `key` and the file is intact."""
        record = self.steps.get(step, StepRecord("")).files.get(path)
        if record is None or record.key != key:
            return None
        try:
            return record if (site / path).stat().st_size == record.size else None
        except OSError:
            return None


def read_manifest(site: Path) -> Manifest:
    """The manifest of an existing site; an empty one when there is none or it cannot be read
    (then everything is rendered again, which is always correct)."""
    try:
        data = json.loads(read_regular_file(site / MANIFEST).decode("utf-8"))  # a FIFO there: OSError
        if data.get("format") != FORMAT:
            return Manifest()
        steps = {
            name: StepRecord(
                step["inputs"],
                {path: FileRecord(rec["key"], rec["sha256"], rec["size"], Label(**rec["label"]) if rec.get("label") else None)
                 for path, rec in step["files"].items()},
                step.get("notes", {}),
            )
            for name, step in data["steps"].items()
        }
        return Manifest(data.get("date", ""), steps)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Manifest()


def write_manifest(site: Path, manifest: Manifest) -> None:
    (site / MANIFEST).write_text(json.dumps(manifest.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
