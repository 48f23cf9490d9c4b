"""Reference: `playjson.reference_json`'s notation, `str(play)` (`notation.format_moves`)
Contract: tests/formats/test_plain_names.py
Gain: 1.41× the whole `plays --jsonl` process, with finaltext (3.55 → 2.52 s CPU; benchmarks-history.md, fourth pass)

The notation of the plain walk's plays, keyed by their moves' places in the move table.

`notation.spell_all` memoises a play's spelling by the ids of its `Move` objects: a tuple
of big integers to make, hash and compare for each of a quarter of a million plays a
`plays --jsonl` batch prints, in a memo of 75,000 entries. The plain walk takes every move
from one prebuilt table (`kernels.STEP_MOVES`), so here a play's key is one small integer,
and a double not met before is spelled from the memoised paths of its first three moves.
The spelling is `notation.spell`'s (tests/formats/test_plain_names.py holds it to the old
spelling for the walk's plays and any table moves in any order).
"""
from __future__ import annotations

from collections.abc import Sequence

from ...engine.fast.kernels import STEP_MOVES
from ...engine.notation import POINT_NAMES, STOPS, format_moves, spell, spell_all
from ...engine.play import Move


def spell_plays(plays: Sequence[Sequence[Move]]) -> list[str]:
    """`notation.spell_all(plays)` (`[format_moves(m) for m in plays]`), one answer at a time.

    The engine's plain walk takes every move from one prebuilt table (`kernels.STEP_MOVES`,
    364 objects), so a play of those moves is a few small numbers: each move's place in the
    table packed 9 bits apiece, a key far cheaper to make and to look up than a tuple of
    object ids (a quarter of a million plays a `--jsonl` batch; a hit costs about a third of
    what the tuple did). Plays of other moves take the memo by ids (`notation.spell_all`).

    >>> from tavla_docs.engine.play import Move
    >>> spell_plays([(Move(8, 5, 3), Move(6, 5, 1)), ()])
    ['8/5 6/5', '(no move)']
    """
    code = _CODES or _table_codes()
    memo = _BY_CODE
    if len(memo) >= _BY_CODE_MAX:  # checked once an answer: at most one answer past the bound
        memo.clear()
        _PATHS.clear()
    out = []
    # a double's plays come with their first three moves shared by consecutive plays (the walk
    # varies the last fastest): their key is kept, and only the last move's code looked up
    p1 = p2 = p3 = None
    head = 0
    for moves in plays:
        try:  # (free in the loop until a move not from the table raises: only the key's look-ups)
            if len(moves) == 4:
                m1, m2, m3, m4 = moves
                if m1 is not p1 or m2 is not p2 or m3 is not p3:
                    head = ((code[id(m1)] << 9 | code[id(m2)]) << 9 | code[id(m3)]) << 9
                    p1, p2, p3 = m1, m2, m3
                k = head | code[id(m4)]
            elif len(moves) == 2:
                m1, m2 = moves
                k = code[id(m1)] << 9 | code[id(m2)]
            else:
                k = 0
                for m in moves:
                    k = k << 9 | code[id(m)]
        except KeyError:  # a move not from the table: the memo by ids for the whole answer
            return spell_all(plays)
        text = memo.get(k)
        if text is None:
            text = memo[k] = _spell_new(k, moves)
        out.append(text)
    return out


def _spell_new(key: int, moves: Sequence[Move]) -> str:
    """A play `spell_plays` has not met: a double's moves in the plain walk's order (one die,
    sources never increasing: `notation.spell`'s sorted order already) from the memoised paths of all
    but its last move (an answer's plays share them: the walk varies the last move fastest)."""
    n = len(moves)
    if n < 3 or n > 4:
        return spell(moves) if 0 < n <= 4 else format_moves(moves)
    die = moves[0].die
    s = moves[0].src
    for m in moves:
        if m.die != die or m.src > s:
            return spell(moves)
        s = m.src
    paths = _step(_paths(key >> 9, moves[:-1]), moves[-1])
    steps = STOPS
    texts = [head + steps[end][hit] for head, end, hit in paths]
    if len(set(texts)) == len(texts):
        return " ".join(texts)
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    return " ".join([t if c == 1 else f"{t}({c})" for t, c in counts.items()])


_Path = tuple[str, int, bool]  # a checker's text up to its last stop, that stop, whether it hit there


def _paths(key: int, moves: Sequence[Move]) -> tuple[_Path, ...]:
    """The checker paths of `moves` (sorted as `notation.spell` sorts them), memoised by their key."""
    found = _PATHS.get(key)
    if found is None:
        found = _PATHS[key] = _step(_paths(key >> 9, moves[:-1]), moves[-1]) if len(moves) > 1 else \
            ((POINT_NAMES[moves[0].src], moves[0].dst, moves[0].hit),)
    return found


def _step(paths: tuple[_Path, ...], m: Move) -> tuple[_Path, ...]:
    """`paths` after move `m`: the first path that ends where it starts goes on (its stop
    written only if it hit), else a new path starts (`notation.spell`'s loop, one move)."""
    s = m.src
    for i, (head, end, hit) in enumerate(paths):
        if end == s:
            return paths[:i] + ((head + STOPS[s][1] if hit else head, m.dst, m.hit),) + paths[i + 1:]
    return paths + ((POINT_NAMES[s], m.dst, m.hit),)


def _table_codes() -> dict[int, int]:
    """`id(move) -> its code` for every move of `kernels.STEP_MOVES` (made on first use). The
    table lives as long as the process, so an id found here is one of its moves."""
    for die, row in enumerate(STEP_MOVES):
        for src, pair in enumerate(row):
            for hit, move in enumerate(pair):
                _CODES[id(move)] = (die * 26 + src) * 2 + hit + 1  # never 0: a key's length shows
    return _CODES


_CODES: dict[int, int] = {}  # id of a `kernels.STEP_MOVES` move -> its code (1..364)
_BY_CODE: dict[int, str] = {}  # a play's packed codes -> its text
_PATHS: dict[int, tuple[_Path, ...]] = {}  # the first moves' packed codes -> their paths (doubles)
_BY_CODE_MAX = 1 << 17  # a batch of 10,500 requests spells 75,522 distinct plays (about 15 MB)
