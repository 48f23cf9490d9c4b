"""The red team's false edits (every round of the corpus) against the build's checks (`runner`), in process.

`results.txt` is the last run, committed: this test reruns the corpus and compares, so every
change in what the build catches shows in that file's diff (`python -m tests.redteam.runner >
tests/redteam/results.txt` writes it). It also holds two promises of the docs: a fault the
build catches is named as itself (not as drift between languages), and every edit it does not
catch changes what a page renders, so the reader-text snapshot's diff shows it to a person.
"""
from __future__ import annotations

from pathlib import Path

from .runner import load_corpus, run_corpus_parallel, table

RESULTS = Path(__file__).with_name("results.txt")


def test_the_corpus_is_caught_or_shown_as_recorded(tmp_path: Path) -> None:
    entries = load_corpus()
    assert len(entries) >= 150 and len({e["id"] for e in entries}) == len(entries)
    outcomes = run_corpus_parallel(tmp_path, entries)  # in processes of their own: the same outcomes, sooner
    missed = [o.id for o in outcomes if not o.caught and not o.shows and not o.invisible]
    assert missed == [], f"edits neither caught nor shown in the snapshot: {missed}"
    # an edit the corpus calls invisible (its `invisible:` says why) must really change nothing a reader sees
    seen = [o.id for o in outcomes if o.invisible and (o.shows or o.caught)]
    assert seen == [], f"edits marked invisible that a reader sees or the build catches: {seen}"
    for o in outcomes:
        if o.caught:
            assert "is stated here" not in o.message, (o.id, o.message)
    assert table(outcomes) == RESULTS.read_text(encoding="utf-8")
