"""A counter label bound to the count the helper keeps: "Step 2/3" must be the second of three frames.

A partial prints its labels' numbers with arithmetic the catalog call cannot judge: the figure
partial gets a story frame's 0-based `step` and prints `_("Step %(num)d/%(count)d", num=step + 1,
count=steps)`; `num=step + 2` numbers every frame one too high, and nothing else on the page knows.
The helper that renders the partial knows which frame and which figure it draws, so it passes the
labels it expects (`counters={"Step %(num)d/%(count)d": {"num": 2, "count": 3}}`); every place the
rendered partial prints that label (in the page's language, any numbers) must print those numbers.

>>> import gettext
>>> src = '<p>{{ _("Step %(num)d/%(count)d", num=step + 2, count=steps) }}</p>'
>>> [(p.line, p.col, p.message) for p in counter_problems("<p>Step 3/3</p>", src, "f.html",
...     {"Step %(num)d/%(count)d": {"num": 2, "count": 3}}, gettext.NullTranslations())]
[(1, 4, 'this label reads "Step 3/3", but the helper drew it for "Step 2/3"')]
"""
from __future__ import annotations

import gettext
import html
import re
from collections.abc import Mapping

from ..provenance import strip
from .problems import Problem

_PLACEHOLDER = re.compile(r"%\((\w+)\)d")
HINT = ("print the label's numbers as the helper passes them (a story's `step` counts from 0, its label from 1) "
        "(docs/authoring.md, \"Overriding a partial\")")


def counter_problems(marked: str, source: str, shown: str, counters: Mapping[str, Mapping[str, int]],
                     t: gettext.NullTranslations) -> list[Problem]:
    """Each printed counter label whose numbers are not the ones its helper counted."""
    text = " ".join(html.unescape(strip(marked)).split())
    out: list[Problem] = []
    for msgid, values in counters.items():
        words = t.gettext(msgid)
        try:
            want = words % dict(values)
        except (KeyError, TypeError, ValueError):
            continue  # a translation without these placeholders: the catalog audit reports it
        parts = _PLACEHOLDER.split(words)
        pattern = "".join(re.escape(p) if i % 2 == 0 else r"\d+" for i, p in enumerate(parts))
        for m in re.finditer(pattern, text):
            if m.group() != want:
                line, col = _at(source, msgid)
                out.append(Problem(shown, line, col, "error", "counter",
                                   f"this label reads \"{m.group()}\", but the helper drew it for \"{want}\"", HINT))
    return out


def _at(source: str, msgid: str) -> tuple[int, int]:
    """The `{{ … }}` that prints the label (its msgid in the partial), else the partial's first line."""
    at = source.find(msgid)
    if at < 0:
        return 1, 1
    start = source.rfind("{{", 0, at)
    at = start if start >= 0 else at
    return source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1
