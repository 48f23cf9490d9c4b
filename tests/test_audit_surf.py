"""The surfaces the audit reads besides pages: the partials, the glossary, the notation legend, the
kinds of rolls in words, and the audit's own switch (never a committed file).

Each check gets a planted fault, located where it is written, and the good text passes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavla_docs.site.audit.dicenames import roll_of, stated_rolls
from tavla_docs.site.audit.glossarycheck import glossary_problems
from tavla_docs.site.auditmode import ENV, AuditSwitchError, audit_mode, committed_problem, local_mode
from tavla_docs.site.env import PARTIALS_DIR
from tavla_docs.site.glossary import GLOSSARY_FILE
from tavla_docs.site.partialaudit import notation_problems
from tavla_docs.site.renderer import SiteRenderer
from tests.site.conftest import tiny_project

ROOT = Path(__file__).resolve().parents[1]


def _tiny(dest: Path, page_tr: str, page_en: str, scenarios: dict[str, str]) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    return tiny_project(dest, page_tr, page_en, scenarios)


# --- the audit's switch: local, never committed --------------------------------------------

CONFIG = "site_name: x\nplugins:\n  - search\n  - tavla-docs:\n      cache_dir: .c\n      audit: {value}\n"


@pytest.mark.parametrize("value", ["warn", "'off'", "strict"])
def test_a_committed_audit_switch_is_a_located_error(tmp_path: Path, value: str) -> None:
    cfg = tmp_path / "mkdocs.yml"
    cfg.write_text(CONFIG.format(value=value), encoding="utf-8")
    plain = value.strip("'")
    if plain == "strict":
        assert audit_mode(plain, cfg) == "strict"
        return
    with pytest.raises(AuditSwitchError) as e:
        audit_mode(plain, cfg)
    first, hint = str(e.value).splitlines()
    assert first.endswith(f"mkdocs.yml:6:7: error: `audit: {plain}` in mkdocs.yml would let every build ship "
                          "the false facts the audit finds")
    assert "tavla-docs build --draft" in hint and f"{ENV}=warn" in hint


def test_the_local_switch_is_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert local_mode() == "strict"
    monkeypatch.setenv(ENV, "Warn")
    assert local_mode() == "warn"
    monkeypatch.setenv(ENV, "loose")
    with pytest.raises(AuditSwitchError, match="one of strict, warn, off"):
        local_mode()
    assert committed_problem(None, "mkdocs.yml", "") is None


def test_the_build_refuses_a_committed_switch_and_draft_builds(tmp_path: Path, cli, monkeypatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    proj = _tiny(tmp_path / "p", "# Sayfa\n\n6-5 geldi.\n", "# Page\n\nText.\n", {})
    cfg = proj / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {audit: warn}"),
                   encoding="utf-8")
    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "mkdocs.yml:11:18: error: `audit: warn` in mkdocs.yml would let every build ship" in r.stderr, r.stderr
    r = cli("audit", "--summary", cwd=proj)
    assert r.returncode == 1 and "mkdocs.yml:11:18: error: `audit: warn`" in r.stderr
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("{audit: warn}", "{}")  # MkDocs' own warnings pass
                   .replace("strict: true", "strict: false"), encoding="utf-8")
    assert cli("build", "-q", cwd=proj).returncode == 1  # strict: the typed 6-5 fails
    r = cli("build", "--draft", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert "content/tr/index.md:3:1: warning:" in r.stderr and "'6-5'" in r.stderr


# --- the glossary ---------------------------------------------------------------------------

def _glossary(tmp_path: Path, find: str, replace: str) -> list[str]:
    text = GLOSSARY_FILE.read_text(encoding="utf-8")
    assert text.count(find) == 1
    p = tmp_path / "glossary.yaml"
    p.write_text(text.replace(find, replace), encoding="utf-8")
    return [x.format() for x in glossary_problems(p, "glossary.yaml", "error")]


def test_the_packages_glossary_passes() -> None:
    assert glossary_problems(GLOSSARY_FILE, "glossary.yaml", "error") == []


@pytest.mark.parametrize("find, replace, message", [
    ('en: "6-5"', 'en: "6-4"', ":15: error: this entry pairs 'şeşbeş' with 6-4; şeşbeş is 6-5"),
    ('dübeş, düşeş"', 'düşeş, dübeş"', ":49: error: this entry pairs 'düşeş' with double 5s; düşeş is double 6s"),
    ("gammon (2 points)", "gammon (3 points)", ":35: error: this entry says a gammon scores 3; the engine scores it "
                                               "2 points"),
    ("single game (1 point)", "single game (2 points)", ":62: error: this entry says a single game scores 2; the "
                                                        "engine scores it 1 point"),
    ("backgammon (3 points)", "backgammon (2 points)", ":48: error: this entry says a backgammon scores 2"),
    ("two or more own checkers", "three or more own checkers", ":64: error: this entry says three checkers make a "
                                                               "point; the engine makes a point with 2"),
    ('en: "blot"', 'en: "blot (a single checker, 1 of 15)"', ":64: error: '1' in the glossary is a number no check "
                                                            "backs"),
    ('dört cihar', 'dört cihar, şeş', ":49: error: 'şeş' in the glossary is a number no check backs"),
])
def test_a_false_glossary_fact_is_located(tmp_path: Path, find: str, replace: str, message: str) -> None:
    found = _glossary(tmp_path, find, replace)
    assert found and message in found[0] and found[0].startswith("glossary.yaml:"), found


def test_dice_names_mean_their_rolls() -> None:
    assert [roll_of(n) for n in ("hep yek", "dubara", "düse", "dört cihar", "dübeş", "düşeş")] == \
        [(k, k) for k in range(1, 7)]
    assert roll_of("şeşbeş") == (6, 5) and roll_of("ace-deuce") == (2, 1) and roll_of("pul") is None
    assert stated_rolls("double 1s, 2s, 3s, 4s, 5s, 6s") == [(k, k) for k in range(1, 7)]


def test_the_glossary_is_part_of_the_project_audit(tmp_path: Path, monkeypatch) -> None:
    from tavla_docs.site import glossary
    from tavla_docs.site.audit.pageparts import shared_surface_problems

    bad = tmp_path / "g.yaml"
    bad.write_text(GLOSSARY_FILE.read_text(encoding="utf-8").replace('en: "6-5"', 'en: "6-4"'), encoding="utf-8")
    monkeypatch.setattr(glossary, "GLOSSARY_FILE", bad)
    found = [p for p in shared_surface_problems(tmp_path, ("tr", "en"), str, "error") if p.rule == "glossary"]
    assert [(p.path, p.message) for p in found] == [(str(bad), "this entry pairs 'şeşbeş' with 6-4; şeşbeş is 6-5")]


# --- the partials ---------------------------------------------------------------------------

def _site(tmp_path: Path, page: str, partial: str | None = None, find: str = "", replace: str = "") -> SiteRenderer:
    proj = _tiny(tmp_path / "p", page, page, {})
    if partial:
        (proj / "templates").mkdir()
        text = (PARTIALS_DIR / partial).read_text(encoding="utf-8")
        assert text.count(find) == 1
        (proj / "templates" / partial).write_text(text.replace(find, replace), encoding="utf-8")
    return SiteRenderer(proj, cache_dir=None, languages=("tr", "en"))


def _problems(site: SiteRenderer, page: str, lang: str = "en", monkeypatch=None) -> list[str]:
    out = site.render_page(page, path=f"content/{lang}/index.md", lang=lang)
    return [p.format() for p in out.problems]


def test_arithmetic_in_a_partial_is_located_in_the_template(tmp_path: Path, monkeypatch) -> None:
    page = '{{ odds_table(["6", "5"]) }}\n'
    good = _site(tmp_path / "good", page)
    assert _problems(good, page) == []
    bad = _site(tmp_path / "bad", page, "odds_table.html", ">{{ row.count }}/", ">{{ row.count + 1 }}/")
    monkeypatch.chdir(bad.root)
    found = _problems(bad, page)
    assert found and found[0].startswith("templates/odds_table.html:15:82: error: '"), found
    assert "is printed by `{{ row.count + 1 }}`, which is not a helper's fact" in found[0]


def test_loop_index_in_a_partial_is_typed(tmp_path: Path, monkeypatch) -> None:
    page = '{{ odds_table(["6", "5"]) }}\n'
    bad = _site(tmp_path, page, "odds_table.html", "<td>{{ row.label }}</td>", "<td>{{ loop.index }}</td>")
    monkeypatch.chdir(bad.root)
    found = _problems(bad, page)
    assert found and found[0].startswith("templates/odds_table.html:15:") and "`{{ loop.index }}`" in found[0]


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_typed_play_in_the_legend_must_match_its_description(tmp_path: Path, monkeypatch, lang: str) -> None:
    page = "{{ notation_legend() }}\n"
    assert _problems(_site(tmp_path / "good", page), page, lang) == []
    bad = _site(tmp_path / "bad", page, "notation_legend.html", "<code>bar/23</code>", "<code>bar/22</code>")
    monkeypatch.chdir(bad.root)
    found = _problems(bad, page, lang)
    assert len(found) == 1 and found[0].startswith("templates/notation_legend.html:6:36: error: the example bar/22 "
                                                   "is described as"), found
    assert found[0].splitlines()[0].endswith("but point 23 is no point of bar/22")


def test_notation_problems_read_every_point() -> None:
    src = "<code>9/3</code> moves from point 9 to point 3;\n<code>4/off</code> bears off from point 3.\n"
    found = notation_problems(src, "t.html", src)
    assert [(p.line, p.col) for p in found] == [(2, 1)]
    assert notation_problems("<code>8/5&#42;</code> pins on the 5-point;", "t.html", "") == []


# --- roll kinds -----------------------------------------------------------------------------

ODDS = ('{% set r = rules("tavla") %}{% set d = r.roll(r.highest_die, r.highest_die) %}'
        '{% set m = r.roll(r.highest_die, r.die_faces[-2]) %}')


@pytest.mark.parametrize("lang, text, bad", [
    ("en", "A double such as {{ d }} counts once, a mixed roll such as {{ m }} twice.", None),
    ("en", "A double such as {{ m }} counts once.", "`{{ m }}` prints 6-5, a mixed roll, where the words around it "
                                                    "speak of a double"),
    ("en", "A mixed roll such as {{ d }} counts twice.", "`{{ d }}` prints 6-6, a double, where the words around it "
                                                         "speak of a mixed roll"),
    ("tr", "{{ d }} gibi bir çift zar bir kez, {{ m }} gibi karışık bir atış iki kez sayılır.", None),
    ("tr", "Çift zar, örneğin {{ m }}, bir kez sayılır.", "`{{ m }}` prints 6-5, a mixed roll"),
    ("en", "White doubles the cube after {{ m }}.", None),  # a verb, not a kind of roll
])
def test_a_roll_printed_beside_a_word_for_another_kind_is_located(tmp_path: Path, lang: str, text: str,
                                                                  bad: str | None) -> None:
    page = ODDS + "\n\n" + text + "\n"
    site = SiteRenderer(_tiny(tmp_path, page, page, {}), cache_dir=None, languages=("tr", "en"))
    found = [p for p in site.render_page(page, path="x.md", lang=lang).problems if p.rule == "roll-kind"]
    if bad is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].line == 3 and found[0].message.startswith(bad), found


def test_the_fixture_partials_render_as_before(tmp_path: Path) -> None:
    """Marking changes no byte of what a partial prints."""
    page = '{{ odds_table(["6", "5"]) }}\n\n{{ notation_legend() }}\n\n{{ glossary() }}\n'
    proj = _tiny(tmp_path, page, page, {})
    shutil.copytree(ROOT / "tests" / "redteam" / "project" / "templates", proj / "templates")
    out = SiteRenderer(proj, cache_dir=None, languages=("tr", "en")).render_page(page, path="x.md", lang="en")
    html = "".join(out.fragments.values())
    assert not any("\ue000" <= c <= "\ue002" for c in html) and "<code>bar/23</code>" in html
    assert out.problems == []
