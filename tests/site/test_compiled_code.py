"""Compiled page code kept for the process (`site/build/compiled.py`): the same pages, byte for byte,
and never another source's or another environment's code."""
from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils.meta import get_data

from tavla_docs.site import env as envmod
from tavla_docs.site.build.bytecode import MemoryBytecode
from tavla_docs.site.build.compiled import CompiledCode
from tavla_docs.site.sandbox import PageSandbox

PROJECT = Path(__file__).resolve().parents[1] / "project"


def _render_all(monkeypatch: pytest.MonkeyPatch, pages: CompiledCode | None,
                partials: MemoryBytecode | None) -> dict[str, str]:
    from tavla_docs.cli.siteconfig import read_site_config
    from tavla_docs.site.audit.project import _pages
    from tavla_docs.site.renderer import SiteRenderer

    monkeypatch.setattr(envmod, "page_code", lambda: pages)
    monkeypatch.setattr(envmod, "partial_code", lambda: partials)
    site = read_site_config(PROJECT / "mkdocs.yml")
    r = SiteRenderer(site.root, cache_dir=None, languages=site.languages)
    out = {}
    for path, lang, _ in _pages(site.docs_dir, site.languages):
        body, meta = get_data(path.read_text(encoding="utf-8"))
        page = r.render_page(body, path=str(path.relative_to(PROJECT)), lang=lang, meta=meta)
        out[f"{lang}:{path.name}"] = page.markdown + "".join(page.fragments[k] for k in sorted(page.fragments)) \
            + "".join(p.format() for p in page.problems)
    return out


def test_pages_render_the_same_with_the_code_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = _render_all(monkeypatch, None, None)
    pages, partials = CompiledCode(), MemoryBytecode()
    first = _render_all(monkeypatch, pages, partials)
    again = _render_all(monkeypatch, pages, partials)  # a new renderer: every page from kept code
    assert pages.hits > 0 and partials.code
    assert len(fresh) > 10 and first == fresh and again == fresh


def test_an_edited_source_is_compiled_again() -> None:
    memo = CompiledCode()
    env = PageSandbox()
    env.compiled = memo
    assert env.from_string("{{ 1 + x }}").render(x=1) == "2"
    assert env.from_string("{{ 2 + x }}").render(x=1) == "3"
    assert memo.hits == 0


def test_environments_that_compile_differently_do_not_share_code() -> None:
    memo = CompiledCode()
    plain, escaping = PageSandbox(autoescape=False), PageSandbox(autoescape=True)
    plain.compiled = escaping.compiled = memo
    assert plain.from_string("{{ x }}").render(x="<b>") == "<b>"
    assert escaping.from_string("{{ x }}").render(x="<b>") == "&lt;b&gt;"
    assert memo.hits == 0


def test_the_memo_keeps_only_its_size() -> None:
    memo = CompiledCode(size=2)
    env = PageSandbox()
    env.compiled = memo
    for n in range(3):
        env.from_string(f"{{{{ {n} }}}}").render()
    env.from_string("{{ 0 }}").render()  # pushed out by the third: compiled again
    assert memo.hits == 0
    env.from_string("{{ 2 }}").render()
    assert memo.hits == 1
