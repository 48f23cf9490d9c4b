"""The themes are data (`diagram/themes.py`): one table per theme, every list of themes derived.

A new theme is one `Theme` in `TABLES`. These tests hold it to what the renderer needs: a
colour for every selector the default theme colours, a table for every mark, dark colours
that pair with light ones where the theme follows the page, and the name accepted wherever
a theme is named.
"""
from __future__ import annotations

import pytest

from tavla_docs.diagram import options
from tavla_docs.diagram.themes import MARKS, TABLES, THEMES
from tavla_docs.render import themes

DEFAULT = TABLES["default"]


def test_the_lists_of_themes_are_derived_from_the_tables() -> None:
    assert THEMES == tuple(TABLES) and THEMES[0] == "default"
    assert options.THEMES is THEMES  # the scenario's `theme:` is checked against the tables
    assert tuple(themes.FEATURES) == MARKS  # the renderer's shapes and the themes' colours name the same marks


@pytest.mark.parametrize("name", THEMES)
def test_a_theme_colours_everything_the_default_colours(name: str) -> None:
    table = TABLES[name]
    assert set(table.board) == set(DEFAULT.board)
    assert set(table.marks) == set(MARKS)
    for mark in MARKS:
        assert set(table.marks[mark]) == set(DEFAULT.marks[mark]), mark
    assert set(table.dark_marks) <= set(MARKS)


@pytest.mark.parametrize("name", THEMES)
def test_each_declaration_of_a_table_reaches_the_css(name: str) -> None:
    table = TABLES[name]
    css = themes.css("td-x", name, MARKS)
    for selector, declarations in [*table.board.items(), *(i for m in MARKS for i in table.marks[m].items())]:
        scoped = ",".join(f"#td-x {s}" for s in selector.split(","))
        assert f"{scoped}{{{declarations}}}" in css, selector


@pytest.mark.parametrize("name", THEMES)
def test_only_a_theme_with_dark_colours_follows_the_page(name: str) -> None:
    table = TABLES[name]
    css = themes.css("td-x", name, MARKS)
    assert ("light-dark(" in css) == table.follows_page == (table.dark is not None)
    if table.follows_page:  # every dark colour pairs with exactly one light one (light_value raises otherwise)
        assert themes.dark_css("#td-x", name, MARKS).count("light-dark(") > len(table.dark or {})


def test_an_unknown_theme_is_refused_with_the_derived_list() -> None:
    with pytest.raises(options.DiagramOptionError, match="themes: " + ", ".join(THEMES)):
        options.parse_diagram_options({"theme": "neon"})
    for name in THEMES:
        assert options.parse_diagram_options({"theme": name}).theme == name
