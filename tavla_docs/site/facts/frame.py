"""Facts of one scenario frame, computed by the engine: `{% set s = scenario("bear-off/mid-move") %}`.

A sentence about a position prints what the engine says about it: the roll
(`{{ s.roll }}`), the shown play and its single moves (`{{ s.show.moves[0] }}`,
`{{ s.show.moves[0].die.words }}`), how many legal plays there are
(`{{ s.plays }}`), what the 36 rolls achieve (`{{ s.odds.bears_off }}` → `27/36`,
`.percent`, `.rolls`, `.others`), pip counts and what stands where
(`{{ s.pips.white }}`, `{{ s.home.white }}`, `{{ s.point(3).count }}`), before or
`after` the shown play. Where a sentence speaks of all cases it prints the complete set:
every point a checker on the bar can enter on (`{{ s.entry_points }}`), every blot with its
point (`{{ s.blots.white }}`). How the game ends is the checked `result:` claim
(`{{ s.result }}`). Nothing here is typed by the author, so nothing here can be wrong while
the scenario's claims hold.
"""
from __future__ import annotations

import gettext
from fractions import Fraction
from functools import cached_property
from types import SimpleNamespace
from typing import Any

from ...engine.board import BAR, Position, Side
from ...engine.dice import ALL_ROLLS, Roll
from ...engine.movegen import max_dice
from ...engine.play import Play
from ...engine.rules import Ruleset
from ...scenario.claims import DEFAULT_ENGINE, Engine, count_plays
from ...scenario.model import Scenario, Step
from ..provenance import Subject, Word, hit_bits, is_fact, new_group, roll_group
from .numerals import Num, fixed, percent
from .outcome import ResultFact
from .plays import PlayFact, RollFact, role, side_name
from .rules import RuleFacts
from .values import Amount, FactList

_LEAD_GROUPS: dict[Any, int] = {}  # a position's key → the group of its pip lead (`audit.roles`)

# Homes of up to this many checkers get exact expected rolls, as in the odds tables
# (`odds_pages.EXACT_MAX`, which this module cannot import: odds_pages draws figures, figures read facts).
EXACT_CHECKERS = 2


class Outcome:
    """What the 36 rolls achieve for one outcome: prints `27/36`; `.count`, `.percent`, `.rolls`
    (the distinct rolls that do, an "or" list), `.others` (those that do not)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, count: int, rolls: tuple[Roll, ...], others: tuple[Roll, ...], lang: str, point: int = 0,
                 event: bool = True) -> None:
        # each number knows whether it counts the rolls that do or the ones that do not (`event`:
        # the outcome is something a roll does, not `no_play`), and the point of the frame's lone
        # checkers (`point`), for the reader audit (`audit.subjects`)
        yes = Subject(new_group(), point, outcome="success" if event else "")
        no = Subject(yes.group, point, outcome="fail" if event else "")
        self.about = yes
        self.count = Num(count, lang).of_side(None, "rolls").on(yes)
        self.of = Num(36, lang).of_side(None, "rolls").on(Subject(yes.group))  # 36 whatever the point: only a sibling
        self.missing = Num(36 - count, lang).of_side(None, "rolls").on(no)
        self.percent = Word(percent(Fraction(count, 36), lang))
        self.percent.about = yes
        self.rolls = FactList([RollFact(r, lang) for r in rolls], lang,
                              about=Subject(yes.group, point, outcome=yes.outcome, many=True))
        self.others = FactList([RollFact(r, lang) for r in others], lang,
                               about=Subject(yes.group, point, outcome=no.outcome, many=True))

    def __str__(self) -> str:
        return f"{self.count}/{self.of}"

    __html__ = __str__


class Counts:
    """Checkers of each side somewhere (`.white`, `.black`, `Num`s)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, white: int, black: int, lang: str, kind: str | None = None) -> None:
        # whose count it is and of what (`home`, `off`, …), for the reader audit (`audit.reader`)
        self.white = Num(white, lang).of_side("white", kind)
        self.black = Num(black, lang).of_side("black", kind)

    def of(self, side: str) -> Num:
        return self.white if Side.parse(side) is Side.WHITE else self.black


class PointFact:
    """What stands on a point (White's numbering): `.count`, `.side` (a name, or None), `.empty`."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, point: int, position: Position, lang: str, t: gettext.GNUTranslations) -> None:
        w = position.white_board().get(int(point), 0)
        b = position.black_board().get(int(point), 0)
        # A point the page typed is printed as a literal; one a helper computed stays a fact.
        self.point = Num(point, lang) if is_fact(point) else Num(point, lang).echoed()
        # the owner's count, and the side, of the point (`audit.playpoints`: held against a play's points)
        self.count = Num(w or b, lang).of_side("white" if w else "black" if b else None, "checkers").on(
            Subject(point=int(point)))
        self.side = side_name(Side.WHITE, t) if w else side_name(Side.BLACK, t) if b else None
        if self.side is not None:
            self.side.about = Subject(point=int(point))
        self.empty = not (w or b)


class PipTerm:
    """One point's share of a pip count: `.point` (the owner's number, 25 on the bar), `.board`
    (White's number, None on the bar), `.count` checkers, `.pips` = point × count, `.bar`; all `Num`s.
    Prints its pips. `.point`, `.count` and `.pips` are the owner's (`side`): a table column or a
    clause about the other side must not print them; `.board` is the shared numbering, no side's."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, point: int, board: int | None, count: int, lang: str, side: str | None = None) -> None:
        self.side = side
        self.point = Num(point, lang).of_side(side)
        self.board = None if board is None else Num(board, lang)
        self.count = Num(count, lang).of_side(side)
        self.pips = Num(point * count, lang).of_side(side)
        self.bar = point == BAR

    def __str__(self) -> str:
        return str(self.pips)

    __html__ = __str__

    def __repr__(self) -> str:
        return f"PipTerm({self.count} × {self.point} = {self.pips})"


class PositionFacts:
    """Counts about one position: pips, checkers home, off, on the bar, on the board, a point's contents."""

    _turn = ""  # the side on roll ("": a position without one); a frame sets it (`audit.sideroles`)

    def __init__(self, position: Position, rules: Ruleset, lang: str, t: gettext.GNUTranslations) -> None:
        self.position = position
        self._rules, self._lang, self._t = rules, lang, t

    def _counts(self, f: Any, kind: str | None = None) -> Counts:
        return Counts(f(Side.WHITE), f(Side.BLACK), self._lang, kind)

    @property
    def pips(self) -> Counts:
        return self._counts(self.position.pips, "pips")

    @property
    def off(self) -> Counts:
        return self._counts(self.position.off, "off")

    @property
    def bar(self) -> Counts:
        return self._counts(self.position.bar, "bar")

    @property
    def home(self) -> Counts:
        """Checkers in their own home board (points 1–6 of the owner's numbering)."""
        return self._counts(lambda s: sum(self.position.own(s)[1:7]), "home")

    @property
    def on_board(self) -> Counts:
        return self._counts(lambda s: sum(self.position.own(s)[1:25]), "on_board")

    @property
    def left(self) -> Counts:
        """Checkers not yet borne off."""
        return self._counts(lambda s: sum(self.position.own(s)[1:26]), "left")

    def point(self, n: int) -> PointFact:
        return PointFact(n, self.position, self._lang, self._t)

    @property
    def occupied(self) -> SimpleNamespace:
        """The points each side's checkers stand on (White's numbering), farthest from that side's
        home first, as an "and" list of `Num`s: `{{ s.occupied.white.ordinal }} hanelerde` prints
        "6., 5., 4. ve 3. hanelerde", so a sentence naming where the checkers are reads the position."""
        def points(side: Side) -> FactList:
            own = self.position.geometry.from_board  # the side's own numbering: its pips to go
            stands = sorted(self.position.board_counts(side), key=lambda b: own(side, b), reverse=True)
            return FactList([self._point(b) for b in stands], self._lang, "and", side=side.value)
        return SimpleNamespace(white=points(Side.WHITE), black=points(Side.BLACK))

    def _point(self, b: int) -> Num:
        """A point number (White's numbering) that names the point it is (`audit.subjects`)."""
        return Num(b, self._lang).of_side(None, "point").on(Subject(names=b))

    def lone_point(self, side: Side) -> int:
        """The one point (White's numbering) where all of `side`'s checkers on the board stand, else 0."""
        board = [p for p, n in self.position.board_counts(side).items() if n]
        return board[0] if len(board) == 1 and not self.position.bar(side) else 0

    @property
    def longest_row(self) -> Counts:
        """The most points in a row each side holds, along its own path (a point is held with the
        checkers that close it to the opponent, `rules().closed_by`): a six-point block is 6."""
        def row(side: Side) -> int:
            best = run = 0
            for n in self.position.own(side)[1:25]:
                run = run + 1 if n >= self._rules.block_at else 0
                best = max(best, run)
            return best
        return self._counts(row)

    @property
    def blots(self) -> SimpleNamespace:
        """Every blot (a point where the side has exactly one checker), White's numbering, farthest
        from that side's home first, as an "and" list of `Num`s: `.white`, `.black`."""
        def points(side: Side) -> FactList:
            own = self.position.geometry.from_board
            board = self.position.board_counts(side)
            alone = sorted((b for b, n in board.items() if n == 1), key=lambda b: own(side, b), reverse=True)
            return FactList([self._point(b) for b in alone], self._lang, "and", side=side.value)
        return SimpleNamespace(white=points(Side.WHITE), black=points(Side.BLACK))

    @property
    def pip_terms(self) -> SimpleNamespace:
        """Each side's pip count term by term, farthest first (`.white`, `.black`, lists of
        `PipTerm`): the point in the owner's numbering (the bar is 25), the checkers there and
        their product, so a page can show how `pips` adds up without doing the arithmetic."""
        def terms(side: Side) -> FactList:
            own = self.position.own(side)
            geo = self.position.geometry
            return FactList([PipTerm(p, None if p == BAR else geo.to_board(side, p), own[p], self._lang, side.value)
                             for p in range(BAR, 0, -1) if own[p]], self._lang, "and", side=side.value)
        return SimpleNamespace(white=terms(Side.WHITE), black=terms(Side.BLACK))

    @cached_property
    def _lead_subject(self) -> Subject:
        """One group per position, however many times a page asks for it."""
        key = self.position.key()
        if key not in _LEAD_GROUPS:
            _LEAD_GROUPS[key] = new_group()
        return Subject(group=_LEAD_GROUPS[key], turn=self._turn)

    @property
    def pip_lead(self) -> SimpleNamespace:
        """Who leads the pip count and by how much: `.side` (the name of the side with fewer pips,
        None when they are equal), `.other` (the side behind), `.by` (the difference, a `Num`)."""
        w, b = self.position.pips(Side.WHITE), self.position.pips(Side.BLACK)
        ahead = None if w == b else Side.WHITE if w < b else Side.BLACK
        lead = self._lead_subject  # the side and the lead of one position (`audit.roles`)
        return SimpleNamespace(side=None if ahead is None else role(side_name(ahead, self._t), "lead", lead),
                               other=None if ahead is None else side_name(ahead.opponent, self._t),
                               by=Num(abs(w - b), self._lang).of_side(None if ahead is None else ahead.value, "lead")
                               .on(lead))

    def points_of(self, side: str) -> FactList:
        """The points where `side` has checkers (White's numbering), highest first: where a
        sentence says the last checkers stand (`{{ s.points_of("white").first }}. hanede`)."""
        board = self.position.white_board() if Side.parse(side) is Side.WHITE else self.position.black_board()
        return FactList([self._point(p) for p in sorted(board, reverse=True) if board[p]], self._lang, "and",
                        side=Side.parse(side).value)


class FrameFacts(PositionFacts):
    """One frame of a scenario (its position before the shown play), for a page in `lang`."""

    def __init__(self, scenario: Scenario, index: int, lang: str, t: gettext.GNUTranslations,
                 engine: Engine = DEFAULT_ENGINE) -> None:
        frame: Step = scenario.frames[index]
        rules = frame.rules or scenario.rules
        super().__init__(frame.position, rules, lang, t)
        self.scenario, self.frame, self.rules_ = scenario, frame, rules
        self._engine = engine
        # each side's name by its role, with the frame's roll as its subject (`audit.roles`)
        self._turn = frame.turn.value  # who is on roll, carried by its sides' names and points (`audit.sideroles`)
        # and which sides hit in the story the frame belongs to: "{{ h.opponent }} hits it" (`audit.sideroles`)
        hits = hit_bits((f.turn.value, f.show.hits) for f in scenario.frames if f.show is not None)
        rolled = Subject(group=roll_group(frame.roll.high, frame.roll.low) if frame.roll is not None else 0,
                         turn=self._turn, hits=hits)
        self.turn = role(side_name(frame.turn, t), "turn", rolled)
        self.opponent = role(side_name(frame.turn.opponent, t), "opponent", rolled)
        self.roll = RollFact(frame.roll, lang, self._turn) if frame.roll is not None else None
        self._pins = rules.blot == "pin"  # a `*` in this game's notation is a pin (Tapa), read as one
        self.show = PlayFact(frame.show, lang, t, frame.show_text, self._pins, rules.geometry) \
            if frame.show is not None else None
        self.rules = RuleFacts(rules, lang, t=t, turn=self._turn)
        self.step = Num(index + 1, lang)
        self.steps = Num(len(scenario.frames), lang)

    @property
    def cube(self) -> SimpleNamespace | None:
        """The cube the figure shows (`diagram: {cube: …}`): `.value` (a `Num`), `.owner` (a side's
        name, or None in the centre), `.centred`; None when the figure shows no cube."""
        options = self.frame.diagram if self.frame.diagram.cube is not None else self.scenario.diagram
        if options.cube is None:
            return None
        value, owner = options.cube
        side = None if owner not in ("white", "black") else side_name(Side.parse(owner), self._t)
        return SimpleNamespace(value=Num(value, self._lang), owner=side, centred=side is None)

    @cached_property
    def _plays(self) -> tuple[Play, ...]:
        f = self.frame
        if f.roll is None:
            raise ValueError(f"scenario {self.scenario.id} has no roll here: it has no plays to count")
        return self._engine.plays(f.position, f.turn, f.roll, self.rules_, f.ctx)

    @property
    def plays(self) -> Num:
        """Distinct legal plays of the roll (0: nothing can be played)."""
        return Num(count_plays(self._plays), self._lang)

    @property
    def legal(self) -> FactList:
        """Every distinct legal play, in the engine's fixed order."""
        return FactList([PlayFact(p, self._lang, self._t, pins=self._pins) for p in self._plays if p.moves], self._lang)

    @property
    def entry_points(self) -> FactList:
        """Every point (the mover's numbering) where a checker on the bar can enter with the frame's
        roll, asked of the move generator: an "or" list of `Num`s, the larger die's first (`19 ya da 20`;
        `.ordinal`: `19. ya da 20.`); empty when every entry point is closed. ValueError when the side
        on turn has no checker on the bar, or the frame has no roll."""
        from ...engine.movegen import legal_steps
        from ...engine.state import initial_state
        f = self.frame
        if f.roll is None:
            raise ValueError(f"scenario {self.scenario.id} has no roll here: no entry points to name")
        if not self.rules_.has_bar or not f.position.bar(f.turn):
            raise ValueError(f"scenario {self.scenario.id}: the side on turn has no checker on the bar")
        state = initial_state(f.position, f.turn)
        found: list[int] = []
        for die in sorted(set(f.roll.dice), reverse=True):
            for m, _ in legal_steps(state, die, self.rules_, f.ctx):
                if m.src == BAR and m.dst not in found:
                    found.append(m.dst)
        return FactList([Num(p, self._lang) for p in found], self._lang)

    @property
    def result(self) -> ResultFact:
        """How the game ends, as the frame's checked `result:` claim says (of the shown play, or of
        the position): `.winner`, `.kind`, `.points` (scored: times the figure's cube, single under
        the Jacoby rule), `.value` (the kind's own), `.score` (the match after it). ValueError when
        the frame has no such claim (add `expect: result: …`)."""
        from ...engine.results import game_result
        from ...engine.scoring import jacoby_single, scored
        from ...scenario.claims import ResultClaim
        claim = next((c for c in self.frame.expect if isinstance(c, ResultClaim) and c.of in ("show", "position")),
                     None)
        if claim is None:
            raise ValueError(f"scenario {self.scenario.id} has no `result:` claim (of the shown play or the "
                             "position) to print; add one under `expect:`")
        f = self.frame
        pos = f.show.position if claim.of == "show" and f.show is not None else f.position
        points = scored(pos, self.rules_, f.cube)
        after = f.match.after(points, self.rules_) if f.match is not None and points is not None else None
        jacoby = points is not None and points.kind != "single" and jacoby_single(self.rules_, f.cube)
        return ResultFact(game_result(pos, self.rules_), self._t, self._lang, f.cube.value,
                          scored=points, match=after, jacoby=jacoby)

    @property
    def match(self) -> SimpleNamespace | None:
        """The match score before this game (`match:`): `.white`, `.black`, `.length` (`Num`s), `.away`
        (each side's points still needed), `.crawford` (this is the Crawford game), `.post_crawford`;
        None in money play."""
        m = self.frame.match
        if m is None:
            return None
        n = lambda v: Num(v, self._lang)  # noqa: E731 - one-line helper
        return SimpleNamespace(white=n(m.white), black=n(m.black), length=n(m.length),
                               away=SimpleNamespace(white=n(m.length - m.white), black=n(m.length - m.black)),
                               crawford=m.crawford_game, post_crawford=m.post_crawford)

    @property
    def double(self) -> SimpleNamespace:
        """The side on turn's double, as the rules answer it: `.may` (whether it may double now);
        when it may, `.take` (`.value`, `.owner`: the cube a take leaves), `.drop` (`.winner`,
        `.points`: what a drop pays), `.beaver` (the cube a taken beaver leaves, None without
        beavers); otherwise these are None."""
        from ...scenario.cube_claims import refusal
        f = self.frame
        subject = f.subject(self.rules_)
        if refusal(subject) is not None:
            return SimpleNamespace(may=False, take=None, drop=None, beaver=None)
        offered = f.cube.offer(f.turn, self.rules_, match_length=self.rules_.match_length)

        def cube(c: Any) -> SimpleNamespace:
            return SimpleNamespace(value=Num(c.value, self._lang), owner=side_name(c.owner, self._t))
        paid = offered.drop()
        beaver = offered.beaver_offer(self.rules_).take() if offered.beaver_refusal(self.rules_) is None else None
        assert paid.winner is not None
        return SimpleNamespace(may=True, take=cube(offered.take()),
                               drop=SimpleNamespace(winner=side_name(paid.winner, self._t),
                                                    points=Num(paid.points, self._lang)),
                               beaver=cube(beaver) if beaver is not None else None)

    @property
    def dice_used(self) -> Num:
        return Num(max_dice(self._plays), self._lang)

    @property
    def dice_left(self) -> Num:
        """The moves the roll gives (two, four for a double, more in a Gülbara progression) that
        no legal play can use: "the other two sixes cannot be played"."""
        from ...engine.movegen import dice_orders
        f = self.frame
        if f.roll is None:
            raise ValueError(f"scenario {self.scenario.id} has no roll here")
        given = max(len(order) for order in dice_orders(f.roll, self.rules_, f.ctx))
        return Num(given - max_dice(self._plays), self._lang)

    @property
    def first_unplayed(self) -> Num:
        """The place, in the roll's order, of the first move that cannot be played (an ordinal:
        "the fourth five"); one more than `dice_used`."""
        return Num(max_dice(self._plays) + 1, self._lang)

    @property
    def after(self) -> PositionFacts:
        """The position once the shown play is made."""
        return PositionFacts(self.frame.after, self.rules_, self._lang, self._t)

    @cached_property
    def odds(self) -> SimpleNamespace:
        """What the 36 rolls achieve from this position (`bears_off`, `enters`, `hits`, `no_play`)."""
        from ...analysis.odds import OUTCOMES
        odds = self._engine.odds(self.frame.position, self.frame.turn, self.rules_)
        out = {}
        for what in OUTCOMES:
            yes = set(odds.rolls(what))
            up = sorted(ALL_ROLLS, key=lambda r: (r.high, r.low))  # prose lists rolls from the smallest
            out[what] = Outcome(odds.count(what), tuple(r for r in up if r in yes), tuple(r for r in up if r not in yes),
                                self._lang, self.lone_point(self.frame.turn), what != "no_play")
        return SimpleNamespace(**out)

    @property
    def turn_number(self) -> Num | None:
        """The frame's turn of the game (`turn_number:`, 1 = the opening turn); None: a later turn."""
        n = self.frame.turn_number
        return None if n is None else Num(n, self._lang)

    @property
    def expected_rolls(self) -> Amount:
        """The expected number of rolls the side to play needs to bear off every checker, under best
        play (`analysis.bearoff`: exact for small homes), as the odds tables print it (`1,25`, `.exact`
        `5/4`). Only for a side whose checkers are all home; else ValueError."""
        return self.expected_rolls_of(self.frame.turn.value)

    def expected_rolls_of(self, side: str) -> Amount:
        """`expected_rolls` for either side (`"white"`, `"black"`), whoever is to play: a race's two
        sides compared (`{{ s.expected_rolls_of("black") }}`)."""
        from ...analysis import bearoff
        try:
            home = bearoff.home_of(self.frame.position, Side.parse(side))
        except bearoff.BearoffError as e:
            raise ValueError(f"scenario {self.scenario.id}: {e}") from None
        if sum(home) <= EXACT_CHECKERS:
            exact = bearoff.exact_expected_rolls(home)
            found = Amount(fixed(exact, self._lang), str(exact.numerator) if exact.denominator == 1 else str(exact))
        else:
            found = Amount(fixed(bearoff.database().expected_rolls(home), self._lang))
        found.side = Side.parse(side).value  # whose rolls, for the reader audit (`audit.reader`)
        found.about = Subject(point=self.lone_point(Side.parse(side)))  # and of which point (`audit.subjects`)
        return found

    @cached_property
    def race(self) -> SimpleNamespace:
        """Each side's chance to win the race from this frame, the side to play rolling first, when
        both sides are bearing off (`.white`, `.black`: `%56,5` / `56.5%`, `.exact` when known).
        The race table's numbers (`race_table`: exact for homes of up to two checkers, else the
        bear-off database), so a figure's sentence and a table agree. ValueError otherwise."""
        from ...analysis import bearoff
        turn = self.frame.turn
        try:
            mine = bearoff.home_of(self.frame.position, turn)
            theirs = bearoff.home_of(self.frame.position, turn.opponent)
            if max(sum(mine), sum(theirs)) <= EXACT_CHECKERS:
                win = bearoff.race_win_chance(mine, theirs)
                chances = {turn: (win, str(win)), turn.opponent: (1 - win, str(1 - win))}
            else:
                p = Fraction(bearoff.database().race_win_chance(mine, theirs))
                chances = {turn: (p, ""), turn.opponent: (1 - p, "")}
        except bearoff.BearoffError as e:
            raise ValueError(f"scenario {self.scenario.id}: {e}") from None
        out = {side: Amount(percent(x, self._lang), exact) for side, (x, exact) in chances.items()}
        for side, amount in out.items():
            amount.side = side.value
        return SimpleNamespace(white=out[Side.WHITE], black=out[Side.BLACK])
