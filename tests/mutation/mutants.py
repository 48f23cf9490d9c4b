"""Mutants of a project's pages and scenarios, and whether the build or the audit catches each.

Issue 11 typed wrong facts into the pages and 23 of 25 shipped. This makes such
mistakes mechanically, seeded, over every page in both languages of a project (the
test's own, `tests/mutation/project/`: pages copied from the site once and kept, so an
author's new page never changes what this test measures):

- **typed**: a fact a helper prints (`{{ s.plays }}`) replaced by a wrong value typed
  in its place (the printed value with one number changed), in prose and in captions;
- **play**: one point of a play given to `play(…, at=…)` moved by one;
- **position**: one checker of a scenario drawn with a caption moved to the next point (every
  checker of an author's scenarios is `tavla-docs pins`' job, run by the build);
- **claim**: a number in a scenario's `expect:` changed by one.

A mutant is caught when the audit reports a problem the unchanged project does
not have, or rendering a page that uses the mutated file fails, or the scenario's
claims fail. `python -m tests.mutation` prints the score.
"""
from __future__ import annotations

import html
import random
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.fixture import PROJECT

FIXTURE = Path(__file__).resolve().parent / "project"  # the pages and scenarios mutated
LANGS = ("tr", "en")
SENTINEL_L, SENTINEL_R = "\u27e6", "\u27e7"  # ⟦ ⟧ around a printed value, to find it in the output
OUTPUT = re.compile(r"\{\{(?P<expr>.*?)\}\}", re.DOTALL)
DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Mutant:
    kind: str  # "typed" | "play" | "position" | "claim"
    path: str  # project-relative file mutated
    start: int  # offset of the replaced text
    old: str
    new: str
    note: str = ""

    def describe(self) -> str:
        return f"{self.kind} {self.path}@{self.start}: {self.old!r} -> {self.new!r}{' (' + self.note + ')' if self.note else ''}"


def copy_project(dest: Path, source: Path = FIXTURE) -> Path:
    """`source`'s config, pages and scenarios, and the project's partials, under `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(source / "mkdocs.yml", dest / "mkdocs.yml")
    for d in ("content", "scenarios"):
        shutil.copytree(source / d, dest / d)
    shutil.copytree(PROJECT / "templates", dest / "templates")
    return dest


def _bump(text: str, rng: random.Random) -> str | None:
    """`text` with one of its numbers changed (dice stay 1–6, points 1–24)."""
    runs = list(DIGITS.finditer(text))
    if not runs:
        return None
    m = rng.choice(runs)
    n = int(m.group())
    if n == 0:
        new = 1
    elif n <= 6 and re.fullmatch(r"[1-6]-[1-6]", text.strip()):
        new = n % 6 + 1
    else:
        new = n + rng.choice((-1, 1)) if n > 1 else n + 1
    return text[:m.start()] + str(new) + text[m.end():]


class Project:
    """A copy of the project, a renderer kept across mutants (its caches are keyed by content) and
    the baseline audit."""

    def __init__(self, work: Path, source: Path = FIXTURE) -> None:
        from tavla_docs.site.renderer import SiteRenderer

        self.root = copy_project(work, source)
        self.renderer = SiteRenderer(self.root, cache_dir=None)
        self.baseline = self._problems()

    def _problems(self) -> Counter[tuple[str, str, str]]:
        from tavla_docs.site.audit.project import audit_project

        audit = audit_project(self.root, self.root / "content", self.root / "scenarios", LANGS,
                              display=self.renderer.rel)
        return Counter((p.path, p.rule, p.message) for p in audit.problems)  # a second '2' on a page is new

    def pages(self) -> list[tuple[Path, str]]:
        return [(p, p.parent.name) for p in sorted((self.root / "content").glob("*/*.md"))]

    def render(self, page: Path, lang: str, source: str | None = None) -> str:
        from tavla_docs.site.audit.project import split_front_matter

        text = source if source is not None else page.read_text(encoding="utf-8")
        _, body, first = split_front_matter(text)
        return self.renderer.render_page(body, path=self.renderer.rel(page), lang=lang, first_line=first).markdown

    # -- mutants
    def typed_mutants(self, page: Path, lang: str, rng: random.Random) -> Iterator[Mutant]:
        """Each printed fact of the page, replaced by a wrong value typed in."""
        text = page.read_text(encoding="utf-8")
        spans = [m for m in OUTPUT.finditer(text) if not re.match(r"\s*(diagram|story|try_it|odds_table|rules_summary|"
                                                                   r"bearoff_|race_table|notation_legend|glossary|"
                                                                   r"not_a_fact)", m.group("expr"))]
        marked = text
        for m in reversed(spans):
            marked = marked[:m.start()] + SENTINEL_L + m.group() + SENTINEL_R + marked[m.end():]
        out = self.render(page, lang, marked)
        values = re.findall(f"{SENTINEL_L}(.*?){SENTINEL_R}", out, re.DOTALL)
        rel = self.renderer.rel(page)
        for m, value in zip(spans, values, strict=False):
            plain = html.unescape(re.sub(r"<[^>]+>", "", value))
            wrong = _bump(plain, rng)
            if wrong is not None and wrong != plain:
                yield Mutant("typed", rel, m.start(), m.group(), wrong, f"printed {plain!r}")

    def play_mutants(self, page: Path, rng: random.Random) -> Iterator[Mutant]:
        text = page.read_text(encoding="utf-8")
        rel = self.renderer.rel(page)
        for m in re.finditer(r"play\(\s*([\"'])(?P<play>[^\"']+)\1(?=[^)]*\bat=)", text):
            wrong = _bump(m.group("play"), rng)
            if wrong is not None:
                yield Mutant("play", rel, m.start("play"), m.group("play"), wrong)

    def caption_mutants(self, scenario: Path, rng: random.Random) -> Iterator[Mutant]:
        """Captions: each printed fact replaced by a wrong typed value (values come from rendering)."""
        text = scenario.read_text(encoding="utf-8")
        rel = self.renderer.rel(scenario)
        for m in OUTPUT.finditer(text):
            yield Mutant("typed", rel, m.start(), m.group(), str(rng.randint(2, 30)), "a caption fact typed in")

    def position_mutants(self, scenario: Path, rng: random.Random) -> Iterator[Mutant]:
        text = scenario.read_text(encoding="utf-8")
        rel = self.renderer.rel(scenario)
        block = re.search(r"^position:\n((?:[ \t]+.*\n)+)", text, re.MULTILINE)
        if not block:
            return
        for m in re.finditer(r"(?<![\w])(\d{1,2}): (\d+)", block.group(1)):
            p = int(m.group(1))
            q = p + rng.choice((-1, 1))
            if 1 <= q <= 24 and f"{q}:" not in block.group(1):
                start = block.start(1) + m.start(1)
                yield Mutant("position", rel, start, m.group(1), str(q), "a checker point moved")

    def claim_mutants(self, scenario: Path, rng: random.Random) -> Iterator[Mutant]:
        text = scenario.read_text(encoding="utf-8")
        rel = self.renderer.rel(scenario)
        for m in re.finditer(r"^\s*(plays|dice_used|bears_off|enters|hits|no_play): (\d+)", text, re.MULTILINE):
            n = int(m.group(2))
            yield Mutant("claim", rel, m.start(2), m.group(2), str(n + 1 if n < 36 else n - 1))

    # -- evaluation
    def caught(self, mutant: Mutant) -> str | None:
        """How the mutant is caught ("audit", "build", "check"), or None when it survives."""
        from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario
        from tavla_docs.site.errors import PageError

        path = self.root / mutant.path
        original = path.read_text(encoding="utf-8")
        assert original[mutant.start:mutant.start + len(mutant.old)] == mutant.old, mutant.describe()
        path.write_text(original[:mutant.start] + mutant.new + original[mutant.start + len(mutant.old):],
                        encoding="utf-8")
        try:
            if self._problems() - self.baseline:  # Counter subtraction: what the mutant added
                return "audit"
            if path.suffix == ".yaml":
                try:
                    s = load_scenario(path, self.root / "scenarios")
                    if check_scenario(s):
                        return "check"
                except ScenarioError:
                    return "check"
            name = path.relative_to(self.root / "scenarios").with_suffix("").as_posix() \
                if path.suffix == ".yaml" else None
            for page, lang in self.pages():
                text = page.read_text(encoding="utf-8")
                if (name is None and page == path) or (name is not None and f'"{name}"' in text):
                    try:
                        self.render(page, lang)
                    except PageError:
                        return "build"
            return None
        finally:
            path.write_text(original, encoding="utf-8")

    def scenarios_on_pages(self) -> list[Path]:
        """Scenarios a page draws (their captions and positions are what readers see)."""
        names: set[str] = set()
        for page, _ in self.pages():
            names |= set(re.findall(r"(?:diagram|story|try_it)\(\s*[\"']([^\"']+)", page.read_text(encoding="utf-8")))
        return [p for n in sorted(names) if (p := self.root / "scenarios" / f"{n}.yaml").is_file()]


def sample(project: Project, seed: int = 11, per_page: int = 4, per_scenario: int = 1) -> list[Mutant]:
    """A seeded sample spread over every page in both languages and the scenarios they draw."""
    rng = random.Random(seed)
    chosen: list[Mutant] = []
    for page, lang in project.pages():
        pool = list(project.typed_mutants(page, lang, rng))
        chosen += rng.sample(pool, min(per_page, len(pool)))
        plays = list(project.play_mutants(page, rng))
        chosen += rng.sample(plays, min(2, len(plays)))
    for s in project.scenarios_on_pages():
        for gen in (project.caption_mutants, project.position_mutants, project.claim_mutants):
            pool = list(gen(s, rng))
            chosen += rng.sample(pool, min(per_scenario, len(pool)))
    return chosen


def score(work: Path, seed: int = 11, source: Path = FIXTURE,
          per_page: int = 4, per_scenario: int = 1) -> tuple[int, list[tuple[Mutant, str | None]]]:
    project = Project(work, source)
    results = [(m, project.caught(m)) for m in sample(project, seed, per_page, per_scenario)]
    return sum(1 for _, how in results if how), results
