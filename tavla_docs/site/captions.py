"""Scenario captions as small sandboxed templates over the frame's computed facts.

A caption states facts about its figure, so it prints them from the engine
instead of typing them: `"{{ s.show.moves[0].die.Words }} {{ s.show.moves[0] }} oynanır"`.
`s` is the frame's `facts.FrameFacts` (as `scenario(…)` gives a page). The
caption's own words are text: they are escaped before the template runs, so a
caption cannot write HTML; the values print as their HTML (`__html__`: a play as
its code element, a number in the page's digits). The SVG's title takes the
same caption as plain text.

>>> from tavla_docs.site.sandbox import PageSandbox
>>> env = PageSandbox(autoescape=True)
>>> str(render_caption(env, "x < y: {{ n }}", {"n": 3}, "c.yaml"))
'x &lt; y: 3'
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2
from jinja2 import nodes
from markupsafe import Markup, escape

# Each environment's compiled captions, by source, kept on the environment itself (a template refers
# to its environment, so a weak map from environment to templates would keep both alive): scenarios
# share captions (a page's figures, the copies of a site), and compiling one cost as much as
# rendering it. A template keeps the name of the first scenario it was compiled for; only its
# tracebacks show it, and errors print without.
KEPT_ATTR = "_tavla_captions"
MAX_COMPILED = 4096  # captions kept per environment (a few hundred bytes of source each)


def render_caption(env: jinja2.Environment, source: str, context: Mapping[str, Any], name: str) -> Markup:
    """The caption's HTML. Raises jinja2's errors (syntax, undefined names, the sandbox's refusals)."""
    if "{" not in source:
        return escape(source)
    kept: dict[str, jinja2.Template] | None = getattr(env, KEPT_ATTR, None)
    if kept is None:
        kept = {}
        setattr(env, KEPT_ATTR, kept)
    template = kept.get(source)
    if template is None:
        tree = env.parse(source, name=name, filename=name)
        for data in tree.find_all(nodes.TemplateData):
            data.data = str(escape(data.data))
        code = env.compile(tree, name=name, filename=name)
        template = env.template_class.from_code(env, code, env.make_globals(None), None)
        if len(kept) >= MAX_COMPILED:
            kept.clear()
        kept[source] = template
    return Markup(template.render(**context))


def plain(caption_html: str) -> str:
    """The caption as plain text (for the SVG's title): tags dropped, entities read."""
    return Markup(caption_html).striptags()


def caption_text(scenario: Any, index: int, lang: str) -> str | None:
    """A frame's caption in `lang` as plain text, its facts computed (None: no caption).

    For `tavla-docs render`, which draws a scenario without a site; raises jinja2's errors."""
    from . import i18n
    from .env import caption_environment
    from .facts.frame import FrameFacts

    frame = scenario.frames[index]
    source = dict(frame.caption or {}).get(lang)
    if not source:
        return None
    t = i18n.catalog(lang)
    env = caption_environment(t, lang)
    return plain(str(render_caption(env, source, {"s": FrameFacts(scenario, index, lang, t)}, str(scenario.id))))
