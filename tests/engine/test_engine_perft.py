"""Play counts from perft.yaml (published, hand-derived and brute-force counts; see its header)."""
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
