"""The audit of what a page prints (`site.audit.reader`, `site.provenance`): each leak that the
source audit could not see fails, located at the `{{ … }}` or line that makes it; computed facts,
real lists and the site's bytes are left alone."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.cli.main import main as cli_main
from tavla_docs.site import provenance
from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer

SCENARIO = """variant: tavla
position:
  white: {6: 1, 4: 1}
  black: {19: 5, 20: 5, 21: 5}
turn: white
roll: 6-4
show: 6/off 4/off
expect:
  plays: 2
  pips: {white: 10, black: 75}
caption:
  tr: "{{ s.roll }} ile {{ s.show.off.words }} pul toplanır."
  en: "{{ s.roll }} bears off {{ s.show.off.words }} checkers."
"""


@pytest.fixture()
def project(tmp_path: Path, tiny) -> Path:
    (tmp_path / "p").mkdir()
    return tiny(tmp_path / "p", "# T\n", "# T\n", {"demo/a": SCENARIO})


def printed(project: Path, page: str, lang: str = "en") -> list[tuple[int, int, str, str]]:
    r = SiteRenderer(project, cache_dir=None)
    out = r.render_page(page, path="content/en/x.md", lang=lang)
    assert not provenance.MARK_CHARS.search(out.markdown), "marks never reach the site"
    assert all(not provenance.MARK_CHARS.search(f) for f in out.fragments.values())
    return [(p.line, p.col, p.rule, p.message) for p in out.problems]


@pytest.mark.parametrize(("page", "shown"), [
    ('{% set s = scenario("demo/a") %}On the {{ s.point(19).point }}-point.', "19"),  # a typed argument echoed
    ('{{ rules("backgammon", match_length=5).match_length }} points.', "5"),
    ('{% set r = rules("tavla") %}{{ r.checkers + 1 }} checkers.', "16"),  # template arithmetic
    ('{% for i in range(3) %}{{ loop.index }} {% endfor %} rolls.', "1"),
    ('{{ "%d"|format(16) }} checkers.', "16"),
    ('{{ "x"|replace("x", "11") }} checkers.', "11"),
    ('{{ 15 }} checkers.', "15"),
    ('{{ rules().roll(6, 5) }} is a roll.', "6-5"),
    ('{% set r = rules() %}{{ (r.checkers - 12)|words }} checkers.', "three"),
    ('{{ _("Black") ~ " has fourteen" }}.', "fourteen"),
])
def test_a_printed_value_no_helper_computed_is_located(project: Path, page: str, shown: str) -> None:
    found = printed(project, "Intro.\n\n" + page + "\n")
    assert found, page
    line, col, rule, message = found[0]
    assert (line, rule) == (3, "printed")
    assert message.startswith(repr(shown)), message
    assert page[col - 1:].startswith("{{"), (col, page)


@pytest.mark.parametrize("page", [
    '{% set s = scenario("demo/a") %}{{ s.roll }}: {{ s.plays.words }} plays, {{ s.pips.white }} pips, '
    '{{ s.show.off.Words }} off, {{ s.show }}.',
    '{% set r = rules("tavla") %}{{ r.checkers }} checkers, {{ r.double_moves.words }}, {{ r.home }}, '
    '{{ r.die_faces }}, {{ r.cube_faces }}.',
    '{% set r = rules() %}{{ r.roll(r.highest_die, r.highest_die) }} comes '
    '{{ r.roll(r.highest_die, r.highest_die).ways.words }} way.',
    '{% set s = scenario("demo/a") %}{{ s.legal|map(attribute="off")|max|words }} and {{ s.roll.high.die_name|capitalize }}.',
    '{{ play("6/off 4/off", at="demo/a") }} is legal.',
    '{% set s = scenario("demo/a") %}{{ s.point(s.points_of("white").first).point }}-point.',
])
def test_computed_facts_print_without_a_problem(project: Path, page: str) -> None:
    assert printed(project, page + "\n") == []


def test_a_number_markdown_turns_into_a_list_marker_is_located(project: Path) -> None:
    page = ('{% set r = rules() %}Intro.\n\n{{ r.checkers.ordinal }} checker on.\n\nText.\n\n'
            '3. oyundan sonra\n\nText.\n\n1. one\n2. two\n')
    found = printed(project, page, "tr")
    assert [(line, rule) for line, _, rule, _ in found] == [(3, "swallowed"), (7, "swallowed")]
    assert "list item 1" in found[0][3] and "15" in found[0][3]


def test_a_caption_that_prints_arithmetic_fails_at_the_caption_line(project: Path) -> None:
    bad = SCENARIO.replace('{{ s.show.off.words }} checkers', '{{ (s.show.off + 1)|words }} checkers')
    (project / "scenarios" / "demo" / "a.yaml").write_text(bad, encoding="utf-8")
    r = SiteRenderer(project, cache_dir=None)
    with pytest.raises(PageError) as e:
        r.render_page('{{ diagram("demo/a") }}\n', path="content/en/x.md", lang="en")
    assert "demo/a.yaml:13:" in str(e.value) and "'three' is printed by `{{ (s.show.off + 1)|words }}`" in str(e.value)


def test_the_strict_build_fails_with_every_printed_problem(project: Path, monkeypatch, capsys) -> None:
    cfg = project / "mkdocs.yml"
    monkeypatch.delenv("TAVLA_DOCS_AUDIT")  # the `tiny` fixture's local switch: the audit is strict again
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("strict: true", "strict: false"), encoding="utf-8")
    (project / "content" / "en" / "index.md").write_text(
        '# T\n\n{% set s = scenario("demo/a") %}{{ diagram("demo/a") }}\n\nOn the {{ s.point(19).point }}-point.\n',
        encoding="utf-8")
    (project / "content" / "tr" / "index.md").write_text(
        '# T\n\n{% set s = scenario("demo/a") %}{{ diagram("demo/a") }}\n\n{{ s.point(19).point }}. hanede.\n',
        encoding="utf-8")
    monkeypatch.chdir(project)
    assert cli_main(["build", "-q"]) == 1  # `strict: false` does not turn the audit into warnings
    err = capsys.readouterr().err
    assert "content/en/index.md:5:8: error: '19' is printed by `{{ s.point(19).point }}`" in err
    assert "content/tr/index.md:5:1: error: '19' is printed by `{{ s.point(19).point }}`" in err
    assert not (project / "site").exists()

    audit_rc = cli_main(["audit", "--summary"])
    out = capsys.readouterr().out
    assert audit_rc == 1 and "content/en/index.md:5:8: error: '19' is printed" in out


@pytest.mark.parametrize(("page", "lang", "rule", "start"), [
    ('{% set s = scenario("demo/a") %}White has {{ s.pips.black }} pips.', "en", "subject",
     "Black's count (75) is printed by `{{ s.pips.black }}` in a clause about White"),
    ('{% set s = scenario("demo/a") %}Beyaz\'ın pip sayısı {{ s.pips.black }}.', "tr", "subject",
     "Siyah's count (75) is printed by `{{ s.pips.black }}` in a clause about Beyaz"),
    ('{% set s = scenario("demo/a") %}With {{ s.on_board.white }} checkers home, White rolls.', "en", "meaning",
     "`{{ s.on_board.white }}` prints the on board count (2) where the words around it speak of home"),
    ('{% set r = rules("tavla") %}It is a mars (gammon): {{ r.points.single }} points.', "en", "meaning",
     "`{{ r.points.single }}` prints the single count (1) where the words around it speak of gammon"),
])
def test_a_count_about_the_wrong_side_or_thing_is_located(project: Path, page: str, lang: str, rule: str,
                                                           start: str) -> None:
    found = printed(project, page + "\n", lang)
    assert [(line, r) for line, _, r, _ in found] == [(1, rule)]
    assert found[0][3].startswith(start), found[0][3]


@pytest.mark.parametrize("page", [
    '{% set s = scenario("demo/a") %}White has {{ s.pips.white }} pips, Black {{ s.pips.black }}.',
    '{% set s = scenario("demo/a") %}White and Black have {{ s.pips.white }} and {{ s.pips.black }} pips.',
    '{% set s = scenario("demo/a") %}With {{ s.home.white }} checkers home and all {{ s.left.white }} checkers home.',
    '{% set r = rules("tavla") %}A mars (gammon) scores {{ r.points.mars }} points, a single game {{ r.points.single }}.',
])
def test_counts_of_the_side_and_thing_the_sentence_names_pass(project: Path, page: str) -> None:
    assert printed(project, page + "\n") == []


@pytest.mark.parametrize(("page", "meta"), [
    ("Intro.\n\n{{ meta.summary }}\n", {"summary": "<script>alert(x)</script>"}),
    ('Intro.\n\n{{ "<scr" ~ "ipt>alert(x)</scr" ~ "ipt>" }}\n', {}),
    ('Intro.\n\n{{ "<img src=\\"https://t.example/p.gif\\">" }}\n', {}),
])
def test_raw_html_a_page_prints_is_audited_as_printed(project: Path, page: str, meta: dict[str, str]) -> None:
    r = SiteRenderer(project, cache_dir=None)
    found = r.render_page(page, path="content/en/x.md", lang="en", meta=meta).problems
    assert [(p.line, p.col, p.rule) for p in found] == [(3, 1, "raw-html")]
    assert "printed by `{{" in found[0].message
