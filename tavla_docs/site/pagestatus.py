"""Which pages and scenario texts are not translated yet, and which translations are older than
their source page.

The default language's pages are the source (`content/tr/x.md`); a translation is the same
file name in another language's folder. When a translator finishes a page, `tavla-docs
translations --record content/en/x.md` writes the source's digest into the translation's
front matter (`source_hash: 3f2a…`). Once the source changes, its digest differs and the
page is reported *stale*. The digest is of the file's text (line endings normalised), so it
needs no git history and works in an installed tool; a translation without the line is
reported *unrecorded*.

A scenario's text is per language where its value is a mapping keyed by language codes
(`caption: {tr: …, en: …}`, and the same in labels or a story's frames); one that lacks
one of the site's languages is reported with its line.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import TavlaError

FIELD = "source_hash"
DIGEST_CHARS = 16  # 64 bits of SHA-256: enough to tell two versions of one page apart
_LINE = re.compile(rf"^{FIELD}[ \t]*:[ \t]*['\"]?([0-9a-f]*)['\"]?[ \t]*(?:#.*)?$")


class RecordError(TavlaError):
    """A page whose source digest cannot be recorded (no source page, or not a translation)."""


def source_digest(text: str) -> str:
    """The digest a translation records of its source: the same text gives the same digest.

    >>> source_digest("# Pul\\r\\n") == source_digest("# Pul\\n"), len(source_digest(""))
    (True, 16)
    """
    normal = text.replace("\r\n", "\n").replace("\r", "\n")
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def _front_matter_end(lines: list[str]) -> int | None:
    """The index of the closing `---` of a page's front matter, None without front matter."""
    if not lines or lines[0].rstrip() != "---":
        return None
    return next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)


def recorded_digest(text: str) -> str | None:
    """The `source_hash:` of a page's front matter, read by line (None without one).

    >>> recorded_digest("---\\ntitle: X\\nsource_hash: 0123abcd\\n---\\n# X\\n"), recorded_digest("# X\\n")
    ('0123abcd', None)
    """
    lines = text.splitlines()
    end = _front_matter_end(lines)
    for line in lines[1:end or 0]:
        m = _LINE.match(line)
        if m:
            return m.group(1)
    return None


def with_digest(text: str, digest: str) -> str:
    """The page's text with `source_hash: digest` in its front matter (replaced, or added last).

    >>> with_digest("# X\\n", "ab"), with_digest("---\\ntitle: X\\nsource_hash: 00\\n---\\nx\\n", "ab")
    ('---\\nsource_hash: ab\\n---\\n# X\\n', '---\\ntitle: X\\nsource_hash: ab\\n---\\nx\\n')
    """
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(keepends=True)
    end = _front_matter_end([ln.rstrip("\r\n") for ln in lines])
    entry = f"{FIELD}: {digest}{newline}"
    if end is None:
        return f"---{newline}{entry}---{newline}" + text
    for i in range(1, end):
        if _LINE.match(lines[i].rstrip("\r\n")):
            lines[i] = entry
            return "".join(lines)
    lines.insert(end, entry)
    return "".join(lines)


@dataclass(frozen=True)
class PageGaps:
    """One language's pages against the source language's: paths relative to the docs folder."""

    untranslated: tuple[str, ...]  # the source page has no file in this language
    stale: tuple[tuple[str, str, str], ...]  # (translation, recorded digest, the source's digest now)
    unrecorded: tuple[str, ...]  # a translation without `source_hash:`


def page_gaps(docs_dir: Path, source: str, lang: str) -> PageGaps:
    """Compare `lang`'s folder with the source language's, page by page."""
    untranslated, stale, unrecorded = [], [], []
    for page in sorted((docs_dir / source).rglob("*.md")):
        rel = page.relative_to(docs_dir / source).as_posix()
        target = docs_dir / lang / rel
        if not target.is_file():
            untranslated.append(f"{lang}/{rel}")
            continue
        recorded = recorded_digest(target.read_text(encoding="utf-8-sig"))
        now = source_digest(page.read_text(encoding="utf-8-sig"))
        if recorded is None:
            unrecorded.append(f"{lang}/{rel}")
        elif recorded != now:
            stale.append((f"{lang}/{rel}", recorded, now))
    return PageGaps(tuple(untranslated), tuple(stale), tuple(unrecorded))


def recorded_text(page: Path, docs_dir: Path, languages: Sequence[str]) -> tuple[str, str, bool]:
    """The translation `page` with its source's digest recorded: (digest, the page's new text,
    whether it changed). Writes nothing: `translations --record` writes every page, or none."""
    try:
        rel = page.resolve().relative_to(docs_dir.resolve())
    except ValueError:
        raise RecordError(f"{page}: error: not a page of {docs_dir}") from None
    lang, source = rel.parts[0], languages[0]
    if lang not in languages[1:]:
        raise RecordError(f"{page}: error: not a translation: its folder is not one of "
                          f"{', '.join(f'{x}/' for x in languages[1:])}\n"
                          f"    hint: record a translation's page; {source}/ holds the source pages")
    origin = docs_dir / source / Path(*rel.parts[1:])
    if not origin.is_file():
        raise RecordError(f"{page}: error: its source page {origin} does not exist")
    digest = source_digest(origin.read_text(encoding="utf-8-sig"))
    text = page.read_text(encoding="utf-8-sig")
    updated = with_digest(text, digest)
    return digest, updated, updated != text


@dataclass(frozen=True)
class TextGap:
    """A scenario's per-language text that lacks some of the site's languages."""

    file: str
    line: int
    key: str  # where in the scenario: caption, frames[2].caption, …
    missing: tuple[str, ...]


def _walk(node: yaml.Node, path: str) -> Iterator[tuple[str, yaml.MappingNode]]:
    if isinstance(node, yaml.MappingNode):
        yield path, node
        for k, v in node.value:
            yield from _walk(v, f"{path}.{k.value}" if path else str(k.value))
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            yield from _walk(v, f"{path}[{i}]")


def text_gaps(scenarios_dir: Path, languages: Sequence[str], shown_root: Path) -> list[TextGap]:
    """Every per-language mapping of the scenarios that lacks a language (files in name order;
    a file that is not YAML is left to `tavla-docs check`, which reports it)."""
    out = []
    wanted = set(languages)
    for path in sorted(scenarios_dir.rglob("*.yaml")):
        try:
            root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        except (yaml.YAMLError, UnicodeDecodeError, OSError):
            continue
        if root is None:
            continue
        try:
            shown = path.relative_to(shown_root).as_posix()
        except ValueError:
            shown = str(path)
        for where, node in _walk(root, ""):
            keys = [str(k.value) for k, _ in node.value if isinstance(k, yaml.ScalarNode)]
            if keys and len(keys) == len(node.value) and set(keys) <= wanted and where:
                missing = tuple(x for x in languages if x not in keys)
                if missing:
                    out.append(TextGap(shown, node.start_mark.line + 1, where, missing))
    return out
