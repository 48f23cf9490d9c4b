"""The play budget: how much the move generator may store and how long it may walk for one roll.

Some rolls have millions of distinct plays (Gülbara's progression doubles: 1-1 from the
start on turn 4 has about 3.2 million), and listing them all takes minutes and gigabytes.
A `PlayBudget` bounds one generation: `max_plays` counts the distinct entries of the
walk's de-duplication sets (the (position, dice left) pairs it expanded plus the distinct
ends of turn it recorded, so the plays themselves never outnumber it), `max_seconds` the
time. The walk stops as soon as either passes its limit, from inside, and raises
`PlayBudgetExceeded` (a `TavlaError`: the user's input is too big, not a bug).

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
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15})
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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from ..errors import TavlaError

__all__ = ["DEFAULT_BUDGET", "DEFAULT_MAX_PLAYS", "DEFAULT_MAX_SECONDS", "Meter", "PlayBudget", "PlayBudgetExceeded",
           "budget_from", "current_budget", "using"]

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
# An upper bound on the entries one expansion can add (a step per source point, and the prefix).
_PER_EXPANSION = 32


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
    """The limits of one roll's generation; None: no limit of that kind."""

    max_plays: int | None = DEFAULT_MAX_PLAYS
    max_seconds: float | None = DEFAULT_MAX_SECONDS

    def __post_init__(self) -> None:
        if self.max_plays is not None and (isinstance(self.max_plays, bool) or not isinstance(self.max_plays, int)
                                           or self.max_plays < 1):
            raise TavlaError(f"max_plays is a whole number of at least 1, not {self.max_plays!r}")
        if self.max_seconds is not None and (isinstance(self.max_seconds, bool)
                                             or not isinstance(self.max_seconds, int | float)
                                             or not self.max_seconds > 0):
            raise TavlaError(f"max_seconds is a number of seconds above 0, not {self.max_seconds!r}")

    def meter(self, name: str, roll: object) -> Meter:
        """A fresh meter for one generation of `roll` in the game `name`; its clock starts now."""
        return Meter(self, name, roll)


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
    """One generation's count and clock. The walk calls `check(total)` now and then with the
    entries it stores; `check` raises past a limit, else says after how many more expansions
    to call again (soon enough that the count cannot pass the limit unseen, nor the clock
    run ~10 ms past it). `first` is that number for a walk that has stored nothing yet."""

    __slots__ = ("max_plays", "deadline", "started", "name", "roll", "budget", "first")

    def __init__(self, budget: PlayBudget, name: str, roll: object) -> None:
        self.budget, self.name, self.roll = budget, name, roll  # the message is written only when raised
        self.max_plays = budget.max_plays
        self.started = time.monotonic()
        self.deadline = None if budget.max_seconds is None else self.started + budget.max_seconds
        self.first = self._room(0)

    def _room(self, total: int) -> int:
        if self.max_plays is None:
            return _TIME_EVERY if self.deadline is not None else sys.maxsize
        return max(1, min(_TIME_EVERY, (self.max_plays - total) // _PER_EXPANSION))

    def check(self, total: int) -> int:
        if self.max_plays is not None and total > self.max_plays:
            raise PlayBudgetExceeded(f"{self.name} {self.roll}", limit=self.max_plays, count=total,
                                     seconds=time.monotonic() - self.started)
        if self.deadline is not None:
            now = time.monotonic()
            if now > self.deadline:
                raise PlayBudgetExceeded(f"{self.name} {self.roll}", limit=self.budget.max_seconds or 0,
                                         count=total, seconds=now - self.started, by_time=True)
        return self._room(total)
