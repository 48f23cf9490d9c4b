"""The pytest plugin: scenario files become items only where `tavla_scenarios` is set."""
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


def test_collects_and_reports_like_check(pytester):
    pytester.makeini("[pytest]\ntavla_scenarios = scenarios\n")
    pytester.mkdir("scenarios")
    pytester.mkdir("scenarios/bear-off")
    (pytester.path / "scenarios" / "bear-off" / "good.yaml").write_text(GOOD)
    (pytester.path / "scenarios" / "bear-off" / "bad.yaml").write_text(BAD)
    (pytester.path / "elsewhere.yaml").write_text(BAD)  # outside the scenarios directory: ignored
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*scenarios/bear-off/bad.yaml::bad FAILED*",
        "*scenarios/bear-off/good.yaml::good PASSED*",
        "scenarios/bear-off/bad.yaml:7:10: error: plays: 4-2 has 2 distinct legal plays, not 3",
        "    the 2 legal plays: 5/1 3/1, 5/off",
    ])
    assert "Traceback" not in result.stdout.str()


def test_load_errors_are_reported_with_location(pytester):
    pytester.makeini("[pytest]\ntavla_scenarios = scenarios\n")
    pytester.mkdir("scenarios")
    (pytester.path / "scenarios" / "broken.yaml").write_text(GOOD.replace("roll: 4-2", "roll: 7-1"))
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["scenarios/broken.yaml:4:7: error: bad roll '7-1'*"])


def test_collects_nothing_without_the_ini_option(pytester):
    pytester.mkdir("scenarios")
    (pytester.path / "scenarios" / "bad.yaml").write_text(BAD)
    result = pytester.runpytest("scenarios")
    assert result.ret == 5  # no tests collected
    result.assert_outcomes()
