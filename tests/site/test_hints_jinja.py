"""Issue 14: a Jinja block left open is reported at the tag that opens it, with the end tag it needs
(Jinja itself only knows where the page ended). A real `tavla-docs build` of a small project,
and a property over random nestings of blocks through the page renderer."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla_docs.site.errors import PageError
from tavla_docs.site.renderer import SiteRenderer
from tests.fixture import PROJECT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def renderer() -> SiteRenderer:
    return SiteRenderer(PROJECT, cache_dir=None)


def build(cli, tiny, tmp_path: Path, page_tr: str) -> list[str]:
    project = tiny(tmp_path, page_tr, "# E\n\nText.\n", {})
    r = cli("build", cwd=project)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    return r.stderr.splitlines()


def test_unclosed_if_is_reported_where_it_opens(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    page = "---\ntitle: T\n---\n# T\n\n  {% if true %}\nBir.\n{% for a in [1] %}{{ a }}{% endfor %}\n\nSon.\n"
    lines = build(cli, tiny, tmp_path, page)
    error = next(i for i, ln in enumerate(lines) if "error:" in ln)
    assert lines[error] == ("content/tr/index.md:6:3: error: this {% if %} block is never closed: "
                            "the page ends before its {% endif %}")
    assert lines[error + 1] == "    hint: close it with {% endif %} where the block should end"


def test_wrong_end_tag_names_the_open_block_and_the_tag_met(cli, tiny, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("TAVLA_DOCS_CACHE", str(tmp_path / "cache"))
    page = "# T\n\n{% for a in [1] %}\n{% set x %}\nx\n{% endfor %}\n"
    lines = build(cli, tiny, tmp_path, page)
    error = next(ln for ln in lines if "error:" in ln)
    assert error == ("content/tr/index.md:4:1: error: this {% set %} block is never closed: "
                     "line 6 has {% endfor %} before its {% endset %}")


def test_inline_set_is_not_a_block(renderer: SiteRenderer) -> None:
    with pytest.raises(PageError) as e:
        renderer.render_page("{% set x = 1 %}\n{% with %}\n{{ x }}\n", path="x.md", lang="en")
    assert str(e.value).startswith("x.md:2:1: error: this {% with %} block is never closed")
    assert "{% endwith %}" in str(e.value)


OPENERS = {"if": ("{% if true %}", "{% endif %}"), "for": ("{% for i in [1] %}", "{% endfor %}"),
           "set": ("{% set s %}", "{% endset %}"), "with": ("{% with %}", "{% endwith %}"),
           "filter": ("{% filter upper %}", "{% endfilter %}")}


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, int, int, str]:
    """A page of nested blocks, one of them never closed: (source, its line, its column, its end tag)."""
    kinds = draw(st.lists(st.sampled_from(sorted(OPENERS)), min_size=1, max_size=5))
    left_open = draw(st.integers(0, len(kinds) - 1))
    lines: list[str] = ["# T"]
    where = (0, 0)
    for depth, k in enumerate(kinds):
        indent = " " * draw(st.integers(0, 3))
        lines += ["text"] * draw(st.integers(0, 2))
        if depth == left_open:
            where = (len(lines) + 1, len(indent) + 1)
        lines.append(indent + OPENERS[k][0])
    for depth, k in reversed(list(enumerate(kinds))):
        lines += ["text"] * draw(st.integers(0, 2))
        if depth > left_open:
            lines.append(OPENERS[k][1])
    # blocks outside the open one stay open too; the innermost open one is what is reported
    return "\n".join(lines) + "\n", where[0], where[1], OPENERS[kinds[left_open]][1]


@settings(max_examples=60, deadline=None)
@given(pages(), st.integers(1, 5))
def test_the_innermost_open_block_is_located(renderer: SiteRenderer, page: tuple[str, int, int, str],
                                             first_line: int) -> None:
    source, line, col, end = page
    with pytest.raises(PageError) as e:
        renderer.render_page(source, path="x.md", lang="en", first_line=first_line)
    first = str(e.value).splitlines()[0]
    assert first.startswith(f"x.md:{line + first_line - 1}:{col}: error: this "), (source, first)
    assert f"before its {end}" in first
