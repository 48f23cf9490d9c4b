"""One-sided bear-off database: every home board of up to 15 checkers, under best play.

A *home* is six counts, checkers on the mover's own points 1..6 (index 0 is
point 1). There are C(21, 6) = 54,264 homes of 0..15 checkers; each has a
perfect index (the combinatorial number system, `index_of`), so a lookup is a
few additions and one array read.

**Best play** here means the play that minimises the expected number of rolls
to bear everything off. Among plays with exactly the same expectation the one
whose resulting home has the smallest index is taken (a fixed, documented tie
break: the choice changes the distribution of rolls, never the expectation).
This is the usual one-sided bear-off model (GNU Backgammon's one-sided
database uses the same criterion); in a real race a player may prefer a play
with a worse average but better chances of finishing in time.

What is exact and what is stored:

* The build computes every value exactly (integers scaled by 36**48) and stores
  each one rounded *once* to the nearest double: expected rolls, and
  P(off within n rolls) for every n. No rounding error accumulates.
* `exact_expected_rolls` / `exact_off_within` give exact `Fraction`s for page
  claims, by a separate memoised recursion (quick for small homes, seconds for
  6 checkers; it works for any home, just slower). Each home's result is kept
  on disk too, so a later process reads it instead of computing it again.

The modules, by job: `index` (homes and their perfect index), `moves` (the
home-board move generator), `build` (the exact DP), `store` (`BearoffDB`,
its lookups and file format), `cache` (the disk cache and `database()`),
`exact` (exact fractions and race chances), `exact_store` (their disk cache).

>>> expected_rolls((0, 0, 0, 0, 0, 1))                  # one checker on the 6-point
1.25
>>> exact_expected_rolls((0, 0, 0, 0, 0, 1))
Fraction(5, 4)
>>> exact_off_within((0, 0, 0, 0, 0, 1), 1), exact_off_within((0, 0, 0, 0, 0, 1), 2)
(Fraction(3, 4), Fraction(1, 1))
>>> index_of((0,) * 6), index_of((15, 0, 0, 0, 0, 0)), position_count()
(0, 54263, 54264)
"""
from __future__ import annotations

from .build import DEPTH, build_database
from .cache import cache_dir, cache_path, database, expected_rolls, load_database, off_within
from .exact import (
    exact_distribution,
    exact_expected_rolls,
    exact_off_within,
    race_position_win_chance,
    race_win_chance,
)
from .index import (
    MAX_CHECKERS,
    POINTS,
    BearoffError,
    Home,
    home_at,
    home_from_points,
    home_of,
    index_of,
    iter_homes,
    position_count,
)
from .moves import die_moves, home_plays
from .store import FORMAT_VERSION, BearoffDB

__all__ = [
    "DEPTH", "FORMAT_VERSION", "MAX_CHECKERS", "POINTS", "BearoffDB", "BearoffError", "Home",
    "build_database", "cache_dir", "cache_path", "database", "die_moves", "exact_distribution",
    "exact_expected_rolls", "exact_off_within", "expected_rolls", "home_at", "home_from_points",
    "home_of", "home_plays", "index_of", "iter_homes", "load_database", "off_within",
    "position_count", "race_position_win_chance", "race_win_chance",
]
