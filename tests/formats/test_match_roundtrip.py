"""`.mat` files: write and read back (`format_mat`, `parse_mat`) games the engine plays at random,
and replay them (`replay`): the file says what was played, and the replay reaches every position
the game went through. Also: the committed gnubg-made `.mat` and `.sgf` say the same thing."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.engine.board import Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays
from tavla_docs.formats.gamerecord import Action, GameRecord, MatchRecord
from tavla_docs.formats.matfile import format_mat, parse_mat, strip
from tavla_docs.formats.replay import replay
from tavla_docs.formats.sgf import parse_sgf
from tavla_docs.variants import ruleset

DATA = Path(__file__).resolve().parent.parent / "data" / "gnubg"


@st.composite
def played(draw: st.DrawFn) -> tuple[MatchRecord, list[tuple[int, int]]]:
    """A one-game match the engine plays with drawn dice, plays and cube actions, and the position
    key before every roll."""
    variant = draw(st.sampled_from(["backgammon", "nackgammon", "hypergammon"]))
    length = draw(st.sampled_from([0, 1, 3, 7]))
    rules = ruleset(variant)
    pos, side = rules.starting_position(), draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    cube, owner, over = 1, None, False
    actions: list[Action] = []
    keys = []
    for _ in range(draw(st.integers(1, 40))):
        player = 1 if side is Side.WHITE else 0
        if keys and length != 1 and owner in (None, side) and cube < 64 and draw(st.integers(0, 9)) == 0:
            actions.append(Action(player, "double", 0, 0, value=cube * 2))
            if draw(st.booleans()):
                actions.append(Action(1 - player, "take", 0, 0))
                cube, owner = cube * 2, side.opponent
            else:
                actions.append(Action(1 - player, "drop", 0, 0))
                actions.append(Action(player, "win", 0, 0, value=cube))
                over = True
                break
        roll = Roll(draw(st.integers(1, 6)), draw(st.integers(1, 6)))
        plays = legal_plays(pos, side, roll, rules)
        play = plays[draw(st.integers(0, len(plays) - 1))]
        dice = (roll.high, roll.low) if draw(st.booleans()) else (roll.low, roll.high)
        actions.append(Action(player, "move", 0, 0, dice=dice, play=str(play) if play.moves else ""))
        keys.append(pos.key())
        pos, side = play.position, side.opponent
        if pos.off(side.opponent) == rules.checkers:
            break
    if not over and draw(st.booleans()):
        actions.append(Action(draw(st.integers(0, 1)), "win", 0, 0, value=draw(st.integers(1, 3))))
    names = (draw(st.sampled_from(["ann", "gnubg", "Player 1"])), draw(st.sampled_from(["bob", "XG", "root"])))
    match = MatchRecord(names, length, variant, length > 1, length == 0 and draw(st.booleans()),
                        (GameRecord(1, (0, 0), tuple(actions), 0),))
    return match, keys


@settings(max_examples=60, deadline=None)
@given(played())
def test_a_played_game_written_as_mat_reads_back_and_replays_through_its_positions(case):
    match, keys = case
    text = format_mat(match)
    back = parse_mat(text)
    assert strip(back) == strip(match), text
    (game,) = replay(back)
    assert [t.before.key() for t in game.turns] == keys
    assert parse_mat(format_mat(back)) == back  # the layout is stable: lines and columns too


def test_gnubgs_mat_and_sgf_of_one_match_say_the_same():
    mat, sgf = parse_mat((DATA / "match3.mat").read_text()), parse_sgf((DATA / "match3.sgf").read_text())
    assert (mat.names, mat.length, mat.variant, mat.crawford_rule) == (sgf.names, sgf.length, sgf.variant,
                                                                         sgf.crawford_rule)
    for a, b in zip(strip(mat).games, strip(sgf).games, strict=True):
        assert a.score == b.score
        # an SGF double names no value (the cube's next face is implied); every other action is the same
        assert [(x.player, x.kind, x.value if x.kind == "win" else 0) for x in a.actions if x.kind != "move"] == \
            [(x.player, x.kind, x.value) for x in b.actions if x.kind != "move"]
    replayed = [replay(m) for m in (mat, sgf)]
    assert [[(t.before, t.roll, t.play) for t in g.turns] for g in replayed[0]] == \
        [[(t.before, t.roll, t.play) for t in g.turns] for g in replayed[1]]
