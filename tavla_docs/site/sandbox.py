"""The sandbox a page's Jinja runs in, with limits so one page cannot stall or exhaust a build.

Pages come from contributors, like pull requests. Jinja's
`ImmutableSandboxedEnvironment` refuses private and internal attributes
(`__class__`, `__globals__`, `mro`), callables marked unsafe and changes to
lists, dicts and sets, and caps `range` at MAX_RANGE (100,000) items. It leaves
sizes and work alone, so this adds:

- **sizes.** A value a page builds holds at most MAX_SIZE characters or items,
  nested lists counted each time they are reached (a list holding one big list
  ten times counts it ten times). Operations that could allocate a huge value
  at once (`'x' * 10**9`, `x|center(10**9)`, `'%999999999d' % 1`) are checked
  before they run; everything else a page builds (`+`, `~`, literals, filter and
  call results) right after. Integers stay below MAX_INT_BITS bits, so
  `10 ** (10 ** 10)` is refused before Python starts on it.
- **work.** A page's render has a budget of MAX_WORK units: one per loop
  iteration, attribute or item lookup and output, a few per call (fifty per
  macro call, HELPER_UNITS per helper such as `play`), plus the size of every
  value built, compared, sliced, filtered or printed. Nested loops, an
  exponential macro or a loop over a big comparison end in an error instead of
  running for hours. The count is deterministic: the same page fails at the
  same place on every machine.

A refusal is a `jinja2.sandbox.SecurityError`; the renderer reports it, like
any template error, as `content/<lang>/<page>.md:LINE: error: …`.

>>> env = PageSandbox()
>>> env.from_string("{{ (2 ** 10) * 3 }} {{ [1, 2] + [3] }}").render()
'3072 [1, 2, 3]'
>>> env.from_string("{{ 'x' * 10**9 }}").render()
Traceback (most recent call last):
...
jinja2.exceptions.SecurityError: a value of 1,000,000,000 characters or items; a page's values hold at most 100,000
"""
from __future__ import annotations

import functools
import math
import re
import types
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from string import Formatter
from typing import Any, TypeVar

from jinja2 import TemplateSyntaxError, nodes
from jinja2.compiler import Frame, operators
from jinja2.environment import Template
from jinja2.runtime import Macro
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, SecurityError
from markupsafe import Markup

from . import provenance
from .marking import MarkingCode

MAX_SIZE = 100_000  # characters or items in one value a page builds (Jinja's MAX_RANGE for range)
MAX_INT_BITS = 10_000  # about 3,000 decimal digits, below Python's int-to-text limit
MAX_WORK = 1_000_000  # units per page render; the site's heaviest page uses about 2,000
CALL_UNITS = 5  # a call costs a few loop iterations' time
MACRO_UNITS = 50  # a macro call, about 15 µs, costs about fifty
HELPER_UNITS = 500  # a page helper (`play` about 0.5 ms; drawing is also bounded by page.MAX_BLOCKS)

T = TypeVar("T")

_TEXT = (str, bytes, range)
_CONTAINERS = (list, tuple, dict, set, frozenset)
_SIZED = _TEXT + _CONTAINERS
_SCALARS = frozenset({int, float, bool, type(None)})


# --- sizes -------------------------------------------------------------------------

class _TooBig(Exception):
    pass


def size_of(value: Any, limit: int = MAX_SIZE) -> int:
    """Characters and items in `value`, nested containers counted each time they are reached.

    Stops counting past `limit` (the result is then just over it), and visits each
    container once, so a list that repeats one list a thousand times is measured fast.

    >>> size_of("abc"), size_of([1, [2, 3]]), size_of({"ab": [1]})
    (3, 3, 3)
    >>> inner = list(range(1000)); size_of([inner] * 1000) > MAX_SIZE
    True
    """
    memo: dict[int, int] = {}

    def size(v: Any) -> int:
        if isinstance(v, _TEXT):
            return len(v)
        if not isinstance(v, _CONTAINERS):
            return 1
        key = id(v)
        if key in memo:
            return memo[key]
        memo[key] = 0  # a structure that contains itself counts it once
        n = 0
        for item in (x for kv in v.items() for x in kv) if isinstance(v, dict) else v:
            t = type(item)
            n += 1 if t in _SCALARS else len(item) or 1 if t is str else max(size(item), 1)
            if n > limit:
                raise _TooBig
        memo[key] = n
        return n

    try:
        return size(value)
    except _TooBig:
        return limit + 1


def refuse_size(n: int) -> None:
    if n > MAX_SIZE:
        raise SecurityError(f"a value of {n:,} characters or items; a page's values hold at most {MAX_SIZE:,}")


# --- work --------------------------------------------------------------------------

class Budget:
    """The work one page render may still do (see the module docstring).

    It remembers the size of each large container it measured (holding it, so its
    id is not reused), so comparing with one big list again costs its size without
    walking it again.
    """

    def __init__(self, units: int = MAX_WORK) -> None:
        self.left = units
        self.sizes: dict[int, tuple[Any, int]] = {}

    def charge(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise SecurityError(f"the page does too much work (more than {MAX_WORK:,} steps: loop iterations, "
                                "calls and the sizes of the values it builds); simplify its loops")

    def size(self, value: Any) -> int:
        hit = self.sizes.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        n = size_of(value)
        if n >= 1000:
            self.sizes[id(value)] = (value, n)
        return n


_BUDGET: ContextVar[Budget | None] = ContextVar("tavla_docs_page_budget", default=None)


def charge(units: int) -> None:
    """Spend from the active render's budget (none while Jinja folds constants at compile time)."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.charge(units)


def costs(units: int) -> Callable[[type[T]], type[T]]:
    """Class decorator: a page's call of any public method of the class costs `units`."""
    def mark(cls: type[T]) -> type[T]:
        for name, value in vars(cls).items():
            if isinstance(value, types.FunctionType) and not name.startswith("_"):
                value.sandbox_units = units  # type: ignore[attr-defined]
        return cls
    return mark


def metered(value: Any) -> Any:
    """`value`, once its size is charged and within MAX_SIZE (values built or read by a page)."""
    if isinstance(value, _TEXT):
        n = len(value)
    elif isinstance(value, _CONTAINERS):
        budget = _BUDGET.get()
        n = budget.size(value) if budget is not None else size_of(value)
    else:
        return value
    refuse_size(n)
    charge(n)
    return value


# --- checks before an operation allocates --------------------------------------------

_PRINTF = re.compile(r"%(?:\([^)]*\))?[#0 +-]*(\*|\d+)?(?:\.(\*|\d+))?")


def check_printf(fmt: str) -> None:
    """`'%9999999d' % 1` would build a gigabyte: widths and precisions are capped, `*` refused."""
    for width, precision in _PRINTF.findall(fmt):
        for n in (width, precision):
            if n == "*":
                raise SecurityError("a `*` width in % formatting; write the width as a number")
            if n:
                refuse_size(int(n))


def check_binop(op: str, left: Any, right: Any) -> None:
    """Refuse `*`, `**`, `+` and `%` whose result would be too big, before computing it."""
    if op == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, str | bytes | list | tuple) and isinstance(n, int) and n > 0:
                refuse_size(min(size_of(seq, MAX_SIZE // n + 1) * n, (MAX_SIZE + 1) * n))
                return
        if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise SecurityError(f"a product of more than {MAX_INT_BITS:,} bits; a page's numbers stay smaller")
    elif op == "**":
        if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1 \
                and math.log2(abs(left)) * right > MAX_INT_BITS:
            raise SecurityError(f"a power of more than {MAX_INT_BITS:,} bits; a page's numbers stay smaller")
    elif op == "+":
        if isinstance(left, str | bytes | list | tuple) and isinstance(right, str | bytes | list | tuple):
            refuse_size(size_of(left) + size_of(right))
    elif op == "%" and isinstance(left, str):
        check_printf(left)


def _check_str_method(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Text methods that can grow a string many times over, checked before they run.

    Returns the arguments to call with (`join`'s iterable becomes a list once measured).
    """
    name, text = obj.__name__, obj.__self__
    if name in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
        refuse_size(args[0])
    elif name == "expandtabs":
        size = args[0] if args else kwargs.get("tabsize", 8)
        if isinstance(size, int):
            refuse_size(len(text) + text.count("\t") * size)
    elif name == "join" and args:
        items = list(args[0])
        refuse_size(len(text) * len(items) + sum(size_of(i) for i in items))
        return (items, *args[1:])
    elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        count = text.count(args[0]) if args[0] else len(text) + 1
        if len(args) > 2 and isinstance(args[2], int) and args[2] >= 0:
            count = min(count, args[2])
        refuse_size(len(text) + count * (len(args[1]) - len(args[0])))
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        refuse_size(len(text) * max(longest, 1))
    return args


# --- filters -------------------------------------------------------------------------

def _filter_checks(name: str, value: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """The filters whose result can be far bigger than their input, checked before they run.

    `join` and `sum` get a measured list (`guard_filter`), never a generator.
    """
    def arg(i: int, key: str, default: Any) -> Any:
        return args[i] if len(args) > i else kwargs.get(key, default)

    if name == "center":
        width = arg(0, "width", 80)
        if isinstance(width, int):
            refuse_size(width)
    elif name == "indent":
        width = arg(0, "width", 4)
        step = width if isinstance(width, int) else len(str(width))
        refuse_size(len(str(value)) + (str(value).count("\n") + 1) * step)
    elif name == "wordwrap":
        refuse_size(len(str(value)) * max(len(str(arg(2, "wrapstring", "\n") or "\n")), 1))
    elif name in ("batch", "slice"):
        n = arg(0, "linecount" if name == "batch" else "slices", 1)
        if isinstance(n, int):
            refuse_size(n)
    elif name == "join" and isinstance(value, _SIZED):
        refuse_size(len(str(arg(0, "d", ""))) * len(value) + size_of(value))
    elif name == "replace" and len(args) >= 2:
        _check_str_method(str(value).replace, (str(args[0]), str(args[1]), *args[2:]), {})
    elif name == "format" and isinstance(value, str):
        check_printf(value)
    elif name == "sum":
        start = arg(1, "start", 0)
        if not isinstance(start, int | float):
            refuse_size(size_of(start) + size_of(value))


_MEASURED = ("join", "sum")  # filters whose input is made a list first, so it can be measured


def guard_filter(name: str, func: Callable[..., Any], value_index: int, checks: bool = True) -> Callable[..., Any]:
    """`func` charged for its input and result, with `_filter_checks` first (for filters, not tests).

    `value_index` is 1 for filters Jinja passes a context or environment first.
    `functools.wraps` keeps Jinja's pass_context/pass_eval_context mark.
    """
    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if len(args) > value_index:
            value = args[value_index]
            if checks and name in _MEASURED and isinstance(value, Iterator):
                value = list(value)
                args = (*args[:value_index], value, *args[value_index + 1:])
            metered(value)
            if checks:
                _filter_checks(name, value, args[value_index + 1:], kwargs)
        return metered(func(*args, **kwargs))
    return guarded


# --- str.format ---------------------------------------------------------------------

class _CappedFormat:
    """`'{:>999999999}'.format(1)`: format specs whose numbers exceed MAX_SIZE are refused."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        for n in re.findall(r"\d+", format_spec):
            refuse_size(int(n))
        return super().format_field(value, format_spec)  # type: ignore[misc]


class _CappedFormatter(_CappedFormat, SandboxedFormatter):
    pass


class _CappedEscapeFormatter(_CappedFormat, SandboxedEscapeFormatter):
    pass


# --- generated code ------------------------------------------------------------------

class MeteredCode(MarkingCode):
    """Jinja's code generator, plus charges where Jinja calls no environment hook:
    loop iterations, `~`, list/tuple/dict literals, comparisons and slices."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:
        node.iter = nodes.Call(nodes.EnvironmentAttribute("metered_iter"), [node.iter], [], None, None,
                               lineno=node.iter.lineno)
        super().visit_For(node, frame)

    def _metered(self, visit: Callable[[], None]) -> None:
        self.write("environment.metered(")
        visit()
        self.write(")")

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self._metered(lambda: super(MeteredCode, self).visit_Concat(node, frame))

    def visit_List(self, node: nodes.List, frame: Frame) -> None:
        self._metered(lambda: super(MeteredCode, self).visit_List(node, frame))

    def visit_Dict(self, node: nodes.Dict, frame: Frame) -> None:
        self._metered(lambda: super(MeteredCode, self).visit_Dict(node, frame))

    def visit_Tuple(self, node: nodes.Tuple, frame: Frame) -> None:
        if node.ctx != "load":  # an assignment target: `{% for a, b in … %}`
            super().visit_Tuple(node, frame)
        else:
            self._metered(lambda: super(MeteredCode, self).visit_Tuple(node, frame))

    def visit_Getitem(self, node: nodes.Getitem, frame: Frame) -> None:
        if isinstance(node.arg, nodes.Slice):  # slices bypass environment.getitem
            self._metered(lambda: super(MeteredCode, self).visit_Getitem(node, frame))
        else:
            super().visit_Getitem(node, frame)

    def visit_Compare(self, node: nodes.Compare, frame: Frame) -> None:
        """`a in b`, `a == b`: each operand charged as it is reached (chains stay lazy)."""
        self.write("(")
        self._metered(functools.partial(self.visit, node.expr, frame))
        for op in node.ops:
            self.write(f" {operators[op.op]} ")
            self._metered(functools.partial(self.visit, op.expr, frame))
        self.write(")")


class PageTemplate(Template):
    """A page template: each `render` gets a fresh work budget."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        token = _BUDGET.set(Budget())
        try:
            return super().render(*args, **kwargs)
        finally:
            _BUDGET.reset(token)


class PageSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with size and work limits (see the module docstring).

    `lipsum` is left out of the globals: pages have no use for placeholder text,
    and its size arguments are unbounded.
    """

    code_generator_class = MeteredCode
    template_class = PageTemplate
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(finalize=_printed, **options)
        self.globals.pop("lipsum", None)
        for table, checks in ((self.filters, True), (self.tests, False)):
            for name, func in list(table.items()):
                table[name] = guard_filter(name, func, 1 if hasattr(func, "jinja_pass_arg") else 0, checks)

    #: Compiled code kept between environments (`buildspeed.page_code`), or None: compiled each time.
    compiled: Any = None

    def compile(self, source: Any, name: str | None = None, filename: str | None = None,
                raw: Any = False, defer_init: bool = False) -> Any:
        """Jinja's compile, or the same code kept by `compiled` (a source compiled before with the
        same options)."""
        if self.compiled is None or raw or not isinstance(source, str):
            return super().compile(source, name, filename, raw, defer_init)
        return self.compiled.compile(self, lambda: super(PageSandbox, self).compile(source, name, filename, raw, defer_init),
                                     source, name, filename, defer_init)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """Jinja's parse, after `nesting.too_deep`: a source nested past the limits is a located
        syntax error, not a RecursionError in the parser or a SyntaxError in the generated code."""
        from .nesting import too_deep

        found = too_deep(source)
        if found is not None:
            raise TemplateSyntaxError(f"{found[2]} (column {found[1]}); split the expression or the blocks",
                                      found[0], name, filename)
        return super()._parse(source, name, filename)

    def metered(self, value: Any) -> Any:
        return metered(value)

    mark = staticmethod(lambda line, index, value, autoescape: provenance.mark(line, value, autoescape, index))

    def metered_iter(self, iterable: Any) -> Any:
        return _Counted(iterable)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        check_binop(operator, left, right)
        return metered(super().call_binop(context, operator, left, right))

    def getattr(self, obj: Any, attribute: str) -> Any:
        charge(1)
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        charge(1)
        return super().getitem(obj, argument)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        if isinstance(__obj, Macro):
            charge(MACRO_UNITS)
        else:
            charge(getattr(__obj.__func__, "sandbox_units", CALL_UNITS) if isinstance(__obj, types.MethodType)
                   else CALL_UNITS)
        owner = getattr(__obj, "__self__", None)
        if isinstance(__obj, types.BuiltinMethodType | types.MethodType) and isinstance(owner, _SIZED):
            metered(owner)  # `big.count(x)` reads all of `big`
            if isinstance(owner, str):
                args = _check_str_method(__obj, args, kwargs)
        return metered(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """Jinja's own wrapper for `str.format`, with format specs capped (`_CappedFormat`)."""
        if not isinstance(value, types.MethodType | types.BuiltinMethodType) \
                or value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        text: str = value.__self__
        formatter: Formatter = (_CappedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup)
                                else _CappedFormatter(self))
        is_map = value.__name__ == "format_map"

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                mapping = args[0]
                args, kwargs = (), mapping
            return metered(type(text)(formatter.vformat(text, args, kwargs)))

        return functools.update_wrapper(wrapper, value)


def _printed(value: Any) -> Any:
    """What `{{ … }}` prints: one unit for the output, plus the value's size."""
    charge(1)
    return metered(value)


class _Counted:
    """A loop's iterable, charging one unit per item; keeps `len` for `loop.length`."""

    __slots__ = ("iterable",)

    def __init__(self, iterable: Iterable[Any]) -> None:
        self.iterable = iterable

    def __iter__(self) -> Iterator[Any]:
        for item in self.iterable:
            charge(1)
            yield item

    def __len__(self) -> int:
        return len(self.iterable)  # type: ignore[arg-type]  # TypeError: LoopContext then counts
