"""The audit of a `mkdocs serve` process keeps each page's part (`project._audited`): a later audit
walks again only the pages whose text, or whose figures' scenario files, changed. What it finds
must be what a fresh audit finds, after any save."""
from __future__ import annotations

from pathlib import Path

from tavla_docs.site.audit import project
from tavla_docs.site.audit.project import audit_project

CAPTION = '  en: "White moves counter-clockwise:'


def _problems(root: Path, fresh: bool = False) -> list[tuple[str, int, int, str, str]]:
    if fresh:
        project._audited.clear()
    audit = audit_project(root, root / "content", root / "scenarios", ["tr", "en"], strict=True)
    return [(p.path, p.line, p.col, p.rule, p.message) for p in audit.problems]


def test_a_remembered_audit_finds_what_a_fresh_one_finds_after_each_save(project_copy, tmp_path):
    root = project_copy(tmp_path / "p")
    baseline = _problems(root, fresh=True)
    assert _problems(root) == baseline  # nothing saved: every page remembered
    assert any(k[1] == str(root / "content/en/backgammon.md") for k in project._audited)

    scenario = root / "scenarios/backgammon/movement.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert CAPTION in text
    scenario.write_text(text.replace(CAPTION, CAPTION + " all 15 checkers"), encoding="utf-8")  # the page unchanged
    typed = _problems(root)
    assert typed == _problems(root, fresh=True)
    new = [p for p in typed if p not in baseline]
    assert [(p[0], p[3]) for p in new] == [("scenarios/backgammon/movement.yaml", "literal")] * len(new) and new

    page = root / "content/en/tapa.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nEach side has 15 checkers.\n", encoding="utf-8")
    both = _problems(root)
    assert both == _problems(root, fresh=True)
    assert any(p[0] == "content/en/tapa.md" and p[3] == "literal" and "'15'" in p[4] for p in both)

    scenario.write_text(text, encoding="utf-8")
    (root / "scenarios/backgammon/movement.yaml").rename(root / "scenarios/backgammon/movement.yml")  # another file
    moved = _problems(root)
    assert moved == _problems(root, fresh=True)
