"""The reasons a step or a turn is refused: short codes, and the English sentence of each.

Apart from `explain` (which finds the reasons) so that the variants can name their own
rule's code without importing the explainer and the move generator behind it.
"""
from __future__ import annotations

from .. import N_

NO_CHECKER = "no_checker"
NO_DIE = "no_die"
BAR_FIRST = "bar_first"
CLOSED = "closed"
CLOSED_ONE = "closed_one"
CLOSED_PINNED = "closed_pinned"
PINNED = "pinned"
OUTSIDE_HOME = "outside_home"
PINNED_BEAR_OFF = "pinned_bear_off"
FARTHER_FIRST = "farther_first"
LARGER_DIE = "larger_die"
BOTH_DICE = "both_dice"
MAX_DICE = "max_dice"
HEAD_RULE = "head_rule"
SIX_BLOCK = "six_block"
EXACT_BEAR_OFF = "exact_bear_off"
FOUR_IN_BEAR_OFF = "four_in_bear_off"
INCOMPLETE = "incomplete"
NO_PLAY = "no_play"
CANNOT_ENTER = "cannot_enter"
RULE = "rule"

# The English sentence of each code (msgids of the site's catalogs, marked with `N_` for
# `pybabel extract`). `%(point)d` is a point in the mover's numbering, `%(count)d` a number of
# checkers or dice, `%(die)d` a die, `%(dice)s` the dice left ("6, 3"), `%(best)d` the most dice
# a legal play uses.
MESSAGES: dict[str, str] = {
    NO_CHECKER: N_("You have no checker there to move"),
    NO_DIE: N_("No die left to play (%(dice)s) takes this checker there"),
    BAR_FIRST: N_("A checker on the bar must enter first"),
    CLOSED: N_("The %(point)d-point is closed: %(count)d opposing checkers hold it"),
    CLOSED_ONE: N_("The %(point)d-point is closed: in this game a single opposing checker closes a point"),
    CLOSED_PINNED: N_("The %(point)d-point is closed: your own checker there is pinned"),
    PINNED: N_("The checker on the %(point)d-point is pinned and cannot move"),
    OUTSIDE_HOME: N_("You cannot bear off while a checker is outside your home board (on the %(point)d-point)"),
    PINNED_BEAR_OFF: N_("You cannot bear off while one of your checkers is pinned"),
    FARTHER_FIRST: N_("A larger die cannot bear off while a checker stands farther back (on the %(point)d-point)"),
    LARGER_DIE: N_("Only one die can be played, so it must be the larger one (%(die)d)"),
    BOTH_DICE: N_("Both dice must be played when they can be: after this move the other die cannot be played"),
    MAX_DICE: N_("As many dice as possible must be played (%(best)d); after this move only %(count)d can be"),
    HEAD_RULE: N_("No more checkers may leave the head this turn"),
    SIX_BLOCK: N_("A six-point prime is not allowed while no opposing checker is ahead of it"),
    EXACT_BEAR_OFF: N_("In these rules a checker is borne off only with the exact number"),
    FOUR_IN_BEAR_OFF: N_("A turn that starts with every checker home plays a double as four moves only"),
    INCOMPLETE: N_("The play is not finished: the dice left must be played too"),
    NO_PLAY: N_("No legal move: the turn passes"),
    CANNOT_ENTER: N_("The checker on the bar cannot enter: every point it could enter is closed, so the turn passes"),
    RULE: N_("The rules of this game do not allow this move"),
}
