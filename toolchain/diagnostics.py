"""Located findings (`path:line:column: error[CODE]: message`) and their output formats."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .i18n import N_, _, ngettext


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    summary: str


# Every finding has a stable code, so CI logs, editors and tests can refer to it. The names stay as
# they are in every language (JSON and GitHub's titles give them); the summaries are translated where
# they are shown (bp codes).
CODES: dict[str, Code] = {
    c.code: c
    for c in [
        Code("BP001", "invalid-yaml", N_("the file is not valid YAML")),
        Code("BP002", "duplicate-key", N_("a mapping has the same key twice")),
        Code("BP003", "ambiguous-scalar", N_("a plain value that YAML 1.1 reads as a boolean, a base-60 number or an octal (yes, no, on, off, 12:30, 017); quote it")),
        Code("BP004", "not-utf8", N_("the file is not UTF-8 text")),
        Code("BP005", "empty-file", N_("the file holds no definitions")),
        Code("BP006", "unknown-file", N_("a YAML file under definitions/ that belongs to no kind")),
        Code("BP007", "schema-comment", N_("the file's `# yaml-language-server: $schema=` line is missing or names the wrong schema")),
        Code("BP008", "missing-file", N_("a kind of definition the rules need has no file")),
        Code("BP009", "anchor-alias", N_("a YAML anchor (&name) or alias (*name): definitions files use none; write the value out")),
        Code("BP010", "schema", N_("the file does not match its JSON Schema")),
        Code("BP011", "limit",
             N_("the file is larger than bp reads (a definitions file 4 MB, any other source 32 MB) or nested more than 64 levels deep")),
        Code("BP012", "unreadable",
             N_("a file under definitions/, schema/, docs/ or templates/ that bp cannot or must not read: no permission, "
                "a dangling or looping symbolic link, one that leads out of the repository or into its .git, "
                "a FIFO, device or socket")),
        Code("BP020", "duplicate-id", N_("two definitions of one id space share an id, or a name")),
        Code("BP021", "unresolved-reference", N_("an id that names no definition (or a ruling's label that names no definition or section)")),
        Code("BP022", "format-consistency", N_("a definition refers to a character or fog entry absent from one of its formats")),
        Code("BP023", "regulation-table", N_("table 3.1 disagrees with the frames' formats")),
        Code("BP024", "keycards", N_("keycards that do not parse")),
        Code("BP025", "markup", N_("text markup with a malformed list")),
        Code("BP026", "cost", N_("a cost letter that the cost legend does not define")),
        Code("BP027", "trump-link", N_("a soldier-borne action and its trump disagree on the label")),
        Code("BP028", "vocabulary", N_("an id of a closed vocabulary that rules.yaml does not name")),
        Code("BP029", "history", N_("a definition whose rules changed since the last tagged edition does not list the current edition in `updated` (bp check --since REV)")),
        Code("BP030", "example-failed", N_("an action's or a ruling's example does not run as written: the situation after the request is not the expected one")),
        Code(
            "BP031", "program",
            N_("a program that does not fit its action or the definitions (one that breaks the effect language is BP010)"),
        ),
        Code("BP032", "trump-image",
             N_("a trump's image (イメージ) that is not a situation the rules allow, or does not show the trump giving its label")),
        Code("BP033", "engine-loop",
             N_("a program that never ends: an action that triggers itself, or a repeat whose until never holds (the engine's step budget ran out)")),
        Code("BP034", "name-reading",
             N_("a name with kanji without its reading (kana:), a kana: that is not hiragana or does not read the name, or a kana: on a name in kana alone")),
        Code("BP035", "version",
             N_("a since or updated version later than the current edition (rules.yaml edition.id), or an update before the since")),
        Code("BP036", "text-only",
             N_("an ability with text and no data, or the effect of an action new or changed in this edition without a program, "
                "and no reading that says why: printed, never played")),
        Code("BP037", "trigger-never-held",
             N_("a triggered action whose trigger condition holds in none of the examples (an example that requests it directly "
                "shows nothing of the condition)")),
        Code("BP038", "aimed-at-nothing",
             N_("a step of an effect (damage, move, charge, …) that finds nothing to act on in every example that runs it")),
        Code("BP039", "earlier-shape",
             N_("definitions written for an earlier toolchain: what they lack is read as it was, a renamed id as today's; "
                "write it as the message says (bp diff reads older revisions so)")),
        # The design guidelines for new actions and characters (definitions/README.md, "Design guidelines"):
        # 必須 items are errors, 推奨 items warnings.
        Code("BP040", "guideline-one-target", N_("guideline (必須): an action whose target names more than one thing")),
        Code("BP041", "guideline-keycards", N_("guideline (必須): a 通常-クイック action without keycards")),
        Code("BP042", "guideline-triggered-speed", N_("guideline (推奨): a triggered action that is not 即時-クイック")),
        Code("BP043", "guideline-first-turn-win", N_("guideline (必須): the engine's search wins the first turn whatever the opponent does")),
        Code("BP044", "guideline-double-trigger", N_("guideline (必須): two 誘発-通常-メイン requests at once, in the engine's random games")),
        Code("BP045", "guideline-character", N_("guideline (必須): two characters that the same cards, face up or down, can make")),
        Code("BP046", "guideline-loop", N_("guideline (必須): the engine's search loops dealing damage while the opponent can only pass")),
        Code("BP047", "guideline-reading-unused",
             N_("a reading that excuses a guideline (guideline: BP0xx) the definition no longer departs from: it excuses "
                "nothing; remove it or update it")),
        Code("BP048", "effect-mismatch",
             N_("the printed effect and the program, or a character's or trump's ability and its data, disagree on a fact "
                "that compares exactly (a number, a zone, whose, face, charge or drive, once per turn, until the end of the "
                "turn, who chooses, a suit, a card's number, a label)")),
        Code("BP049", "history-contradicts",
             N_("a since or updated that the history of the rules (rules.yaml history:) contradicts: an edition before the since "
                "already has the entry, one from the since on lacks it, or the updated edition's rules are those of the "
                "edition before it; a warning")),
        Code("BP050", "release-placeholder",
             N_("bp check --release: the edition's release is not a date (2025/6/x), or a definition or a rulebook page still "
                "holds a placeholder (TODO, FIXME, TBD, XXX, 未定, 要確認)")),
        Code("BP051", "procedure-mismatch",
             N_("a frame's printed procedure (start.procedure) and its start steps (start.steps) disagree on a fact that "
                "compares exactly (the cards dealt, picked, set aside, drawn or opened, where a pack is passed, what is "
                "done after 先攻決定 and by whom)")),
        Code("BP052", "history-missing",
             N_("rules.yaml's history: names a folder that is not there: the since and updated of the definitions are not "
                "held to the history of the rules (BP049); a warning")),
        Code("BP060", "upstream-spelling", N_("bp import: upstream's file writes a value loosely (a version without its v, an empty place in a list, "
                                            "full-width digits, a word read as the vocabulary's name it begins with); it is read, and imported. "
                                            "Or it holds what the import does not read (trumpList)")),
        Code("BP061", "upstream-unknown", N_("bp import: upstream's file names what the target edition has no word for (a category, a frame, "
                                           "a label, a cost letter), or an entry lacks its id, name or effect; nothing is written")),
        Code("BP062", "upstream-since", N_("bp import --history: an entry's since is at or before an earlier edition whose upstream data "
                                         "does not have it (it first appears later)")),
    ]
}


@dataclass(frozen=True, order=True)
class Location:
    path: str  # relative to the repository root, with forward slashes
    line: int  # 1-based
    column: int  # 1-based


@dataclass(frozen=True)
class Fix:
    """The value a finding's message suggests for the value at `path` of its file (did you mean 'end'?):
    what bp check tries to tell the findings that mistake caused (checks/cascades.py)."""

    path: tuple[str | int, ...]  # in the file's data, from its top
    value: str


@dataclass(frozen=True, order=True)
class Diagnostic:
    location: Location
    code: str
    message: str
    severity: str = "error"
    fix: Fix | None = field(default=None, compare=False)
    cause: Diagnostic | None = field(default=None, compare=False)  # the finding this one follows from
    why: str = field(default="", compare=False)  # how the cause was told: 'they pass with 'end' there'

    def text(self) -> str:
        loc = self.location
        return printable(f"{loc.path}:{loc.line}:{loc.column}: {self.severity}[{self.code}]: {self.message}")

    def key(self) -> str:
        """`path:line:column CODE`: names the finding, as a consequence names its cause."""
        loc = self.location
        return f"{loc.path}:{loc.line}:{loc.column} {self.code}"

    def root(self) -> Diagnostic:
        """The first cause of its chain (itself when it has none)."""
        found = self
        while found.cause is not None:
            found = found.cause
        return found

    def caused_by(self, cause: Diagnostic, why: str) -> Diagnostic:
        return replace(self, cause=cause, why=why)

    def github(self) -> str:
        """A GitHub workflow command: the message escapes %, CR and LF; the properties also ',' and ':'
        (a path such as `a,b.yaml` would otherwise end the file= property early). A consequence names its cause."""
        loc = self.location
        properties = {"file": loc.path, "line": loc.line, "col": loc.column, "title": f"{self.code} {CODES[self.code].name}"}
        listed = ",".join(f"{name}={_escape_property(printable(str(value)))}" for name, value in properties.items())
        message = _("{message} (caused by {cause})").format(message=self.message, cause=self.root().key()) if self.cause else self.message
        return f"::{self.severity} {listed}::{_escape_data(printable(message))}"

    def as_row(self) -> list[Any]:
        """The finding as JSON data, its suggestion and its cause too (from_row reads it back): bp check's
        cache keeps findings so."""
        loc = self.location
        fix = None if self.fix is None else [list(self.fix.path), self.fix.value]
        cause = None if self.cause is None else self.cause.as_row()
        return [loc.path, loc.line, loc.column, self.code, self.message, self.severity, fix, cause, self.why]

    @classmethod
    def from_row(cls, row: Any) -> Diagnostic:
        """ValueError or TypeError for a row as_row did not write."""
        path, line, column, code, message, severity, fix, cause, why = row
        return cls(Location(str(path), int(line), int(column)), str(code), str(message), str(severity),
                   fix=None if fix is None else Fix(tuple(fix[0]), str(fix[1])),
                   cause=None if cause is None else cls.from_row(cause), why=str(why))

    def as_dict(self) -> dict[str, object]:
        loc = self.location
        data: dict[str, object] = {"path": loc.path, "line": loc.line, "column": loc.column, "code": self.code,
                                   "message": self.message, "severity": self.severity, "name": CODES[self.code].name}
        if self.cause is not None:
            root = self.root()
            data["caused_by"] = {"path": root.location.path, "line": root.location.line, "column": root.location.column,
                                 "code": root.code, "why": self.why}
        return data


# Control characters other than newline and tab (an escape character in a file name, or a YAML
# "\e" in a value), and the bidirectional overrides: shown, not sent to the terminal, where they
# could rewrite or reorder what is printed.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every control character (but newline and tab) written as an escape: `\\x1b`, `\\u202e`."""
    return _CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}" if ord(match.group()) < 0x100 else
                        f"\\u{ord(match.group()):04x}", text)


def shorten(text: str, limit: int = 60) -> str:
    """A value as a message quotes it: long values (a whole mapping, thousands of digits) are cut."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def folded(diagnostics: list[Diagnostic]) -> Iterator[tuple[Diagnostic, list[Diagnostic]]]:
    """Each finding that follows from no other, in order, with the findings that follow from it."""
    ordered = sorted(diagnostics)
    under: dict[str, list[Diagnostic]] = {}
    for finding in ordered:
        if finding.cause is not None:
            under.setdefault(finding.root().key(), []).append(finding)
    for finding in ordered:
        if finding.cause is None:
            yield finding, under.pop(finding.key(), [])
    for rest in under.values():  # a cause that is not among them (never, from bp check): shown on their own
        for finding in rest:
            yield finding, []


def render_text(diagnostics: list[Diagnostic], line: str = "text") -> Iterator[str]:
    """The findings as `bp check` prints them: each cause first, what it caused folded under it
    (line: "text", or "github" for workflow commands, one a finding, the causes first)."""
    for finding, consequences in folded(diagnostics):
        yield finding.github() if line == "github" else finding.text()
        if not consequences:
            continue
        if line == "github":
            yield from (c.github() for c in consequences)
            continue
        yield f"  {cascade_line(consequences)}"
        yield from (f"    {c.text()}" for c in consequences)


def cascade_line(consequences: list[Diagnostic]) -> str:
    """The line between a cause and what it caused: `5 examples fail because of this (they pass with 'end'
    there):`, a failed example (BP030) counted as such, any other finding as a finding."""
    failed = sum(1 for c in consequences if c.code == "BP030")
    values = {"failed": failed, "others": len(consequences) - failed, "count": len(consequences),
              "why": "; ".join(dict.fromkeys(c.why for c in consequences if c.why))}
    if values["why"]:
        if not values["others"]:
            return ngettext("{failed} example fails because of this ({why}):",
                            "{failed} examples fail because of this ({why}):", failed).format(**values)
        if not failed:
            return ngettext("{others} more finding because of this ({why}):",
                            "{others} more findings because of this ({why}):", values["others"]).format(**values)
        return ngettext("{count} more findings because of this, {failed} of them a failed example ({why}):",
                        "{count} more findings because of this, {failed} of them failed examples ({why}):", failed).format(**values)
    if not values["others"]:
        return ngettext("{failed} example fails because of this:", "{failed} examples fail because of this:", failed).format(**values)
    if not failed:
        return ngettext("{others} more finding because of this:", "{others} more findings because of this:",
                        values["others"]).format(**values)
    return ngettext("{count} more findings because of this, {failed} of them a failed example:",
                    "{count} more findings because of this, {failed} of them failed examples:", failed).format(**values)


def render_json(diagnostics: list[Diagnostic], summary: dict[str, object]) -> str:
    return json.dumps(
        {"diagnostics": [d.as_dict() for root, rest in folded(diagnostics) for d in (root, *rest)], "summary": summary},
        ensure_ascii=False,
        indent=2,
    )


def relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
