"""`exercise:`: a goal the reader must reach with the scenario's roll, checked to be reachable.

    exercise: {goal: bear_off, count: 2}      # or: hit, enter, no_blot, show; `exercise: hit`
    exercise: {goal: no_blot, answers: [13/7 8/7]}

The engine grades every legal play (`engine.goals`); the author writes only the goal. A goal no
legal play reaches is an error at the goal (or its `count`), and `answers`, when given, must be
exactly the plays that reach it, each checked where it is written.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.budget import PlayBudgetExceeded
from ..engine.goals import BEAR_OFF, COUNTED, ENTER, HIT, KINDS, NO_BLOT, SHOW, Goal, grade, wanted
from ..engine.play import Play
from ..engine.rules import Ruleset
from .claims import plays_text
from .fields import Collector, P, is_int, kind, suggest
from .model import Step
from .plays import play_text, written

KEYS = ("goal", "count", "answers")
EXAMPLE = "{goal: bear_off, count: 2}"
DOES = {BEAR_OFF: "bears off {n}", HIT: "hits {n}", ENTER: "enters {n} from the bar"}  # the checker's messages


def exercise(c: Collector, raw: Any, first: Step, rules: Ruleset) -> Goal | None:
    """The scenario's `exercise:` as a Goal, or None after reporting every problem (or when absent)."""
    path: P = ("exercise",)
    if raw is None:
        return None
    if isinstance(raw, str):
        raw, path_goal = {"goal": raw}, path
    elif isinstance(raw, Mapping):
        c.keys(raw, path, KEYS, "exercise")
        path_goal = path + ("goal",)
    else:
        c.err(path, f"exercise takes a goal, like {EXAMPLE} or just `hit`, not {kind(raw)}")
        return None
    goal = goal_of(c, raw, path, path_goal)
    if goal is None:
        return None
    if first.roll is None:
        c.err(path, "an exercise needs a roll to play: add `roll:`", key=True)
        return None
    if goal.kind == SHOW and first.show is None:
        c.err(path_goal, "goal: show asks for the shown play: add `show:`")
        return None
    try:
        plays = c.engine.plays(first.position, first.turn, first.roll, rules, first.ctx)
    except PlayBudgetExceeded as e:
        c.err(("roll",), str(e), e.hint)
        return None
    plays = tuple(p for p in plays if p.moves)
    grades = grade(goal, first.position, plays, first.show)
    if not any(g.met for g in grades):
        where = path + ("count",) if goal.count is not None else path_goal
        c.err(where, unreachable(goal, first, plays), plays_text(plays))
        return None
    if isinstance(raw, Mapping) and "answers" in raw:
        answers(c, raw["answers"], path + ("answers",), first, rules, goal, plays,
                {p.position.key() for p, g in zip(plays, grades, strict=True) if g.met})
    return goal


def goal_of(c: Collector, raw: Mapping, path: P, path_goal: P) -> Goal | None:
    """`goal:` and `count:` as a Goal; None after reporting."""
    if "goal" not in raw:
        c.err(path, "missing key `goal` in exercise", f"like exercise: {EXAMPLE}; goals: {', '.join(KINDS)}", key=True)
        return None
    name = raw["goal"]
    if not isinstance(name, str) or name not in KINDS:
        c.err(path_goal, f"unknown goal {kind(name)}", suggest(name, KINDS).replace("known keys", "goals"))
        return None
    count = raw.get("count")
    if count is None:
        if "count" in raw:
            c.err(path + ("count",), "count takes a whole number of checkers, not nothing")
            return None
        return Goal(name)
    if name not in COUNTED:
        c.err(path + ("count",), f"count is for the goals {', '.join(COUNTED)}, not {name}", key=True)
        return None
    if not is_int(count) or count < 1:
        c.err(path + ("count",), f"count takes a whole number of checkers, 1 or more, not {kind(count)}")
        return None
    return Goal(name, count)


def unreachable(goal: Goal, first: Step, plays: Sequence[Play]) -> str:
    """The checker's sentence for a goal that no legal play reaches."""
    roll = f"with {first.roll}"
    if not plays:
        return f"exercise: no legal play {roll}, so no goal can be reached"
    if goal.kind == NO_BLOT:
        return f"exercise: every legal play {roll} leaves a blot"
    if goal.kind == SHOW:  # `show:` is checked to be legal first: only a play of no move gets here
        return f"exercise: the shown play is not a move {roll}"
    best = wanted(Goal(goal.kind), first.position, plays)
    if goal.count is None:
        return f"exercise: no legal play {roll} {DOES[goal.kind].format(n='a checker')}"
    n = f"{goal.count} checker{'s' if goal.count != 1 else ''}"
    return f"exercise: no legal play {roll} {DOES[goal.kind].format(n=n)}; the most is {best}"


def answers(c: Collector, raw: Any, path: P, first: Step, rules: Ruleset, goal: Goal, plays: Sequence[Play],
            reach: set[tuple]) -> None:
    """`answers: [play, …]`: exactly the legal plays that reach the goal, each reported where written."""
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        c.err(path, "answers takes the plays that reach the goal, like [5/3 3/off], not an empty list")
        return
    named: set[tuple] = set()
    by_key = {p.position.key(): p for p in plays}
    for i, item in enumerate(items):
        where = path + (i,) if isinstance(raw, list) else path
        text = play_text(c, item, where, "answers")
        if text is None:
            continue
        key = written(c, text, where, first.position, first.turn, rules, "answers")
        if key is None:
            continue
        if key not in by_key:
            c.err(where, f"answers: {text} is not a legal play with {first.roll}", plays_text(plays))
        elif key not in reach:
            c.err(where, f"answers: {text} does not reach the goal {goal.kind}",
                  "the plays that reach it: " + ", ".join(str(p) for p in plays if p.position.key() in reach))
        named.add(key)
    missed = [str(p) for p in plays if p.position.key() in reach and p.position.key() not in named]
    if missed:
        c.err(path, f"answers: {', '.join(missed)} also {'reach' if len(missed) > 1 else 'reaches'} the goal {goal.kind}",
              "list every play that reaches it, or remove `answers`", key=True)
