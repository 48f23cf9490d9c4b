"""How a frame's game ends, as its checked `result:` claim says: `{{ s.result }}`.

A page that says "White wins a gammon, 2 points" prints the claim's result instead of
typing it, so the sentence cannot disagree with what the engine checked. The kind is named
in the page's language with the catalogs' result names (English: single game, gammon,
backgammon; Turkish: tek oyun, mars, katmerli mars), and the cube the figure shows, if any,
multiplies the points (`.cubed`).

>>> from tavla_docs.engine.board import Side
>>> from tavla_docs.engine.results import Result
>>> from tavla_docs.site.i18n import catalog
>>> str(ResultFact(Result(Side.BLACK, "mars", 2), catalog("en"), "en"))
'Black wins: gammon, 2 points'
>>> str(ResultFact(Result(Side.BLACK, "katmerli_mars", 3), catalog("tr"), "tr"))
'Siyah kazanır: katmerli mars, 3 puan'
>>> str(ResultFact(None, catalog("tr"), "tr")), str(ResultFact(None, catalog("en"), "en"))
('oyun sürer', 'the game goes on')
"""
from __future__ import annotations

import gettext
from types import SimpleNamespace

from ...engine.board import Side
from ...engine.results import Match, Result
from ..summary import result_name
from .numerals import Num
from .values import Text


class ResultFact:
    """A checked result: prints the whole phrase; `.winner` (a side's name, or None in a draw),
    `.kind` (the result's name), `.points` (what it scores: the kind's value times the cube,
    single under the Jacoby rule), `.value` (the kind's own value), `.cube`, `.cubed` (= `.points`),
    `.jacoby` (the Jacoby rule made it single), `.score` (the match after it: `.white`, `.black`,
    `.length`, `.winner`, `.crawford`: the next game is the Crawford game; None in money play),
    `.ends` (False: the game goes on)."""

    tavla_fact = True  # computed, for the reader audit (`site.provenance`)

    def __init__(self, result: Result | None, t: gettext.GNUTranslations, lang: str, cube: int = 1, *,
                 scored: Result | None = None, match: Match | None = None, jacoby: bool = False) -> None:
        """`result` is the board's (cube 1); `scored` the same end with the cube applied (default:
        `result` times `cube`); `match` the match score it leaves."""
        self._t = t
        self.ends = result is not None
        self.result = scored if scored is not None else result
        self.winner = None if result is None or result.winner is None else Text(
            t.gettext("White") if result.winner is Side.WHITE else t.gettext("Black"))
        self.kind = None if result is None else Text(result_name(result.kind, t))
        self.value = Num(0 if result is None else result.points, lang)
        self.cube = Num(cube, lang)
        self.points = Num(scored.points if scored is not None else int(self.value) * cube, lang)
        self.cubed = self.points
        self.jacoby = jacoby
        self.score = None if match is None else SimpleNamespace(
            white=Num(match.white, lang), black=Num(match.black, lang), length=Num(match.length, lang),
            crawford=match.crawford_game,
            winner=None if match.winner is None else Text(t.gettext("White") if match.winner is Side.WHITE
                                                          else t.gettext("Black")))

    def __str__(self) -> str:
        t, r = self._t, self.result
        if r is None:
            return t.gettext("the game goes on")
        n = int(self.points)
        if r.winner is None:
            return t.ngettext("the game is a draw, %(num)d point", "the game is a draw, %(num)d points", n) % {"num": n}
        return t.ngettext("%(side)s wins: %(kind)s, %(num)d point", "%(side)s wins: %(kind)s, %(num)d points", n) % {
            "side": self.winner, "kind": self.kind, "num": n}

    __html__ = __str__

    def __repr__(self) -> str:
        return f"ResultFact({self})"
