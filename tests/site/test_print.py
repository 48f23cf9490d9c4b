"""`tavla-docs print --lang LANG OUT.pdf`: the rulebook, read back with pypdf.

The project of test_offline.py (a try-it board, a figure, a second page, both languages) is
printed in each language. What the PDF must hold is read from the offline export of the same
project (its pages' headings and figure captions, parsed from the HTML), not from the code that
made the book: every heading and caption is in the PDF's text, in the navigation's order, each
caption on the page of its board, and no figure is a raster image. Bad destinations, an unknown
language and a missing WeasyPrint are one line each.
"""
from __future__ import annotations

import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tavla_docs.cli.main import main

from .test_offline import exported as exported  # noqa: F401 - the shared module fixture (project, offline export)

pypdf = pytest.importorskip("pypdf")
try:
    import weasyprint  # noqa: F401 - needs Pango from the system (scripts/ensure_pango.py, run by `make test`)
except (ImportError, OSError) as e:
    if os.environ.get("CI"):
        raise
    pytest.skip(f"WeasyPrint or Pango is missing: {e}", allow_module_level=True)


class _Texts(HTMLParser):
    """The headings (h1–h3) and figure captions of a page's article, as plain text in order."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside <article>
        self.current: list[str] | None = None
        self.kind = ""
        self.found: list[tuple[str, str]] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.depth += 1
        elif self.depth and tag in ("h1", "h2", "h3", "figcaption"):
            self.current, self.kind = [], tag
        elif tag == "a" and ("class", "headerlink") in attrs:
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.depth -= 1
        elif tag == "a" and self.skip:
            self.skip -= 1
        elif self.current is not None and tag == self.kind:
            self.found.append((tag, " ".join("".join(self.current).split())))
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is not None and not self.skip:
            self.current.append(data)


def squash(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


@pytest.fixture(scope="module")
def printed(exported, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:  # noqa: F811
    project, _ = exported
    out = tmp_path_factory.mktemp("print")
    books = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TAVLA_DOCS_AUDIT", "off")
        mp.setenv("SOURCE_DATE_EPOCH", "1700000000")
        for lang in ("tr", "en"):
            books[lang] = out / f"rules-{lang}.pdf"
            assert main(["print", "-q", "--config", str(project / "mkdocs.yml"), "--lang", lang, str(books[lang])]) == 0
    return books


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_every_heading_and_caption_is_printed_in_order(exported, printed, lang: str) -> None:  # noqa: F811
    _, out = exported
    site = out / "site" / ("" if lang == "tr" else "en")
    reader = pypdf.PdfReader(printed[lang])
    pages = [squash(p.extract_text()) for p in reader.pages]
    assert 1 + 2 <= len(pages) <= 1 + 2 * 4, len(pages)  # the cover, then each of the two pages from a new page
    whole = " ".join(pages)
    at = 0
    for name in ("index.html", "second.html"):  # the navigation's order
        parser = _Texts()
        parser.feed((site / name).read_text(encoding="utf-8"))
        assert parser.found and parser.found[0][0] == "h1"
        for kind, text in parser.found:
            found = whole.find(squash(text), at)
            assert found >= 0, f"{lang}/{name}: {kind} {text!r} is not in the PDF (after position {at})"
            at = found
    # each caption is on the page of its board: a page holds as many captions as boards (each board
    # draws its side's pip count; the SVG's text comes after the page's own in the PDF's content)
    for number, page in enumerate(pages, 1):
        captions = len(re.findall(r"(?:Şekil|Figure) \d+\.", page))
        boards = len(re.findall(r"(?:Beyaz|White) · \d+ pips?", page))
        assert captions == boards, (lang, number, page)
    assert sum(len(re.findall(r"(?:Beyaz|White) · \d+ pips?", p)) for p in pages) == 2


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_figures_are_vectors_not_images(printed, lang: str) -> None:
    reader = pypdf.PdfReader(printed[lang])
    images, paths = [], 0
    for number, page in enumerate(reader.pages, 1):
        streams = [page.get_contents()]
        for name, ref in ((page.get("/Resources") or {}).get("/XObject") or {}).items():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image":
                images.append((number, name))
            else:
                streams.append(xobject)
        data = b" ".join(s.get_data() for s in streams if s is not None)
        paths += len(re.findall(rb"\s(?:re|c|l)\s", data))  # rectangles, curves, lines: drawn as vectors
    assert images == [] and all(list(p.images) == [] for p in reader.pages)
    assert paths > 2 * 24, paths  # two boards: at least their 24 points each, as paths


def test_the_same_inputs_give_the_same_pdf(exported, printed, tmp_path: Path, monkeypatch) -> None:  # noqa: F811
    project, _ = exported
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "off")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    again = printed["en"].read_bytes()
    assert main(["print", "-q", "--no-check", "--config", str(project / "mkdocs.yml"), "--lang", "en",
                 str(printed["en"])]) == 0  # an earlier print's file is replaced
    assert printed["en"].read_bytes() == again


def test_bad_input_is_one_located_line(exported, tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: F811
    project, _ = exported
    monkeypatch.setenv("TAVLA_DOCS_AUDIT", "off")
    config = str(project / "mkdocs.yml")
    theirs = tmp_path / "theirs.pdf"
    theirs.write_bytes(b"%PDF-1.7\nsomeone's book\n")
    cases = [
        (["--lang", "de", str(tmp_path / "a.pdf")], 2, "tavla-docs print: error: --lang de: the site's languages are tr, en"),
        ([str(project / "content" / "tr" / "book.pdf")], 1,
         f"{project / 'content' / 'tr' / 'book.pdf'}: error: inside the project's pages folder"),
        ([str(tmp_path / "book.txt")], 1, f"{tmp_path / 'book.txt'}: error: not a PDF file name"),
        ([str(theirs)], 1, f"{theirs}: error: exists and was not written by tavla-docs print; not replaced"),
        ([str(tmp_path)], 1, f"{tmp_path}: error: not a PDF file name"),
    ]
    for extra, status, start in cases:
        assert main(["print", "-q", "--config", config, *extra]) == status
        err = capsys.readouterr().err
        assert err.startswith(start) and err.count("\n") == 1 and "Traceback" not in err, err
    assert theirs.read_bytes() == b"%PDF-1.7\nsomeone's book\n"


def test_without_weasyprint_print_says_what_to_install(exported, tmp_path: Path, monkeypatch, capsys) -> None:  # noqa: F811
    project, _ = exported
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # `import weasyprint` raises ImportError
    assert main(["print", "--config", str(project / "mkdocs.yml"), str(tmp_path / "book.pdf")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'tavla-docs[print]'" in err and "Pango" in err
    assert err.startswith("tavla-docs print: error: WeasyPrint is needed to print")
    assert not (tmp_path / "book.pdf").exists()


def test_a_failed_print_keeps_the_earlier_book(tiny, tmp_path: Path, monkeypatch, capsys) -> None:
    """A page whose link is broken fails the strict build after every page was built: the book
    printed before stays byte for byte, and no temporary file is left beside it."""
    (tmp_path / "p").mkdir()
    project = tiny(tmp_path / "p", "# Sayfa\n\nMetin.\n", "# Page\n\nText.\n", {})
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.chdir(project)
    book = tmp_path / "books" / "kurallar.pdf"
    assert main(["print", "-q", str(book)]) == 0
    before = book.read_bytes()
    (project / "content" / "tr" / "index.md").write_text("# Sayfa\n\nYeni metin, [bağlantı](yok.md).\n",
                                                         encoding="utf-8")
    capsys.readouterr()
    assert main(["print", "-q", str(book)]) == 1
    err = capsys.readouterr().err
    assert "content/tr/index.md:3:24: error: the link target 'yok.md' is not a file of the site" in err, err
    assert "Traceback" not in err
    assert book.read_bytes() == before and [p.name for p in book.parent.iterdir()] == ["kurallar.pdf"]
