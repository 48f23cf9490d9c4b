"""The pytest plugin: one load item per scenario file plus one item per claim, only where
`tavla_scenarios` is set; a failing item prints what `tavla-docs check` prints for it."""
import re
from dataclasses import replace

from tavla_docs.engine.board import Side
from tavla_docs.engine.play import Play
from tavla_docs.engine.written import resulting_position
from tavla_docs.pytest_plugin import check_show
from tavla_docs.scenario import check_paths, load_scenario
from tavla_docs.scenario.claims import DEFAULT_ENGINE, ShowClaim

pytest_plugins = ["pytester"]

GOOD = """variant: tavla
position: {white: {5: 1, 3: 1}, black: {19: 15}}
turn: white
roll: 4-2
show: 5/3 3/off
expect:
  plays: 2
"""
BAD = GOOD.replace("plays: 2", "plays: 3")

# White bears off its last two checkers with 4-2, then Black (15 on its own 6-point) rolls 6-5.
STORY = """variant: tavla
position: {white: {5: 1, 3: 1}, black: {19: 15}}
turn: white
roll: 4-2
show: 5/3 3/off
expect:
  plays: 2
  legal: [5/1 3/1, 5/1 3/1]
  illegal: [5/1 3/off]
  in_order: {legal: [5/3 3/off]}
then:
  - roll: 6-5
    show: 6/off 6/1
    expect: {plays: 1, legal: [6/1 6/off]}
"""


def _project(pytester, files):
    pytester.makeini("[pytest]\ntavla_scenarios = scenarios\n")
    for name, text in files.items():
        path = pytester.path / "scenarios" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _outcomes(result):
    """node id → PASSED/FAILED from `pytest -v` lines (names hold `[`, which fnmatch reads as a class)."""
    rows = (re.match(r"(scenarios/\S*?::.*) (PASSED|FAILED|SKIPPED|ERROR) +\[ *\d+%\]$", line) for line in result.stdout.lines)
    return {m[1]: m[2] for m in rows if m}


def test_one_item_per_claim_with_readable_unique_names(pytester):
    _project(pytester, {"story.yaml": STORY})
    items, _ = pytester.inline_genitems()
    # in file order: the load item, the shown play (a claim), each expect: entry, then the step's
    assert [i.name for i in items] == [
        "load", "show[5/3 3/off]", "plays", "legal[5/1 3/1]", "legal[5/1 3/1]#2", "illegal[5/1 3/off]",
        "in_order.legal[5/3 3/off]", "then[1].show[6/off 6/1]", "then[1].plays", "then[1].legal[6/1 6/off]",
    ]
    assert len({i.nodeid for i in items}) == len(items)
    assert len(items) - 1 == check_paths([pytester.path / "scenarios"]).claims  # one item per claim `check` counts
    lines = STORY.splitlines()
    where = {i.name: i.location for i in items}
    assert where["plays"] == ("scenarios/story.yaml", lines.index("  plays: 2"), "plays (story.yaml)")
    assert where["then[1].legal[6/1 6/off]"][1] == len(lines) - 1  # reportinfo: 0-based line of the claim
    result = pytester.runpytest()
    result.assert_outcomes(passed=10)


def test_a_wrong_claim_fails_only_its_item_with_the_check_message(pytester):
    _project(pytester, {"bear-off/good.yaml": GOOD, "bear-off/bad.yaml": BAD.replace("expect:", "expect:\n  legal: [5/off]")})
    (pytester.path / "elsewhere.yaml").write_text(BAD)  # outside the scenarios directory: ignored
    result = pytester.runpytest("-v", "-rN")  # no short summary: it repeats the message (untruncated under CI=true)
    result.assert_outcomes(passed=6, failed=1)
    assert _outcomes(result) == {
        "scenarios/bear-off/bad.yaml::load": "PASSED",
        "scenarios/bear-off/bad.yaml::show[5/3 3/off]": "PASSED",
        "scenarios/bear-off/bad.yaml::legal[5/off]": "PASSED",
        "scenarios/bear-off/bad.yaml::plays": "FAILED",
        "scenarios/bear-off/good.yaml::load": "PASSED",
        "scenarios/bear-off/good.yaml::show[5/3 3/off]": "PASSED",
        "scenarios/bear-off/good.yaml::plays": "PASSED",
    }
    out = result.stdout.str()
    expected = ["scenarios/bear-off/bad.yaml:8:10: error: plays: 4-2 has 2 distinct legal plays, not 3",
                "    the 2 legal plays: 5/1 3/1, 5/off"]
    report = check_paths(["scenarios"])  # pytester runs in its own directory, like `tavla-docs check` there
    assert [d.format() for d in report.diagnostics] == ["\n".join(expected)]
    assert "\n".join(expected) + "\n" in out
    assert out.count("error:") == 1
    assert "Traceback" not in out


def test_a_file_that_does_not_load_is_one_failing_load_item(pytester):
    _project(pytester, {"broken.yaml": STORY.replace("roll: 4-2", "roll: 7-1").replace("turn: white", "turn: white\ncpation: x")})
    items, _ = pytester.inline_genitems()
    assert [i.nodeid for i in items] == ["scenarios/broken.yaml::load"]  # no claim items for a file that fails
    result = pytester.runpytest("-v", "-rN")  # no short summary: it repeats the message (untruncated under CI=true)
    result.assert_outcomes(failed=1)
    diagnostics = check_paths(["scenarios"]).diagnostics
    assert len(diagnostics) == 2  # the misspelt key and the bad roll, both reported once
    assert _outcomes(result) == {"scenarios/broken.yaml::load": "FAILED"}
    result.stdout.fnmatch_lines(["scenarios/broken.yaml:4:1: error: unknown key 'cpation'*",
                                 "scenarios/broken.yaml:5:7: error: bad roll '7-1'*"])
    assert "\n".join(d.format() for d in diagnostics) in result.stdout.str()
    assert result.stdout.str().count("error: bad roll") == 1


def test_a_shown_play_the_engine_cache_wrongly_allowed_fails_its_show_item(pytester, monkeypatch):
    # `check` counts `show:` as a claim the loader has already checked; the item checks it afresh,
    # so a loader fed a wrong play list (here a stale cache that also "allows" 5/1 3/off) is caught.
    text = GOOD.replace("show: 5/3 3/off", "show: 5/1 3/off").replace("plays: 2", "legal: [5/1 3/1]")
    _project(pytester, {"stale.yaml": text})
    real = DEFAULT_ENGINE.plays

    def stale(position, side, roll, rules, ctx=None):
        plays = real(position, side, roll, rules, ctx)
        wrong = resulting_position(position, side, "5/1 3/off", rules)
        return plays + (Play(side, (), wrong, 2),)

    monkeypatch.setattr(DEFAULT_ENGINE, "plays", stale)
    result = pytester.runpytest("-v", "-rN")
    result.assert_outcomes(passed=2, failed=1)
    assert _outcomes(result) == {
        "scenarios/stale.yaml::load": "PASSED",
        "scenarios/stale.yaml::show[5/1 3/off]": "FAILED",
        "scenarios/stale.yaml::legal[5/1 3/1]": "PASSED",
    }
    result.stdout.fnmatch_lines(["scenarios/stale.yaml:5:7: error: show: 5/1 3/off is not a legal play with 4-2",
                                 "    the 2 legal plays: 5/1 3/1, 5/off"])
    assert "Traceback" not in result.stdout.str()


def test_check_show_fails_when_the_drawn_play_is_not_the_written_one(tmp_path):
    path = tmp_path / "scenarios" / "good.yaml"
    path.parent.mkdir()
    path.write_text(GOOD)
    scenario = load_scenario(path, path.parent, source="good.yaml")
    frame = scenario.first
    claim = next(c for c in frame.expect if isinstance(c, ShowClaim))
    assert check_show(scenario, frame, claim) == []
    other = next(p for p in DEFAULT_ENGINE.plays(frame.position, Side.WHITE, frame.roll, scenario.rules)
                 if p != frame.show)  # 5/1 3/1, the other legal play
    [d] = check_show(scenario, replace(frame, show=other), claim)
    assert (d.line, d.col) == (5, 7)
    assert d.message == "show: the drawn play 5/1 3/1 (white) is not the written 5/3 3/off"


def test_collects_nothing_without_the_ini_option(pytester):
    pytester.mkdir("scenarios")
    (pytester.path / "scenarios" / "bad.yaml").write_text(BAD)
    result = pytester.runpytest("scenarios")
    assert result.ret == 5  # no tests collected
    result.assert_outcomes()


def test_fact_claims_are_named_by_side_point_and_move(pytester):
    facts = GOOD.replace("  plays: 2\n", "  plays: 2\n  home: {white: 2, black: 15}\n  after:\n"
                         "    off: {white: 14}\n  point: {5: {white: 1}, 3: {white: 1}}\n") + \
        "diagram: {forbidden: [3/off 5/1]}\n"
    _project(pytester, {"facts.yaml": facts})
    items, _ = pytester.inline_genitems()
    names = [i.name for i in items]
    for name in ("home.white", "home.black", "after.off.white", "point[5]", "point[3]", "forbidden[3/off 5/1]"):
        assert name in names, names
    assert len(set(names)) == len(names)
    pytester.runpytest().assert_outcomes(passed=len(items))
