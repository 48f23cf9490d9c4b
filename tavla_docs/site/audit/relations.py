"""Rules stated as a relation between word families, each word with a sign: "the side with the
{more} count {leads}" states that the higher count leads when `more` is "higher" (+1) and `leads`
is "is ahead" (+1), and that the lower count leads for "lower" (−1) with "is ahead", or "higher"
with "is behind" / "is not ahead" (−1). So one frame, written once, reads every comparative with
every verdict and every negation the families hold, instead of a pattern per sentence: the product
of the signs picks the value stated (`values: {1: …, -1: …}`).

A file of `site/statements.d/` writes them under `relations:` as `{fact, values, <lang>: {slots,
frames}}`: `slots` maps a slot's name to its words by sign (`{1: [...], -1: [...]}`), `frames` are
patterns naming slots as `{slot}` (a frame may name any of its language's slots, or none). Each
value becomes one `lexicon.Statement`, so the rule check, the declared check and the longest-match
rule treat it as any other phrasing.

>>> entry = {"fact": "f", "values": {1: "up", -1: "down"},
...          "en": {"slots": {"m": {1: ["more"], -1: ["less"]}}, "frames": ["{m} is better"]}}
>>> sorted((v, p["en"][0].pattern) for _, v, p in expand(entry, _no_fail))
[('down', '(?:less) is better'), ('up', '(?:more) is better')]
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from . import langlex

Fail = Callable[[tuple[Any, ...], str], Exception]
_SLOT = re.compile(r"\{([a-z_]\w*)\}")


def _no_fail(key: tuple[Any, ...], message: str) -> Exception:
    return ValueError(f"{key}: {message}")


def expand(entry: Any, fail: Fail, key: tuple[Any, ...] = ()) -> list[tuple[str, Any, dict[str, tuple[re.Pattern[str], ...]]]]:
    """A `relations:` entry as statements: (fact, value said, compiled patterns per language), one
    per value of `values`. Shape errors go through `fail(key, message)`."""
    if not isinstance(entry, dict) or "fact" not in entry or not isinstance(entry.get("values"), dict):
        raise fail(key, "a relation is a mapping: fact, values ({1: value, -1: value}) and, per language, "
                        "slots and frames")
    values = entry["values"]
    if set(values) != {1, -1}:
        raise fail(key + ("values",), "values maps 1 and -1 (the product of the words' signs) to a value each")
    by_value: dict[Any, dict[str, list[re.Pattern[str]]]] = {values[1]: {}, values[-1]: {}}
    langs = [lang for lang in entry if lang not in ("fact", "values")]
    if not langs:
        raise fail(key, "a relation needs slots and frames under at least one language")
    for lang in langs:
        for sign, pattern in _language(str(lang), entry[lang], fail, key + (lang,)):
            by_value[values[sign]].setdefault(str(lang), []).append(pattern)
    return [(str(entry["fact"]), value, {lang: tuple(ps) for lang, ps in pats.items()})
            for value, pats in by_value.items() if pats]


def _language(lang: str, spec: Any, fail: Fail, key: tuple[Any, ...]) -> list[tuple[int, re.Pattern[str]]]:
    """(sign, pattern) for each frame of one language and each choice of sign for its slots."""
    if not isinstance(spec, dict) or set(spec) != {"slots", "frames"}:
        raise fail(key, "each language of a relation has slots and frames")
    slots: dict[str, dict[int, str]] = {}
    for name, words in (spec["slots"] or {}).items():
        if not isinstance(words, dict) or set(words) != {1, -1} or not all(
                isinstance(w, list) and w and all(isinstance(x, str) and x for x in w) for w in words.values()):
            raise fail(key + ("slots", name), "a slot maps 1 and -1 to lists of patterns")
        slots[str(name)] = {sign: "|".join(langlex.fold_pattern(w, lang) for w in words[sign]) for sign in (1, -1)}
    frames = spec["frames"]
    if not isinstance(frames, list) or not frames or not all(isinstance(f, str) and f for f in frames):
        raise fail(key + ("frames",), "frames is a list of patterns")
    out = []
    for i, frame in enumerate(frames):
        names = list(dict.fromkeys(_SLOT.findall(frame)))
        missing = [n for n in names if n not in slots]
        if missing:
            raise fail(key + ("frames", i), f"this frame names slot {{{missing[0]}}}, which {lang} does not define")
        text = langlex.fold_pattern(frame, lang)
        for signs in itertools.product((1, -1), repeat=len(names)):
            filled = _fill(text, slots, dict(zip(names, signs, strict=True)))
            try:
                out.append((_product(signs), re.compile(filled)))
            except re.error as e:
                raise fail(key + ("frames", i), f"this frame is not a regular expression: {e}") from None
    return out


def _fill(frame: str, slots: dict[str, dict[int, str]], chosen: dict[str, int]) -> str:
    """The frame with each slot's words of the chosen sign in its place."""
    return _SLOT.sub(lambda m: f"(?:{slots[m.group(1)][chosen[m.group(1)]]})", frame)


def _product(signs: tuple[int, ...]) -> int:
    """The sign the chosen words state together: each −1 turns it round."""
    result = 1
    for s in signs:
        result *= s
    return result
