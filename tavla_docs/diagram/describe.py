"""The diagram in words: the `<desc>` text, read by screen readers and shown where images fail.

It says everything the picture says (position, play, marks) in the diagram's language,
reading the same facts as the drawing (`facts`), so the two stay in step.

>>> from tavla_docs.engine.board import Position, Side
>>> from tavla_docs.diagram.options import DiagramOptions
>>> from tavla_docs.variants import TAVLA
>>> d = Diagram(Position.from_board({6: 2}, {19: 1}, checkers=15), Side.WHITE, TAVLA, None, None,
...             DiagramOptions(), "Two on the six", None, "td-doc", order_matters=False, doubles=None)
>>> describe(d).split(". ")[:2]
['Tavla', 'White to play']
>>> describe(d, "tr").split(". ")[:2]
['Tavla', "Sıra Beyaz'da"]
"""
from __future__ import annotations

from ..engine.board import BAR, OFF, Side
from ..languages import registry
from .facts import (
    Progression,
    alternative_plays,
    head_points,
    notice_lines,
    numbered,
    pinned_checkers,
    progression,
    shown_notation,
)
from .spec import Diagram
from .words import pinner, plural, words


def game_name(name: str, lang: str) -> str:
    """The game's name in `lang`: the registry entry's `games:` (Greek "Τάβλα"), else as the
    rulesets spell it (Turkish and English pages name the games as their rulesets do).

    >>> game_name("Tavla", "el"), game_name("Tavla", "tr"), game_name("Uzun tavla", "en")
    ('Τάβλα', 'Tavla', 'Uzun tavla')
    """
    entry = registry.lookup(lang)
    return entry.games.get(name, name) if entry is not None else name


def describe(diagram: Diagram, lang: str = "en") -> str:
    """A plain-text account of the position and play, in `lang` (en or tr)."""
    w = words(lang)
    pos = diagram.position
    parts = []
    head = game_name(diagram.rules.display_name, lang)
    turn = w[f"to_play_{diagram.turn.value}"]
    if diagram.roll is not None:
        turn += ", " + w["roll"].format(roll=diagram.roll)
    parts.append(f"{head}. {turn}.")
    if diagram.notice is not None:  # nothing can be played: said first, as the board's banner says it
        parts.append(": ".join(notice_lines(diagram.notice, w)) + ".")
    for side in Side:
        if side is diagram.omit:  # left out, not borne off: the figure draws none of its checkers
            parts.append(w["omitted"].format(side=w[side.value]))
            continue
        arr = pos.own(side)
        items = [w["points"].format(n=arr[p], p=str(p)) for p in range(24, 0, -1) if arr[p]]
        if arr[BAR]:
            items.append(w["bar"].format(n=arr[BAR]))
        if arr[OFF]:
            items.append(plural(w, "off", arr[OFF]).format(n=arr[OFF]))
        if not any(arr[1:26]):
            items.insert(0, w["none"])
        if diagram.options.pips:
            items.append(w["pipcount"].format(n=pos.pips(side)))
        parts.append(f"{w[side.value]}: {', '.join(items)}.")
    parts.append(w["own_numbers"])
    heads = head_points(diagram)
    if heads is not None:
        parts.append(w["heads"].format(w=heads[0], b=heads[1]))
    pins = pinned_checkers(pos)
    if pins:
        items = [w["pinned_item"].format(side_gen=w[f"{side.value}_gen"], p=p, b=b,
                                         pinner=pinner(lang, side.opponent.value))
                 for side, p, b in pins]
        parts.append(plural(w, "pinned", len(items)).format(items=registry.separator(lang).join(items)))
    if diagram.play is not None and diagram.alternatives:
        plays = [(letter, shown_notation(p, text)) for letter, p, text in alternative_plays(diagram)]
        listed = registry.separator(lang).join(w["alt_item"].format(letter=letter, play=play) for letter, play in plays)
        parts.append(w["alternatives"].format(n=len(plays), plays=listed))
    elif diagram.play is not None and diagram.partial:
        shown = shown_notation(diagram.play, diagram.notation)
        parts.append(plural(w, "partial", diagram.partial_rest).format(play=shown, n=diagram.partial_rest))
    elif diagram.play is not None:
        shown = shown_notation(diagram.play, diagram.notation) or w["no_play"]
        parts.append(w["play"].format(play=shown) + ".")
    if diagram.play is not None and not diagram.alternatives:
        if numbered(diagram):
            steps = registry.separator(lang).join(w["step"].format(i=i, move=str(m), die=m.die)
                              for i, m in enumerate(diagram.play.moves, 1))
            parts.append(w["order"].format(steps=steps))
    prog = progression(diagram)
    if prog is not None:
        parts.append(_progression_desc(prog, diagram, w))
    if diagram.options.forbidden:
        forbidden = diagram.options.forbidden
        parts.append(plural(w, "forbidden", len(forbidden)).format(moves=", ".join(forbidden)))
    if diagram.options.highlight:
        marked = diagram.options.highlight
        parts.append(plural(w, "highlight", len(marked)).format(points=", ".join(str(b) for b in marked)))
    if diagram.options.labels:
        parts.append(w["labels"].format(labels=registry.separator(lang).join(f"{b}: {t}" for b, t in diagram.options.labels)))
    if diagram.rules.has_cube and diagram.options.cube is not None:
        value, owner = diagram.options.cube
        who = w["centred"] if owner == "centre" else w["owned"].format(side=w[owner])
        parts.append(w["cube"].format(value=value, owner=who))
    if diagram.score is not None:
        sc = diagram.score
        parts.append(w["score"].format(n=sc.length, w=sc.white, b=sc.black))
    if diagram.source_figure is not None:
        parts.append(w["source_figure"].format(label=diagram.source_figure))
    return " ".join(parts)


def _progression_desc(prog: Progression, d: Diagram, w: dict[str, str]) -> str:
    """The doubles plan in words: what is played, and where and why the turn stops."""
    when = w["turn_known"].format(turn=d.turn_number) if d.turn_number is not None else w["turn_later"]
    if prog.normal:
        n = d.rules.abilities.normal_doubles_turns or 0
        return plural(w, "normal_double", n).format(when=when, n=n)
    plan = " ".join(str(v) for v in prog.plan)
    out = [w["prog_desc"].format(when=when, roll=d.roll, plan=plan)]
    if prog.used is not None:
        total = len(prog.plan)
        said = w["prog_played_all"] if prog.used == total else plural(w, "prog_played", prog.used)
        out.append(said.format(n=prog.used, total=total))
    if prog.ended:
        out.append(w["prog_end"])
    elif prog.stop is not None:
        verb = w["opponent"] if d.rules.abilities.remainder_to_opponent else w["forfeit"]
        rest = " ".join(str(v) for v in prog.plan[prog.stop:])
        out.append(w["prog_stop"].format(d=prog.plan[prog.stop], rest=rest, verb=verb))
    return " ".join(out)
