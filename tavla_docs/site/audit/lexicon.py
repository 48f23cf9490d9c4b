"""The lexicon of rule statements (`site/statements.yaml`): read once, its shape checked, its
patterns compiled. The lexicon is data a contributor edits, so every mistake in it is a
located error (`LexiconError`), never a traceback; `statements` applies it.

>>> lex = lexicon()
>>> sorted(lex.facts)[:3], lex.statements[0].fact
(['backgammon_result', 'backgammon_where', 'bar'], 'bar')
>>> fold("İKİ KAPI", "tr"), fold("Is", "en")
('iki kapı', 'is')
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...errors import TavlaError
from . import conditioned, langlex, relations

LEXICON_FILE = Path(__file__).parents[1] / "statements.yaml"
_READS = ("summary", "attr", "option", "rule", "result", "analysis", "score")
_HINT = "see the comments at the top of tavla_docs/site/statements.yaml for the shape of each section"


class LexiconError(TavlaError):
    """A located mistake in the lexicon file: `path:line:col: error: message`, then a hint."""


@dataclass(frozen=True)
class Fact:
    """What a statement can be about: where its truth comes from, and each value in words."""

    name: str
    read: str | None  # "summary.bar", "option.head_rule", …; None: `value` holds in every game
    value: Any
    default: Any
    mapping: dict[Any, Any]
    applies: tuple[str, Any] | None  # (fact, value): the fact exists only in games where that one has it
    says: dict[Any, str]


@dataclass(frozen=True)
class Statement:
    """One way of stating a fact: the value said (or, `negated`, the value denied) and the
    compiled patterns per language."""

    fact: str
    value: Any
    negated: bool
    patterns: dict[str, tuple[re.Pattern[str], ...]]
    unless: dict[str, re.Pattern[str]]  # per language: found in the same sentence, the statement is not made
    unless_paragraph: dict[str, re.Pattern[str]]  # the same, anywhere in the paragraph


@dataclass(frozen=True)
class Lexicon:
    variants: dict[str, dict[str, re.Pattern[str]]]  # game -> language -> one pattern of its names
    contrast: dict[str, tuple[re.Pattern[str] | None, re.Pattern[str] | None]]  # language -> (before, after)
    facts: dict[str, Fact]
    statements: tuple[Statement, ...]


def fold(text: str, lang: str) -> str:
    """Lower case that keeps every character's place (patterns match the folded text; "İ" would
    lower to two characters), with the language's letters (Turkish dotless "ı" for "I") and, where
    its file says so, without marks (Greek "τάβλα" is "ταβλα"): `langlex.fold_text`."""
    return langlex.fold_text(text, lang)


@lru_cache(maxsize=4)
def lexicon(path: Path = LEXICON_FILE) -> Lexicon:
    """The lexicon in `path` (the facts, and the phrasings of the languages it names) with every other language's
    phrasings from its own file (`langlex`), checked and compiled (once per file)."""
    from ...formats.yamlmarks import YamlError, load_yaml

    def read(file: Path) -> Any:
        try:
            return load_yaml(file.read_text(encoding="utf-8"), "lexicon files")
        except YamlError as e:
            raise LexiconError(f"{file}:{e.line}:{e.col}: error: {e.message}\n    hint: {_HINT}") from None
        except OSError as e:
            raise LexiconError(f"{file}:1:1: error: the lexicon cannot be read: {e}") from None

    more = path.parent / f"{path.stem}.d"  # more facts and statements, a file per topic (`statements.d/*.yaml`)
    return _build(read(path), str(path), [(read(f), str(f)) for f in sorted(more.glob("*.yaml"))])


def _fail(doc: Any, shown: str, key: tuple[Any, ...], message: str, hint: str = _HINT) -> LexiconError:
    line, col = doc.mark(key)
    return LexiconError(f"{shown}:{line}:{col}: error: {message}\n    hint: {hint}")


def _mapping(doc: Any, shown: str, key: tuple[Any, ...], value: Any) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise _fail(doc, shown, key, f"{'.'.join(map(str, key)) or 'the file'} must be a mapping")
    return value


def _compile(doc: Any, shown: str, key: tuple[Any, ...], pattern: Any, flags: int = 0) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise _fail(doc, shown, key, "a pattern is a non-empty string")
    try:
        return re.compile(pattern, flags)
    except re.error as e:
        raise _fail(doc, shown, key, f"this pattern is not a regular expression: {e}",
                    "write the pattern in single quotes; a literal '(' or '.' is written '\\(' or '\\.'") from None


def _patterns(doc: Any, shown: str, key: tuple[Any, ...], value: Any, flags: int = 0) -> tuple[re.Pattern[str], ...]:
    if not isinstance(value, list) or not value:
        raise _fail(doc, shown, key, f"{key[-1]} must be a list of patterns")
    return tuple(_compile(doc, shown, key + (i,), p, flags) for i, p in enumerate(value))


def _one(patterns: tuple[re.Pattern[str], ...], flags: int = 0) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p.pattern})" for p in patterns), flags)


def _build(doc: Any, shown: str, more: list[tuple[Any, str]] = []) -> Lexicon:  # noqa: B006 (read only)
    top = _mapping(doc, shown, (), doc.value)
    for section in ("variants", "contrast", "facts", "statements"):
        if section not in top:
            raise _fail(doc, shown, (), f"the lexicon has no '{section}' section")
    variants: dict[str, dict[str, re.Pattern[str]]] = {}
    games = _mapping(doc, shown, ("variants",), top["variants"])
    # the languages whose phrasings this file holds: those that name the games (every other
    # language has its own file, `langlex`)
    langs = tuple(dict.fromkeys(str(lang) for names in games.values() if isinstance(names, dict) for lang in names))
    for game, names in games.items():
        by_lang = _mapping(doc, shown, ("variants", game), names)
        variants[str(game)] = {lang: _one(_patterns(doc, shown, ("variants", game, lang), by_lang.get(lang), re.I),
                                          re.I) for lang in langs}
    contrast: dict[str, tuple[re.Pattern[str] | None, re.Pattern[str] | None]] = {}
    extra_contrast = _more_contrast(more)
    for lang, sides in _mapping(doc, shown, ("contrast",), top["contrast"]).items():
        sides = _mapping(doc, shown, ("contrast", lang), sides)
        pair = []
        for side in ("before", "after"):
            words = sides.get(side) or []
            compiled = tuple(_compile(doc, shown, ("contrast", lang, side, i), w) for i, w in enumerate(words))
            compiled += extra_contrast.get((str(lang), side), ())
            pair.append(_one(compiled) if compiled else None)
        contrast[str(lang)] = (pair[0], pair[1])
    facts = {str(name): _fact(doc, shown, str(name), spec)
             for name, spec in _mapping(doc, shown, ("facts",), top["facts"]).items()}
    _check_applies(doc, shown, facts.values(), facts)
    raw = top["statements"]
    if not isinstance(raw, list):
        raise _fail(doc, shown, ("statements",), "statements must be a list of entries")
    statements = tuple(_statement(doc, shown, i, entry, facts, langs) for i, entry in enumerate(raw))
    owned = [(extra, where, _more_facts(extra, where, facts)) for extra, where in more]
    for extra, where, own in owned:
        _check_applies(extra, where, own, facts)
        statements += _more(extra, where, facts, langs)
    for lang in langlex.codes():
        if lang not in langs:
            statements += _language(lang, variants, contrast, facts)
    return Lexicon(variants, contrast, facts, statements)


def _more_contrast(more: list[tuple[Any, str]]) -> dict[tuple[str, str], tuple[re.Pattern[str], ...]]:
    """(language, side) -> the `contrast` words the files of `statements.d/` add (a game named as a
    modifier, "Uzun tavla dizilişi"), each checked as the main file's are."""
    out: dict[tuple[str, str], tuple[re.Pattern[str], ...]] = {}
    for doc, shown in more:
        top = _mapping(doc, shown, (), doc.value)
        for lang, sides in _mapping(doc, shown, ("contrast",), top.get("contrast") or {}).items():
            sides = _mapping(doc, shown, ("contrast", lang), sides)
            for side in ("before", "after"):
                words = sides.get(side) or []
                out[(str(lang), side)] = out.get((str(lang), side), ()) + tuple(
                    _compile(doc, shown, ("contrast", lang, side, i), w) for i, w in enumerate(words))
    return out


def _check_applies(doc: Any, shown: str, checked: Iterable[Fact], facts: dict[str, Fact]) -> None:
    """Each fact of `checked` (the facts of the file `doc`) whose `applies` names a fact that exists."""
    for f in checked:
        if f.applies and f.applies[0] not in facts:
            raise _fail(doc, shown, ("facts", f.name, "applies"), f"applies names no fact: {f.applies[0]!r}")


def _more_facts(doc: Any, shown: str, facts: dict[str, Fact]) -> list[Fact]:
    """A file of `statements.d/`'s own `facts`, added to `facts` (a name may not repeat one). Every
    file's facts are added before any file's statements are read, so a file may phrase a fact that a
    file later in name order defines."""
    top = _mapping(doc, shown, (), doc.value)
    unknown = sorted(map(str, set(top) - {"facts", "statements", "contrast", "conditions", "relations"}))
    if unknown:
        raise _fail(doc, shown, (unknown[0],), f"a file of statements.d has facts, statements, conditions, relations and "
                    f"contrast, not {unknown[0]!r}")
    own = []
    for name, spec in _mapping(doc, shown, ("facts",), top.get("facts") or {}).items():
        if str(name) in facts:
            raise _fail(doc, shown, ("facts", name), f"fact {name!r} is already defined",
                        "give the fact another name, or add the statements to the fact that exists")
        facts[str(name)] = _fact(doc, shown, str(name), spec)
        own.append(facts[str(name)])
    return own


def _more(doc: Any, shown: str, facts: dict[str, Fact], langs: tuple[str, ...]) -> tuple[Statement, ...]:
    """A file of `statements.d/`: its `statements` (about any fact of any file, `_more_facts`), each
    checked as the main file's are; its `contrast` words are `_more_contrast`'s."""
    top = _mapping(doc, shown, (), doc.value)
    raw = top.get("statements") or []
    if not isinstance(raw, list):
        raise _fail(doc, shown, ("statements",), "statements must be a list of entries")
    return tuple(_statement(doc, shown, i, entry, facts, langs) for i, entry in enumerate(raw)) + \
        _conditions(doc, shown, top.get("conditions") or [], facts) + \
        _conditions(doc, shown, top.get("relations") or [], facts, relations.expand)


def _conditions(doc: Any, shown: str, raw: Any, facts: dict[str, Fact],
                expand: Any = conditioned.expand) -> tuple[Statement, ...]:
    """A file's `conditions:` (`conditioned.py`: each a condition joined to the shared verdicts) or,
    with `relations.expand`, its `relations:` (word families with signs)."""
    section = "conditions" if expand is conditioned.expand else "relations"
    if not isinstance(raw, list):
        raise _fail(doc, shown, (section,), f"{section} must be a list of entries")
    out: list[Statement] = []
    for i, entry in enumerate(raw):
        key = (section, i)
        for fact, value, patterns in expand(entry, lambda k, m: _fail(doc, shown, k, m), key):
            if fact not in facts:
                raise _fail(doc, shown, key, f"{section[:-1]} {i + 1} names no known fact: {fact!r}")
            if value not in facts[fact].says:
                raise _fail(doc, shown, key, f"{value!r} is not a value of fact {fact!r}",
                            f"its values: {', '.join(map(str, facts[fact].says))}")
            out.append(Statement(fact, value, False, patterns, {}, {}))
    return tuple(out)


def _language(lang: str, variants: dict[str, dict[str, re.Pattern[str]]],
              contrast: dict[str, tuple[re.Pattern[str] | None, re.Pattern[str] | None]],
              facts: dict[str, Fact]) -> tuple[Statement, ...]:
    """A language's own file: its names of the games and contrast words (added to `variants` and
    `contrast`), and its statements, each `{fact, says | says_not, patterns, unless, unless_paragraph}`."""
    names = langlex.section(lang, "variants") or {}
    if not isinstance(names, dict):
        raise langlex.fail(lang, ("variants",), "variants must map each game to its names")
    for game, pats in names.items():
        if game not in variants:
            raise langlex.fail(lang, ("variants", game), f"no game {game!r} in the lexicon's variants",
                               f"the games are {', '.join(variants)}")
        variants[game][lang] = _one(_lang_patterns(lang, ("variants", game), pats, re.I), re.I)
    sides = langlex.section(lang, "contrast") or {}
    if not isinstance(sides, dict):
        raise langlex.fail(lang, ("contrast",), "contrast has two lists: before and after")
    pair = [_one(_lang_patterns(lang, ("contrast", side), sides[side])) if sides.get(side) else None
            for side in ("before", "after")]
    contrast[lang] = (pair[0], pair[1])
    raw = langlex.section(lang, "statements") or []
    if not isinstance(raw, list):
        raise langlex.fail(lang, ("statements",), "statements must be a list of entries")
    return tuple(_lang_statement(lang, i, entry, facts) for i, entry in enumerate(raw))


def _lang_patterns(lang: str, key: tuple[Any, ...], value: Any, flags: int = 0) -> tuple[re.Pattern[str], ...]:
    if not isinstance(value, list) or not value:
        raise langlex.fail(lang, key, f"{key[-1]} must be a list of patterns")
    return tuple(langlex.compiled(lang, key + (i,), p, flags) for i, p in enumerate(value))


def _lang_statement(lang: str, i: int, entry: Any, facts: dict[str, Fact]) -> Statement:
    key: tuple[Any, ...] = ("statements", i)
    if not isinstance(entry, dict):
        raise langlex.fail(lang, key, "a statement is a mapping: fact, says (or says_not), patterns")
    unknown = sorted(map(str, set(entry) - {"fact", "says", "says_not", "patterns", "unless", "unless_paragraph"}))
    if unknown:
        raise langlex.fail(lang, key + (unknown[0],), f"statement {i + 1} has an unknown key {unknown[0]!r}",
                           "a statement has fact, says (or says_not), patterns, unless and unless_paragraph")
    fact = entry.get("fact")
    if fact not in facts:
        raise langlex.fail(lang, key, f"statement {i + 1} names no known fact: {fact!r}",
                           "the facts are site/statements.yaml's")
    if ("says" in entry) == ("says_not" in entry):
        raise langlex.fail(lang, key, f"statement {i + 1} needs says: (the value it states) or says_not: "
                           "(the value it denies)")
    negated = "says_not" in entry
    value = entry["says_not" if negated else "says"]
    if value not in facts[fact].says:
        raise langlex.fail(lang, key + ("says_not" if negated else "says",), f"{value!r} is not a value of fact "
                           f"{fact!r}", f"its values: {', '.join(map(str, facts[fact].says))}")
    patterns = {lang: _lang_patterns(lang, key + ("patterns",), entry.get("patterns"))}
    unless = [{lang: _one(_lang_patterns(lang, key + (name,), entry[name]))} if entry.get(name) else {}
              for name in ("unless", "unless_paragraph")]
    return Statement(str(fact), value, negated, patterns, unless[0], unless[1])


def _fact(doc: Any, shown: str, name: str, spec: Any) -> Fact:
    key = ("facts", name)
    spec = _mapping(doc, shown, key, spec)
    unknown = set(spec) - {"read", "value", "default", "map", "applies", "says"}
    if unknown:
        raise _fail(doc, shown, key + (sorted(map(str, unknown))[0],), f"fact {name!r} has an unknown key "
                    f"{sorted(map(str, unknown))[0]!r}", "a fact has read (or value), says, and optionally "
                    "default, map and applies")
    read = spec.get("read")
    if ("value" in spec) == (read is not None):
        raise _fail(doc, shown, key, f"fact {name!r} needs either read: (where the ruleset holds it) or value: "
                    "(a rule of every game), not both")
    if read is not None and (not isinstance(read, str) or read.partition(".")[0] not in _READS or "." not in read):
        raise _fail(doc, shown, key + ("read",), f"read is one of {', '.join(r + '.<name>' for r in _READS)}, "
                    f"not {read!r}")
    says = _mapping(doc, shown, key + ("says",), spec.get("says"))
    if not says or not all(isinstance(v, str) and v for v in says.values()):
        raise _fail(doc, shown, key + ("says",), f"says: gives each value of {name!r} a clause in words")
    applies = spec.get("applies")
    pair = None
    if applies is not None:
        applies = _mapping(doc, shown, key + ("applies",), applies)
        if set(applies) != {"fact", "is"}:
            raise _fail(doc, shown, key + ("applies",), "applies has two keys: fact and is")
        pair = (str(applies["fact"]), applies["is"])
    mapping = spec.get("map") or {}
    return Fact(name, read, spec.get("value"), spec.get("default"), _mapping(doc, shown, key + ("map",), mapping),
                pair, says)


def _statement(doc: Any, shown: str, i: int, entry: Any, facts: dict[str, Fact], langs: tuple[str, ...]) -> Statement:
    key: tuple[Any, ...] = ("statements", i)
    entry = _mapping(doc, shown, key, entry)
    fact = entry.get("fact")
    if fact not in facts:
        raise _fail(doc, shown, key + ("fact",) if "fact" in entry else key,
                    f"statement {i + 1} names no known fact: {fact!r}", f"known facts: {', '.join(sorted(facts))}")
    if ("says" in entry) == ("says_not" in entry):
        raise _fail(doc, shown, key, f"statement {i + 1} needs says: (the value it states) or says_not: "
                    "(the value it denies)")
    negated = "says_not" in entry
    value = entry["says_not" if negated else "says"]
    if value not in facts[fact].says:
        raise _fail(doc, shown, key + ("says_not" if negated else "says",),
                    f"{value!r} is not a value of fact {fact!r}", f"its values: {', '.join(map(str, facts[fact].says))}")
    unknown = set(entry) - {"fact", "says", "says_not", "unless", "unless_paragraph", *langs}
    if unknown:
        name = sorted(map(str, unknown))[0]
        raise _fail(doc, shown, key + (name,), f"statement {i + 1} has an unknown key {name!r}",
                    f"a statement has fact, says (or says_not), patterns under {' and '.join(langs)}, unless "
                    "and unless_paragraph")
    patterns = {lang: _patterns(doc, shown, key + (lang,), entry[lang]) for lang in langs if lang in entry}
    if not patterns:
        raise _fail(doc, shown, key, f"statement {i + 1} has no patterns", f"add patterns under {' or '.join(langs)}")
    unless = [{str(lang): _one(_patterns(doc, shown, key + (name, lang), words))
               for lang, words in _mapping(doc, shown, key + (name,), entry.get(name) or {}).items()}
              for name in ("unless", "unless_paragraph")]
    return Statement(str(fact), value, negated, patterns, unless[0], unless[1])
