"""The glossary's facts, bound to the engine: what each entry says with a number or a throw's name.

The glossary page prints `glossary.yaml` as it is written, so its numbers and dice names are
typed text that every reader of the glossary page sees. Each one is checked where it is
written, located in the yaml:

- a throw's name beside the rolls the entry gives (`şeşbeş` / `6-5`, `hep yek, dubara, …` /
  `double 1s, 2s, …`): the n-th name must be the n-th roll (`dicenames`);
- a number of points (`(2 points)`, `3-point result`, `3 puan`) in an entry that names a result:
  the points the engine scores that result (tavla and backgammon: single, mars / gammon,
  katmerli mars / backgammon);
- a number of checkers in the entry for a made point (`kapı`, `made point`): the checkers that
  make a point, the engine's `block_at`;
- any other number or number word is a fact no check backs, and an error.

>>> from pathlib import Path
>>> import tempfile
>>> d = Path(tempfile.mkdtemp()) / "g.yaml"
>>> _ = d.write_text('sections:\\n  - id: x\\n    terms:\\n      - {tr: "mars", en: "gammon (3 points)"}\\n')
>>> [(p.line, p.col, p.message) for p in glossary_problems(d, "g.yaml", "error")]
[(4, 35, 'this entry says a gammon scores 3; the engine scores it 2 points')]
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import features
from .antonyms import glossary_antonym_problems
from .dicenames import roll_of, stated_roll_spans
from .glossaryterms import term_meaning_problems
from .glossgloss import gloss_problems
from .hints import word_value
from .patterns import find_facts
from .problems import Problem

_FIELDS = {"tr": "tr", "en": "en", "el": "el", "note_tr": "tr", "note_en": "en", "note_el": "el"}
# The words that name a result, each with the engine's name of the result (`Ruleset.summary()["scoring"]`).
_RESULTS = (("katmerli_mars", r"katmerli\s+mars\w*"), ("backgammon", r"backgammons?"),
            ("mars", r"(?<!katmerli )mars\w*"), ("gammon", r"(?<!back)gammons?"),
            ("single", r"single\s+game|tek\s+oyun\w*"))
_RESULT_RE = re.compile("|".join(f"(?P<{k}>(?<![\\w]){p})" for k, p in _RESULTS), re.IGNORECASE)
_NAMES = {"single": "single game", "katmerli_mars": "katmerli mars"}
_POINTS_AFTER = re.compile(r"\s*-?\s*(?:points?\b|puan\w*)", re.IGNORECASE)
_MADE_POINT = re.compile(r"made\s+point|(?<!\w)kapı(?!\w)", re.IGNORECASE)
_CHECKERS_AFTER = re.compile(r"(?:\s+(?:or\s+more|ya\s+da\s+daha\s+fazla|veya\s+daha\s+fazla|own|kendi))*\s+"
                             r"(?:checkers?|pul\w*)", re.IGNORECASE)
_ITEM = re.compile(r"[^,;()]+")
HINT_POINTS = "write the points the engine scores ({table}), or leave the number out"
HINT_DICE = "pair each name with its own roll, in the same order ({example})"
HINT_UNBOUND = ("a glossary states only facts the build checks: a result's points, the checkers that make a point, "
                "the rolls beside the throws' names; write this one in words that state no number, or put it on a page "
                "where a helper prints it")


@lru_cache(maxsize=1)
def _engine() -> tuple[dict[str, int], int]:
    """The points of each result the glossary's games score, and the checkers that make a point."""
    from ...variants import ruleset

    points: dict[str, int] = {}
    for r in (ruleset("tavla", katmerli_mars=True), ruleset("backgammon")):
        points.update(dict(r.summary()["scoring"]))
    return points, ruleset("tavla").block_at


def glossary_problems(path: Path, shown: str, level: str) -> list[Problem]:
    """Every number and throw's name of the glossary at `path` that the engine does not back."""
    from ..glossary import GlossaryError, load_glossary

    try:
        data = load_glossary(path)
    except (GlossaryError, OSError):
        return []  # reported where the glossary is read (`terms`)
    out: list[Problem] = []
    for key, entry in _entries(data.sections):
        out += _entry_problems(entry, key, data.doc, shown, level)
    from .glossaryunique import unique_problems  # one term, one thing

    return out + unique_problems(data.sections, data.doc, shown, level)


def _entries(sections: list[Any]) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    for i, section in enumerate(sections):
        terms = section.get("terms") if isinstance(section, dict) else None
        for j, entry in enumerate(terms if isinstance(terms, list) else []):
            if isinstance(entry, dict):
                yield ("sections", i, "terms", j), entry


def _entry_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str, level: str) -> list[Problem]:
    texts = {f: v for f, v in entry.items() if f in _FIELDS and isinstance(v, str)}
    out: list[Problem] = []
    bound: dict[str, list[tuple[int, int]]] = {f: [] for f in texts}

    def problem(field: str, offset: int, message: str, hint: str) -> None:
        line, col = doc.char_mark((*key, field), offset)
        out.append(Problem(shown, line, col, level, "glossary", message, hint))

    # Throws' names against the rolls the entry gives.
    names = [(f, m.start(), m.group().strip(), r) for f, t in texts.items() for m in _ITEM.finditer(t)
             if (r := roll_of(m.group())) is not None]
    rolls = [(f, s, e, r) for f, t in texts.items() for s, e, r in stated_roll_spans(t)]
    for f, s, e, _ in rolls:
        bound[f].append((s, e))
    for f, s, name, _ in names:
        bound[f].append((s, s + len(name) + texts[f][s:].index(name)))
    if names and rolls:
        if len(names) != len(rolls):
            f, s, name, _ = names[0]
            problem(f, s + texts[f][s:].index(name), f"this entry names {len(names)} throws but gives "
                    f"{len(rolls)} rolls", HINT_DICE.format(example="hep yek, dubara: double 1s, 2s"))
        else:
            for (f, s, name, meant), (_, _, _, given) in zip(names, rolls, strict=True):
                if meant != given:
                    problem(f, s + texts[f][s:].index(name), f"this entry pairs {name!r} with {_roll(given)}; "
                            f"{name} is {_roll(meant)}", HINT_DICE.format(example=f"{name}: {_roll(meant)}"))
    points, block_at = _engine()
    results = [(m.lastgroup, f, m.start()) for f, t in texts.items() for m in _RESULT_RE.finditer(t)]
    made = any(_MADE_POINT.search(t) for t in texts.values())
    for f, text in texts.items():
        for fact in find_facts(text, _FIELDS[f]):
            start, end = fact.start, fact.start + len(fact.text)
            if any(s <= start < e for s, e in bound[f]) or fact.kind in ("roll", "play"):
                continue
            value = _value(fact, _FIELDS[f])
            if value is not None and _POINTS_AFTER.match(text, end):
                kind = _result_for(results, f, start, points)
                if kind is None:
                    problem(f, start, f"{fact.text!r} points in an entry that names no result",
                            "say which result scores them (single game, mars / gammon, katmerli mars / backgammon)")
                elif points.get(kind) != value:
                    word = _NAMES.get(kind, kind)
                    table = ", ".join(f"{_NAMES.get(k, k)} {v}" for k, v in points.items())
                    problem(f, start, f"this entry says a {word} scores {fact.text}; the engine scores it "
                            f"{points[kind]} point{'s' if points[kind] != 1 else ''}", HINT_POINTS.format(table=table))
                continue
            if value is not None and made and _CHECKERS_AFTER.match(text, end):
                if value != block_at:
                    problem(f, start, f"this entry says {fact.text} checkers make a point; the engine makes a point "
                            f"with {block_at}", f"write {block_at} (the engine's `block_at`)")
                continue
            problem(f, start, f"{fact.text!r} in the glossary is a number no check backs", HINT_UNBOUND)
    out += features.glossary_problems(entry, key, doc, shown, level)  # "draw (Gülbara)": a game without the rule
    return out + term_meaning_problems(entry, key, doc, shown, level) + gloss_problems(entry, key, doc, shown, level) \
        + glossary_antonym_problems(entry, key, doc, shown, level)


def _value(fact: Any, lang: str) -> int | None:
    if fact.kind == "number" and fact.text.isdigit():
        return int(fact.text)
    return word_value(fact.text, lang) if fact.kind == "word" else None


def _result_for(results: list[tuple[str | None, str, int]], field: str, at: int,
                points: dict[str, int]) -> str | None:
    """The result a number of points belongs to: the nearest named before it in its own text,
    else the result the entry names anywhere (`mars` and `gammon`: one result in two languages)."""
    before = [k for k, f, s in results if f == field and s < at]
    if before:
        return before[-1]
    kinds = sorted({k for k, _, _ in results if k})
    return kinds[0] if kinds and len({points.get(k) for k in kinds}) == 1 else None


def _roll(r: tuple[int, int]) -> str:
    return f"double {r[0]}s" if r[0] == r[1] else f"{r[0]}-{r[1]}"
