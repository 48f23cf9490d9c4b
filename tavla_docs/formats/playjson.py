"""Each play of a `plays --json`/`--jsonl` answer as JSON text: the reference.

`reference_json` is the definition: a play's object is
`json.dumps({"notation": str(play), "xgid": …, "board": position.to_json()}, ensure_ascii=False)`
with the fields in the order asked. `formats/jsonl/` writes the same bytes faster
(tests/formats/test_play_text.py and its neighbours hold it to that), and `formats/plays.py`
chooses between the two.

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.variants import TAVLA
>>> plays = legal_plays(TAVLA.starting_position(), Side.WHITE, Roll(6, 5), TAVLA)
>>> reference_json(plays[:1], ("notation", "xgid"), ":0:0:-1:00:0:0:0:0:10")
'{"notation": "24/13", "xgid": "XGID=-b----E-C---eF---c-e----A-:0:0:-1:00:0:0:0:0:10"}'
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.board import Geometry, Position
from ..engine.play import Play
from .errors import ID_COUNT
from .xgid import xgid_board

FIELDS = ("notation", "xgid", "board")  # a play's fields, in the default order


def play_xgid(position: Position, xgid_tail: str) -> str | None:
    """The XGID of the position after a play, or None where the format has none (the same
    direction, Tapa's pins, a game without 15 checkers). `xgid_tail`: every field after the board."""
    if position.geometry is not Geometry.OPPOSITE or position.pinned or position.checkers != ID_COUNT:
        return None
    return "XGID=" + xgid_board(position) + xgid_tail


def reference_json(plays: Sequence[Play], fields: tuple[str, ...], xgid_tail: str) -> str:
    """The inside of an answer's `"plays"` array, one `json.dumps` a play: the definition the
    speed layers are held to."""
    import json  # here: the text listing needs no JSON (start-up)

    objects = []
    for play in plays:
        value: dict[str, Any] = {}
        for f in fields:
            if f == "notation":
                value[f] = str(play)
            elif f == "xgid":
                value[f] = play_xgid(play.position, xgid_tail)
            elif f == "board":
                value[f] = play.position.to_json()
            else:
                raise ValueError(f"unknown field {f!r}; the fields are {', '.join(FIELDS)}")
        objects.append(json.dumps(value, ensure_ascii=False))
    return ", ".join(objects)
