"""The code generator's half of `provenance`: every `{{ … }}` output is wrapped in a call that marks
where the printed value comes from, with the expression's line and its place in the source.
"""
from __future__ import annotations

from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame


class MarkingCode(CodeGenerator):
    """Jinja's code generator with each printed value going through `environment.mark(…)`."""

    # Every printed value goes through `environment.mark(LINE, value, AUTOESCAPE)` (`provenance`):
    # while a page or caption renders for the site, the output says which values a helper computed
    # and which the template printed itself, with the line of the `{{ … }}`.
    # `tavla_index`: the expression's place among the template's printed expressions, in source
    # order (the n-th `{{ … }}` of the source), so a problem names the exact tag.
    def visit_Template(self, node: nodes.Template, frame: Frame | None = None) -> None:
        index = 0
        for output in node.find_all(nodes.Output):
            for child in output.nodes:
                if not isinstance(child, nodes.TemplateData):
                    child.tavla_index = index  # type: ignore[attr-defined]
                    index += 1
        super().visit_Template(node, frame)

    def _output_child_to_const(self, node: nodes.Expr, frame: Frame, finalize: Any) -> str:
        """Never fold a printed expression: `{{ "%d"|format(16) }}` goes through `mark` too."""
        if isinstance(node, nodes.TemplateData):
            return super()._output_child_to_const(node, frame, finalize)
        raise nodes.Impossible()

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        super()._output_child_pre(node, frame, finalize)
        self.write(f"environment.mark({int(node.lineno or 0)}, {getattr(node, 'tavla_index', -1)}, ")

    def _output_child_post(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        self.write(f", {bool(frame.eval_ctx.autoescape)!r})")
        super()._output_child_post(node, frame, finalize)

