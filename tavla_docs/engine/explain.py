"""Why a single-die step is refused, and a turn's legal plays as a tree of single-die steps.

`legal_plays` says which plays are legal; a player who moves one checker at a time also
wants to know why a step is not. Two kinds of refusal exist:

- the step is not among `walk.legal_steps` at that moment (the bar comes first, the
  point is closed, a farther checker must move first, a variant hook's rule such as the
  head rule): `why_step` names the reason, checking in the order `legal_steps` does and
  asking each hook for its `refusal` code;
- the step is possible but leads to no legal play (rules.md §1.3: play both dice, the
  larger die when only one can be played, as many dice of a double as possible, or an
  end-of-turn rule such as Uzun tavla's six-block judged at the end): `play_tree` finds
  that from the whole turn.

`play_tree` walks every sequence of single-die steps that starts a legal play, with the
same ends the move generator's walk has (dice used up, game over, no step possible, and
with an end-of-turn judge every prefix), and keeps the steps that lead to a legal play.
States reached by different orders are one node. Reasons are `Refusal` values: a code
from `MESSAGES` plus the numbers its sentence needs, in the mover's numbering.
`MESSAGES` holds the English sentences, which are also the msgids of the site's catalogs.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15}, checkers=15)  # seed 1: 4-2, order matters
>>> tree = play_tree(p, Side.WHITE, Roll(4, 2), TAVLA)
>>> str(tree.refusal(tree.root, 3, 4))  # the four first, from the 3-point
'A larger die cannot bear off while a checker stands farther back (on the 5-point)'
>>> [str(m) for m, _ in tree.children(tree.root)]
['5/1', '5/3', '3/1']
>>> print(explain_move(p, Side.WHITE, Roll(4, 2), TAVLA, 3, 0))
A larger die cannot bear off while a checker stands farther back (on the 5-point)
>>> explain_move(p, Side.WHITE, Roll(4, 2), TAVLA, 3, 0, played=[(5, 3)]) is None
True
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import TavlaError
from .board import BAR, OFF, Position, Side
from .dice import Roll
from .movegen import legal_plays
from .play import Move, Play, TurnContext
from .reasons import (  # the codes this module gives; callers may also name them as explain.CODE
    BAR_FIRST,
    BOTH_DICE,
    CANNOT_ENTER,
    CLOSED,
    CLOSED_ONE,
    CLOSED_PINNED,
    FARTHER_FIRST,
    LARGER_DIE,
    MAX_DICE,
    MESSAGES,
    NO_CHECKER,
    NO_DIE,
    NO_PLAY,
    OUTSIDE_HOME,
    PINNED,
    PINNED_BEAR_OFF,
    RULE,
)
from .reasons import EXACT_BEAR_OFF as EXACT_BEAR_OFF  # re-exported: the variants' own codes
from .reasons import FOUR_IN_BEAR_OFF as FOUR_IN_BEAR_OFF
from .reasons import HEAD_RULE as HEAD_RULE
from .reasons import INCOMPLETE as INCOMPLETE
from .reasons import SIX_BLOCK as SIX_BLOCK
from .rules import Ruleset
from .state import OPPOSING, State, apply_step, initial_state, to_position
from .walk import dice_orders, legal_steps


@dataclass(frozen=True)
class Refusal:
    """Why a step is refused: a code of `MESSAGES` and the numbers its sentence uses."""

    code: str
    point: int | None = None
    count: int | None = None
    die: int | None = None
    dice: str | None = None
    best: int | None = None

    def args(self) -> dict[str, Any]:
        """The sentence's arguments (`MESSAGES[code] % args()`)."""
        return {k: v for k, v in (("point", self.point), ("count", self.count), ("die", self.die),
                                  ("dice", self.dice), ("best", self.best)) if v is not None}

    def format(self, template: str) -> str:
        """The sentence `template` (the code's msgid or its translation) filled in."""
        return template % self.args()

    def __str__(self) -> str:
        return self.format(MESSAGES[self.code])


# ---- a single step --------------------------------------------------------------------------

def hook_refusal(hook: Any) -> str:
    """The reason code a variant hook refuses steps with (its `refusal` attribute)."""
    code = getattr(hook, "refusal", RULE)
    return code if code in MESSAGES else RULE


def why_step(state: State, src: int, die: int, rules: Ruleset, ctx: TurnContext | None = None) -> Refusal | None:
    """Why the mover may not move a checker from `src` with `die` now; None when `legal_steps`
    has that step. The checks run in `legal_steps`' order, so the first one that fails is named.

    >>> from tavla_docs.variants import TAVLA
    >>> s = initial_state(Position.from_board({9: 1, 6: 2}, {19: 15}, checkers=15), Side.WHITE)
    >>> str(why_step(s, 6, 6, TAVLA)), why_step(s, 9, 6, TAVLA)
    ('You cannot bear off while a checker is outside your home board (on the 9-point)', None)
    """
    ctx = ctx or TurnContext()
    mine, theirs, mypins, theirpins, _ = state
    if not (1 <= src <= BAR) or not mine[src] or (src == BAR and not rules.has_bar):
        return Refusal(NO_CHECKER)
    if rules.has_bar and mine[BAR] and src != BAR:
        return Refusal(BAR_FIRST)
    free = mine[src] - (1 if src in mypins else 0)
    if free <= 0:
        return Refusal(PINNED, point=src)
    for h in rules.step_hooks:
        free -= h.immobile(state, src)
        if free <= 0:
            return Refusal(hook_refusal(h), point=src)
    dst = src - die
    if dst >= 1:
        if dst in mypins:
            return Refusal(CLOSED_PINNED, point=dst)
        q = OPPOSING[rules.geometry][dst]
        t = theirs[q]
        if t and q not in theirpins and t >= rules.block_at:
            return Refusal(CLOSED_ONE, point=dst) if rules.block_at == 1 else Refusal(CLOSED, point=dst, count=t)
    else:
        outside = [p for p in range(24, 6, -1) if mine[p]]
        if outside:
            return Refusal(OUTSIDE_HOME, point=outside[0])
        if mypins and rules.pins_block_bear_off:
            return Refusal(PINNED_BEAR_OFF)
        higher = [p for p in range(6, src, -1) if mine[p]]
        if dst < 0 and higher:
            return Refusal(FARTHER_FIRST, point=higher[0])
        dst = OFF
    after: State | None
    after, hit = apply_step(state, src, dst, rules)
    move = Move(src, dst, die, hit)
    for h in rules.step_hooks:
        after = h.allow(ctx, state, move, after)
        if after is None:
            return Refusal(hook_refusal(h), point=src)
    return None


def destination(src: int, die: int) -> int:
    """Where a die takes a checker in the mover's numbering (0 = off): no rules, only counting."""
    return max(src - die, OFF)


# ---- the tree of a turn ---------------------------------------------------------------------

Node = tuple[State, frozenset[tuple[int, ...]]]  # a state and the dice sequences still possible


@dataclass
class PlayTree:
    """A turn as single-die steps: every node is reachable by legal steps and leads to a legal
    play. `edges[node]` are the steps that keep it so, `refusals(node)` why others do not."""

    position: Position
    side: Side
    roll: Roll
    rules: Ruleset
    ctx: TurnContext
    plays: tuple[Play, ...]
    dice: tuple[int, ...]  # the dice as shown: the roll, four of a double, or a progression plan
    root: Node
    best: int  # dice a legal play uses (a game won mid-turn counts as every die)
    edges: dict[Node, list[tuple[Move, Node]]] = field(default_factory=dict)
    complete: set[Node] = field(default_factory=set)
    over: set[Node] = field(default_factory=set)  # nodes where the game has ended (no die is played on)
    _dead: dict[tuple[Node, int, int], Refusal] = field(default_factory=dict)

    def children(self, node: Node) -> list[tuple[Move, Node]]:
        return self.edges.get(node, [])

    def usable(self, node: Node) -> tuple[int, ...]:
        """The dice that may be played next at `node`, larger first."""
        return tuple(sorted({seq[0] for seq in node[1] if seq}, reverse=True))

    def nodes(self) -> list[Node]:
        """Every node, root first, in the order found."""
        return list(self.edges)

    def refusal(self, node: Node, src: int, die: int) -> Refusal | None:
        """Why moving the checker on `src` with `die` at `node` is refused (None: a tree edge)."""
        if die not in self.usable(node):
            return Refusal(NO_DIE, dice=", ".join(map(str, self.usable(node))) or "-")
        if any(m.src == src and m.die == die for m, _ in self.children(node)):
            return None
        dead = self._dead.get((node, src, die))
        if dead is not None:
            return dead
        return why_step(node[0], src, die, self.rules, self.ctx) or Refusal(RULE)

    def refusals(self, node: Node) -> list[tuple[int, int, Refusal]]:
        """(src, die, why) for every refused step of a mover's checker at `node` (none once
        the game is over)."""
        if node in self.over:
            return []
        mine = node[0][0]
        out = []
        for src in range(BAR, 0, -1):
            if not mine[src]:
                continue
            for die in self.usable(node):
                why = self.refusal(node, src, die)
                if why is not None:
                    out.append((src, die, why))
        return out

    def position_of(self, node: Node) -> Position:
        return to_position(node[0], self.side, self.rules.geometry)


def _ends_game(rules: Ruleset) -> Any:
    enders = [h.ends_game for h in rules.step_hooks if hasattr(h, "ends_game")]
    return lambda state: state[0][OFF] == sum(state[0]) or any(end(state) for end in enders)


def play_tree(position: Position, side: Side, roll: Roll, rules: Ruleset,
              ctx: TurnContext | None = None, *, max_nodes: int | None = None) -> PlayTree:
    """The tree of single-die steps of the legal plays of `roll` (see the module doc).

    `max_nodes` bounds the nodes explored (`TreeTooBig` beyond): a long Gülbara progression
    from a spread-out position has many orders of many steps.
    """
    ctx = ctx or TurnContext()
    plays = legal_plays(position, side, roll, rules, ctx)
    orders = dice_orders(roll, rules, ctx)
    n = len(orders[0]) if orders else 0
    shown = roll.dice if not roll.is_double and len(orders) == 2 else orders[0]
    start = initial_state(position, side)
    root: Node = (start, frozenset(orders))
    ends = _ends_game(rules)
    judges = [h for h in rules.step_hooks if hasattr(h, "accept_end")]

    # Expand every node reachable by legal steps (the walk's ends: dice used, game over).
    steps: dict[Node, list[tuple[Move, Node]]] = {root: []}
    order = [root]
    stack = [root]
    while stack:
        node = stack.pop()
        state, rem = node
        out: list[tuple[Move, Node]] = []
        if not ends(state):
            for die in sorted({seq[0] for seq in rem if seq}, reverse=True):
                nxt = frozenset(seq[1:] for seq in rem if seq and seq[0] == die)
                for move, after in legal_steps(state, die, rules, ctx):
                    child = (after, nxt)
                    out.append((move, child))
                    if child not in steps:
                        steps[child] = []  # found; expanded when popped
                        order.append(child)
                        stack.append(child)
                        if max_nodes is not None and len(order) > max_nodes:
                            raise TreeTooBig(f"the turn has more than {max_nodes} states of single-die steps")
        steps[node] = out

    def depth(node: Node) -> int:
        return n - max(len(seq) for seq in node[1]) if node[1] else n

    def used(node: Node) -> int | None:
        """The dice this node counts as using when a sequence may end here, else None."""
        state, rem = node
        if ends(state):
            return 0 if node is root else n  # a game over counts as every die (the root: none)
        if any(not seq for seq in rem):
            return n
        if judges or not steps[node]:
            return depth(node)
        return None

    def accepted(node: Node) -> bool:
        return all(h.accept_end(start, node[0]) for h in judges)

    ends_at = {node: used(node) for node in order}
    best = max((u for node, u in ends_at.items() if u is not None and accepted(node)), default=0)

    def first_die(node: Node) -> int:
        """The die played first on the way to a node one step from the root (a non-double)."""
        left = next(iter(node[1]))
        return roll.high if left == (roll.low,) else roll.low

    complete = {node for node, u in ends_at.items() if u == best and accepted(node)}
    if best == 1 and not roll.is_double and len(orders) == 2:
        larger = {node for node in complete if node is not root and first_die(node) == roll.high}
        if larger:
            complete = larger

    # Keep the steps that lead to a complete node; remember why the others do not.
    viable: dict[Node, bool] = {}
    reach: dict[Node, int] = {}
    for node in sorted(order, key=depth, reverse=True):  # every step uses one die: children first
        kids = steps[node]
        viable[node] = node in complete or any(viable.get(c, False) for _, c in kids)
        reach[node] = max([ends_at[node] or 0] + [reach.get(c, 0) for _, c in kids])
    tree = PlayTree(position, side, roll, rules, ctx, plays, tuple(shown), root, best)
    tree.complete = complete
    tree.over = {node for node in order if ends(node[0])}
    for node in order:
        if not viable[node]:
            continue
        tree.edges[node] = [(m, c) for m, c in steps[node] if viable[c]]
        for m, c in steps[node]:
            if not viable[c]:
                tree._dead[(node, m.src, m.die)] = _dead_end(tree, node, m, c, reach[c], judges)
    return tree


def _dead_end(tree: PlayTree, node: Node, move: Move, child: Node, reach: int, judges: list[Any]) -> Refusal:
    """Why a legal step that leads to no legal play is refused (rules.md §1.3)."""
    roll = tree.roll
    if tree.best == 1 and not roll.is_double and node is tree.root and move.die == roll.low:
        return Refusal(LARGER_DIE, die=roll.high)
    if reach < tree.best:
        if not roll.is_double and len(tree.dice) == 2:
            return Refusal(BOTH_DICE)
        return Refusal(MAX_DICE, best=tree.best, count=reach)
    if judges:
        return Refusal(hook_refusal(judges[0]))
    return Refusal(RULE)


class TreeTooBig(TavlaError):
    """A turn with more single-die states than the caller wants to hold."""


def no_play_reason(tree: PlayTree) -> Refusal | None:
    """Why the turn has no move at all (None when it has one)."""
    if tree.children(tree.root):
        return None
    state = tree.root[0]
    if tree.rules.has_bar and state[0][BAR]:
        return Refusal(CANNOT_ENTER)
    return Refusal(NO_PLAY)


# ---- for the CLI and hints -------------------------------------------------------------------

def step_die(tree: PlayTree, node: Node, src: int, dst: int) -> list[int]:
    """The usable dice that take a checker from `src` to `dst` at `node`: the exact one first,
    then larger ones bearing off (smallest first)."""
    dice = [d for d in tree.usable(node) if destination(src, d) == dst]
    return sorted(dice, key=lambda d: (src - d != dst, d))


def follow(tree: PlayTree, played: Iterable[tuple[int, int]]) -> tuple[Node, Refusal | None]:
    """The node after the single-die steps `played` ((src, dst) pairs) from the root, or the
    node where one is refused with the reason."""
    node = tree.root
    for src, dst in played:
        nxt, why = _step(tree, node, src, dst)
        if nxt is None:
            return node, why
        node = nxt
    return node, None


def _step(tree: PlayTree, node: Node, src: int, dst: int) -> tuple[Node | None, Refusal | None]:
    dice = step_die(tree, node, src, dst)
    if not (0 < src <= BAR and node[0][0][src]):
        return None, Refusal(NO_CHECKER)
    if not dice:
        return None, Refusal(NO_DIE, dice=", ".join(map(str, tree.usable(node))) or "-")
    for die in dice:
        for m, child in tree.children(node):
            if m.src == src and m.die == die:
                return child, None
    return None, tree.refusal(node, src, dice[0])


def explain_move(position: Position, side: Side, roll: Roll, rules: Ruleset, src: int, dst: int,
                 *, played: Sequence[tuple[int, int]] = (), ctx: TurnContext | None = None) -> Refusal | None:
    """Why the single-die step `src`/`dst` (mover's numbering, 25 = bar, 0 = off) is refused
    after the steps `played`; None when it is a step of some legal play. A refused step in
    `played` gives that step's reason."""
    tree = play_tree(position, side, roll, rules, ctx)
    node, why = follow(tree, played)
    if why is not None:
        return why
    return _step(tree, node, src, dst)[1]
