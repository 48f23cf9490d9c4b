"""Legal plays: every distinct way to play a roll, by the rules of rules.md §1.3–1.4.

The generator walks the dice in each order (doubles: four of a kind, or a
variant's own plan), one single-die `Move` at a time, and remembers every
(intermediate position, dice left) it has expanded so that equal positions
reached by different orders are expanded once. It keeps the plays that use
the most dice (then the larger die) and merges plays that end in the same
position.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15})  # seed 1: 4-2, order matters
>>> [str(play) for play in legal_plays(p, Side.WHITE, Roll(4, 2), TAVLA)]
['5/1 3/1', '5/off']
"""
from __future__ import annotations

from collections.abc import Iterator

from .board import BAR, CHECKERS, OFF, Geometry, Position, Side
from .dice import Roll
from .play import Move, Play, TurnContext
from .rules import Ruleset
from .state import OPPOSING, State, apply_step, initial_state, to_position


def legal_steps(state: State, die: int, rules: Ruleset, ctx: TurnContext) -> Iterator[tuple[Move, State]]:
    """Every single-die move the mover may make now, with the state it leads to."""
    mine, theirs, mypins, theirpins, _ = state
    opposing = OPPOSING[rules.geometry]
    hooks = rules.step_hooks
    if rules.has_bar and mine[BAR]:
        sources: tuple[int, ...] | list[int] = (BAR,)
    else:
        sources = [p for p in range(24, 0, -1) if mine[p]]
    home = None
    for s in sources:
        free = mine[s] - (1 if s in mypins else 0)
        for h in hooks:
            free -= h.immobile(state, s)
        if free <= 0:
            continue
        d = s - die
        if d >= 1:
            if d in mypins:
                continue  # an opposing checker pins ours there: closed to us
            q = opposing[d]
            t = theirs[q]
            if t and q not in theirpins and t >= rules.block_at:
                continue
        else:
            if home is None:
                home = not any(mine[7:26]) and not (mypins and rules.pins_block_bear_off)
            if not home:
                continue
            if d < 0 and any(mine[s + 1:7]):
                continue  # a larger die bears off only from the highest point
            d = OFF
        after, hit = apply_step(state, s, d, rules)
        move = Move(s, d, die, hit)
        for h in hooks:
            after = h.allow(ctx, state, move, after)
            if after is None:
                break
        if after is not None:
            yield move, after


def dice_orders(roll: Roll, rules: Ruleset, ctx: TurnContext) -> tuple[tuple[int, ...], ...]:
    if rules.dice_plan is not None:
        return rules.dice_plan(roll, ctx, rules)
    if roll.is_double:
        return ((roll.high,) * 4,)
    return ((roll.high, roll.low), (roll.low, roll.high))


def _game_over(state: State, rules: Ruleset) -> bool:
    if state[0][OFF] == CHECKERS:
        return True
    return any(getattr(h, "ends_game", lambda s: False)(state) for h in rules.step_hooks)


def legal_plays(position: Position, side: Side, roll: Roll, rules: Ruleset,
                ctx: TurnContext | None = None) -> tuple[Play, ...]:
    """All distinct legal plays, in a fixed order (highest starting points first).

    An empty tuple is never returned: with no legal move the result is the
    one empty play (the turn passes).
    """
    if (not rules.step_hooks and rules.dice_plan is None and rules.blot == "hit" and rules.has_bar
            and rules.geometry is Geometry.OPPOSITE and not position.pinned):
        return _plain_plays(position, side, roll, rules.block_at)
    ctx = ctx or TurnContext()
    start = initial_state(position, side)
    found: list[tuple[State, tuple[Move, ...], int]] = []
    # Hooks with `accept_end(start, end)` judge only the final position (e.g. Uzun tavla's
    # six-block rule checked at the end of the turn); the maximum rule counts accepted plays only.
    judges = [h for h in rules.step_hooks if hasattr(h, "accept_end")]
    judged = bool(judges)
    for dice in dice_orders(roll, rules, ctx):
        n = len(dice)
        seen: set = set()

        def walk(state: State, i: int, moves: tuple[Move, ...]) -> None:
            if (state, i) in seen:
                return
            seen.add((state, i))
            moved = False
            for move, after in legal_steps(state, dice[i], rules, ctx):
                moved = True
                done = moves + (move,)
                if i + 1 == n or _game_over(after, rules):
                    found.append((after, done, n))  # game over counts as complete
                else:
                    walk(after, i + 1, done)
            if not moved or judged:
                found.append((state, moves, i))  # with an end-of-turn test, any prefix may be the play

        if _game_over(start, rules):
            found.append((start, (), 0))
            break
        walk(start, 0, ())
    if judged:
        found = [f for f in found if all(h.accept_end(start, f[0]) for h in judges)]
    best = max(used for _, _, used in found)
    chosen = [(s, m) for s, m, used in found if used == best]
    if best == 1 and not roll.is_double:  # rules.md 1.3; a dice_plan changes doubles only
        larger = [(s, m) for s, m in chosen if m[0].die == roll.high]
        if larger:
            chosen = larger
    unique: dict[State, tuple[Move, ...]] = {}
    for s, m in chosen:
        key = s[:4]
        # Prefer the spelling without transient marks (Tapa: 8/7/4, not 8/5*/4 that pins and releases).
        if key not in unique or sum(x.hit for x in m) < sum(x.hit for x in unique[key][1]):  # type: ignore[index]
            unique[key] = (s, m)  # type: ignore[assignment]
    plays = [Play(side, m, to_position(s, side, rules.geometry), len(m)) for s, m in unique.values()]  # type: ignore[misc]
    plays.sort(key=_order_key)
    return tuple(plays)


# ---- the fast path: Tavla and Backgammon without hooks -----------------------------
#
# Same walk, same order and the same first-found spelling of each play as the general
# generator above (tests/engine/test_fast_path.py compares them), but cheaper: each side's
# checkers are `bytes` (hashed once, then cached, so memo keys cost little), `Move`s come
# from a prebuilt table, the bear-off test reuses the highest occupied point that the
# descending scan meets first, each candidate is recorded once per (final position, dice
# used, larger die first) instead of once per sequence, and result Positions skip the
# validity check (they are valid by construction). Profile before this path: ~60% of the
# time went to `Position.problems()` on every result and ~25% to State/Move tuples.

_NO_PINS: frozenset = frozenset()
# _STEP_MOVE[src][die][hit]: the Move for one checker from own point src (25 = bar) by die.
_STEP_MOVE = [[[Move(s, max(s - d, OFF), d, h) if s else None for h in (False, True)] for d in range(7)]
              for s in range(26)]


def _trusted_position(white: tuple[int, ...], black: tuple[int, ...]) -> Position:
    """A Position reached by legal steps from a valid one: valid by construction, so the
    (costly) `Position.problems()` check is skipped. Only the fast path uses this."""
    p = object.__new__(Position)
    object.__setattr__(p, "white", white)
    object.__setattr__(p, "black", black)
    object.__setattr__(p, "geometry", Geometry.OPPOSITE)
    object.__setattr__(p, "pinned", _NO_PINS)
    return p


_Step = tuple[bytes, bytes, Move]


def _plain_steps(mine: bytes, theirs: bytes, die: int, block: int) -> list[_Step]:
    """`legal_steps` for the hitting, opposite-direction games, on `bytes` arrays."""
    out: list[_Step] = []
    if mine[BAR]:
        t = theirs[die]  # entering on own 25 - die = the opponent's own point `die`
        if t < block:
            m = bytearray(mine)
            m[BAR] -= 1
            m[25 - die] += 1
            if t == 1:
                th = bytearray(theirs)
                th[die] = 0
                th[BAR] += 1
                out.append((bytes(m), bytes(th), _STEP_MOVE[BAR][die][1]))
            else:
                out.append((bytes(m), theirs, _STEP_MOVE[BAR][die][0]))
        return out
    highest = 0
    for s in range(24, 0, -1):
        if not mine[s]:
            continue
        if not highest:
            highest = s  # the scan is descending: the first occupied point is the highest
        d = s - die
        if d >= 1:
            q = 25 - d
            t = theirs[q]
            if t >= block:
                continue
            m = bytearray(mine)
            m[s] -= 1
            m[d] += 1
            if t == 1:
                th = bytearray(theirs)
                th[q] = 0
                th[BAR] += 1
                out.append((bytes(m), bytes(th), _STEP_MOVE[s][die][1]))
            else:
                out.append((bytes(m), theirs, _STEP_MOVE[s][die][0]))
        elif highest <= 6 and (d == 0 or s == highest):
            m = bytearray(mine)
            m[s] -= 1
            m[OFF] += 1
            out.append((bytes(m), theirs, _STEP_MOVE[s][die][0]))
    return out


def _plain_plays(position: Position, side: Side, roll: Roll, block: int) -> tuple[Play, ...]:
    mine0, theirs0 = bytes(position.own(side)), bytes(position.own(side.opponent))
    high = roll.high
    orders = ((high,) * 4,) if roll.is_double else ((high, roll.low), (roll.low, high))
    n = len(orders[0])
    # (mine, theirs, dice used, first die is the larger) -> first sequence found
    found: dict[tuple, tuple[Move, ...]] = {}
    if mine0[OFF] == CHECKERS:
        found[(mine0, theirs0, 0, False)] = ()
    else:
        for dice in orders:
            seen: set = set()

            def walk(mine: bytes, theirs: bytes, i: int, moves: tuple[Move, ...]) -> None:
                key = (mine, theirs, i)
                if key in seen:
                    return
                seen.add(key)
                steps = _plain_steps(mine, theirs, dice[i], block)
                if not steps:
                    k = (mine, theirs, i, bool(moves) and moves[0].die == high)
                    if k not in found:
                        found[k] = moves
                    return
                last = i + 1 == n
                for m, t, mv in steps:
                    done = moves + (mv,)
                    if last or m[OFF] == CHECKERS:  # game over counts as complete
                        k = (m, t, n, done[0].die == high)
                        if k not in found:
                            found[k] = done
                    else:
                        walk(m, t, i + 1, done)

            walk(mine0, theirs0, 0, ())
    best = max(k[2] for k in found)
    keys = [k for k in found if k[2] == best]
    if best == 1 and not roll.is_double:
        larger = [k for k in keys if k[3]]
        if larger:
            keys = larger
    unique: dict[tuple, tuple[Move, ...]] = {}
    for k in keys:
        if (k[0], k[1]) not in unique:
            unique[(k[0], k[1])] = found[k]
    white_moves = side is Side.WHITE
    ordered = sorted(((tuple(sorted([(-mv.src, mv.dst) for mv in moves])), m, t, moves)
                      for (m, t), moves in unique.items()), key=lambda e: e[0])
    plays = []
    for _, m, t, moves in ordered:
        mt, tt = tuple(m), tuple(t)
        pos = _trusted_position(mt, tt) if white_moves else _trusted_position(tt, mt)
        plays.append(Play(side, moves, pos, len(moves)))
    return tuple(plays)


def _order_key(play: Play) -> tuple:
    return tuple(sorted(((-m.src, m.dst) for m in play.moves)))


def max_dice(plays: tuple[Play, ...]) -> int:
    return max((p.dice_used for p in plays), default=0)


def skips_roll(position: Position, side: Side, rules: Ruleset) -> bool:
    """Tavla's closed board: a side on the bar facing six closed entry points does not roll."""
    if not (rules.has_bar and rules.closed_board_skips_roll and position.bar(side)):
        return False
    theirs = position.own(side.opponent)
    opposing = OPPOSING[rules.geometry]
    return all(theirs[opposing[p]] >= rules.block_at for p in range(19, 25))
