"""Rule sentences against the rules: a sentence that states a rule in words ("bearing off is
compulsory", "Tapa has a bar", "Black moves counter-clockwise") is judged against the
ruleset of the game it speaks of, and a false one is an error at the line that wrote it.

What a sentence can state is data: the lexicon (`site/statements.yaml`, read by `lexicon`).
Which game a statement speaks of, in this order:

1. the games named in its clause (between commas, semicolons, colons, brackets);
2. else the game named last before it in its part of the sentence (up to a semicolon or a
   colon), else the first game its sentence names (the sentence's topic);
3. else the games the earlier sentences of its paragraph (or list item) spoke of;
4. else the game its section's heading names, when the heading names exactly one;
5. else the page's game: the first `rules("…")` of the page (with its options), else the
   game of its first figure's scenario (a caption: its scenario's game); a rule that game lacks (the
   cube, pins): the first of the page's other `rules("…")` games that has it.

A game named after a comparison ("unlike Tapa", "as in tavla", "Tapa'dan farklı olarak") is
not the subject. A rule that holds in every game ("bearing off is never compulsory") is
judged with no game at all.

>>> from tavla_docs.variants import ruleset
>>> [(p.line, p.message[:60]) for p in statement_problems("Tapa has a bar.", "en", "x.md", "Tapa has a bar.", 1,
...                                                          ruleset("tapa"))]
[(1, "'has a bar' says that there is a bar, where a hit checker wa")]
>>> statement_problems("In Tapa there is no bar.", "en", "x.md", "In Tapa there is no bar.", 1, ruleset("tavla"))
[]
"""
from __future__ import annotations

import ast
import html
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ...engine.rules import Ruleset, RulesetError
from ..provenance import spans
from . import langlex
from .comparisons import comparison_faults
from .gamelabels import label_faults
from .lexicon import Fact, Lexicon, Statement, fold, lexicon
from .likegames import like_faults
from .pointfacts import PointSaid, point_faults
from .problems import Problem
from .scan import NOT_TEXT, TAG, keep_visible
from .whyquestions import presupposes

HINT = ("state the rule as {game} plays it, or print it from `rules()`; a sentence about another game names "
        "it (\"in Tapa, …\"). docs/authoring.md, \"Rule sentences\", says how the check reads a sentence")
_CODE = re.compile(r"`[^`\n]*`")
_BREAK = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*+] |\d+\\?[.)] |#|\||>))|\|")
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(.*)$", re.MULTILINE)
_RULES_CALL = re.compile(r"\brules\(\s*([\"'])([^\"']+)\1([^)]*)\)")
_FIGURE_CALL = re.compile(r"\b(?:diagram|story|try_it|scenario)\(\s*([\"'])([^\"']+)\1")


@dataclass(frozen=True)
class _Cuts:
    """How a language's text is cut into sentences, parts and clauses, and asks (`langlex.TextRules`)."""

    sentence: re.Pattern[str]
    clause: re.Pattern[str]
    part: re.Pattern[str]
    question: re.Pattern[str]
    question_after: re.Pattern[str] | None  # a question word after the statement (Turkish "zorunlu mu")
    suffix: re.Pattern[str] | None  # what may follow a game's name (Turkish "Tapa'da")


_CUTS: dict[str, _Cuts] = {}
# Lower-case letters (Latin, Turkish, Greek): after a full stop, one of them goes on the sentence ("e.g. the")
_LOWER = "a-zß-öø-ÿçğıöşüœ\u03ac-\u03ce"


def _cuts(lang: str) -> _Cuts:
    if lang not in _CUTS:
        t = langlex.text_rules(lang)
        end = langlex.fold_pattern(t.sentence_end, lang)
        clause = langlex.fold_pattern(t.clause, lang)
        _CUTS[lang] = _Cuts(
            re.compile(rf"{end}(?:\*\*|\*|_)?[\"”']?(?=\s+[^{_LOWER}0-9\s])|{end}$"),
            re.compile(clause), re.compile(langlex.fold_pattern(t.part, lang)),
            re.compile(rf"(?:{langlex.fold_pattern(t.question, lang)})$"),
            re.compile(langlex.fold_pattern(t.question_after, lang)) if t.question_after else None,
            re.compile(t.name_suffix) if t.name_suffix else None)
    return _CUTS[lang]


@dataclass(frozen=True)
class Said:
    """A statement found in a text: where, what it matched, and the entry that matched."""

    start: int
    end: int
    text: str
    statement: Statement


_FOUND: OrderedDict[tuple[str, str], tuple[Lexicon, tuple[Said, ...]]] = OrderedDict()
_KEEP = 4096


def find_statements(text: str, lang: str, lex: Lexicon | None = None) -> list[Said]:
    """Every rule statement in `text`, the longest first where patterns overlap (a negated form,
    "toplamak zorunlu değildir", beats the form it contains), in text order. Several checks read the
    same text's statements, so each text is read once per lexicon (the statements are frozen)."""
    lex = lex or lexicon()
    kept = _FOUND.get((text, lang))
    if kept is not None and kept[0] is lex:
        _FOUND.move_to_end((text, lang))
        return list(kept[1])
    said = _find_statements(text, lang, lex)
    _FOUND[(text, lang)] = (lex, tuple(said))
    if len(_FOUND) > _KEEP:  # the oldest out: a build reads more texts than this, again and again
        _FOUND.popitem(last=False)
    return said


def _find_statements(text: str, lang: str, lex: Lexicon) -> list[Said]:
    folded, at, upto = _unemphasised(fold(text, lang))
    found: list[Said] = []
    for st in lex.statements:
        for p in st.patterns.get(lang, ()):
            found += [Said(at[m.start()], upto[m.end() - 1], text[at[m.start()]:upto[m.end() - 1]], st)
                      for m in p.finditer(folded) if m.end() > m.start()]
    kept: list[Said] = []
    for s in sorted(found, key=lambda s: (s.start - s.end, s.start)):
        if all(s.end <= k.start or s.start >= k.end for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: s.start)


_ENTITY = re.compile(r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|quot|apos|amp|lt|gt|nbsp);")


def _unemphasised(folded: str) -> tuple[str, list[int], list[int]]:
    """`folded` without Markdown's emphasis stars ("**mars** olur" reads "mars olur") and with
    HTML's character references read as their character (a caption prints "Siyah&#39;ın": a
    pattern's `[^.;]` gap must not stop at its ";"), and where each kept character starts and
    ends in `folded`: a rule said in bold, or in escaped text, is still said.

    >>> _unemphasised("**a** siyah&#39;ın")
    ("a siyah'ın", [2, 5, 6, 7, 8, 9, 10, 11, 16, 17], [3, 6, 7, 8, 9, 10, 11, 16, 17, 18])
    """
    out: list[str] = []
    at: list[int] = []
    upto: list[int] = []
    i, n = 0, len(folded)
    while i < n:
        c = folded[i]
        if c == "*":
            i += 1
            continue
        if c == "&":
            m = _ENTITY.match(folded, i)
            if m is not None:
                out.append(html.unescape(m.group())[:1] or " ")
                at.append(i)
                upto.append(m.end())
                i = m.end()
                continue
        out.append(c)
        at.append(i)
        upto.append(i + 1)
        i += 1
    return "".join(out), at, upto


def truth(fact: Fact, rules: Ruleset | None, lex: Lexicon) -> tuple[bool, Any]:
    """(known, value): the fact's value in `rules`' game; not known where the fact does not
    apply (pins in Tavla) or no game is known for a fact that depends on the game."""
    if fact.applies is not None:
        if rules is None:
            return False, None
        known, value = truth(lex.facts[fact.applies[0]], rules, lex)
        if not known or value != fact.applies[1]:
            return False, None
    if fact.read is None:
        return True, fact.value
    kind, _, name = fact.read.partition(".")
    if kind == "analysis":  # what the tool's own analysis computes, in every game
        value = _analysis(name)
        return value is not None, fact.mapping.get(value, value)
    if rules is None:
        return False, None
    if kind == "summary":
        value = rules.summary().get(name)
    elif kind == "attr":
        value = getattr(rules, name, None)
    elif kind == "option":
        value = rules.options.get(name, fact.default)
    elif kind == "rule":
        value = (name in rules.facts.special_rules and name not in rules.abilities.rules_off) \
            or rules.options.get(name) is True
    elif kind == "score":  # what a result scores beside a single win: "more" or "single"
        points = dict(rules.summary()["scoring"])
        value = None if name not in points else "more" if points[name] > points.get("single", 1) else "single"
    else:  # result
        value = name in {kind for kind, _ in rules.summary()["scoring"]}
    value = fact.mapping.get(value, value)
    return value is not None, value


def _analysis(name: str) -> Any:
    """A declared property of the tool's analysis (`analysis.<name>` in the lexicon)."""
    from ...analysis.bearoff import build

    return {"bearoff_best_play": build.BEST_PLAY}.get(name)


def page_rules(source: str, scenario_rules: Callable[[str], Ruleset | None] | None = None) -> Ruleset | None:
    """The page's game: its first `rules("…")` (with literal options), else its first figure's
    scenario's game (`scenario_rules(name)`), else None."""

    m = _RULES_CALL.search(source)
    if m and (found := call_ruleset(m.group(2), m.group(3))) is not None:
        return found
    if scenario_rules is not None:
        for f in _FIGURE_CALL.finditer(source):
            found = scenario_rules(f.group(2))
            if found is not None:
                return found
    return None


def scenario_game(text: str) -> Ruleset | None:
    """The game a scenario file's `variant:` line names, or None."""
    from ...variants import find

    m = re.search(r"^variant:[ \t]*[\"']?([\w-]+)", text, re.MULTILINE)
    return find(m.group(1)) if m else None


def visible(text: str) -> str:
    """`text` with what a reader does not read blanked in place (tags, link targets, code)."""
    text = NOT_TEXT.sub(lambda m: keep_visible(m.group()), text)
    return _CODE.sub(lambda m: " " * len(m.group()), text)


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    game: str
    subject: bool  # False: named after "unlike", "as in", "…'dan farklı olarak"


def _mentions(text: str, lang: str, lex: Lexicon) -> list[_Mention]:
    folded = fold(text, lang)
    plain = langlex.strip(text, lang)  # the names are matched with their case, without marks where they do not count
    suffix = _cuts(lang).suffix
    before, after = lex.contrast.get(lang, (None, None))
    found = []
    for game, names in lex.variants.items():
        pattern = names.get(lang)
        if pattern is None:
            continue
        for m in pattern.finditer(plain):
            if m.start() > 0 and (plain[m.start() - 1].isalnum()):
                continue
            end = suffix.match(plain, m.end()).end() if suffix else m.end()  # type: ignore[union-attr]
            pre = re.sub(r"\s+", " ", folded[max(0, m.start() - 40):m.start()].replace("[", " "))
            post = re.sub(r"^\s{2,}", "", folded[m.end():m.end() + 60])  # past a link's blanked target
            compared = bool(before and re.search(rf"(?:{before.pattern})\s+(?:the\s+)?$", pre)) or \
                bool(after and re.match(rf"\s*(?:{after.pattern})", post))
            found.append(_Mention(m.start(), end, game, not compared))
    found.sort(key=lambda x: (x.start, x.start - x.end))
    out: list[_Mention] = []
    for x in found:  # "uzun tavla" holds "tavla": the longer name wins
        if not out or x.start >= out[-1].end:
            out.append(x)
    return out


def _pieces(text: str, pattern: re.Pattern[str], lo: int, hi: int) -> list[tuple[int, int]]:
    cuts = [lo] + [m.end() for m in pattern.finditer(text, lo, hi)] + [hi]
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


# `_games_of`'s readings, by text and language, each with the lexicon it was read with
_READ: dict[tuple[str, str], tuple[Lexicon, list[tuple[Said, tuple[str, ...]]]]] = {}


def _games_of(text: str, lang: str, lex: Lexicon) -> list[tuple[Said, tuple[str, ...]]]:
    """Each statement of `text` with the games it speaks of (empty: the page's game). Read once per
    text: the rule check, the declared check and the guards' check all read the same rendered text."""
    kept = _READ.get((text, lang))
    if kept is not None and kept[0] is lex:
        return kept[1]
    if len(_READ) >= 64:
        _READ.clear()
    said = _read_games(text, lang, lex)
    _READ[(text, lang)] = (lex, said)
    return said


def _read_games(text: str, lang: str, lex: Lexicon) -> list[tuple[Said, tuple[str, ...]]]:
    mentions = _mentions(text, lang, lex)
    said = find_statements(text, lang, lex)
    if not said:
        return []
    cuts, plain = _cuts(lang), langlex.strip(text, lang)
    headings = [(m.start(), tuple(dict.fromkeys(x.game for x in mentions if m.start(1) <= x.start < m.end() and x.subject)))
                for m in _HEADING.finditer(text)]
    out = []
    for para in _pieces(text, _BREAK, 0, len(text)):
        carried: tuple[str, ...] = ()
        heading = next((g for at, g in reversed(headings) if at <= para[0]), ())
        for sent in _pieces(plain, cuts.sentence, *para):
            inside = [x for x in mentions if sent[0] <= x.start < sent[1] and x.subject]
            for s in (s for s in said if sent[0] <= s.start < sent[1] and _states(text, s, sent, para, lang)):
                games = _subject(plain, s, inside, sent, cuts)
                out.append((s, games or carried or (heading if len(heading) == 1 else ())))
            if inside:
                carried = tuple(dict.fromkeys(x.game for x in inside))
    return out


def _states(text: str, s: Said, sent: tuple[int, int], para: tuple[int, int], lang: str) -> bool:
    """Whether the sentence states `s`: not a question (but for a why-question), and no `unless` word in it (nor an
    `unless_paragraph` word in its paragraph)."""
    sentence = fold(text[sent[0]:sent[1]], lang)
    cuts = _cuts(lang)
    if (cuts.question.search(sentence.rstrip(" *_\"”'")) or (cuts.question_after is not None
                                                             and cuts.question_after.match(fold(text, lang), s.end))) \
            and not presupposes(sentence, lang):  # "why …?" states what it asks about
        return False
    unless, wider = s.statement.unless.get(lang), s.statement.unless_paragraph.get(lang)
    return not (unless and unless.search(sentence)) and not (wider and wider.search(fold(text[para[0]:para[1]], lang)))


def _subject(text: str, s: Said, inside: list[_Mention], sent: tuple[int, int], cuts: _Cuts) -> tuple[str, ...]:
    if not inside:
        return ()
    clause = next(((a, b) for a, b in _pieces(text, cuts.clause, *sent) if a <= s.start < b), sent)
    here = [x.game for x in inside if clause[0] <= x.start < clause[1]]
    if here:
        return tuple(dict.fromkeys(here))
    part = next(((a, b) for a, b in _pieces(text, cuts.part, *sent) if a <= s.start < b), sent)
    before = [x for x in inside if part[0] <= x.start and x.end <= s.start]
    return (before[-1].game,) if before else (inside[0].game,)


def judge(text: str, lang: str, page: Ruleset | None,
          others: tuple[Ruleset, ...] = ()) -> list[tuple[Said | PointSaid, str, str]]:
    """Each false statement of `text`: (where, the message, the hint). A statement that names no
    game, about a rule the page's game lacks (the cube, on a page about tavla and backgammon), is
    judged in the first of the page's `others` games (its other `rules("…")`) that has the rule."""
    from ...variants import ruleset

    lex = lexicon()
    out: list[tuple[Said | PointSaid, str, str]] = \
        [(PointSaid(a, b, words), message, hint) for a, b, words, message, hint in point_faults(text, lang, page)]
    mentions = _mentions(text, lang, lex)
    named = [(x.start, x.game) for x in mentions]
    out += [(PointSaid(a, b, words), message, hint) for a, b, words, message, hint in comparison_faults(text, lang, named)]
    out += [(PointSaid(a, b, words), message, hint) for a, b, words, message, hint in
            like_faults(text, lang, page, mentions, truth) + label_faults(text, lang, page, mentions, judge)]
    for s, games in _games_of(text, lang, lex):
        fact = lex.facts[s.statement.fact]
        candidates: Iterable[Ruleset | None]
        if games:
            candidates = [page if page is not None and page.variant == g else ruleset(g) for g in games]
        elif others and not truth(fact, page, lex)[0]:
            candidates = [next((o for o in others if truth(fact, o, lex)[0]), None)]
        else:
            candidates = [page]
        for rules in candidates:
            known, value = truth(fact, rules, lex)
            if not known:
                continue
            wrong = value == s.statement.value if s.statement.negated else value != s.statement.value
            if not wrong:
                continue
            claim = fact.says[s.statement.value]
            said = f"denies that {claim}" if s.statement.negated else f"says that {claim}"
            every = (fact.read is None or fact.read.startswith("analysis.")) and fact.applies is None
            where = "in every game" if every else \
                f"in {rules.display_name if rules else 'this game'}"
            real = fact.says.get(value, str(value))
            out.append((s, f"{s.text.strip()!r} {said}; {where}, {real}",
                        HINT.format(game=rules.display_name if rules else "every game")))
            break
    return out


def statement_problems(marked: str, lang: str, path: str, source: str, first_line: int, page: Ruleset | None,
                       severity: str = "error") -> list[Problem]:
    """The false rule statements of a rendered page or caption (`marked`: with provenance
    marks), located at the `{{ … }}` that printed them or at the source line that wrote them."""
    parts = spans(marked)
    text = "".join(p.text for p in parts)
    found = judge(visible(text), lang, page, _other_games(source, page))
    if not found:
        return []
    tags = [m for m in TAG.finditer(source) if m.group().startswith("{{")]
    src_lines = source.splitlines()
    folded_lines = [fold(x, lang) for x in src_lines]
    out = []
    for s, message, hint in found:
        owner = [p for p in parts if p.start < s.end and s.start < p.start + len(p.text) and p.text.strip()]
        if owner and all(p.computed for p in owner):
            continue  # a helper's fact: the engine wrote it
        printed = next((p for p in owner if p.line and not p.computed), None)
        if printed is not None:
            line, col = _tag_at(tags, source, printed)
        else:
            own = [text[max(p.start, s.start):min(p.start + len(p.text), s.end)] for p in owner if not p.line]
            probe = max(own, key=len, default=s.text)  # the page's own words of the sentence
            line, col = _source_at(folded_lines, fold(probe, lang).strip(), text.count("\n", 0, s.start) + 1)
        out.append(Problem(path, line + first_line - 1, col, severity, "rule", message, hint))
    return out


def _other_games(source: str, page: Ruleset | None) -> tuple[Ruleset, ...]:
    """The games of the page's `rules("…")` calls other than the page's own game."""
    found = (call_ruleset(m.group(2), m.group(3)) for m in _RULES_CALL.finditer(source))
    return tuple(r for r in found if r is not None and (page is None or r.variant != page.variant))


def _tag_at(tags: list[re.Match[str]], source: str, span: Any) -> tuple[int, int]:
    if 0 <= span.index < len(tags):
        m = tags[span.index]
        return source.count("\n", 0, m.start()) + 1, m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1
    return span.line, 1


def _source_at(lines: list[str], said: str, near: int) -> tuple[int, int]:
    """The source line (and column) that writes `said`, the one nearest rendered line `near`."""
    for probe in (said, said[:24]):
        hits = [(abs(i + 1 - near), i + 1, x.find(probe) + 1) for i, x in enumerate(lines) if probe and probe in x]
        if hits:
            _, line, col = min(hits)
            return line, col
    return near, 1


def text_problems(text: str, lang: str, path: str, line: int, col: int, page: Ruleset | None,
                  severity: str = "error") -> list[Problem]:
    """The false rule statements of one plain value (a front matter field, a catalog string),
    all located at the value's place."""
    return [Problem(path, line, col, severity, "rule", message, hint) for _, message, hint in
            judge(visible(text), lang, page)]


def call_ruleset(variant: str, args: str) -> Ruleset | None:
    """The ruleset a page's `rules("variant", option=…)` call makes (`args`: the text after the
    name): with its literal options, else the game's defaults (an option the game lacks is the
    build's error to report), else None."""
    from ...variants import ruleset

    options: dict[str, Any] = {}
    try:
        call = ast.parse(f"f(None{args})", mode="eval").body
        if isinstance(call, ast.Call):
            options = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    except (SyntaxError, ValueError):
        options = {}
    for attempt in (options, {}):
        try:
            return ruleset(variant, **attempt)
        except RulesetError:
            continue
    return None
