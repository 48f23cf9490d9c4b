"""Page facts of scoring (issue 28): `s.result` with the cube, the Jacoby rule and the match score it
leaves, `s.match`, and `s.double` (what a take, a drop and a beaver leave), in both languages."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.renderer import SiteRenderer

GAMMON = "position:\n  white: {6: 1}\n  black: {13: 5, 19: 10}\nturn: white\n"
SCENARIOS = {
    "match": "variant: backgammon\nmatch: {white: 2, black: 1}\n" + GAMMON
             + "roll: 6-1\nshow: 6/off\ndiagram: {cube: {value: 2, owner: white}}\nexpect:\n  result: {points: 4}\n",
    "jacoby": "variant: backgammon\nrules: {match_length: null, jacoby: true}\n" + GAMMON
              + "roll: 6-1\nshow: 6/off\nexpect:\n  result: {points: 1}\n",
    "double": "variant: backgammon\nrules: {match_length: null, beavers: true}\n" + GAMMON
              + "diagram: {cube: {value: 2, owner: white}}\nexpect:\n  may_double: true\n",
    "crawford": "variant: backgammon\nmatch: {white: 4, black: 2, crawford: true}\n" + GAMMON
                + "expect:\n  may_double: false\n",
}


@pytest.fixture(scope="module")
def renderer(tmp_path_factory) -> SiteRenderer:
    root: Path = tmp_path_factory.mktemp("project")
    for name, text in SCENARIOS.items():
        (root / "scenarios" / "score").mkdir(parents=True, exist_ok=True)
        (root / "scenarios" / "score" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return SiteRenderer(root, cache_dir=None)


def render(renderer: SiteRenderer, name: str, text: str, lang: str) -> str:
    return renderer.render_page(f'{{% set s = scenario("score/{name}") %}}' + text, path="x.md", lang=lang).markdown


def test_a_result_with_the_cube_and_the_match_it_moves(renderer) -> None:
    text = ("{{ s.result }}|{{ s.result.value }}×{{ s.result.cube }}|{{ s.match.white }}-{{ s.match.black }}|"
            "{{ s.result.score.white }}-{{ s.result.score.black }}/{{ s.result.score.length }}|{{ s.result.score.winner }}")
    assert render(renderer, "match", text, "en") == "White wins: gammon, 4 points|2×2|2-1|6-1/5|White"
    assert render(renderer, "match", text, "tr") == "Beyaz kazanır: mars, 4 puan|2×2|2-1|6-1/5|Beyaz"


def test_a_jacoby_gammon_prints_single_points(renderer) -> None:
    text = "{{ s.result }}|{{ s.result.value }}|{{ s.result.jacoby }}|{{ s.result.score }}|{{ s.match }}"
    assert render(renderer, "jacoby", text, "en") == "White wins: gammon, 1 point|2|True|None|None"


def test_what_a_double_leaves(renderer) -> None:
    text = ("{{ s.double.may }}|{{ s.double.take.value }} {{ s.double.take.owner }}|{{ s.double.drop.winner }} "
            "{{ s.double.drop.points }}|{{ s.double.beaver.value }} {{ s.double.beaver.owner }}")
    assert render(renderer, "double", text, "en") == "True|4 Black|White 2|8 Black"
    assert render(renderer, "double", text, "tr") == "True|4 Siyah|Beyaz 2|8 Siyah"


def test_the_crawford_game_has_no_double(renderer) -> None:
    text = "{{ s.double.may }}|{{ s.double.take }}|{{ s.match.crawford }}|{{ s.match.away.white }}"
    assert render(renderer, "crawford", text, "en") == "False|None|True|1"
