"""How deep a page's or caption's Jinja nests, measured on its tokens before anything parses it.

Jinja's parser and code generator recurse once per level of nesting, and Python's compiler has
its own ceilings (20 nested loops, 100 indentation levels, 200 parentheses), so a list literal
300 deep, `not` 500 times or a chain of 300 `+` stops a build with a RecursionError or a
SyntaxError from generated code, not a line of the page. Counting tokens is a flat loop, so
these limits, far above what a page writes, are checked first (`PageSandbox`, the audit):

- brackets `( [ {` nested at most MAX_BRACKETS deep;
- at most MAX_UNARY prefix operators (`not`, `-`, `+`) in a row;
- at most MAX_OPERATORS operators, filters and attribute dots in one tag;
- blocks (`if`, `for`, `macro`, …) nested at most MAX_BLOCKS deep.

>>> too_deep("{{ [[1, 2], [3]] }}") is None
True
>>> too_deep("text\\n{{ " + "[" * 300 + "]" * 300 + " }}")
(2, 34, 'brackets nested more than 30 deep')
"""
from __future__ import annotations

import jinja2
from jinja2.lexer import TOKEN_BLOCK_BEGIN, TOKEN_BLOCK_END, TOKEN_NAME, TOKEN_VARIABLE_BEGIN, TOKEN_VARIABLE_END

MAX_BRACKETS = 30
MAX_UNARY = 10
MAX_OPERATORS = 100
MAX_BLOCKS = 15

BLOCKS = frozenset({"if", "for", "macro", "call", "filter", "with", "autoescape", "block", "trans", "set"})
_OPEN, _CLOSE = frozenset("([{"), frozenset(")]}")
_OPERATORS = frozenset({"add", "sub", "mul", "div", "floordiv", "mod", "pow", "tilde", "pipe", "dot", "eq", "ne",
                        "lt", "lteq", "gt", "gteq"})
_WORD_OPERATORS = frozenset({"and", "or", "not", "in", "is", "if", "else"})
# After these a `-` or `+` is a sign, not a subtraction or an addition.
_BEFORE_OPERAND = frozenset({"lparen", "lbracket", "lbrace", "comma", "colon", "assign", "add", "sub", "mul", "div",
                             "floordiv", "mod", "pow", "tilde", "eq", "ne", "lt", "lteq", "gt", "gteq",
                             TOKEN_VARIABLE_BEGIN, TOKEN_BLOCK_BEGIN})
_TAG_TOKENS = frozenset({TOKEN_VARIABLE_BEGIN, TOKEN_VARIABLE_END, TOKEN_BLOCK_BEGIN, TOKEN_BLOCK_END, TOKEN_NAME,
                         "operator", "integer", "float", "string"})
_LEXER_ENV = jinja2.Environment()


def _column(lines: list[str], lineno: int, value: str, start: int) -> int:
    """The 1-based column of `value` on line `lineno`, searched from `start` (tokens carry lines only)."""
    text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    at = text.find(value, start) if value else -1
    return (at if at >= 0 else max(start, 0)) + 1


def too_deep(source: str) -> tuple[int, int, str] | None:
    """(line, column, message) where `source` first passes a limit, else None (a source the lexer
    refuses is left to the parser, which reports it)."""
    lines = source.split("\n")
    depth = blocks = unary = operators = 0
    prev = ""
    cursor: dict[int, int] = {}  # per line, where the last token was found (for columns)
    tag_start = True
    try:
        for lineno, kind, value in _LEXER_ENV.lex(source):
            if kind not in _TAG_TOKENS:
                continue  # text, comments, whitespace
            text = str(value)
            col = _column(lines, lineno, text, cursor.get(lineno, 0))
            cursor[lineno] = col  # the next token on this line is at or after this one
            if kind in (TOKEN_VARIABLE_BEGIN, TOKEN_BLOCK_BEGIN):
                operators, unary, tag_start = 0, 0, True
                prev = kind
                continue
            if kind in (TOKEN_VARIABLE_END, TOKEN_BLOCK_END):
                prev = kind
                continue
            if kind == "operator":
                kind = _operator_name(text)
            if tag_start and prev == TOKEN_BLOCK_BEGIN and kind == TOKEN_NAME:
                if text in BLOCKS and not (text == "set" and _is_assignment(source, lines, lineno, col)):
                    blocks += 1
                    if blocks > MAX_BLOCKS:
                        return lineno, col, f"blocks ({text}, …) nested more than {MAX_BLOCKS} deep"
                elif text.startswith("end") and text[3:] in BLOCKS:
                    blocks = max(blocks - 1, 0)
            tag_start = False
            is_unary = (text == "not" and kind == TOKEN_NAME) or (kind in ("add", "sub") and prev in _BEFORE_OPERAND)
            unary = unary + 1 if is_unary else 0
            if unary > MAX_UNARY:
                return lineno, col, f"more than {MAX_UNARY} prefix operators in a row"
            if kind in _OPERATORS or (kind == TOKEN_NAME and text in _WORD_OPERATORS):
                operators += 1
                if operators > MAX_OPERATORS:
                    return lineno, col, f"more than {MAX_OPERATORS} operators, filters and dots in one tag"
            if text in _OPEN and kind in ("lparen", "lbracket", "lbrace"):
                depth += 1
                if depth > MAX_BRACKETS:
                    return lineno, col, f"brackets nested more than {MAX_BRACKETS} deep"
            elif text in _CLOSE and kind in ("rparen", "rbracket", "rbrace"):
                depth = max(depth - 1, 0)
            prev = kind
    except jinja2.TemplateSyntaxError:
        return None
    return None


def _operator_name(text: str) -> str:
    from jinja2.lexer import operators

    return operators.get(text, "operator")


def _is_assignment(source: str, lines: list[str], lineno: int, col: int) -> bool:
    """Whether the `{% set … %}` tag at (lineno, col) assigns (`set x = …`), which opens no block."""
    text = "\n".join(lines[lineno - 1:lineno + 20])[col - 1:]
    end = text.find("%}")
    return "=" in (text[:end] if end >= 0 else text)
