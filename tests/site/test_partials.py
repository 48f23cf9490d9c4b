"""The default partials ship in the package; a project's `templates/` overrides them file by file
(issue 31), in the build, in the reader audit and in the cache's fingerprint."""
from __future__ import annotations

from pathlib import Path

from tavla_docs.site.audit.pageparts import shared_surface_problems
from tavla_docs.site.env import PARTIALS_DIR, partial_files
from tavla_docs.site.renderer import SiteRenderer

SCENARIO = """variant: tavla
position: {white: {6: 1}, black: {19: 15}}
turn: white
caption: {tr: "Tek pul", en: "One checker"}
"""
PAGE = '{{ diagram("s") }}'


def test_the_package_holds_every_default_partial() -> None:
    names = {p.name for p in PARTIALS_DIR.glob("*.html")}
    assert {"figure.html", "story.html", "try_it.html", "glossary.html", "notation_legend.html",
            "odds_table.html", "bearoff_table.html", "race_table.html", "chart.html", "rules_summary.html"} <= names


def test_a_project_without_templates_uses_the_packages_partials(tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, "x", "x", {"s": SCENARIO})
    assert not (proj / "templates").exists()
    html = SiteRenderer(proj, cache_dir=None).render_page(PAGE, path="p.md", lang="en").fragments[0]
    assert "<figure" in html and "One checker" in html


def test_a_projects_figure_overrides_the_packages_own(tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, "x", "x", {"s": SCENARIO})
    (proj / "templates").mkdir()
    own = (PARTIALS_DIR / "figure.html").read_text(encoding="utf-8")
    (proj / "templates" / "figure.html").write_text('<div class="house-style">' + own + "</div>\n", encoding="utf-8")
    before = SiteRenderer(proj, cache_dir=None)
    html = before.render_page(PAGE, path="p.md", lang="en").fragments[0]
    assert html.startswith('<div class="house-style">') and "One checker" in html
    # the other partials still come from the package
    assert partial_files(proj / "templates")[0] == proj / "templates" / "figure.html"
    assert PARTIALS_DIR / "story.html" in partial_files(proj / "templates")
    assert PARTIALS_DIR / "figure.html" not in partial_files(proj / "templates")


def test_an_override_changes_the_code_fingerprint(tmp_path: Path, tiny) -> None:
    proj = tiny(tmp_path, "x", "x", {"s": SCENARIO})
    plain = SiteRenderer(proj, cache_dir=None).fingerprint
    (proj / "templates").mkdir()
    (proj / "templates" / "figure.html").write_text("<figure>{{ svg }}</figure>\n", encoding="utf-8")
    assert SiteRenderer(proj, cache_dir=None).fingerprint != plain


def test_the_audit_reads_the_overrides_and_the_packages_partials(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "odds_table.html").write_text("<td>{{ row.count }} / 36</td>\n", encoding="utf-8")
    found = shared_surface_problems(tmp_path, ("tr", "en"), lambda p: p.name, "error")
    assert [(p.path, p.line, p.message) for p in found] == [
        ("odds_table.html", 1, "'36' is typed in a template every page shows")]
    # the same partial from the package: read, and clean
    (tmp_path / "templates" / "odds_table.html").unlink()
    assert shared_surface_problems(tmp_path, ("tr", "en"), lambda p: p.name, "error") == []
    assert PARTIALS_DIR / "odds_table.html" in partial_files(tmp_path / "templates")


def test_a_differences_only_summary_marks_no_row_and_says_no_note(tmp_path: Path, tiny) -> None:
    """Every row of a differences-only table differs, so marking them and saying so is noise."""
    proj = tiny(tmp_path, "x", "x", {"s": SCENARIO})
    r = SiteRenderer(proj, cache_dir=None)
    both = r.render_page('{{ rules_summary(["tavla", "backgammon"]) }}', path="p.md", lang="en").fragments[0]
    only = r.render_page('{{ rules_summary(["tavla", "backgammon"], differences_only=True) }}',
                         path="q.md", lang="en").fragments[0]
    assert "tavla-differs" in both and "Highlighted rows are the differences." in both
    assert only.count("<tr data-rule=") == both.count("tavla-differs") > 0
    assert "tavla-differs" not in only and "Highlighted rows" not in only
