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
from fractions import Fraction
from xml.sax.saxutils import escape, quoteattr

Number = float | Fraction

DEFAULT_STYLE = (
    ".tavla-chart{font-family:sans-serif;font-size:12px}"
    ".tavla-chart .frame{fill:none;stroke:#444;stroke-width:1}"
    ".tavla-chart .grid{stroke:#ddd;stroke-width:1}"
    ".tavla-chart .tick{fill:#444}"
    ".tavla-chart .axis-label{fill:#222}"
    ".tavla-chart .series path{fill:none;stroke-width:2}"
    ".tavla-chart .series-0{stroke:#1f5fa8;fill:#1f5fa8}"
    ".tavla-chart .series-1{stroke:#b8451f;fill:#b8451f}"
    ".tavla-chart .series-2{stroke:#2e8540;fill:#2e8540}"
    ".tavla-chart .series-3{stroke:#7a3e9d;fill:#7a3e9d}"
    ".tavla-chart .series-4{stroke:#8a6d00;fill:#8a6d00}"
    ".tavla-chart .legend text{stroke:none;fill:#222}"
)


def _num(x: float) -> str:
    """Coordinates to 0.1, no trailing `.0` (stable bytes)."""
    r = round(float(x), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def _percent(v: int) -> str:
    return f"{v}%"


def off_within_chart(series: Sequence[tuple[str, Sequence[Number]]], *, title: str, desc: str,
                     x_label: str, y_label: str, id_prefix: str = "chart",
                     y_tick: Callable[[int], str] = _percent, x_tick: Callable[[int], str] = str,
                     width: int = 480, height: int = 300, style: bool = True) -> str:
    """SVG of each series' P(off within n) for n = 1 .. len(values) (values in 0..1).

    `y_tick(v)` formats the percentages 0, 25, 50, 75, 100 (e.g. Turkish
    `lambda v: f"%{v}"`); `x_tick(n)` the roll counts. Every data point has a
    `<title>` of the form "name: n → y_tick" for hover and screen readers.
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

    def x_at(n: int) -> float:
        return left + (pw * (n - 1) / (n_max - 1) if n_max > 1 else pw / 2)

    def y_at(p: Number) -> float:
        return top + ph * (1 - float(p))

    pid = id_prefix
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
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
    out.append('<g class="tick y-ticks" text-anchor="end">')
    for v in (0, 25, 50, 75, 100):
        out.append(f'<text x="{left - 6}" y="{_num(y_at(Fraction(v, 100)) + 4)}">{escape(y_tick(v))}</text>')
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
            label = f"{name}: {x_tick(n)} → {y_tick(round(100 * float(p)))}"
            out.append(f'<circle cx="{_num(px)}" cy="{_num(py)}" r="3"><title>{escape(label)}</title></circle>')
        out.append("</g>")
    # legend, one row under the plot
    out.append('<g class="legend">')
    lx = left
    ly = height - 12
    for i, (name, _) in enumerate(series):
        out.append(f'<g class={quoteattr(f"series series-{i % 5}")}>'
                   f'<rect x="{lx}" y="{ly - 9}" width="10" height="10"/>'
                   f'<text x="{lx + 14}" y="{ly}">{escape(name)}</text></g>')
        lx += 24 + 7 * len(name)
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"

