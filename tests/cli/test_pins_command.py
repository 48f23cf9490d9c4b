"""`tavla-docs pins` and the build's pin gate (`min_pin_score`), on small fixture projects."""
from __future__ import annotations

import shutil
from pathlib import Path

from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "scenario" / "pins"
CONFIG = """site_name: small
docs_dir: content
site_dir: site
strict: true
theme: {name: material, font: false, language: tr}
extra:
  alternate:
    - {name: Türkçe, link: /, lang: tr}
    - {name: English, link: /en/, lang: en}
plugins:
  - tavla-docs:
      languages: {tr: Türkçe, en: English}
      nav_order: [index.md]
"""
PAGE = '---\ntitle: {t}\n---\n# {t}\n\n{{{{ diagram("ex/figure") }}}}\n'


def project(dest: Path, scenario: str, extra: str = "") -> Path:
    """A site with one page per language drawing `scenarios/ex/figure.yaml` (a copy of a fixture)."""
    dest.mkdir(parents=True)
    (dest / "mkdocs.yml").write_text(CONFIG + extra, encoding="utf-8")
    for lang, title in (("tr", "Ana sayfa"), ("en", "Home")):
        (dest / "content" / lang).mkdir(parents=True)
        (dest / "content" / lang / "index.md").write_text(PAGE.format(t=title), encoding="utf-8")
    (dest / "scenarios" / "ex").mkdir(parents=True)
    shutil.copy(FIXTURES / scenario, dest / "scenarios" / "ex" / "figure.yaml")
    shutil.copytree(PROJECT / "templates", dest / "templates")
    return dest


def test_pins_reports_loose_checkers_and_fails_below_the_minimum(cli, tmp_path: Path) -> None:
    proj = project(tmp_path / "p", "loose.yaml")
    r = cli("pins", cwd=proj)
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("scenarios/ex/figure.yaml:5:11: warning: Black's checkers on point 19 are pinned by no claim")
    assert lines[1] == "    hint: add `pips: {white: 10, black: 75}` under expect: (the pip counts pin every checker), " \
                       "or a `point:` claim for this one"
    assert lines[-1] == ("pins: 4 of 10 checker moves noticed by a claim (40.0 %), 3 loose checker sets in 1 scenario; "
                         "below the minimum of 100 %")
    assert cli("pins", "--min-score", "40", cwd=proj).returncode == 0
    assert cli("pins", "-q", "--min-score", "40", cwd=proj).stdout.splitlines()[-1].startswith("    hint:")


def test_the_sites_minimum_comes_from_mkdocs_yml_and_a_bad_one_is_located(cli, tmp_path: Path) -> None:
    proj = project(tmp_path / "p", "loose.yaml", "      min_pin_score: 40\n")
    r = cli("pins", cwd=proj)
    assert r.returncode == 0 and r.stdout.endswith("at or above the minimum of 40 %\n"), r.stdout
    (proj / "mkdocs.yml").write_text(CONFIG + "      min_pin_score: lots\n", encoding="utf-8")
    r = cli("pins", "--config", str(proj / "mkdocs.yml"), cwd=tmp_path)
    assert r.returncode == 1 and "mkdocs.yml:14:7: error: min_pin_score: 'lots' is not a percentage 0–100" in r.stderr
    assert "Traceback" not in r.stderr


def test_the_strict_build_fails_on_loose_checkers_where_they_are(cli, tmp_path: Path) -> None:
    proj = project(tmp_path / "p", "loose.yaml")
    build = ("build", "-q", "--config", str(proj / "mkdocs.yml"), "--site-dir", str(tmp_path / "site"))
    r = cli(*build, cwd=proj)
    assert r.returncode == 1
    assert "scenarios/ex/figure.yaml:5:11: error: Black's checkers on point 19 are pinned by no claim" in r.stderr, r.stderr
    assert "below the minimum of 100 %" in r.stderr and "Traceback" not in r.stderr
    text = (proj / "scenarios" / "ex" / "figure.yaml").read_text(encoding="utf-8")
    (proj / "scenarios" / "ex" / "figure.yaml").write_text(
        text.replace("  plays: 2\n", "  plays: 2\n  pips: {white: 10, black: 75}\n"), encoding="utf-8")
    r = cli(*build, cwd=proj)
    assert r.returncode == 0, r.stderr


def test_a_lower_minimum_lets_the_build_pass(cli, tmp_path: Path) -> None:
    proj = project(tmp_path / "p", "loose.yaml", "      min_pin_score: 40\n")
    r = cli("build", "-q", "--config", str(proj / "mkdocs.yml"), "--site-dir", str(tmp_path / "site"), cwd=proj)
    assert r.returncode == 0, r.stderr
