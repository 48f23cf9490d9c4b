""""Points are numbered from White's side" against the figures the page draws.

A figure numbers its points from one side (`diagram: {numbers: …}`, White's by default; a `then:`
step keeps its scenario's). A page that tells the reader whose side the numbers start from speaks
of its figures: when every figure on the page numbers from the other side, the reader counts from
the wrong end of the board. A page whose figures number from both sides, or that draws none, is
not judged (the sentence may speak of one of them, or of no figure).

>>> numbered_side_problems("Points are numbered from Black's side: see below.", "en", "x.md",
...     "Points are numbered from Black's side: see below.", 1, {"white": "White", "black": "Black"},
...     lambda: {"white"})[0].message.split(", but ")[1]
"every figure on this page numbers them from White's side (`diagram: {numbers: white}`)"
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..provenance import strip
from . import langlex
from .problems import Problem

HINT = ("say the side the page's figures number from, or number the figures from that side "
        "(`diagram: {numbers: …}`; docs/authoring.md, \"Numbering: whose point is which\")")
_NAME = {"white": "White", "black": "Black"}
_SAID = {"en": (r"\b(?:numbered|numbers? (?:are |is )?(?:counted|given|read|written)|counted) (?:starting )?"
                r"from {side}(?:['’]s)? (?:side|end|home)",
                r"\b{side}(?:['’]s)? (?:side|end)\b[^.;:]{{0,20}}?\b(?:is|are) (?:where )?(?:the )?"
                r"(?:numbering|numbers?) (?:starts?|begins?)"),
         "tr": (r"\b{side}(?:['’](?:ın|in|un|ün|nın|nin))? taraf(?:ından|ındaki) (?:başlayarak )?(?:numara|sayıl)\w*",
                r"\bnumara\w* {side}(?:['’](?:ın|in|un|ün|nın|nin))? taraf(?:ından|ında)\b")}
# whose numbers the figures show: "the diagrams show White's numbers", "the numbers are White's",
# "Şemalardaki numaralar Beyaz'ınkidir", "şekiller Beyaz'ın numaralarını gösterir"
_SHOWN = {"en": (r"\b(?:diagrams?|figures?|pictures?|boards?|charts?)\b(?: (?:here|below|above|on this page))? "
                 r"(?:show|shows|use|uses|give|gives|carry|carries) {side}(?:['’]s)? (?:own )?(?:point )?(?:numbers|numbering)",
                 r"\b(?:the )?(?:point )?numbers(?: (?:in|on) the (?:diagrams?|figures?|pictures?|boards?))? are {side}['’]s\b"),
         "tr": (r"\b(?:şema|şekil|diyagram|çizim|resim)\w*\s+(?:hane\s+)?numara\w*\s+{side}['’]?\w*",
                r"\b(?:şema|şekil|diyagram|çizim|resim)\w*\s+{side}['’]?\w*\s+(?:hane\s+)?numara\w*")}


def said_sides(text: str, lang: str, sides: Mapping[str, str]) -> list[tuple[int, str, str]]:
    """Where a folded text says whose side the points are numbered from: (offset, words, side)."""
    names = {langlex.fold_text(n, lang): s for s, n in sides.items()}
    if not names or lang not in _SAID:
        return []
    side_re = "(?P<side>" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"
    return [(m.start(), m.group(), names[m.group("side")])
            for pattern in _SAID[lang] + _SHOWN[lang] for m in re.finditer(pattern.format(side=side_re), text)]


def figure_sides(site: Any, page: Any) -> set[str]:
    """The sides the figures drawn on `page` number their points from (scenarios already loaded)."""
    from ...scenario.draw import scenario_frames
    out: set[str] = set()
    for rel, step in sorted(page.drawn):
        try:
            name = (Path(site.root) / rel).relative_to(site.scenarios_dir).with_suffix("").as_posix()
            s = site.checked_scenario(name)
            frames = scenario_frames(s)
        except Exception:  # noqa: BLE001 - a figure that fails reports its own error where it is drawn
            return set()
        base = getattr(getattr(s, "diagram", None), "numbers", "white") or "white"
        own = getattr(getattr(frames[step], "diagram", None), "numbers", "white") if 0 < step < len(frames) else "white"
        out.add(own if own != "white" else base)
    return out


def numbered_side_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                           sides: Mapping[str, str], drawn: Callable[[], set[str]],
                           severity: str = "error") -> list[Problem]:
    """A sentence that names the side the points are numbered from, held against the page's figures
    (`drawn`, asked only when such a sentence is there)."""
    if lang not in _SAID:
        return []
    out: list[Problem] = []
    found: set[str] | None = None
    for _, words, said in said_sides(langlex.fold_text(strip(marked), lang), lang, sides):
        if found is None:
            found = drawn()
        if len(found) != 1 or said in found:
            continue
        (other,) = found
        line, col = _locate(source, words, lang)
        out.append(Problem(path, line + first_line - 1, col, severity, "geometry",
                           f"this sentence says the points are numbered from {_NAME[said]}'s side, but every "
                           f"figure on this page numbers them from {_NAME[other]}'s side "
                           f"(`diagram: {{numbers: {other}}}`)", HINT))
    return out


def _locate(source: str, said: str, lang: str) -> tuple[int, int]:
    """Line and column of the words `said` in the page's source (its first line when printed)."""
    folded = langlex.fold_text(source, lang)
    i = folded.find(said)
    if i < 0:
        return 1, 1
    return source.count("\n", 0, i) + 1, i - (source.rfind("\n", 0, i) + 1) + 1
