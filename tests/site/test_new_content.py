"""Issue 25's promise: a page added by `tavla-docs new page` with good content passes `make test`.

In a copy of the project (its config, pages, partials and scenarios, in a temporary folder) an
author runs `tavla-docs new page` and `tavla-docs new scenario`, draws the scenario on the page
and prints its facts; then everything the suite checks about an author's content runs on that
copy: the scenario check, `tavla-docs pins` at the site's minimum, the strict build (audit, pin
gate, nav_last), the home page's list, and every claim of the new scenario being load-bearing.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.scenario.test_mutation import fails, mutants, read
from tests.site.test_home_list import assert_home_lists_every_page, nav_order

PAGE = {
    "en": ("A first roll", "What the opening roll can do.",
           '{% set s = scenario("opening/first-roll") %}\n'
           "From the starting position, {{ s.roll }} can be played in {{ s.plays }} different ways.\n\n"
           '{{ diagram("opening/first-roll") }}\n'),
    "tr": ("İlk zar", "Açılış zarıyla neler oynanabilir.",
           '{% set s = scenario("opening/first-roll") %}\n'
           "Başlangıç dizilişinde {{ s.roll }}, {{ s.plays }} farklı biçimde oynanabilir.\n\n"
           '{{ diagram("opening/first-roll") }}\n'),
}
CAPTION = {"en": "{{ s.roll }}: White plays {{ s.show }}.", "tr": "{{ s.roll }}: Beyaz {{ s.show }} oynar."}


@pytest.fixture(scope="module")
def authored(tmp_path_factory: pytest.TempPathFactory, project_copy) -> Path:
    """The project copy with the author's new page and scenario, written through the CLI."""
    from tavla_docs.cli.main import main

    proj = project_copy(tmp_path_factory.mktemp("authored") / "project")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(proj)
        assert main(["new", "page", "first-roll", "--title", f"tr={PAGE['tr'][0]}", "--title",
                     f"en={PAGE['en'][0]}"]) == 0
        assert main(["new", "scenario", "opening/first-roll", "6-4"]) == 0
    scenario = proj / "scenarios" / "opening" / "first-roll.yaml"
    text = scenario.read_text(encoding="utf-8")
    text = re.sub(r"^# show: ", "show: ", text, flags=re.MULTILINE)  # the play the template offers
    for lang, caption in CAPTION.items():
        text = re.sub(rf'^  {lang}: ".*"$', f'  {lang}: "{caption}"', text, flags=re.MULTILINE)
    scenario.write_text(text, encoding="utf-8")
    for lang, (title, about, body) in PAGE.items():
        page = proj / "content" / lang / "first-roll.md"
        draft = page.read_text(encoding="utf-8")
        front = draft.split("---\n")[1]
        front = re.sub(r"^description: .*$", f"description: {about}", front, flags=re.MULTILINE)
        page.write_text(f"---\n{front}---\n# {title}\n\n{body}", encoding="utf-8")
    return proj


def test_the_new_scenario_checks_and_pins_every_checker(authored: Path, cli) -> None:
    r = cli("check", "scenarios/opening/first-roll.yaml", cwd=authored)
    assert r.returncode == 0, r.stdout
    r = cli("pins", "scenarios/opening/first-roll.yaml", "--min-score", "100", cwd=authored)
    assert r.returncode == 0 and "(100.0 %)" in r.stdout, r.stdout
    r = cli("pins", cwd=authored)  # the whole site, at its own minimum
    assert r.returncode == 0, r.stdout


def test_every_claim_of_the_new_scenario_is_load_bearing(authored: Path) -> None:
    doc = read(authored / "scenarios" / "opening" / "first-roll.yaml")
    assert not fails(doc)
    made = list(mutants(doc))
    assert made and not [what for what, m in made if not fails(m)]


def test_the_strict_build_passes_with_the_new_page(authored: Path, tmp_path: Path) -> None:
    from tavla_docs.cli.commands.build import build_site

    assert nav_order(authored)[-2:] == ["first-roll.md", "glossary.md"]  # new pages go before nav_last
    out, plugin = build_site(authored / "mkdocs.yml", tmp_path / "site", quiet=True)
    assert_home_lists_every_page(out, authored)
    for prefix in ("", "en/"):
        html = (out / prefix / "first-roll" / "index.html").read_text(encoding="utf-8")
        assert "<svg" in html and "6-4" in html
