"""The golden diagrams: a handful of scenarios covering every drawing feature.

Regenerate the files only on purpose: `UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_golden.py`.
"""
from __future__ import annotations

from tavla_docs.variants import BACKGAMMON

from .render_helpers import scenario

START_W = {24: 2, 13: 5, 8: 3, 6: 5}
START_B = {1: 2, 12: 5, 17: 3, 19: 5}

CASES = {
    # The README's example: a bear-off where the order of the dice matters, with the forbidden move.
    "mid-move": scenario(
        "mid-move", {5: 1, 3: 1, 2: 2}, {19: 6, 20: 5, 22: 2}, roll="4-2", show="5/off",
        caption={"en": "4-2: play the 2 first (5/3), then bear off with the 4",
                 "tr": "4-2: önce 2 (5/3), sonra 4 ile topla"},
        diagram={"forbidden": ["3/off"], "highlight": [5], "labels": {3: "3/off?"}}),
    "opening": scenario(
        "opening-6-4", START_W, START_B, roll="6-4", show="24/18 13/9",
        caption={"en": "Opening 6-4: split and build"}, diagram={"labels": {9: "builder"}}),
    "bar-hit-flip-wood": scenario(
        "bar-hit", {6: 5, 8: 4, 13: 4, 1: 1}, {21: 1, 19: 5, 17: 5, 12: 3}, white_bar=1, roll="4-3",
        show="bar/21*/18", caption={"en": "Enter, hit and run"}, rules=BACKGAMMON,
        diagram={"flip": True, "theme": "wood", "cube": {"value": 2, "owner": "black"}}),
    "black-stacks-print": scenario(
        "black-stacks", {1: 2, 2: 2, 3: 2}, {19: 7, 17: 6, 12: 2}, turn="black", roll="5-5", show="13/8(2) 8/3(2)",
        white_off=9, caption={"en": "Black plays 5-5"},
        diagram={"numbers": "black", "theme": "print", "cube": {"value": 1, "owner": "centre"}}),
}
