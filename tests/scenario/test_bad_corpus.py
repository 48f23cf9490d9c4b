"""The bad-input corpus: every file in bad/ gives exactly this first diagnostic.

Each expected line was written from the file itself (count the line and column of the
offending character), not copied from the checker's output.
"""
from dataclasses import replace
from pathlib import Path

import pytest

from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario
from tavla_docs.variants import TAVLA, registry

BAD = Path(__file__).parent / "bad"

EXPECTED = {
    "after-without-show.yaml": "8:3: error: `after` is about the position after the shown play: add `show:`",
    "alias-bomb.yaml": "1:4: error: YAML anchors (&name) are not allowed in scenarios; write the value out",
    "anchor.yaml": "4:10: error: YAML anchors (&name) are not allowed in scenarios; write the value out",
    "bad-turn.yaml": "5:7: error: turn is `white` or `black`, not 'red'",
    "bad-xgid.yaml": "2:11: error: position: an XGID has 10 fields separated by ':', this has 2",
    "bar-in-variant-without-bar.yaml": "3:18: error: test-nobar has no bar: a checker cannot be on the bar",
    "both-colours.yaml": "4:32: error: point 6 holds both colours (4 white, 1 black); a point belongs to one side",
    "caption-empty.yaml": "12:7: error: caption en: expected text, not ''",
    "caption-not-mapping.yaml": "10:10: error: caption takes a mapping, like {tr: \"…\", en: \"…\"}, not 'Pul toplama'",
    "claim-needs-roll.yaml": "7:3: error: `plays` needs a roll: add `roll:` to this scenario",
    "count-not-number.yaml": "3:20: error: white 6: a checker count is a whole number 0–15, not 'four'",
    "cube-above-max.yaml": "7:17: error: the cube's highest face in backgammon is 64, not 128",
    "cube-in-tavla.yaml": "12:3: error: tavla has no doubling cube: remove `cube`",
    "diagram-bad-theme.yaml": "14:10: error: unknown theme 'neon'; themes: default, print, wood",
    "diagram-unknown-option.yaml": "13:11: error: unknown diagram option 'flipp'; did you mean 'flip'?",
    "dice-used-wrong.yaml": "9:14: error: dice_used: the legal plays use 2 dice, not 1",
    "duplicate-key.yaml": "7:1: error: duplicate key 'turn' (first written on line 5)",
    "duplicate-point.yaml": "3:17: error: duplicate key 9 (first written on line 3)",
    "empty.yaml": "1:1: error: empty scenario",
    "forbidden-allowed.yaml": "12:16: error: forbidden: 9/3 is allowed with 6-3: the legal play 9/3 6/3 can start with it",
    "forbidden-not-a-move.yaml": "12:23: error: diagram option 'forbidden': '6/of' is not a move: cannot read '6/of' as a move; "
                                 "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)",
    "forced-wrong.yaml": "9:11: error: forced: 9/off is not the only legal play (4 plays) with 6-3",
    "highlight-not-a-point.yaml": "12:18: error: diagram option 'highlight': 25 is not a point 1–24",
    "hit-mark-without-blot.yaml": "7:13: error: show: 9/3*: there is no lone opposing checker on 3 to hit (remove the *)",
    "home-wrong.yaml": "9:17: error: home: white has 14 checkers in its home board, not 15",
    "illegal-wrong.yaml": "9:13: error: 9/off is a legal play with 6-3; did you mean `legal`?",
    "in-order-unknown-key.yaml": "10:5: error: unknown key 'legl' in in_order",
    "in-order-wrong.yaml": "10:13: error: 6/off 9/6 cannot be played in this order with 6-3",
    "label-missing-language.yaml": "12:15: error: label for point 9 has no en text, but the caption has one",
    "label-unknown-language.yaml": "12:31: error: label for point 9: unknown language 'fr'; diagrams are drawn in en, tr",
    "legal-bad-notation.yaml": "9:26: error: legal: cannot read '3/x' as a move; "
                               "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)",
    "legal-wrong.yaml": "10:22: error: 9/6 4/off is not a legal play with 6-3",
    "malformed-flow.yaml": "3:1: error: invalid YAML: did not find expected ',' or '}'",
    "malformed-indent.yaml": "4:2: error: invalid YAML: did not find expected key",
    "merge-key.yaml": "11:3: error: YAML merge keys (<<) are not allowed in scenarios",
    "missing-turn.yaml": "1:1: error: missing key `turn`",
    "missing-variant.yaml": "1:1: error: missing key `variant`",
    "multi-document.yaml": "13:1: error: invalid YAML: a scenario file holds one YAML document; remove the extra '---'",
    "negative-count.yaml": "3:20: error: white 6: a checker count is a whole number 0–15, not -4",
    "no-play-wrong.yaml": "9:12: error: no_play: 6-3 can be played",
    "not-a-point.yaml": "3:47: error: 'six' is not a point; points are 1–24, or `bar` / `off`",
    "not-utf8.yaml": "11:41: error: the file is not UTF-8 text",
    "odds-float.yaml": "8:16: error: odds are exact: write N/36, not the decimal 0.75",
    "odds-over-one.yaml": "8:16: error: odds 37/36 are not between 0/36 and 36/36",
    "odds-unknown-outcome.yaml": "8:5: error: unknown key 'bear_off' in odds",
    "odds-with-roll.yaml": "9:3: error: `odds` are over all 36 rolls: remove `roll:` (or move the odds to their own scenario)",
    "odds-wrong.yaml": "8:16: error: odds bears_off: 27/36 of the rolls, not 28/36",
    "off-mismatch.yaml": "3:47: error: white has 15 checkers in play and 3 off: that is 18, not 15",
    "off-too-many.yaml": "9:16: error: off white takes a number of checkers 0–15, not 16",
    "pips-wrong.yaml": "9:17: error: pips: white has 73 pips, not 50",
    "pinned-in-tavla.yaml": "5:3: error: tavla does not pin checkers: `pinned` is for variants like tapa",
    "plays-not-number.yaml": "9:10: error: `plays` takes a whole number, not 'four'",
    "plays-wrong.yaml": "9:10: error: plays: 6-3 has 4 distinct legal plays, not 5",
    "point-25.yaml": "4:11: error: point 25 does not exist; points are 1–24",
    "point-wrong.yaml": "9:14: error: point 9: the point holds 1 white, not empty",
    "point-zero.yaml": "3:47: error: point 0 does not exist; points are 1–24",
    "position-id-without-turn.yaml": "2:1: error: a Position ID does not say who is on roll: add `turn:`",
    "position-list.yaml": "2:11: error: position takes a mapping, like {white: {6: 5}, black: {19: 5}}, not a list",
    "position-unknown-side.yaml": "4:3: error: unknown key 'blak' in position",
    "python-tag.yaml": "5:7: error: the YAML tag '!!python/object/apply:os.system' is not allowed here; "
                       "scenarios use plain text, numbers, true/false, lists and mappings",
    "result-bad-kind.yaml": "9:29: error: unknown result kind 'triple'",
    "result-wrong.yaml": "9:11: error: result: the game goes on, but the claim is: the game ends with winner white",
    "roll-list.yaml": "6:7: error: a roll is two dice like 6-3 or 5-5, not a list",
    "roll-one-die.yaml": "6:7: error: bad roll '3': write two dice 1–6 like 6-3 or 5-5",
    "roll-seven.yaml": "6:7: error: bad roll '7-1': write two dice 1–6 like 6-3 or 5-5",
    "rules-bad-type.yaml": "2:24: error: option 'katmerli_mars' takes a bool, not 3",
    "rules-unknown-option.yaml": "2:9: error: tavla has no rule option 'katmerli'",
    "show-backwards.yaml": "7:11: error: show: '3/9' moves backwards: checkers move from higher to lower points",
    "show-illegal.yaml": "7:7: error: show: 9/6 4/off is not a legal play with 6-3",
    "show-no-checker.yaml": "7:7: error: show: 8/2: there is no checker on 8 to move",
    "show-not-text.yaml": "7:7: error: show takes a play in notation like 9/3 3/off, not a list",
    "show-quoted-bad.yaml": "7:13: error: show: cannot read '3/x' as a move; "
                            "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)",
    "show-unparsable.yaml": "7:11: error: show: cannot read '3/of' as a move; "
                            "write from/to like 24/18, 13/10*, bar/22, 6/off or 6/2(2)",
    "show-without-roll.yaml": "6:1: error: `show` needs a roll: add `roll:`",
    "sixteen-checkers.yaml": "3:3: error: white has 16 checkers on the board and bar; a side has 15",
    "tab-indent.yaml": "9:1: error: invalid YAML: found character that cannot start any token",
    "test-only-empty.yaml": "8:12: error: test_only takes the reason no page shows this scenario, as text, not ''",
    "then-after-game-over.yaml": "9:5: error: step 1: the game is already over after the previous play",
    "then-not-list.yaml": "13:7: error: then takes a list of steps, like [{roll: 4-2, show: 6/2 2/off}], not a mapping",
    "then-step-illegal.yaml": "15:11: error: show: 19/17: there is no checker on 19 to move",
    "then-unknown-key.yaml": "15:5: error: unknown key 'position' in step 1",
    "top-level-list.yaml": "1:1: error: a scenario is a mapping of keys, not a list",
    "unknown-expect-key.yaml": "10:3: error: unknown key 'ilegal' in expect",
    "unknown-top-key.yaml": "10:1: error: unknown key 'captions' in the scenario",
    "unknown-variant.yaml": "1:10: error: unknown variant 'tavlaa'",
    "variant-not-text.yaml": "1:10: error: variant takes a name, not a list",
}

HINTS = {  # a hint that helps, where the brief asks for one
    "forbidden-allowed.yaml": "remove it from `forbidden`",
    "label-missing-language.yaml": "write it in every language of the caption",
    "cube-above-max.yaml": "cube_max",
    "plays-wrong.yaml": "the 4 legal plays: ",
    "forced-wrong.yaml": "the 4 legal plays: ",
    "show-illegal.yaml": "the 4 legal plays: ",
    "unknown-expect-key.yaml": "did you mean `illegal`?",
    "unknown-top-key.yaml": "did you mean `caption`?",
    "sixteen-checkers.yaml": "9:2 + 6:4 + 5:4 + 4:3 + 3:2 + 2:1 = 16",
    "rules-unknown-option.yaml": "did you mean `katmerli_mars`?",
    "unknown-variant.yaml": "did you mean `tavla`?",
}


@pytest.fixture
def nobar_variant(monkeypatch):
    monkeypatch.setitem(registry._BY_NAME, "test-nobar", replace(TAVLA, variant="test-nobar", has_bar=False))


def diagnostics(path: Path):
    try:
        scenario = load_scenario(path, BAD)
    except ScenarioError as e:
        return e.diagnostics
    return check_scenario(scenario)


def test_corpus_is_complete():
    on_disk = {p.name for p in BAD.glob("*.yaml")}
    assert on_disk == set(EXPECTED)
    assert len(on_disk) >= 40


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file(name, nobar_variant):
    path = BAD / name
    found = diagnostics(path)
    assert found, f"{name} passed the checker"
    first = found[0]
    assert first.path == str(path)
    assert first.first_line() == f"{path}:{EXPECTED[name]}"
    if name in HINTS:
        assert first.hint and HINTS[name] in first.hint
