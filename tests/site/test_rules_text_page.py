"""A rules text restated as a checked page pair (issue 28, the first "Done when" line).

A tiny project states each statement that Tom Keith's rules text makes and that the tool could not
check before issue 28: a result with the cube, a refused double, a Jacoby-rule gammon, the
match-to-5 table with its Crawford game, both plays of an opening roll in one figure, the
entry-only figure, a one-sided bear-off figure and the cube at 128 where the cube is unlimited.
One real MkDocs build, with the fact audit strict, builds the good pages; then, for each
statement, a planted wrong value fails `tavla-docs check` (the build's first step) at the
planted value's `path:line:col`, and a value typed into the page instead of printed fails the
audit at its line. The project is the test's own: no page of today's site is read.
"""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .conftest import AUDIT_ENV, tiny_project

MONEY = "variant: backgammon\nrules: {match_length: null}\n"
GAMMON = "position:\n  white: {1: 1}\n  black: {19: 5, 20: 5, 21: 5}\nturn: white\nroll: 2-1\nshow: 1/off\n"
MIDDLE = ("position:\n  white: {13: 2, 8: 3, 6: 5, 5: 3, 4: 2}\n  black: {1: 2, 12: 5, 17: 3, 19: 3, 20: 2}\n")
SINGLE = "position:\n  white: {6: 4, 5: 5, 4: 5}\n  black: {24: 1}\nturn: black\nroll: 2-1\nshow: 1/off\n"
START = "position:\n  white: {24: 2, 13: 5, 8: 3, 6: 5}\n  black: {1: 2, 12: 5, 17: 3, 19: 5}\nturn: white\n"


def caption(tr: str, en: str) -> str:
    return f'caption:\n  tr: "{tr}"\n  en: "{en}"\n'


SCENARIOS = {
    # "the points are multiplied by the cube": a gammon with the cube on 2
    "rt/cube-result": MONEY + GAMMON + "diagram: {cube: {value: 2, owner: black}}\nexpect:\n"
    "  pips: {white: 1, black: 75}\n  result: {winner: white, kind: gammon, points: 4}\n"
    + caption("{{ s.result }}", "{{ s.result }}"),
    # "a player who refuses a double loses the game at the current stake"
    "rt/drop": MONEY + MIDDLE + "turn: white\nexpect:\n  pips: {white: 103, black: 165}\n  may_double: true\n"
    "  double: {take: {value: 2, owner: black}, drop: {winner: white, points: 1}}\n"
    + caption("{{ s.double.drop.winner }} {{ s.double.drop.points }} puan alır.",
              "{{ s.double.drop.winner }} scores {{ s.double.drop.points }} point."),
    # "under the Jacoby rule a gammon counts single while the cube is in the middle"
    "rt/jacoby": "variant: backgammon\nrules: {match_length: null, jacoby: true}\n" + GAMMON
    + "expect:\n  pips: {white: 1, black: 75}\n  result: {winner: white, kind: gammon, points: 1}\n"
    + caption("{{ s.result }}", "{{ s.result }}"),
    # the match to 5: a first game that reaches 4-0, the Crawford game (no double), its result
    "rt/match-first": "variant: backgammon\n" + GAMMON + "diagram: {cube: {value: 2, owner: white}}\nexpect:\n"
    "  pips: {white: 1, black: 75}\n"
    "  result: {winner: white, kind: gammon, points: 4, score: {white: 4, black: 0}, crawford: true}\n"
    + caption("{{ s.result }}", "{{ s.result }}"),
    "rt/crawford-game": "variant: backgammon\nmatch: {white: 4, black: 0, crawford: true}\n" + MIDDLE
    + "turn: black\nexpect:\n  pips: {white: 103, black: 165}\n  may_double: false\n"
    + caption("Crawford eli: {{ s.turn }} katlayamaz.", "The Crawford game: {{ s.turn }} may not double."),
    "rt/crawford-win": "variant: backgammon\nmatch: {white: 4, black: 0, crawford: true}\n" + SINGLE
    + "expect:\n  pips: {white: 69, black: 1}\n"
    "  result: {winner: black, kind: single, points: 1, score: {white: 4, black: 1}, crawford: false}\n"
    + caption("{{ s.result }}", "{{ s.result }}"),
    # Figure 3 of the text: two ways to play an opening 5-3
    "rt/opening": "variant: backgammon\n" + START + "turn_number: 1\nroll: 5-3\nshow: 8/3 6/3\n"
    "alternatives: [13/8 13/10]\nsource_figure: 3\nexpect:\n  plays: 9\n  pips: {white: 167, black: 167}\n"
    + caption("Açılışta {{ s.roll }} oynamanın yolları.", "Ways to play an opening {{ s.roll }}."),
    # Figure 4: only the entry from the bar is drawn; the rest of the play is claimed
    "rt/entry": "variant: backgammon\nposition:\n  white: {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}\n"
    "  black: {1: 2, 12: 5, 17: 3, 19: 5}\nturn: white\nroll: 6-4\npartial: bar/21\nsource_figure: 4\n"
    "expect:\n  pips: {white: 168, black: 167}\n  rest: {plays: 4, legal: [13/7, 21/15], illegal: [13/3]}\n"
    + caption("Bardaki pul {{ s.roll }} ile girer.", "The checker on the bar enters with {{ s.roll }}."),
    # Figure 5: a bear-off drawn with White only
    "rt/bear-off": "variant: backgammon\nposition:\n  white: {6: 3, 5: 2, 4: 2}\nomit: black\nturn: white\n"
    "roll: 6-4\nshow: 6/off 4/off\nsource_figure: 5\nexpect:\n  plays: 3\n  pips: {white: 36}\n"
    "  after: {off: {white: 10}}\n"
    + caption("{{ s.roll }} ile pul toplanır.", "Bearing off with {{ s.roll }}."),
    # "there is no limit on redoubles" (money play without a cube maximum): the cube at 128
    "rt/cube-128": "variant: backgammon\nrules: {match_length: null, cube_max: null}\n" + MIDDLE
    + "turn: black\ndiagram: {cube: {value: 128, owner: black}}\nexpect:\n  pips: {white: 103, black: 165}\n"
    "  cube: {value: 128, owner: black}\n  double: {take: {value: 256, owner: white}, drop: {winner: black, points: 128}}\n"
    + caption("Küp {{ s.cube.value }} gösteriyor.", "The cube shows {{ s.cube.value }}."),
}

PAGE_EN = """---
title: A rules text, checked
---
# A rules text, checked

{% set c = scenario("rt/cube-result") %}{% set d = scenario("rt/drop") %}{% set j = scenario("rt/jacoby") %}
{% set a = scenario("rt/match-first") %}{% set g = scenario("rt/crawford-game") %}{% set w = scenario("rt/crawford-win") %}
{% set k = scenario("rt/cube-128") %}{% set a1 = a.result.score %}{% set w1 = w.result.score %}
With the cube on {{ c.result.cube }}: {{ c.result }}.

{{ diagram("rt/cube-result") }}

A refused double: {{ d.double.drop.winner }} scores {{ d.double.drop.points }} point.

{{ diagram("rt/drop") }}

Under the Jacoby rule, with the cube in the middle: {{ j.result }}.

{{ diagram("rt/jacoby") }}

A match to {{ a.match.length }}:

| Game | Score before | Result | Score after |
|---|---|---|---|
| The first game | {{ a.match.white }}–{{ a.match.black }} | {{ a.result }} | {{ a1.white }}–{{ a1.black }} |
| The Crawford game | {{ w.match.white }}–{{ w.match.black }} | {{ w.result }} | {{ w1.white }}–{{ w1.black }} |

{{ diagram("rt/match-first") }}

{{ diagram("rt/crawford-game") }}

{{ diagram("rt/crawford-win") }}

{{ diagram("rt/opening") }}

{{ diagram("rt/entry") }}

{{ diagram("rt/bear-off") }}

The cube has no upper limit here: it shows {{ k.cube.value }}, and a take turns it to {{ k.double.take.value }}.

{{ diagram("rt/cube-128") }}
"""

PAGE_TR = """---
title: Denetlenmiş bir kural metni
---
# Denetlenmiş bir kural metni

{% set c = scenario("rt/cube-result") %}{% set d = scenario("rt/drop") %}{% set j = scenario("rt/jacoby") %}
{% set a = scenario("rt/match-first") %}{% set g = scenario("rt/crawford-game") %}{% set w = scenario("rt/crawford-win") %}
{% set k = scenario("rt/cube-128") %}{% set a1 = a.result.score %}{% set w1 = w.result.score %}
Küp {{ c.result.cube }} iken: {{ c.result }}.

{{ diagram("rt/cube-result") }}

Katlama reddedilirse {{ d.double.drop.winner }} {{ d.double.drop.points }} puan alır.

{{ diagram("rt/drop") }}

Jacoby kuralında, küp ortadayken: {{ j.result }}.

{{ diagram("rt/jacoby") }}

{{ a.match.length }} puanlık bir maç:

| El | Önceki durum | Sonuç | Sonraki durum |
|---|---|---|---|
| İlk el | {{ a.match.white }}–{{ a.match.black }} | {{ a.result }} | {{ a1.white }}–{{ a1.black }} |
| Crawford eli | {{ w.match.white }}–{{ w.match.black }} | {{ w.result }} | {{ w1.white }}–{{ w1.black }} |

{{ diagram("rt/match-first") }}

{{ diagram("rt/crawford-game") }}

{{ diagram("rt/crawford-win") }}

{{ diagram("rt/opening") }}

{{ diagram("rt/entry") }}

{{ diagram("rt/bear-off") }}

Burada küpün üst sınırı yoktur: küp {{ k.cube.value }} gösteriyor, kabul edilen bir katlama onu {{ k.double.take.value }} yapar.

{{ diagram("rt/cube-128") }}
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tiny_project(tmp_path_factory.mktemp("rules-text"), PAGE_TR, PAGE_EN, SCENARIOS)


@pytest.fixture(scope="module")
def site(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The good page pair, built once by the real build with the fact audit strict."""
    from tavla_docs.cli.commands.build import build_site
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(AUDIT_ENV, raising=False)
        out, _ = build_site(project / "mkdocs.yml", tmp_path_factory.mktemp("out") / "site", quiet=True)
    return out


def text_of(html: str) -> str:
    """The page's words, tags dropped and spaces (the no-break ones too) made plain."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html).replace("\u00a0", " "))


def figures_of(html: str) -> list[ET.Element]:
    """The page's board diagrams, read by an XML parser (the theme's icons left out)."""
    found = [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", html, flags=re.S)]
    return [f for f in found if "tavla-diagram" in f.get("class", "").split()]


def test_the_good_page_pair_builds_and_states_each_fact(site: Path) -> None:
    en = (site / "en" / "index.html").read_text(encoding="utf-8")
    tr = (site / "index.html").read_text(encoding="utf-8")
    words = text_of(en)
    assert "With the cube on 2: White wins: gammon, 4 points." in words
    assert "A refused double: White scores 1 point." in words
    assert "Under the Jacoby rule, with the cube in the middle: White wins: gammon, 1 point." in words
    assert re.search(r"The first game 0–0 White wins: gammon, 4 points 4–0", words)
    assert re.search(r"The Crawford game 4–0 Black wins: single game, 1 point 4–1", words)
    assert "it shows 128, and a take turns it to 256." in words
    words_tr = text_of(tr)
    assert "Küp 2 iken: Beyaz kazanır: mars, 4 puan." in words_tr
    assert "Katlama reddedilirse Beyaz 1 puan alır." in words_tr
    assert "Crawford eli 4–0 Siyah kazanır: tek oyun, 1 puan 4–1" in words_tr
    # every figure is well-formed SVG; the source's figure numbers are kept apart from the page's
    figures = figures_of(en)
    assert len(figures) == len(SCENARIOS)
    labels = sorted(f.get("data-source-figure") for f in figures if f.get("data-source-figure"))
    assert labels == ["3", "4", "5"]
    cube = [e for e in figures[-1].iter() if e.get("class") == "cube-g"]  # the unlimited cube, drawn at its value
    assert [(c.get("data-value"), c.get("data-owner"), "".join(c.itertext())) for c in cube] == [("128", "black", "128")]


# A planted wrong value per statement: (scenario, the right text, the wrong text, words of the message);
# the errors stand at the wrong text's line, or at `AT`'s lines where the error is the value it refuses
AT = {"cube_max: 64": "value: 128"}
PLANTED = [
    ("rt/cube-result", "kind: gammon, points: 4", "kind: gammon, points: 2", "points"),
    ("rt/drop", "drop: {winner: white, points: 1}", "drop: {winner: white, points: 2}", "drop"),
    ("rt/jacoby", "kind: gammon, points: 1", "kind: gammon, points: 2", "Jacoby"),
    ("rt/match-first", "score: {white: 4, black: 0}", "score: {white: 3, black: 0}", "score"),
    ("rt/match-first", "crawford: true}", "crawford: false}", "Crawford"),
    ("rt/crawford-game", "may_double: false", "may_double: true", "Crawford"),
    ("rt/crawford-win", "score: {white: 4, black: 1}", "score: {white: 4, black: 2}", "score"),
    ("rt/opening", "alternatives: [13/8 13/10]", "alternatives: [13/8 13/9]", "not a legal play"),
    ("rt/entry", "rest: {plays: 4,", "rest: {plays: 3,", "whole plays"),
    ("rt/bear-off", "  plays: 3\n", "  plays: 2\n", "plays"),
    ("rt/cube-128", "cube_max: null", "cube_max: 64", "128"),
]


def line_of(text: str, part: str) -> int:
    """The 1-based line where `part` starts in `text`."""
    return text.count("\n", 0, text.index(part)) + 1


@pytest.mark.parametrize(("name", "right", "wrong", "says"), PLANTED, ids=[f"{p[0]}:{p[2]}" for p in PLANTED])
def test_a_planted_wrong_value_fails_located(cli, tmp_path: Path, name: str, right: str, wrong: str,
                                             says: str) -> None:
    good = SCENARIOS[name]
    assert good.count(right) == 1
    bad = good.replace(right, wrong)
    path = tmp_path / "scenarios" / f"{name}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(bad, encoding="utf-8")
    r = cli("check", str(path))
    assert r.returncode == 1, r.stdout
    at = AT.get(wrong, wrong)
    lines = {bad.count("\n", 0, m.start()) + 1 for m in re.finditer(re.escape(at), bad)}
    errors = [x for x in r.stdout.splitlines() if ": error: " in x]
    assert errors, r.stdout
    assert {int(x[len(f"{path}:"):].split(":")[0]) for x in errors if x.startswith(f"{path}:")} == lines, r.stdout
    assert all(x.startswith(f"{path}:") for x in errors), r.stdout
    assert says in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


# A value typed into the page instead of printed from the checked scenario
TYPED = [
    ("{{ c.result }}.", "White wins: gammon, 4 points."),
    ("scores {{ d.double.drop.points }} point", "scores 1 point"),
    ("| {{ a1.white }}–{{ a1.black }} |", "| 4–0 |"),
    ("it shows {{ k.cube.value }}", "it shows 128"),
]


@pytest.mark.parametrize(("right", "wrong"), TYPED, ids=[t[1] for t in TYPED])
def test_a_value_typed_into_the_page_fails_the_audit_located(cli, project: Path, tmp_path: Path, monkeypatch,
                                                              right: str, wrong: str) -> None:
    copy = tmp_path / "p"
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("site", ".tavla-cache"))
    assert PAGE_EN.count(right) == 1
    page = PAGE_EN.replace(right, wrong)
    (copy / "content" / "en" / "index.md").write_text(page, encoding="utf-8")
    monkeypatch.delenv(AUDIT_ENV, raising=False)
    r = cli("audit", "--summary", "--config", str(copy / "mkdocs.yml"), cwd=copy)
    assert r.returncode == 1, r.stdout + r.stderr
    line = line_of(page, wrong)
    out = r.stdout + r.stderr
    assert re.search(rf"content/en/index\.md:{line}:\d+: error: ", out), out
    assert "Traceback" not in out
