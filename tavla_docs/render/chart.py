"""A small line chart of P(off within n rolls), as deterministic SVG text.

Plain strings with `xml.sax.saxutils` escaping, no dependencies: every number
is formatted by `_num`, elements come in a fixed order and ids carry the
caller's `id_prefix`, so several charts can share a page and the same call
always gives the same bytes. All words (title, description, axis labels,
series names) and the tick formats are parameters, so the site can localise
them. CSS classes on every element (`tavla-chart`, `axis`, `grid`,
`series series-0` …) let a theme restyle it; a small default `<style>` is
included unless `style=False`.

>>> svg = off_within_chart([("6-point", [0.75, 1.0])], title="Off within n rolls",
...                        desc="One checker on the 6-point.", x_label="rolls", y_label="chance")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 300" role="img"')
True
>>> '<title id="chart-title">Off within n rolls</title>' in svg
True
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

from .themes import size_tiers

Number = float | Fraction

# Colours: light first, then `light-dark()` pairs that follow the page's colour scheme (as the
# diagrams do, `themes.dark_css`); text grows on small screens (`themes.size_tiers`, from 12 units).
_COLOURS = (  # selector, property, light, dark
    (".frame", "stroke", "#444", "#8b949e"), (".grid", "stroke", "#ddd", "#30363d"),
    (".tick", "fill", "#444", "#c9d1d9"), (".axis-label", "fill", "#222", "#e6edf3"),
    (".series-0", "stroke", "#1f5fa8", "#58a6ff"), (".series-0", "fill", "#1f5fa8", "#58a6ff"),
    (".series-1", "stroke", "#b8451f", "#ff8b66"), (".series-1", "fill", "#b8451f", "#ff8b66"),
    (".series-2", "stroke", "#2e8540", "#56d364"), (".series-2", "fill", "#2e8540", "#56d364"),
    (".series-3", "stroke", "#7a3e9d", "#d2a8ff"), (".series-3", "fill", "#7a3e9d", "#d2a8ff"),
    (".series-4", "stroke", "#8a6d00", "#e3b341"), (".series-4", "fill", "#8a6d00", "#e3b341"),
    (".legend text", "fill", "#222", "#e6edf3"),
)
CHART_WIDTH = 480
CHART_TIERS = size_tiers(CHART_WIDTH, (440, 380, 320, 270))  # 12-unit text is 11 px down to 440 px
LEGEND_ROW = 24


def _style() -> str:
    def rule(sel: str, decl: str) -> str:
        return f".tavla-chart {sel}{{{decl}}}"

    light = "".join(rule(sel, f"{prop}:{lo}") for sel, prop, lo, _ in _COLOURS)
    dark = "".join(rule(sel, f"{prop}:light-dark({lo},{hi})") for sel, prop, lo, hi in _COLOURS)
    tiers = "".join(f"@container (max-width:{hi - 0.02:.2f}px){{.tavla-chart{{--tc-k:{k}}}}}" for hi, k in CHART_TIERS)
    return (".tavla-chart{font-family:sans-serif}.tavla-chart text{font-size:12px}"
            ".tavla-chart .frame{fill:none;stroke-width:1}.tavla-chart .grid{stroke-width:1}"
            ".tavla-chart .series path{fill:none;stroke-width:2}.tavla-chart .legend text{stroke:none}" + light
            + ".tavla-chart:root{color-scheme:light dark}@media print{.tavla-chart{color-scheme:light}}"
            f"@supports (color:light-dark(#000,#fff)){{{dark}}}"
            "@supports (container-type:inline-size){.tavla-chart text{font-size:max(12px,calc(11px*var(--tc-k,1)))}"
            f"{tiers}}}")


DEFAULT_STYLE = _style()


def _num(x: float) -> str:
    """Coordinates to 0.1, no trailing `.0` (stable bytes)."""
    r = round(float(x), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _percent(v: int) -> str:
    return f"{v}%"


def percent_label(p: Number) -> str:
    """A point's value as the tables show it: one decimal, rounded half up, and never 0% or 100%
    unless exact (the site passes its localised `odds_pages.show_chance` instead).

    >>> [percent_label(x) for x in (Fraction(3, 4), Fraction(13, 16), 0.99969, 1.0, 0.0002, 0)]
    ['75%', '81.3%', '> 99.9%', '100%', '< 0.1%', '0%']
    """
    d = Decimal(p.numerator) / Decimal(p.denominator) if isinstance(p, Fraction) else Decimal(repr(float(p)))
    if 0 < d < Decimal("0.0005"):
        return "< 0.1%"
    if Decimal("0.9995") <= d < 1:
        return "> 99.9%"
    text = f"{(d * 100).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP):f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def off_within_chart(series: Sequence[tuple[str, Sequence[Number]]], *, title: str, desc: str,
                     x_label: str, y_label: str, id_prefix: str = "chart",
                     y_tick: Callable[[int], str] = _percent, x_tick: Callable[[int], str] = str,
                     point_label: Callable[[Number], str] = percent_label,
                     width: int = CHART_WIDTH, height: int = 300, style: bool = True) -> str:
    """SVG of each series' P(off within n) for n = 1 .. len(values) (values in 0..1).

    `y_tick(v)` formats the percentages 0, 25, 50, 75, 100 (e.g. Turkish
    `lambda v: f"%{v}"`); `x_tick(n)` the roll counts; `point_label(p)` a data point's
    value. Every data point has a `<title>` of the form "name: n → value" for hover and
    screen readers. The legend sits under the plot in two columns (one if a name is long);
    each row past the first adds `LEGEND_ROW` to `height`.
    """
    if not series:
        raise ValueError("a chart needs at least one series")
    n_max = max(len(v) for _, v in series)
    if n_max < 1:
        raise ValueError("a chart series needs at least one value (n = 1)")
    for name, values in series:
        if any(not 0 <= v <= 1 for v in values):
            raise ValueError(f"series {name!r}: probabilities must lie between 0 and 1")
    left, right, top, bottom = 56, 16, 36, 64
    pw, ph = width - left - right, height - top - bottom
    columns = 2 if all(len(name) <= 15 for name, _ in series) else 1  # 15 characters fit half the width
    rows = -(-len(series) // columns)
    full_height = height + LEGEND_ROW * (rows - 1)

    def x_at(n: int) -> float:
        return left + (pw * (n - 1) / (n_max - 1) if n_max > 1 else pw / 2)

    def y_at(p: Number) -> float:
        return top + ph * (1 - float(p))

    pid = id_prefix
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {full_height}" role="img" '
           f'aria-labelledby="{escape(pid)}-title {escape(pid)}-desc" class="tavla-chart">',
           f'<title id={quoteattr(pid + "-title")}>{escape(title)}</title>',
           f'<desc id={quoteattr(pid + "-desc")}>{escape(desc)}</desc>']
    if style:
        out.append(f"<style>{DEFAULT_STYLE}</style>")
    out.append('<g class="grid">')
    for v in (0, 25, 50, 75, 100):
        y = _num(y_at(Fraction(v, 100)))
        out.append(f'<line x1="{left}" y1="{y}" x2="{left + pw}" y2="{y}"/>')
    out.append("</g>")
    out.append(f'<rect class="frame" x="{left}" y="{top}" width="{pw}" height="{ph}"/>')
    out.append('<g class="tick y-ticks" text-anchor="end" dominant-baseline="central">')
    for v in (0, 25, 50, 75, 100):
        out.append(f'<text x="{left - 6}" y="{_num(y_at(Fraction(v, 100)))}">{escape(y_tick(v))}</text>')
    out.append("</g>")
    step = max(1, -(-n_max // 12))  # at most about 12 labels on the x axis
    out.append('<g class="tick x-ticks" text-anchor="middle">')
    for n in range(1, n_max + 1):
        if (n - 1) % step == 0:
            out.append(f'<text x="{_num(x_at(n))}" y="{top + ph + 16}">{escape(x_tick(n))}</text>')
    out.append("</g>")
    out.append(f'<text class="axis-label x-label" x="{_num(left + pw / 2)}" y="{top + ph + 34}" '
               f'text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text class="axis-label y-label" x="14" y="{_num(top + ph / 2)}" text-anchor="middle" '
               f'transform="rotate(-90 14 {_num(top + ph / 2)})">{escape(y_label)}</text>')
    for i, (name, values) in enumerate(series):
        cls = f"series series-{i % 5}"
        pts = [(x_at(n), y_at(v)) for n, v in enumerate(values, start=1)]
        d = "".join(("M" if k == 0 else "L") + _num(x) + " " + _num(y) for k, (x, y) in enumerate(pts))
        out.append(f'<g class={quoteattr(cls)} data-series="{i}">')
        out.append(f'<path d="{d}"/>')
        for n, ((px, py), p) in enumerate(zip(pts, values, strict=True), start=1):
            label = f"{name}: {x_tick(n)} → {point_label(p)}"
            out.append(f'<circle cx="{_num(px)}" cy="{_num(py)}" r="3"><title>{escape(label)}</title></circle>')
        out.append("</g>")
    # legend under the plot, row by row: room for text grown on small screens
    out.append('<g class="legend">')
    for i, (name, _) in enumerate(series):
        lx = left + (i % columns) * pw / columns
        ly = height - 12 + LEGEND_ROW * (i // columns)
        out.append(f'<g class={quoteattr(f"series series-{i % 5}")}>'
                   f'<rect x="{_num(lx)}" y="{ly - 9}" width="10" height="10"/>'
                   f'<text x="{_num(lx + 14)}" y="{ly}">{escape(name)}</text></g>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"

