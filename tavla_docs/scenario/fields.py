"""The error collector and the simple typed fields (turn, roll, turn_number, caption, diagram).

Every validator reports through one `Collector` instead of raising, so a file with
five problems gets five diagnostics in one run, each at the line and column where
the author wrote the offending key or value.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Hashable, Mapping
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from ..diagram.options import DiagramOptionError, DiagramOptions, parse_diagram_options
from ..engine.board import Position, Side
from ..engine.dice import Roll, RollError
from ..engine.rules import Ruleset
from ..engine.state import OPPOSING, initial_state
from ..engine.written import original_column, segment_columns
from ..formats.yamlmarks import MarkedDoc
from .claims import Engine
from .diagnostics import Diagnostic

P = tuple[Hashable, ...]  # a path into the YAML document, like ("expect", "legal", 0)


def suggest(word: Any, known: tuple[str, ...]) -> str:
    """A "did you mean" hint for an unknown key."""
    close = difflib.get_close_matches(str(word), known, n=1, cutoff=0.6)
    if close:
        return f"did you mean `{close[0]}`?"
    return "known keys: " + ", ".join(known)


def is_int(v: Any) -> bool:
    """A whole number as YAML gives it (YAML's true/false are bools, which Python counts as ints)."""
    return isinstance(v, int) and not isinstance(v, bool)


def kind(v: Any) -> str:
    """How a wrong value reads in a message: `nothing`, `true`, `a list`, or its repr."""
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return f"{str(v).lower()}"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, Mapping):
        return "a mapping"
    return repr(v)



def backwards_hint(text: str, side: Side, position: Position, rules: Ruleset) -> tuple[int, str, str] | None:
    """(column, move, hint) for the first written move that climbs (`1/7`), else None.

    The hint reverses the move; for Black it also reads the points as White's numbers
    (White's p is Black's 25−p in Tavla), a common slip, and offers whichever reading
    starts where the mover has a checker.

    >>> from tavla_docs.variants import TAVLA
    >>> backwards_hint("6/5 1/7", Side.WHITE, TAVLA.starting_position(), TAVLA)[::2]
    (4, "moves go from higher to lower points in the mover's own numbering; did you mean 7/1?")
    >>> hint = backwards_hint("19/24", Side.BLACK, TAVLA.starting_position(), TAVLA)[2]  # Black has 24 and 6
    >>> hint.split("; ")[1:]
    ["Black's own point is 25−p of White's p (White's 19 is Black's 6)", 'did you mean 24/19 or 6/1?']
    """
    mine = initial_state(position, side)[0]  # the mover's checkers, in its own numbering
    for col, tok in zip(segment_columns(text), text.split(), strict=True):
        move, paren, count = tok.partition("(")
        stops = [(q.rstrip("*"), q.endswith("*")) for q in move.split("/")]
        if len(stops) < 2 or not all(n.isdigit() and 1 <= int(n) <= 24 for n, _ in stops):
            continue  # not notation, or bar/off: the parser says what is wrong
        pts = [int(n) for n, _ in stops]
        if all(a > b for a, b in pairwise(pts)):
            continue
        flipped = "/".join(n + ("*" if hit and k else "") for k, (n, hit) in enumerate(reversed(stops))) + paren + count
        guesses = [flipped]
        hint = "moves go from higher to lower points in the mover's own numbering"
        own = [OPPOSING[rules.geometry][p] for p in pts]  # the points read as White's numbers
        if side is Side.BLACK and all(a > b for a, b in pairwise(own)):
            read = "/".join(str(p) + ("*" if hit else "") for p, (_, hit) in zip(own, stops, strict=True)) + paren + count
            guesses = [g for g, src in ((flipped, pts[-1]), (read, own[0])) if mine[src]] or [flipped, read]
            if read in guesses:
                rule = "25−p" if own[0] == 25 - pts[0] else "p±12"
                hint += f"; Black's own point is {rule} of White's p (White's {pts[0]} is Black's {own[0]})"
        return col, tok, f"{hint}; did you mean {' or '.join(guesses)}?"
    return None

class Collector:
    """One file's diagnostics, plus what every validator needs: the marked document and the engine."""

    def __init__(self, source: str, doc: MarkedDoc, engine: Engine) -> None:
        self.source = source
        self.doc = doc
        self.engine = engine
        self.diags: list[Diagnostic] = []

    def err(self, path: P, message: str, hint: str | None = None, *, key: bool = False,
            offset: int | None = None) -> None:
        """Report at the value at `path`, at its key (`key=True`), or at character `offset` of it."""
        if offset is not None:
            line, col = self.doc.char_mark(path, offset)
        elif key:
            line, col = self.doc.key_mark(path)
        else:
            line, col = self.doc.mark(path)
        # A diagnostic is one line: author text quoted into it (odd keys, values) may not break it.
        message = message.replace("\r", "\\r").replace("\n", "\\n")
        self.diags.append(Diagnostic(self.source, line, col, message, hint))

    def keys(self, data: Mapping, path: P, known: tuple[str, ...], where: str) -> None:
        """Report each key of `data` that is not in `known`, with a did-you-mean hint."""
        for k in data:
            if k not in known:
                self.err(path + (k,), f"unknown key {k!r} in {where}", suggest(k, known), key=True)

    def mapping(self, v: Any, path: P, what: str, example: str) -> bool:
        """True if `v` is a mapping; otherwise report, showing `example`."""
        if isinstance(v, Mapping):
            return True
        self.err(path, f"{what} takes a mapping, like {example}, not {kind(v)}")
        return False


def turn(c: Collector, raw: Any, path: P, default: Side | None, required: bool) -> Side | None:
    """`turn: white|black`; a missing turn falls back to `default` (the side an XGID or the
    previous step gives) and is an error only where the frame needs one."""
    if raw is None:
        if default is None and required:
            c.err(path[:-1], "missing key `turn`", "add `turn: white` or `turn: black`")
        return default
    if not isinstance(raw, str):
        c.err(path, f"turn is `white` or `black`, not {kind(raw)}")
        return None
    try:
        return Side.parse(raw)
    except ValueError:
        c.err(path, f"turn is `white` or `black`, not {raw!r}")
        return None


def roll(c: Collector, raw: Any, path: P) -> tuple[Roll | None, bool]:
    """`roll: 6-3` → (roll, ok); no roll is fine (odds and pips claims need none)."""
    if raw is None:
        return None, True
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        c.err(path, f"a roll is two dice like 6-3 or 5-5, not {kind(raw)}")
        return None, False
    try:
        return Roll.parse(str(raw)), True
    except RollError as e:
        c.err(path, f"bad roll {str(raw)!r}: {e}".replace(f": not a roll: {str(raw)!r}; ", ": "))
        return None, False


def turn_number(c: Collector, data: Mapping) -> int | None:
    """`turn_number: N`: the game turn of the first frame (1 = the opening turn); later
    `then:` steps are turns N+1, N+2, …. Without it a roll counts as a later turn."""
    if "turn_number" not in data:
        return None
    v = data["turn_number"]
    if not is_int(v) or v < 1:
        c.err(("turn_number",), f"turn_number counts game turns from 1 (the opening turn), not {kind(v)}",
              "the head rule's first-turn exception is turn 1 or 2; Gülbara plays doubles normally in turns 1–3")
        return None
    return v


# What XML 1.0 allows in text (and so the SVG's <title> and the page's HTML): no C0 controls but tab,
# line feed and carriage return, no lone surrogates, no U+FFFE/U+FFFF.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_invalid(text: str) -> int | None:
    r"""The index of the first character XML cannot hold, else None.

    >>> xml_invalid("a\x00b"), xml_invalid("tab\tand line\n")
    (1, None)
    """
    m = _XML_INVALID.search(text)
    return m.start() if m else None


def caption(c: Collector, raw: Any, path: P) -> Mapping[str, str]:
    """`caption: {tr: …, en: …}`, sorted by language so output does not depend on key order."""
    if raw is None:
        return MappingProxyType({})
    if not c.mapping(raw, path, "caption", '{tr: "…", en: "…"}'):
        return MappingProxyType({})
    out: dict[str, str] = {}
    for lang, text in raw.items():
        if not isinstance(lang, str) or not (2 <= len(lang) <= 8 and lang.replace("-", "").isalpha()):
            c.err(path + (lang,), f"caption language {lang!r} is not a language code like tr or en", key=True)
        elif not isinstance(text, str) or not text.strip():
            c.err(path + (lang,), f"caption {lang}: expected text, not {kind(text)}")
        elif (bad := xml_invalid(text)) is not None:
            c.err(path + (lang,), f"caption {lang}: the character U+{ord(text[bad]):04X} cannot appear in a "
                  "page or a diagram", "remove it: a control character prints nothing, and the SVG could not be read",
                  offset=bad)
        else:
            out[lang] = text
    return MappingProxyType(dict(sorted(out.items())))


def diagram(c: Collector, raw: Any, path: P) -> DiagramOptions:
    """The `diagram:` block via diagram.options; its error names the option and the entry in it,
    which we locate (a bad move at the character where it stops being notation)."""
    try:
        return parse_diagram_options(raw)
    except DiagramOptionError as e:
        if e.key == "diagram" or not isinstance(raw, Mapping):
            c.err(path, e.message)
            return DiagramOptions()
        key = next((k for k in raw if str(k) == e.key), e.key)
        if key not in raw or e.message.startswith("unknown diagram option"):
            c.err(path + (key,), e.message, key=True)
        elif e.column is not None:
            text = _entry(raw[key], e.where)
            c.err(path + (key, *e.where), e.message, offset=original_column(text, e.column))
        else:
            c.err(path + (key, *e.where), e.message, key=e.at_key)
        return DiagramOptions()


def _entry(value: Any, where: P) -> str:
    """The text at `where` inside an option's value (a forbidden move, in a list or alone)."""
    for k in where:
        value = value[k]
    return str(value)


def diagram_for_game(c: Collector, options: DiagramOptions, raw: Any, path: P, rules: Ruleset,
                     languages: Mapping[str, str]) -> None:
    """What `diagram:` can only be checked against the game and the caption: a cube needs a game
    that has one and a face it allows; a label written per language speaks the caption's languages."""
    if not isinstance(raw, Mapping):
        return
    if options.cube is not None:
        cp = path + ("cube",)
        if not rules.has_cube:
            c.err(cp, f"{rules.variant} has no doubling cube: remove `cube`", key=True)
        elif rules.cube_max is not None and options.cube[0] > rules.cube_max:
            c.err(cp + ("value",), f"the cube's highest face in {rules.variant} is {rules.cube_max}, "
                  f"not {options.cube[0]}", "the rule option cube_max sets it")
    if not languages:
        return
    for b, texts in options.label_texts:  # b is the label's key as written (a whole number)
        own = dict(texts)
        for lang in languages:
            if lang not in own:
                c.err(path + ("labels", b), f"label for point {b} has no {lang} text, but the caption has one",
                      f"write it in every language of the caption: {{{', '.join(f'{k}: …' for k in languages)}}}")
        for lang in own:
            if lang not in languages:
                c.err(path + ("labels", b, lang), f"label for point {b} in {lang}: the caption has no {lang} "
                      f"text", "captions: " + ", ".join(languages), key=True)
