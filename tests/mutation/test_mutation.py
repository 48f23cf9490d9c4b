"""Issue 11's promise as a test: seeded mutants of numbers, rolls and plays over every shipped page
(both languages), the captions and positions of the scenarios they draw and their claims; at
least 98% must fail the audit, the build or the check. The score is printed (`-s`, or
`python -m tests.mutation`)."""
from __future__ import annotations

from .mutants import score

MIN_MUTANTS = 100
MIN_SCORE = 0.98


def test_wrong_facts_do_not_ship(tmp_path, capsys):
    caught, results = score(tmp_path / "project")
    survivors = [m.describe() for m, how in results if how is None]
    with capsys.disabled():
        print(f"\nmutation score: {caught}/{len(results)} ({100 * caught / len(results):.1f}%)")
        for s in survivors:
            print(f"  survived: {s}")
    assert len(results) >= MIN_MUTANTS
    pages = {m.path for m, _ in results if m.path.startswith("content/")}
    assert {p.split("/")[1] for p in pages} == {"tr", "en"} and len(pages) >= 16  # spread over all pages
    assert caught / len(results) >= MIN_SCORE, survivors
