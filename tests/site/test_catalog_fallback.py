"""A project's catalog is looked in first, the package's catalog of the same language next, the
msgid last (gettext's fallback chain, `i18n.catalog_folders` and `i18n.catalog_chain`), and
what a project catalog lacks is reported by the build and by `tavla-docs translations`.

A project catalog is written against one release of tavla-docs; the messages a later release
adds used to print as the English msgid on Turkish pages (the red team saw English reasons
there). Now they print in the package's Turkish, and the report names the file and the msgid.
"""
from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.site import catalogstatus, i18n

from .test_cache_inputs import _build, _edit, _new_site, _own_catalogs

FIGURE_TR = 'msgid "Figure %(num)d"\nmsgstr "Şekil %(num)d"\n'


def _po(lang: str, entries: str) -> str:
    return (f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            f'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n{textwrap.dedent(entries)}')


def _write(folder: Path, lang: str, text: str) -> Path:
    path = i18n.po_path(lang, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_each_message_comes_from_the_first_catalog_that_has_it(tmp_path: Path) -> None:
    project, package = tmp_path / "project", tmp_path / "package"
    _write(project, "tr", _po("tr", """\
        msgid "Dice"
        msgstr "Zarlar (proje)"

        #, fuzzy
        msgid "Undo"
        msgstr "Geri al (bulanık)"

        msgid "%(num)d checker"
        msgid_plural "%(num)d checkers"
        msgstr[0] "%(num)d pul (proje)"
        msgstr[1] ""
        """))
    _write(package, "tr", _po("tr", """\
        msgid "Dice"
        msgstr "Zarlar"

        msgid "Undo"
        msgstr "Geri al"

        msgid "Reset"
        msgstr "Baştan başla"

        msgid "%(num)d checker"
        msgid_plural "%(num)d checkers"
        msgstr[0] "%(num)d pul"
        msgstr[1] "%(num)d pul"
        """))
    (package / "messages.pot").write_text('msgid "Dice"\nmsgstr ""\n\nmsgid "Reset"\nmsgstr ""\n', encoding="utf-8")
    folders = i18n.catalog_folders("tr", project, package)
    assert folders == (project, package)
    t = i18n.catalog_chain("tr", folders)
    assert t.gettext("Dice") == "Zarlar (proje)"  # the project's own wording wins
    assert t.gettext("Reset") == "Baştan başla"  # absent in the project's: the package's
    assert t.gettext("Undo") == "Geri al"  # fuzzy in the project's: never shown, the package's instead
    assert t.ngettext("%(num)d checker", "%(num)d checkers", 3) == "%(num)d pul"  # one form empty: the package's
    assert t.gettext("Not anywhere") == "Not anywhere"  # the msgid last
    # a language only the project has: its catalog, then the msgid
    _write(project, "el", _po("el", 'msgid "Dice"\nmsgstr "Ζάρια"\n'))
    assert i18n.catalog_folders("el", project, package) == (project,)
    el = i18n.catalog_chain("el", i18n.catalog_folders("el", project, package))
    assert (el.gettext("Dice"), el.gettext("Reset")) == ("Ζάρια", "Reset")
    # the package's translations are not changed by the chain they are in
    assert i18n.catalog("tr", package).gettext("Dice") == "Zarlar"
    lacks = catalogstatus.project_lacks("el", project, package)
    assert catalogstatus.Lack((None, "Reset"), "msgid") in lacks
    lines = catalogstatus.lack_lines("el", "el.po", lacks, "messages.pot")
    assert [fails for fails, _ in lines] == [True]  # shown as the msgid: a strict build fails on it


def test_a_message_the_projects_catalog_lacks_shows_in_the_packages_turkish(cli, tmp_path, monkeypatch) -> None:
    proj = _new_site(cli, tmp_path, monkeypatch)
    _own_catalogs(proj)
    _edit(i18n.po_path("tr", proj / "locales"), FIGURE_TR, "")  # a catalog older than this message
    html, stderr = _build(cli, proj)  # a strict site: the page reads right, so it still builds
    assert "Şekil\u00a01." in html and "Figure\u00a01." not in html
    po = Path("locales/tr/LC_MESSAGES/messages.po")
    assert (f"{po}: warning: 1 message of the template not in this catalog; pages in 'tr' show the "
            "package's translation: \"Figure %(num)d\"") in stderr
    assert "locales/en/LC_MESSAGES/messages.po: warning" not in stderr  # the English catalog is whole


def test_the_report_names_the_file_and_the_msgid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mkdocs.yml").write_text(textwrap.dedent("""\
        site_name: T
        docs_dir: content
        plugins:
          - tavla-docs:
              languages: {tr: Türkçe, en: English}
              default_language: tr
              locales_dir: locales
        """), encoding="utf-8")
    for lang in ("tr", "en"):
        (tmp_path / "content" / lang).mkdir(parents=True)
    shutil.copytree(i18n.LOCALES_DIR / "tr", tmp_path / "locales" / "tr")  # no template of its own: the package's
    _edit(i18n.po_path("tr", tmp_path / "locales"), FIGURE_TR, "")
    monkeypatch.chdir(tmp_path)
    assert main(["translations", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["languages"]
    assert report["tr"]["lacks"] == [{"context": None, "msgid": "Figure %(num)d", "shown": "package"}]
    assert report["tr"]["catalog"]["missing"] == [{"context": None, "msgid": "Figure %(num)d"}]
    assert report["en"]["lacks"] == [] and report["en"]["catalog"]["path"].endswith(
        "tavla_docs/site/locales/en/LC_MESSAGES/messages.po")  # no project catalog: the package's is used
    assert main(["translations"]) == 0
    out = capsys.readouterr().out
    assert ('  locales/tr/LC_MESSAGES/messages.po: missing: "Figure %(num)d"; pages show the package\'s '
            "translation") in out.splitlines()
    # --check fails on the gap as on any untranslated message, with the fix for the project's folder
    assert main(["translations", "--check"]) == 1
    err = capsys.readouterr().err
    assert "locales/tr/LC_MESSAGES/messages.po: error: 1 message of the template not translated" in err
    assert "-d locales --no-fuzzy-matching" in err


def test_the_markdown_extensions_locales_dir_is_the_same_chain(tmp_path: Path) -> None:
    """Zensical loads only the extension: its `locales_dir` reads as the plugin's does, so the pages
    it renders are the ones `tavla-docs audit` rendered and vouched for."""
    from tavla_docs.site.extension import TavlaExtension

    _write(tmp_path / "locales", "tr", _po("tr", 'msgid "Dice"\nmsgstr "Zarlar (proje)"\n'))
    r = TavlaExtension(root=str(tmp_path), locales_dir="locales", cache_dir="").site_renderer()
    t = r.translations("tr")
    assert (t.gettext("Dice"), t.gettext("Figure %(num)d")) == ("Zarlar (proje)", "Şekil %(num)d")
    assert r.translations("en").gettext("Figure %(num)d") == "Figure %(num)d"  # no project catalog: the package's
    assert TavlaExtension(root=str(tmp_path), cache_dir="").site_renderer().project_locales is None
