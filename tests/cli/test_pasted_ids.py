"""GNU Backgammon's IDs as pasted from its window (issue 14): labelled lines, either order."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("text", [
    "Position ID: 4HPwATDgc/ABMA\nMatch ID: cAkAAAAAAAAA",
    "Match ID: cAkAAAAAAAAA\nPosition ID: 4HPwATDgc/ABMA",
    "GNU Backgammon  Position ID: 4HPwATDgc/ABMA",
    "cAkAAAAAAAAA:4HPwATDgc/ABMA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
])
def test_gnubg_ids_as_pasted(cli, text):
    r = cli("plays", text, "3-1")
    assert r.returncode == 0 and "16 legal plays" in r.stdout  # the starting position, 3-1


def test_a_match_id_alone_is_an_error(cli):
    r = cli("plays", "Match ID: cAkAAAAAAAAA", "3-1")
    assert r.returncode == 1 and "Position ID line" in r.stderr and "Traceback" not in r.stderr
