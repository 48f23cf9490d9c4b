"""A slow, separately written reference for the variants' legal plays (rules.md §1.3–1.4, §3.3–3.5).

It shares no code with `tavla_docs.engine.movegen`: it reads only the rule *data* (geometry,
blocking, options) and re-states every rule from rules.md in the plainest form —
a depth-first walk over every order of single-die moves, then the maximum rule,
the larger-die rule and merging by final position. The property tests compare
the engine with it on random positions.
"""
from __future__ import annotations

from tavla_docs.engine.board import Geometry, Position, Side
from tavla_docs.engine.dice import Roll
from tavla_docs.engine.rules import Ruleset

HEAD = 24


def dice_orders(roll: Roll, rules: Ruleset, game_turn: int | None, player_turn: int | None) -> list[tuple[int, ...]]:
    """rules.md 1.3 and, for Gülbara, 3.5 (normal doubles in the first turns, else the progression)."""
    a, b = roll.high, roll.low
    if a != b:
        return [(a, b), (b, a)]
    if rules.variant == "gulbara":
        scope = rules.options["normal_doubles_scope"]
        turn = game_turn if scope == "game" else player_turn
        if turn is None or turn > rules.options["normal_doubles_turns"]:
            return [tuple(x for x in range(a, 7) for _ in range(4))]
    return [(a,) * 4]


class Reference:
    """The rules of one variant for one mover, restated independently."""

    def __init__(self, rules: Ruleset, game_turn: int | None = None, player_turn: int | None = None) -> None:
        self.rules = rules
        self.opt = dict(rules.options)
        self.same = rules.geometry is Geometry.SAME
        if player_turn is not None:
            self.first_turn = player_turn == 1
        else:
            self.first_turn = game_turn in (1, 2)
        self.game_turn, self.player_turn = game_turn, player_turn
        v = rules.variant
        self.head_rule = v == "uzun" or (v == "gulbara" and self.opt.get("head_rule"))
        self.six_block = (v == "uzun" and self.opt.get("six_block_rule")) or (v == "gulbara" and self.opt.get("six_block_rule"))
        self.six_check = self.opt.get("six_block_check", "per_move")
        self.exact_only = not self.opt.get("bear_off_overshoot", True)
        self.pins = rules.blot == "pin"
        self.mother = self.pins and self.opt.get("mother_rule", True)
        self.pinned_blocks = self.pins and self.opt.get("pinned_blocks_bear_off", True)
        self.bearoff_stop = v == "gulbara" and not self.opt.get("progression_in_bear_off", True)

    # Opponent's own number of my own point p.
    def opp(self, p: int) -> int:
        if self.same:
            return p + 12 if p <= 12 else p - 12
        return 25 - p

    def blocks(self, mine: tuple, theirs: tuple) -> set[int]:
        """Forbidden six-blocks, by the opponent's own lowest point k (rules.md §3.3)."""
        out = set()
        for k in range(1, 20):
            held = all(mine[self.opp(q)] > 0 for q in range(k, k + 6))
            ahead = any(theirs[q] > 0 for q in range(1, k))
            if held and not ahead:
                out.add(k)
        return out

    def over(self, st: tuple) -> bool:
        mine, theirs, mypins, theirpins, _ = st
        if mine[0] == 15:
            return True
        if self.mother and theirs[24] == 1 and 24 in theirpins:
            my_mother_pinned = mine[24] == 1 and 24 in mypins
            return mine[24] == 0 or my_mother_pinned
        return False

    def steps(self, st: tuple, die: int, k: int, start: tuple):
        """Every single move of `die` as the k-th move of the turn."""
        mine, theirs, mypins, theirpins, left = st
        if self.bearoff_stop and k >= 4 and sum(start[0][7:25]) == 0:
            return
        for s in range(24, 0, -1):
            if mine[s] == 0 or s in mypins:
                continue  # a pinned checker stands alone and cannot move
            if self.head_rule and s == HEAD and left:
                second_ok = self.first_turn and len(left) == 1 and left[0] == die and die in self.opt["head_exception_doubles"]
                if not second_ok:
                    continue
            t = s - die
            m, th, mp, tp = list(mine), list(theirs), set(mypins), set(theirpins)
            if t >= 1:
                q = self.opp(t)
                if t in mypins:
                    continue  # my checker is pinned there: closed to me
                if theirs[q] > 0 and q not in theirpins:
                    if self.pins:
                        if theirs[q] >= 2:
                            continue
                        tp.add(q)  # pin the lone checker
                    elif theirs[q] >= self.rules.block_at:
                        continue
                    else:
                        raise AssertionError("hitting variants are not covered here")
                m[s] -= 1
                m[t] += 1
            else:
                if any(mine[p] for p in range(7, 25)) or (self.pinned_blocks and mypins):
                    continue
                if t < 0 and (self.exact_only or any(mine[p] for p in range(s + 1, 7))):
                    continue
                t = 0
                m[s] -= 1
                m[0] += 1
            if m[s] == 0 and self.opp(s) in tp:
                tp.discard(self.opp(s))  # the last pinner left: released
            nleft = left + (die,) if (self.head_rule and s == HEAD) else left
            new = (tuple(m), tuple(th), frozenset(mp), frozenset(tp), nleft)
            if self.six_block and self.six_check == "per_move" and t != 0:
                if self.blocks(new[0], new[1]) - self.blocks(mine, theirs):
                    continue
            yield new

    def plays(self, position: Position, side: Side, roll: Roll) -> tuple[set, int]:
        """(set of final (mine, theirs, mypins, theirpins) in the mover's frame, dice used)."""
        mine = position.own(side)
        theirs = position.own(side.opponent)
        mypins = frozenset(p for s, p in position.pinned if s is side)
        theirpins = frozenset(p for s, p in position.pinned if s is not side)
        start = (mine, theirs, mypins, theirpins, ())
        if self.over(start):
            return {start[:4]}, 0  # the game is already over: nothing to play
        orders = dice_orders(roll, self.rules, self.game_turn, self.player_turn)
        end_judge = self.six_block and self.six_check == "end_of_turn"
        results: list[tuple[int, int, tuple]] = []  # (order index, dice used, final)
        for oi, dice in enumerate(orders):
            visited: set = set()
            todo = [(start, 0)]
            while todo:  # depth-first over every order of single moves, each (state, i) once
                st, i = todo.pop()
                if (st, i) in visited:
                    continue
                visited.add((st, i))
                if self.over(st):
                    results.append((oi, len(dice), st))  # the game ended: the play is complete
                    continue
                if i == len(dice):
                    results.append((oi, i, st))
                    continue
                nexts = list(self.steps(st, dice[i], i, start))
                if not nexts or end_judge:
                    results.append((oi, i, st))
                todo += [(n, i + 1) for n in nexts]
        if end_judge:
            base = self.blocks(mine, theirs)
            results = [r for r in results if self.blocks(r[2][0], r[2][1]) <= base]
        best = max(u for _, u, _ in results)
        chosen = [r for r in results if r[1] == best]
        if best == 1 and roll.high != roll.low:
            larger = [r for r in chosen if r[0] == 0]  # order 0 starts with the larger die
            if larger:
                chosen = larger
        return {r[2][:4] for r in chosen}, best
