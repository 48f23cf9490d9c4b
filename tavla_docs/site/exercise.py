"""The data of an exercise board: the goal in words, and every legal play's grade with the
engine's reason, for `theme/assets/javascripts/tavla-exercise.js`, computed at build time.

The script knows no rule and no goal: when the reader completes a play on the try-it board,
it looks the play's notation up here (`g`: play → [met, index into `why`]) and shows the
sentence. The sentences are the catalogs' (ngettext where a count shows), filled with the
numbers `engine.goals` measured, so the author never types the answer's facts.

The JSON (`exercise_json`): `goal` (the task, "Goal: bear off 2 checkers."), `g`, `why`, and
`ui` (the widget's words: `label`, `ok`, `no`).
"""
from __future__ import annotations

import gettext
import json
from typing import TYPE_CHECKING, Any

from .. import N_plural
from .errors import HelperError
from .quoting import quote
from .tryit import OneOrMany, script_safe

if TYPE_CHECKING:
    from ..engine.goals import Grade
    from .page import Site


def _(message: str) -> str:
    """Marks a msgid for the catalogs; it is translated per page language below."""
    return message


# The task per goal kind (a counted goal's sentence is a plural pair on the number wanted);
# Tapa's "hit" is a pin, so it has its own words.
TASKS: dict[str, str | tuple[str, str]] = {
    "bear_off": N_plural("Goal: bear off %(num)d checker.", "Goal: bear off %(num)d checkers."),
    "hit": N_plural("Goal: hit %(num)d checker.", "Goal: hit %(num)d checkers."),
    "pin": N_plural("Goal: pin %(num)d checker.", "Goal: pin %(num)d checkers."),
    "enter": N_plural("Goal: enter %(num)d checker from the bar.", "Goal: enter %(num)d checkers from the bar."),
    "no_blot": _("Goal: play the roll without leaving a blot."),
    "show": _("Goal: find the right play."),
}
# Why a play misses a counted goal: none at all, or fewer than wanted (a plural pair on `num`).
SHORT: dict[str, tuple[str, tuple[str, str]]] = {
    "bear_off": (_("This play bears off no checker; %(want)d can come off."),
                 N_plural("This play bears off %(num)d checker; %(want)d can come off.",
                  "This play bears off %(num)d checkers; %(want)d can come off.")),
    "hit": (_("This play hits no checker; %(want)d can be hit."),
            N_plural("This play hits %(num)d checker; %(want)d can be hit.",
             "This play hits %(num)d checkers; %(want)d can be hit.")),
    "pin": (_("This play pins no checker; %(want)d can be pinned."),
            N_plural("This play pins %(num)d checker; %(want)d can be pinned.",
             "This play pins %(num)d checkers; %(want)d can be pinned.")),
    "enter": (_("This play enters no checker from the bar; %(want)d can enter."),
              N_plural("This play enters %(num)d checker from the bar; %(want)d can enter.",
               "This play enters %(num)d checkers from the bar; %(want)d can enter.")),
}
BLOTS = OneOrMany(_("This play leaves a blot on the %(point)d-point; a legal play leaves none."),
                  _("This play leaves %(num)d blots (on points %(points)s); a legal play leaves none."))
NOT_SHOWN = _("This play is legal, but it is not the one asked for.")
UI: dict[str, str] = {
    "label": _("Exercise"),
    "ok": _("Solved: %(play)s reaches the goal."),
    "no": _("Not yet. %(why)s Press Reset to try again."),
    # a practice series (`practice(…)`)
    "of": _("Exercise %(num)d/%(count)d"),
    "solved": _("Solved: %(num)d/%(count)d"),
    "done": _("solved"),
    "next": _("Next exercise"),
    "again": _("Start the series over"),
}


def exercise_json(site: Site, name: str, lang: str, deps: dict[str, str]) -> str | None:
    """The exercise's data as JSON safe inside `<script>`, or None when the scenario has none."""
    s = site.checked_scenario(name, deps)
    if s.exercise is None:
        return None
    return script_safe(json.dumps(exercise_data(s, site.translations(lang), name), ensure_ascii=False,
                                  separators=(",", ":")))


def exercise_data(s: Any, t: gettext.GNUTranslations, name: str) -> dict[str, Any]:
    """Every legal play of the scenario's first frame with its grade (see the module doc)."""
    from ..engine.explain import play_tree
    from ..engine.goals import COUNTED, grade, wanted
    from .tryit import MAX_NODES

    goal = s.exercise
    first = s.frames[0]
    if first.roll is None:  # `check` refuses this; a page reports it too rather than drawing a dead board
        raise HelperError(f"try_it({quote(name)}): the exercise has no roll to play")
    # the try-it board's own plays (`tryit.frame_data`), so each notation is the one the board shows
    tree = play_tree(first.position, first.turn, first.roll, first.rules or s.rules, first.ctx, max_nodes=MAX_NODES)
    plays = tuple(p for p in tree.plays if p.moves)
    kind = "pin" if goal.kind == "hit" and s.rules.blot == "pin" else goal.kind
    want = wanted(goal, first.position, plays) if goal.kind in COUNTED else 0
    why: list[str] = []
    graded: dict[str, list[int]] = {}
    for play, g in zip(plays, grade(goal, first.position, plays, first.show), strict=True):
        text = reason(kind, g, t)
        if text not in why:
            why.append(text)
        graded[str(play)] = [int(g.met), why.index(text)]
    return {"goal": task(kind, want, t), "g": graded, "why": why, "ui": {k: t.gettext(v) for k, v in UI.items()}}


def task(kind: str, want: int, t: gettext.GNUTranslations) -> str:
    """The goal as the reader reads it: "Goal: bear off 2 checkers."."""
    msg = TASKS[kind]
    if isinstance(msg, tuple):
        return t.ngettext(msg[0], msg[1], want) % {"num": want}
    return t.gettext(msg)


def reason(kind: str, g: Grade, t: gettext.GNUTranslations) -> str:
    """Why a play misses the goal, in the page's language ("" when it meets it)."""
    if g.met:
        return ""
    if kind in SHORT:
        none, some = SHORT[kind]
        if g.num == 0:
            return t.gettext(none) % {"want": g.want}
        return t.ngettext(some[0], some[1], g.num) % {"num": g.num, "want": g.want}
    if kind == "no_blot":
        if g.num == 1:
            return t.gettext(BLOTS.one) % {"point": g.points[0]}
        return t.gettext(BLOTS.many) % {"num": g.num, "points": ", ".join(map(str, g.points))}
    return t.gettext(NOT_SHOWN)


def messages() -> list[str | tuple[str, str]]:
    """Every msgid of this module (a plural one as its pair), for the catalog test."""
    out: list[str | tuple[str, str]] = [*TASKS.values(), BLOTS.one, BLOTS.many, NOT_SHOWN, *UI.values()]
    for none, some in SHORT.values():
        out += [none, some]
    return out


def practice_key(names: list[str]) -> str:
    """The key a practice series keeps its progress under on the reader's device: its exercises."""
    return "|".join(names)
