"""The P(off within n) chart: valid, accessible, deterministic SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from tavla_docs.render.chart import off_within_chart

NS = "{http://www.w3.org/2000/svg}"
LABELS = dict(title="Pul toplama <olasılık>", desc="Bir & iki pul", x_label="atış", y_label="olasılık")


def test_structure_and_accessibility():
    svg = off_within_chart([("6. hane", [Fraction(3, 4), 1]), ("6 & 5", [Fraction(1, 6), 0.874, 0.999, 1])],
                           id_prefix="bo1", y_tick=lambda v: f"%{v}", **LABELS)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg" and root.get("role") == "img" and root.get("viewBox") == "0 0 480 300"
    assert root.get("aria-labelledby") == "bo1-title bo1-desc"
    assert root.find(NS + "title").text == "Pul toplama <olasılık>"
    assert root.find(NS + "desc").text == "Bir & iki pul"
    series = [g for g in root.iter(NS + "g") if (g.get("class") or "").startswith("series") and g.get("data-series")]
    assert [len(g.findall(NS + "circle")) for g in series] == [2, 4]
    texts = [t.text for t in root.iter(NS + "text")]
    assert "%50" in texts and "atış" in texts and "olasılık" in texts and "6 & 5" in texts
    tip = series[0].find(NS + "circle").find(NS + "title").text
    assert tip == "6. hane: 1 → 75%"  # point values: `percent_label` (the tables' rule), not y_tick


def test_points_sit_where_their_values_say():
    svg = off_within_chart([("a", [0, 0.5, 1])], **LABELS)
    root = ET.fromstring(svg)
    ys = [float(c.get("cy")) for c in root.iter(NS + "circle")]
    top, bottom = 36, 300 - 64
    assert ys == [bottom, (top + bottom) / 2, top]


def test_deterministic_bytes(db):
    homes = [("6", (0, 0, 0, 0, 0, 1)), ("6,6", (0, 0, 0, 0, 0, 2))]
    series = [(name, db.distribution(home, 5)) for name, home in homes]
    assert off_within_chart(series, **LABELS) == off_within_chart(list(series), **LABELS)


def test_bad_values():
    with pytest.raises(ValueError):
        off_within_chart([("a", [1.5])], **LABELS)
    with pytest.raises(ValueError):
        off_within_chart([], **LABELS)
