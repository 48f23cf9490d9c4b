"""The no-play notice (issue 14): which frames get one, what it says, and that the figure and the
facts line under it say the same thing in both languages."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.diagram.describe import describe
from tavla_docs.diagram.facts import notice_lines
from tavla_docs.diagram.options import DiagramOptions
from tavla_docs.diagram.spec import CANNOT_ENTER, NO_PLAY, NO_ROLL, Notice
from tavla_docs.diagram.words import words
from tavla_docs.engine.board import Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.movegen import legal_plays, skips_roll
from tavla_docs.engine.play import TurnContext
from tavla_docs.scenario import load_scenario
from tavla_docs.scenario.draw import diagram_from_position, diagram_from_scenario, no_play_notice
from tavla_docs.scenario.model import Step
from tavla_docs.site.figures import facts
from tavla_docs.site.i18n import catalog
from tavla_docs.variants import BACKGAMMON, TAVLA, ruleset

from ..engine.strategies import positions, rolls, sides

HOME = {6: 5, 5: 5, 4: 4}  # White's 14 other checkers, out of the way
ENTER_65 = Position.from_board(HOME, {19: 2, 20: 2, 1: 11}, white_bar=1, checkers=15)  # a six enters on 19, a five on 20
CLOSED = Position.from_board(HOME, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 3}, white_bar=1, checkers=15)
STUCK = Position.from_board({8: 1, 6: 14}, {2: 2, 19: 13}, checkers=15)  # 8/2 is closed; the 8 keeps White from bearing off


def notice(pos: Position, rules, roll: str | None, turn: Side = Side.WHITE) -> Notice | None:
    return no_play_notice(pos, turn, rules, Roll.parse(roll) if roll else None, TurnContext())


def test_which_frames_get_a_notice() -> None:
    assert notice(ENTER_65, TAVLA, "6-5") == Notice(CANNOT_ENTER, Side.WHITE, Roll(6, 5), (19, 20))
    assert notice(Position.from_board(HOME, {19: 3, 1: 12}, white_bar=1, checkers=15), TAVLA, "6-6") == \
        Notice(CANNOT_ENTER, Side.WHITE, Roll(6, 6), (19,))  # a double: one entry point
    assert notice(CLOSED, TAVLA, "6-5") == Notice(NO_ROLL, Side.WHITE, Roll(6, 5))  # Tavla: does not roll
    assert notice(CLOSED, TAVLA, None) == Notice(NO_ROLL, Side.WHITE, None)  # … whatever the roll
    assert notice(CLOSED, BACKGAMMON, "6-5") == Notice(CANNOT_ENTER, Side.WHITE, Roll(6, 5), (19, 20))
    assert notice(STUCK, TAVLA, "6-6") == Notice(NO_PLAY, Side.WHITE, Roll(6, 6))
    assert notice(ENTER_65, TAVLA, "4-3") is None  # a four enters
    assert notice(ENTER_65, TAVLA, None) is None  # an odds frame: all 36 rolls, no notice
    over = Position.from_board({}, {19: 2, 1: 13}, checkers=15)  # White has borne off all 15: nobody is on turn
    assert notice(over, TAVLA, "6-5") is None and notice(over, TAVLA, "6-5", Side.BLACK) is None


def test_black_entry_points_are_in_blacks_own_numbering() -> None:
    pos = Position.from_board({1: 2, 2: 2, 24: 11}, {19: 14}, black_bar=1, checkers=15)  # White holds Black's 24 and 23
    assert notice(pos, BACKGAMMON, "2-1", Side.BLACK) == Notice(CANNOT_ENTER, Side.BLACK, Roll(2, 1), (23, 24))


def test_a_game_without_a_bar_says_it_cannot_play() -> None:
    tapa = ruleset("tapa")
    pos = Position.from_board({8: 1, 6: 14}, {2: 2, 19: 13}, checkers=15)  # 8/2 is closed, and Tapa has no bar
    assert notice(pos, tapa, "6-6") == Notice(NO_PLAY, Side.WHITE, Roll(6, 6))


@settings(max_examples=150, deadline=None)
@given(pos=positions(), side=sides(), roll=rolls(), bg=st.booleans())
def test_a_notice_exactly_when_the_engine_has_nothing_to_play(pos: Position, side: Side, roll: Roll, bg: bool) -> None:
    rules = BACKGAMMON if bg else TAVLA
    n = no_play_notice(pos, side, rules, roll, TurnContext())
    nothing = skips_roll(pos, side, rules) or not any(p.moves for p in legal_plays(pos, side, roll, rules))
    assert (n is not None) == nothing
    if n is None:
        return
    assert n.side is side and n.roll == roll
    g, other = pos.geometry, side.opponent
    # Worked out here from the board alone: a die's entry point is the mover's 25 - die.
    held = {d: pos.own(other)[g.from_board(other, g.to_board(side, 25 - d))] >= rules.block_at for d in roll.dice}
    if n.kind == NO_ROLL:
        assert not bg and pos.bar(side) and all(
            pos.own(other)[g.from_board(other, g.to_board(side, p))] >= 2 for p in range(19, 25))
    elif n.kind == CANNOT_ENTER:
        assert pos.bar(side) and all(held.values())
        assert n.entry == tuple(25 - d for d in sorted(set(roll.dice), reverse=True))
    else:
        assert n.kind == NO_PLAY and not pos.bar(side)  # in these games a checker on the bar is the only way in


# --- the words ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, sentence", [
    ("tr", "Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı"),
    ("en", "White cannot enter: with 6-5 both entry points are closed"),
])
def test_the_issue_sentence(lang: str, sentence: str) -> None:
    assert ": ".join(notice_lines(notice(ENTER_65, TAVLA, "6-5"), words(lang))) == sentence  # type: ignore[arg-type]


FRAMES = [(ENTER_65, TAVLA, "6-5", Side.WHITE), (TAVLA.position(HOME, {19: 3, 1: 12}, white_bar=1), TAVLA, "6-6",
          Side.WHITE), (CLOSED, TAVLA, "6-5", Side.WHITE), (CLOSED, BACKGAMMON, "6-5", Side.WHITE),
          (STUCK, TAVLA, "6-6", Side.WHITE), (STUCK.mirrored(), TAVLA, "6-6", Side.BLACK)]


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("pos, rules, roll, side", FRAMES)
def test_the_figure_and_its_facts_line_say_the_same(pos: Position, rules, roll: str, side: Side, lang: str) -> None:
    """The board's words (diagram/words.py) are the site catalogs' facts-line sentences."""
    d = diagram_from_position(pos, side, rules, Roll.parse(roll), None, DiagramOptions(), "t", None, "td-t", lang)
    assert d.notice is not None
    line = facts(Step(pos, side, Roll.parse(roll), None, rules=rules), catalog(lang))
    assert ": ".join(notice_lines(d.notice, words(lang))) == line


def test_the_desc_says_it_second() -> None:
    d = diagram_from_position(ENTER_65, Side.WHITE, TAVLA, Roll(6, 5), None, DiagramOptions(), "t", None, "td-t", "tr")
    assert describe(d, "tr").split(". ")[:3] == ["Tavla", "Sıra Beyaz'da, atış 6-5",
                                                 "Beyaz giremez: 6-5 ile girebileceği iki hane de kapalı"]
    playable = diagram_from_position(ENTER_65, Side.WHITE, TAVLA, Roll(4, 3), None, DiagramOptions(), "t", None, "td-t")
    assert playable.notice is None and "cannot" not in (playable.desc or "")


def test_a_no_play_story_frame(tmp_path) -> None:
    """The authoring guide's no-play frame: the notice on frame 0, none on the step after it."""
    root = tmp_path / "scenarios"
    (root / "demo").mkdir(parents=True)
    path = root / "demo" / "enter.yaml"
    path.write_text("""variant: backgammon
position:
  white: {bar: 1, 6: 5, 8: 3, 13: 5, off: 1}
  black: {19: 2, 12: 5, 17: 3, 1: 5}
turn: white
roll: 6-6
expect: {no_play: true, plays: 0}
caption: {en: "6-6 cannot enter.", tr: "6-6 giremez."}
then:
  - roll: 3-1
    show: 8/5 6/5
""", encoding="utf-8")
    sc = load_scenario(path, root)
    first, after = diagram_from_scenario(sc, "en", 0), diagram_from_scenario(sc, "en", 1)
    assert first.notice == Notice(CANNOT_ENTER, Side.WHITE, Roll(6, 6), (19,))
    assert after.notice is None and after.turn is Side.BLACK


@st.composite
def same_direction_frames(draw) -> tuple[Position, Side]:
    """A side on turn with one to three checkers against up to 15 opposing ones on disjoint board
    points (Uzun tavla and Gülbara: one checker holds a point). Few checkers to move keep the
    reference, the whole list of a progression's plays, small; many opposing ones block often."""
    side = draw(sides())
    points = draw(st.permutations(range(1, 25)))
    mine_pts, theirs_pts = points[:draw(st.integers(1, 3))], points[3:3 + draw(st.integers(1, 15))]
    mine: dict[int, int] = {}
    theirs: dict[int, int] = {b: 1 for b in theirs_pts}
    for _ in range(draw(st.integers(1, 3))):
        b = draw(st.sampled_from(mine_pts))
        mine[b] = mine.get(b, 0) + 1
    white, black = (mine, theirs) if side is Side.WHITE else (theirs, mine)
    return Position.from_board(white, black, geometry=ruleset("uzun").geometry, checkers=15), side


@settings(max_examples=80, deadline=None)
@given(frame=same_direction_frames(), roll=rolls(), name=st.sampled_from(["uzun", "gulbara"]),
       turn=st.one_of(st.none(), st.integers(1, 6)))
def test_the_other_games_agree_with_their_plays(frame: tuple[Position, Side], roll: Roll, name: str,
                                                turn: int | None) -> None:
    """The quick first-step test in `no_play_notice` against the whole list of plays (hooks, the
    six-block judge, Gülbara's progressions and first turns)."""
    pos, side = frame
    rules = ruleset(name)
    ctx = TurnContext() if turn is None else TurnContext(game_turn=turn, player_turn=(turn + 1) // 2)
    n = no_play_notice(pos, side, rules, roll, ctx)
    assert (n is not None) == (not any(p.moves for p in legal_plays(pos, side, roll, rules, ctx)))
    assert n is None or n.kind == NO_PLAY


@settings(max_examples=50, deadline=None)
@given(pos=positions(kinds=("contact", "bearoff", "bearoff_contact", "race")), side=sides(), roll=rolls())
def test_tapa_agrees_with_its_plays(pos: Position, side: Side, roll: Roll) -> None:
    tapa = ruleset("tapa")
    n = no_play_notice(pos, side, tapa, roll, TurnContext())
    assert (n is not None) == (not any(p.moves for p in legal_plays(pos, side, roll, tapa)))
