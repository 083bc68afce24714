"""`bp sim` given a regulation it does not know: the message names what is wrong and what would do."""

from __future__ import annotations

import pytest

from tests.runbp import bp


@pytest.mark.parametrize(
    ("args", "says", "not_says"),
    [
        # the frame is right: only the format is named, with the formats there are
        (["--format", "proo"], "no format 'proo': the formats are lite (ライト), standard (スタンダード), pro (プロ), master (マスター)",
         "frame 'entry20'"),
        (["--frame", "strategyy"], "no frame 'strategyy': the frames are entry20 (エントリー20)", "format 'lite'"),
        # `--format json` is how `bp check` is asked for JSON; bp sim's --format is the game's format
        (["--format", "json"], "for the figures as JSON, use --json", "frame 'entry20'"),
    ],
)
def test_an_unknown_format_or_frame_is_named_alone(args: list[str], says: str, not_says: str) -> None:
    run = bp("sim", "--games", "1", *args)
    assert run.returncode == 2
    assert says in run.stderr
    assert not_says not in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        # `bp sim --format pro`: the default frame (エントリー20) is ライト's alone; say which frames プロ is played with
        (["--format", "pro"], "table 3.1 does not allow プロ + エントリー20: プロ is played with パック, レアパック or ストラテジー (--frame)"),
        # and the other way round: a frame without a format that table 3.1 allows with it
        (["--frame", "ストラテジー"], "table 3.1 does not allow ライト + ストラテジー: ストラテジー is played in プロ or マスター (--format)"),
        (["--format", "master", "--frame", "entry20"],
         "table 3.1 does not allow マスター + エントリー20: マスター is played with パック, レアパック, ストラテジー or エクストラ (--frame)"),
    ],
)
def test_a_regulation_table_3_1_does_not_allow_says_what_would_do(args: list[str], says: str) -> None:
    run = bp("sim", "--games", "1", *args)
    assert run.returncode == 2
    assert says in run.stderr
    assert "Traceback" not in run.stderr
