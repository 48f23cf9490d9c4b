"""What a diagram shows, as one immutable value: `Diagram`, built from a scenario.

The renderer (`svg.render_svg`) draws a `Diagram` and knows nothing of YAML;
this module turns a scenario's `show:` text into a `Play` whose moves are the
single-die steps in the order they are played, so arrows can be chained and
numbered.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.engine.dice import Roll
>>> from tavla_docs.variants import TAVLA
>>> p = Position.from_board({5: 1, 3: 1}, {19: 15})
>>> play = resolve_play(p, Side.WHITE, Roll(4, 2), TAVLA, "5/off")
>>> [str(m) for m in play.moves]  # the 4 cannot go first: the 2 moves 5/3, then 3/off
['5/3', '3/off']
>>> dice_order_matters(p, Side.WHITE, Roll(4, 2), TAVLA, play)
True
>>> diagram_id("Bear off / 4-2")[:16], len(diagram_id("Bear off / 4-2"))  # slug + 6 hex digits
('td-bear-off-4-2-', 22)
>>> diagram_id("a rather long scenario name")[:17]  # short: the id is repeated in every href
'td-a-rather-long-'
>>> diagram_id("a/b") != diagram_id("a-b")  # same slug, different ids
True
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.board import BAR, OFF, Position, Side
from ..engine.dice import Roll
from ..engine.play import Move, Play, TurnContext
from ..engine.state import apply_step
from ..engine.movegen import legal_plays, legal_steps
from ..engine.notation import Segment, parse_play
from ..engine.rules import Ruleset
from ..errors import TavlaError
from .options import DiagramOptions


class PlayError(TavlaError):
    """A `show:` play that cannot be drawn: not legal for the roll, or unreadable."""


@dataclass(frozen=True)
class Diagram:
    """Everything one board picture shows. `id` prefixes every SVG id (unique per page)."""

    position: Position
    turn: Side
    rules: Ruleset
    roll: Roll | None
    play: Play | None
    options: DiagramOptions
    title: str
    desc: str | None
    id: str
    lang: str = "en"  # language of generated text (the pip line, the default desc)
    turn_number: int | None = None  # game turn (scenario `turn_number:`): first-turn rules, Gülbara doubles

    @property
    def ctx(self) -> TurnContext:
        return turn_context(self.turn_number)


def turn_context(turn_number: int | None) -> TurnContext:
    """Game turn N; the mover's own turn is ceil(N / 2), as in `plays --turn-number`."""
    if turn_number is None:
        return TurnContext()
    return TurnContext(game_turn=turn_number, player_turn=(turn_number + 1) // 2)


def diagram_id(scenario_id: str) -> str:
    """A valid, readable XML id from a scenario id, with a short hash so slugs never collide."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(scenario_id).lower()).strip("-")[:14].strip("-")
    digest = hashlib.sha1(str(scenario_id).encode("utf-8")).hexdigest()[:6]
    return f"td-{slug}-{digest}" if slug else f"td-{digest}"


# --- turning written plays into single-die moves -----------------------------------

def _dice_orders(roll: Roll, rules: Ruleset, ctx: TurnContext | None = None) -> tuple[tuple[int, ...], ...]:
    if rules.dice_plan is not None:
        return tuple(rules.dice_plan(roll, ctx or TurnContext(), rules))
    if roll.is_double:
        return ((roll.high,) * 4,)
    return ((roll.high, roll.low), (roll.low, roll.high))


def _paths(segments: tuple[Segment, ...]) -> list[tuple[int, tuple[int, ...]]]:
    out = []
    for s in segments:
        out += [(s.src, tuple(p for p, _ in s.stops))] * s.count
    return out


def _realize(position: Position, side: Side, rules: Ruleset, dice: tuple[int, ...],
             paths: list[tuple[int, tuple[int, ...]]], exact: bool,
             ctx: TurnContext | None = None) -> tuple[Move, ...] | None:
    """Single-die moves that walk every path using the dice in this order, or None.

    A path `13/5` may take several dice (passing through intermediate points) unless
    `exact`, where each path is one die (the moves of an engine `Play`).
    """
    from ..engine.state import initial_state

    start = initial_state(position, side)
    ctx = ctx or TurnContext()

    def walk(state, i: int, where: tuple[tuple[int, tuple[int, ...]], ...], done: tuple[Move, ...]):
        if not where:
            return done
        if i == len(dice):
            return None
        tried = set()
        for k, (cur, stops) in enumerate(where):
            if (cur, stops) in tried:
                continue
            tried.add((cur, stops))
            target = stops[0]
            for move, after in legal_steps(state, dice[i], rules, ctx):
                if move.src != cur:
                    continue
                if move.dst == target:
                    rest = stops[1:]
                elif not exact and move.dst != OFF and target < move.dst < cur:
                    rest = stops
                else:
                    continue
                nxt = where[:k] + (((move.dst, rest),) if rest else ()) + where[k + 1:]
                found = walk(after, i + 1, nxt, done + (move,))
                if found is not None:
                    return found
        return None

    return walk(start, 0, tuple(paths), ())


def _literal(position: Position, side: Side, rules: Ruleset, paths) -> tuple[Move, ...]:
    """Moves exactly as written (no roll to check against); dice are the distances."""
    from ..engine.state import initial_state

    state = initial_state(position, side)
    moves = []
    for src, stops in paths:
        cur = src
        for dst in stops:
            mine = state[0]
            if mine[cur] <= 0:
                raise PlayError(f"no {side.value} checker on {'the bar' if cur == BAR else cur} to move")
            state, hit = apply_step(state, cur, dst, rules)
            moves.append(Move(cur, dst, cur - dst if dst != OFF else cur, hit))
            cur = dst
    return tuple(moves)


def _position_after(position: Position, side: Side, rules: Ruleset, moves: tuple[Move, ...]) -> Position:
    from ..engine.state import initial_state, to_position

    state = initial_state(position, side)
    for m in moves:
        state, _ = apply_step(state, m.src, m.dst, rules)
    return to_position(state, side, rules.geometry)


def _segments_of(show: Any) -> tuple[Segment, ...]:
    if isinstance(show, str):
        return parse_play(show)
    if isinstance(show, tuple | list) and all(isinstance(s, Segment) for s in show):
        return tuple(show)
    raise PlayError(f"cannot draw {show!r} as a play; write it like 24/18 13/10*")


def resolve_play(position: Position, side: Side, roll: Roll | None, rules: Ruleset, show: Any,
                 ctx: TurnContext | None = None) -> Play | None:
    """The play to draw: `show` as notation, Segments or a `Play`; checked against the roll.

    With a roll, the written play must be one of the legal plays; its moves come out
    as single-die steps in an order that is legal (larger die first when both are).
    """
    if show is None or (isinstance(show, str) and not show.strip()):
        return None
    if isinstance(show, Play):
        return show
    paths = _paths(_segments_of(show))
    if not paths:
        return None
    if roll is None:
        moves = _literal(position, side, rules, paths)
        return Play(side, moves, _position_after(position, side, rules, moves), len(moves))
    for dice in _dice_orders(roll, rules, ctx):
        moves = _realize(position, side, rules, dice, paths, exact=False, ctx=ctx)
        if moves is not None:
            after = _position_after(position, side, rules, moves)
            legal = legal_plays(position, side, roll, rules, ctx)
            if any(p.position.key() == after.key() for p in legal):
                return Play(side, moves, after, len(moves))
    written = show if isinstance(show, str) else " ".join(str(s) for s in show)
    options = ", ".join(str(p) for p in legal_plays(position, side, roll, rules, ctx)[:8])
    raise PlayError(f"{written!r} is not a legal play of {roll} for {side.value} here; legal: {options}")


def checker_paths(moves: tuple[Move, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Each checker's whole path: consecutive steps of one checker joined; hit points kept."""
    chains: list[list] = []
    for m in moves:
        for c in chains:
            if c[1][-1][0] == m.src and m.src not in (OFF, BAR):
                c[1].append((m.dst, m.hit))
                break
        else:
            chains.append([m.src, [(m.dst, m.hit)]])
    return [(src, tuple(p for i, (p, h) in enumerate(stops) if h or i == len(stops) - 1)) for src, stops in chains]


def dice_order_matters(position: Position, side: Side, roll: Roll | None, rules: Ruleset, play: Play,
                       ctx: TurnContext | None = None) -> bool:
    """Whether the play's checker paths work with only one order of the dice (then arrows get
    numbers). `24/15` with 6-3 goes via 18 or 21: order free; `5/off` with 4-2 needs the 2 first."""
    if roll is None or roll.is_double or len(play.moves) < 2 or len({m.die for m in play.moves}) < 2:
        return False
    paths = checker_paths(play.moves)
    ok = [_realize(position, side, rules, d, paths, exact=False, ctx=ctx) is not None
          for d in _dice_orders(roll, rules, ctx)]
    return ok.count(True) == 1


# --- from a scenario --------------------------------------------------------------

def pick_text(texts: Mapping[str, str] | str | None, lang: str) -> str:
    """The text in `lang`, else English, else Turkish, else the first one."""
    if texts is None:
        return ""
    if isinstance(texts, str):
        return texts
    for key in (lang, "en", "tr"):
        if texts.get(key):
            return str(texts[key])
    return str(next(iter(texts.values()), ""))


class StepError(TavlaError):
    """A frame number the scenario does not have (`step=` on a page, `render --step`)."""


def frame_id(scenario_id: str, step: int = 0) -> str:
    """The SVG id of one frame: the scenario's own id for frame 0, `-s<k>` after it for step k.

    The suffix cannot end a `diagram_id` (those end in six hex digits), so frames of one
    scenario never collide with each other or with another scenario's diagrams.

    >>> frame_id("bear-off/hit-story") == diagram_id("bear-off/hit-story")
    True
    >>> frame_id("bear-off/hit-story", 2) == diagram_id("bear-off/hit-story") + "-s2"
    True
    """
    base = diagram_id(scenario_id)
    return base if step == 0 else f"{base}-s{step}"


def scenario_frames(scenario: Any) -> tuple[Any, ...]:
    """Frame 0 (the scenario itself) followed by its `then:` steps; a plain object is one frame."""
    steps = tuple(getattr(scenario, "steps", ()) or ())
    return (scenario, *steps)


def frame_count_text(n: int) -> str:
    """How a scenario's frames are numbered, for error hints.

    >>> frame_count_text(3)
    'it has 3 frames: step=0 is its own position, step=1 to step=2 are its `then:` steps'
    >>> frame_count_text(1)
    'it has 1 frame: step=0 only (no `then:` steps)'
    """
    if n == 1:
        return "it has 1 frame: step=0 only (no `then:` steps)"
    later = "step=1 is its `then:` step" if n == 2 else f"step=1 to step={n - 1} are its `then:` steps"
    return f"it has {n} frames: step=0 is its own position, {later}"


def check_step(scenario: Any, step: Any) -> int:
    """`step` as a frame index of `scenario`; StepError (message, then an indented hint) otherwise;
    callers put the scenario's name in front."""
    n = len(scenario_frames(scenario))
    if isinstance(step, bool) or not isinstance(step, int):
        raise StepError(f"step={step!r} is not a frame number\n    {frame_count_text(n)}")
    if not 0 <= step < n:
        raise StepError(f"step={step} is out of range\n    {frame_count_text(n)}")
    return step


# View options a `then:` step takes from the scenario when its own `diagram:` block leaves them
# at the default: a story keeps its orientation, numbering and colours from frame to frame.
_VIEW = ("flip", "numbers", "theme")


def _frame_options(scenario: Any, frame: Any) -> DiagramOptions:
    base = getattr(scenario, "diagram", None) or DiagramOptions()
    own = getattr(frame, "diagram", None) or DiagramOptions()
    default = DiagramOptions()
    kept = {k: getattr(base, k) for k in _VIEW if getattr(own, k) == getattr(default, k)}
    return DiagramOptions(**{**own.__dict__, **kept}) if kept else own


def diagram_from_scenario(scenario: Any, lang: str = "en", step: int = 0) -> Diagram:
    """The diagram of one frame of a loaded scenario: `step=0` is the scenario itself (attributes:
    id, position, turn, rules, roll, show, caption, diagram), `step=k` its k-th `then:` step,
    drawn from the position the engine reached after frame k-1's play. Each frame has its own
    id (`frame_id`), so a whole story fits on one page. Raises PlayError when `show` is not a
    legal play, StepError when there is no such frame."""
    check_step(scenario, step)
    frame = scenario_frames(scenario)[step]
    options = _frame_options(scenario, frame) if step else getattr(scenario, "diagram", None) or DiagramOptions()
    rules = getattr(frame, "rules", None) or scenario.rules
    turn_number = getattr(frame, "turn_number", None)
    ctx = turn_context(turn_number)
    play = None
    if options.show_play:
        show = getattr(frame, "show", None)
        play = resolve_play(frame.position, frame.turn, frame.roll, rules, show, ctx)
        text = getattr(frame, "show_text", None)
        if isinstance(show, Play) and text:
            # The loader's Play is the engine's spelling; draw the author's own path when it
            # is the same play (e.g. 24/18/15 rather than the engine's 24/21/15).
            try:
                written = resolve_play(frame.position, frame.turn, frame.roll, rules, text, ctx)
            except ValueError:
                written = None
            if written is not None and written.position.key() == show.position.key():
                play = written
    title = pick_text(getattr(frame, "caption", None), lang)
    if not title:
        title = str(scenario.id) if step == 0 else f"{scenario.id} ({step + 1}/{len(scenario_frames(scenario))})"
    d = Diagram(position=frame.position, turn=frame.turn, rules=rules, roll=frame.roll,
                play=play, options=options, title=title, desc=None, id=frame_id(scenario.id, step), lang=lang,
                turn_number=turn_number)
    from .describe import describe

    return Diagram(**{**d.__dict__, "desc": describe(d, lang)})
