"""The speed layers of `plays --json`/`--jsonl`'s text: each writes what `formats/playjson.py`
writes, faster. Each module opens with its reference, its contract test and the gain measured;
`formats/plays.py` is the one module outside this package that imports it."""
