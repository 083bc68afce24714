"""The rulebook machinery piece by piece: the card renderer, the figures, the flowcharts, the
tables' derivations, the counts, the print page's links."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from docutils import nodes

from toolchain import figures
from toolchain.notation.card_notation import parse_card
from toolchain.model.coreflow import FLOWS as ENGINE_FLOWS
from toolchain.figures.card_svg import Card, draw_card, parse
from toolchain.figures.flowchart import FLOWS, dot
from toolchain.figures.layouts import character_size
from toolchain.figures.svg import Svg
from toolchain.model.notations import markup_text
from toolchain.rulebook.assemble import rewrite_uri
from toolchain.sphinxext.docutils_blocks import markup
from toolchain.sphinxext.roles import count
from toolchain.sphinxext.tables import rank_rows, version_key

from .conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"


def _card_svg(card: Card) -> ET.Element:
    svg = Svg(100, 100, "card")
    draw_card(svg, 50, 50, card)
    return ET.fromstring(svg.render())


def test_a_face_up_card_shows_rank_and_suit_in_its_colour() -> None:
    texts = [(t.text, t.get("fill")) for t in _card_svg(Card("♡Q")).iter(f"{SVG}text")]
    assert ("Q", "#c62828") in texts and ("♡", "#c62828") in texts
    assert ("5", "#222") in [(t.text, t.get("fill")) for t in _card_svg(Card("♠5")).iter(f"{SVG}text")]


def test_a_face_down_card_shows_nothing_of_its_face() -> None:
    root = _card_svg(Card("♠5", face_up=False))
    assert not list(root.iter(f"{SVG}text"))


def test_a_driven_card_lies_sideways_and_a_tilted_one_leans() -> None:
    groups = [g.get("transform") or "" for g in _card_svg(Card("♠5", drive=True)).iter(f"{SVG}g")]
    assert any(t.startswith("rotate(90 ") for t in groups)
    assert parse("♠5/").drive and parse("♠5>").tilt == 25 and not parse("#♠5").face_up and parse("#").face is None


def test_the_card_notation_refuses_a_typo() -> None:
    with pytest.raises(ValueError):
        parse("♠11")


def test_every_figure_is_drawn(definitions) -> None:
    names = figures.names(definitions)
    assert len(names) == 24  # 1.1, 2.1–2.9, 5.1–5.5, 6.1–6.5 (6.6–6.9 are graphviz), and 5.3.4's four イメージ
    for name in names:
        root = ET.fromstring(figures.render(name, definitions))
        assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
        assert len(list(root.iter(f"{SVG}text"))) >= 3, name


def test_frame_layouts_show_the_zones_the_frames_add(definitions) -> None:
    names = {zone.id: zone.name for zone in definitions.rules.zones}
    for frame in definitions.frames:
        texts = {t.text for t in ET.fromstring(figures.render(f"frame-{frame.id}", definitions)).iter(f"{SVG}text")}
        for zone in ("life", "graveyard", "field", "hand", "fog", *frame.zones):
            assert names[zone] in texts, (frame.id, zone)
        for zone in {"pack", "rare", "trump"} - set(frame.zones):
            assert names[zone] not in texts, (frame.id, zone)


def test_character_examples_are_made_of_their_keycards(definitions) -> None:
    assert all(character.pictured for character in definitions.characters)  # every one is in Fig. 2.2
    for character in definitions.characters:
        cards = character.pictured
        if cards != "#":
            pattern = character.keycards.pattern
            assert pattern.matches([parse_card(card) for card in cards.split("+")]), character.id
    assert character_size(definitions.character("equipped-soldier"), "♣3+♣7") == 10


def test_scenes_are_built_by_the_simulator(definitions) -> None:
    """Fig. 2.6 is Fig. 2.5's stage after the engine resolved it: ダウン first, into B's fog, then アップ."""
    from toolchain.figures import scenes, situations

    board = scenes.build_board(situations.RESOLVE_3, definitions)
    assert not board.stage
    assert board.sides[0].zones["fog"] == ("♡5",) and board.sides[1].zones["fog"] == ("♠3",)


def test_unknown_figure_names_the_known_ones(definitions) -> None:
    with pytest.raises(KeyError, match="play-scene"):
        figures.spec("nope", definitions)


@pytest.mark.parametrize("name", list(FLOWS))
def test_flowcharts_hold_every_step_and_edge_of_the_engine(name: str) -> None:
    flow = FLOWS[name]
    assert flow in ENGINE_FLOWS
    code = dot(flow, name)
    for node in flow.nodes:
        assert f'"{node.id}" [label=' in code
    for edge in flow.edges:
        # A loop back is written upwards and drawn with its head at the step it returns to.
        assert f'"{edge.source}" -> "{edge.target}"' in code or f'"{edge.target}" -> "{edge.source}" [dir=back' in code


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz is not installed")
def test_flowcharts_compile_with_graphviz() -> None:
    for name, flow in FLOWS.items():
        done = subprocess.run(["dot", "-Tsvg"], input=dot(flow, name), capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and "<svg" in done.stdout, done.stderr


def test_rank_table_collapses_the_numbered_cards(definitions) -> None:
    assert rank_rows(definitions.rules.ranks) == [
        ("A", "1"), ("2〜10", "表記どおり"), ("J", "11"), ("Q", "12"), ("K", "13"), ("Joker", "0"),
    ]


def test_versions_sort_newest_first() -> None:
    assert sorted(["v0.1", "v8.0", "ex3.4.0", "v8.1", "v1.0", "v0.2"], key=version_key) == [
        "v8.1", "v8.0", "v1.0", "v0.2", "v0.1", "ex3.4.0",
    ]


@pytest.mark.parametrize(("text", "expected"), [
    ("actions", 37), ("actions:lite", 19), ("actions:standard", 25), ("actions:プロ", 31), ("actions:master", 37),
    ("actions:basic", 7), ("characters", 6), ("characters:lite", 5), ("fog", 3), ("frames", 5), ("frames:lite", 1),
    ("frame-actions", 11), ("frame-fog", 1), ("trumps", 5), ("formats", 4),
])
def test_counts(definitions, text: str, expected: int) -> None:
    assert count(definitions, text) == expected


def test_count_refuses_an_unknown_kind(definitions) -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        count(definitions, "spells")


def test_markup_becomes_nested_lists() -> None:
    blocks = markup(markup_text("比較する\n1. 一つ目\n   A. 細目\n2. 二つ目\n- 箇条"))
    assert [type(b) for b in blocks] == [nodes.paragraph, nodes.enumerated_list, nodes.bullet_list]
    first = blocks[1]
    assert first["enumtype"] == "arabic" and len(first.children) == 2
    assert first[0][1]["enumtype"] == "upperalpha"
    assert markup(markup_text("対象にならない。"), "※")[0].astext() == "※対象にならない。"


def test_print_links_are_rewritten_to_unique_ids() -> None:
    assert rewrite_uri("#document-common#id3") == "#common--id3"
    assert rewrite_uri("#document-common") == "#document-common"
    assert rewrite_uri("#local") == "#local"


def test_a_table_cell_takes_a_paragraph_as_it_is() -> None:
    """A cell given as a paragraph (table 8.1's lists of links) is not wrapped in another one."""
    from toolchain.sphinxext.docutils_blocks import para, table

    cells = [para("v8.1"), "text", [nodes.Text("a"), nodes.Text("b")], [para("x"), para("y")]]
    entries = list(table(["a", "b", "c", "d"], [cells]).findall(nodes.entry))[4:]
    assert [[type(child).__name__ for child in entry.children] for entry in entries] == [
        ["paragraph"], ["paragraph"], ["paragraph"], ["paragraph", "paragraph"]]
    assert not any(entry.next_node(nodes.paragraph).next_node(nodes.paragraph, include_self=False) for entry in entries)


def test_the_page_cache_fingerprint_is_the_same_in_every_process() -> None:
    """Sets iterate in another order in another process (string hashing is salted): the page cache's
    canonical text sorts them, or no page would ever be copied from one build to the next."""
    program = ("from docutils import nodes; from toolchain.rulebook.pagecache import canonical; "
               "print(canonical({'labels': {f'act-{n}' for n in range(40)}, 'toc': nodes.title('', '付録'), 'n': (1, None)}))")
    texts = {subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT,
                            env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(texts) == 1 and "act-39" in texts.pop()


def test_the_page_cache_tells_different_surroundings_apart() -> None:
    from toolchain.rulebook.pagecache import canonical

    assert canonical({"titles": {"a": nodes.title("", "付録")}}) != canonical({"titles": {"a": nodes.title("", "付録・補遺")}})
    assert canonical([1, 2]) != canonical((1, 2)) and canonical({1: 2}) != canonical({2: 1})
