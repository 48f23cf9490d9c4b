"""Every file whose words reach a page keys the page's cached render: an edit to it shows in the
next build, with the same cache folder (`SiteRenderer.data_inputs`, `cache.code_fingerprint`).

The red team found a msgstr edit that the pages did not show until the cache was emptied: the
catalogs' folder (`locales_dir`, given to the renderer or the Markdown extension) and the
glossary file were not part of the key when they lay outside the package. Each input kind is
edited here between two builds (real builds of a new project where the plugin reads the input,
the renderer itself where only the renderer's options point at it), and the second build must
show the new text.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tavla_docs.languages import registry
from tavla_docs.site import glossary, i18n
from tavla_docs.site.env import PARTIALS_DIR
from tavla_docs.site.renderer import SiteRenderer

FIGURE_TR = 'msgid "Figure %(num)d"\nmsgstr "Şekil %(num)d"'


@pytest.fixture(autouse=True)
def _forget_project_languages():
    yield
    registry.use_project(None)  # the registry is per process: later tests see the package's languages only


def _new_site(cli, tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "user-cache"))
    assert cli("new", "site", "rules", "--lang", "tr,en", cwd=tmp_path).returncode == 0
    return tmp_path / "rules"


def _own_catalogs(proj: Path) -> None:
    """The package's catalogs copied into the project, used through `locales_dir: locales`."""
    for lang in ("tr", "en"):
        target = i18n.po_path(lang, proj / "locales")
        target.parent.mkdir(parents=True)
        shutil.copyfile(i18n.po_path(lang), target)
    config = proj / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("      default_language: tr\n", "      default_language: tr\n      locales_dir: locales\n"),
                      encoding="utf-8")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _build(cli, proj: Path) -> tuple[str, str]:
    r = cli("build", "-q", cwd=proj)
    assert r.returncode == 0, r.stderr
    return (proj / "site" / "index.html").read_text(encoding="utf-8"), r.stderr


def test_a_msgstr_edited_in_the_projects_catalog_shows_in_the_next_build(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    _own_catalogs(proj)
    first, _ = _build(cli, proj)
    assert "Şekil\u00a01." in first
    _edit(i18n.po_path("tr", proj / "locales"), FIGURE_TR, 'msgid "Figure %(num)d"\nmsgstr "Çizim %(num)d"')
    second, _ = _build(cli, proj)
    assert "Çizim\u00a01." in second and "Şekil\u00a01." not in second
    assert "Figure\u00a01." in (proj / "site" / "en" / "index.html").read_text(encoding="utf-8")


def test_a_partial_edited_in_the_project_shows_in_the_next_build(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    (proj / "templates").mkdir()
    shutil.copyfile(PARTIALS_DIR / "figure.html", proj / "templates" / "figure.html")
    first, _ = _build(cli, proj)
    assert 'class="tavla-figure__number"' in first
    _edit(proj / "templates" / "figure.html", 'class="tavla-figure__number"', 'class="tavla-figure__number own"')
    second, _ = _build(cli, proj)
    assert 'class="tavla-figure__number own"' in second


def _renderer(root: Path, **options) -> SiteRenderer:
    return SiteRenderer(root, cache_dir=".cache", **options)


def _fresh_render(root: Path, source: str, lang: str = "tr", **options) -> tuple[str, int]:
    """A page rendered by a new renderer on the same cache folder (as the next build would): its
    Markdown and fragments, and how many cache entries it missed."""
    r = _renderer(root, **options)
    page = r.render_page(source, path="x.md", lang=lang)
    return page.markdown + "".join(page.fragments[k] for k in sorted(page.fragments)), r.cache.misses


def test_the_catalogs_folder_given_to_the_renderer_keys_its_renders(tmp_path) -> None:
    # The Markdown extension's `locales_dir` (Zensical) and the red team's fixture put the
    # catalogs outside the package: before the fix, the edit below stayed invisible.
    shutil.copytree(i18n.LOCALES_DIR, tmp_path / "locales")
    page = '{{ rules_summary(["tavla", "backgammon"]) }}'
    first, _ = _fresh_render(tmp_path, page, locales_dir=tmp_path / "locales")
    assert "Zıt yönlerde" in first
    _edit(i18n.po_path("tr", tmp_path / "locales"), 'msgstr "Zıt yönlerde"', 'msgstr "Karşılıklı yönlerde"')
    second, missed = _fresh_render(tmp_path, page, locales_dir=tmp_path / "locales")
    assert "Karşılıklı yönlerde" in second and "Zıt yönlerde" not in second and missed
    again, missed = _fresh_render(tmp_path, page, locales_dir=tmp_path / "locales")
    assert again == second and missed == 0  # unchanged inputs: the cache answers


def test_the_glossary_file_keys_its_renders(tmp_path, monkeypatch) -> None:
    own = tmp_path / "glossary.yaml"
    shutil.copyfile(glossary.GLOSSARY_FILE, own)
    monkeypatch.setattr(glossary, "GLOSSARY_FILE", own)  # what the red team's runner does with its copy
    first, _ = _fresh_render(tmp_path, '{{ glossary("board") }}')
    term = "kapı"
    assert term in first
    text = own.read_text(encoding="utf-8")
    own.write_text(text.replace(term, "geçit"), encoding="utf-8")
    second, missed = _fresh_render(tmp_path, '{{ glossary("board") }}')
    assert "geçit" in second and missed


def test_the_projects_language_entries_key_its_renders(tmp_path) -> None:
    r = _renderer(tmp_path)
    before = r.fingerprint
    (tmp_path / registry.PROJECT_FOLDER).mkdir()
    shutil.copyfile(Path(registry.__file__).parent / "en.yaml", tmp_path / registry.PROJECT_FOLDER / "en.yaml")
    assert _renderer(tmp_path).fingerprint != before
    _edit(tmp_path / registry.PROJECT_FOLDER / "en.yaml", "name: English", "name: English (UK)")
    assert _renderer(tmp_path).fingerprint not in (before, r.fingerprint)


def test_the_scenario_folder_keys_a_page(tmp_path) -> None:
    for folder, caption in (("a", "From folder a."), ("b", "From folder b.")):
        (tmp_path / folder / "t").mkdir(parents=True)
        (tmp_path / folder / "t" / "one.yaml").write_text(
            "variant: tavla\nposition: {white: {6: 1}, black: {19: 1}}\nturn: white\n"
            f"caption:\n  tr: \"{caption}\"\n  en: \"{caption}\"\n", encoding="utf-8")
    a, _ = _fresh_render(tmp_path, '{{ diagram("t/one") }}', scenarios_dir="a")
    b, _ = _fresh_render(tmp_path, '{{ diagram("t/one") }}', scenarios_dir="b")
    assert "From folder a." in a and "From folder b." in b
