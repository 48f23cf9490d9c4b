"""A catalog's `Plural-Forms` header, read by a small grammar of our own and never evaluated as code.

Catalogs come from contributors, so the header is data: gettext's own reader
(`gettext.c2py`) turns it into Python and runs it, and Babel allocates `nplurals`
strings for every plural message. Here the value is parsed into a tree over `n`
and integer literals with C's operators (`?:`, `||`, `&&`, comparisons, `+ - * / %`,
`!`, parentheses), within limits: `nplurals` from 1 to 6 (CLDR's largest count),
the expression at most 300 characters and 12 levels deep, `/` and `%` only by a
positive literal (no division by zero, whatever `n` is). Every index it can give
for n = 0…1000 is checked against `nplurals`.

>>> rule = parse_plural_forms("nplurals=2; plural=(n != 1);")
>>> rule.nplurals, rule(1), rule(3)
(2, 0, 1)
>>> parse_plural_forms("nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2;")(21)
0
>>> parse_plural_forms("nplurals=2; plural=1/(n-n);")
Traceback (most recent call last):
...
tavla_docs.site.plural.PluralFormsError: '/' divides only by a positive number written as digits, not by an expression
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from ..errors import TavlaError

MAX_NPLURALS = 6  # CLDR's largest number of plural categories (Arabic: zero, one, two, few, many, other)
MAX_LENGTH = 300  # characters of the plural expression; real ones are under 120
MAX_DEPTH = 12  # nesting of parentheses and operators
MAX_LITERAL = 10**6
CHECKED_N = range(0, 1001)  # the values of n the indices are verified for

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")


class PluralFormsError(TavlaError):
    """A `Plural-Forms` value outside the grammar or its limits; `col` is 0-based in the value."""

    def __init__(self, message: str, col: int = 0, hint: str = "") -> None:
        super().__init__(message)
        self.col = col
        self.hint = hint


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Var:
    pass


@dataclass(frozen=True)
class Unary:
    op: str
    arg: Node


@dataclass(frozen=True)
class Binary:
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Cond:
    test: Node
    then: Node
    other: Node


Node = Union[Num, Var, Unary, Binary, Cond]  # noqa: UP007 (a runtime alias the dataclasses name)

# C's precedence, loosest first (the ternary is handled above these).
_LEVELS: tuple[tuple[str, ...], ...] = (("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("+", "-"),
                                        ("*", "/", "%"))


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, int]] = []  # (token, column)
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if not m:
                col = pos + len(text[pos:]) - len(text[pos:].lstrip())
                raise PluralFormsError(f"unexpected {text[col]!r} in the plural expression", col,
                                       "only n, whole numbers, parentheses and C's operators "
                                       "?: || && == != < > <= >= + - * / % ! are allowed")
            self.tokens.append((m.group(m.lastindex or 0), m.start(m.lastindex or 0)))
            pos = m.end()
        self.i = 0

    def peek(self) -> str:
        return self.tokens[self.i][0] if self.i < len(self.tokens) else ""

    def col(self) -> int:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else len(self.text.rstrip())

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if not tok or (expected is not None and tok != expected):
            want = f"{expected!r}" if expected else "more"
            got = f"{tok!r}" if tok else "the end"
            raise PluralFormsError(f"expected {want} in the plural expression, found {got}", self.col())
        self.i += 1
        return tok

    def nest(self, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise PluralFormsError(f"the plural expression is nested more than {MAX_DEPTH} levels deep", self.col())
        return depth + 1

    def expression(self, depth: int) -> Node:
        depth = self.nest(depth)
        test = self.binary(0, depth)
        if self.peek() != "?":
            return test
        self.take("?")
        then = self.expression(depth)
        self.take(":")
        return Cond(test, then, self.expression(depth))

    def binary(self, level: int, depth: int) -> Node:
        if level == len(_LEVELS):
            return self.unary(depth)
        left = self.binary(level + 1, depth)
        while self.peek() in _LEVELS[level]:
            op, col = self.take(), self.col()
            right = self.binary(level + 1, self.nest(depth))
            if op in "/%" and not (isinstance(right, Num) and right.value > 0):
                raise PluralFormsError(f"{op!r} divides only by a positive number written as digits, "
                                       "not by " + ("zero" if isinstance(right, Num) else "an expression"), col,
                                       "write it as gettext's tables do, e.g. n%10 or n%100")
            left = Binary(op, left, right)
        return left

    def unary(self, depth: int) -> Node:
        tok, col = self.peek(), self.col()
        if tok == "!":
            self.take()
            return Unary(tok, self.unary(self.nest(depth)))
        if tok == "(":
            self.take("(")
            inner = self.expression(depth)
            self.take(")")
            return inner
        if tok == "n":
            self.take()
            return Var()
        if tok.isdigit():
            self.take()
            if len(tok) > 7 or int(tok) > MAX_LITERAL:
                raise PluralFormsError(f"the number {tok[:12]} is larger than {MAX_LITERAL:,}", col)
            return Num(int(tok))
        raise PluralFormsError(f"expected n, a number or '(' in the plural expression, found "
                               f"{tok!r}" if tok else "expected n, a number or '(' at the end of the plural "
                               "expression", col)


def _eval(node: Node, n: int) -> int:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Var):
        return n
    if isinstance(node, Unary):
        v = _eval(node.arg, n)
        return int(not v)
    if isinstance(node, Cond):
        return _eval(node.then, n) if _eval(node.test, n) else _eval(node.other, n)
    a = _eval(node.left, n)
    if node.op == "||":
        return 1 if a else int(bool(_eval(node.right, n)))
    if node.op == "&&":
        return int(bool(_eval(node.right, n))) if a else 0
    b = _eval(node.right, n)
    if node.op in ("/", "%"):  # b is a positive literal (the parser's rule); C truncates toward zero
        q = abs(a) // b * (1 if a >= 0 else -1)
        return q if node.op == "/" else a - q * b
    return {"==": int(a == b), "!=": int(a != b), "<": int(a < b), ">": int(a > b), "<=": int(a <= b),
            ">=": int(a >= b), "+": a + b, "-": a - b, "*": a * b}[node.op]


@dataclass(frozen=True)
class PluralRule:
    """`nplurals` and the expression's tree; calling it gives the msgstr index for `n`."""

    nplurals: int
    tree: Node
    source: str

    def __call__(self, n: object) -> int:
        """The index for `n`, as gettext gives it (an index past the last form reads form 0)."""
        if isinstance(n, bool) or not isinstance(n, int):
            if not isinstance(n, float | int) or n != int(n):
                raise TypeError(f"Plural value must be an integer, got {type(n).__name__}")
        index = _eval(self.tree, int(n))
        return index if 0 <= index < self.nplurals else 0


_PARAM = re.compile(r"\s*(nplurals|plural)\s*=\s*", re.IGNORECASE)


def parse_plural_forms(value: str) -> PluralRule:
    """The rule of a `Plural-Forms` header value, e.g. `nplurals=2; plural=(n != 1);`."""
    if len(value) > MAX_LENGTH + 40:
        raise PluralFormsError(f"the value is {len(value):,} characters; the limit is "
                               f"{MAX_LENGTH + 40}", 0)
    params: dict[str, tuple[str, int]] = {}
    start = 0
    for part in value.split(";"):
        if part.strip():
            m = _PARAM.match(part)
            if not m:
                col = start + len(part) - len(part.lstrip())
                raise PluralFormsError(f"unexpected {part.strip()[:40]!r}", col,
                                       "the value is 'nplurals=N; plural=EXPRESSION;'")
            key = m.group(1).lower()
            if key in params:
                raise PluralFormsError(f"{key}= is given twice", start + m.start(1))
            params[key] = (part[m.end():].strip(), start + m.end())
        start += len(part) + 1
    if "nplurals" not in params or "plural" not in params:
        missing = "nplurals=" if "nplurals" not in params else "plural="
        raise PluralFormsError(f"no {missing} in the value", 0, "the value is 'nplurals=N; plural=EXPRESSION;'")
    count, col = params["nplurals"]
    if not count.isascii() or not count.isdigit():
        raise PluralFormsError(f"nplurals={count[:20]} is not a whole number", col)
    if not 1 <= len(count) <= 2 or not 1 <= int(count) <= MAX_NPLURALS:
        raise PluralFormsError(f"nplurals={count[:20]}: a language has 1 to {MAX_NPLURALS} plural forms", col,
                               "CLDR's largest count is 6 (Arabic); Turkish and English have 2")
    nplurals = int(count)
    expr, col = params["plural"]
    if len(expr) > MAX_LENGTH:
        raise PluralFormsError(f"the plural expression is {len(expr):,} characters; the limit is {MAX_LENGTH}", col)
    try:
        parser = _Parser(expr)
        tree = parser.expression(0)
        if parser.peek():
            raise PluralFormsError(f"unexpected {parser.peek()!r} after the plural expression", parser.col())
    except PluralFormsError as e:
        e.col += col
        raise
    rule = PluralRule(nplurals, tree, expr)
    for n in CHECKED_N:
        index = _eval(tree, n)
        if not 0 <= index < nplurals:
            raise PluralFormsError(f"plural={expr} gives {index} for n = {n}, but nplurals={nplurals} "
                                   f"allows 0 to {nplurals - 1}", col)
    return rule
