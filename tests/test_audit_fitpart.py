"""A project's partial held against the package's own (`audit.partialtwin`), and a partial's sentence
about its highlighted rows held against the rows its table highlights (`audit.rowlegend`).

Each fault is planted in a real project's `templates/` copy of a package partial and rendered by the
real helpers on a real page; the message is located at the override's `{{ … }}`. The package's own
partials, and overrides that only restyle them, pass."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavla_docs.site.audit.rowlegend import legend_problems
from tavla_docs.site.env import PARTIALS_DIR
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "redteam" / "project"

BEAROFF = '{{ bearoff_table(["6", "6x2", "5+4"]) }}\n'
RACE = '{{ race_table([["6", "6x2"], ["5+4", "6"]]) }}\n'
ODDS = '{{ odds_table(["6", "5"], expected=True, within=2) }}\n'
SUMMARY = '{{ rules_summary(["tavla", "backgammon"]) }}\n'
GLOSSARY = '{{ glossary() }}\n'


def _site(tmp_path: Path, page: str, partial: str | None = None, edits: tuple[tuple[str, str], ...] = ()) -> SiteRenderer:
    proj = tmp_path / "p"
    proj.mkdir(parents=True)
    tiny_project(proj, page, page, {})
    if partial:
        (proj / "templates").mkdir()
        text = (PARTIALS_DIR / partial).read_text(encoding="utf-8")
        for find, replace in edits:
            assert text.count(find) == 1, find
            text = text.replace(find, replace)
        (proj / "templates" / partial).write_text(text, encoding="utf-8")
    return SiteRenderer(proj, cache_dir=None, languages=("tr", "en"))


def _errors(site: SiteRenderer, page: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.chdir(site.root)
    out = site.render_page(page, path=f"content/{lang}/index.md", lang=lang)
    return [p.format() for p in out.problems if p.severity == "error"]


# --- the package's partials, and restyled copies, pass ---------------------------------------------

@pytest.mark.parametrize("page", [BEAROFF, RACE, ODDS, SUMMARY, GLOSSARY])
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_an_unchanged_copy_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str, lang: str) -> None:
    name = {BEAROFF: "bearoff_table.html", RACE: "race_table.html", ODDS: "odds_table.html",
            SUMMARY: "rules_summary.html", GLOSSARY: "glossary.html"}[page]
    assert _errors(_site(tmp_path, page, name), page, lang, monkeypatch) == []


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_restyled_copy_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Other markup, other wording, a column left out, the columns reordered with their headers."""
    edits = (('<th>{{ _("Position") }}</th><th>{{ _("Expected rolls") }}</th>',
              '<th>{{ _("Expected rolls") }}</th><th>{{ _("Position") }}</th>'),
             ('<tr><td>{{ row.label }}</td><td class="tavla-count" data-value="{{ row.expected.value }}"'
              '{% if row.expected.exact %} title="= {{ row.expected.exact }}"{% endif %}>{{ row.expected.text }}</td>',
              '<tr class="x"><td><b>{{ row.expected.text }}</b></td><td><em>{{ row.label }}</em></td>'),
             ('<table data-tavla="bearoff">', '<table class="mine">'))
    site = _site(tmp_path, BEAROFF, "bearoff_table.html", edits)
    assert _errors(site, BEAROFF, lang, monkeypatch) == []


def test_the_fixture_overrides_pass_on_its_own_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The red team's fixture restyles most partials (other separators, a column fewer, no exercise)."""
    proj = tmp_path / "fixture"
    shutil.copytree(FIXTURE, proj)
    site = _site(tmp_path, GLOSSARY + SUMMARY)
    (site.root / "templates").mkdir()
    for p in (proj / "templates").glob("*.html"):
        shutil.copy(p, site.root / "templates" / p.name)
    site = SiteRenderer(site.root, cache_dir=None, languages=("tr", "en"))
    for lang in ("en", "tr"):
        assert _errors(site, GLOSSARY + SUMMARY + BEAROFF + RACE + ODDS, lang, monkeypatch) == []


# --- the corpus's faults (r1126, r1171) and new ones of the class -----------------------------------

CASES = [
    # r1126: the "off within n" cells in reverse under unchanged headers
    ("bearoff_table.html", BEAROFF, "en", (("{% for c in row.within %}", "{% for c in row.within|reverse %}"),),
     "templates/bearoff_table.html:11:", 'the cell under "Off in 1 roll" in the row "6-point" reads "100%" '
     '(the package\'s value under "Off within 2 rolls"), where the package\'s bearoff_table.html prints "75%"'),
    # r1171: the expected-rolls column prints the chance to finish in one roll
    ("bearoff_table.html", BEAROFF, "en", ((">{{ row.expected.text }}</td>", ">{{ row.within[0].text }}</td>"),),
     "templates/bearoff_table.html:10:", 'the cell under "Expected rolls" in the row "6-point" reads "'),
    # new: the headers reversed, the cells not (Turkish page; the header check names it first)
    ("bearoff_table.html", BEAROFF, "tr", (("{% for n in within %}", "{% for n in within|reverse %}"),),
     "templates/bearoff_table.html:6:", ""),
    # new: the race table's two positions swapped under their headers
    ("race_table.html", RACE, "en", (("<td>{{ row.on_roll }}</td><td>{{ row.other }}</td>",
                                      "<td>{{ row.other }}</td><td>{{ row.on_roll }}</td>"),),
     "templates/race_table.html:4:", ""),  # the column check (`tablecolumns`) names it first
    # new: the odds table's "off within 2 rolls" column prints the expected rolls (Turkish page)
    ("odds_table.html", ODDS, "tr", ((">{{ row.within.text }}</td>", ">{{ row.expected.text }}</td>"),),
     "templates/odds_table.html:11:", ""),  # the column check names it first
    # new: the glossary's Turkish and English terms swapped under their headers
    ("glossary.html", GLOSSARY, "en", (('<td lang="tr">{{ term.tr }}</td><td lang="en">{{ term.en }}</td>',
                                        '<td lang="tr">{{ term.en }}</td><td lang="en">{{ term.tr }}</td>'),),
     "templates/glossary.html:10:", 'the cell under "Turkish" in the row "'),
    # new: every row's label taken from the next row
    ("race_table.html", RACE, "tr", (("{% for row in rows %}",
                                      "{% for row in rows %}{% set nxt = rows[loop.index % rows|length] %}"),
                                     ("<td>{{ row.on_roll }}</td>", "<td>{{ nxt.on_roll }}</td>")),
     "templates/race_table.html:7:", "the cell under "),
]


@pytest.mark.parametrize(("partial", "page", "lang", "edits", "where", "says"), CASES)
def test_a_fact_moved_or_replaced_is_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, partial: str, page: str,
                                             lang: str, edits: tuple[tuple[str, str], ...], where: str, says: str) -> None:
    found = _errors(_site(tmp_path, page, partial, edits), page, lang, monkeypatch)
    assert found and found[0].startswith(where) and says in found[0], found
    print(found[0].splitlines()[0])


def test_the_rules_summary_keeps_its_own_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """r834: the narrower check names whose cell it is; the generic one adds no second message."""
    site = _site(tmp_path, SUMMARY, "rules_summary.html",
                 (("{% for cell in row.cells %}", "{% for cell in row.cells|reverse %}"),))
    found = _errors(site, SUMMARY, "en", monkeypatch)
    assert len(found) == 1 and "which is Backgammon's" in found[0], found


# --- a sentence about the highlighted rows ------------------------------------------------------------

NOTE = '{{ _("Highlighted rows are the differences.") }}'


@pytest.mark.parametrize(("note", "lang", "bad"), [
    ('{{ _("Highlighted rows are the rules every game shares.") }}', "en", True),  # r1157
    ('{{ _("Highlighted rows are not where the games differ.") }}', "en", True),
    ('{{ _("Vurgulu satırlar her oyunda aynı olan kurallardır.") }}', "tr", True),
    ('{{ _("Οι επισημασμένες γραμμές είναι οι κοινοί κανόνες.") }}', "en", True),
    ('{{ _("Rows that are not highlighted are the same in every game.") }}', "en", False),
    ('{{ _("Unhighlighted rows are the rules the games share.") }}', "en", False),
    ('{{ _("Vurgulanan satırlar oyunlar arasındaki farklardır.") }}', "tr", False),
    (NOTE, "tr", False),
])
def test_a_sentence_about_the_highlighted_rows_is_bound_to_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                note: str, lang: str, bad: bool) -> None:
    site = _site(tmp_path, SUMMARY, "rules_summary.html", ((NOTE, note),))
    found = [f for f in _errors(site, SUMMARY, lang, monkeypatch) if "highlighted rows" in f]
    if not bad:
        assert found == []
        return
    assert len(found) == 1 and found[0].startswith("templates/rules_summary.html:11:47: error: this sentence says the "
                                                   "highlighted rows are what the games share, but the table "
                                                   "highlights the rows where they differ"), found


def test_a_highlight_that_marks_the_shared_rows_needs_a_sentence_that_says_so() -> None:
    table = ('<table><tr><th>R</th><th>A</th><th>B</th></tr><tr class="m"><th>x</th><td>1</td><td>1</td></tr>'
             '<tr><th>y</th><td>2</td><td>3</td></tr></table>')
    assert legend_problems(table + "<p>Highlighted rows are the rules both games share.</p>", "", "t.html") == []
    found = legend_problems(table + "<p>Highlighted rows are the differences.</p>", "", "t.html")
    assert [p.message for p in found] == ['this sentence says the highlighted rows are where the games differ, but '
                                          'the table highlights the rows they share ("x": 1)']


# --- outside tables: a story's frames and its label --------------------------------------------------

STORY = '{{ story("bear-off/hit-story") }}\n'


def _story_site(tmp_path: Path, edits: tuple[tuple[str, str], ...]) -> SiteRenderer:
    site = _site(tmp_path, STORY, "story.html", edits)
    scenario = (ROOT / "tests" / "project" / "scenarios" / "bear-off" / "hit-story.yaml").read_text(encoding="utf-8")
    (site.root / "scenarios" / "bear-off").mkdir(parents=True)
    (site.root / "scenarios" / "bear-off" / "hit-story.yaml").write_text(scenario, encoding="utf-8")
    return SiteRenderer(site.root, cache_dir=None, languages=("tr", "en"))


@pytest.mark.parametrize(("lang", "edits", "says"), [
    ("en", (("{% for figure in figures %}", "{% for figure in figures|reverse %}"),),
     "templates/story.html:7:1: error: this {{ … }} prints the package's values in another order: \"Figure 3."),
    ("tr", (('"A story in %(num)d steps", count)', '"A story in %(num)d steps", figures|length - 1)'),),
     "templates/story.html:4:"),
    ("en", (("{% for figure in figures %}", "{% for figure in figures[1:] + figures[:1] %}"),), "templates/story.html:7:1:"),
])
def test_a_story_override_that_reorders_or_recounts_is_located(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               lang: str, edits: tuple[tuple[str, str], ...],
                                                               says: str) -> None:
    found = _errors(_story_site(tmp_path, edits), STORY, lang, monkeypatch)
    assert found and found[0].startswith(says), found
    print(found[0].splitlines()[0])


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_restyled_story_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    edits = (('<p class="tavla-story__label" aria-hidden="true">{{ label }}</p>', ""),
             ("{{ figure }}", "<div class=\"frame\">{{ figure }}</div>"))
    assert _errors(_story_site(tmp_path, edits), STORY, lang, monkeypatch) == []
