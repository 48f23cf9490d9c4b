"""The audit of a whole project: every page in every language, the captions its figures show,
the scenarios no page uses, front matter, translation drift and the site's vocabulary.

Raw HTML that runs code or loads from the network is a problem too (`rawhtml`).
`audit_project` reads files and returns an `Audit`; nothing here renders a page
or runs the engine, so the audit is cheap enough to run on every build (it parses
each Jinja tag of each page once). `report` prints it; the MkDocs plugin and
`tavla-docs audit` turn its problems into errors.
"""
from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from ...formats.yamlmarks import MAX_FILE_BYTES, YamlError, load_yaml
from ..buildspeed import spread
from ..glossary import glossary_data
from ..nesting import too_deep
from ..quoting import non_utf8_name
from ..terms import catalog_warnings, term_warnings
from .drift import drift_problems
from .hints import literal_hint
from .pageparts import _term, caption_terms, front_matter_facts, kind_name, label_facts, shared_surface_problems
from .problems import Problem
from .rawhtml import raw_html_problems
from .rulesurfaces import catalog_statements, front_matter_statements
from .scan import Finding, _scan_page, scan_page, scan_parsed, shares_parse
from .scan import _given as given_scans
from .scenescope import scene_problems


@dataclass(frozen=True)
class Located:
    """A finding and the file it is written in (a page, or the scenario of a caption)."""

    path: str
    finding: Finding


@dataclass
class PageAudit:
    path: str
    lang: str
    items: list[Located] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for i in self.items if i.finding.status == status)


@dataclass
class Audit:
    pages: list[PageAudit] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    scenarios: int = 0

    def count(self, status: str) -> int:
        return sum(p.count(status) for p in self.pages)

    def rule_count(self, rule: str) -> int:
        return sum(1 for p in self.problems if p.rule == rule)

    @property
    def markers(self) -> list[Located]:
        return [i for p in self.pages for i in p.items if i.finding.status == "marker"]


def split_front_matter(text: str) -> tuple[str | None, str, int]:
    """(front matter text or None, body, the body's first line)."""
    if not text.startswith("---\n") and not text.startswith("---\r\n"):
        return None, text, 1
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            return "".join(lines[1:i]), "".join(lines[i + 1:]), i + 2
    return None, text, 1


def front_matter_problem(path: str, front: str) -> Problem | None:
    """A front matter block that is not a YAML mapping (MkDocs would print it as page text)."""
    try:
        doc = load_yaml(front, "front matter")
    except YamlError as e:
        return Problem(path, e.line + 1, e.col, "error", "front-matter",
                       f"the front matter does not parse: {e.message}",
                       "quote a value that holds ': ' (description: \"The rules: …\")")
    if doc.value is not None and not isinstance(doc.value, dict):
        return Problem(path, 2, 1, "error", "front-matter", "the front matter is not a mapping of keys to values",
                       "write it as `title: …` and `description: …` lines")
    return None


def _scenario_file(scenarios_dir: Path, name: str) -> Path | None:
    for ext in (".yaml", ".yml"):
        p = scenarios_dir / f"{name}{ext}"
        if p.is_file() and ".." not in Path(name).parts and not Path(name).is_absolute():
            return p
    return None


def _read_doc(path: Path) -> Any:
    data = _doc_bytes(path)
    return _parsed(data) if data is not None else None


@lru_cache(maxsize=4096)
def _parsed(data: bytes) -> Any:
    """A scenario file's YAML with its marks, remembered by its bytes: a serve process audits
    after every save, and a save changes one file of hundreds (the audit only reads the doc)."""
    try:
        return load_yaml(data.decode("utf-8"), "scenarios")
    except (YamlError, UnicodeDecodeError):
        return None  # `check` and the build report it


PageJob = tuple[str, str, str, str, int]  # a page's text, its path as shown, language, level, glossary stamp


class PageHook(Protocol):
    """What a build does with each page in the audit's workers besides auditing it (the plugin:
    render it into the cache, `parallel.PagePrerender`), sharing the page's parse."""

    def parse(self, body: str, lang: str) -> Any: ...  # a Jinja tree of `body`, or None

    def render(self, path: Path, text: str, lang: str, body: str, tree: Any) -> None: ...

    def prepare(self) -> None: ...  # in this process, before the workers start


def _page_work(batch: list[tuple[PageJob, Path, int]], hook: PageHook | None = None
               ) -> list[tuple[tuple[Finding, ...], tuple[Problem, ...]]]:
    """A worker's pages (`build.spread`): each one's findings and own problems; then `hook`'s
    work, with the same tree when the audit reads it as its own parse (`scan.shares_parse`)."""
    out = []
    for (text, shown, lang, level, stamp), path, _ in batch:
        _, body, first = split_front_matter(text)
        deep = too_deep(body) is not None
        tree = hook.parse(body, lang) if hook is not None and not deep and shares_parse(body) else None
        found = () if deep else scan_parsed(body, lang, first, tree) if tree is not None else \
            _scan_page(body, lang, first)
        out.append((found, _page_problems(text, shown, lang, level, stamp)))
        if hook is not None:
            hook.render(path, text, lang, body, tree)
    return out


def spread_pages(jobs: Sequence[PageJob], cores: int | None = None, hook: PageHook | None = None,
                 paths: Sequence[Path] | None = None, names: Sequence[str] | None = None) -> int:
    """Each page's own work in worker processes (`build.spread`), handed to the audit's turn for
    it (`page_problems`, `scan.scan_page`); how many pages were worked out there. With `hook`
    (`paths`: the pages' files; `names`: their names within their language), a page's languages
    go to the same worker, next to each other (a render loads their scenarios once)."""
    order = sorted(range(len(jobs)), key=lambda i: (names[i], i)) if names is not None else list(range(len(jobs)))
    files = list(paths) if paths is not None else [Path(job[1]) for job in jobs]
    work = _page_work if hook is None else functools.partial(_page_work, hook=hook)
    by_name = (lambda job: names[job[2]]) if names is not None else None  # noqa: E731
    done = spread(work, [(jobs[i], files[i], i) for i in order], cores, run=by_name,
                  before=hook.prepare if hook is not None else None)
    if done is None:
        return 0
    results: list[Any] = [None] * len(jobs)
    for i, result in zip(order, done, strict=True):
        results[i] = result
    for (text, shown, lang, level, stamp), (findings, problems) in zip(jobs, results, strict=True):
        _, body, first = split_front_matter(text)
        given_scans[(body, lang, first)] = findings
        _given_problems[(text, shown, lang, level, stamp)] = problems
    return len(jobs)


def page_problems(text: str, shown: str, lang: str, level: str, stamp: int) -> tuple[Problem, ...]:
    """`_page_problems`, or what `spread` worked out for this page in a worker."""
    found = _given_problems.pop((text, shown, lang, level, stamp), None)
    return found if found is not None else _page_problems(text, shown, lang, level, stamp)


_given_problems: dict[tuple[str, str, str, str, int], tuple[Problem, ...]] = {}  # `spread`'s, each taken once


@lru_cache(maxsize=4096)
def _page_problems(text: str, shown: str, lang: str, level: str, stamp: int) -> tuple[Problem, ...]:
    """A page's own problems (front matter, terminology, raw HTML): a function of its text and
    the glossary (`stamp`), remembered for the audit of the next serve rebuild."""
    out: list[Problem] = []
    front, body, first = split_front_matter(text)
    if front is not None:
        problem = front_matter_problem(shown, front)
        if problem:
            out.append(problem)
        else:
            out += front_matter_facts(shown, front, lang, level)
    elif text.startswith("---"):
        out.append(Problem(shown, 1, 1, "error", "front-matter", "the front matter has no closing '---'"))
    out += [_term(shown, w, level) for w in term_warnings(text, lang)]
    out += raw_html_problems(body, shown, first, level)
    out += front_matter_statements(shown, front or "", lang, level, body, first)
    deep = too_deep(body)
    if deep is None:
        from .loops import loop_problems
        from .playverdicts import play_verdict_problems

        out += loop_problems(body, shown, first, level)
        out += play_verdict_problems(body, shown, first, lang, level)
    if deep is not None:  # the scan is skipped (`_scan`): its parse would recurse past Python's limit
        out.append(Problem(shown, first + deep[0] - 1, deep[1], "error", "jinja", deep[2],
                           "split the expression or the blocks"))
    return tuple(out)


def _scan(body: str, lang: str, first: int) -> tuple[Finding, ...]:
    """`scan_page`, or nothing for a body nested past `nesting`'s limits (`_page_problems` says so)."""
    return () if too_deep(body) is not None else tuple(scan_page(body, lang, first))


def caption_findings(path: Path, doc: Any, lang: str, frames: Iterable[int]) -> list[tuple[int, list[Finding]]]:
    """The findings of a scenario's captions in `lang`, located in the file, per frame."""
    out = []
    value = doc.value if isinstance(doc.value, dict) else {}
    for index in frames:
        key: tuple[Any, ...] = ("caption", lang) if index == 0 else ("then", index - 1, "caption", lang)
        node: Any = value
        for k in key:
            node = node.get(k) if isinstance(node, dict) else node[k] if isinstance(node, list) and \
                isinstance(k, int) and k < len(node) else None
        if not isinstance(node, str) or too_deep(node) is not None:  # `check` reports a caption too deep
            continue
        line, col = doc.mark(key)
        found = []
        for f in scan_page(node, lang):
            if "\n" in node:  # a block scalar: its text starts on the next line
                at = (line + f.line, f.col)
            else:
                at = doc.char_mark(key, f.col - 1)
            found.append(Finding(at[0], at[1], f.status, f.kind, f.text, "caption", f.key, f.note, f.scenario))
        out.append((index, found))
    return out


def _frames(doc: Any) -> int:
    value = doc.value if isinstance(doc.value, dict) else {}
    then = value.get("then")
    return 1 + (len(then) if isinstance(then, list) else 0)


MEMO_PAGES = 8192  # pages' audits kept (a serve process: every page of the site, each language)


@dataclass(frozen=True)
class _PageDone:
    """What one page adds to the audit, and the scenario files it read for it (`deps`: each
    figure's scenario, the file found for it and its bytes), kept for the next audit of the same
    process (`mkdocs serve`): a save changes one page or scenario, the others are not walked again."""

    problems: tuple[Problem, ...]
    items: tuple[Located, ...]
    keyed: tuple[tuple[str, Finding], ...]
    used: tuple[str, ...]
    literals: tuple[Problem, ...]
    deps: tuple[tuple[str, Path | None, bytes | None], ...]


_audited: dict[tuple[Any, ...], _PageDone] = {}


def _doc_bytes(path: Path) -> bytes | None:
    """A scenario file's bytes, None when it is too large to read (`_read_doc`'s rule)."""
    if path.stat().st_size > MAX_FILE_BYTES:
        return None
    return path.read_bytes()


def _deps_hold(deps: Iterable[tuple[str, Path | None, bytes | None]], scenario_file: Callable[[str], Path | None],
               doc_bytes: Callable[[Path], bytes | None]) -> bool:
    """Whether every scenario a page's audit read is still the same file with the same bytes."""
    for name, file, data in deps:
        now = scenario_file(name)
        if now != file or (now is not None and doc_bytes(now) != data):
            return False
    return True


def _audit_page(page_path: Path, lang: str, text: str, level: str, stamp: int, show: Callable[[Path], str],
                scenario_file: Callable[[str], Path | None], doc_bytes: Callable[[Path], bytes | None]) -> _PageDone:
    """One page's problems, findings (its own and its figures' captions), keyed findings, the
    scenarios it uses and its literal facts as problems."""
    shown = show(page_path)
    _, body, first = split_front_matter(text)
    problems = list(page_problems(text, shown, lang, level, stamp))
    items: list[Located] = []
    findings = _scan(body, lang, first)
    items += [Located(shown, f) for f in findings]
    keyed = [(shown, f) for f in findings if f.key is not None]
    used: list[str] = []
    deps: dict[str, tuple[str, Path | None, bytes | None]] = {}
    for f in findings:
        if f.scenario is None:
            continue
        used.append(f.scenario)
        file = scenario_file(f.scenario)
        if f.kind == "figure":
            data = doc_bytes(file) if file is not None else None
            deps.setdefault(f.scenario, (f.scenario, file, data))
        if file is None or f.kind != "figure":
            continue
        doc = _parsed(data) if data is not None else None
        if doc is None:
            continue
        frames = range(_frames(doc)) if f.text.startswith("story") else [_step_of(f.key)]
        problems += caption_terms(show(file), doc, lang, frames, level) + label_facts(show(file), doc, lang, level)
        for index, caps in caption_findings(file, doc, lang, frames):
            items += [Located(show(file), c) for c in caps]
            keyed += [(show(file), Finding(c.line, c.col, c.status, c.kind, c.text, "caption",
                                           f"caption[{f.scenario}#{index}] {c.key}", c.note, c.scenario))
                      for c in caps if c.key is not None]
    problems += scene_problems(body, first, findings, shown, lang, level, lambda name: _parsed(data) if (
        file := scenario_file(name)) is not None and (data := doc_bytes(file)) is not None else None)
    literals = []
    for item in items:
        f = item.finding
        if f.status == "literal":
            literals.append(Problem(item.path, f.line, f.col, level, "literal",
                                    f"{kind_name(f.kind)} {f.text!r} is typed, not computed or checked"
                                    + (f" ({f.note})" if f.note else ""), literal_hint(f, lang)))
        elif f.status == "marker" and not f.note:
            literals.append(Problem(item.path, f.line, f.col, "error", "literal",
                                    "not_a_fact() needs its reason", 'not_a_fact("2026", "a year")'))
    return _PageDone(tuple(problems), tuple(items), tuple(keyed), tuple(used), tuple(literals), tuple(deps.values()))


def audit_project(root: Path, docs_dir: Path, scenarios_dir: Path, languages: Sequence[str],
                  display: Any = None, strict: bool = True, spread: bool = False,
                  hook: PageHook | None = None, templates_dir: Path | str = "templates") -> Audit:
    """Audit every page under `docs_dir` (one folder per language; the default language may sit
    at the top) and the scenarios they use. `strict` (a strict site): literal facts, unused
    scenarios and terminology are errors, not warnings; drift and bad front matter always are.
    `spread`: each page's own work on every core first (`build.spread`; not in a process with
    threads, such as `mkdocs serve`); the audit is the same. `hook`: what those workers also do
    with each page (`PageHook`; the build renders it). `templates_dir`: the project's overrides
    of the package's partials (relative to `root`)."""
    level = "error" if strict else "warning"
    base = root.resolve()

    @cache
    def _show(p: Path) -> str:
        if display:
            return str(display(p))
        q = Path(p).resolve()
        return str(q.relative_to(base)) if q.is_relative_to(base) else str(p)

    def show(p: Path) -> str:
        return _show(p if isinstance(p, Path) else Path(p))

    @cache
    def scenario_file(name: str) -> Path | None:
        return _scenario_file(scenarios_dir, name)

    read_bytes: dict[Path, bytes | None] = {}  # each scenario file read once per audit

    def doc_bytes(file: Path) -> bytes | None:
        if file not in read_bytes:
            read_bytes[file] = _doc_bytes(file)
        return read_bytes[file]

    stamp = glossary_data().stamp
    audit = Audit()
    used: set[str] = set()
    keys: dict[tuple[str, str], list[tuple[str, Finding]]] = {}  # (page name, lang) -> keyed findings
    literals: list[Problem] = []
    pages = []
    for page_path, lang, name in _pages(docs_dir, languages):
        bad = non_utf8_name(show(page_path))
        if bad is None:
            pages.append((page_path, lang, name))
        else:
            audit.problems.append(Problem(bad, 1, 1, "error", "file-name", "the file name is not UTF-8 text",
                                          "rename the file"))
    read = [(page_path, lang, name, page_path.read_text(encoding="utf-8")) for page_path, lang, name in pages]
    if spread:
        spread_pages([(text, show(page_path), lang, level, stamp) for page_path, lang, _, text in read], hook=hook,
                     paths=[page_path for page_path, *_ in read], names=[name for _, _, name, _ in read])
    context = (str(base), os.getcwd(), getattr(display, "__func__", display), str(scenarios_dir), level, stamp)
    for page_path, lang, name, text in read:
        memo_key = (context, str(page_path), lang, text)
        done = _audited.get(memo_key)
        if done is None or not _deps_hold(done.deps, scenario_file, doc_bytes):
            done = _audit_page(page_path, lang, text, level, stamp, show, scenario_file, doc_bytes)
            if len(_audited) >= MEMO_PAGES:
                _audited.clear()
            _audited[memo_key] = done
        audit.problems += done.problems
        audit.pages.append(PageAudit(show(page_path), lang, list(done.items)))
        keys.setdefault((name, lang), []).extend(done.keyed)
        used.update(done.used)
        literals += done.literals
    audit.problems += literals
    audit.problems += vocabulary_problems(languages, show, level)
    audit.problems += shared_surface_problems(root, languages, show, level, templates_dir)
    audit.problems += [p for lang in languages for p in _catalog_statements(lang, show, level)]
    audit.problems += drift_problems(keys, languages)
    files = sorted(scenarios_dir.rglob("*.y*ml")) if scenarios_dir.is_dir() else []  # walked once
    audit.problems += unused_scenarios(scenarios_dir, used, show, level, files)
    audit.scenarios = len(files)
    audit.problems.sort(key=lambda p: (p.path, p.line, p.col, p.rule))
    if spread:  # what a page the loop did not reach was given
        given_scans.clear()
        _given_problems.clear()
    return audit


def _catalog_statements(lang: str, show: Any, level: str) -> list[Problem]:
    from ..i18n import site_po_path

    po = site_po_path(lang)
    return catalog_statements(po, lang, show(po), level) if po.is_file() else []


def vocabulary_problems(languages: Sequence[str], show: Any, level: str) -> list[Problem]:
    """The site's vocabulary in the message catalogs and the diagrams' words (what every page shows)."""
    from ...diagram.words import WORDS
    from ..i18n import site_po_path

    out: list[Problem] = []
    for lang in languages:
        po = site_po_path(lang)
        if po.is_file():
            out += [_term(show(po), w, level) for w in catalog_warnings(po, lang)]
        words_file = Path(__file__).parents[2] / "diagram" / "words.py"
        source = words_file.read_text(encoding="utf-8")
        for value in sorted(set(WORDS.get(lang, {}).values())):
            at = source.find(repr(value)[1:-1])
            line = source.count("\n", 0, at) + 1 if at >= 0 else 1
            col = at - source.rfind("\n", 0, at) if at >= 0 else 1
            out += [_term(show(words_file), replace(w, line=line, col=col + w.col - 1), level)
                    for w in term_warnings(value, lang)]
    return out


def _step_of(key: str | None) -> int:
    m = re.search(r"step=(\d+)", key or "")
    return int(m.group(1)) if m else 0


def _pages(docs_dir: Path, languages: Sequence[str]) -> list[tuple[Path, str, str]]:
    """(file, language, name within the language) of every page, sorted."""
    out = []
    for p in sorted(docs_dir.rglob("*.md")):
        rel = p.relative_to(docs_dir)
        if rel.parts[0] in languages:
            out.append((p, rel.parts[0], Path(*rel.parts[1:]).as_posix()))
        elif languages:
            out.append((p, languages[0], rel.as_posix()))
    return out


def unused_scenarios(scenarios_dir: Path, used: set[str], show: Any, level: str = "error",
                     files: Sequence[Path] | None = None) -> list[Problem]:
    """Scenarios no page draws, states facts of or checks a play in, and not marked `test_only:`
    (`files`: the folder's scenario files, sorted, when the caller has walked it)."""
    out: list[Problem] = []
    if not scenarios_dir.is_dir():
        return out
    for p in sorted(scenarios_dir.rglob("*.y*ml")) if files is None else files:
        name = p.relative_to(scenarios_dir).with_suffix("").as_posix()
        if name in used:
            continue
        doc = _read_doc(p)
        value = doc.value if doc is not None and isinstance(doc.value, dict) else {}
        if isinstance(value.get("test_only"), str) and value["test_only"].strip():
            continue
        out.append(Problem(show(p), 1, 1, level, "unused",
                           "no page uses this scenario, so its claims check nothing a reader sees",
                           f'draw it on a page ({{{{ diagram("{name}") }}}}), or mark it '
                           'test_only: "why it is kept"'))
    return out
