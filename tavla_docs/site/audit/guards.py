"""Text under a rule option's guard is bound to that option: a branch of
`{% if r.option("x") %} … {% else %} … {% endif %}` is shown only while option `x` has the value
the condition tests, so every rule sentence in it that depends on `x` must be true with that
value. Both branches are judged, whichever one the page's options render, so an inverted
condition (`{% if not r.option("x") %}`) is an error at the sentence that now sits under the
wrong guard, even before anyone sets the option.

Conditions read: `r.option("x")`, `not r.option("x")`, `r.option("x") == "v"` / `!= "v"`, and a
name set to one of these (`{% set per_player = r.option("scope") == "per_player" %}`), where `r`
is set from `rules("game", …)`. The branch that renders is judged as rendered
(`statements.statement_problems`); this check reports the branches that do not render, plus a
branch whose words the lexicon ties to no statement about `x`: a guard that binds nothing
(hint: bind the text, or move what does not depend on the option out of the branch). That
report is made for the page's own game only: a branch under another game's option
(`b.option("crawford")` on a page about tavla) is judged for what it states, but the rendered
check reads its words as the page's game, so it is not asked to state more.

>>> src = ('{% set r = rules("uzun") %}{% if not r.option("bear_off_overshoot") %}'
...        'A higher die bears off the farthest checker.{% endif %}')
>>> [(p.line, p.col, p.message[:64]) for p in guard_problems("x.md", "en", "error", src, 1)]
[(1, 73, "shown only when bear_off_overshoot is off, 'higher die bears off")]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...engine.rules import Ruleset, RulesetError
from .lexicon import Lexicon, lexicon
from .problems import Problem
from .statements import Said, _games_of, call_ruleset, page_rules, truth, visible

HINT = ("the condition may be inverted: a branch under `{% if r.option(\"x\") %}` states what is true while x has the "
        "value the condition tests, and the `{% else %}` branch what is true otherwise")
HINT_UNBOUND = ("a branch under a rule option's guard states that option's rule; state it in words the check knows "
                "(docs/authoring.md, \"Rule sentences\"), or move text that does not depend on the option out of the branch")
_SET_RULES = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*rules\(\s*([\"'])([^\"']+)\2([^)]*)\)\s*-?%\}")
_SET_NAME = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*(.+?)\s*-?%\}", re.DOTALL)
_BLOCK = re.compile(r"\{%-?\s*(if|elif|else|endif)\b(.*?)-?%\}", re.DOTALL)
_COND = re.compile(r"^(not\s+)?(\w+)\.option\(\s*([\"'])(\w+)\3\s*\)\s*(?:(==|!=)\s*([\"'])([^\"']*)\6)?$")
_EXPR = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_WORDS = re.compile(r"[^\W\d_]{3,}")


@dataclass(frozen=True)
class Guard:
    """What a branch needs to render: `var.option(option)` equals `value` (or, `equal` False, differs)."""

    var: str
    option: str
    value: Any
    equal: bool


@dataclass(frozen=True)
class Branch:
    """A branch's text (`start`–`end`) and its whole `{% if %}` … `{% endif %}` block."""

    guard: Guard
    start: int
    end: int
    block_start: int
    block_end: int


def _rules_vars(source: str) -> dict[str, Ruleset]:
    """Each name a page sets from `rules("game", …)`, with the literal options it passes."""

    out: dict[str, Ruleset] = {}
    for m in _SET_RULES.finditer(source):
        if m.group(1) not in out and (found := call_ruleset(m.group(3), m.group(4))) is not None:
            out[m.group(1)] = found
    return out


def _guard(cond: str, aliases: dict[str, str]) -> Guard | None:
    cond = " ".join(cond.split())
    negate = False
    if cond.startswith("not ") and cond[4:].strip() in aliases:
        negate, cond = True, cond[4:].strip()
    cond = aliases.get(cond, cond)
    m = _COND.match(cond)
    if m is None:
        return None
    not_, var, _, option, op, _, literal = m.groups()
    if op is None:
        return Guard(var, option, True, not (bool(not_) ^ negate))
    return Guard(var, option, literal, (op == "==") ^ bool(not_) ^ negate)


def branches(source: str) -> list[Branch]:
    """The branches of every `{% if %}` whose condition reads one rule option (the `{% else %}` of
    a plain if/else takes the opposite guard; an `{% elif %}` chain's `{% else %}` is not read)."""
    aliases = {m.group(1): " ".join(m.group(2).split()) for m in _SET_NAME.finditer(source)
               if ".option(" in m.group(2)}
    out: list[Branch] = []
    stack: list[tuple[int, list[tuple[Guard | None, int, int]]]] = []  # per open if: its start, its branches
    for m in _BLOCK.finditer(source):
        kind, cond = m.group(1), m.group(2)
        if kind == "if":
            stack.append((m.start(), [(_guard(cond, aliases), m.end(), -1)]))
            continue
        if not stack:
            continue
        block_start, chain = stack[-1]
        guard, start, _ = chain[-1]
        chain[-1] = (guard, start, m.start())
        if kind == "endif":
            stack.pop()
            out += [Branch(g, a, b, block_start, m.end()) for g, a, b in chain if g is not None]
        elif kind == "elif":
            chain.append((_guard(cond, aliases), m.end(), -1))
        else:
            first = chain[0][0]
            opposite = Guard(first.var, first.option, first.value, not first.equal) \
                if len(chain) == 1 and first is not None else None
            chain.append((opposite, m.end(), -1))
    return sorted(out, key=lambda b: b.start)


def _text(source: str, b: Branch) -> tuple[str, list[int], range]:
    """The sentence(s) around the branch as a reader reads them when it renders: the line's text
    before the `{% if %}`, the branch, the line's text after the `{% endif %}`, each printed value
    as `x`; each character's offset in `source`, and which characters are the branch's."""
    line_start = source.rfind("\n", 0, b.block_start) + 1
    line_end = source.find("\n", b.block_end)
    line_end = len(source) if line_end < 0 else line_end
    text: list[str] = []
    where: list[int] = []
    inside = range(0)
    for lo, hi in ((line_start, b.block_start), (b.start, b.end), (b.block_end, line_end)):
        first = len(where)
        at = lo
        for m in _EXPR.finditer(source, lo, hi):
            text.append(source[at:m.start()])
            where += range(at, m.start())
            if m.group().startswith("{{"):
                text.append("x")
                where.append(m.start())
            at = m.end()
        text.append(source[at:hi])
        where += range(at, hi)
        if lo == b.start:
            inside = range(first, len(where))
    return visible("".join(text)), where, inside


def _values(rules: Ruleset, option: str, guard: Guard, lex: Lexicon) -> list[Any]:
    """Every value of `option` to try: both for a yes/no option; else its default, the value the
    guard tests, and the values the lexicon's facts that read it name."""
    default = rules.options.get(option)
    if isinstance(default, bool):
        return [True, False]
    found = {default, guard.value}
    for f in lex.facts.values():
        if f.read == f"option.{option}":
            found |= set(f.says)
    return [v for v in found if isinstance(v, type(default)) or default is None]


def _with(rules: Ruleset, option: str, value: Any) -> Ruleset | None:
    try:
        return rules.with_options(**{option: value})
    except RulesetError:
        return None


def guard_problems(path: str, lang: str, level: str, source: str, first: int = 1) -> list[Problem]:
    """Rule sentences that contradict the option guard they sit under, and guarded branches that
    state nothing about their option (see the module's docstring)."""
    rules_of = _rules_vars(source)
    page = page_rules(source)
    lex = lexicon()
    out: list[Problem] = []
    for b in branches(source):
        rules = rules_of.get(b.guard.var)
        if rules is None or b.guard.option not in rules.options or \
                (b.guard.value is True and not isinstance(rules.options[b.guard.option], bool)):
            continue  # not a rules() name, or an option read for its truth that is not yes/no
        every = _values(rules, b.guard.option, b.guard, lex)
        allowed = [v for v in every if (v == b.guard.value) == b.guard.equal]
        current = rules.options[b.guard.option]
        rendered = (current == b.guard.value) == b.guard.equal
        text, where, inside = _text(source, b)
        bound = False
        for said, games in _games_of(text, lang, lex):
            if (games and rules.variant not in games) or not (said.start < inside.stop and inside.start < said.end):
                continue  # about another game, or not in this branch's words
            fact = lex.facts[said.statement.fact]
            truths = {}
            for v in every:
                r = _with(rules, b.guard.option, v)
                if r is not None:
                    truths[v] = truth(fact, r, lex)
            if len({t for t in truths.values()}) < 2:
                continue  # the sentence does not depend on this option
            bound = True
            if rendered:
                continue  # judged as rendered, with the page's options
            wrong = [v for v in allowed if v in truths and _wrong(said, truths[v])]
            if wrong and len(wrong) == len([v for v in allowed if v in truths]):
                out.append(_problem(path, level, source, where, said, b.guard, wrong[0], rules, lex, first))
        if not bound and (page is None or page.variant == rules.variant) and _WORDS.search(text[inside.start:inside.stop]) \
                and _can_state(lang, rules, b.guard.option, every, lex):
            at = next((where[i] for i in inside if not text[i].isspace()), b.start)
            out.append(Problem(path, source.count("\n", 0, at) + first, at - (source.rfind("\n", 0, at) + 1) + 1,
                               level, "rule", f"this text is shown only when {_state(b.guard)}, and states no rule "
                               f"that depends on {b.guard.option}", HINT_UNBOUND))
    return out


def _wrong(said: Said, known_value: tuple[bool, Any]) -> bool:
    known, value = known_value
    if not known:
        return False
    st = said.statement
    return bool(value == st.value) if st.negated else bool(value != st.value)


def _state(g: Guard) -> str:
    if g.value is True:
        return f"{g.option} is {'on' if g.equal else 'off'}"
    return f"{g.option} is {'' if g.equal else 'not '}{g.value!r}"


def _problem(path: str, level: str, source: str, where: list[int], said: Said, guard: Guard, value: Any,
             rules: Ruleset, lex: Lexicon, first: int) -> Problem:
    fact = lex.facts[said.statement.fact]
    at = where[said.start] if said.start < len(where) else 0
    claim = fact.says[said.statement.value]
    r = _with(rules, guard.option, value)
    real = truth(fact, r, lex)[1] if r is not None else None
    verb = "denies" if said.statement.negated else "says"
    line = source.count("\n", 0, at) + first
    col = at - (source.rfind("\n", 0, at) + 1) + 1
    return Problem(path, line, col, level, "rule",
                   f"shown only when {_state(guard)}, {said.text.strip()!r} {verb} that {claim}; with {guard.option} "
                   f"{_value_words(value)}, in {rules.display_name}, {fact.says.get(real, str(real))}", HINT)


def _value_words(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else repr(value)


def _can_state(lang: str, rules: Any, option: str, every: Any, lex: Lexicon) -> bool:
    """Whether the lexicon has words, in `lang`, for some fact that changes with `option`: a
    language without them (a new translation before its lexicon block) cannot bind a branch, so
    an unbound branch there is not reported (docs/translating.md: a language's lexicon block)."""
    for name in {st.fact for st in lex.statements if st.patterns.get(lang)}:
        truths = set()
        for v in every:
            r = _with(rules, option, v)
            if r is not None:
                truths.add(truth(lex.facts[name], r, lex))
        if len(truths) > 1:
            return True
    return False
