"""Facts a reader sees outside a page's body: its front matter, its figures' labels, the
vocabulary of its figures' captions, and what every page shows (`surfaces`): one module, so the
project audit (`project`) only gathers.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from ..terms import term_warnings
from .patterns import find_facts
from .problems import Problem

_KINDS = {"number": "the number", "roll": "the roll", "play": "the play", "word": "the number word",
          "unicode": "the character", "caption": "the caption"}


def kind_name(kind: str) -> str:
    return _KINDS.get(kind, kind)


def _term(path: str, w: Any, level: str) -> Problem:
    return Problem(path, w.line, w.col, level, "term", w.message, f"write {w.preferred!r} (site/glossary.yaml, usage:)")


# Front matter keys no reader sees as text.
_UNSEEN_KEYS = frozenset({"slug", "template", "hide", "search", "status", "icon", "render_macros",
                          "source_hash"})  # the digest `tavla-docs translations --record` writes
_FRONT_LINE = re.compile(r"^(\s*)([\w-]+)\s*:\s*(.*)$")


def front_values(front: str) -> Iterator[tuple[int, int, str, str]]:
    """(line, column, key, value) of each front matter value a reader sees as text (the `---`
    line is line 1).

    >>> list(front_values("title: Tapa\\nslug: tapa\\nsummary: pins"))
    [(2, 8, 'title', 'Tapa'), (4, 10, 'summary', 'pins')]
    """
    for i, line in enumerate(front.splitlines(), start=2):
        m = _FRONT_LINE.match(line)
        if m is not None and m.group(2) not in _UNSEEN_KEYS:
            yield i, m.start(3) + 1, m.group(2), m.group(3)


def front_matter_facts(path: str, front: str, lang: str, level: str) -> list[Problem]:
    """Facts typed into front matter a reader sees (the title, the description, a summary): front
    matter is printed as written, so nothing there is computed or checked."""
    out = []
    for i, col, key, value in front_values(front):
        for f in find_facts(value, lang):
            out.append(Problem(path, i, col + f.start, level, "literal",
                               f"{kind_name(f.kind)} {f.text!r} is typed in the front matter's {key}",
                               "front matter is printed as written (titles, the description): keep facts out of "
                               "it and state them in the page, printed from a helper"))
    return out


def _at(value: Any, key: tuple[Any, ...]) -> Any:
    node = value
    for k in key:
        node = node.get(k) if isinstance(node, dict) else node[k] if isinstance(node, list) and \
            isinstance(k, int) and k < len(node) else None
    return node


def caption_terms(path: str, doc: Any, lang: str, frames: Iterable[int], level: str) -> list[Problem]:
    """The site's vocabulary in a figure's captions (`glossary.yaml`, usage:), as in its pages."""
    out = []
    value = doc.value if isinstance(doc.value, dict) else {}
    for index in frames:
        key: tuple[Any, ...] = ("caption", lang) if index == 0 else ("then", index - 1, "caption", lang)
        text = _at(value, key)
        if not isinstance(text, str):
            continue
        for w in term_warnings(text, lang):
            line, col = doc.char_mark(key, w.col - 1) if "\n" not in text else (doc.mark(key)[0] + w.line, w.col)
            out.append(_term(path, replace(w, line=line, col=col), level))
    return out


def label_facts(path: str, doc: Any, lang: str, level: str) -> list[Problem]:
    """Facts typed into a figure's `labels:` (drawn on the board as written, never computed)."""
    out = []
    value = doc.value if isinstance(doc.value, dict) else {}
    blocks = [("diagram",)] + [("then", i, "diagram") for i in range(len(value.get("then") or []))
                               if isinstance(value.get("then"), list)]
    for block in blocks:
        labels = _at(value, (*block, "labels"))
        if not isinstance(labels, dict):
            continue
        for point, label in labels.items():
            key = (*block, "labels", point)
            if isinstance(label, dict):
                key, label = (*key, lang), label.get(lang)
            if not isinstance(label, str):
                continue
            for f in find_facts(label, lang):
                line, col = doc.char_mark(key, f.start)
                out.append(Problem(path, line, col, level, "literal",
                                   f"{kind_name(f.kind)} {f.text!r} is typed in a figure's label",
                                   "a label is drawn as written: name the point's role in words, and let the "
                                   "caption print the facts from its frame ({{ s.… }})"))
    return out


def shared_surface_problems(root: Path, languages: Sequence[str], show: Any, level: str,
                            templates_dir: str | Path = "templates") -> list[Problem]:
    """Facts typed where every page shows them (`surfaces`): the catalogs, the partials a build
    reads (the project's `templates/` overrides, the package's others) and the theme's
    templates, mkdocs.yml's names."""
    from ..env import partial_files
    from ..i18n import site_po_path
    from .surfaces import catalog_problems, config_problems, template_problems

    out: list[Problem] = []
    for lang in languages:
        po = site_po_path(lang)
        if po.is_file():
            out += catalog_problems(po, lang, show(po), level)
    theme = Path(__file__).parents[1] / "theme"
    files = partial_files(root / templates_dir) + sorted(theme.rglob("*.html"))
    out += template_problems(files, show, level, languages)
    from .templatesurface import template_surface_problems  # a partial's rule sentences and typed arithmetic

    out += template_surface_problems(files, show, level)
    config = root / "mkdocs.yml"
    if config.is_file():
        out += config_problems(config, _config_data(config), languages, level)
    from .. import glossary
    from .glossarycheck import glossary_problems  # the glossary page's numbers and throws' names
    out += glossary_problems(glossary.GLOSSARY_FILE, show(glossary.GLOSSARY_FILE), level)
    return out




class _AnyTags(yaml.SafeLoader):
    """mkdocs.yml's data with its Python tags (`!!python/object/apply:…`) read as nothing."""


_AnyTags.add_multi_constructor("", lambda loader, suffix, node: None)


def _config_data(config: Path) -> Any:
    try:
        return yaml.load(config.read_text(encoding="utf-8", errors="replace"), Loader=_AnyTags)  # noqa: S506
    except yaml.YAMLError:
        return None  # MkDocs reports it
