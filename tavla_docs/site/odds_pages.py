"""Page helpers for bear-off and race odds: exact where small, from the database otherwise.

Pages call `{{ bearoff_table([...]) }}`, `{{ bearoff_chart([...]) }}` and
`{{ race_table([...]) }}` (the renderer adds `OddsHelpers.helpers()` to a page's
context); `odds_table` in helpers.py uses `OddsHelpers.numbers` for its
expected-rolls and off-in-n columns.

A position is written as home points joined by `+`, a count after `x`:
`"6"` (one checker on the 6-point), `"6+6"` or `"6x2"` (two), `"6x15"`,
`"6x3+5x3+4x3+3x2+2x2+1x2"` (the closed board 3-3-3-2-2-2).

Numbers are exact `Fraction`s (`bearoff.exact_*`, `race_win_chance`) for homes
of up to EXACT_MAX checkers, the database's floats (each the exact value
rounded once) for larger ones. *Best play* is the play that minimises the
expected number of rolls (see `tavla_docs.analysis.bearoff`).

>>> parse_home("6x3+5x3+4x3+3x2+2x2+1x2"), parse_home("6+6")
((2, 2, 2, 3, 3, 3), (0, 0, 0, 0, 0, 2))
>>> numbers = home_numbers(parse_home("6"), (1, 2))
>>> numbers.expected.exact, numbers.within[1].exact
(Fraction(5, 4), Fraction(3, 4))
>>> show_rolls(numbers.expected, "tr"), show_chance(numbers.within[1], "en", rolls=1)
(('1,25', '5/4'), ('75%', '27/36'))
"""
from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from babel import Locale
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup

from .cache import Cache
from .chartlabels import label_problem
from .errors import HelperError
from .facts.numerals import Num
from .figures import described_by, separator
from .odds_rows import odds_label
from .quoting import quote
from .sandbox import HELPER_UNITS, costs
from .tablelabels import BEAROFF_COLUMNS, RACE_COLUMNS

if TYPE_CHECKING:
    from .page import Page

# Checkers: exact fractions up to here, database floats (the exact value rounded once) above. The
# Fraction recursion costs about 0.07 s for four checkers and 0.22 s for six, a third of a cold build;
# the tables' last-checker rows and the race table have at most two.
EXACT_MAX = 2
MAX_COLUMNS = 60  # `within` columns of a bear-off table, as many as a chart's n_max
Home = tuple[int, ...]


# --- values ----------------------------------------------------------------------

@dataclass(frozen=True)
class Value:
    """A computed number: `exact` when known as a fraction, `approx` always (float)."""

    approx: float
    exact: Fraction | None = None

    @classmethod
    def of(cls, x: Fraction | float) -> Value:
        return cls(float(x), x) if isinstance(x, Fraction) else cls(float(x))

    def to_json(self) -> Any:
        return [self.exact.numerator, self.exact.denominator] if self.exact is not None else self.approx

    @classmethod
    def from_json(cls, v: Any) -> Value:
        return cls.of(Fraction(v[0], v[1])) if isinstance(v, list) else cls(float(v))

    def decimal(self) -> Decimal:
        if self.exact is None:
            return Decimal(repr(self.approx))
        with localcontext() as ctx:
            ctx.prec = 30
            return Decimal(self.exact.numerator) / Decimal(self.exact.denominator)


@dataclass(frozen=True)
class HomeNumbers:
    """Expected rolls and P(off within n) for the requested n of one home, under best play."""

    home: Home
    expected: Value
    within: dict[int, Value]


def parse_home(spec: str) -> Home:
    """`"6x2+1"` → six counts, point 1 first; HelperError with the accepted forms otherwise."""
    counts = [0] * 6
    text = str(spec).replace("×", "x").replace(" ", "")
    try:
        for term in text.split("+"):
            point, _, n = term.partition("x")
            p, k = int(point), int(n) if n else 1
            if not 1 <= p <= 6 or k < 1:
                raise ValueError
            counts[p - 1] += k
    except ValueError:
        raise HelperError(f"position {quote(spec)}: write home points like '6', '6+5', '6x2' or "
                          "'6x3+5x3+4x3+3x2+2x2+1x2'") from None
    if sum(counts) > 15:
        raise HelperError(f"position {quote(spec)} has {sum(counts)} checkers; a side has 15")
    return tuple(counts)


def home_points(home: Home) -> tuple[int, ...]:
    """Each checker's point, highest first: (0, 0, 0, 0, 1, 1) → (6, 5)."""
    return tuple(p for p in range(6, 0, -1) for _ in range(home[p - 1]))


def home_numbers(home: Home, within: Sequence[int]) -> HomeNumbers:
    """Exact for small homes (`EXACT_MAX`), else the database's once-rounded floats."""
    from ..analysis import bearoff

    if sum(home) <= EXACT_MAX:
        return HomeNumbers(home, Value.of(bearoff.exact_expected_rolls(home)),
                           {n: Value.of(bearoff.exact_off_within(home, n)) for n in within})
    db = bearoff.database()
    return HomeNumbers(home, Value.of(db.expected_rolls(home)), {n: Value.of(db.off_within(home, n)) for n in within})


def race_value(on_roll: Home, other: Home) -> Value:
    """The on-roll side's winning chance: exact for small homes (one-sided play, see bearoff.race_win_chance)."""
    from ..analysis import bearoff

    if max(sum(on_roll), sum(other)) <= EXACT_MAX:
        return Value.of(bearoff.race_win_chance(on_roll, other))
    return Value.of(bearoff.database().race_win_chance(on_roll, other))


# --- formatting --------------------------------------------------------------------

def show_rolls(v: Value, lang: str) -> tuple[str, str]:
    """(text, exact) for an expected number of rolls: ('1,25', '5/4'); exact is '' when not known.

    Rounded half up, as readers round (9/8 = 1.125 → '1.13'; Babel alone rounds half to even).

    >>> show_rolls(Value.of(Fraction(9, 8)), "en")
    ('1.13', '9/8')
    """
    d = v.decimal().quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    text = format_decimal(d, format="#,##0.00", locale=lang, decimal_quantization=True)
    exact = "" if v.exact is None else (str(v.exact.numerator) if v.exact.denominator == 1 else str(v.exact))
    return text, exact


def show_chance(v: Value, lang: str, rolls: int = 1) -> tuple[str, str]:
    """(text, exact) for a probability: ('%87,4', '1133/1296') in Turkish, ('87.4%', …) in English.

    The exact form is over 36**rolls when that is the natural denominator (N of 36
    rolls, N of 1,296 pairs of rolls), else reduced. Never shows 100% or 0% for a
    value that is not exactly 1 or 0: those read '> 99.9%' / '< 0.1%'. Rounded half up, as readers
    round (13/16 = 81.25% → '81.3%'; Babel alone rounds half to even), like `facts.numerals.percent`.

    >>> show_chance(Value.of(Fraction(13, 16)), "en", rolls=0)
    ('81.3%', '13/16')
    """
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("#,##0", "#,##0.#")
    d = v.decimal()
    if 0 < d < Decimal("0.0005"):
        text = "< " + format_percent(Decimal("0.001"), format=pattern, locale=lang)
    elif Decimal("0.9995") <= d < 1:
        text = "> " + format_percent(Decimal("0.999"), format=pattern, locale=lang)
    else:
        text = format_percent(d.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP), format=pattern, locale=lang)
    exact = ""
    if v.exact is not None:
        den = 36 ** rolls
        if v.exact in (0, 1):
            exact = str(v.exact)
        elif den % v.exact.denominator == 0 and rolls <= 3:
            exact = f"{v.exact.numerator * (den // v.exact.denominator)}/{den}"
        else:
            exact = str(v.exact)
    return text, exact


def cell(pair: tuple[str, str], approx: float) -> dict[str, str]:
    """A table cell: visible text, the exact fraction (title) and a machine-readable value."""
    text, exact = pair
    return {"text": text, "exact": exact, "value": exact or repr(approx)}


# --- the helpers pages call ------------------------------------------------------

@costs(HELPER_UNITS)
class OddsHelpers:
    """`bearoff_table`, `bearoff_chart` and `race_table` for one page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.site = page.site
        self.t: gettext.GNUTranslations = page.t
        self.lang = page.lang

    def helpers(self) -> dict[str, Any]:
        return {"bearoff_table": self.bearoff_table, "bearoff_chart": self.bearoff_chart, "race_table": self.race_table,
                "bearoff_exact_max": Num(EXACT_MAX, self.lang)}

    # -- cached numbers
    def numbers(self, home: Home, within: Sequence[int]) -> HomeNumbers:
        key = Cache.key(self.site.fingerprint, "bearoff", repr(home), repr(tuple(within)))
        hit = self.site.cache.get(key)
        if hit is not None:
            return HomeNumbers(home, Value.from_json(hit["expected"]),
                               {int(n): Value.from_json(v) for n, v in hit["within"].items()})
        nums = home_numbers(home, within)
        self.site.cache.put(key, {"expected": nums.expected.to_json(),
                               "within": {str(n): v.to_json() for n, v in nums.within.items()}})
        return nums

    def race(self, on_roll: Home, other: Home) -> Value:
        key = Cache.key(self.site.fingerprint, "race", repr(on_roll), repr(other))
        hit = self.site.cache.get(key)
        if hit is not None:
            return Value.from_json(hit)
        v = race_value(on_roll, other)
        self.site.cache.put(key, v.to_json())
        return v

    # -- labels
    def label(self, home: Home) -> str:
        """'6. hane', '6. hane (ikisi de)' for one or two checkers; else '15 pul: 6. hane' style lists."""
        pts = home_points(home)
        if len(pts) <= 2:
            return odds_label((pts,), self.t)
        parts = [self.t.ngettext("%(num)d on the %(p)s-point", "%(num)d on the %(p)s-point", home[p - 1])
                 % {"num": home[p - 1], "p": p} for p in range(6, 0, -1) if home[p - 1]]
        return ", ".join(parts)

    def _rows(self, rows: Sequence[Any], what: str) -> list[tuple[Home, str]]:
        if isinstance(rows, str):
            raise HelperError(f"{what} takes a list of positions, e.g. [\"6\", \"6x2\"] or [[\"6x15\", \"label\"]]")
        rows = list(rows)
        self.page.count_rows(len(rows))
        out = []
        for row in rows:
            if isinstance(row, str | int):
                home = parse_home(str(row))
                out.append((home, self.label(home)))
            elif isinstance(row, Sequence) and len(row) == 2:
                out.append((parse_home(str(row[0])), str(row[1])))
            else:
                raise HelperError(f"{what} row {quote(row)}: give a position '6x2' or a pair [position, label]")
            if not any(out[-1][0]):
                raise HelperError(f"{what} row {quote(row)}: a position needs at least one checker")
            wrong = label_problem(*out[-1])  # the label's numbers held to the key (chartlabels.py)
            if wrong:
                raise HelperError(f"{what} row {quote(row[0])}: {wrong}; label a row with its own position")
        return out

    # -- helpers
    def bearoff_table(self, rows: Sequence[Any], within: Sequence[int] = (1, 2, 3), caption: str | None = None) -> str:
        """`{{ bearoff_table(["6", "6x2", ["6x15", "…"]]) }}`: expected rolls and P(off within n) per position."""
        within = tuple(int(n) for n in within)
        if any(n < 1 for n in within):
            raise HelperError("within: roll counts start at 1")
        if len(within) > MAX_COLUMNS:
            raise HelperError(f"within: at most {MAX_COLUMNS} columns")
        out = []
        for home, label in self._rows(rows, "bearoff_table"):
            nums = self.numbers(home, within)
            out.append({"label": label, "checkers": sum(home), "exact": nums.expected.exact is not None,
                        "expected": cell(show_rolls(nums.expected, self.lang), nums.expected.approx),
                        "within": [cell(show_chance(nums.within[n], self.lang, n), nums.within[n].approx) for n in within]})
        self.page.tables += 1
        return self.page.block(self.site.partial("bearoff_table.html", self.lang, rows=out, within=within, caption=caption,
                                                 columns=BEAROFF_COLUMNS, numbers={"within": within}))

    def bearoff_chart(self, rows: Sequence[Any], n_max: int = 12, caption: str | None = None) -> str:
        """`{{ bearoff_chart([["6x2", "2 on 6"], …], n_max=16) }}`: an SVG line chart of P(off within n)."""
        from ..render.chart import off_within_chart

        if not 1 <= int(n_max) <= 60:
            raise HelperError(f"n_max {quote(n_max)}: between 1 and 60 rolls")
        n_max = int(n_max)
        series = []
        for home, label in self._rows(rows, "bearoff_chart"):
            nums = self.numbers(home, tuple(range(1, n_max + 1)))
            series.append((label, [nums.within[n].approx for n in range(1, n_max + 1)]))
        self.page.figures += 1
        number = self.page.figures
        anchor = f"chart-{number}"
        t = self.t
        pattern = Locale.parse(self.lang).percent_formats[None].pattern
        svg = off_within_chart(
            series, id_prefix=anchor,
            title=t.gettext("Chance to bear off every checker within n rolls"),
            desc=t.gettext("Line chart, one line per position: the chance that every checker is off within n rolls, for n = 1 to %(n)d, under best play (fewest expected rolls). Positions: %(list)s.")  # noqa: E501
            % {"n": n_max, "list": separator(t).join(name for name, _ in series)},
            x_label=t.gettext("rolls (n)"), y_label=t.gettext("chance"),
            y_tick=lambda v: format_percent(Decimal(v) / 100, format=pattern, locale=self.lang),
            point_label=lambda p: show_chance(Value.of(p), self.lang)[0])  # the tables' rounding
        svg = described_by(svg, f"{anchor}-caption")
        return self.page.block(self.site.partial("chart.html", self.lang, svg=Markup(svg), number=number, anchor=anchor,
                                                 caption=caption, kind="bearoff"))

    def race_table(self, pairs: Sequence[Any], caption: str | None = None) -> str:
        """`{{ race_table([["6", "6"], ["6x2", "6x2"]]) }}`: the on-roll side's chance to win the race."""
        if isinstance(pairs, str):
            raise HelperError("race_table takes a list of pairs [on roll, opponent], e.g. [[\"6\", \"5\"]]")
        out = []
        for pair in pairs:
            if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise HelperError(f"race_table row {quote(pair)}: give a pair [on roll, opponent], e.g. [\"6\", \"5\"]")
            a, b = parse_home(str(pair[0])), parse_home(str(pair[1]))
            if not any(a) or not any(b):
                raise HelperError(f"race_table row {quote(pair)}: both sides need at least one checker")
            v = self.race(a, b)
            text, exact = show_chance(v, self.lang, rolls=0)
            out.append({"on_roll": self.label(a), "other": self.label(b), "chance": cell((text, exact), v.approx)})
        self.page.tables += 1
        return self.page.block(self.site.partial("race_table.html", self.lang, rows=out, caption=caption,
                                                 columns=RACE_COLUMNS))
