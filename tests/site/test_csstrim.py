"""Trimming Material's stylesheet to the words of the site (tavla_docs/site/csstrim.py), rule by rule."""
from __future__ import annotations

from pathlib import Path

from tavla_docs.site.csstrim import site_words, trim, usable

USED = {"md-nav", "md-nav__link", "data-md-color-scheme", "slate", "md-search", "dir", "ltr", "dir=ltr"}


def test_a_rule_stays_while_one_of_its_selectors_can_match() -> None:
    css = ".md-nav{a:1}.md-nav,.tabbed-set{b:2}.tabbed-set{c:3}#__mermaid_1{d:4}"
    assert trim(css, USED) == ".md-nav{a:1}.md-nav{b:2}"


def test_elements_and_names_inside_negations_keep_a_rule() -> None:
    assert usable("html", USED) and usable("*,:after", USED)
    assert usable(".md-nav:not(.md-nav--primary)", USED)  # :not() may match without the name
    assert usable(":is(.md-nav,.tabbed-set) a", USED)  # doubt keeps it
    assert usable(".md-nav:not(:is(.x)) a", USED)
    assert usable(".md-typeset .twemoji\\:x", USED)  # an escape: kept


def test_attributes_need_their_name_and_an_exact_value() -> None:
    assert usable("[data-md-color-scheme=slate] .md-nav", USED)
    assert not usable("[data-md-color-scheme=ink] .md-nav", USED)
    assert not usable("[dir=rtl] .md-nav", USED)
    assert usable("[dir=ltr] .md-nav", USED)
    assert usable('[dir^="r"] .md-nav', USED)  # a prefix is not a word to look for
    assert not usable("[data-md-state] .md-nav", USED)


def test_a_direction_rule_needs_a_page_in_that_direction(tmp_path) -> None:
    """Material's script reads `dir`, and "rtl" is a word in it: only a page's own `dir="rtl"` counts."""
    from tavla_docs.site.csstrim import site_words

    (tmp_path / "a.js").write_text('document.documentElement.getAttribute("dir")==="rtl"', encoding="utf-8")
    (tmp_path / "index.html").write_text('<html lang="en"><body dir="ltr">x</body></html>', encoding="utf-8")
    used = site_words(tmp_path)
    assert "rtl" in used and not usable("[dir=rtl] .x", used) and usable("[dir=ltr] body", used)
    (tmp_path / "ar.html").write_text('<html lang="ar" dir="rtl"><body dir="rtl">x</body></html>', encoding="utf-8")
    assert usable("[dir=rtl] .x", site_words(tmp_path))


def test_media_blocks_are_trimmed_inside_and_dropped_when_empty() -> None:
    css = ('@charset "UTF-8";@media screen and (max-width:76.1875em){.md-nav{a:1}.md-version{b:2}}'
           "@media print{.md-version{c:3}}@keyframes x{0%{opacity:0}to{opacity:1}}"
           "@supports selector(:has(a)){.md-search{d:4}}")
    assert trim(css, USED) == ('@charset "UTF-8";@media screen and (max-width:76.1875em){.md-nav{a:1}}'
                               "@keyframes x{0%{opacity:0}to{opacity:1}}@supports selector(:has(a)){.md-search{d:4}}")


def test_braces_in_strings_and_comments_do_not_end_a_rule() -> None:
    css = '.md-nav:after{content:"}{"}/* } */.md-version{a:"}"}.md-nav{x:url("data:a;b{")}'
    assert trim(css, USED) == '.md-nav:after{content:"}{"}.md-nav{x:url("data:a;b{")}'


def test_the_source_map_link_goes_with_the_rules_it_described() -> None:
    assert trim(".md-nav{a:1}\n/*# sourceMappingURL=main.min.css.map */", USED) == ".md-nav{a:1}"


def test_the_site_words_come_from_pages_and_scripts_only(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<nav class="md-nav md-nav--x">', encoding="utf-8")
    (tmp_path / "s.js").write_text('el.classList.add("md-dialog--active")', encoding="utf-8")
    (tmp_path / "lunr").mkdir()
    (tmp_path / "lunr" / "lunr.tr.js").write_text("tabbed-set", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("md-version", encoding="utf-8")
    found = site_words(tmp_path)
    assert {"md-nav", "md-nav--x", "md-dialog--active", "nav"} <= found
    assert "tabbed-set" not in found and "md-version" not in found


def test_same_words_same_bytes() -> None:
    css = ".md-nav{a:1}.b,.md-search{c:2}@media print{.md-nav{d:3}}"
    assert trim(css, set(USED)) == trim(css, set(sorted(USED, reverse=True)))
