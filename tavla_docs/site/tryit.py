"""The data of a "try it" board: a scenario's legal plays as a tree of single-die steps, for
`theme/assets/javascripts/tavla-try.js`, computed at build time.

The script only walks this tree: every step it allows is an edge, every reason it shows is
a refusal the engine gave (`engine.explain`), translated here from the catalogs. Nodes are
states shared by key (an order of the dice that reaches the same state reaches the same
node), so a board's data stays small: the site's largest (a backgammon double) is ~6 KB.

The JSON (`board_json`), all points in the mover's own numbering (25 = bar, 0 = off):

- `frames`: one per frame of the scenario (a `then:` story has several), each with `side`
  ("w"/"b"), `pos` (both sides' 26 own counts, White first, and the pins as [side, point]),
  `dice` (as played: the roll, four of a double, or a Gülbara progression), `n` (the nodes,
  the root first: [play index or -1, [src, die, hit, child, …], [src, die, reason, …]]),
  `plays` (the legal plays in the engine's notation), `show` (the figure's play as steps
  [src, dst, die, hit]), `none` (the reason there is no move, or -1), and in a story `label`,
  `caption` and `facts`;
- `at`: the frame the SVG draws; `bmap`: the board number of Black's own point p (index p);
  `blot`: what landing on a lone checker does ("hit", "pin" or "blocked");
- `why`: the reasons' sentences, `ui`: the widget's words, both in the page's language;
- `geo`: where checkers go in the SVG (`render.layout`), for redrawing a position.
"""
from __future__ import annotations

import functools
import gettext
import json
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import N_plural
from .cache import Cache
from .captions import plain
from .errors import HelperError
from .figures import facts
from .quoting import quote

if TYPE_CHECKING:
    from ..engine.explain import PlayTree, Refusal
    from ..engine.play import Move
    from .page import Site

FORMAT = "2"  # the data's version, part of the cache key
MAX_NODES = 4000  # states one board may hold; the site's largest has 124


def _(message: str) -> str:
    """Marks a msgid for the catalogs; it is translated per page language below."""
    return message


class OneOrMany(NamedTuple):
    """Two sentences the widget picks between by a count (1, else more), each its own msgid:
    "Show the only legal play" is not the singular of "Show all %(num)d legal plays"."""

    one: str
    many: str


# The widget's words (key in `ui` → msgid); a plural message is a pair (msgid, msgid_plural).
UI: dict[str, str | tuple[str, str]] = {
    "title": _("Try it"),
    "board": _("Pick a checker, then the point it goes to. Arrow keys move between points, Enter picks and drops, Esc cancels."),
    "dice": _("Dice"),
    "used": _("used"),
    "undo": _("Undo"),
    "reset": _("Reset"),
    "hint": _("Show a legal play"),
    "all": OneOrMany(_("Show the only legal play"), _("Show all %(num)d legal plays")),
    "hide": _("Hide the plays"),
    "prev": _("Previous"),
    "next": _("Next"),
    "play": _("Play"),
    "figure": _("Show the figure's play"),
    "type": _("Type a play"),
    "try": _("Try"),
    "point": _("%(point)d-point"),
    "bar": _("bar"),
    "off": _("borne off"),
    "count": N_plural("%(num)d checker", "%(num)d checkers"),
    "empty": _("empty"),
    "pinned": _("pinned"),
    "white": _("White"),
    "black": _("Black"),
    "picked": _("Picked: %(place)s. Moves: %(list)s"),
    "stuck": _("Picked: %(place)s. This checker cannot move: %(why)s"),
    "dest": _("a legal destination"),
    "sel": _("picked"),
    "played": _("Played %(move)s"),
    "left": _("Left to play: %(list)s"),
    "done": _("The play is complete: %(play)s"),
    "same": _("This is the play the figure shows."),
    "other": _("The figure shows %(play)s."),
    "undone": _("Took back %(move)s"),
    "start": _("Back to the start of the turn"),
    "hint1": _("Hint: move a checker from here: %(place)s"),
    "hint2": _("Hint: play %(move)s"),
    "syntax": _("Write a play like 24/18 13/10"),
    "illegal": _("%(play)s is not a legal play: %(why)s"),
    "frame": _("Step %(num)d/%(count)d"),
    "noroll": _("This step has no roll to play"),
    "cancel": _("Cancelled"),
    "touch": _("Tap a checker, then the point it goes to, or drag it there."),
}


def board_json(site: Site, name: str, lang: str, deps: dict[str, str], step: int) -> str:
    """The board's data as JSON text safe inside `<script type="application/json">`, cached by
    the scenario file's hash (which `figure_data` has put into `deps`)."""
    rel = site.rel(site.scenario_path(name))
    digest = deps.get(rel) or ""
    key = Cache.key(site.fingerprint, "tryit", FORMAT, lang, rel, digest, f"step={step}")
    hit = site.cache.get(key)
    if isinstance(hit, dict) and isinstance(hit.get("json"), str):
        return str(hit["json"])
    text = script_safe(json.dumps(board_data(site, name, lang, deps, step), ensure_ascii=False,
                                  separators=(",", ":")))
    site.cache.put(key, {"json": text})
    return text


def script_safe(text: str) -> str:
    """JSON that cannot end its `<script>` element or open a comment there.

    >>> script_safe('{"a":"</script><!--&"}')
    '{"a":"\\\\u003c/script\\\\u003e\\\\u003c!--\\\\u0026"}'
    """
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def board_data(site: Site, name: str, lang: str, deps: dict[str, str], step: int) -> dict[str, Any]:
    """The board's data (see the module doc): every frame's tree, the words, the geometry."""
    from ..engine.board import Side
    from ..scenario.draw import diagram_from_scenario, scenario_frames

    s = site.checked_scenario(name, deps)
    frames = scenario_frames(s)
    if all(f.roll is None for f in frames):
        raise HelperError(f"try_it({quote(name)}): the scenario has no roll to play; give it a `roll:`")
    t = site.translations(lang)
    why: list[str] = []
    out = []
    static = None
    for k, frame in enumerate(frames):
        d = diagram_from_scenario(s, lang, k)
        static = d if k == step else static
        data = frame_data(frame, s, d, t, why, name)
        if len(frames) > 1:  # the widget shows another frame's caption and facts when it goes there
            data.update(label=t.gettext("Step %(num)d/%(count)d") % {"num": k + 1, "count": len(frames)},
                        caption=frame_caption(site, name, lang, deps, frame, k), facts=facts(frame, t, lang))
        out.append(data)
    assert static is not None  # `step` was checked by the figure drawn before
    geometry = static.position.geometry
    bmap = [0] + [geometry.to_board(Side.BLACK, p) for p in range(1, 25)]
    return {
        "v": 1, "at": step, "frames": out, "bmap": bmap, "blot": s.rules.blot, "why": why,
        "ui": ui_words(t, lang), "geo": layout_data(static), "bar": s.rules.has_bar,
    }


def frame_caption(site: Site, name: str, lang: str, deps: dict[str, str], frame: Any, k: int) -> str:
    """Frame k's caption as plain text: as written, or (when it prints computed facts, or is
    missing) as its figure renders it, which also reports a caption's errors."""
    source = dict(getattr(frame, "caption", None) or {}).get(lang)
    if isinstance(source, str) and "{" not in source:
        return source
    return plain(str(site.figure_data(name, lang, deps, step=k)["caption"]))


def frame_data(frame: Any, s: Any, d: Any, t: gettext.GNUTranslations, why: list[str], name: str) -> dict[str, Any]:
    """One frame: its position, dice and tree (see the module doc)."""
    from ..engine.board import Side
    from ..engine.explain import TreeTooBig, no_play_reason, play_tree

    rules = getattr(frame, "rules", None) or s.rules
    pos = frame.position
    base: dict[str, Any] = {
        "side": "w" if frame.turn is Side.WHITE else "b",
        "pos": [list(pos.white), list(pos.black), sorted([["w" if sd is Side.WHITE else "b", p] for sd, p in pos.pinned])],
        "show": [step_list(m) for m in (d.play.moves if d.play is not None else ())],
    }
    if frame.roll is None:
        return {**base, "dice": [], "n": [[-1, [], []]], "plays": [], "none": -1}
    try:
        tree = play_tree(pos, frame.turn, frame.roll, rules, frame.ctx, max_nodes=MAX_NODES)
    except TreeTooBig as e:
        raise HelperError(f"try_it({quote(name)}): {e}; a try-it board holds at most {MAX_NODES}") from None
    nodes, plays = encode(tree, t, why)
    none = no_play_reason(tree)
    return {**base, "dice": list(tree.dice), "n": nodes, "plays": plays,
            "none": -1 if none is None else reason_index(none, t, why)}


def step_list(m: Move) -> list[int]:
    return [m.src, m.dst, m.die, int(m.hit)]


def encode(tree: PlayTree, t: gettext.GNUTranslations, why: list[str]) -> tuple[list[Any], list[str]]:
    """The tree's nodes, root first, as lists; and the plays' notation, indexed by the nodes."""
    from ..engine.explain import Node

    index: dict[Node, int] = {}
    order: list[Node] = []

    def visit(node: Node) -> int:
        if node not in index:
            index[node] = len(order)
            order.append(node)
        return index[node]

    visit(tree.root)
    by_key = {p.position.key(): i for i, p in enumerate(tree.plays)}
    out: list[Any] = []
    i = 0
    while i < len(order):  # breadth first: children get numbers in the order of the edges
        node = order[i]
        edges: list[int] = []
        for move, child in tree.children(node):
            edges += [move.src, move.die, int(move.hit), visit(child)]
        refused: list[int] = []
        for src, die, r in tree.refusals(node):
            refused += [src, die, reason_index(r, t, why)]
        play = by_key.get(tree.position_of(node).key(), -1) if node in tree.complete else -1
        out.append([play, edges, refused])
        i += 1
    return out, [str(p) if p.moves else t.gettext("no move") for p in tree.plays]


def reason_index(r: Refusal, t: gettext.GNUTranslations, why: list[str]) -> int:
    """The index of the refusal's sentence in the page's language in `why` (added once)."""
    from ..engine.explain import MESSAGES

    text = r.format(t.gettext(MESSAGES[r.code]))
    if text not in why:
        why.append(text)
    return why.index(text)


def ui_words(t: gettext.GNUTranslations, lang: str | None = None) -> dict[str, Any]:
    """The widget's words in the page's language. A plural message is its [one, other] forms
    (the script picks by `n != 1`) in a language with CLDR's two categories (Turkish, English);
    in one with more (Arabic's six) it is {category: form}, and the script picks by the
    browser's `Intl.PluralRules`, CLDR's rules as Babel's, so "5 checkers" never takes the dual."""
    from ..engine.reasons import INCOMPLETE, MESSAGES, NO_CHECKER, NO_DIE, RULE

    samples = plural_samples(lang)
    out: dict[str, Any] = {key: t.gettext(MESSAGES[code]) for key, code in
                           (("nodie", NO_DIE), ("nochecker", NO_CHECKER), ("incomplete", INCOMPLETE), ("rule", RULE))}
    for key, msg in UI.items():
        if isinstance(msg, OneOrMany):
            out[key] = [t.gettext(msg.one), t.gettext(msg.many)]
        elif isinstance(msg, tuple):
            out[key] = ([t.ngettext(msg[0], msg[1], 1), t.ngettext(msg[0], msg[1], 2)] if samples is None
                        else {c: t.ngettext(msg[0], msg[1], n) for c, n in samples.items()})
        else:
            out[key] = t.gettext(msg)
    return out


def plural_samples(lang: str | None) -> dict[str, int] | None:
    """A number of each of the language's CLDR plural categories ({"zero": 0, "one": 1, "two": 2,
    "few": 3, "many": 11, "other": 100} for Arabic); None for a language with only one and other.

    >>> plural_samples("tr") is None
    True
    """
    from babel import Locale

    from ..languages import registry

    entry = registry.lookup(lang) if lang is not None else None
    if entry is None or entry.plural_categories == ("one", "other"):
        return None
    rule = Locale.parse(entry.locale).plural_form
    found: dict[str, int] = {}
    for n in range(1000):
        found.setdefault(rule(n), n)
    return {c: found[c] for c in entry.plural_categories if c in found}


def layout_data(d: Any) -> dict[str, Any]:
    """Where the SVG draws checkers (`render.layout`), so the script can redraw a position: per
    board point [x, y of the edge checker, step to the next, hit box x, y, w, h]; the bar and
    the trays per side the same; `vis` checkers per stack before a count."""
    return _layout(d.position.geometry, d.options.flip, d.rules.has_cube and d.options.cube is not None)


@functools.cache
def _layout(geometry: Any, flip: bool, has_cube: bool) -> dict[str, Any]:
    """`layout_data` for one layout (a handful exist; the value is only read, never changed)."""
    from ..engine.board import Side
    from ..render.layout import PL, PW, VISIBLE, Layout

    lay = Layout(geometry, flip, has_cube)

    def r(v: float) -> float:
        return round(v, 2)

    pts: list[list[float]] = [[]]
    for b in range(1, 25):
        (x, y0), (_, y1) = lay.slot(b, 0), lay.slot(b, 1)
        top, _bottom = lay.point_span(b)
        pts.append([r(x), r(y0), r(y1 - y0), r(x - PW / 2), r(top), PW, PL])
    sides: dict[str, Any] = {}
    for side in Side:
        k = "w" if side is Side.WHITE else "b"
        (bx, by0), (_, by1) = lay.bar_slot(side, 0), lay.bar_slot(side, 1)
        bar_top = lay.point_span(24 if lay.entry_top(side) else 1)[0]  # the half beside its entry points
        tx, ty, tw, th = lay.tray_box(side)
        (sx, sy0), (_, sy1) = lay.slab(side, 0), lay.slab(side, 1)
        cx, cy = lay.tray_count_xy(side)
        sides[k] = {"bar": [r(bx), r(by0), r(by1 - by0), r(bx - PW / 2), r(bar_top), PW, PL],
                    "off": [r(sx), r(sy0), r(sy1 - sy0), r(tx), r(ty), r(tw), r(th)], "cnt": [r(cx), r(cy)]}
    return {"pt": pts, "side": sides, "vis": VISIBLE}
