"""The play budget: how much the move generator may store and how long it may walk for one roll.

Some rolls have millions of distinct plays (Gülbara's progression doubles: 1-1 from the
start on turn 4 has about 3.2 million), and listing them all takes minutes and gigabytes.
A `PlayBudget` bounds one generation: `max_plays` counts the distinct entries of the
walk's de-duplication sets (the (position, dice left) pairs it expanded plus the distinct
ends of turn it recorded, so the plays themselves never outnumber it), `max_seconds` the
time. The walk stops as soon as either passes its limit, from inside, and raises
`PlayBudgetExceeded` (a `TavlaError`: the user's input is too big, not a bug). A walk that
cannot pass the count limit (an ordinary roll: two dice, or four for a double, at most a few
thousand expansions) is not metered at all, so the budget costs ordinary rolls nothing; long
ones (progressions, dice plans) and small limits are metered by their memo sets (`Meter`).

The budget is a value passed to `legal_plays(…, budget=)`. Callers that do not pass one
get `current_budget()`: the budget a command installed with `using(budget)` for
everything it does, else `DEFAULT_BUDGET`. That default comes from a `ContextVar`, not a
module global, because the budget is the *caller's* policy (a command-line option, a
setting in mkdocs.yml) that must reach every generation made on its behalf, also through
layers that have no reason to know about it (written plays, a variant's remainder plays,
odds tables, the site's figures); a context variable is per thread and per asyncio task,
so two callers never see each other's budget. The engine stays a function of its
inputs: the budget only decides whether it answers or raises.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.engine.movegen import legal_plays
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)
>>> len(legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=10)))
2
>>> legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA, budget=PlayBudget(max_plays=3))
Traceback (most recent call last):
...
tavla_docs.engine.budget.PlayBudgetExceeded: Tavla 4-2 from this position has more than 3 distinct plays; tavla-docs stops there
>>> with using(PlayBudget(max_plays=3)):
...     current_budget().max_plays
3
>>> current_budget() == DEFAULT_BUDGET
True
"""
from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Mapping, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import TavlaError

__all__ = ["DEFAULT_BUDGET", "DEFAULT_MAX_PLAYS", "DEFAULT_MAX_SECONDS", "Meter", "PER_EXPANSION", "PlayBudget",
           "PlayBudgetExceeded", "UNTIMED_EXPANSIONS", "budget_from", "current_budget", "using"]

#: The default `max_plays`: the site's own scenarios need at most a few hundred; the heaviest
#: ordinary positions (Backgammon doubles, Tapa) a few thousand.
DEFAULT_MAX_PLAYS = 200_000
#: The default `max_seconds` per roll: far above what `DEFAULT_MAX_PLAYS` takes, a backstop for raised limits.
DEFAULT_MAX_SECONDS = 60.0
#: How to raise the limits, for the hint under the error.
HINT_PLAYS = "raise the limit with --max-plays or max_plays: in mkdocs.yml"
HINT_SECONDS = "raise the limit with --max-seconds or max_seconds: in mkdocs.yml"
# The walk checks the time at least every this many expansions (~10 ms of walking).
_TIME_EVERY = 1024
#: A walk that cannot expand more positions than this is not timed (it takes ~0.1 s at most).
UNTIMED_EXPANSIONS = 4096
#: An upper bound on the candidates one expansion records (one per step, at most one per point
#: with checkers or the bar, and the prefix itself), for the walk's cheap bound of what it stores.
PER_EXPANSION = 32


class PlayBudgetExceeded(TavlaError):
    """A roll whose generation passed the budget. `what` names it ("Gülbara 1-1"), `limit`
    is the limit passed, `count` the entries stored when the walk stopped; `hint` says how
    to raise the limit."""

    def __init__(self, what: str, *, limit: float, count: int, seconds: float, by_time: bool = False) -> None:
        self.what, self.limit, self.count, self.seconds, self.by_time = what, limit, count, seconds, by_time
        if by_time:
            message = (f"{what} from this position takes more than {limit:g} s to list its plays "
                       f"({count:,} distinct so far); tavla-docs stops there")
        else:
            message = f"{what} from this position has more than {int(limit):,} distinct plays; tavla-docs stops there"
        self.hint = HINT_SECONDS if by_time else HINT_PLAYS
        super().__init__(message)

    def __reduce__(self) -> Any:  # keep it picklable (the site cache, multiprocessing)
        return _rebuild, (self.what, self.limit, self.count, self.seconds, self.by_time)


def _rebuild(what: str, limit: float, count: int, seconds: float, by_time: bool) -> PlayBudgetExceeded:
    return PlayBudgetExceeded(what, limit=limit, count=count, seconds=seconds, by_time=by_time)


@dataclass(frozen=True, slots=True)
class PlayBudget:
    """The limits of one roll's generation; None: no limit of that kind.

    The walk asks `check(total, started, about)` now and then, with what it stores: it raises
    past a limit, else says after how many more expansions to ask again (soon enough that the
    count cannot pass the limit unseen, nor the clock run ~10 ms past it). Until `cap`
    expansions the count cannot pass the limit at all (each expansion stores at most
    1 + `PER_EXPANSION` entries); the first question comes after `first` expansions. A walk
    that cannot make more than `unchecked` expansions (two or four dice) is not metered at all.
    """

    max_plays: int | None = DEFAULT_MAX_PLAYS
    max_seconds: float | None = DEFAULT_MAX_SECONDS
    first: int = field(init=False, repr=False, compare=False)
    cap: int = field(init=False, repr=False, compare=False)
    unchecked: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_plays is not None and (isinstance(self.max_plays, bool) or not isinstance(self.max_plays, int)
                                           or self.max_plays < 1):
            raise TavlaError(f"max_plays is a whole number of at least 1, not {self.max_plays!r}")
        if self.max_seconds is not None and (isinstance(self.max_seconds, bool)
                                             or not isinstance(self.max_seconds, int | float)
                                             or not self.max_seconds > 0):
            raise TavlaError(f"max_seconds is a number of seconds above 0, not {self.max_seconds!r}")
        object.__setattr__(self, "cap", sys.maxsize if self.max_plays is None
                           else self.max_plays // (1 + PER_EXPANSION))
        object.__setattr__(self, "first", self._room(0))
        object.__setattr__(self, "unchecked", min(self.cap, UNTIMED_EXPANSIONS))

    def check(self, total: int, started: float, about: tuple[Named, object]) -> int:
        """Raise `PlayBudgetExceeded` if `total` stored entries or the time since `started`
        (`time.monotonic()`) pass the limits; `about` is (the rules, the roll), for the message."""
        if self.max_plays is not None and total > self.max_plays:
            raise PlayBudgetExceeded(f"{about[0].display_name} {about[1]}", limit=self.max_plays, count=total,
                                     seconds=time.monotonic() - started)
        if self.max_seconds is not None:
            seconds = time.monotonic() - started
            if seconds > self.max_seconds:
                raise PlayBudgetExceeded(f"{about[0].display_name} {about[1]}", limit=self.max_seconds,
                                         count=total, seconds=seconds, by_time=True)
        return self._room(total)

    def _room(self, total: int) -> int:
        if self.max_plays is None:
            return _TIME_EVERY if self.max_seconds is not None else sys.maxsize
        return max(1, min(_TIME_EVERY, (self.max_plays - total) // (1 + PER_EXPANSION)))


class Named(Protocol):
    @property
    def display_name(self) -> str: ...


DEFAULT_BUDGET = PlayBudget()
_CURRENT: ContextVar[PlayBudget] = ContextVar("tavla_docs_play_budget", default=DEFAULT_BUDGET)


def current_budget() -> PlayBudget:
    """The budget of generations that are not given one (see the module doc)."""
    return _CURRENT.get()


@contextmanager
def using(budget: PlayBudget) -> Iterator[PlayBudget]:
    """Make `budget` the current one inside the `with` block (this thread or task only)."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def budget_from(settings: Mapping[str, Any], base: PlayBudget = DEFAULT_BUDGET) -> PlayBudget:
    """`base` with the `max_plays` / `max_seconds` of `settings` that are not None (a command's
    options, a configuration table); a wrong value is a `TavlaError` naming the setting.

    >>> budget_from({"max_plays": 5000, "max_seconds": None}).max_plays
    5000
    """
    plays = settings.get("max_plays")
    seconds = settings.get("max_seconds")
    return PlayBudget(base.max_plays if plays is None else plays, base.max_seconds if seconds is None else seconds)


class Meter:
    """The budget of one metered walk. Its memos (`memo()`, one per dice order) are sets that
    check the budget as they grow, so the walk itself has no extra step; `found` is the walk's
    mapping of candidate groups, counted with them; `finish()` makes the count exact at the end."""

    __slots__ = ("budget", "about", "found", "memos", "started")

    def __init__(self, budget: PlayBudget, about: tuple[Named, object], found: Mapping[Any, Sized]) -> None:
        self.budget, self.about, self.found = budget, about, found
        self.memos: list[_Memo] = []
        self.started = time.monotonic()

    def check(self) -> int:
        total = sum(map(len, self.memos)) + sum(map(len, self.found.values()))
        return self.budget.check(total, self.started, self.about)

    def memo(self) -> set[Any]:
        room = min(self.budget.first, self.budget.cap - sum(map(len, self.memos)))
        memo = _Memo(self, room if room > 0 else self.check())
        self.memos.append(memo)
        return memo

    def finish(self) -> None:
        if sum(map(len, self.memos)) > self.budget.cap:
            self.check()  # the last expansions' candidates, exactly: the budget is a limit, not an estimate


class _Memo(set[Any]):
    """A walk's memo that asks its meter once it holds more than `room` keys."""

    __slots__ = ("meter", "room")

    def __init__(self, meter: Meter, room: int) -> None:
        super().__init__()
        self.meter, self.room = meter, room

    def add(self, key: Any) -> None:
        set.add(self, key)
        if len(self) > self.room:
            self.room = len(self) + self.meter.check()
