"""Results kept between runs (bp check's, like ruff's cache): each result in a slot of its own
(`check`, `validation/definitions/fog.yaml`, …), with the key of what it was computed from.
A result is used only when the key is the same, so a cache can make a run faster, never
different; a slot is overwritten, so the cache does not grow with every change.

The entries are JSON, read as data and never run: a cache directory might come from anywhere
(a commit that holds build/). One that cannot be read or written is no cache at all.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .ownfiles import read_regular_file, write_whole

FORMAT = 1  # of the entries: another format is another key


def key_of(*parts: str | bytes) -> str:
    """A key from the things a result is made from (each part's length is hashed too: ('ab', 'c') is not ('a', 'bc'))."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


class ResultCache:
    """The slots in `folder`; with no folder, a cache that keeps nothing (--no-cache). `salt` is mixed
    into every key: what makes every result (the code that computes them and its libraries)."""

    def __init__(self, folder: Path | None, salt: str = "") -> None:
        self.folder, self.salt = folder, salt

    def _file(self, slot: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key_of(slot)[:40]}.json"

    def get(self, slot: str, key: str) -> Any | None:
        """The result kept in `slot` for `key`, or None."""
        file = self._file(slot)
        if file is None:
            return None
        try:
            entry = json.loads(read_regular_file(file).decode("utf-8"))
        except (OSError, ValueError, RecursionError):  # RecursionError: JSON nested thousands deep; a FIFO: OSError
            return None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != key_of(self.salt, key):
            return None
        return entry.get("result")

    def put(self, slot: str, key: str, result: Any) -> None:
        """Keep `result` (JSON data) in `slot` for `key`: written whole or not at all."""
        file = self._file(slot)
        if file is None:
            return
        try:
            text = json.dumps({"format": FORMAT, "slot": slot, "key": key_of(self.salt, key), "result": result}, ensure_ascii=False)
        except (TypeError, ValueError):
            return  # not JSON data (an integer of thousands of digits): not kept
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            write_whole(file, text.encode("utf-8"))  # over whatever was there, a FIFO too
        except OSError:
            pass


class MemoryCache(ResultCache):
    """Results kept by this process alone, every one (no slot is overwritten) and none written: what one
    run computes several times over, such as the files two revisions share when bp diff loads both."""

    def __init__(self) -> None:
        super().__init__(None)
        self.entries: dict[tuple[str, str], str] = {}

    def get(self, slot: str, key: str) -> Any | None:
        text = self.entries.get((slot, key))
        return None if text is None else json.loads(text)  # a copy of its own for every caller

    def put(self, slot: str, key: str, result: Any) -> None:
        try:
            self.entries[slot, key] = json.dumps(result, ensure_ascii=False)
        except (TypeError, ValueError):
            pass  # not JSON data: not kept, as in a folder
