"""Starting the next edition (`bp edition new v9.0 --name 第9.0版`): rules.yaml's `edition` gets the new
id and name (its release is the editor's to set), and docs/ the new edition's section of the 変更履歴
chapter, written by `bp diff --format rst` from the last tag (the released edition).

Nothing is written unless everything can be: a version not later than the current edition, a tree
without a tag, a rules.yaml or 変更履歴 file with changes not yet committed (this command's own edit
would be mixed into them), or a section already opened is refused before any file is touched, and
both files are replaced at once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..diagnostics import shorten
from ..i18n import _
from ..model.history import edition_number
from ..model.loader import load_definitions
from ..model.repository import DEFINITIONS_DIR
from ..model.yamlload import load as load_yaml
from ..site.outputs import OutputError, replacing
from . import changelog_label, diff_revisions
from .render import rst
from .revisions import DOCS_DIR, RevisionError, git_prefix, last_tag, uncommitted

RULES = f"{DEFINITIONS_DIR}/rules.yaml"
CHAPTER = "変更履歴"  # the title of the rulebook's chapter the edition's section opens in


class EditionError(Exception):
    """The new edition cannot be started as asked (exit 2): what is wrong, and what to do."""


@dataclass(frozen=True)
class Started:
    previous: str  # v8.1
    edition: str  # v9.0
    name: str  # 第9.0版
    tag: str  # the revision the 変更履歴 is written from
    release: str  # rules.yaml's release, left as it was
    history: Path  # the docs/ file the section was opened in (relative to the root)


def _scalar(value: str, double_quoted: bool) -> str:
    """`value` as YAML writes it on one line after `key: `: plain where that reads back as the same
    text, else double-quoted with escapes (a newline or a `: ` in a name would otherwise add keys)."""
    import yaml

    def emitted(style: str | None) -> str:
        text = yaml.safe_dump(value, allow_unicode=True, width=float("inf"), default_style=style)
        return text.removesuffix("\n...\n").rstrip("\n")

    plain = "" if double_quoted else emitted(None)
    return plain if plain and "\n" not in plain else emitted('"')


def _replace_value(text: str, line: int, column: int, old: str, new: str) -> str:
    """`text` with the scalar `old` written at (line, column) — plain or quoted — replaced by `new`,
    written by YAML's emitter; the rest of the text (its comments too) stays as it was."""
    lines = text.split("\n")
    current = lines[line - 1]
    start = column - 1
    for written in (old, f'"{old}"', f"'{old}'"):
        if current.startswith(written, start):
            scalar = _scalar(new, double_quoted=written.startswith('"') and written != old)
            lines[line - 1] = current[:start] + scalar + current[start + len(written):]
            return "\n".join(lines)
    raise EditionError(f"{RULES}:{line}:{column}: " + _("cannot find '{old}' where rules.yaml's edition writes it").format(old=old))


def _written_as_asked(rules_text: str, edition: str, name: str) -> None:
    """EditionError unless rules.yaml, as it would be written, reads back with exactly this edition."""
    import yaml

    try:
        written = yaml.safe_load(rules_text)
    except yaml.YAMLError:
        written = None
    got = written.get("edition") if isinstance(written, dict) else None
    if not isinstance(got, dict) or got.get("id") != edition or got.get("name") != name:
        raise EditionError(_("{rules} would not read back with edition {edition} named {name}; nothing written").format(
            rules=RULES, edition=edition, name=repr(shorten(name))))


def _chapter(root: Path) -> tuple[Path, int]:
    """The docs/ file whose title is 変更履歴, and the line after its title (where the newest edition's section goes)."""
    for path in sorted((root / DOCS_DIR).glob("*.rst")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for i, line in enumerate(lines[:-1]):
            if line.strip() == CHAPTER and set(lines[i + 1].strip()) == {"="}:
                return path, i + 2
    raise EditionError(_("no chapter titled {chapter} in {folder}/: the new edition's section opens at the top of it").format(chapter=CHAPTER, folder=DOCS_DIR))


def start_edition(root: Path, edition: str, name: str) -> Started:
    """Bump rules.yaml's edition to `edition` (`name`) and open its 変更履歴 section; EditionError if it cannot be."""
    if edition_number(edition) is None:
        raise EditionError(_("'{edition}' is not an edition: an edition is written v<major>.<minor> (v9.0) or v<major>.<minor>.<patch> (v9.1.1)").format(
            edition=shorten(edition)))
    if not name.strip():
        raise EditionError(_("the edition needs a name as the rulebook prints it: --name 第9.0版"))
    if name != name.strip() or not name.isprintable():  # as rules.yaml's schema has a name: one line, no spaces at its ends
        raise EditionError(_("--name {name}: an edition's name is one line, without spaces at its ends, as the rulebook "
                             "prints it (第9.0版)").format(name=repr(shorten(name))))
    rules_path = root / RULES
    document = load_yaml(rules_path)
    rules = load_definitions(root).definitions.rules if document.data is not None else None
    if rules is None:
        raise EditionError(_("{rules} does not load: fix it first (bp check)").format(rules=RULES))
    previous, release = str(rules.edition["id"]), str(rules.edition.get("release", ""))
    if (edition_number(edition) or (0, 0, 0)) <= (edition_number(previous) or (0, 0, 0)):
        raise EditionError(_("{edition} is not later than the current edition {previous} ({rules} edition.id)").format(
            edition=edition, previous=previous, rules=RULES))
    try:
        git_prefix(root)
        tag = last_tag(root)
    except RevisionError as exc:
        raise EditionError(str(exc)) from exc
    if tag is None:
        raise EditionError(_("no tag: the 変更履歴 of {edition} is what changed since the released edition, which git knows by "
                             "its tag; tag it first (git tag {previous})").format(edition=edition, previous=previous))
    history, at = _chapter(root)
    dirty = uncommitted(root, [rules_path, history])
    if dirty:
        raise EditionError(_("{files}: changes not committed; commit them first, so that this command's edit can be "
                             "reviewed and undone on its own (git diff, git checkout)").format(files=", ".join(dirty)))
    label = f".. _{changelog_label(edition)}:"  # the section's first line, which rst.render writes
    text = history.read_text(encoding="utf-8")
    if label in text.split("\n"):  # said before the comparison, which takes seconds
        raise EditionError(_("{history} already has the section of {edition} ({label})").format(history=history.relative_to(root), edition=edition, label=label))
    try:
        report = diff_revisions(root, tag, None, outputs=False)  # rst.render prints no outputs
    except RevisionError as exc:
        raise EditionError(str(exc)) from exc
    report = replace(report, new=replace(report.new, edition=name, edition_id=edition))
    section = rst.render(report).rstrip("\n")
    rules_text = rules_path.read_text(encoding="utf-8")
    for key, old, new in (("id", previous, edition), ("name", str(rules.edition["name"]), name)):
        mark = document.mark(("edition", key))
        rules_text = _replace_value(rules_text, mark.line, mark.column, old, new)
    _written_as_asked(rules_text, edition, name)
    lines = text.split("\n")
    rest = lines[at:]
    while rest and not rest[0].strip():
        rest.pop(0)
    opened = "\n".join([*lines[:at], "", section, "", "", *rest])
    try:
        with replacing([rules_path, history]) as temporary:
            temporary[rules_path].write_text(rules_text, encoding="utf-8")
            temporary[history].write_text(opened, encoding="utf-8")
    except (OSError, OutputError) as exc:
        raise EditionError(_("cannot write: {reason}").format(reason=exc)) from exc
    return Started(previous, edition, name, tag, release, history.relative_to(root))
