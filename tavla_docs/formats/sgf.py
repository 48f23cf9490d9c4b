"""GNU Backgammon's SGF (Smart Game Format, `GM[6]` for backgammon): read its games.

One game tree per game. The root node holds `GM[6]`, `MI[length:3][game:0][ws:0][bs:0]` (match
length, game index, the scores of W and B before it), `PW`/`PB` (names) and `RU` (rules joined
by ':', e.g. `Crawford:CrawfordGame`, `Nackgammon`, `Hypergammon3`, `Jacoby`). Every later node
is one action: `B[63qvsv]` (dice, then from/to point letters), `W[double]`, `B[take]`,
`W[drop]`; the root's `RE[B+2R]` says who won how many points. A point letter is `a`–`x`
on gnubg's player-0 board (W's point p is letter p−1, B's point p letter 24−p), `y` the bar
and `z` off. W is gnubg's player 0 (Black here), B player 1 (White). Only the main line is
read, as gnubg reads it; comments and analysis are skipped.

>>> m = parse_sgf("(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[ann]PB[bob]RU[Crawford]"
...               ";B[53qvsv];W[62xrmk];B[double];W[take];B[44]C[a comment \\\\] here])")
>>> m.names, m.length, m.variant, m.crawford_rule
(('ann', 'bob'), 3, 'backgammon', True)
>>> [(a.player, a.kind, a.dice, a.play) for a in m.games[0].actions]  # doctest: +NORMALIZE_WHITESPACE
[(1, 'move', (5, 3), '8/3 6/3'), (0, 'move', (6, 2), '24/18 13/11'), (1, 'double', None, ''),
 (0, 'take', None, ''), (1, 'move', (4, 4), '')]
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import NamedTuple

from .gamerecord import (
    MAX_ACTIONS,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_GAMES,
    MAX_TOTAL,
    MAX_VALUE,
    Action,
    GameRecord,
    MatchRecord,
    RecordError,
    clean_name,
    variant_of,
)

Fail = Callable[..., RecordError]  # (message, offset, hint) -> the located error
_SETUP = ("AE", "AB", "AW", "PL", "CV", "CP", "DI")
_HINT = "gnubg writes `(;FF[4]GM[6]MI[...]...;B[63qvsv];W[double]...)`: one game tree per game"


class Prop(NamedTuple):
    """One property of a node: its name and values, each with the offset where it starts."""

    name: str
    values: tuple[tuple[str, int], ...]
    at: int


def parse_sgf(text: str) -> MatchRecord:
    """Read a backgammon SGF's text; a RecordError (line, column, hint) says where it goes wrong."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the file has {len(text):,} characters; the limit is {MAX_BYTES:,}", 1, 1,
                          "split the match, or save the games you need")
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def where(offset: int) -> tuple[int, int]:
        n = bisect_right(starts, offset)
        return n, offset - starts[n - 1] + 1

    def fail(message: str, offset: int, hint: str | None = _HINT) -> RecordError:
        return RecordError(message, *where(offset), hint)

    trees = _main_lines(text, fail)
    games: list[GameRecord] = []
    names, length, variant, crawford_rule, jacoby = ("", ""), 0, "backgammon", False, False
    total = 0  # actions in the file so far
    for k, (tree_at, nodes) in enumerate(trees):
        root = {p.name: p for p in nodes[0]} if nodes else {}
        gm = root.get("GM")
        if gm is None or gm.values[0][0].strip() != "6":
            at = gm.values[0][1] if gm else tree_at
            raise fail("not a backgammon SGF: its root node needs GM[6]" if gm is None else
                       f"GM[{_clip(gm.values[0][0])}] is not backgammon (GM[6])", at,
                       "SGF files of other games (GM[1] is Go) cannot be imported")
        info = _match_info(root.get("MI"), fail)
        rules = [r for p in ([root["RU"]] if "RU" in root else []) for r in p.values[0][0].split(":")]
        crawford_game = "CrawfordGame" in rules
        found = "backgammon"
        for r in rules:
            if r.lower().startswith(("nackgammon", "hypergammon")):
                v = variant_of(r)
                if v is None:
                    raise fail(f"the variant {_clip(r)!r} is not one tavla-docs plays", root["RU"].values[0][1],
                               "it plays backgammon, nackgammon and 3-checker hypergammon")
                found = v
        if k == 0:
            names = (clean_name(_value(root, "PW")), clean_name(_value(root, "PB")))
            length, variant = info.get("length", 0), found
            crawford_rule, jacoby = "Crawford" in rules or crawford_game, "Jacoby" in rules and not length
        elif found != variant:
            raise fail(f"game {k + 1} is {found}, game 1 {variant}: one file, one variant", root["RU"].values[0][1],
                       "import the games of each variant from files of their own")
        actions: list[Action] = []
        for node in nodes[1:]:
            for p in node:
                if p.name in _SETUP:
                    raise fail(f"{p.name}[...] sets up a position by hand; tavla-docs imports games played from "
                               "the start", p.at, "export the game played from its starting position")
                if p.name in ("B", "W"):
                    actions.append(_action(p, fail, *where(p.at)))
                    total += 1
                    if len(actions) > MAX_ACTIONS:
                        raise fail(f"more than {MAX_ACTIONS:,} actions in one game", p.at, "is this a real game?")
                    if total > MAX_TOTAL:
                        raise fail(f"more than {MAX_TOTAL:,} actions in one file", p.at, "split the match")
        result = re.match(r"([BW])\+(\d{1,5})", _value(root, "RE"))  # RE[B+2R]: B won 2 points (R: resigned)
        if result:
            actions.append(Action(1 if result.group(1) == "B" else 0, "win", *where(root["RE"].values[0][1]),
                                  value=int(result.group(2))))
        score = (info.get("ws", 0), info.get("bs", 0))
        number = info.get("game", k) + 1
        if games and number <= games[-1].number:
            raise fail(f"MI[game:{number - 1}] after MI[game:{games[-1].number - 1}]: the games' numbers go up",
                       next((at for v, at in root["MI"].values if v.startswith("game:")), tree_at) if "MI" in root
                       else tree_at,
                       "a file holds each game once, in the order played")
        games.append(GameRecord(number, score, tuple(actions), where(tree_at)[0],
                                crawford=crawford_game if length > 1 and "Crawford" in rules else None))
    return MatchRecord(names, length, variant, crawford_rule, jacoby, tuple(games))


def _value(root: dict[str, Prop], name: str) -> str:
    return root[name].values[0][0] if name in root else ""


def _match_info(prop: Prop | None, fail: Fail) -> dict[str, int]:
    out: dict[str, int] = {}
    for value, at in prop.values if prop else ():
        key, _, number = value.partition(":")
        if key in ("length", "game", "ws", "bs"):
            if not (number.isascii() and number.isdigit() and len(number) <= 5):
                raise fail(f"MI[{_clip(value)}]: {key} takes a whole number", at, "gnubg writes MI[length:5]")
            out[key] = int(number)
    return out


def _action(p: Prop, fail: Fail, line: int, col: int) -> Action:
    player = 1 if p.name == "B" else 0
    value, at = p.values[0]
    word = value.strip().lower()
    if word == "double":
        return Action(player, "double", line, col)
    if word in ("take", "drop"):
        return Action(player, word, line, col)
    if len(word) < 2 or not all(c in "123456" for c in word[:2]):
        raise fail(f"{p.name}[{_clip(value)}]: expected two dice 1–6 and the moves, `double`, `take` or `drop`",
                   at, "a move is B[63qvsv]: the dice, then a from/to pair of letters for each checker moved")
    letters = word[2:]
    if len(letters) % 2 or len(letters) > 8 or any(not "a" <= c <= "z" for c in letters):
        raise fail(f"{p.name}[{_clip(value)}]: the moves are up to four pairs of letters a–z", at,
                   "a–x are points, y the bar, z off")
    moves = []
    for i in range(0, len(letters), 2):
        src, dst = (_point(c, player) for c in letters[i:i + 2])
        if src == "off" or dst == "bar":
            raise fail(f"{p.name}[{_clip(value)}]: {letters[i:i + 2]!r} moves {'from off' if src == 'off' else 'to the bar'}",
                       at, "y (the bar) starts a move, z (off) ends one")
        moves.append(f"{src}/{dst}")
    return Action(player, "move", line, col, dice=(int(word[0]), int(word[1])), play=" ".join(moves))


def _point(c: str, player: int) -> str:
    if c == "y":
        return "bar"
    if c == "z":
        return "off"
    i = ord(c) - ord("a")
    return str(24 - i if player == 1 else i + 1)


def _main_lines(text: str, fail: Fail) -> list[tuple[int, list[list[Prop]]]]:
    """Each top-level game tree's main line of nodes (the first variation at every branch), with the
    offset of its `(`; variations are parsed (so a broken one is reported) but not kept."""
    trees: list[tuple[int, list[list[Prop]]]] = []
    stack: list[list[bool]] = []  # per open tree: [on the main line, has a child tree yet]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c == "(":
            if len(stack) >= MAX_DEPTH:
                raise fail(f"variations nest more than {MAX_DEPTH} deep", i, "gnubg writes no variations")
            if not stack:
                if len(trees) >= MAX_GAMES:
                    raise fail(f"more than {MAX_GAMES} games in one file", i, "split the match")
                trees.append((i, []))
                stack.append([True, False])
            else:
                parent = stack[-1]
                stack.append([parent[0] and not parent[1], False])
                parent[1] = True
            i += 1
        elif c == ")":
            if not stack:
                raise fail("')' closes no game tree", i)
            stack.pop()
            i += 1
        elif c == ";":
            if not stack:
                raise fail("a node (';') outside a game tree", i)
            if stack[-1][1]:
                raise fail("a node after a variation: a game tree's nodes come before its variations", i)
            node: list[Prop] = []
            i += 1
            while True:
                while i < n and text[i].isspace():
                    i += 1
                if i >= n or not text[i].isalpha():
                    break
                at = i
                while i < n and text[i].isalpha():
                    i += 1
                name = text[at:i]
                if not name.isupper() or len(name) > 8:
                    raise fail(f"{_clip(name)!r} is not a property name (upper-case letters)", at)
                values = []
                while True:
                    while i < n and text[i].isspace():
                        i += 1
                    if i >= n or text[i] != "[":
                        break
                    value, i = _read_value(text, i, fail)
                    values.append(value)
                if not values:
                    raise fail(f"the property {name} has no [value]", at)
                node.append(Prop(name, tuple(values), at))
            if stack[-1][0]:
                trees[-1][1].append(node)
        else:
            raise fail(f"unexpected {_clip(c)!r}", i)
    if stack:
        raise fail("the file ends inside a game tree: a ')' is missing", n)
    if not trees:
        raise fail("the file holds no game tree", 0)
    return trees


def _read_value(text: str, i: int, fail: Fail) -> tuple[tuple[str, int], int]:
    """The value of `[...]` starting at `i` (escapes resolved), and the offset after its `]`."""
    start, out, j, n = i, [], i + 1, len(text)
    while j < n and text[j] != "]":
        if text[j] == "\\" and j + 1 < n:
            j += 1
        out.append(text[j])
        j += 1
        if j - start > MAX_VALUE:
            raise fail(f"a property value longer than {MAX_VALUE:,} characters", start)
    if j >= n:
        raise fail("a '[' value that never closes with ']'", start)
    return ("".join(out), start + 1), j + 1


def _clip(text: str, limit: int = 40) -> str:
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"
