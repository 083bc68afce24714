"""Which readings change games: every reading of 第8.1版 with another way of reading it is replayed on the same
seeds, counted, ranked by flips, and its shortest game kept so that bp replay plays both readings; the site
renders the stored run's report with its readings section and links it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.runbp import bp
from tests.shared import SiteBuild
from toolchain import sim, simtools
from toolchain.balance.reading_effects import compare
from toolchain.checks import load
from toolchain.model.other_readings import alternatives, read_otherwise

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def definitions():  # noqa: ANN201
    return load(ROOT).definitions


@pytest.fixture(scope="module")
def compared(definitions):  # noqa: ANN001, ANN201
    return compare(definitions, [("master", "extra")], agent="random", seed=3, games=3, turn_cap=200, z=1.96)


def test_the_readings_with_another_way_are_those_of_the_data(definitions) -> None:  # noqa: ANN001
    keys = [a.key for a in alternatives(definitions)]
    assert keys == ["act-end:1", "act-rare-draw:1", "act-rare-draw:2", "act-trap-counter:1"]
    otherwise = read_otherwise(definitions, "act-end:1")
    assert otherwise.action("end").program == alternatives(definitions)[0].other.program
    assert definitions.action("end").program != otherwise.action("end").program  # the loaded rules stay as they are
    with pytest.raises(KeyError):
        read_otherwise(definitions, "act-close:1")  # a reading without another way


def test_each_reading_is_counted_and_ranked_by_flips(compared) -> None:  # noqa: ANN001
    section, _saved = compared
    rows = section["regulations"][0]["readings"]
    assert {row["key"] for row in rows} == {"act-end:1", "act-rare-draw:1", "act-rare-draw:2", "act-trap-counter:1"}
    assert [row["flipped"] for row in rows] == sorted((row["flipped"] for row in rows), reverse=True)
    for row in rows:
        assert row["games"] == 3 and row["flipped"] <= row["touched"] and row["diverged"] <= row["touched"] <= 3
        assert row["flip_rate"]["low"] <= row["flip_rate"]["estimate"] <= row["flip_rate"]["high"]
    end = next(row for row in rows if row["key"] == "act-end:1")
    assert end["touched"] == 3  # エンド is requested in every game: its other program always runs


def test_the_shortest_game_replays_under_both_readings(compared, definitions, tmp_path: Path) -> None:  # noqa: ANN001
    section, saved = compared
    row = next(row for row in section["regulations"][0]["readings"] if row["key"] == "act-end:1")
    name = row["shortest"]["file"].split("/")[-1]
    path = tmp_path / name
    path.write_text(saved[name], encoding="utf-8")
    base, other = simtools.transcript_games(path)
    assert "reading" not in base[0] and other[0]["reading"] == "act-end:1"
    assert base[0]["seed"] == other[0]["seed"] == row["shortest"]["seed"]
    assert simtools.replay_game(sim.Engine(read_otherwise(definitions, "act-end:1")), other).ok
    assert simtools.replay_game(sim.Engine(definitions), base).ok
    run = bp("replay", str(path), "--root", str(ROOT))
    assert run.returncode == 0, run.stderr
    assert "2 games replayed, 2 identical" in run.stdout


def test_the_section_is_valid_in_the_report_schema(compared) -> None:  # noqa: ANN001
    schema = json.loads((ROOT / "schema" / "balance.schema.json").read_text(encoding="utf-8"))
    section, _saved = compared
    jsonschema.validate(section, {**schema["properties"]["readings"], "$defs": schema["$defs"]})


def test_the_site_renders_the_stored_run_and_links_it(site_build: SiteBuild) -> None:
    """`balance/` holds a run (its README says the command); the build renders its page without playing."""
    stored = json.loads((ROOT / "balance" / "balance.json").read_text(encoding="utf-8"))
    assert len(stored["strengths"]["agents"]) == 3 and stored["readings"]["regulations"]
    page = (site_build.own_site / "balance" / "index.html").read_text(encoding="utf-8")
    assert 'id="readings"' in page and 'id="strengths"' in page
    kept = [row["shortest"]["file"] for regulation in stored["readings"]["regulations"] for row in regulation["readings"]
            if "shortest" in row]
    assert kept and all((site_build.own_site / "balance" / file).is_file() and f'href="{file}"' in page for file in kept)
    index = (site_build.own_site / "index.html").read_text(encoding="utf-8")
    assert 'href="balance/index.html"' in index
