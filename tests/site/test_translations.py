"""The translators' workflow: messages.pot current with the code, catalogs in step with it, and
`tavla-docs translations` reporting exactly the gaps planted in a small project."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tavla_docs.cli.main import main
from tavla_docs.diagram.words import PINNER, WORDS
from tavla_docs.site import catalogstatus as cs
from tavla_docs.site import i18n
from tavla_docs.site.facts.numerals import CONJUNCTIONS

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = cs.template_path(i18n.LOCALES_DIR)


def test_the_committed_template_is_what_pybabel_extract_finds() -> None:
    assert cs.extraction_config(ROOT)
    assert cs.template_problem(ROOT, TEMPLATE) is None


def test_the_template_has_the_reasons_the_word_tables_and_the_marked_plurals() -> None:
    from tavla_docs.engine.reasons import MESSAGES

    keys = set(cs.messages(cs.read_template(TEMPLATE)))
    assert {(None, m) for m in MESSAGES.values()} <= keys
    assert {(f"diagram:{k}", v) for k, v in WORDS["en"].items()} <= keys
    assert {("pinner:white", "White"), ("list:or", "or")} <= keys
    plural = cs.messages(cs.read_template(TEMPLATE))[(None, "Goal: bear off %(num)d checker.")]
    assert plural.id == ("Goal: bear off %(num)d checker.", "Goal: bear off %(num)d checkers.")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_catalog_is_in_step_with_the_template(lang: str) -> None:
    status = cs.catalog_status(lang, i18n.LOCALES_DIR, cs.read_template(TEMPLATE))
    assert cs.catalog_problems(status, TEMPLATE) == []
    assert status.translated == len(cs.messages(cs.read_template(TEMPLATE)))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_word_tables_and_their_catalog_entries_say_the_same(lang: str) -> None:
    # The figures read the tables; the catalogs carry the same words for translators (docs/authoring.md).
    # Turkish and English keep their tables in code; a registered language (Greek) in its entry.
    from tavla_docs.diagram.words import words
    from tavla_docs.languages import registry

    t = i18n.catalog(lang)
    entry = registry.get(lang)
    tables = {"diagram": words(lang), "pinner": PINNER.get(lang, entry.pinner),
              "list": CONJUNCTIONS.get(lang, entry.conjunctions)}
    for context, table in (("diagram", WORDS), ("pinner", PINNER), ("list", CONJUNCTIONS)):
        for key, english in table["en"].items():
            own = tables[context]
            expected = own.get(key, own.get(key.removesuffix("_one")))
            assert t.pgettext(f"{context}:{key}", english) == expected, (context, key)


POT = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Dice"
msgstr ""

msgid "Undo"
msgstr ""

msgctxt "diagram:white"
msgid "White"
msgstr ""
"""


def _po(lang: str, entries: str) -> str:
    return (f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            f'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n{textwrap.dedent(entries)}')


TR = _po("tr", """\
    msgid "Dice"
    msgstr "Zarlar"

    msgid "Undo"
    msgstr "Geri al"

    msgctxt "diagram:white"
    msgid "White"
    msgstr "Beyaz"
    """)


def _project(tmp_path: Path, en_po: str) -> Path:
    (tmp_path / "mkdocs.yml").write_text(textwrap.dedent("""\
        site_name: T
        docs_dir: content
        plugins:
          - tavla-docs:
              languages: {tr: Türkçe, en: English}
              default_language: tr
              locales_dir: locales
        """), encoding="utf-8")
    for lang, text in (("tr", TR), ("en", en_po)):
        d = tmp_path / "locales" / lang / "LC_MESSAGES"
        d.mkdir(parents=True)
        (d / "messages.po").write_text(text, encoding="utf-8")
    (tmp_path / "locales" / "messages.pot").write_text(POT, encoding="utf-8")
    for lang in ("tr", "en"):
        (tmp_path / "content" / lang).mkdir(parents=True)
    for name in ("a", "b", "c"):
        (tmp_path / "content" / "tr" / f"{name}.md").write_text(f"# {name.upper()}\n\nKaynak.\n", encoding="utf-8")
    for name in ("a", "b"):
        (tmp_path / "content" / "en" / f"{name}.md").write_text(f"# {name.upper()}\n\nSource.\n", encoding="utf-8")
    (tmp_path / "scenarios" / "t").mkdir(parents=True)
    (tmp_path / "scenarios" / "t" / "one.yaml").write_text(textwrap.dedent("""\
        variant: tavla
        position: {white: {6: 1}, black: {19: 1}}
        turn: white
        caption:
          tr: "Bir pul."
          en: "One checker."
        """), encoding="utf-8")
    (tmp_path / "scenarios" / "t" / "two.yaml").write_text(textwrap.dedent("""\
        variant: tavla
        position: {white: {6: 1}, black: {19: 1}}
        turn: white
        caption:
          tr: "İki pul."
        """), encoding="utf-8")
    return tmp_path / "mkdocs.yml"


EN_ONE_MISSING = _po("en", """\
    msgid "Dice"
    msgstr "Dice"

    msgctxt "diagram:white"
    msgid "White"
    msgstr "White"
    """)


def _report(config: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["translations", "--config", str(config), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_planted_gap_is_reported_exactly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, EN_ONE_MISSING)
    monkeypatch.chdir(tmp_path)
    assert main(["translations", "--config", "mkdocs.yml", "--record", "content/en/a.md", "content/en/b.md"]) == 0
    capsys.readouterr()
    assert (tmp_path / "content/en/a.md").read_text(encoding="utf-8").startswith("---\nsource_hash: ")
    (tmp_path / "content/tr/b.md").write_text("# B\n\nKaynak değişti.\n", encoding="utf-8")  # the source moves on
    en = _report(config, capsys)["languages"]["en"]
    assert en["catalog"] == {"path": "locales/en/LC_MESSAGES/messages.po", "translated": 2, "fuzzy": [],
                             "missing": [{"context": None, "msgid": "Undo"}], "obsolete": []}
    assert en["pages"]["untranslated"] == ["content/en/c.md"]
    assert [s["page"] for s in en["pages"]["stale"]] == ["content/en/b.md"]
    assert en["pages"]["unrecorded"] == []
    assert en["captions"]["untranslated"] == [{"file": "scenarios/t/two.yaml", "line": 5, "key": "caption"}]
    tr = _report(config, capsys)["languages"]["tr"]
    assert tr["catalog"]["translated"] == 3 and tr["catalog"]["missing"] == [] and tr["captions"]["untranslated"] == []
    # Recording again after the translation is revised: no longer stale.
    assert main(["translations", "--config", "mkdocs.yml", "--record", "content/en/b.md"]) == 0
    capsys.readouterr()
    assert _report(config, capsys)["languages"]["en"]["pages"]["stale"] == []


def test_check_fails_with_one_line_per_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fuzzy = EN_ONE_MISSING + '\n#, fuzzy\nmsgid "Undo"\nmsgstr "Undo"\n\nmsgid "Gone"\nmsgstr "Gone"\n'
    config = _project(tmp_path, fuzzy)
    assert main(["translations", "--config", str(config), "--check"]) == 1
    err = capsys.readouterr().err.splitlines()
    where = tmp_path / "locales/en/LC_MESSAGES/messages.po"
    assert err == [
        f'{where}: error: 1 message not in the template (first: "Gone"): run `pybabel update -i '
        'locales/messages.pot -d locales --no-fuzzy-matching`',
        f'{where}: error: 1 fuzzy entry (first: "Undo"): review each and remove its `#, fuzzy` line',
    ]


def test_a_stale_template_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    _project(tmp_path, EN_ONE_MISSING.replace('msgid "Dice"', 'msgid "Undo"\nmsgstr "Undo"\n\nmsgid "Dice"'))
    (tmp_path / "babel.cfg").write_text("[python: code/**.py]\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.babel.extract_messages]
        mapping_file = "babel.cfg"
        input_paths = "."
        output_file = "locales/messages.pot"
        add_location = "never"
        """), encoding="utf-8")
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "ui.py").write_text('_("Dice")\n_("Undo")\npgettext("diagram:white", "White")\n',
                                             encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["translations", "--check"]) == 0
    capsys.readouterr()
    (tmp_path / "code" / "ui.py").write_text('_("Dice")\n_("Undo")\n_("Reset")\npgettext("diagram:white", "White")\n',
                                             encoding="utf-8")
    assert main(["translations", "--check"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        'locales/messages.pot: error: the template is stale (1 new message; first: "Reset"): run `pybabel '
        "extract` in the project's root, then update the catalogs"]


def test_record_refuses_a_source_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, EN_ONE_MISSING)
    assert main(["translations", "--config", str(config), "--record", str(tmp_path / "content/tr/a.md")]) == 1
    err = capsys.readouterr().err
    assert "error: not a translation" in err and "Traceback" not in err


def test_record_writes_every_page_or_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = _project(tmp_path, EN_ONE_MISSING)
    pages = [tmp_path / "content/en/a.md", tmp_path / "content/en/b.md"]
    before = [p.read_bytes() for p in pages]
    # The second translation is fine, the third argument is a source page: nothing is recorded.
    argv = ["translations", "--config", str(config), "--record", *map(str, pages), str(tmp_path / "content/tr/c.md")]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "content/tr/c.md: error: not a translation" in err and "Traceback" not in err
    assert [p.read_bytes() for p in pages] == before
    assert sorted(p.name for p in (tmp_path / "content/en").iterdir()) == ["a.md", "b.md"]  # no temporary left
    assert main(argv[:-1]) == 0
    assert all(p.read_text(encoding="utf-8").startswith("---\nsource_hash: ") for p in pages)
