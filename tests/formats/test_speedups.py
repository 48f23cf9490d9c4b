"""`formats.jsonl._speedups` (the optional C accelerator): its text equals the pure-Python path's
(`finaltext.answer_text` with `plainnames.spell_plays`) and the old serialiser's, for random
positions and rolls of the variants the plain walk serves, both movers, hits, the bar,
bear-offs and doubles; it answers None (the Python path) for what it does not know; a
whole-process `plays --jsonl` batch is byte-identical with `TAVLA_DOCS_PURE=1`; and under CI
the extension must be built (CI measures the accelerated path)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import ALL_ROLLS, Roll
from tavla_docs.engine.fast.kernels import STEP_MOVES
from tavla_docs.engine.movegen import fast_plays  # the plain walk's plays, in either run (TAVLA_DOCS_PURE)
from tavla_docs.engine.play import Move, Play
from tavla_docs.formats.jsonl import accel, finaltext, plainfinals, plainnames, playtext
from tavla_docs.formats.jsonl.playtext import FIELDS
from tavla_docs.variants import BACKGAMMON, TAVLA

from ..engine.strategies import positions, rolls, sides
from .old_output import old_format_moves
from .test_play_text import _old, _tail

ROOT = Path(__file__).resolve().parents[2]
SPEEDUPS = accel.compiled()
MATCH_TAIL = ":1:1:{turn}:00:4:2:0:7:10"


def test_the_accelerator_is_built_where_ci_measures_it():
    """CI (`CI` set, as for the browser tests) must run and measure the compiled path; locally
    without a compiler it may be absent."""
    try:
        from tavla_docs.formats.jsonl import _speedups
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail(f"the C accelerator is not built in the test environment: {e}")
        pytest.skip(f"the C accelerator is not built here: {e}")
    assert Path(_speedups.__file__).parent == Path(accel.__file__).parent  # this checkout's build
    assert SPEEDUPS is _speedups
    if os.environ.get("CI") and not accel.PURE:
        assert accel.SPEEDUPS is _speedups  # what `plays --jsonl` takes


needs_c = pytest.mark.skipif(SPEEDUPS is None, reason="the C accelerator is not built here")


def _plays(pos: Position, side: Side, roll: Roll, rules=TAVLA) -> list[Play]:
    return list(fast_plays(pos, side, roll, rules))


def _check(pos: Position, side: Side, roll: Roll, rules=TAVLA, tail: str | None = None) -> str:
    """The C text against the Python path's and the old serialiser's: the default fields of
    fresh plain-walk plays (a roll without a move has no final: its notation only); the C texts."""
    assert SPEEDUPS is not None
    turn = 1 if side.opponent is Side.WHITE else -1
    tail = _tail(side.opponent) if tail is None else tail.format(turn=turn)
    plays = _plays(pos, side, roll, rules)
    names = plainnames.spell_plays([p.moves for p in plays])
    c_names = SPEEDUPS.notation_text(plays)
    assert c_names == '{"notation": "' + '"}, {"notation": "'.join(names) + '"}'
    assert c_names == ", ".join(json.dumps({"notation": old_format_moves(p.moves)}) for p in plays)
    found = plainfinals.plain_finals(plays)
    if found is None:
        assert [p.moves for p in plays] == [()]  # the plain walk's plays carry their finals
        return c_names
    finals, ctx = found
    c = SPEEDUPS.answer_text(plays, finals, ctx.white, ctx.theirs, tail)
    assert c == finaltext.answer_text(finals, names, ctx, tail)
    old = [_old(p, FIELDS, side.opponent).replace(_tail(side.opponent), tail) for p in plays]  # reads the positions
    assert c == ", ".join(old)
    return c + "\n" + c_names


@needs_c
@settings(max_examples=400, deadline=None)
@given(positions(), sides(), rolls(), st.sampled_from([TAVLA, BACKGAMMON]), st.booleans())
def test_the_c_text_equals_the_python_and_the_old_text(pos, side, roll, rules, match):
    _check(pos, side, roll, rules, MATCH_TAIL if match else None)


@needs_c
def test_hits_bar_bear_offs_and_doubles_of_both_movers():
    """Positions where each feature occurs, every roll: the texts agree and each feature is met."""
    contact = Position.from_board({24: 1, 13: 4, 8: 3, 6: 5, 3: 1, 2: 1}, {1: 1, 4: 1, 12: 5, 17: 3, 19: 4, 22: 1}, checkers=15)
    home = Position.from_board({6: 3, 5: 2, 2: 1, 1: 1}, {19: 1, 20: 2, 24: 1}, white_bar=1, black_bar=1, checkers=15)
    moved_on = Position.from_board({13: 5, 6: 5, 8: 3, 24: 2}, {7: 1, 19: 5, 17: 3, 12: 5, 1: 1}, checkers=15)
    bearoff = Position.from_board({6: 2, 5: 2, 4: 3, 1: 2}, {19: 2, 20: 2, 21: 3, 24: 2}, checkers=15)
    for side in Side:
        joined = "\n".join(_check(pos, side, roll) for pos in (contact, home, moved_on, bearoff, TAVLA.starting_position())
                           for roll in ALL_ROLLS)
        for feature in ("*", "bar/", "/off", "(2)", "(3)", "(4)", "*/", '_bar": 1', '_bar": 2', "(no move)"):
            assert feature in joined, (side, feature)


@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.builds(lambda die, src, hit: STEP_MOVES[die][src][hit],
                                   st.integers(1, 6), st.integers(1, 25), st.integers(0, 1)),
                         min_size=0, max_size=5), min_size=1, max_size=6))
def test_the_notation_of_any_table_moves_in_any_order(plays):
    """Mixed dice, sources rising, repeats: the C spelling is `notation.spell`'s; five moves: None."""
    assert SPEEDUPS is not None
    made = [Play(Side.WHITE, tuple(ms), None, len(ms)) for ms in plays]
    text = SPEEDUPS.notation_text(made)
    if any(len(ms) > 4 for ms in plays):
        assert text is None
    else:
        assert text == ", ".join(json.dumps({"notation": old_format_moves(ms)}) for ms in plays)


def _answer() -> tuple[list[Play], list[int], plainfinals.Context, str]:
    pos = Position.from_board({13: 5, 6: 5, 8: 3, 24: 2}, {7: 1, 19: 5, 17: 3, 12: 5, 1: 1}, checkers=15)
    plays = _plays(pos, Side.WHITE, Roll(6, 2))
    found = plainfinals.plain_finals(plays)
    assert found is not None
    return plays, found[0], found[1], _tail(Side.BLACK)


@needs_c
def test_what_it_does_not_know_takes_the_python_path():
    assert SPEEDUPS is not None
    plays, finals, ctx, tail = _answer()
    hits = [i for i, y in enumerate(finals) if y >> plainfinals.HIT_SHIFT]
    assert hits and len(hits) < len(finals)
    unhit = next(i for i in range(len(finals)) if i not in hits)

    def c(plays=plays, finals=finals, white=ctx.white, theirs=ctx.theirs, tail=tail):
        return SPEEDUPS.answer_text(plays, finals, white, theirs, tail)

    assert c() == finaltext.answer_text(finals, plainnames.spell_plays([p.moves for p in plays]), ctx, tail)
    foreign = [*plays[:-1], Play(Side.WHITE, (Move(13, 7, 6, True), Move(7, 5, 2)), None, 2)]
    assert c(plays=foreign) is None
    assert SPEEDUPS.notation_text(foreign) is None
    assert SPEEDUPS.notation_text([*plays, object()]) is None  # no `moves`
    assert c(finals=finals[:-1]) is None  # as many finals as plays
    for bad in (finals[unhit] | 1 << plainfinals.HIT_SHIFT,  # a hit mark on slot 0
                finals[unhit] | 1 << (plainfinals.HIT_SHIFT + 25),  # on the bar
                finals[unhit] | 1 << 200, -1, "x", 1.0):
        assert c(finals=[*finals[:unhit], bad, *finals[unhit + 1:]]) is None, bad
    no_blot = list(ctx.theirs)
    no_blot[25 - 7] = 2  # the blot the hits took is two checkers
    assert c(theirs=tuple(no_blot)) is None
    assert c(theirs=(*ctx.theirs[:-1], 16)) is None
    assert c(theirs=ctx.theirs[:-1]) is None
    assert c(tail=tail + "é") is None
    assert c(tail=tail + "\x07") is None  # the Python path would translate it
    # and the callers then write the Python path's text
    assert playtext.plays_json(_answer()[0], FIELDS, tail + "é") == \
        ", ".join(_old(p, FIELDS, Side.BLACK).replace(tail, tail + "é") for p in _answer()[0])


@needs_c
def test_no_reference_is_kept_or_lost():
    """Every C-API call's references balanced: the answer's objects keep their counts over many calls."""
    assert SPEEDUPS is not None
    plays, finals, ctx, tail = _answer()
    watched = [plays[0].moves, plays[0], finals[0], tail, ctx.theirs, plays, finals, *plays[0].moves]
    bad_finals = [*finals[:-1], -1]
    before = [sys.getrefcount(x) for x in watched]
    for _ in range(2000):
        SPEEDUPS.answer_text(plays, finals, ctx.white, ctx.theirs, tail)
        SPEEDUPS.answer_text(plays, bad_finals, ctx.white, ctx.theirs, tail)
        SPEEDUPS.notation_text(plays)
    assert [sys.getrefcount(x) for x in watched] == before


@needs_c
def test_a_bad_table_is_refused_and_the_tables_come_back():
    from tavla_docs.engine.notation import POINT_NAMES, STOPS
    from tavla_docs.formats.jsonl import _speedups
    from tavla_docs.formats.jsonl.plainfinals import HIT_SHIFT, OFFSET

    plays, finals, ctx, tail = _answer()
    try:
        with pytest.raises(ValueError, match="printable ASCII"):
            _speedups.setup(STEP_MOVES, ("dışarı", *POINT_NAMES[1:]), STOPS, "(no move)", OFFSET, HIT_SHIFT)
        with pytest.raises(RuntimeError, match="setup"):  # a refused table leaves none
            _speedups.answer_text(plays, finals, ctx.white, ctx.theirs, tail)
        with pytest.raises(ValueError, match="overlap"):
            _speedups.setup(STEP_MOVES, POINT_NAMES, STOPS, "(no move)", OFFSET, HIT_SHIFT - 8)
        with pytest.raises(ValueError, match="26"):
            _speedups.setup(STEP_MOVES, POINT_NAMES[:-1], STOPS, "(no move)", OFFSET, HIT_SHIFT)
    finally:
        accel.set_up(_speedups)
    assert _speedups.answer_text(plays, finals, ctx.white, ctx.theirs, tail) == \
        finaltext.answer_text(finals, plainnames.spell_plays([p.moves for p in plays]), ctx, tail)


def _batch(requests: Path, env: dict[str, str], *options: str) -> bytes:
    with requests.open("rb") as stdin:
        r = subprocess.run([sys.executable, "-m", "tavla_docs.cli.main", "plays", "--jsonl", *options], stdin=stdin,
                           capture_output=True, check=True, cwd=ROOT, env=env, timeout=300)
    return r.stdout


@needs_c
@pytest.mark.parametrize("options", [(), ("--fields", "notation")])
def test_a_whole_batch_is_byte_identical_on_both_paths(tmp_path, options):
    """`plays --jsonl` on corpus positions (random games, bar, primes, bear-offs), 21 rolls each."""
    from benchmarks.corpus import corpus
    from tavla_docs.formats.xgid import format_xgid

    requests = tmp_path / "requests.jsonl"
    requests.write_text("".join(json.dumps({"position": format_xgid(pos, side), "roll": str(roll)}) + "\n"
                                for pos, side in corpus(sample=40, constructed=10) for roll in ALL_ROLLS))
    env = {k: v for k, v in os.environ.items() if k != "TAVLA_DOCS_PURE"}
    probe = [sys.executable, "-c", "from tavla_docs.formats.jsonl import accel; print(accel.SPEEDUPS is not None)"]
    assert subprocess.run(probe, capture_output=True, text=True, check=True, cwd=ROOT, env=env).stdout == "True\n"
    for value, accelerated in (("1", False), ("yes", False), ("0", True), ("", True)):
        assert subprocess.run(probe, capture_output=True, text=True, check=True, cwd=ROOT,
                              env={**env, "TAVLA_DOCS_PURE": value}).stdout == f"{accelerated}\n", value
    accelerated = _batch(requests, env, *options)
    pure = _batch(requests, {**env, "TAVLA_DOCS_PURE": "1"}, *options)
    assert accelerated.count(b"\n") == len(requests.read_text().splitlines()) == 840
    assert accelerated == pure
