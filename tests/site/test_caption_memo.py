"""Captions compiled once per environment and source (`captions.render_caption`), rendered as before."""
from __future__ import annotations

import jinja2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup, escape

from tavla_docs.site import captions
from tavla_docs.site.sandbox import PageSandbox


def fresh(env: jinja2.Environment, source: str, context: dict, name: str) -> Markup:
    """The caption compiled from scratch, as render_caption did before it kept templates."""
    if "{" not in source:
        return escape(source)
    tree = env.parse(source, name=name, filename=name)
    for data in tree.find_all(jinja2.nodes.TemplateData):
        data.data = str(escape(data.data))
    code = env.compile(tree, name=name, filename=name)
    return Markup(env.template_class.from_code(env, code, env.make_globals(None), None).render(**context))


def test_a_source_is_compiled_once_per_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    env, other = PageSandbox(autoescape=True), PageSandbox(autoescape=True)
    compiled: list[str] = []
    real = PageSandbox.compile

    def counting(self: PageSandbox, source: object, name: str | None = None, filename: str | None = None,
                 **kw: object) -> object:
        compiled.append(str(name))
        return real(self, source, name, filename, **kw)

    monkeypatch.setattr(PageSandbox, "compile", counting)
    assert str(captions.render_caption(env, "a < {{ n }}", {"n": 1}, "c1/x.yaml")) == "a &lt; 1"
    assert str(captions.render_caption(env, "a < {{ n }}", {"n": 2}, "c2/x.yaml")) == "a &lt; 2"
    assert str(captions.render_caption(other, "a < {{ n }}", {"n": 3}, "c3/x.yaml")) == "a &lt; 3"
    assert compiled == ["c1/x.yaml", "c3/x.yaml"]


def test_errors_read_as_before_from_a_kept_template() -> None:
    env = PageSandbox(autoescape=True, undefined=jinja2.StrictUndefined)
    captions.render_caption(env, "{{ s.x }}", {"s": {"x": 1}}, "a.yaml")
    with pytest.raises(jinja2.UndefinedError) as kept:
        captions.render_caption(env, "{{ s.x }}", {"s": {}}, "b.yaml")
    with pytest.raises(jinja2.UndefinedError) as new:
        fresh(PageSandbox(autoescape=True, undefined=jinja2.StrictUndefined), "{{ s.x }}", {"s": {}}, "b.yaml")
    assert str(kept.value) == str(new.value)
    with pytest.raises(jinja2.TemplateSyntaxError):  # not kept: each try reports it
        captions.render_caption(env, "{{ s.x ", {}, "c.yaml")
    with pytest.raises(jinja2.TemplateSyntaxError):
        captions.render_caption(env, "{{ s.x ", {}, "c.yaml")


words = st.text(st.sampled_from("ab <>&'\"{}"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(words, st.integers(0, 3)), min_size=1, max_size=6))
def test_kept_templates_render_what_fresh_ones_do(parts: list[tuple[str, int]]) -> None:
    env = PageSandbox(autoescape=True)
    for text, n in parts:
        source = f"{text}{{{{ n }}}}{text}" if n else text
        context = {"n": f"<{n}>"}
        try:
            expected = fresh(env, source, context, "x.yaml")
        except jinja2.TemplateError:
            with pytest.raises(jinja2.TemplateError):
                captions.render_caption(env, source, context, "y.yaml")
            continue
        assert captions.render_caption(env, source, context, "y.yaml") == expected
        assert captions.render_caption(env, source, context, "z.yaml") == expected


def test_an_environment_and_its_kept_captions_go_when_it_is_dropped() -> None:
    """Every `mkdocs serve` rebuild makes new caption environments: the kept templates must not keep
    the old ones alive."""
    import gc
    import weakref

    env = PageSandbox(autoescape=True)
    captions.render_caption(env, "{{ n }}", {"n": 1}, "a.yaml")
    gone = weakref.ref(env)
    del env
    gc.collect()
    assert gone() is None
