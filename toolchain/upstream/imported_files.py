"""An imported rules repository as files: the definitions upstream's files give, in the layout of
definitions/README.md, and the rest (rules.yaml, formats.yaml, the frames and trumps upstream's
action lists do not hold) taken from the target edition, so that `bp check` reads a whole repository."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..model import yamlload
from ..model.repository import DEFINITIONS_DIR, KINDS
from .edition_history import read_history, since_findings
from .importer import Imported, Importer
from .vocabulary import Vocabulary, read_vocabulary
from .writing import definitions_file, dump

# The file beside definitions/ that keeps what the definitions have no field for (importer.py).
UPSTREAM_FILE = "upstream.yaml"
HISTORY_DIR = "history"
NOT_TAKEN = ("rulings",)  # the kinds an import never takes from the target edition
HISTORY_HEADER = "# 上流のこの版のデータが持つエントリー (bp import --history): since の確かめに使った。\n"
UPSTREAM_HEADER = "# 上流のデータ (tools/actionlist/original) のうち、定義に項目の無いもの: bp export --format act-yaml が書き戻す。\n"


def import_files(paths: list[Path], vocabulary_root: Path, names: Path | None = None, shown: dict[Path, str] | None = None,
                 history: list[tuple[str, Path]] | None = None) -> Imported:
    """Upstream's files (act.yaml before act-frame.yaml, as given), read through the vocabularies of `vocabulary_root`;
    with `history` (each earlier edition's file), each entry's since held to it (edition_history.py)."""
    importer = Importer(read_vocabulary(vocabulary_root, names))
    for path in paths:
        importer.read(path, (shown or {}).get(path))
    result = importer.result
    if history:
        editions = read_history(history, result.findings.append)
        result.findings.extend(since_findings(result, editions))
        result.history = [edition.record() for edition in editions]
    return result


def _schema(kind: str) -> str:
    return next(k.schema for k in KINDS if k.name == kind)


def _action_files(imported: Imported, vocabulary: Vocabulary) -> dict[str, str]:
    """One file per category, numbered in the order upstream lists them (1-basic.yaml, 2-summon.yaml, …)."""
    categories: list[str] = []
    for action in imported.actions:
        if str(action.get("category")) not in categories:
            categories.append(str(action.get("category")))
    files: dict[str, str] = {}
    for number, category in enumerate(categories, start=1):
        entries = [a for a in imported.actions if str(a.get("category")) == category]
        name = vocabulary.name_of("categories", str(category))
        files[f"{DEFINITIONS_DIR}/actions/{number}-{category}.yaml"] = definitions_file(_schema("actions"), 2, f"アクションリスト: {name}", entries)
    return files


def repository_files(imported: Imported, vocabulary_root: Path, names: Path | None = None) -> dict[str, bytes]:
    """Every file of the imported repository, by its path relative to the repository."""
    vocabulary = read_vocabulary(vocabulary_root, names)
    source = vocabulary_root / DEFINITIONS_DIR
    written: dict[str, str] = {}
    if imported.actions:
        written.update(_action_files(imported, vocabulary))
    frame_actions, frame_characters = imported.frame_actions, imported.frame_characters
    if imported.trumps and not any(f.get("frame_actions") for f in imported.upstream["files"]):
        # a trump file without act-frame.yaml gives only the trumps' part of the frame lists: the rest (the target's
        # pack actions, オープン and クローズ where the file lacks them, the characters its frames name) is the target's
        frame_actions = [{key: value for key, value in action.items() if key != "examples"}
                         for action in _beside_target(source / "frames" / "actions.yaml", frame_actions, "trump")]
        frame_characters = _beside_target(source / "frames" / "characters.yaml", frame_characters)
    for kind_name, entries, relative, depth, comment in (
        ("characters", imported.characters, "characters.yaml", 1, "キャラクターリスト"),
        ("fog", imported.fog, "fog.yaml", 1, "フォグリスト"),
        ("frame-actions", frame_actions, "frames/actions.yaml", 2, "フレームアクションリスト"),
        ("frame-characters", frame_characters, "frames/characters.yaml", 2, "フレームキャラクターリスト"),
        ("frame-fog", imported.frame_fog, "frames/fog.yaml", 2, "フレームフォグリスト"),
        ("frames", imported.frames, "frames/frames.yaml", 2, "フレームリスト"),
        ("trumps", imported.trumps, "frames/trumps.yaml", 2, "フレーム切札リスト"),
    ):
        if entries:
            written[f"{DEFINITIONS_DIR}/{relative}"] = definitions_file(_schema(kind_name), depth, comment, entries)
    files = {path: text.encode("utf-8") for path, text in written.items()}
    # What upstream's files did not give: the target edition's (its frames name its frame characters, so those too; not
    # its rulings, which concern the edition's own entries and examples).
    for kind in (k for k in KINDS if k.name not in NOT_TAKEN):
        pattern = kind.pattern
        present = any(path.startswith(f"{DEFINITIONS_DIR}/{pattern.split('*')[0]}") if "*" in pattern else path == f"{DEFINITIONS_DIR}/{pattern}"
                      for path in files)
        if present:
            continue
        for found in sorted(source.glob(pattern)):
            if found.is_file():
                files[f"{DEFINITIONS_DIR}/{found.relative_to(source).as_posix()}"] = found.read_bytes()
    if f"{DEFINITIONS_DIR}/rules.yaml" in files:
        files[f"{DEFINITIONS_DIR}/rules.yaml"] = _without_targets_own(files[f"{DEFINITIONS_DIR}/rules.yaml"])
    if imported.trumps:  # the target's examples play its trumps, which the import replaces with text-only ones
        for relative in [path for path in files if path not in written]:
            files[relative] = _EXAMPLES_BLOCK.sub(b"", files[relative])
    if frame_actions and not imported.frame_fog and f"{DEFINITIONS_DIR}/frames/fog.yaml" in files:
        _held(files, f"{DEFINITIONS_DIR}/frames/fog.yaml", _frame_fog(source / "frames" / "fog.yaml", frame_actions))
    if imported.actions and not imported.fog and f"{DEFINITIONS_DIR}/fog.yaml" in files:
        _held(files, f"{DEFINITIONS_DIR}/fog.yaml", _fog(source / "fog.yaml", imported.actions))
    files[UPSTREAM_FILE] = (UPSTREAM_HEADER + dump(imported.upstream)).encode("utf-8")
    for record in imported.history:  # one file per earlier edition, with where its data came from
        files[f"{HISTORY_DIR}/upstream-{record['edition']}.yaml"] = (HISTORY_HEADER + dump(record)).encode("utf-8")
    return files


# A rules.yaml key the import does not carry over (see _without_targets_own), with the comment lines just above it,
# through its last indented or blank line.
_TARGETS_OWN_BLOCK = re.compile(rb"(?:^#.*\n)*^(?:policy|history|site):.*\n(?:[ \t]+\S.*\n|[ \t]*\n)*", re.MULTILINE)


# A definition's `examples:` block (a key of an entry of a list at the top of a file), through its last more indented or
# blank line.
_EXAMPLES_BLOCK = re.compile(rb"^  examples:[ \t]*\n(?:[ \t]{3,}\S.*\n|[ \t]*\n)*", re.MULTILINE)


def _without_targets_own(rules: bytes) -> bytes:
    """The target's rules.yaml without what belongs to the target repository alone: its practice opponent's rules of
    thumb (`policy:`, they name the target's action ids, which upstream's files need not share; an edition without them
    plays by the agent's general ones), its history folder and the other editions its site publishes (`history:`,
    `site:`, folders of the target that the new repository does not have)."""
    return _TARGETS_OWN_BLOCK.sub(b"", rules)


def _beside_target(path: Path, imported: list[dict[str, Any]], owned_by: str | None = None) -> list[dict[str, Any]]:
    """The target edition's entries of a kind, each the imported one of its id where there is one, then the other
    imported ones; without the target's entries that have `owned_by` (a trump's actions: the trump file gives each
    trump's, and the target's other trumps are not imported)."""
    ours = {entry["id"]: entry for entry in imported}
    written = yamlload.load(path).data if path.is_file() else None  # the target's files read as bp check reads them
    merged = [ours.pop(entry.get("id"), entry) for entry in written or []
              if isinstance(entry, dict) and not (owned_by and owned_by in entry)]
    return merged + list(ours.values())


def _held(files: dict[str, bytes], relative: str, entries: list[dict[str, Any]]) -> None:
    """A fog list held to the imported actions; no file where none of its entries is left (an empty list is refused)."""
    if entries:
        kind = "frame-fog" if relative.endswith("frames/fog.yaml") else "fog"
        depth = relative.count("/")
        comment = "フレームフォグリスト" if kind == "frame-fog" else "フォグリスト"
        files[relative] = definitions_file(_schema(kind), depth, comment, entries).encode("utf-8")
    else:
        del files[relative]


def _frame_fog(path: Path, frame_actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The target edition's frame fog, held to the imported frame actions: an entry whose action is not imported is
    left out, and one in frames its action is not in keeps the frames they share (upstream's data has no frame fog). An
    action that names no frames (a trump's: the frames take it by its group) leaves its entry's frames as they are."""
    import yaml

    frames_of = {action["id"]: action.get("frames") or [] for action in frame_actions}
    by_group = {action["id"] for action in frame_actions if "frames" not in action}
    entries = []
    for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
        if entry.get("action") in by_group:
            entries.append(entry)
            continue
        shared = [frame for frame in entry.get("frames") or [] if frame in frames_of.get(entry.get("action"), [])]
        if shared:
            entries.append({**entry, "frames": shared})
    return entries


def _fog(path: Path, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The target edition's fog, held to the imported actions (the earlier editions' files have no fog list)."""
    import yaml

    ids = {action["id"] for action in actions}
    return [entry for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or [] if entry.get("action") in ids]


def upstream_kept(root: Path) -> dict[str, Any]:
    """What an import kept beside the definitions (empty when the repository was not imported)."""
    import yaml

    path = root / UPSTREAM_FILE
    if not path.is_file():
        return {"files": [], "entries": {}}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {"files": data.get("files") or [], "entries": data.get("entries") or {}}
