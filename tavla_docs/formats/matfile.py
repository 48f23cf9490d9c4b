"""GNU Backgammon's and eXtreme Gammon's `.mat` match files (the Jellyfish text format): read
and write.

A file is `; [Key "value"]` header lines, `N point match`, then per game `Game N`, the score
line (`name : score   name : score`) and numbered rows, each with the left player's entry and
the right player's one (either may be empty): `63: 13/7 8/5*`, `11:` (no play), `Doubles => 2`,
`Takes`, `Drops`, `Wins 2 points`. Plays are in the mover's own numbering, 25 the bar and 0
off. The left player is gnubg's player 0 (Black here), the right one player 1 (White).

>>> text = '''; [Variation "Backgammon"]
...  3 point match
...
...  Game 1
...  alice : 0                      bob : 0
...   1)                             31: 8/5 6/5
...   2) 62: 24/18 13/11              Doubles => 2
...   3)  Takes                      55: 25/20 6/1*(2)
...                                   Wins 1 point
... '''
>>> m = parse_mat(text)
>>> m.names, m.length, m.variant
(('alice', 'bob'), 3, 'backgammon')
>>> [(a.player, a.kind, a.dice, a.play) for a in m.games[0].actions][:4]
[(1, 'move', (3, 1), '8/5 6/5'), (0, 'move', (6, 2), '24/18 13/11'), (1, 'double', None, ''), (0, 'take', None, '')]
>>> m.games[0].actions[4].play, m.games[0].actions[5].value
('bar/20 6/1*(2)', 1)
>>> print(format_mat(m).split("\\n\\n")[2].rstrip())
 Game 1
 alice : 0                       bob : 0
  1)                             31: 8/5 6/5
  2) 62: 24/18 13/11             Doubles => 2
  3) Takes                       55: 25/20 6/1*(2)
                                 Wins 1 point
>>> strip(parse_mat(format_mat(m))) == strip(m)
True
"""
from __future__ import annotations

import re

from .gamerecord import (
    MAX_ACTIONS,
    MAX_BYTES,
    MAX_GAMES,
    MAX_LINE,
    MAX_TOTAL,
    Action,
    GameRecord,
    MatchRecord,
    RecordError,
    clean_name,
    variant_of,
)

_HEADER = re.compile(r'^;\s*\[\s*([^\]"]*?)\s+"([^"]*)"\s*\]\s*$')
_LENGTH = re.compile(r"^(\d{1,5})\s+point\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^game\s+(\d{1,5})$", re.IGNORECASE)
_SCORE = re.compile(r"^(\s*)(\S.*?)\s*:\s*(\d{1,5})(\s+)(\S.*?)\s*:\s*(\d{1,5})\s*$")
_ROW = re.compile(r"^\s*(\d{1,5})\)")
_DICE = re.compile(r"^([1-6])([1-6]):$")
_MOVE = re.compile(r"^(bar|\d{1,2})((?:/(?:\d{1,2}|off)\*?)+)(\(\d\))?\*?$", re.IGNORECASE)
_WORDS = ("doubles", "takes", "drops", "wins", "beavers", "raccoons", "resigns")
_HINT_ROW = "a row is `N) 63: 13/7 8/5*` with the left player's entry, then the right player's"


def parse_mat(text: str) -> MatchRecord:
    """Read a `.mat` file's text; a RecordError (line, column, hint) says where it goes wrong."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the file has {len(text):,} characters; the limit is {MAX_BYTES:,}", 1, 1,
                          "split the match, or export the games you need")
    headers: dict[str, tuple[str, int, int]] = {}
    length: int | None = None
    names = ("", "")
    games: list[GameRecord] = []
    game: dict | None = None
    total = 0  # actions in the file so far
    right = 0  # the column where the right player's entries start (from the score line)
    for n, raw in enumerate(text.splitlines(), 1):
        if len(raw) > MAX_LINE:
            raise RecordError(f"line {n} has {len(raw):,} characters; a .mat line has at most {MAX_LINE:,}", n,
                              MAX_LINE + 1, "is this a match file? gnubg and XG write rows of about 70 characters")
        line = raw.rstrip()
        body = line.strip()
        if not body:
            continue
        col = len(line) - len(line.lstrip()) + 1
        if body.startswith(";"):
            h = _HEADER.match(body)
            if h:
                headers[h.group(1).lower()] = (h.group(2), n, col + h.start(2))
            continue
        if length is None:
            m = _LENGTH.match(body)
            if not m:
                raise RecordError(f"expected the match length (`5 point match`), found {_clip(body)!r}", n, col,
                                  "a .mat file starts with `; [...]` header lines, then `N point match`")
            length = int(m.group(1))
            continue
        g = _GAME.match(body)
        if g:
            if game is not None:
                games.append(_close(game))
            if len(games) >= MAX_GAMES:
                raise RecordError(f"more than {MAX_GAMES} games in one file", n, col, "split the match")
            number = int(g.group(1))
            if games and number <= games[-1].number:
                raise RecordError(f"Game {number} after Game {games[-1].number}: the games' numbers go up", n,
                                  col + body.index(g.group(1)), "a file holds each game once, in the order played")
            game = {"number": number, "line": n, "score": None, "actions": []}
            continue
        if game is None:
            raise RecordError(f"expected `Game 1`, found {_clip(body)!r}", n, col,
                              "each game starts with a `Game N` line, then the score line")
        if game["score"] is None:
            s = _SCORE.match(line)
            if not s or _ROW.match(line):
                raise RecordError(f"expected the score line (`name : 0    name : 0`), found {_clip(body)!r}", n,
                                  col, "the line after `Game N` names both players and their scores")
            game["score"] = (int(s.group(3)), int(s.group(6)))
            right = s.start(5)
            if not games:
                names = (clean_name(s.group(2)), clean_name(s.group(5)))
            continue
        r = _ROW.match(line)
        start = r.end() if r else 0
        entries = _entries(line, start, n)
        if not entries:
            raise RecordError("a numbered row without an entry", n, col, _HINT_ROW)
        if not r and any(e[2][0].lower() != "wins" for e in entries):
            raise RecordError(f"cannot read {_clip(body)!r}", n, col, _HINT_ROW)
        if len(entries) > 2:
            raise RecordError("a row holds at most two entries, the left player's and the right player's",
                              n, entries[2][0] + 1, _HINT_ROW)
        for i, (c, _, words) in enumerate(entries):
            player = 1 if (len(entries) == 2 and i == 1) or (len(entries) == 1 and c >= (right + start) // 2) else 0
            game["actions"].append(_action(player, words, n, c + 1))
            total += 1
            if len(game["actions"]) > MAX_ACTIONS or total > MAX_TOTAL:
                raise RecordError(f"more than {MAX_ACTIONS:,} actions in one game" if total <= MAX_TOTAL else
                                  f"more than {MAX_TOTAL:,} actions in one file", n, c + 1,
                                  "is this a real game?" if total <= MAX_TOTAL else "split the match")
    if length is None:
        raise RecordError("no `N point match` line", 1, 1, "a .mat file names the match length before the games")
    if game is not None:
        games.append(_close(game))
    if not games:
        raise RecordError("the file holds no game", 1, 1, "a game starts with a `Game 1` line")
    variant = "backgammon"
    if "variation" in headers:
        name, hn, hc = headers["variation"]
        found = variant_of(name)
        if found is None:
            raise RecordError(f"the variant {_clip(name)!r} is not one tavla-docs plays", hn, hc,
                              "it plays backgammon, nackgammon and 3-checker hypergammon")
        variant = found
    return MatchRecord(names=names, length=length, variant=variant,
                       crawford_rule=_on(headers, "crawford", default=length > 1),
                       jacoby=_on(headers, "jacoby", default=False) and length == 0, games=tuple(games))


def _entries(line: str, start: int, n: int) -> list[tuple[int, int, list[str]]]:
    """The entries of a row: (0-based column, end, words), each starting at dice or a keyword."""
    out: list[tuple[int, int, list[str]]] = []
    for tok in re.finditer(r"\S+", line[start:]):
        word, c = tok.group(0), tok.start() + start
        if _DICE.match(word) or word.lower() in _WORDS:
            out.append((c, tok.end() + start, [word]))
        elif out:
            out[-1][2].append(word)
        else:
            raise RecordError(f"cannot read {_clip(word)!r} here: an entry starts with the dice (`63:`) or a "
                              "cube word", n, c + 1, _HINT_ROW)
    return out


def _action(player: int, words: list[str], n: int, col: int) -> Action:
    head = words[0].lower()
    d = _DICE.match(words[0])
    if d:
        plays = []
        for w in words[1:]:
            if not _MOVE.match(w):
                raise RecordError(f"cannot read {_clip(w)!r} as a move", n, col,
                                  "a move is from/to in the mover's numbering, like 13/7, 8/5*, 25/20 or 6/0")
            plays.append(_spelling(w))
        return Action(player, "move", n, col, dice=(int(d.group(1)), int(d.group(2))), play=" ".join(plays))
    rest = " ".join(words[1:])
    if head == "doubles":
        v = re.fullmatch(r"=>\s*(\d{1,5})", rest)
        if not v:
            raise RecordError(f"cannot read `Doubles {_clip(rest)}`", n, col, "write `Doubles => 2`")
        return Action(player, "double", n, col, value=int(v.group(1)))
    if head in ("takes", "drops") and not rest:
        return Action(player, head[:-1], n, col)
    if head == "wins":
        v = re.fullmatch(r"(\d{1,5})\s+points?(\s+and\s+the\s+match)?", rest, re.IGNORECASE)
        if not v:
            raise RecordError(f"cannot read `Wins {_clip(rest)}`", n, col, "write `Wins 2 points`")
        return Action(player, "win", n, col, value=int(v.group(1)))
    raise RecordError(f"`{_clip(' '.join(words))}` is not imported", n, col,
                      "tavla-docs reads rolls and plays, Doubles, Takes, Drops and Wins; beavers and "
                      "resignations inside a game are not read yet")


def _spelling(word: str) -> str:
    """A .mat move in the engine's notation: 25 is the bar, 0 is off (`25/20`, `6/0` → `bar/20`, `6/off`)."""
    count = re.search(r"\(\d\)$", word)
    path = word[:count.start()] if count else word
    parts = path.split("/")
    names = ["bar" if parts[0] == "25" else parts[0]]
    for p in parts[1:]:
        point = p.rstrip("*")
        names.append(("off" if point == "0" else point) + p[len(point):])
    return "/".join(names) + (count.group(0) if count else "")


def _on(headers: dict[str, tuple[str, int, int]], key: str, *, default: bool) -> bool:
    if key not in headers:
        return default
    return headers[key][0].strip().lower() in ("on", "yes", "true", "1")


def _close(game: dict) -> GameRecord:
    if game["score"] is None:
        raise RecordError(f"game {game['number']} has no score line", game["line"], 1,
                          "the line after `Game N` names both players and their scores")
    return GameRecord(game["number"], game["score"], tuple(game["actions"]), game["line"])


def _clip(text: str, limit: int = 40) -> str:
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- writing ------------------------------------------------------------------

_RIGHT = 33  # the column where the right player's entries start (gnubg's layout)
_VARIATION = {"nackgammon": "Nackgammon", "hypergammon": "HyperGammon (3)"}


def format_mat(match: MatchRecord) -> str:
    """A `.mat` file in gnubg's layout: `parse_mat(format_mat(m))` reads `m` back (lines and columns aside)."""
    head = [f'; [Variation "{_VARIATION[match.variant]}"]'] if match.variant in _VARIATION else []
    if match.length > 1:
        head.append(f'; [Crawford "{"On" if match.crawford_rule else "Off"}"]')
    if match.jacoby:
        head.append('; [Jacoby "On"]')
    out = [("\n".join(head) + "\n\n" if head else "") + f" {match.length} point match\n"]
    for g in match.games:
        left = f" {match.names[0] or 'Player 1'} : {g.score[0]}"
        lines = [f" Game {g.number}", left.ljust(_RIGHT) + f"{match.names[1] or 'Player 2'} : {g.score[1]}"]
        rows: list[list[str]] = []
        for a in g.actions:
            if a.kind == "win":
                continue
            if a.player == 0 or not rows or rows[-1][1]:
                rows.append(["", ""])
            rows[-1][a.player] = _entry(a)
        for i, (x, y) in enumerate(rows, 1):
            lines.append((f"{i:>3}) " + x.ljust(_RIGHT - 6) + " " + y if y else f"{i:>3}) " + x).rstrip())
        for a in g.actions:
            if a.kind == "win":
                lines.append(" " * (_RIGHT if a.player else 6) + _entry(a))
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def _entry(a: Action) -> str:
    if a.kind == "move":
        assert a.dice is not None
        play = " ".join(_mat_spelling(w) for w in a.play.split())
        return f"{a.dice[0]}{a.dice[1]}: {play}".rstrip() if play else f"{a.dice[0]}{a.dice[1]}:"
    if a.kind == "double":
        return f"Doubles => {a.value}"
    if a.kind == "win":
        return f"Wins {a.value} point{'s' if a.value != 1 else ''}"
    return "Takes" if a.kind == "take" else "Drops"


def _mat_spelling(word: str) -> str:
    """The engine's notation as a .mat file writes it: the bar is 25, off is 0."""
    return "/".join("25" if p == "bar" else "0" + p[3:] if p.startswith("off") else p for p in word.split("/"))


def strip(match: MatchRecord) -> MatchRecord:
    """`match` without the lines and columns it was read at (to compare what two files say)."""
    return match._replace(games=tuple(g._replace(line=0, actions=tuple(a._replace(line=0, col=0) for a in g.actions))
                                      for g in match.games))
