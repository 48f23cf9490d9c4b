"""The one switch to the reference paths: `TAVLA_DOCS_PURE`.

Set to anything but "" or "0", it makes each dispatch point (`engine/movegen.py` for
`engine/fast/`, `formats/plays.py` for `formats/jsonl/`, `site/buildspeed.py` for `site/build/`)
call the reference alone, so the whole suite can run without a speed layer (CI runs the engine's and the formats' tests both
ways). Read once, at import: a process runs one way throughout.
"""
from __future__ import annotations

import os

#: Whether the environment asked for the reference paths alone.
PURE = os.environ.get("TAVLA_DOCS_PURE", "") not in ("", "0")
