"""One Japanese word per concept, in the messages and the Japanese documents: a reader who meets two words
looks for two things (ポリシー/方針/方策エージェント; エディタ/エディター; a 2-up side 「枚」 in bp diff and 「ページ」
on the site's index)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "toolchain" / "locale" / "ja" / "LC_MESSAGES" / "bp.po"
JAPANESE_DOCUMENTS = [ROOT / "README.ja.md", ROOT / "definitions" / "README.ja.md", *sorted((ROOT / "guides").glob("*.ja.md"))]
# the word used, and the others that named the same thing
WORDS = {"ポリシーエージェント": ("方針エージェント", "方策エージェント"), "エディタ": ("エディター",)}


def _japanese_texts() -> list[tuple[str, str]]:
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    texts = [(f"bp.po: {message.id!r}", "".join(message.string) if isinstance(message.string, tuple) else message.string)
             for message in catalogue if message.id]
    return texts + [(path.name, path.read_text(encoding="utf-8")) for path in JAPANESE_DOCUMENTS if path.is_file()]


def test_one_word_per_concept() -> None:
    texts = _japanese_texts()
    for word, others in WORDS.items():
        assert any(word in text for _where, text in texts), word
        found = [where for where, text in texts for other in others if other in text]
        assert not found, f"{others} instead of {word}: {found}"


def test_a_two_up_side_is_a_page_as_on_the_index() -> None:
    index = (ROOT / "toolchain" / "site" / "templates" / "index.html.j2").read_text(encoding="utf-8")
    assert "{{ file.pages }} ページ" in index  # the index counts every PDF's pages, the 2-up one's too
    said = next(text for where, text in _japanese_texts() if "2-up {sheets} sheets" in where)
    assert said.endswith("{sheets} ページ") and "枚" not in said


def test_the_japanese_guide_quotes_bp039_as_the_japanese_message_says_it() -> None:
    """BP039's row said 「メッセージの write のあと」: the Japanese message has no `write`, it says 「… として読みます」."""
    row = next(line for line in (ROOT / "guides" / "editor.ja.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| BP039 |"))
    assert "write" not in row and "として読みます" in row
    with CATALOGUE.open("rb") as file:
        message = next(m for m in read_po(file) if m.id and "which it states since" in str(m.id))
    assert "として読みます" in message.string
