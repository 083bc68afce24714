"""What `bp check` reports, as data (`CheckResult`), and the check that answers at once from its
cache, like ruff's.

The whole result is kept under the key of everything it is computed from: the toolchain (its
files, the Python, the libraries that load and validate), the schemas, every file under
definitions/ (its bytes, or why it was not read), the files bp does not open in the folders it
reads, the labels of docs/'s sections (a ruling names them), and whether the readings and the
rulings are listed. When anything differs, the definitions are checked
again; each file's document and schema findings are taken from the cache when its bytes (and the
schemas, and the names the files define) did not change (model/kept.py), and the examples' and
the linked findings when what the simulator and the linking read did not (checks/programs.py,
played_key). What the check read outside the repository (the history of the rules: its records and the past
editions' definitions, model/outside.py) is kept with the result by digest, and the result is given only while
every one of them is the same. A result from the cache is the result of a clean check: it is printed by the same code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..diagnostics import Diagnostic, relative
from ..i18n import language
from ..model.doclabels import section_label_places
from ..model.outside import unchanged
from ..model.repository import folders_where_files_belong
from ..resultcache import ResultCache, key_of
from .summary import examples_summary, rulings_summary

if TYPE_CHECKING:  # pragma: no cover
    from ..model.sources import Sources
    from . import Checked

# The libraries whose versions may change a check's findings (PyYAML reads, jsonschema and its kin validate).
CHECKERS = ("pyyaml", "jsonschema", "jsonschema-specifications", "referencing", "rpds-py")


def cache_in(folder: Path | None) -> ResultCache:
    """bp check's cache in `folder` (None: no cache), its keys salted with the toolchain's files (by
    size and time: hashing them would cost more than the whole answer), the Python and CHECKERS."""
    from ..provenance import code_salt

    return ResultCache(folder, code_salt(CHECKERS, contents=False)) if folder is not None else ResultCache(None)


@dataclass(frozen=True)
class CheckResult:
    findings: tuple[Diagnostic, ...]
    counts: dict[str, int]
    examples: dict[str, Any] | None = None  # the examples' report (programs.Report.as_dict), when there are examples
    readings: tuple[tuple[str, dict[str, Any]], ...] = ()  # each reading's line and its fields, when asked for
    rulings: tuple[tuple[str, dict[str, Any]], ...] = ()  # each ruling's line and its fields, when asked for

    @property
    def examples_line(self) -> str | None:
        """The examples' summary line, in the language of the run that prints it (not the one that kept it)."""
        return None if self.examples is None else examples_summary(self.examples)

    @property
    def rulings_line(self) -> str | None:
        """The rulings' summary line, when there are rulings and they ran (made like examples_line)."""
        return None if self.examples is None else rulings_summary(self.examples)

    @classmethod
    def of(cls, checked: Checked, show_readings: bool = False, findings: tuple[Diagnostic, ...] | None = None,
           show_rulings: bool = False) -> CheckResult:
        report = checked.examples if checked.examples is not None and checked.examples.has_examples else None
        noted: tuple[tuple[str, dict[str, Any]], ...] = ()
        listed: tuple[tuple[str, dict[str, Any]], ...] = ()
        if show_readings:
            from ..model.reading_list import readings

            noted = tuple((reading.text(), reading.as_dict()) for reading in readings(checked.definitions))
        if show_rulings:
            from ..model.ruling_list import rulings

            listed = tuple((ruling.text(), ruling.as_dict()) for ruling in rulings(checked.definitions))
        return cls(checked.findings if findings is None else findings, checked.definitions.counts(),
                   report.as_dict() if report else None, noted, listed)

    def to_json(self) -> dict[str, Any]:
        return {
            "findings": [finding.as_row() for finding in self.findings],
            "counts": self.counts, "examples": self.examples,
            "readings": [list(reading) for reading in self.readings],
            "rulings": [list(ruling) for ruling in self.rulings],
        }

    @classmethod
    def from_json(cls, data: Any) -> CheckResult:
        """The result kept as `to_json` wrote it (ValueError, TypeError or KeyError for anything else)."""
        findings = tuple(Diagnostic.from_row(row) for row in data["findings"])
        readings = tuple((str(text), dict(fields)) for text, fields in data["readings"])
        rulings = tuple((str(text), dict(fields)) for text, fields in data["rulings"])
        counts = {str(k): int(v) for k, v in data["counts"].items()}
        return cls(findings, counts, data["examples"], readings, rulings)


def _sources_key(root: Path, sources: Sources) -> list[str | bytes]:
    """Everything a check reads, as the parts of a key."""
    parts: list[str | bytes] = []
    for name, data in sources.schemas:
        parts += [f"schema {name}", data]
    for path, raw in sources.raw.items():
        parts += [relative(path, root), raw if isinstance(raw, bytes) else f"not read: {raw.code} {raw.message}"]
    for path, refused in (*sources.scanned.refused, *sources.others):  # the files bp does not open, and why
        parts += [f"refused {relative(path.parent, root)}/{path.name}", f"{refused.code} {refused.message}"]
    # a folder where a kind's one file belongs is a finding (BP012) though it holds nothing bp reads
    parts += [f"folder {name}" for name in folders_where_files_belong(root)]
    labels = section_label_places(root)  # with their places: a finding about a label (BP020) says where it is
    parts.append("no docs" if labels is None else "labels " + " ".join(f"{p.label}@{p.path}:{p.line}:{p.column}" for p in labels))
    return parts


def check(root: Path, store: ResultCache, show_readings: bool = False, show_rulings: bool = False) -> CheckResult:
    """Check the repository at `root`: the result kept in `store` when nothing it is made from
    changed, else a check (keeping what it can of the cache), kept for the next time."""
    from ..model.sources import read_sources
    from . import load

    sources = read_sources(root)
    key = key_of(f"readings {show_readings}", f"rulings {show_rulings}", f"language {language()}",  # findings are said in it
                 *_sources_key(root, sources))
    kept = store.get("check", key)
    # what the check read outside the repository (the history's past editions) must be as it was, too
    if isinstance(kept, dict) and unchanged(kept.get("outside")):
        try:
            return CheckResult.from_json(kept)
        except (ValueError, TypeError, KeyError, AttributeError):
            pass  # not what this version keeps
    checked = load(root, sources, store)
    result = CheckResult.of(checked, show_readings, show_rulings=show_rulings)
    store.put("check", key, {**result.to_json(), "outside": [list(read) for read in checked.outside]})
    return result
