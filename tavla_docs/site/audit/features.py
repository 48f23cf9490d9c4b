"""A rule feature named where the game it is said of does not have it.

A page's front matter (title, description, summary) and its headings list what the page covers:
"setup, pinning, the mother checker, bearing off". Each feature noun there (pinning, the bar, the
doubling cube, the head rule, the doubles progression, the Crawford rule, a draw, …) is bound to a
lexicon fact whose value the page's game's ruleset gives (`features.yaml`: the fact and the values
where a game has the feature). A feature none of the page's games has (each `rules("…")` it
calls) is a topic the page promises and its games do not have: an error at the word. A glossary
entry that attributes its term to games ("draw (Tapa)", a note "in Tapa") is judged the same way
against each game it names.

A clause that takes the feature back ("no hitting", "pinning instead of hitting", "kırmasız") is
not read; nor, in front matter, is the rest of a sentence once it names another game ("in
backgammon, also the doubling cube"); a heading is not judged when a sentence of its section names
the feature with a game that has it ("In backgammon, the cube …").

>>> from tavla_docs.variants import ruleset
>>> [(w, f.key) for _, w, f in absent("the board, the setup, pinning, doubles", "en", [ruleset("backgammon")])]
[('pinning', 'pinning')]
>>> absent("pinning a lone checker instead of hitting it", "en", [ruleset("tapa")])
[]
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .problems import Problem

HINT = ("list only what the page's game has (its ruleset, `rules(\"…\")`), or say where the feature "
        "belongs (\"unlike backgammon, no doubling cube\") (docs/authoring.md, \"What the build checks\")")
GLOSS_HINT = "name the games that have this rule (their rulesets), or leave the game out"
_SENTENCE = re.compile(r"[^.;!?\n]+")
_CLAUSE = re.compile(r"[^,:()\[\]–—]+|[–—]")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$", re.MULTILINE)
_FENCE = re.compile(r"^(`{3,}|~{3,}).*?^\1", re.MULTILINE | re.DOTALL)
_BRACKET = re.compile(r"\(([^()]*)\)")


_KEYS = ("name", "fact", "has")  # a feature's own keys; every other key is a language's words


@dataclass(frozen=True)
class Feature:
    key: str
    name: str
    fact: str
    has: tuple[Any, ...]
    words: dict[str, re.Pattern[str]]


@cache
def _table() -> tuple[tuple[Feature, ...], dict[str, re.Pattern[str]]]:
    data = yaml.safe_load(Path(__file__).with_name("features.yaml").read_text(encoding="utf-8"))
    feats = tuple(Feature(k, v["name"], v["fact"], tuple(v["has"]),
                          {lang: re.compile("|".join(f"(?:{p})" for p in ps), re.IGNORECASE)
                           for lang, ps in v.items() if lang not in _KEYS and ps})
                  for k, v in data["features"].items())
    neg = {lang: re.compile("|".join(f"(?:{p})" for p in ps), re.IGNORECASE) for lang, ps in data["negation"].items()}
    return feats, neg


def _has(feature: Feature, rules: Any) -> bool | None:
    """Whether `rules`' game has the feature; None where the fact is not known there."""
    from .lexicon import lexicon
    from .statements import truth

    lex = lexicon()
    known, value = truth(lex.facts[feature.fact], rules, lex)
    return (value in feature.has) if known else None


def _games(text: str, lang: str) -> set[str]:
    from .lexicon import lexicon

    return {g for g, by_lang in lexicon().variants.items() if (p := by_lang.get(lang)) is not None and p.search(text)}


def _says(feature: Feature, rules: Any) -> str:
    """What the game has instead, in words (the lexicon's clause), unless that only repeats 'there is no …'."""
    from .lexicon import lexicon
    from .statements import truth

    lex = lexicon()
    known, value = truth(lex.facts[feature.fact], rules, lex)
    said = lex.facts[feature.fact].says.get(value, "") if known else ""
    return "" if not said or said.startswith(("there is no", "a game cannot")) else f": {said}"


def absent(text: str, lang: str, games: list[Any], whole_sentence: bool = True) -> list[tuple[int, str, Feature]]:
    """(offset, word, feature) of each feature `text` names as a topic that none of `games` has.
    A sentence stops being read at a clause naming another game (`whole_sentence`)."""
    feats, neg = _table()
    out: list[tuple[int, str, Feature]] = []
    own = {g.variant for g in games}
    for sentence in _SENTENCE.finditer(text):
        for clause in _CLAUSE.finditer(sentence.group()):
            words = clause.group()
            if _games(words, lang) - own:
                if whole_sentence:
                    break
                continue
            if (n := neg.get(lang)) is not None and n.search(words):
                continue
            at = sentence.start() + clause.start()
            for f in feats:
                p = f.words.get(lang)
                m = p.search(words) if p is not None else None
                if m is not None and all(_has(f, g) is False for g in games):
                    out.append((at + m.start(), m.group(), f))
    return out


def page_games(body: str) -> list[Any]:
    """The games a page computes facts for: each `rules("…")` call's, in order, without repeats."""
    from .statements import _RULES_CALL, call_ruleset

    out: list[Any] = []
    for m in _RULES_CALL.finditer(body):
        found = call_ruleset(m.group(2), m.group(3))
        if found is not None and found.variant not in {g.variant for g in out}:
            out.append(found)
    return out


def _lacks(f: Feature, games: list[Any]) -> str:
    names = [g.display_name for g in games]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{who} {'has' if len(names) == 1 else 'have'} no {f.name}{_says(f, games[0]) if len(games) == 1 else ''}"


def front_problems(path: str, values: Iterable[tuple[int, int, str, str]], body: str, lang: str, level: str,
                   first: int) -> list[Problem]:
    """Topics in the front matter (`values`: `pageparts.front_values`) and the headings that none of
    the page's games (`page_games`) has."""
    from .statements import visible

    games = page_games(body)
    if not games:
        return []
    out = []
    for line, col, key, value in values:
        for at, word, f in absent(value, lang, games):
            out.append(Problem(path, line, col + at, level, "rule",
                               f"the {key} lists {word!r} among the page's topics, but {_lacks(f, games)}", HINT))
    plain = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), body)
    heads = list(_HEADING.finditer(plain))
    for i, h in enumerate(heads):
        level_of = len(h.group(1))
        end = next((n.start() for n in heads[i + 1:] if len(n.group(1)) <= level_of), len(plain))
        section = visible(plain[h.end():end])
        for at, word, f in absent(visible(h.group(2)), lang, games):
            if _elsewhere(f, section, lang):
                continue
            line = first + plain.count("\n", 0, h.start(2) + at)
            col = h.start(2) + at - (plain.rfind("\n", 0, h.start(2)) + 1) + 1
            out.append(Problem(path, line, col, level, "rule",
                               f"the heading {h.group(2).strip()!r} names {word!r}, but {_lacks(f, games)}", HINT))
    return out


def _elsewhere(f: Feature, section: str, lang: str) -> bool:
    """Whether a sentence of `section` names the feature with a game that has it ("In backgammon, the cube …")."""
    p = f.words.get(lang)
    return p is not None and any(p.search(s.group()) and any(_has(f, ruleset_of(g)) for g in _games(s.group(), lang))
                                 for s in _SENTENCE.finditer(section))


def ruleset_of(game: str) -> Any:
    from ...variants import ruleset

    return ruleset(game)


def glossary_problems(entry: dict[str, Any], key: tuple[Any, ...], doc: Any, shown: str, level: str) -> list[Problem]:
    """A term attributed to games (its brackets, or a short note naming them) that lack its rule."""
    out = []
    for field in ("en", "tr", "el"):
        text = entry.get(field)
        if not isinstance(text, str):
            continue
        scopes = [(m.start(1), m.group(1)) for m in _BRACKET.finditer(text)]
        note = entry.get(f"note_{field}")
        if isinstance(note, str) and len(note.split()) <= 4:
            scopes.append((-1, note))
        term = _BRACKET.sub(lambda m: " " * len(m.group()), text)
        for at, scope in scopes:
            for game in sorted(_games(scope, field)):
                rules = ruleset_of(game)
                for f in _table()[0]:
                    p = f.words.get(field)
                    m = p.search(term) if p is not None else None
                    if m is None or _has(f, rules) is not False:
                        continue
                    line, col = doc.char_mark((*key, field), at if at >= 0 else m.start())
                    out.append(Problem(shown, line, col, level, "glossary",
                                       f"this entry gives {m.group()!r} as a term of {rules.display_name}, but "
                                       f"{rules.display_name} has no {f.name}{_says(f, rules)}", GLOSS_HINT))
    return out
