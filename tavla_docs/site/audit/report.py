"""The audit as text (per page, then the problems, then the counts) or as JSON for tools."""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from .project import Audit

STATUSES = ("computed", "checked", "literal", "marker")


def totals(audit: Audit) -> dict[str, int]:
    out = {s: audit.count(s) for s in STATUSES}
    out.update(pages=len(audit.pages), drift=audit.rule_count("drift"), unused=audit.rule_count("unused"),
               terms=audit.rule_count("term"), front_matter=audit.rule_count("front-matter"),
               raw_html=audit.rule_count("raw-html"),
               errors=sum(1 for p in audit.problems if p.severity == "error"),
               warnings=sum(1 for p in audit.problems if p.severity == "warning"))
    return out


def summary_line(audit: Audit) -> str:
    t = totals(audit)
    return (f"audit: {t['pages']} pages: {t['computed']} computed, {t['checked']} checked, {t['literal']} literal, "
            f"{t['marker']} marked not a fact; {t['drift']} drift, {t['unused']} unused scenarios, "
            f"{t['terms']} terminology, {t['front_matter']} front matter, {t['raw_html']} raw HTML")


def text_report(audit: Audit, findings: bool = True) -> str:
    lines: list[str] = []
    for page in audit.pages:
        counts = ", ".join(f"{page.count(s)} {s}" for s in STATUSES)
        lines.append(f"{page.path} ({page.lang}): {counts}")
        if findings:
            for item in page.items:
                f = item.finding
                extra = f" — {f.note}" if f.note and f.status in ("marker", "literal") else ""
                lines.append(f"  {item.path}:{f.line}:{f.col}: {f.status} {f.kind} {f.where}: {f.text}{extra}")
    markers = audit.markers
    if markers:
        lines.append("marked not a fact:")
        lines += [f"  {m.path}:{m.finding.line}:{m.finding.col}: {m.finding.text!r} — {m.finding.note}" for m in markers]
    lines += [p.format() for p in audit.problems]
    lines.append(summary_line(audit))
    return "\n".join(lines)


def json_report(audit: Audit) -> str:
    data: dict[str, Any] = {
        "pages": [{"path": p.path, "lang": p.lang, **{s: p.count(s) for s in STATUSES},
                   "findings": [{"path": i.path, **asdict(i.finding)} for i in p.items]} for p in audit.pages],
        "problems": [asdict(p) for p in audit.problems],
        "totals": totals(audit),
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
