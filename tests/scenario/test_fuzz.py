"""Fuzzing the loader and checker: any input gives a Scenario or located diagnostics, never a crash."""
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario
from tests.fixture import PROJECT

ROOT = PROJECT / "scenarios"
REAL = sorted(ROOT.rglob("*.yaml"))
TEXTS = [p.read_text(encoding="utf-8") for p in REAL]
KEYS = ["variant", "rules", "position", "turn", "roll", "show", "expect", "caption", "diagram", "then",
        "white", "black", "bar", "off", "legal", "illegal", "plays", "in_order", "forced", "no_play",
        "dice_used", "odds", "bears_off", "result", "winner", "kind", "points", "of", "tr", "en", "pips"]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(text: str) -> None:
    """Load and check; only ScenarioError may escape, and every diagnostic must be located."""
    lines = len(text.splitlines()) + 2  # YAML also breaks lines at \r, \x85, \u2028
    try:
        scenario = load_scenario(Path("fuzz.yaml"), None, text=text)
    except ScenarioError as e:
        assert e.diagnostics
        for d in e.diagnostics:
            assert d.path == "fuzz.yaml" and 1 <= d.line <= lines and d.col >= 1, d
            assert "\n" not in d.message and "Traceback" not in d.format()
        return
    for d in check_scenario(scenario):
        assert 1 <= d.line <= lines and d.col >= 1, d


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-30, 30), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["6-3", "5-5", "7-1", "3", "9/3 3/off", "6/off", "bar/23", "tavla", "backgammon", "white",
                     "black", "27/36", "1/0", "XGID=", "4HPwATDgc/ABMA", "every", "some", "show"]),
    st.text(max_size=12),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.integers(-2, 26), st.text(max_size=6)), children, max_size=6),
    ),
    max_leaves=25,
)


@SETTINGS
@given(documents)
def test_random_documents(doc):
    run(yaml.safe_dump(doc, allow_unicode=True))


@SETTINGS
@given(st.text(max_size=200))
def test_random_text(text):
    run(text)


@SETTINGS
@given(st.data())
def test_text_mutations_of_real_scenarios(data):
    text = data.draw(st.sampled_from(TEXTS))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        insert = data.draw(st.one_of(st.just(""), st.sampled_from(["&a ", "*a", "!!python/name:os.system", "{", "]",
                                                                   "\t", "-", ":", "16", "0", "25", "99", "7-1", "\n"]),
                                     st.text(max_size=4)))
        text = text[:i] + insert + text[j:]
    run(text)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@SETTINGS
@given(st.data())
def test_structured_mutations_of_real_scenarios(data):
    doc = yaml.safe_load(data.draw(st.sampled_from(TEXTS)))
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    target = doc
    for k in path[:-1]:
        target = target[k]
    if data.draw(st.booleans()):
        target[path[-1]] = data.draw(documents)
    elif isinstance(target, dict):
        del target[path[-1]]
    else:
        target.pop(path[-1])
    run(yaml.safe_dump(doc, allow_unicode=True))
