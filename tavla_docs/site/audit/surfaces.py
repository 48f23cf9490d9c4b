"""Facts typed where every page shows them: the message catalogs, the partials, the theme and
mkdocs.yml's names. None of these is computed, so the audit reads them as written.

- **catalogs**: a translation states the numbers its source states. A `msgstr` whose numbers
  (digits or number words, placeholders aside) differ from its `msgid`'s is an error at its
  line; so is a number in a form the checks cannot read (`unicode`);
- **partials and theme templates**: a fact in their text (outside tags and Jinja) is typed;
- **mkdocs.yml**: a fact in the site's names (`site_name`, the plugin's `site_names` and
  `languages`, the language switcher's names) is typed.

>>> from collections import Counter
>>> numbers("Bears off %(num)d checkers from the 6-point, two rolls", "en") == Counter({6: 1, 2: 1})
True
>>> numbers("iki atışta %(num)d pul, 6. haneden", "tr") == Counter({2: 1, 6: 1})
True
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .hints import word_value
from .patterns import find_facts
from .problems import Problem

_PLACEHOLDER = re.compile(r"%\([^)]*\)[-+ #0]*\d*(?:\.\d+)?[sdif]|%[sdif]|\{[^}]*\}")
# Not text in a template: Jinja, comments, tags, entities, and notation examples in <code> (the legend's).
_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<!--.*?-->|<code[^>]*>.*?</code>|<[^>]*>|&#?\w+;", re.DOTALL)


# Words that state "one" in a translation without being number words the page scanner reads
# ("{total} hamleden biri" for "1 of the {total} moves", "tek bir hamle" for "1 legal play"; not
# "her biri", each one).
_ONE = {"tr": re.compile(r"(?<!her )(?<!\w)(?:biri(?:ni|si|nin|ne)?|tek bir)(?!\w)", re.IGNORECASE)}


def numbers(text: str, lang: str) -> Counter[int | str]:
    """The numbers a text states (placeholders aside): digits, and number words by their value.

    >>> numbers("{total} hamleden biri oynanır.", "tr")
    Counter({1: 1})
    """
    out: Counter[int | str] = Counter()
    plain = _PLACEHOLDER.sub(" ", text)
    ones = len(_ONE[lang].findall(plain)) if lang in _ONE else 0
    if ones:
        out[1] += ones
        plain = _ONE[lang].sub(" ", plain)
    for f in find_facts(plain, lang):
        if f.kind in ("number", "roll", "play"):
            for d in re.findall(r"\d+", f.text):
                out[int(d)] += 1
        elif f.kind == "word":
            value = word_value(f.text, lang)
            out[value if value is not None else f.text.lower()] += 1
        else:
            out[f.text] += 1
    return out


def catalog_problems(po: Path, lang: str, shown: str, level: str) -> list[Problem]:
    """Translations whose numbers differ from their source's, and unreadable number forms."""
    from babel.messages.pofile import read_po

    try:
        with po.open("rb") as f:
            catalog = read_po(f)
    except Exception:  # noqa: BLE001 - the catalog's own loader reports a broken file, located
        return []
    out = []
    source_lang = "en"
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids: tuple[str, ...] = tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)
        strings: tuple[str, ...] = tuple(message.string) if isinstance(message.string, (tuple, list)) \
            else (str(message.string),)
        want = numbers(ids[0], source_lang)
        want_plural = numbers(ids[-1], source_lang)
        for k, text in enumerate(strings):
            if not text:
                continue
            got = numbers(text, lang)
            hidden = any(f.kind == "unicode" for f in find_facts(text, lang))
            if hidden or (_ints(got) != _ints(want) and _ints(got) != _ints(want_plural)):
                line = (message.lineno or 1) + len(ids) + k
                out.append(Problem(shown, line, 1, level, "literal",
                                   f"the translation states {_list(got)} where its source states {_list(want)}",
                                   "a translation says what its msgid says: the same numbers, as digits or "
                                   "words; computed values come in through placeholders like %(num)d"))
    return out


def _ints(c: Counter[int | str]) -> dict[int, int]:
    return {k: v for k, v in c.items() if isinstance(k, int)}


def _list(c: Counter[int | str]) -> str:
    items = sorted((str(k) for k in c.elements()), key=lambda x: (len(x), x))
    return ", ".join(items) if items else "no number"


def template_problems(files: Iterable[Path], show: Callable[[Path], str], level: str,
                      languages: Sequence[str]) -> list[Problem]:
    """Facts typed in the text of partials and theme templates (never computed)."""
    out = []
    for path in files:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        blanked = _TAGS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), source)
        seen: set[int] = set()
        for lang in languages:
            for f in find_facts(blanked, lang):
                if f.start in seen:
                    continue
                seen.add(f.start)
                line = source.count("\n", 0, f.start) + 1
                col = f.start - (source.rfind("\n", 0, f.start) + 1) + 1
                out.append(Problem(show(path), line, col, level, "literal",
                                   f"{f.text!r} is typed in a template every page shows",
                                   "a partial's text is the same on every page: print facts from the values it is "
                                   "given, and keep its own words free of numbers"))
    return out


def config_problems(config: Path, raw: Any, languages: Sequence[str], level: str) -> list[Problem]:
    """Facts typed in mkdocs.yml's names of the site and its languages."""
    if not isinstance(raw, dict):
        return []
    texts: list[str] = []
    for key in ("site_name", "site_description"):
        if isinstance(raw.get(key), str):
            texts.append(raw[key])
    for plugin in raw.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("tavla-docs"), dict):
            opts = plugin["tavla-docs"]
            for key in ("site_names", "languages"):
                if isinstance(opts.get(key), dict):
                    texts += [v for v in opts[key].values() if isinstance(v, str)]
    extra = raw.get("extra") if isinstance(raw.get("extra"), dict) else {}
    for alt in extra.get("alternate") or [] if isinstance(extra, dict) else []:
        if isinstance(alt, dict) and isinstance(alt.get("name"), str):
            texts.append(alt["name"])
    source = config.read_text(encoding="utf-8", errors="replace")
    out = _language_names(raw, source, level)
    for text in texts:
        facts = {f.text: f for lang in languages for f in find_facts(text, lang)}
        if not facts:
            continue
        at = source.find(text)
        line = source.count("\n", 0, at) + 1 if at >= 0 else 1
        col = at - source.rfind("\n", 0, at) if at >= 0 else 1
        for fact in facts.values():
            out.append(Problem(str(config.name), line, col + fact.start, level, "literal",
                               f"{fact.text!r} is typed in the site's name {text!r}",
                               "the site's names appear on every page: keep facts out of them"))
    return out


def _language_names(raw: dict[str, Any], source: str, level: str) -> list[Problem]:
    """The plugin's `languages:` names each language by its own name (CLDR, through Babel): the
    switcher shows them, so `{tr: English}` would send readers to the wrong pages."""
    from babel import Locale, UnknownLocaleError

    out = []
    for plugin in raw.get("plugins") or []:
        opts = plugin.get("tavla-docs") if isinstance(plugin, dict) else None
        names = opts.get("languages") if isinstance(opts, dict) else None
        if not isinstance(names, dict):
            continue
        for code, name in names.items():
            try:
                own = Locale.parse(str(code)).get_display_name(str(code)) or ""
            except (ValueError, UnknownLocaleError):
                continue
            others = {(Locale.parse(str(c)).get_display_name(str(c)) or "").lower() for c in names if c != code}
            if isinstance(name, str) and name.lower() != own.lower() and name.lower() in others:
                m = re.search(rf"\b{re.escape(str(code))}\s*:\s*{re.escape(name)}", source)
                line = source.count("\n", 0, m.start()) + 1 if m else 1
                col = m.start() - source.rfind("\n", 0, m.start()) if m else 1
                out.append(Problem("mkdocs.yml", line, col, level, "literal",
                                   f"the language {code!r} is named {name!r}, another language's name",
                                   f"name each language in its own words: {code}: {own}"))
    return out
