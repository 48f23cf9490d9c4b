"""Issue 11's promise as a property of the audit, the build and the check: seeded mutants of
numbers, rolls and plays over every page of a fixture project (both languages), the captions and
positions of the scenarios they draw and their claims; at least 98% must fail the audit, the
build or the check. The project is the test's own (`tests/mutation/project/`, two pages copied
from the site once), so an author's new page or scenario never moves this score: whether an
author's figures pin their checkers is `tavla-docs pins`' report, which the build runs. The
score is printed (`-s`, or `python -m tests.mutation`)."""
from __future__ import annotations

from .mutants import FIXTURE, score

MIN_MUTANTS = 80
MIN_SCORE = 0.98


def test_wrong_facts_do_not_ship(tmp_path, capsys):
    caught, results = score(tmp_path / "project", per_page=16, per_scenario=2)
    survivors = [m.describe() for m, how in results if how is None]
    with capsys.disabled():
        print(f"\nmutation score: {caught}/{len(results)} ({100 * caught / len(results):.1f}%)")
        for s in survivors:
            print(f"  survived: {s}")
    assert len(results) >= MIN_MUTANTS
    pages = {m.path for m, _ in results if m.path.startswith("content/")}
    fixture_pages = {p.relative_to(FIXTURE).as_posix() for p in FIXTURE.glob("content/*/*.md")}
    assert pages == fixture_pages  # every page of the fixture, in both languages
    assert {m.kind for m, _ in results} == {"typed", "play", "position", "claim"}
    assert caught / len(results) >= MIN_SCORE, survivors
