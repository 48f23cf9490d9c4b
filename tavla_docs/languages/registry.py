"""The registry of languages: one YAML entry per language, read as data and checked with locations.

The package ships `tr.yaml` and `en.yaml` beside this module; a project adds or replaces a
language with `languages/<code>.yaml` beside its mkdocs.yml (`use_project`). Every place that
needs to know a language (numbers, list words, a figure's words, the text fallback order, the
switcher's name, the search stemmer, the audit's number words) asks `get(code)`.

>>> tr = get("tr")
>>> tr.name, tr.direction, tr.conjunctions["or"], tr.grammar.ordinal_words(4), tr.plural_categories
('Türkçe', 'ltr', 'ya da', 'dördüncü', ('one', 'other'))
>>> codes()
('tr', 'en', 'el')
"""
from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import TavlaError
from ..formats.yamlmarks import MarkedDoc, YamlError, load_yaml, read_capped
from .grammars import GRAMMARS, DataGrammar, Grammar

PACKAGE_DIR = Path(__file__).parent
PROJECT_FOLDER = "languages"  # beside mkdocs.yml
# The order in which a text missing in a language is taken from another (labels, captions).
DEFAULT_FALLBACK = ("en", "tr")

_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?")
_KEYS = ("code", "name", "direction", "locale", "grammar", "search", "conjunctions", "number_words",
         "ordinal_words", "ordinal", "die_name", "die_names", "words", "pinner", "audit_words", "number_forms",
         "not_counts", "separator", "fallback", "default", "games")
_REQUIRED = ("code", "name", "direction", "locale", "conjunctions")


class LanguageError(TavlaError):
    """A registry entry that cannot be used (the message is `path:line:col: error: …` with a hint)."""


@dataclass(frozen=True)
class Language:
    """One language as its entry says: the facts every module needs to write it."""

    code: str
    name: str
    direction: str  # "ltr" or "rtl"
    locale: str  # Babel's locale: CLDR plural rules, digits, percent format
    grammar: Grammar = field(compare=False)
    conjunctions: Mapping[str, str]  # {"and": …, "or": …}: the word before a list's last item
    search: str | None = None  # the search plugin's language, when lunr has one
    words: Mapping[str, str] = field(default_factory=dict)  # figure words (diagram/words.py keys)
    pinner: Mapping[str, str] = field(default_factory=dict)  # {"white": …, "black": …}
    audit_words: tuple[str, ...] = ()  # more number words for the audit (stems, dozen-like words)
    # The other forms of a number's word, by value (Greek τρεις, τριών, τρίτος … for 3): the audit
    # finds them and reads their value, where the tables give one form per number.
    number_forms: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    not_counts: tuple[str, ...] = ()  # phrases whose number word is no count (Greek "και τα δύο", both)
    fallback: tuple[str, ...] = DEFAULT_FALLBACK
    # The mark between the items of a list whose items have commas ("from 8 to 5; from 6 to 5"):
    # a semicolon, but Greek writes the ano teleia (·), its ";" being the question mark.
    separator: str = ";"
    default: bool = False  # a project that names no `languages` is built in the default ones (tr, en)
    games: Mapping[str, str] = field(default_factory=dict)  # a game's diagram name (its msgid) -> this language's
    source: str = ""  # the entry's file, for messages

    @property
    def plural_categories(self) -> tuple[str, ...]:
        """CLDR's plural categories of the language (through Babel): Turkish two, Arabic six."""
        from babel import Locale

        rule = Locale.parse(self.locale).plural_form
        return tuple(c for c in ("zero", "one", "two", "few", "many") if c in rule.tags) + ("other",)

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    def isolate(self, text: str) -> str:
        """`text` (a play, a roll, a position: notation read left to right) as an isolated
        left-to-right run inside this language's plain text: wrapped in LEFT-TO-RIGHT ISOLATE …
        POP DIRECTIONAL ISOLATE in a right-to-left language, so "24/18 13/11" is not shown as
        "13/11 24/18"; unchanged in a left-to-right one, whose text needs nothing (and keeps its bytes).
        HTML marks its plays with an element instead (`code.tavla-play`, isolated by tavla.css).

        >>> get("tr").isolate("24/18 13/11")
        '24/18 13/11'
        """
        return f"\u2066{text}\u2069" if self.rtl and text else text

    def texts_order(self) -> tuple[str, ...]:
        """The languages to take a text from, this one first (`diagram.options.pick`)."""
        return (self.code, *(c for c in self.fallback if c != self.code))


def _error(path: str, doc: MarkedDoc | None, where: tuple[Hashable, ...], message: str, hint: str,
           at_key: bool = False) -> LanguageError:
    line, col = (1, 1)
    if doc is not None and where:
        line, col = doc.key_mark(where) if at_key else doc.mark(where)
    return LanguageError(f"{path}:{line}:{col}: error: {message}\n    hint: {hint}")


def _text(path: str, doc: MarkedDoc, key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _error(path, doc, (key,), f"`{key}` must be a non-empty text", f"e.g. `{key}: …` in quotes if needed")
    return value


def _text_map(path: str, doc: MarkedDoc, key: str, value: Any, keys: tuple[str, ...] = ()) -> dict[str, str]:
    if not isinstance(value, dict):
        raise _error(path, doc, (key,), f"`{key}` must be a mapping", f"e.g. `{key}: {{and: …, or: …}}`")
    out = {}
    for k, v in value.items():
        if keys and k not in keys:
            raise _error(path, doc, (key, k), f"unknown key {k!r} in `{key}`", f"the keys are {', '.join(keys)}",
                         at_key=True)
        if not isinstance(v, str) or not v:
            raise _error(path, doc, (key, k), f"`{key}.{k}` must be a non-empty text", "quote it")
        out[str(k)] = v
    missing = [k for k in keys if k not in out]
    if missing:
        raise _error(path, doc, (key,), f"`{key}` lacks {', '.join(missing)}", f"give {', '.join(keys)}")
    return out


def _number_map(path: str, doc: MarkedDoc, key: str, value: Any) -> dict[int, str]:
    if not isinstance(value, dict):
        raise _error(path, doc, (key,), f"`{key}` must map numbers to words", f"e.g. `{key}: {{2: …, 3: …}}`")
    out = {}
    for k, v in value.items():
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 100:
            raise _error(path, doc, (key, k), f"{k!r} is not a number from 0 to 100", "numbers in words go to 100",
                         at_key=True)
        if not isinstance(v, str) or not v:
            raise _error(path, doc, (key, k), f"`{key}.{k}` must be a non-empty text", "quote it")
        out[k] = v
    return out


def parse_entry(text: str, path: str) -> Language:
    """One entry's text -> its Language; LanguageError (located) on anything that is not a language."""
    try:
        doc = load_yaml(text, what="language entries")
    except YamlError as e:
        raise LanguageError(f"{path}:{e.line}:{e.col}: error: {e.message}\n"
                            "    hint: a language entry is plain YAML: keys, texts, lists") from None
    data = doc.value
    if not isinstance(data, dict):
        raise _error(path, None, (), "a language entry is a mapping", "start with `code: xx`")
    for key in data:
        if key not in _KEYS:
            raise _error(path, doc, (key,), f"unknown key {key!r}", f"the keys are {', '.join(_KEYS)}", at_key=True)
    for key in _REQUIRED:
        if key not in data:
            raise _error(path, None, (), f"the entry has no `{key}`", f"add `{key}:` (docs/authoring.md, "
                         "\"Adding a language\")")
    code = _text(path, doc, "code", data["code"])
    if not _CODE.fullmatch(code) or Path(path).stem != code:
        raise _error(path, doc, ("code",), f"code {code!r} must be the file's name, a language code like `el`",
                     f"name the file {code}.yaml, or write `code: {Path(path).stem}`")
    direction = data["direction"]
    if direction not in ("ltr", "rtl"):
        raise _error(path, doc, ("direction",), f"direction {direction!r} is neither ltr nor rtl",
                     "`direction: rtl` for Arabic, Persian, Hebrew; otherwise ltr")
    locale = _text(path, doc, "locale", data["locale"])
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(locale)
    except (UnknownLocaleError, ValueError):
        raise _error(path, doc, ("locale",), f"Babel knows no locale {locale!r}",
                     "a CLDR locale such as el, ar, fa or pt_BR") from None
    name = data.get("grammar")
    ordinal = data.get("ordinal", "{n}.")
    if not isinstance(ordinal, str) or "{n}" not in ordinal:
        raise _error(path, doc, ("ordinal",), "`ordinal` must contain {n}", "e.g. `ordinal: \"{n}.\"`")
    grammar: Grammar
    if name is not None:
        if name not in GRAMMARS:
            raise _error(path, doc, ("grammar",), f"no grammar hook {name!r}",
                         f"the hooks are {', '.join(GRAMMARS)}; leave `grammar` out to write the language as data")
        grammar = GRAMMARS[name]()
    else:
        grammar = DataGrammar(locale, words=_number_map(path, doc, "number_words", data.get("number_words", {})),
                              ordinal_words=_number_map(path, doc, "ordinal_words", data.get("ordinal_words", {})),
                              ordinal_pattern=ordinal,
                              die_name=_number_map(path, doc, "die_name", data.get("die_name", {})),
                              die_names=_number_map(path, doc, "die_names", data.get("die_names", {})))
    audit = data.get("audit_words", [])
    if not isinstance(audit, list) or not all(isinstance(w, str) and w for w in audit):
        raise _error(path, doc, ("audit_words",), "`audit_words` must be a list of words", "e.g. `[δωδεκάδα]`")
    forms = data.get("number_forms", {})
    if not isinstance(forms, dict):
        raise _error(path, doc, ("number_forms",), "`number_forms` must map numbers to lists of words",
                     "e.g. `number_forms: {3: [τρεις, τριών]}`")
    for k, v in forms.items():
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 100:
            raise _error(path, doc, ("number_forms", k), f"{k!r} is not a number from 0 to 100",
                         "numbers in words go to 100", at_key=True)
        if not isinstance(v, list) or not all(isinstance(w, str) and w for w in v):
            raise _error(path, doc, ("number_forms", k), f"`number_forms.{k}` must be a list of words",
                         "e.g. `[τρεις, τριών]`")
    not_counts = data.get("not_counts", [])
    if not isinstance(not_counts, list) or not all(isinstance(w, str) and w.strip() for w in not_counts):
        raise _error(path, doc, ("not_counts",), "`not_counts` must be a list of phrases",
                     "e.g. `[και τα δύο]`")
    fallback = data.get("fallback", list(DEFAULT_FALLBACK))
    if not isinstance(fallback, list) or not all(isinstance(c, str) and _CODE.fullmatch(c) for c in fallback):
        raise _error(path, doc, ("fallback",), "`fallback` must be a list of language codes", "e.g. `[en, tr]`")
    search = data.get("search")
    if not isinstance(data.get("default", False), bool):
        raise _error(path, doc, ("default",), "`default` must be true or false",
                     "`default: true` only for the languages a project gets when it names none")
    separator = _text(path, doc, "separator", data["separator"]) if "separator" in data else ";"
    return Language(
        code=code, name=_text(path, doc, "name", data["name"]), direction=direction, locale=locale, grammar=grammar,
        conjunctions=_text_map(path, doc, "conjunctions", data["conjunctions"], ("and", "or")),
        search=_text(path, doc, "search", search) if search is not None else None,
        words=_text_map(path, doc, "words", data.get("words", {})),
        pinner=_text_map(path, doc, "pinner", data["pinner"], ("white", "black")) if "pinner" in data else {},
        audit_words=tuple(audit), number_forms={k: tuple(v) for k, v in forms.items()},
        not_counts=tuple(not_counts), separator=separator, fallback=tuple(fallback),
        default=bool(data.get("default", False)),
        games=_text_map(path, doc, "games", data.get("games", {})), source=path)


def read_entry(path: Path) -> Language:
    try:
        text = read_capped(path, "language entry")
    except TavlaError as e:
        raise LanguageError(f"{e}") from None
    return parse_entry(text, str(path))


def read_folder(folder: Path) -> dict[str, Language]:
    """Every `<code>.yaml` of a folder, by code, in name order (deterministic)."""
    if not folder.is_dir():
        return {}
    return {p.stem: read_entry(p) for p in sorted(folder.glob("*.yaml"))}


_BUILTIN_ORDER = ("tr", "en")  # the package's languages, the source language first
_builtin: dict[str, Language] = {}
_project: dict[str, Language] = {}
_project_dir: Path | None = None


def _builtins() -> dict[str, Language]:
    if not _builtin:
        found = read_folder(PACKAGE_DIR)
        _builtin.update({c: found[c] for c in _BUILTIN_ORDER})
        _builtin.update(found)
    return _builtin


def use_project(root: Path | None) -> dict[str, Language]:
    """Read the project's own entries (`<root>/languages/*.yaml`), which add to or replace the
    package's; None forgets them. Returns the project's entries."""
    global _project_dir
    _project.clear()
    _project_dir = None if root is None else Path(root) / PROJECT_FOLDER
    if _project_dir is not None:
        _project.update(read_folder(_project_dir))
    return dict(_project)


def lookup(code: str) -> Language | None:
    """The entry of `code`, the project's over the package's; None when no entry has it."""
    return _project.get(code) or _builtins().get(code)


def get(code: str) -> Language:
    """The entry of `code`; LanguageError naming the file to write when there is none."""
    lang = lookup(code)
    if lang is None:
        where = _project_dir if _project_dir is not None else Path(PROJECT_FOLDER)
        raise LanguageError(f"{where}/{code}.yaml: error: no registry entry for language {code!r}\n"
                            f"    hint: write one (docs/authoring.md, \"Adding a language\"); the registered "
                            f"languages are {', '.join(codes())}")
    return lang


def texts_order(code: str) -> tuple[str, ...]:
    """The languages a text (a caption, a label) is taken from for a page in `code`: its own,
    then its entry's `fallback:` (English, then Turkish, unless the entry says otherwise).

    >>> texts_order("tr"), texts_order("de")
    (('tr', 'en'), ('de', 'en', 'tr'))
    """
    entry = lookup(code)
    return entry.texts_order() if entry is not None else (code, *(c for c in DEFAULT_FALLBACK if c != code))


def separator(code: str) -> str:
    """The mark between a list's items that contain commas, followed by a space ("; ", Greek "· ").

    >>> separator("en"), separator("xx")
    ('; ', '; ')
    """
    entry = lookup(code)
    return f"{entry.separator if entry is not None else ';'} "


def codes() -> tuple[str, ...]:
    """Every registered language: the package's (source language first), then the project's."""
    return (*_builtins(), *(c for c in _project if c not in _builtins()))


def names() -> dict[str, str]:
    """code -> the name readers see in the switcher, for every registered language."""
    return {c: get(c).name for c in codes()}


def default_names() -> dict[str, str]:
    """code -> name of the package's `default: true` languages: what a project that names no
    `languages` is built in. A language the package adds later (el) does not change such a project."""
    return {c: e.name for c, e in _builtins().items() if e.default}
