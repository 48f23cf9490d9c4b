"""Issue 14: a broken link is reported at path:line:col with a did-you-mean over the site's pages,
in the language the link points into first; a strict site fails (an error, after MkDocs' own
unlocated warning), another warns. Real `tavla-docs build`s."""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.site.links import broken_links

PAGES = {"index.md": "tr", "bear-off.md": "tr", "pip-count.md": "tr", "en/index.md": "en", "en/bear-off.md": "en",
         "en/board.svg": "en"}


@pytest.mark.parametrize(("body", "src", "hint"), [
    ("[a](bear-of.md)", "en/index.md", "did you mean 'bear-off.md'?"),
    ("[a](bear-of.md)", "index.md", "did you mean 'bear-off.md'?"),
    ("[a](../bear-of.md)", "en/index.md", "did you mean '../bear-off.md' (a page of another language)?"),
    ("[a](pip-count.md)", "en/index.md", "did you mean '../pip-count.md' (a page of another language)?"),
    ("![b](bord.svg)", "en/index.md", "did you mean 'board.svg'?"),
    ("[a][r]\n\n[r]: bear-of.md#top", "en/index.md", "did you mean 'bear-off.md'?"),
    ("[a](zzz.md)", "en/index.md", "no file of that name; this language has bear-off.md, index.md"),
])
def test_did_you_mean_is_language_aware(body: str, src: str, hint: str) -> None:
    (b,) = broken_links(body, src, PAGES)
    assert b.hint == hint


@pytest.mark.parametrize("body", [
    "[a](bear-off.md) [b](bear-off.md#x) [c](index.md?q=1) [d](#top)",
    "[web](https://example.com/x.md) [mail](mailto:a@b.c) [abs](/en/) [dir](../)",
    "`[a](nope.md)`\n\n```\n[a](nope.md)\n```\n{{ link('nope.md') }}",
])
def test_good_links_code_and_jinja_are_left_alone(body: str) -> None:
    assert broken_links(body, "en/index.md", PAGES) == []


TR = "---\ntitle: Ana\n---\n# Ana\n\n[Pul toplama](pul-topla.md) ve [Hata](bear-of.md).\n"
EN = "# Home\n\nSee [bearing off](bear-of.md#mid).\n"


def project(tiny, tmp_path: Path, page_tr: str = "# Ana\n\n[Pul toplama](bear-off.md)\n", page_en: str = EN,
            strict: bool = True) -> Path:
    root = tiny(tmp_path, page_tr, page_en, {})
    for lang, title in (("tr", "Pul toplama"), ("en", "Bearing off")):
        (root / "content" / lang / "bear-off.md").write_text(f"# {title}\n", encoding="utf-8")
    if not strict:
        cfg = root / "mkdocs.yml"
        cfg.write_text(cfg.read_text(encoding="utf-8").replace("strict: true", "strict: false"), encoding="utf-8")
    return root


def test_strict_build_fails_with_the_located_broken_link(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    r = cli("build", cwd=project(tiny, tmp_path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    assert ("content/en/index.md:3:19: error: the link target 'bear-of.md#mid' is not a file of the site\n"
            "    hint: did you mean 'bear-off.md'?") in r.stderr
    # MkDocs' own warning (the file only) comes first: its link check runs as the Markdown is converted
    assert r.stderr.index("contains a link 'bear-of.md#mid'") < r.stderr.index("index.md:3:19: error:")


def test_strict_build_lists_every_broken_link(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    r = cli("build", cwd=project(tiny, tmp_path, page_tr=TR, page_en="# Home\n\n[Bearing off](bear-off.md).\n"))
    assert r.returncode == 1
    assert ("content/tr/index.md:6:15: error: the link target 'pul-topla.md' is not a file of the site\n"
            "    hint: no file of that name; this language has bear-off.md, index.md\n"
            "content/tr/index.md:6:39: error: the link target 'bear-of.md' is not a file of the site\n"
            "    hint: did you mean 'bear-off.md'?") in r.stderr


def test_a_site_that_is_not_strict_warns_with_the_location(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    r = cli("build", cwd=project(tiny, tmp_path, strict=False))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "content/en/index.md:3:19: warning: the link target 'bear-of.md#mid' is not a file of the site\n" \
           "    hint: did you mean 'bear-off.md'?" in r.stderr
