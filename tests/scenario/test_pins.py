"""`scenario.pins`: each checker of a figure moved one point either way, and whether a claim notices.

On fixture scenarios under tests/scenario/pins/ (and the mutation test's fixture project), never
on the site's own: the site's score is the build's report (`tavla-docs pins`, `min_pin_score`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tavla_docs.engine.board import Side
from tavla_docs.scenario import pins
from tavla_docs.scenario.pins import pin_report, pin_summary

HERE = Path(__file__).resolve().parent / "pins"
MUTATION_FIXTURE = Path(__file__).resolve().parents[1] / "mutation" / "project" / "scenarios"


def mark(path: Path, line: int, text: str) -> tuple[int, int]:
    """(line, column) of `text` on 1-based `line` of the file: where the loader marks it."""
    return line, path.read_text(encoding="utf-8").splitlines()[line - 1].index(text) + 1


def test_checkers_no_claim_depends_on_are_reported_at_their_point() -> None:
    path = HERE / "loose.yaml"
    r = pin_report(path, HERE, "loose.yaml")
    assert r is not None
    assert [(lo.side, lo.point, lo.count, lo.to, (lo.line, lo.col)) for lo in r.loose] == [
        (Side.BLACK, 19, 5, (18, 20), mark(path, 5, "19")),
        (Side.BLACK, 20, 5, (19, 21), mark(path, 5, "20")),
        (Side.BLACK, 21, 5, (20, 22), mark(path, 5, "21")),
    ]
    # White's two checkers are noticed: moved, the 6-4 no longer bears both off (`show:` fails,
    # or the play count changes). 6 and 4 go both ways, 19–21 both ways: 10 checker sets' moves.
    assert (r.moves, r.noticed) == (10, 4)
    line, col = mark(path, 5, "19")
    assert r.diagnostics()[0] == (
        f"loose.yaml:{line}:{col}: warning: Black's checkers on point 19 are pinned by no claim: moved to point 18 "
        "or point 20, every claim still holds; a figure's claims should pin every checker it shows\n"
        "    hint: add `pips: {white: 10, black: 75}` under expect: (the pip counts pin every checker), or a "
        "`point:` claim for this one")


def test_both_sides_pips_pin_every_checker() -> None:
    r = pin_report(HERE / "pinned.yaml", HERE)
    assert r is not None and r.loose == () and r.moves == r.noticed == 10


@pytest.mark.parametrize("path", sorted(HERE.glob("*.yaml")) + sorted(MUTATION_FIXTURE.rglob("*.yaml")),
                         ids=lambda p: p.name)
def test_the_pips_shortcut_gives_the_full_runs_answer(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With both sides' pips claimed every move is counted as noticed unchecked; checking each one
    gives the same report."""
    fast = pin_report(path, path.parent)
    monkeypatch.setattr(pins, "pinned_by_pips", lambda s: False)
    assert pin_report(path, path.parent) == fast


def test_a_position_given_as_an_xgid_is_reported_at_position() -> None:
    path = HERE / "xgid.yaml"
    r = pin_report(path, HERE)
    assert r is not None
    at = mark(path, 3, '"')  # the value of `position:` (a quoted scalar: its opening quote)
    assert [(lo.side, lo.point, lo.to, (lo.line, lo.col)) for lo in r.loose] == [
        (Side.WHITE, 1, (2,), at), (Side.BLACK, 24, (23,), at)]


def test_test_only_and_broken_files_are_left_to_check(tmp_path: Path) -> None:
    assert pin_report(HERE / "test-only.yaml", HERE) is None
    bad = tmp_path / "bad.yaml"
    bad.write_text((HERE / "pinned.yaml").read_text(encoding="utf-8").replace("plays: 2", "plays: 3"), encoding="utf-8")
    assert pin_report(bad, tmp_path) is None  # its failed claim is `check`'s report


def test_the_summary_is_deterministic_and_scored() -> None:
    files = sorted(HERE.glob("*.yaml"))
    first, again = pin_summary(files, HERE), pin_summary(files, HERE)
    assert first == again
    assert first.moves == sum(r.moves for r in first.reports) and first.score == 100 * first.noticed / first.moves
    assert "below the minimum of 100 %" in first.line(100) and "at or above" in first.line(0)
