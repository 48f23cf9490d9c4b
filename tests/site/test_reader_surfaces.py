"""The surfaces every page shows (`audit.surfaces`), facts typed in figures' labels and front matter
(`audit.project`), and the reader-text snapshot (`site.readertext`, `tavla-docs review`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.cli.main import main as cli_main
from tavla_docs.formats.yamlmarks import load_yaml
from tavla_docs.site.audit.patterns import find_facts
from tavla_docs.site.audit.project import front_matter_facts, label_facts
from tavla_docs.site.audit.surfaces import catalog_problems, config_problems, template_problems
from tavla_docs.site.readertext import reader_text, stale_snapshot, write_snapshot


def test_a_translation_must_state_its_sources_numbers(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Bears off two checkers"\nmsgstr "iki pul toplar"\n\n'
                  'msgid "Rolls that bear off both"\nmsgstr "İkisini de toplayan atışlar"\n\n'
                  'msgid "moves a checker from point 9 to point 3"\nmsgstr "9. haneden 4. haneye bir pul oynar"\n\n'
                  'msgid "Off in %(num)d rolls"\nmsgstr "üç atışta biter"\n', encoding="utf-8")
    found = [(p.line, p.message) for p in catalog_problems(po, "tr", "messages.po", "error")]
    assert found == [(12, "the translation states 4, 9 where its source states 3, 9"),
                     (15, "the translation states 3 where its source states no number")]


def test_templates_and_site_names_are_read_as_typed(tmp_path: Path) -> None:
    t = tmp_path / "odds.html"
    t.write_text('<td>{{ row.count }} / 36</td>\n<code>9/3</code> {{ _("moves") }} &#42; seventeen\n', encoding="utf-8")
    found = [(p.line, p.col, p.message) for p in template_problems([t], lambda p: p.name, "error", ("tr", "en"))]
    assert found == [(1, 23, "'36' is typed in a template every page shows"),
                     (2, 41, "'seventeen' is typed in a template every page shows")]
    cfg = tmp_path / "mkdocs.yml"
    cfg.write_text("site_name: Tavla in 15 checkers\n", encoding="utf-8")
    assert [p.message for p in config_problems(cfg, {"site_name": "Tavla in 15 checkers"}, ("en",), "error")] == \
        ["'15' is typed in the site's name 'Tavla in 15 checkers'"]


def test_labels_and_front_matter_are_located() -> None:
    doc = load_yaml('variant: tavla\ndiagram:\n  labels: {9: {en: "the 15th checker", tr: "son pul"}}\n', "x.yaml")
    assert [(p.line, p.message) for p in label_facts("x.yaml", doc, "en", "error")] == \
        [(3, "the number '15' is typed in a figure's label")]
    assert label_facts("x.yaml", doc, "tr", "error") == []
    found = front_matter_facts("p.md", "title: Four rolls\nslug: 3-rules\ndescription: A dozen ways\n", "en", "error")
    assert [(p.line, p.col, p.message) for p in found] == [
        (2, 8, "the number word 'Four' is typed in the front matter's title"),
        (4, 16, "the number word 'dozen' is typed in the front matter's description")]


@pytest.mark.parametrize(("text", "lang", "facts"), [
    ("a second checker", "en", []),  # "another", not a count
    ("her iki zar da", "tr", []),  # "both"
    ("the bar point and boxcars", "en", ["bar point", "boxcars"]),
    ("fo\u00adur", "en", ["\u00ad"]),
])
def test_words_that_are_and_are_not_counts(text: str, lang: str, facts: list[str]) -> None:
    assert [f.text for f in find_facts(text, lang)] == facts


def test_the_snapshot_is_written_and_a_stale_file_is_located(tmp_path: Path) -> None:
    texts = {"tr/a.txt": "# A\nBir.\n", "en/a.txt": "# A\nOne.\n"}
    folder = tmp_path / "reader-text"
    assert write_snapshot(folder, texts) == ["en/a.txt", "tr/a.txt"]
    assert stale_snapshot(folder, texts) is None and write_snapshot(folder, texts) == []
    message = stale_snapshot(folder, {"tr/a.txt": "# A\nİki.\n", "en/b.txt": "x\n"})
    assert message is not None
    assert message.splitlines()[:3] == [
        "reader-text/en/a.txt:1: error: no page reads this any more",
        "reader-text/en/b.txt:1: error: the reader-text snapshot has no file for this page",
        "reader-text/tr/a.txt:2: error: the page now reads otherwise than its reader-text snapshot"]
    assert "tavla-docs review" in message


def test_reader_text_reads_figures_tooltips_and_board_messages() -> None:
    html = ('<article><p>Play <code class="tavla-play" title="from 9 to 3">9/3</code>.</p><figure>'
            '<svg><title>A bear-off</title><desc>White to play 6-3.</desc><text>Black</text><text>12</text></svg>'
            '<figcaption>Figure 1. White bears off.</figcaption></figure>'
            '<script type="application/json">{"ui": {"a": "Try it", "b": ["%(n)d checker", "%(n)d checkers"]},'
            ' "why": ["A checker on the bar must enter first"]}</script><img alt="a board"></article>')
    assert reader_text(html).splitlines() == [
        "Play 9/3.", "  ↳ title: from 9 to 3", "[figure title] A bear-off", "[figure description] White to play 6-3.",
        "[figure words] Black", "[caption] Figure 1. White bears off.", "[board word] Try it",
        "[board word] %(n)d checker / %(n)d checkers", "[board says] A checker on the bar must enter first",
        "  ↳ image: a board"]


def test_a_build_fails_on_a_stale_snapshot_and_review_writes_it(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    project = tiny(tmp_path, "# Sayfa\n\nMetin.\n", "# Page\n\nText.\n", {})
    cfg = project / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {reader_text: reader-text}"),
                   encoding="utf-8")
    monkeypatch.delenv("TAVLA_DOCS_AUDIT")  # audited, as before: the pages state no fact
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(project)
    assert cli_main(["review"]) == 0
    assert (project / "reader-text" / "tr" / "index.txt").read_text(encoding="utf-8").splitlines()[-2:] == \
        ["# Sayfa", "Metin."]
    assert cli_main(["build", "-q"]) == 0
    assert cli_main(["review", "--check"]) == 0
    (project / "content" / "en" / "index.md").write_text("# Page\n\nOther text.\n", encoding="utf-8")
    capsys.readouterr()
    assert cli_main(["review", "--check"]) == 1  # writes nothing
    assert "reader-text/en/index.txt:3: error:" in capsys.readouterr().err
    assert (project / "reader-text" / "en" / "index.txt").read_text(encoding="utf-8").endswith("Text.\n")
    capsys.readouterr()
    assert cli_main(["build", "-q"]) == 1
    err = capsys.readouterr().err
    assert "reader-text/en/index.txt:3: error: the page now reads otherwise than its reader-text snapshot" in err
    assert (project / "site" / "index.html").is_file()  # the last good site stays


def test_captions_get_the_vocabulary_check_located_in_the_scenario() -> None:
    from tavla_docs.site.audit.pageparts import caption_terms
    doc = load_yaml('variant: tavla\ncaption:\n  tr: "Sıra {{ s.turn }}\'da; Beyazın pulu"\n', "x.yaml")
    found = caption_terms("x.yaml", doc, "tr", [0], "error")
    assert [(p.line, p.col, p.rule) for p in found] == [(3, 30, "term")]
    assert "Beyaz'ın" in found[0].message


def test_a_fifo_among_the_partials_is_refused_not_waited_on(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    import os
    project = tiny(tmp_path, "# Sayfa\n", "# Page\n", {})
    (project / "templates").mkdir()  # the project's overrides of the package's partials
    os.mkfifo(project / "templates" / "figure.html.fifo")
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(project)
    assert cli_main(["build", "-q"]) == 1
    assert "templates/figure.html.fifo: error: not a regular file (a FIFO)" in capsys.readouterr().err


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_review_writes_nothing_when_the_build_fails(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    project = tiny(tmp_path, "# Sayfa\n\nMetin.\n", "# Page\n\nText.\n", {})
    cfg = project / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {reader_text: reader-text}"),
                   encoding="utf-8")
    for lang, text in (("tr", "# Kurallar\n\nBir.\n"), ("en", "# Rules\n\nOne.\n")):
        (project / "content" / lang / "rules.md").write_text(text, encoding="utf-8")
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(project)
    assert cli_main(["review"]) == 0
    before = _tree(project / "reader-text")
    assert sorted(before) == ["en/index.txt", "en/rules.txt", "tr/index.txt", "tr/rules.txt"]
    # One page reads otherwise; another has a broken link, which strict mode fails only after the
    # plugin's last event: the snapshot must not take the first page's new text.
    (project / "content" / "tr" / "rules.md").write_text("# Kurallar\n\nİki.\n", encoding="utf-8")
    (project / "content" / "en" / "index.md").write_text("# Page\n\nSee [there](missing.md).\n", encoding="utf-8")
    capsys.readouterr()
    assert cli_main(["review"]) == 1
    err = capsys.readouterr().err
    assert "content/en/index.md:3:13: error: the link target 'missing.md' is not a file of the site" in err
    assert "tavla-docs review: error: the site does not build; the snapshot was not written" in err
    assert "Traceback" not in err
    assert _tree(project / "reader-text") == before
    assert cli_main(["review", "--check"]) == 1 and _tree(project / "reader-text") == before
    (project / "content" / "en" / "index.md").write_text("# Page\n\nText.\n", encoding="utf-8")
    capsys.readouterr()
    assert cli_main(["review"]) == 0
    assert capsys.readouterr().out.splitlines() == ["reader-text/tr/rules.txt"]
    after = _tree(project / "reader-text")
    assert {k for k in after if after[k] != before[k]} == {"tr/rules.txt"} and after["tr/rules.txt"].endswith("İki.\n".encode())


def test_review_writes_no_file_when_one_cannot_be_written(tmp_path: Path, tiny, monkeypatch, capsys) -> None:
    project = tiny(tmp_path, "# Sayfa\n\nMetin.\n", "# Page\n\nText.\n", {})
    cfg = project / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {reader_text: reader-text}"),
                   encoding="utf-8")
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(project)
    (project / "reader-text" / "en").mkdir(parents=True)
    (project / "reader-text" / "en" / "index.txt").write_text("an old snapshot\n", encoding="utf-8")
    (project / "reader-text" / "tr").write_text("a file where the Turkish folder should be\n", encoding="utf-8")
    before = _tree(project / "reader-text")
    capsys.readouterr()
    assert cli_main(["review"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "reader-text/tr/index.txt: error: cannot write it (Not a directory); no file was changed",
        "tavla-docs review: error: the snapshot was not written"]
    assert _tree(project / "reader-text") == before  # not en/index.txt either, and no temporary left


def test_review_after_another_build_in_the_same_process_writes_only_its_own_pages(tmp_path: Path, tiny, monkeypatch,
                                                                                    capsys) -> None:
    """MkDocs may hand the same plugin object to the next build of a process: its pages must not carry over."""
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = tiny(tmp_path / "a", "# Bir\n\nMetin.\n", "# One\n\nText.\n", {})
    for lang, text in (("tr", "# Ek\n\nBir.\n"), ("en", "# Extra\n\nOne.\n")):
        (first / "content" / lang / "extra.md").write_text(text, encoding="utf-8")
    for project in (first,):
        cfg = project / "mkdocs.yml"
        cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {reader_text: reader-text}"),
                       encoding="utf-8")
    monkeypatch.chdir(first)
    assert cli_main(["review"]) == 0
    assert sorted(_tree(first / "reader-text")) == ["en/extra.txt", "en/index.txt", "tr/extra.txt", "tr/index.txt"]
    second = tiny(tmp_path / "b", "# Sayfa\n\nMetin.\n", "# Page\n\nText.\n", {})
    cfg = second / "mkdocs.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("tavla-docs: {}", "tavla-docs: {reader_text: reader-text}"),
                   encoding="utf-8")
    monkeypatch.chdir(second)
    assert cli_main(["review"]) == 0
    assert sorted(_tree(second / "reader-text")) == ["en/index.txt", "tr/index.txt"]
