"""The fact audit: literal facts, checked plays, drift between languages, unused scenarios, front matter.

The examples are the mutants issue 11 typed into the shipped pages: each must be found at its line.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavla_docs.site.audit.project import audit_project, split_front_matter
from tavla_docs.site.audit.scan import scan_page

ROOT = Path(__file__).resolve().parents[2]


def statuses(text: str, lang: str = "tr") -> list[tuple[str, str, str]]:
    return [(f.status, f.kind, f.text) for f in scan_page(text, lang)]


@pytest.mark.parametrize(("text", "found"), [
    ("Onu toplayan atışlar: 27/36.", ("literal", "number", "27/36")),
    ("Altı {{ s.show }} oynanır", ("literal", "word", "Altı")),
    ("önce {{ play(\"9/4\") }}", ("literal", "play", "9/4")),
    ("mars olursunuz, 3 puan", ("literal", "number", "3")),
    ("6-5 geldi", ("literal", "roll", "6-5")),
    ("`bar/21` kapalı", ("literal", "play", "bar/21")),
    ("küp 128'e kadar", ("literal", "number", "128")),
    ("| 2. hane | x |", ("literal", "number", "2")),
    ("{{ 15 }} pul", ("literal", "number", "15")),
    ("{% set n = '6-5' %}{{ n }}", ("literal", "roll", "6-5")),
    ("{{ diagram('a', caption='24 of 36 rolls') }}", ("literal", "number", "24")),
    ("dördüncü sıradan sonra", ("literal", "word", "dördüncü")),
])
def test_literal_facts_are_found(text, found):
    assert found in statuses(text)


def test_english_number_words():
    assert ("literal", "word", "four") in statuses("A double is played as four moves.", "en")
    assert statuses("the first player; one checker; bear off", "en") == []


@pytest.mark.parametrize("text", [
    "{{ s.odds.bears_off }}", "{{ rules('tavla').checkers }}", "{{ s.show.moves[0].die.Words }}",
    "{{ diagram('bear-off/mid-move') }}", "{{ x|length|words }}",
])
def test_helper_values_are_computed(text):
    assert [s for s, _, _ in statuses(text)] == ["computed"]


def test_links_tags_and_attributes_are_not_text():
    assert statuses("[sayfa](rules.md#kural-2) <span data-x=\"3\">a</span> {: #id-4 } <!-- 5 -->") == []


def test_a_play_with_a_position_is_checked_and_keyed():
    (f,) = scan_page('{% set s = scenario("a") %}{{ play("9/3", at="a") }}', "tr")
    assert (f.status, f.scenario, f.key) == ("checked", "a", "play('9/3', at='a')")


def test_keys_resolve_set_names_and_drop_print_forms():
    tr = scan_page('{% set s = scenario("a") %}{{ s.roll.high.words }}', "tr")
    en = scan_page('{% set t = scenario("a") %}{{ t.roll.high }}', "en")
    assert tr[0].key == en[0].key == "scenario('a').roll.high"


def test_lines_and_columns_are_those_of_the_file():
    found = scan_page("a\nb {{ s.x }} c 15", "tr", first_line=4)
    assert [(x.status, x.line, x.col) for x in found] == [("computed", 5, 3), ("literal", 5, 15)]


def project(tmp_path: Path, tr: str, en: str, scenarios: dict[str, str] | None = None) -> Path:
    for lang, text in (("tr", tr), ("en", en)):
        (tmp_path / "content" / lang).mkdir(parents=True, exist_ok=True)
        (tmp_path / "content" / lang / "p.md").write_text(text, encoding="utf-8")
    (tmp_path / "scenarios").mkdir(exist_ok=True)
    for name, text in (scenarios or {}).items():
        (tmp_path / "scenarios" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def run(root: Path, strict: bool = True):
    return audit_project(root, root / "content", root / "scenarios", ["tr", "en"], strict=strict)


SCEN = ("variant: tavla\nposition:\n  white: {6: 1}\n  black: {19: 15}\nturn: white\n"
        "caption:\n  tr: \"Son pul 6. hanede.\"\n  en: \"The last checker is on the {{ s.pips.white }}-point.\"\n")


def test_drift_names_both_files(tmp_path):
    root = project(tmp_path, '{{ rules().checkers }} pul, {{ rules().dice }} zar', '{{ rules().checkers }} checkers')
    audit = run(root)
    (p,) = [p for p in audit.problems if p.rule == "drift"]
    assert p.path.endswith("content/tr/p.md") and "content/en/p.md" in p.message and (p.line, p.col) == (1, 29)


def test_unused_scenarios_and_test_only(tmp_path):
    root = project(tmp_path, "a", "a", {"used": SCEN, "idle": SCEN, "kept": SCEN + 'test_only: "cross-checks a table"\n'})
    (tmp_path / "content" / "tr" / "p.md").write_text('{{ diagram("used") }}', encoding="utf-8")
    (tmp_path / "content" / "en" / "p.md").write_text('{{ diagram("used") }}', encoding="utf-8")
    audit = run(root)
    assert [p.path.rsplit("/", 1)[-1] for p in audit.problems if p.rule == "unused"] == ["idle.yaml"]


def test_captions_are_audited_at_their_line(tmp_path):
    root = project(tmp_path, '{{ diagram("used") }}', '{{ diagram("used") }}', {"used": SCEN})
    audit = run(root)
    caps = [p for p in audit.problems if p.rule == "literal"]
    assert [(p.path.rsplit("/", 1)[-1], p.line, p.col) for p in caps] == [("used.yaml", 7, 16)]
    assert "the number '6' is typed" in caps[0].message


def test_front_matter_that_does_not_parse(tmp_path):
    root = project(tmp_path, "---\ntitle: A\ndescription: The rules: all of them\n---\nx", "---\ntitle: B\n---\nx")
    (p,) = [p for p in run(root).problems if p.rule == "front-matter"]
    assert p.path.endswith("content/tr/p.md") and p.line == 3 and "does not parse" in p.message
    assert split_front_matter("---\na: 1\n---\nbody")[1:] == ("body", 4)


def test_strictness_decides_the_severity(tmp_path):
    root = project(tmp_path, "15 pul", "15 checkers")
    assert {p.severity for p in run(root, strict=True).problems} == {"error"}
    assert {p.severity for p in run(root, strict=False).problems} == {"warning"}


def test_the_cli_lists_and_fails(cli, tmp_path):
    root = project(tmp_path, "15 pul", "{{ rules().checkers }} checkers")
    (root / "mkdocs.yml").write_text("site_name: t\ndocs_dir: content\nstrict: true\n", encoding="utf-8")
    r = cli("audit", "--config", str(root / "mkdocs.yml"))
    assert r.returncode == 1
    assert "content/tr/p.md:1:1: error: the number '15' is typed" in r.stdout
    r = cli("audit", "--config", str(root / "mkdocs.yml"), "--json", "--no-strict")
    data = json.loads(r.stdout)
    assert data["totals"]["literal"] == 1 and data["totals"]["computed"] == 1 and r.returncode == 1  # drift is an error


def test_terminology_is_part_of_the_audit(tmp_path):
    root = project(tmp_path, "Beyaz taşlarını toplar.", "White bears off.")
    (p,) = [p for p in run(root).problems if p.rule == "term"]
    assert p.path.endswith("content/tr/p.md") and (p.line, p.col) == (1, 7) and "'pul'" in p.message


def test_the_project_catalogs_and_diagram_words_use_the_site_vocabulary(tmp_path):
    from tavla_docs.site.audit.project import vocabulary_problems
    assert vocabulary_problems(["tr", "en"], str, "error") == []


def test_a_pages_findings_are_remembered_by_its_text_and_cannot_be_changed_by_a_caller():
    """Under `mkdocs serve` every save re-audits the site: unchanged pages must not be parsed again,
    and the remembered findings must be the same values whatever an earlier caller did with its list."""
    from tavla_docs.site.audit.scan import _scan_page

    text = "# Başlık\nAltı {{ s.roll }} ve 15 pul."
    first = scan_page(text, "tr")
    hits = _scan_page.cache_info().hits
    first.clear()  # a caller's own list
    again = scan_page(text, "tr")
    assert _scan_page.cache_info().hits == hits + 1
    assert [(f.status, f.kind, f.text) for f in again] == [("literal", "word", "Altı"), ("computed", "fact", "s.roll"),
                                                          ("literal", "number", "15")]
    changed = scan_page(text.replace("15", "{{ rules().checkers }}"), "tr")
    assert [f.status for f in changed] == ["literal", "computed", "computed"]


def test_an_audit_after_each_save_sees_the_save(tmp_path):
    """A serve process audits after every save and remembers what it parsed and found by the
    files' bytes: each edit of a caption, a page's raw HTML or its front matter shows in the next
    audit, and undoing it takes the problem away again (the same process, no cache folder)."""
    root = project(tmp_path, '{{ diagram("used") }}', '{{ diagram("used") }}', {"used": SCEN})
    scen, page = root / "scenarios" / "used.yaml", root / "content" / "tr" / "p.md"

    def rules() -> list[tuple[str, int]]:
        return [(p.rule, p.line) for p in run(root).problems]

    before = rules()
    assert ("literal", 7) in before
    scen.write_text(SCEN.replace("Son pul 6. hanede.", "Son pul en geride."), encoding="utf-8")
    assert ("literal", 7) not in rules()
    page.write_text('{{ diagram("used") }}\n<script>x()</script>', encoding="utf-8")
    assert ("raw-html", 2) in rules()
    page.write_text('---\ntitle: a: b\n---\n{{ diagram("used") }}', encoding="utf-8")
    assert ("front-matter", 2) in rules() and ("raw-html", 2) not in rules()
    page.write_text('{{ diagram("used") }}', encoding="utf-8")
    scen.write_text(SCEN, encoding="utf-8")
    assert rules() == before
