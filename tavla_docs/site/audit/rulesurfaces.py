"""Rule sentences where a page's Jinja does not print them: the front matter (title,
description, summary), a caption typed as a helper's argument (`diagram(…, caption="…")`)
and the catalogs, whose `msgstr` must not state a rule otherwise than its `msgid`.

The page's own text and its captions are judged as rendered (`statements.statement_problems`,
called by the renderer and `figures.caption_html`); this module is the source audit's part.

>>> [p.message[:45] for p in front_matter_statements("x.md", 'title: Tapa\\nsummary: "Tapa has a bar."', "en", "error", "")]
["'has a bar' says that there is a bar, where a"]
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .catalogsurface import catalog_surface_problems
from .guardprints import guard_print_problems
from .guards import guard_problems
from .lexicon import lexicon
from .pageparts import front_values
from .problems import Problem
from .scan import TAG
from .statements import Said, find_statements, judge, page_rules, text_problems, truth, visible

_CAPTION_ARG = re.compile(r"""\bcaption\s*=\s*(["'])((?:(?!\1).)*)\1""")


def front_matter_statements(path: str, front: str, lang: str, level: str, body: str, first: int = 1) -> list[Problem]:
    """False rule statements in the front matter a reader sees, and in captions the page types
    as a helper's argument, judged against the page's game (`statements.page_rules`); and the
    page's text under a rule option's guard, judged with the option's value (`guards`)."""
    rules = page_rules(body)
    out = []
    for i, col, _key, value in front_values(front):
        out += text_problems(value, lang, path, i, col, rules, level)
    for tag in TAG.finditer(body):
        for arg in _CAPTION_ARG.finditer(tag.group()):
            at = tag.start() + arg.start(2)
            at_line = body.count("\n", 0, at) + first
            col = at - (body.rfind("\n", 0, at) + 1) + 1
            out += text_problems(arg.group(2), lang, path, at_line, col, rules, level)
    from .features import front_problems  # topics the page's game lacks (front matter, headings)
    from .setupnames import setup_problems  # "the Tapa setup" on a page whose game starts otherwise

    values = list(front_values(front))
    said = {p.line for p in out}  # a line whose rule sentence is already false says nothing more here
    out += [p for p in front_problems(path, values, body, lang, level, first) + setup_problems(path, values, body, lang,
                                                                                              level, first)
            if p.line not in said]
    from .pagekwargs import page_kwarg_problems  # a row's label typing numbers its key lacks

    return out + guard_problems(path, lang, level, body, first) + guard_print_problems(path, level, body, first) \
        + page_kwarg_problems(path, body, first, level)


_MEMO: dict[tuple[Any, ...], tuple[Problem, ...]] = {}


def catalog_statements(po: Path, lang: str, shown: str, level: str, source_lang: str = "en") -> list[Problem]:
    """Translations that state a rule otherwise than their msgid, or state a rule no game has, or
    state another rule that is false in every game where the msgid's rule holds ("Not allowed: a
    single checker closes a point" translated as "Allowed: the lone checker is hit").

    Remembered by the catalog's bytes (and the lexicon read): reading every message against every
    rule phrasing is most of a warm audit's time, and a catalog rarely changes between builds."""
    import hashlib

    try:
        data = po.read_bytes()
    except OSError:
        return []  # the catalog's own loader reports an unreadable file, located
    lex = lexicon()
    from .. import glossary  # the glossary's terms bind a translation's (`catalogglossary`)

    gloss = glossary.GLOSSARY_FILE.stat().st_mtime_ns if glossary.GLOSSARY_FILE.exists() else 0
    key = (hashlib.sha256(data).digest(), id(lex), lang, shown, level, source_lang, str(glossary.GLOSSARY_FILE), gloss)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= 32:
            _MEMO.clear()
        found = _MEMO[key] = tuple(_catalog_statements(data, lex, lang, shown, level, source_lang))
    return list(found)


def _catalog_statements(data: bytes, lex: Any, lang: str, shown: str, level: str, source_lang: str) -> list[Problem]:
    import io

    from babel.messages.pofile import read_po

    try:
        catalog = read_po(io.BytesIO(data))
    except Exception:  # noqa: BLE001 - the catalog's own loader reports a broken file, located
        return []
    out = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)
        strings = tuple(message.string) if isinstance(message.string, (tuple, list)) else (str(message.string),)
        source: dict[str, Any] = {}
        for text in ids:
            for s in find_statements(visible(text), source_lang, lex):
                source[s.statement.fact] = s.statement
        games = _games_where(list(source.values()), lex) if source else []
        table = _table_games(ids[0], games if source else None)
        games = table or games
        out += _bound_problems(ids, strings, lang, source_lang, (message.lineno or 1) + len(ids), shown, level)
        out += _rival_problems(ids, strings, lang, source_lang, (message.lineno or 1) + len(ids), shown, level)
        surface = catalog_surface_problems(ids, strings, lang, source_lang, (message.lineno or 1) + len(ids), shown,
                                           level)  # said only where the rule lexicon says nothing of its own
        before = len(out)
        for k, text in enumerate(strings):
            line = (message.lineno or 1) + len(ids) + k
            said = find_statements(visible(text or ""), lang, lex)
            for s in said:
                own = source.get(s.statement.fact)
                if own is None or _agree(own, s.statement):
                    continue
                fact = lex.facts[s.statement.fact]
                out.append(Problem(shown, line, 1, level, "rule",
                                   f"the translation {_claim(s.statement, fact.says)}, where its msgid "
                                   f"{_claim(own, fact.says)}",
                                   "a translation states the rule its msgid states"))
            out += [Problem(shown, line, 1, level, "rule", message, hint)
                    for s, message, hint in judge(visible(text or ""), lang, None)
                    if not isinstance(s, Said) or s.statement.fact not in source]
            for s in said:
                if s.statement.fact in source or not games:
                    continue
                wrong = _wrong_in_all(s.statement, games, lex)
                if wrong is not None:
                    fact = lex.facts[s.statement.fact]
                    said_id = "; ".join(_claim(st, lex.facts[st.fact].says) for st in source.values())
                    printed = f"the rules table prints this string only for {_names(table)}" if table else ""
                    where = f"where its msgid {said_id}{', and ' + printed if printed else ''}; in {wrong[0]}, " \
                        f"where that holds," if source else f"and {printed}; in {wrong[0]},"
                    out.append(Problem(shown, line, 1, level, "rule",
                                       f"the translation {_claim(s.statement, fact.says)}, {where} "
                                       f"{fact.says.get(wrong[1], str(wrong[1]))}",
                                       "a translation states only what its msgid states"))
        out += [p for p in surface if p.line not in {q.line for q in out[before:]}]
    return out


def _bound_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                    shown: str, level: str) -> list[Problem]:
    """A translation that turns its msgid's bound round (`catalogbounds`), at its msgstr line."""
    from . import catalogbounds

    flipped = catalogbounds.flipped(ids, strings, lang, source_lang)
    if flipped is None:
        return []
    k, theirs, ours = flipped
    return [Problem(shown, first + k, 1, level, "rule",
                    f"the translation bounds its number {ours!r} where its msgid says {theirs!r}: "
                    f"{strings[k]!r} states the opposite rule", catalogbounds.HINT)]


def _rival_problems(ids: tuple[str, ...], strings: tuple[str, ...], lang: str, source_lang: str, first: int,
                    shown: str, level: str) -> list[Problem]:
    """A translation naming a rival rule of its msgid's (`catalogterms`: pinning for hitting), at its msgstr line."""
    from . import catalogterms

    found = catalogterms.rivals(ids, strings, lang, source_lang)
    if found is None:
        return []
    k, id_word, id_rule, word, rule = found
    return [Problem(shown, first + k, 1, level, "rule",
                    f"the translation says {word!r} ({rule}) where its msgid says {id_word!r} ({id_rule}): "
                    f"it states another rule than its msgid", catalogterms.HINT)]


def _table_games(msgid: str, games: list[Any] | None) -> list[Any]:
    """The games the rules table prints `msgid` for (`tablegames`), kept to `games` when the msgid's
    own words already narrow them; [] when the table binds the string to no game."""
    from ...variants import ruleset
    from .tablegames import shown_for

    names = shown_for(msgid)
    if not names:
        return []
    if games is None:
        return [ruleset(n) for n in names]
    return [g for g in games if g.variant in names]


def _names(games: list[Any]) -> str:
    shown = [g.display_name for g in games]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _games_where(statements: list[Any], lex: Any) -> list[Any]:
    """The games (each with its default options) in which every one of `statements` is true."""
    from ...variants import ruleset, variants

    out = []
    for name in variants():
        rules = ruleset(name)
        if all(_holds(st, truth(lex.facts[st.fact], rules, lex)) for st in statements):
            out.append(rules)
    return out


def _holds(st: Any, known_value: tuple[bool, Any]) -> bool:
    known, value = known_value
    return known and (value != st.value if st.negated else value == st.value)


def _wrong_in_all(st: Any, games: list[Any], lex: Any) -> tuple[str, Any] | None:
    """(a game, the fact's value there) when `st` is false in every game of `games` where its fact
    is known (and it is known in one at least), else None."""
    first = None
    for rules in games:
        known, value = truth(lex.facts[st.fact], rules, lex)
        if not known:
            continue
        if _holds(st, (known, value)):
            return None
        first = first or (rules.display_name, value)
    return first


def _agree(a: Any, b: Any) -> bool:
    if a.negated == b.negated:
        return bool(a.value == b.value) or a.negated
    return bool(a.value != b.value)


def _claim(st: Any, says: dict[Any, str]) -> str:
    return f"{'denies' if st.negated else 'says'} that {says[st.value]}"
