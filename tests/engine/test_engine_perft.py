"""Play counts from perft.yaml (published, hand-derived and brute-force counts; see its header),
and the published opening counts again from the ruleset's own starting position."""
from pathlib import Path

import pytest
import yaml

from tavla_docs import TAVLA, Roll, Side, legal_plays
from tavla_docs.formats.positions import read_position

CASES = yaml.safe_load((Path(__file__).with_name("perft.yaml")).read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['roll']}-{c['source']}" for i, c in enumerate(CASES)])
def test_count(case):
    pos, side, _ = read_position(case["position"])
    plays = [p for p in legal_plays(pos, side or Side.WHITE, Roll.parse(case["roll"]), TAVLA)]
    assert len(plays) == case["count"]


def test_sources_are_labelled():
    assert {c["source"] for c in CASES} <= {"published", "hand", "naive"}
    assert sum(c["source"] == "published" for c in CASES) == 3


def test_opening_counts_from_the_rulesets_starting_position():
    start = TAVLA.starting_position()

    def plays(roll):
        return [str(p) for p in legal_plays(start, Side.WHITE, Roll.parse(roll), TAVLA)]

    assert len(plays("3-1")) == 16
    assert len(plays("1-1")) == 42
    assert len(plays("6-6")) == 11
