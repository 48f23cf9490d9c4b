"""A sentence that compares two games is judged against both rulesets: "Both games are played …
from different setups", "tavla and backgammon, which share every rule".

The games compared are those the sentence names, else those its section heading names (at least
two). What is compared is computed: the setup is each ruleset's starting position and direction
(`Ruleset.start`, `geometry`), the rules are each ruleset's summary (`Ruleset.summary()`, the rows
of the rules table). A claim of a shared setup where the setups differ, of different setups where
they agree, or of every rule shared where the summaries differ, is an error naming what differs.
The phrasings are per language below; a language with none is not judged.
"""
from __future__ import annotations

import re
from typing import Any

from .lexicon import fold

# language: claim -> pattern on lower-cased text. A negation before a claim ("not from the same setup") is left alone.
_CLAIMS: dict[str, dict[str, str]] = {
    "en": {
        "same_setup": r"(?<!not )(?<!n't )(?:from |with |share |have )?the same "
                      r"(?:setup|starting position|initial position|starting layout)\b",
        "different_setup": r"(?:from |with )?different (?:setups|starting positions|initial positions|starting layouts)\b"
                           r"|(?:do not|don't) (?:share|have|start from) the same (?:setup|starting position)\b",
        "same_rules": r"share (?:every |each |all (?:of )?(?:the |their )?)rules?\b|(?:identical|exactly the same) rules\b"
                      r"|(?<!not )the same rules in every (?:respect|way)\b"
                      r"|\bno differences? (?:in|between) (?:their |the )?rules\b",
    },
    "tr": {
        "same_setup": r"aynı (?:diziliş|başlangıç (?:konum|diziliş))\w*",
        "different_setup": r"farklı (?:diziliş|başlangıç (?:konum|diziliş))\w*|dizilişler\w* farklı\w*",
        "same_rules": r"(?:bütün|tüm|her) kural\w* (?:ortak|aynı)\w*|kuralların\w* hepsi (?:ortak|aynı)\w*"
                      r"|kuralları(?:nda)? hiçbir fark (?:yok|bulunmaz)\w*",
    },
}
_SENTENCE = re.compile(r"[^.!?;\n]+")
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+.*$", re.MULTILINE)
HINT = "say what the games share and where they differ as their rules define it, or print it from `rules_summary`"


def comparison_faults(text: str, lang: str, named: list[tuple[int, str]]) -> list[tuple[int, int, str, str, str]]:
    """(start, end, words, message, hint) for each false comparison of `text`; `named` holds where
    each game is named (its start in `text`, its variant)."""
    claims = _CLAIMS.get(lang) or _CLAIMS.get(lang.split("_")[0])
    if not claims:
        return []
    folded = fold(text, lang)
    headings = [(m.start(), m.end()) for m in _HEADING.finditer(text)]
    out = []
    for sent in _SENTENCE.finditer(folded):
        games = _games(named, sent.start(), sent.end())
        if len(games) < 2:
            heading = next(((a, b) for a, b in reversed(headings) if b <= sent.start()), None)
            games = _games(named, *heading) if heading else []
        if len(games) < 2:
            continue
        for claim, pattern in claims.items():
            for m in re.finditer(pattern, sent.group()):
                a, b = sent.start() + m.start(), sent.start() + m.end()
                message = _wrong(claim, games, text[a:b].strip())
                if message:
                    out.append((a, b, text[a:b], message, HINT))
    return out


def _games(named: list[tuple[int, str]], lo: int, hi: int) -> list[str]:
    return list(dict.fromkeys(game for at, game in named if lo <= at < hi))


def _wrong(claim: str, games: list[str], words: str) -> str | None:
    from ...variants import ruleset

    rules = [ruleset(g) for g in games]
    names = " and ".join(r.display_name for r in rules)
    if claim in ("same_setup", "different_setup"):
        setups = {(tuple(sorted(r.start.items())), r.geometry) for r in rules}
        if claim == "same_setup" and len(setups) > 1:
            return f"{words!r} says that {names} start from the same setup; they do not: " + \
                "; ".join(f"{r.display_name} {_setup(r)}" for r in rules)
        if claim == "different_setup" and len(setups) == 1:
            return f"{words!r} says that {names} start from different setups; both start from the same one, {_setup(rules[0])}"
        return None
    summaries = [r.summary() for r in rules]
    differ = sorted({k for s in summaries for k in s if k not in ("variant", "other_names")
                     and any(t.get(k) != s.get(k) for t in summaries)})
    if differ:
        return f"{words!r} says that {names} share every rule; their rules differ in: {', '.join(_row(k) for k in differ)}"
    return None


def _setup(rules: Any) -> str:
    return ", ".join(f"{n} on the {p}-point" for p, n in sorted(rules.start.items(), reverse=True)) + \
        f", the players moving in {'opposite directions' if rules.geometry.value == 'opposite' else 'the same direction'}"


def _row(key: str) -> str:
    return key.replace("_", " ")
