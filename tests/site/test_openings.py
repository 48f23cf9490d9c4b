"""A caption's words for the game's opening roll against the scenario's turn, in a real render
(`audit.openings`, called for every figure's caption)."""
from __future__ import annotations

import pytest


def test_an_opening_drawn_from_the_start_with_no_turn_passes(tmp_path, tiny) -> None:
    """No `turn_number:` is a later turn to the engine, but "the opening 6-2" drawn from the starting
    position is true to a reader: it passes; the same words under a position that is not the start
    fail, located at the caption."""
    from tavla_docs.site.renderer import SiteRenderer

    start = """variant: backgammon
position: {white: {24: 2, 13: 5, 8: 3, 6: 5}, black: {1: 2, 12: 5, 17: 3, 19: 5}}
turn: white
roll: 6-2
show: 24/18 13/11
caption: {tr: "Açılışta 6-2.", en: "The opening 6-2: White runs one back checker and builds."}
"""
    proj = tiny(tmp_path, "x", "x", {"s": start})
    SiteRenderer(proj).render_page('{{ diagram("s") }}', path="p.md", lang="en")  # no error
    moved = start.replace("{24: 2, 13: 5, 8: 3, 6: 5}, black", "{24: 2, 13: 4, 8: 3, 6: 5, 5: 1}, black")
    (proj / "scenarios" / "s.yaml").write_text(moved, encoding="utf-8")
    with pytest.raises(Exception, match=r"s\.yaml:6:\d+: error: caption: it calls the roll the game's opening one"):
        SiteRenderer(proj).render_page('{{ diagram("s") }}', path="p.md", lang="en")
