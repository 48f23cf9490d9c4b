"""A figure's words bound to what the figure shows: its play, its side on roll and its options.

A caption is checked against the frame it describes, and page prose against the scenario whose
facts a sentence prints: each statement of the lexicon (`playwords`: "making the 5-point",
"leaves a blot on the 3-point", "enters on the 19-point", "bears off", "instead of bearing
off", "Black is on roll", "the diagram shows Black's own numbers", "White moves
counter-clockwise", "(the marked point)") is judged against the engine's result for the shown
play and the diagram's options (`playview`). A figure's labels are checked the same way for the
region words they use ("home" on a point outside every home board).

Statements are found in the text the reader reads (the rendered caption or page, tags dropped),
clause by clause; a clause that negates a statement or makes it hypothetical ("cannot bear
off", "if …") asserts nothing about the shown play and is skipped (`playwords.GUARDS`).

>>> read, _ = reading('With <code class="tavla-play" title="x">6/off</code>, Black&#39;s turn')
>>> read
"With 6/off, Black's turn"
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine.board import Side
from ..provenance import spans, strip
from . import playwords
from .diemoves import die_move_faults
from .playview import PlayView, label_fault
from .problems import Problem

_TAG_OR_ENTITY = re.compile(r"<[^>]*>|&(?:#\d+|#x[0-9a-fA-F]+|\w+);")
_CLAUSE = re.compile(playwords.CLAUSE_END)
_GUARD = {lang: re.compile(p, re.IGNORECASE) for lang, p in playwords.GUARDS.items()}
_REFUSED = {lang: re.compile(p, re.IGNORECASE) for lang, p in playwords.REFUSALS.items()}
_DIE = {lang: re.compile(r"\b(?:" + "|".join(words) + r")\b", re.IGNORECASE) for lang, words in playwords.DIE_WORDS.items()}
# Kinds about the figure's drawing: a clause's framing words ("once", "-ken") do not undo them.
_FIGURE_KINDS = ("numbers", "sense", "ahead")
# Kinds a page's prose may state of another turn of the story it tells ("Black hits it"): a page
# is checked for what a play does, its figure's caption for who plays it too.
_NARRATED = ("on_roll", "hits", *_FIGURE_KINDS)

HINTS = {
    "play": "say what the shown play does (`show:`), or show the play the words describe; print each point "
            "from the move it belongs to (`s.show.moves[i].src` is where a checker starts, `.dst` where it lands)",
    "on_roll": "the side on roll is the scenario's `turn:`; print it as `{{ s.turn }}`, or set `turn:` to the side "
               "the words name",
    "numbers": "set `diagram: {numbers: …}` to the side whose numbers the words name, or name the side the diagram "
               "numbers from",
    "sense": "say the sense the diagram draws, or set `diagram: {flip: …}` so it draws the one the words name",
    "mark": "mark the point the words describe (`diagram: {highlight: […]}`), or describe the marked point",
    "die": "name the die each move uses: print it from the move (`s.show.moves[i].die.words`)",
    "label": "a label is drawn on its point: make its words true of that point, or put it on the point they describe",
    "cube": "say where the figure's cube is (`diagram: {cube: …}`): print its owner as `{{ s.cube.owner }}`, or "
            "set the diagram's cube to what the words say",
}


@dataclass(frozen=True)
class Statement:
    """A statement found in the text: its kind, where it is (in the reading), what it names."""

    kind: str
    start: int
    end: int
    words: str
    numbers: tuple[int, ...] = ()
    mark: bool = False
    side: Side | None = None
    sense: str = ""


def reading(text: str) -> tuple[str, list[int]]:
    """`text` as a reader reads it (tags dropped, entities read), with each character's index in `text`."""
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in _TAG_OR_ENTITY.finditer(text):
        out.append(text[pos:m.start()])
        where.extend(range(pos, m.start()))
        if m.group().startswith("&"):
            ch = html.unescape(m.group())
            out.append(ch)
            where.extend([m.start()] * len(ch))
        pos = m.end()
    out.append(text[pos:])
    where.extend(range(pos, len(text)))
    return "".join(out), where


@lru_cache(maxsize=16)
def _patterns(lang: str, white: str, black: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    side = rf"(?P<side>{re.escape(white)}|{re.escape(black)})(?:['’]\w*)?"
    found = []
    for kind, p in playwords.STATEMENTS.get(lang, ()):
        text = p.replace("{P}", playwords.POINT[lang]).replace("{SIDE}", side).replace("{PLAY}", playwords.PLAY)
        found.append((kind, re.compile(text, re.IGNORECASE)))
    return tuple(found)


def clauses(read: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each clause of the reading."""
    start = 0
    for m in _CLAUSE.finditer(read):
        yield start, m.start()
        start = m.end()
    yield start, len(read)


def statements(read: str, lang: str, names: dict[str, str]) -> list[Statement]:
    """The play statements of the reading, clause by clause, the guarded ones left out."""
    if lang not in playwords.STATEMENTS:
        return []
    side_of = {names["white"].lower(): Side.WHITE, names["black"].lower(): Side.BLACK}
    found: list[Statement] = []
    for start, end in clauses(read):
        clause = read[start:end]
        refused = bool(_REFUSED[lang].search(clause))
        for kind, pattern in _patterns(lang, names["white"], names["black"]):
            for m in pattern.finditer(clause):
                reach = m.end() if playwords.GUARD_TO_END.get(lang) else m.start()  # "toplarsa": inside
                if kind not in _FIGURE_KINDS and (refused or _GUARD[lang].search(clause, 0, reach)):
                    continue
                groups = m.groupdict()
                # one die's move: "the six moves it to the 18-point" may be a stop on the way
                said = "land" if kind == "reach" and _DIE[lang].search(clause, 0, m.start()) else kind
                nums = tuple(int(groups[g]) for g in ("n", "m") if groups.get(g))
                side = side_of.get((groups.get("side") or "").lower())
                sense = playwords.SENSES.get(re.sub(r"\s+", " ", (groups.get("sense") or "").lower()), "")
                found.append(Statement(said, start + m.start(), start + m.end(), " ".join(m.group().split()), nums,
                                       bool(groups.get("mk")), side, sense))
    return found


def judge(view: PlayView, st: Statement) -> str | None:
    """What the figure shows against the statement (None: it holds)."""
    if st.mark:
        if view.options is None:
            return None
        marked = view.marked()
        if not marked:
            return "the figure marks no point (diagram: highlight)"
        pts = {view.rules.geometry.from_board(view.turn, b) for b in marked}
        return view.judge(st.kind, points=pts, side=st.side, sense=st.sense, mark=True)
    pts = {p for n in st.numbers for p in view.own_points(n)}
    return view.judge(st.kind, points=pts, side=st.side, sense=st.sense)


def _hint(st: Statement) -> str:
    if st.kind in ("on_roll", "numbers", "sense"):
        return HINTS[st.kind]
    if st.kind.startswith("cube"):
        return HINTS["cube"]
    return HINTS["mark"] if st.kind == "ahead" or st.mark else HINTS["play"]


def caption_faults(marked: str, lang: str, view: PlayView, names: dict[str, str]) -> list[tuple[str, str]]:
    """(message, hint) for each statement of a rendered caption that its figure contradicts."""
    read, _ = reading(strip(marked))
    out = []
    for st in statements(read, lang, names):
        fault = judge(view, st)
        if fault is not None:
            out.append((f"the caption says {st.words!r}, but {fault}", _hint(st)))
    out += [(f"the caption says {words!r}, but {fault}", HINTS["die"]) for _, words, fault in die_move_faults(read, lang)]
    return out


def frame_view(scenario: Any, index: int, figure: bool) -> PlayView:
    """The view of frame `index` of a loaded scenario (with its diagram options when `figure`)."""
    from ...scenario.draw import _frame_options

    frame = scenario.frames[index]
    options = None
    if figure:
        options = _frame_options(scenario, frame) if index else scenario.diagram
    return PlayView(frame.position, frame.turn, frame.show, frame.rules or scenario.rules, options,
                    getattr(frame, "show_text", None))


def label_faults(scenario: Any, index: int, lang: str) -> list[tuple[int, str, str]]:
    """(board point, message, hint) for each label of a frame's figure whose words its position
    contradicts ("home" on a point outside every home board, "blot" on a made point)."""
    view = frame_view(scenario, index, True)
    assert view.options is not None
    out = []
    for b, text in view.options.in_language(lang).labels:
        for kind, pattern in playwords.LABELS.get(lang, ()):
            if not re.search(pattern, text, re.IGNORECASE):
                continue
            fault = label_fault(kind, view, b)
            if fault is not None:
                out.append((b, f"the label {text!r} on the {b}-point says {_LABEL_SAYS[kind]}, but {fault}",
                            HINTS["label"]))
            break  # the first kind a label names is the one it means ("outside home" is not "home")
    return out


_LABEL_SAYS = {"home": "the point is in the home board", "outside": "a checker there is outside its home board",
               "blot": "a blot stands there", "made": "the point is made", "empty": "the point is empty",
               "no_waste": "no pips are wasted there"}

_SET = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*scenario\(\s*([\"'])([^\"']+)\2\s*(?:,\s*step\s*=\s*(\d+)\s*)?\)\s*-?%\}")
_ROOT = re.compile(r"\{\{-?\s*(\w+)\s*\.\s*(?:show|turn)\b")  # a play fact of a scenario


def page_problems(marked: str, lang: str, path: str, source: str, first_line: int, names: dict[str, str],
                  load: Callable[[str], Any], severity: str = "error") -> list[Problem]:
    """The play statements of a page's prose that the scenario they print facts of contradicts.
    A clause is bound to a scenario when every computed value it prints from one comes from the
    same `{% set x = scenario(…) %}`; `load(name)` gives that scenario, its claims checked."""
    if "\ue000" not in marked or "scenario(" not in source:
        return []
    from .reader import _printed_at

    sets = [(m.start(), m.group(1), m.group(3), int(m.group(4) or 0)) for m in _SET.finditer(source)]
    if not sets:
        return []
    parts = [p for p in spans(marked) if p.computed and p.line]
    text = "".join(p.text for p in spans(marked))
    read, where = reading(text)
    tags = [m for m in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", source, re.S) if m.group().startswith("{{")]
    line_starts = [0] + [i + 1 for i, c in enumerate(source) if c == "\n"]
    out: list[Problem] = []
    for at_die, words, fault in die_move_faults(read, lang):
        printed = next((p for p in parts if p.start <= where[at_die] < p.start + len(p.text)), None)
        if printed is not None:  # a typed die word is the source audit's
            line, col, _ = _printed_at(tags, source, printed)
            out.append(Problem(path, line + first_line - 1, col, severity, "play",
                               f"this sentence says {words!r}, but {fault}", HINTS["die"]))
    from . import dieclaims  # what one die can do, as the page says it

    out += dieclaims.page_problems(text, read, where, spans(marked), lang, source, sets, load, path, first_line,
                                   severity)
    found = statements(read, lang, names)
    if not found:
        return out
    for start, end in clauses(read):
        mine = [st for st in found if start <= st.start < end and st.kind not in _NARRATED]
        if not mine:
            continue
        lo, hi = where[start] if start < len(where) else len(text), where[end - 1] + 1 if end > start else 0
        bound: set[tuple[str, int]] = set()
        at: tuple[int, int] | None = None
        for p in parts:
            if p.start + len(p.text) <= lo or p.start >= hi:
                continue
            line, col, tag = _printed_at(tags, source, p)
            root = _ROOT.match(tag)
            if root is None:
                continue
            offset = line_starts[line - 1] if 0 < line <= len(line_starts) else 0
            known = [(n, k) for pos, var, n, k in sets if var == root.group(1) and pos <= offset + col]
            if known:
                bound.add(known[-1])
                at = at or (line, col)
        if len(bound) != 1 or at is None:
            continue
        name, step = bound.pop()
        try:
            scenario = load(name)
            view = frame_view(scenario, step, False)
        except Exception:  # noqa: BLE001 - the page's own render reports a scenario that cannot load
            continue
        for st in mine:
            wrong = judge(view, st)
            if wrong is not None:
                out.append(Problem(path, at[0] + first_line - 1, at[1], severity, "play",
                                   f"this sentence says {st.words!r} of scenario {name!r}, but {wrong}", _hint(st)))
    return out
