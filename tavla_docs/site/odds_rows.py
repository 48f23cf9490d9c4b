"""`odds_table` rows: which last checkers a row means, its label, and how many rolls bear them off.

Counts come from the 36-roll enumeration and are cached per ruleset and row.
"""
from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cache import Cache
from .errors import HelperError

if TYPE_CHECKING:
    from ..engine.rules import Ruleset


@dataclass(frozen=True)
class OddsRow:
    label: str
    count: int
    expected: dict[str, str] | None = None  # odds_pages.cell(): text, exact fraction, value
    within: dict[str, str] | None = None


def parse_odds_spec(spec: str) -> tuple[tuple[int, ...], ...]:
    """`"1|2|3"` → three one-checker positions; `"3+1"` → one two-checker position.

    >>> parse_odds_spec("1|2|3"), parse_odds_spec("2+2")
    (((1,), (2,), (3,)), ((2, 2),))
    """
    out = []
    for alt in str(spec).split("|"):
        try:
            pts = tuple(sorted((int(x) for x in alt.split("+")), reverse=True))
        except ValueError:
            raise HelperError(f"odds row {spec!r}: write points like '4', '3+1' or '1|2|3'") from None
        if not pts or any(not 1 <= p <= 6 for p in pts):
            raise HelperError(f"odds row {spec!r}: the last checkers stand on home points 1–6")
        out.append(pts)
    return tuple(out)


def bear_off_count(points: Sequence[int], rules: Ruleset) -> int:
    """How many of the 36 rolls bear off White's last checkers on `points` (36-roll enumeration).

    The position is `odds.last_checkers_table`'s (the opponent's 15 checkers out of
    the way on its own 6-point); only the count is needed here, not the expected rolls.

    >>> from tavla_docs.variants import TAVLA
    >>> bear_off_count((6, 6), TAVLA)
    4
    """
    from ..analysis.odds import roll_odds
    from ..engine.board import Side

    checkers: dict[int, int] = {}
    for p in points:
        checkers[p] = checkers.get(p, 0) + 1
    pos = rules.position(checkers, {19: rules.checkers})  # the opponent's checkers all on its own 6-point
    return roll_odds(pos, Side.WHITE, rules).count("bears_off")


def odds_counts(cache: Cache, fingerprint: str, spec: str, rules: Ruleset) -> list[int]:
    """`bear_off_count` for each position of a row, from the cache when this code and ruleset saw it."""
    key = Cache.key(fingerprint, "odds", rules.variant, repr(sorted(rules.options.items())), spec)
    hit = cache.get(key)
    if hit is not None:
        return hit
    counts = [bear_off_count(pts, rules) for pts in parse_odds_spec(spec)]
    cache.put(key, counts)
    return counts


def odds_label(pts_alts: tuple[tuple[int, ...], ...], t: gettext.GNUTranslations) -> str:
    """The row label: '4. hane' / '4-point', '3. ve 1. haneler', '2. hane (ikisi de)'."""
    first = pts_alts[0]
    if len(first) == 1:
        if len(pts_alts) == 1:
            return t.gettext("%(p)s-point") % {"p": first[0]}
        items = [t.gettext("%(p)s-") % {"p": a[0]} for a in pts_alts[:-1]]
        return t.gettext("%(points)s or %(last)s-point") % {"points": ", ".join(items), "last": pts_alts[-1][0]}
    labels = []
    for pts in pts_alts:
        if len(set(pts)) == 1:
            labels.append(t.ngettext("all %(num)d on the %(p)s-point", "all %(num)d on the %(p)s-point", len(pts))
                          % {"num": len(pts), "p": pts[0]} if len(pts) > 2 else
                          t.gettext("both on the %(p)s-point") % {"p": pts[0]})
        elif len(pts) == 2:
            labels.append(t.gettext("%(a)s- and %(b)s-points") % {"a": pts[0], "b": pts[1]})
        else:
            labels.append(t.gettext("points %(list)s") % {"list": ", ".join(map(str, pts))})
    return t.gettext(" or ").join(labels)
