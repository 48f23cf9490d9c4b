"""Types of the optional C accelerator (`_speedups.c`; set up by `formats.jsonl.accel`)."""
from collections.abc import Sequence

from ...engine.play import Move, Play

def setup(step_moves: Sequence[Sequence[Sequence[Move]]], point_names: Sequence[str],
          stops: Sequence[Sequence[str]], empty: str, offsets: Sequence[int], hit_shift: int, /) -> None: ...
def answer_text(plays: Sequence[Play], finals: Sequence[int], white: bool, theirs: Sequence[int],
                tail: str, /) -> str | None: ...
def notation_text(plays: Sequence[Play], /) -> str | None: ...
