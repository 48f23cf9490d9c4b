"""Rule facts a page states, computed from a `Ruleset`: `{{ rules("tavla").checkers }}`.

A page that says "15 checkers", "a double is four moves" or "the cube goes up to
64" prints these values instead of typing them, so changing an option (or a
variant's data) changes the sentence with it. Everything else a page reads of
the ruleset (`.option(…)`, `.backgammon_enabled`) passes through. `.has_cube` and `.has_bar` are
`RuleFlag`s: true or false in `{% if %}`, and printed they are the rule as a sentence's
predicate, so "Tavla {{ r.has_cube }}." reads "Tavla has no doubling cube." from the ruleset.

>>> from tavla_docs.variants import ruleset
>>> tr, en = RuleFacts(ruleset("tavla"), "tr"), RuleFacts(ruleset("backgammon"), "en")
>>> tr.checkers, tr.double_moves.words, tr.points.mars, str(tr.home)
(Num(15), 'dört', Num(2), '1–6')
>>> str(en.cube_faces.and_list), en.cube_max, en.points.backgammon
('2, 4, 8, 16, 32 and 64', Num(64), Num(3))
>>> tr.players.words, tr.board_points, tr.quarters.words, str(tr.bear_off(4).dice)
('iki', Num(24), 'dört', '4, 5 ya da 6')
>>> str(tr.has_cube), str(en.has_cube), bool(tr.has_cube), str(RuleFacts(ruleset("tapa"), "en").has_bar)
('katlama zarı yoktur', 'has a doubling cube', False, 'has no bar')
>>> uzun = RuleFacts(ruleset("uzun"), "en")
>>> uzun.head, uzun.head_of("black"), str(uzun.home_of("black")), uzun.closed_by.words
(Num(24), Num(12), '13–18', 'one')
"""
from __future__ import annotations

import gettext
from fractions import Fraction
from itertools import groupby
from types import SimpleNamespace
from typing import Any

from ... import N_
from ...engine.board import BAR, OFF, Geometry, Side
from ...engine.dice import Roll
from ...engine.movegen import dice_orders, legal_steps
from ...engine.play import TurnContext
from ...engine.rules import Ruleset
from ...engine.state import initial_state
from ..provenance import MOST_GROUP, Subject, Word, game_fact, is_fact, new_group, roll_group
from .numerals import Num, fixed, mixed
from .values import Amount, FactList, RollValue, Span

DIE_FACES = tuple(range(1, 7))  # what a die shows (engine.dice refuses anything else)


class RuleFacts:
    """The facts of one ruleset, printed in `lang`."""

    def __init__(self, rules: Ruleset, lang: str, given: frozenset[str] = frozenset(),
                 t: gettext.GNUTranslations | None = None, turn: str = "") -> None:
        self.ruleset = rules
        self._turn = turn  # a frame's side on roll: whose head is "the opponent's" (`audit.sideroles`)
        self.lang = lang
        self._t = t  # the site's translations (a project's catalog first); None: the package's catalog
        self._given = given  # the options the page passed: a value that only repeats one is typed

    def __getattribute__(self, name: str) -> Any:
        """A number the ruleset states knows its game and rule (`Subject.game`): a sentence about
        another game must not print it (`audit.gamefacts`)."""
        value = object.__getattribute__(self, name)
        if type(value) is Num and value.about is None and not value.echo and not name.startswith("_"):
            # a number with a subject already says what it is (`double_moves`: the most a turn plays);
            # an echo of the page's own option stays typed
            variant = object.__getattribute__(self, "ruleset").variant
            return value.on(Subject(game=game_fact(variant, name)))
        return value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.ruleset, name)
        return _RulesetData(value, self.lang) if name == "facts" else value

    def option(self, name: str) -> Any:
        """A rule option's value; numbers come back as facts (`Num`, a list of them as an "and"
        `FactList`), since the ruleset, not the page, states them."""
        value = self.ruleset.option(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return self._n(value)
        if isinstance(value, (tuple, list)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return FactList([self._n(v) for v in value], self.lang, "and")
        if isinstance(value, str):
            return Word(value)
        return value

    def _n(self, value: int) -> Num:
        return Num(value, self.lang)

    def _flag(self, value: bool, yes: str, no: str) -> RuleFlag:
        from ..i18n import catalog
        t = self._t if self._t is not None else catalog(self.lang)
        return RuleFlag(value, t.gettext(yes if value else no))

    @property
    def has_cube(self) -> RuleFlag:
        """Whether the game is played with a doubling cube; prints "has no doubling cube" / "katlama zarı yoktur"."""
        return self._flag(self.ruleset.has_cube, N_("has a doubling cube"), N_("has no doubling cube"))

    @property
    def has_bar(self) -> RuleFlag:
        """Whether hit checkers go to a bar; prints "has a bar" / "bar yoktur"."""
        return self._flag(self.ruleset.has_bar, N_("has a bar"), N_("has no bar"))

    @property
    def checkers(self) -> Num:
        """Checkers per side (the starting position's count)."""
        return self._n(self.ruleset.checkers).of_side(None, "checkers")

    @property
    def die_faces(self) -> FactList:
        return FactList([self._n(d) for d in DIE_FACES], self.lang, "and")

    @property
    def highest_die(self) -> Num:
        return self._n(max(DIE_FACES)).of_side(None, "die")

    @property
    def double_moves(self) -> Num:
        """How many moves an ordinary double is (on the game's first turn)."""
        return self._n(len(dice_orders(Roll(1, 1), self.ruleset, TurnContext(game_turn=1, player_turn=1))[0])).of_side(
            None, "moves").on(Subject(group=MOST_GROUP))

    @property
    def dice(self) -> Num:
        """Dice in a roll."""
        return self._n(len(Roll(6, 5).dice)).of_side(None, "dice")

    @property
    def rolls(self) -> Num:
        """Equally likely outcomes of a roll (36)."""
        return self._n(len(DIE_FACES) ** 2).of_side(None, "rolls")

    @property
    def points(self) -> SimpleNamespace:
        """Points per result kind, by the kind's name (`single`, `mars` / `gammon`, `katmerli_mars` / …)."""
        return SimpleNamespace(**{kind: self._n(p).of_side(None, kind) for kind, p in self.ruleset.summary()["scoring"]})

    @property
    def cube_faces(self) -> FactList:
        """The faces the cube can show after a double: 2, 4, … up to its maximum (64 on a real cube)."""
        top = self.ruleset.cube_max or 64
        faces, v = [], 2
        while v <= top:
            faces.append(self._n(v))
            v *= 2
        return FactList(faces, self.lang, "and")

    @property
    def cube_max(self) -> Num | None:
        m = self.ruleset.cube_max
        return None if m is None else self._n(m).echoed() if "cube_max" in self._given else self._n(m)

    @property
    def match_length(self) -> Num | None:
        m = self.ruleset.match_length
        return None if m is None else self._n(m).echoed() if "match_length" in self._given else self._n(m)

    @property
    def crawford_away(self) -> Num:
        """The Crawford game follows when a player first needs this many points to win the match."""
        return self._n(1)

    @property
    def closed_by(self) -> Num:
        """Opposing checkers that close a point (2 in tavla, 1 in the no-hitting games)."""
        return self._n(self.ruleset.block_at).of_side(None, "checkers")

    @property
    def home(self) -> Span:
        """The home board in the mover's own numbering (1–6)."""
        return Span(1, 6, self.lang)

    def home_of(self, side: str) -> Span:
        """A side's home board in White's (the board's shared) numbering."""
        s = Side.parse(side)
        ends = sorted(self.ruleset.geometry.to_board(s, p) for p in (1, 6))
        span = Span(ends[0], ends[1], self.lang)
        span.side = s.value  # Black's home printed in a clause about White is the wrong side's (audit.reader)
        span.about = Subject(turn=self._turn, own="white")  # "the opponent's home" (`audit.sideroles`)
        return span

    @property
    def head(self) -> Num | None:
        """The head, where all checkers start, in the mover's numbering (None when they start spread)."""
        start = self.ruleset.start
        return self._n(next(iter(start))) if len(start) == 1 else None

    def head_of(self, side: str) -> Num | None:
        """The head in White's (the board's shared) numbering."""
        h = self.head
        s = Side.parse(side)
        if h is None:
            return None
        # in the board's numbering (White's), and the frame's side on roll: "the opponent's head" (`audit.sideroles`)
        return self._n(self.ruleset.geometry.to_board(s, int(h))).of_side(s.value).on(Subject(turn=self._turn, own="white"))

    @property
    def start(self) -> FactList:
        """The starting points, farthest first, as (point, checkers) pairs of `Num`s."""
        return FactList([(self._n(p), self._n(n)) for p, n in sorted(self.ruleset.start.items(), reverse=True)],
                        self.lang, "and")

    @property
    def starting_pips(self) -> Num:
        return self._n(self.ruleset.summary()["starting_pips"])

    @property
    def bar_pips(self) -> Num | None:
        """The pips a checker on the bar still has to travel (25: one point beyond the owner's
        24-point, where it enters); None in a game without a bar."""
        return self._n(BAR) if self.ruleset.has_bar else None

    @property
    def average_roll(self) -> Amount:
        """The pips a roll moves on average when every die can be played, over the 36 equally
        likely outcomes, asked of the move generator (a double is played as its moves: four times
        in tavla, a climbing run in Gülbara after its first turns): `8,17` / `8.17`, `.exact`
        `49/6`, `.mixed` `8 1/6`.

        >>> from tavla_docs.variants import ruleset
        >>> a = RuleFacts(ruleset("tavla"), "tr").average_roll
        >>> str(a), a.exact, a.mixed
        ('8,17', '49/6', '8\xa01/6')
        """
        ctx = TurnContext(game_turn=99, player_turn=50)  # a later turn, as `progression` asks
        total = sum(sum(dice_orders(Roll(a, b), self.ruleset, ctx)[0]) for a in DIE_FACES for b in DIE_FACES)
        avg = Fraction(total, len(DIE_FACES) ** 2)
        return Amount(fixed(avg, self.lang), str(avg), mixed(avg, self.lang))

    @property
    def normal_doubles_turns(self) -> Num | None:
        n = self.ruleset.abilities.normal_doubles_turns
        return None if n is None else self._n(n)

    @property
    def first_progression_turn(self) -> Num | None:
        """The first turn whose doubles are played as a progression (Gülbara: the fourth), so a
        sentence says "from the fourth turn on" without adding one to `normal_doubles_turns`."""
        n = self.ruleset.abilities.normal_doubles_turns
        return None if n is None else self._n(n + 1)

    def progression(self, die: int) -> FactList:
        """The numbers a double of `die` is played as on a later turn (Gülbara: 3-3 → 3, 4, 5, 6)."""
        orders = dice_orders(Roll(die, die), self.ruleset, TurnContext(game_turn=99, player_turn=50))
        seen: list[Num] = []
        for d in orders[0]:
            if not seen or seen[-1] != d:
                seen.append(self._n(d))
        return FactList(seen, self.lang, "and")

    @property
    def same_direction(self) -> bool:
        return self.ruleset.geometry is Geometry.SAME

    @property
    def players(self) -> Num:
        """Players of a game: the engine's two sides."""
        return self._n(len(Side))

    @property
    def board_points(self) -> Num:
        """Points on the board (24): a side's own numbering runs from 1 to the bar's number less one."""
        return self._n(BAR - 1)

    @property
    def quarters(self) -> Num:
        """The board's quarters (4): its points in blocks the size of a home board."""
        return self._n(int(self.board_points) // int(self.home.last))

    def bear_off(self, point: int) -> SimpleNamespace:
        """The dice that bear off a lone checker from `point` of the home board, asked of the move
        generator: `.point`, `.dice` (an "or" list: `4, 5 ya da 6`, or only `4` with exact bear-off)."""
        p = int(point)
        if not 1 <= p <= int(self.home.last):
            raise ValueError(f"bear_off({point!r}): a point of the home board, {self.home}")
        state = initial_state(self.ruleset.position({p: 1}, {}), Side.WHITE)
        ctx = TurnContext(game_turn=1, player_turn=1)
        dice = [d for d in DIE_FACES
                if any(m.src == p and m.dst == OFF for m, _ in legal_steps(state, d, self.ruleset, ctx))]
        shown = self._n(p) if is_fact(point) else self._n(p).echoed()  # a point the page typed is a literal
        return SimpleNamespace(point=shown, dice=FactList([self._n(d) for d in dice], self.lang))

    def route_of(self, side: str) -> FactList:
        """The board points (White's numbering) a side passes from its own 24-point to its 1-point,
        as runs of neighbouring points ("and" list of `Span`s): White `24–1`; Black `1–24` in
        tavla, `12–1` and `24–13` in the same-direction games.

        >>> from tavla_docs.variants import ruleset
        >>> uzun, tapa = RuleFacts(ruleset("uzun"), "tr"), RuleFacts(ruleset("tapa"), "en")
        >>> str(uzun.route_of("black")), str(tapa.route_of("black"))
        ('12–1 ve 24–13', '1–24')
        """
        s = Side.parse(side)
        board = [self.ruleset.geometry.to_board(s, p) for p in range(24, 0, -1)]
        runs, first = [], 0
        for i in range(1, len(board) + 1):
            if i == len(board) or abs(board[i] - board[i - 1]) != 1:
                runs.append(Span(board[first], board[i - 1], self.lang))
                first = i
        group = new_group()  # the runs in the order travelled: "X, then Y" must keep it (`audit.sideroles`)
        for place, run in enumerate(runs, start=1):
            run.about = Subject(group=group, place=place)
        return FactList(runs, self.lang, "and")

    def progression_runs(self, die: int) -> FactList:
        """A double of `die` on a later turn as runs of one number (`Run`s, an "and" list): in
        Gülbara 3-3 is "four threes, four fours, four fives and four sixes"; an ordinary double is
        one run.

        >>> from tavla_docs.variants import ruleset
        >>> gulbara, uzun = RuleFacts(ruleset("gulbara"), "tr"), RuleFacts(ruleset("uzun"), "en")
        >>> str(gulbara.progression_runs(5)), str(uzun.progression_runs(5))
        ('dört beşli ve dört altılı', 'four fives')
        """
        orders = dice_orders(Roll(die, die), self.ruleset, TurnContext(game_turn=99, player_turn=50))
        runs = [Run(self._n(d), self._n(len(list(g)))) for d, g in groupby(orders[0])]
        # the double it plays, as a roll's subject: "{{ threes.roll }} is …(fives.roll.high)" (`audit.rollkinds`)
        return FactList(runs, self.lang, "and", about=Subject(group=roll_group(int(die), int(die)), outcome="double"))

    def roll(self, a: int, b: int) -> RollValue:
        """A roll a sentence takes as its example (`r.roll(6, 5)` prints `6-5`), with `.ways` (how many
        of the 36 outcomes show it) and `.orders` (`6-5 ve 5-6`)."""
        value = RollValue(a, b, self.lang)
        if not (is_fact(a) and is_fact(b)):  # dice the page typed: printed, the roll is a literal
            value.echo = True
            value.high, value.low = value.high.echoed(), value.low.echoed()
        return value

    @property
    def bearoff_positions(self) -> Num:
        """How many homes there are: every way to spread up to `checkers` checkers over the home
        board's points (the bear-off database holds one entry for each, the empty home included)."""
        from ...analysis.bearoff import position_count
        return self._n(position_count(int(self.checkers)))

    @property
    def rolls_that_cannot_bear_off(self) -> Num:
        """How many first rolls can never bear off all `checkers` (one fewer than
        `fewest_bear_off_rolls`): "no chance within the first three rolls"."""
        return self._n(int(self.fewest_bear_off_rolls) - 1)

    @property
    def fewest_bear_off_rolls(self) -> Num:
        """The fewest rolls that can bear off all `checkers`: a roll bears off at most `double_moves`."""
        return self._n(-(-int(self.checkers) // int(self.double_moves)))


class _RulesetData:
    """The ruleset's own descriptive data (`r.facts`: names, origins), its texts and numbers as
    facts: the ruleset states them, not the page."""

    def __init__(self, data: Any, lang: str) -> None:
        self._data, self._lang = data, lang

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._wrap(getattr(self._data, name))

    def _wrap(self, value: Any) -> Any:
        if isinstance(value, str):
            return Word(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return Num(value, self._lang)
        if isinstance(value, tuple):
            return tuple(self._wrap(v) for v in value)
        return value


class RuleFlag:
    """A yes-or-no rule: true or false as the ruleset says, printed as the rule's predicate in the
    page's language, so the sentence and the `{% if %}` around it read the same field."""

    tavla_fact = True  # the ruleset states it (`site.provenance`)

    def __init__(self, value: bool, text: str) -> None:
        self.value = bool(value)
        self.text = text

    def __bool__(self) -> bool:
        return self.value

    def __str__(self) -> str:
        return self.text

    __html__ = __str__

    def __repr__(self) -> str:
        return f"RuleFlag({self.value}, {self.text!r})"


class Run:
    """Moves of one number in a row: prints "dört beşli" / "four fives"; `.number`, `.times` are `Num`s."""

    tavla_fact = True

    def __init__(self, number: Num, times: Num) -> None:
        self.number = number
        self.times = times

    def __str__(self) -> str:
        return f"{self.times.words} {self.number.die_names}"

    __html__ = __str__

    def __repr__(self) -> str:
        return f"Run({self})"
