"""Located findings (`path:line:column: error[CODE]: message`) and their output formats."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    summary: str


# Every finding has a stable code, so CI logs, editors and tests can refer to it.
CODES: dict[str, Code] = {
    c.code: c
    for c in [
        Code("BP001", "invalid-yaml", "the file is not valid YAML"),
        Code("BP002", "duplicate-key", "a mapping has the same key twice"),
        Code("BP003", "ambiguous-scalar", "a plain value that YAML 1.1 reads as a boolean, a base-60 number or an octal (yes, no, on, off, 12:30, 017); quote it"),
        Code("BP004", "not-utf8", "the file is not UTF-8 text"),
        Code("BP005", "empty-file", "the file holds no definitions"),
        Code("BP006", "unknown-file", "a YAML file under definitions/ that belongs to no kind"),
        Code("BP007", "schema-comment", "the file's `# yaml-language-server: $schema=` line is missing or names the wrong schema"),
        Code("BP008", "missing-file", "a kind of definition the rules need has no file"),
        Code("BP009", "anchor-alias", "a YAML anchor (&name) or alias (*name): definitions files use none; write the value out"),
        Code("BP010", "schema", "the file does not match its JSON Schema"),
        Code("BP011", "limit", "the file is larger than 4 MB or nested more than 64 levels deep"),
        Code("BP012", "unreadable",
             "a file under definitions/ that cannot be read: no permission, a dangling or looping symbolic link"),
        Code("BP020", "duplicate-id", "two definitions of one id space share an id, or a name"),
        Code("BP021", "unresolved-reference", "an id that names no definition (or a ruling's label that names no definition or section)"),
        Code("BP022", "format-consistency", "a definition refers to a character or fog entry absent from one of its formats"),
        Code("BP023", "regulation-table", "table 3.1 disagrees with the frames' formats"),
        Code("BP024", "keycards", "keycards that do not parse"),
        Code("BP025", "markup", "text markup with a malformed list"),
        Code("BP026", "cost", "a cost letter that the cost legend does not define"),
        Code("BP027", "trump-link", "a soldier-borne action and its trump disagree on the label"),
        Code("BP028", "vocabulary", "an id of a closed vocabulary that rules.yaml does not name"),
        Code("BP029", "history", "a definition whose rules changed since the last tagged edition does not list the current edition in `updated` (bp check --since REV)"),
        Code("BP030", "example-failed", "an action's or a ruling's example does not run as written: the situation after the request is not the expected one"),
        Code(
            "BP031", "program",
            "a program that does not fit its action or the definitions (one that breaks the effect language is BP010)",
        ),
        Code("BP032", "trump-image",
             "a trump's image (イメージ) that is not a situation the rules allow, or does not show the trump giving its label"),
        Code("BP033", "engine-loop",
             "a program that never ends: an action that triggers itself, or a repeat whose until never holds (the engine's step budget ran out)"),
        Code("BP034", "name-reading",
             "a name with kanji without its reading (kana:), a kana: that is not hiragana or does not read the name, or a kana: on a name in kana alone"),
        Code("BP035", "version",
             "a since or updated version later than the current edition (rules.yaml edition.id), or an update before the since"),
    ]
}


@dataclass(frozen=True, order=True)
class Location:
    path: str  # relative to the repository root, with forward slashes
    line: int  # 1-based
    column: int  # 1-based


@dataclass(frozen=True, order=True)
class Diagnostic:
    location: Location
    code: str
    message: str
    severity: str = "error"

    def text(self) -> str:
        loc = self.location
        return f"{loc.path}:{loc.line}:{loc.column}: {self.severity}[{self.code}]: {self.message}"

    def github(self) -> str:
        """A GitHub workflow command: the message escapes %, CR and LF; the properties also ',' and ':'
        (a path such as `a,b.yaml` would otherwise end the file= property early)."""
        loc = self.location
        properties = {"file": loc.path, "line": loc.line, "col": loc.column, "title": f"{self.code} {CODES[self.code].name}"}
        listed = ",".join(f"{name}={_escape_property(str(value))}" for name, value in properties.items())
        return f"::{self.severity} {listed}::{_escape_data(self.message)}"

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        data.update(data.pop("location"))
        data["name"] = CODES[self.code].name
        return data


def shorten(text: str, limit: int = 60) -> str:
    """A value as a message quotes it: long values (a whole mapping, thousands of digits) are cut."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_json(diagnostics: list[Diagnostic], summary: dict[str, object]) -> str:
    return json.dumps(
        {"diagnostics": [d.as_dict() for d in sorted(diagnostics)], "summary": summary},
        ensure_ascii=False,
        indent=2,
    )


def relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
