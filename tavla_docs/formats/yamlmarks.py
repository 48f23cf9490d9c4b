"""Safe YAML loading that remembers where every key and value was written.

The document is composed (not constructed) with a SafeLoader, and the node
tree is walked into plain Python values plus a table of marks keyed by path
(`("expect", "legal", 0)`), so validation code works on ordinary dicts and
lists and can still point at the exact line and column. Anchors/aliases (the
"billion laughs" bomb), merge keys, Python tags and duplicate keys are errors.

>>> doc = load_yaml("a: 1\\nb: [x, 'y']\\n")
>>> doc.value, doc.mark(("b", 1)), doc.key_mark(("b",))
({'a': 1, 'b': ['x', 'y']}, (2, 8), (2, 1))
"""
from __future__ import annotations

import datetime
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import TavlaError

try:  # the C parser composes ~10x faster; marks and tags are the same
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader

Path_ = tuple[Hashable, ...]
Mark = tuple[int, int]  # 1-based line, 1-based column

_STD = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_STD + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_constructor = yaml.constructor.SafeConstructor()


# The one size cap of every YAML file a contributor can hand us (scenarios, position files).
MAX_FILE_BYTES = 256 * 1024


def read_capped(path: Path, what: str = "file") -> str:
    """The UTF-8 text of `path`, refusing (before reading) a file over MAX_FILE_BYTES."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise TavlaError(f"{path}: the {what} is {size:,} bytes; the limit is {MAX_FILE_BYTES // 1024} KB")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise TavlaError(f"{path}: not UTF-8 text; save the {what} as UTF-8") from None


class YamlError(TavlaError):
    """A document we refuse to read, with the 1-based line and column of the cause."""

    def __init__(self, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


@dataclass
class MarkedDoc:
    """Plain values plus where each one (and each mapping key) starts."""

    value: Any
    marks: dict[Path_, Mark] = field(default_factory=dict)
    key_marks: dict[Path_, Mark] = field(default_factory=dict)
    styles: dict[Path_, str | None] = field(default_factory=dict)

    def mark(self, path: Path_) -> Mark:
        """Where the value at `path` starts (the nearest enclosing value if unknown)."""
        p = tuple(path)
        while p not in self.marks and p:
            p = p[:-1]
        return self.marks.get(p, (1, 1))

    def key_mark(self, path: Path_) -> Mark:
        """Where the key of the mapping entry at `path` starts (falls back to the value)."""
        return self.key_marks.get(tuple(path)) or self.mark(path)

    def char_mark(self, path: Path_, offset: int) -> Mark:
        """The mark of character `offset` inside the one-line string at `path`."""
        line, col = self.mark(path)
        style = self.styles.get(tuple(path))
        if style in ("|", ">"):
            return line, col
        return line, col + offset + (1 if style in ("'", '"') else 0)


def _mark(node: yaml.Node) -> Mark:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _event_mark(ev: yaml.Event) -> Mark:
    """Where a parser event starts (the parser always sets it; the stubs allow None)."""
    m = ev.start_mark
    return (m.line + 1, m.column + 1) if m is not None else (1, 1)


def _find_anchor(text: str, what: str) -> YamlError | None:
    """The first anchor or alias, located (only called when the text could hold one)."""
    try:
        for ev in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(ev, yaml.AliasEvent):
                return YamlError(f"YAML aliases (*name) are not allowed in {what}; write the value out",
                                 *_event_mark(ev))
            if getattr(ev, "anchor", None):
                return YamlError(f"YAML anchors (&name) are not allowed in {what}; write the value out",
                                 *_event_mark(ev))
    except yaml.YAMLError:
        return None
    return None


def _bad_tag(node: yaml.Node, what: str) -> YamlError:
    return YamlError(f"the YAML tag {node.tag.replace(_STD, '!!')!r} is not allowed here; "
                     f"{what} use plain text, numbers, true/false, lists and mappings", *_mark(node))


def _scalar(node: yaml.ScalarNode, what: str) -> Any:
    tag = node.tag
    if tag not in _SCALAR_TAGS:
        raise _bad_tag(node, what)
    try:
        if tag == _STD + "str":
            return node.value
        if tag == _STD + "int":
            return _constructor.construct_yaml_int(node)
        if tag == _STD + "float":
            return _constructor.construct_yaml_float(node)
        if tag == _STD + "bool":
            if node.value.lower() not in ("true", "false"):
                return node.value  # YAML 1.1's yes/no/on/off stay words: `off:` is a key, not False
            return _constructor.construct_yaml_bool(node)
        if tag == _STD + "null":
            return None
        value = _constructor.construct_yaml_timestamp(node)
        return value.isoformat() if isinstance(value, datetime.date | datetime.datetime) else node.value
    except (ValueError, TypeError, yaml.YAMLError):
        raise YamlError(f"cannot read {node.value!r} as {tag.replace(_STD, '')}", *_mark(node)) from None


def _walk(node: yaml.Node, path: Path_, doc: MarkedDoc, depth: int, what: str) -> Any:
    if depth > 50:
        raise YamlError("the document nests more than 50 levels deep", *_mark(node))
    doc.marks[path] = _mark(node)
    if isinstance(node, yaml.ScalarNode):
        doc.styles[path] = node.style
        return _scalar(node, what)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != _STD + "seq":
            raise _bad_tag(node, what)
        return [_walk(child, path + (i,), doc, depth + 1, what) for i, child in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        if node.tag != _STD + "map":
            raise _bad_tag(node, what)
        out: dict[Any, Any] = {}
        for knode, vnode in node.value:
            if knode.tag == _STD + "merge":
                raise YamlError(f"YAML merge keys (<<) are not allowed in {what}", *_mark(knode))
            if not isinstance(knode, yaml.ScalarNode):
                raise YamlError("a mapping key must be a plain value, not a list or mapping", *_mark(knode))
            key = _scalar(knode, what)
            if key in out:
                first = doc.key_marks[path + (key,)]
                raise YamlError(f"duplicate key {key!r} (first written on line {first[0]})", *_mark(knode))
            doc.key_marks[path + (key,)] = _mark(knode)
            out[key] = _walk(vnode, path + (key,), doc, depth + 1, what)
        return out
    raise YamlError("unexpected YAML node", *_mark(node))  # pragma: no cover


def load_yaml(text: str, what: str = "scenarios") -> MarkedDoc:
    """Parse one YAML document into a MarkedDoc; raises YamlError with a location. `what` names
    the kind of file in messages ("scenarios", "position files")."""
    if "&" in text:  # an alias needs an anchor: only files with a "&" are scanned closely
        err = _find_anchor(text, what)
        if err:
            raise err
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        msg = (e.problem or e.context or "invalid YAML").strip()
        if "expected a single document" in str(e):
            msg = f"a {what.rstrip('s').replace('scenario', 'scenario file')} holds one YAML document; remove the extra '---'"
        raise YamlError(f"invalid YAML: {msg}", line, col) from None
    except yaml.reader.ReaderError as e:
        before = text[: max(e.position, 0)]
        ch = e.character if isinstance(e.character, int) else ord(str(e.character)[:1] or "\0")
        line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        raise YamlError(f"invalid YAML: the control character U+{ch:04X} is not allowed in a YAML file", line, col) from None
    except RecursionError:  # the composer recurses once per level, before _walk's depth check
        raise YamlError("the document nests more than 50 levels deep", 1, 1) from None
    except yaml.YAMLError as e:
        raise YamlError(f"invalid YAML: {str(e).splitlines()[0]}", 1, 1) from None
    except (ValueError, UnicodeError) as e:  # e.g. NUL or other unprintable characters
        raise YamlError(f"invalid YAML: {e}", 1, 1) from None
    doc = MarkedDoc(None)
    if node is None:
        return doc
    doc.value = _walk(node, (), doc, 0, what)
    return doc
