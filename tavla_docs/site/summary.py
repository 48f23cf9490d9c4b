"""Rules-summary rows derived from `Ruleset` data, localized through the catalogs.

The site never types a rule difference by hand: each row is a function of
ruleset fields, so a page's table cannot contradict the engine it documents.

>>> from tavla_docs.variants import ruleset
>>> from tavla_docs.site.i18n import catalog
>>> rows = summary_rows([ruleset("tavla"), ruleset("backgammon")], catalog("en"))
>>> [r.label for r in rows if r.differs][:3]
['Special rules', 'Opening roll', "Checker on the bar, opponent's board closed"]
>>> tr_locative(13), tr_locative(6), tr_locative(40)
("13'te", "6'da", "40'ta")
"""
from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import N_
from ..engine.board import Geometry, Side
from ..engine.rules import Ruleset

# Turkish locative suffix after a numeral, by how the number is read aloud
# (vowel harmony of the last vowel, -te/-ta after a voiceless final consonant).
_TR_UNITS = {1: "de", 2: "de", 3: "te", 4: "te", 5: "te", 6: "da", 7: "de", 8: "de", 9: "da"}
_TR_TENS = {10: "da", 20: "de", 30: "da", 40: "ta", 50: "de", 60: "ta", 70: "te", 80: "de", 90: "da"}


def tr_locative(n: int) -> str:
    """`13'te`, `8'de`, `6'da`: a numeral with its Turkish locative suffix (1–100)."""
    if n % 100 == 0:
        suffix = "de"  # yüz
    elif n % 10:
        suffix = _TR_UNITS[n % 10]
    else:
        suffix = _TR_TENS[n % 100]
    return f"{n}'{suffix}"


@dataclass(frozen=True)
class SummaryRow:
    """One localized table row: a label and one cell per variant."""

    key: str
    label: str
    cells: tuple[str, ...]

    @property
    def differs(self) -> bool:
        return len(set(self.cells)) > 1


def _facts(rs: Ruleset) -> dict:
    """The ruleset's language-neutral summary (`Ruleset.summary()`), with a fallback for older rulesets."""
    summary = getattr(rs, "summary", None)
    if callable(summary):
        return summary()
    scoring = [("single", 1), (rs.gammon_name, 2)]
    if rs.backgammon_enabled and rs.backgammon_name:
        scoring.append((rs.backgammon_name, 3))
    return {"start": dict(sorted(rs.start.items(), reverse=True)), "starting_pips": rs.starting_position().pips(Side.WHITE),
            "directions": rs.geometry.value, "closed_by": rs.block_at, "lone_opponent": rs.blot, "bar": rs.has_bar,
            "special_rules": (), "doubles": "four_moves", "scoring": tuple(scoring), "cube": rs.has_cube,
            "cube_max": rs.cube_max, "opening": rs.opening, "next_game_starter": "opening_roll"}


def _start(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    items = sorted(_facts(rs)["start"].items(), reverse=True)
    if len(items) == 1:  # every checker on one point (the head): the count is said once
        p, n = items[0]
        return t.ngettext("%(num)d checker on %(p)s", "all %(num)d checkers on %(p)s", n) % {"num": n, "p": p}
    if t.info().get("language", "").startswith("tr"):
        parts = [f"{items[0][0]}. hanede {items[0][1]}"] + [f"{tr_locative(p)} {n}" for p, n in items[1:]]
    else:
        parts = [t.gettext("%(n)s on %(p)s") % {"n": n, "p": p} for p, n in items]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + t.gettext(" and ") + parts[-1]
    total = sum(n for _, n in items)
    return t.ngettext("%(list)s (%(num)d checker)", "%(list)s (%(num)d checkers)", total) % {"list": joined, "num": total}


def _directions(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    if _facts(rs)["directions"] == Geometry.OPPOSITE.value:
        return t.gettext("Opposite directions")
    return t.gettext("Same direction (both counter-clockwise)")


def _blot(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    kind = _facts(rs)["lone_opponent"]
    return {
        "hit": t.gettext("Hits it: the checker goes to the bar"),
        "pin": t.gettext("Pins it: the checker cannot move"),
        "blocked": t.gettext("Not allowed: a single checker closes a point"),
    }.get(kind, kind)


def _closed(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    n = _facts(rs)["closed_by"]
    return t.ngettext("%(num)d opposing checker or more", "%(num)d opposing checkers or more", n) % {"num": n}


def _closed_board(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    if not _facts(rs)["bar"]:
        return t.gettext("No bar")
    if rs.closed_board_skips_roll:
        return t.gettext("Does not roll; the turn passes")
    return t.gettext("Rolls; with no legal move the turn passes")


def _opening(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    if _facts(rs)["opening"] == "reroll_both":
        return t.gettext("Higher roller starts and rolls both dice again (a double is possible)")
    return t.gettext("Higher roller starts and plays the two opening dice")


def _doubles(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    kind = _facts(rs)["doubles"]
    if kind == "four_moves":
        return t.gettext("Four moves")
    if kind.startswith("progression"):  # the turns of ordinary doubles come from the rules' options
        n = rs.abilities.normal_doubles_turns or 0
        if n == 1:  # a different sentence, not a plural form: Turkish says "İlk sırada" here
            return t.gettext("Four moves on the first turn, then a progression up to 6")
        return t.gettext("Four moves in the first %(num)d turns, then a progression up to 6") % {"num": n}
    return kind


def _special(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    names = {
        "closed_board_skips_roll": t.gettext("a player on the bar facing a closed board does not roll"),
        "no_hit_and_run_in_home": t.gettext("no hit-and-run in the home board"),
        "doubling_cube": t.gettext("doubling cube"),
        "crawford": t.gettext("Crawford rule"),
        "head_rule": t.gettext("head rule"),
        "six_block_rule": t.gettext("no six-point prime"),
        "mother_rule": t.gettext("mother checker"),
        "pinned_blocks_bear_off": t.gettext("a pinned checker stops the bear-off"),
        "doubles_progression": t.gettext("doubles progression"),
    }
    out = []
    for key in _facts(rs)["special_rules"]:
        text = names.get(key, key.replace("_", " "))
        if key in rs.abilities.rules_off:
            text = t.gettext("%(rule)s (optional: played only by agreement)") % {"rule": text}
        out.append(text)
    return ", ".join(out) if out else "—"


def result_name(name: str, t: gettext.GNUTranslations) -> str:
    """A result kind's name in `t`'s language: English says gammon where Turkish says mars."""
    return {"single": t.gettext("single game"), "mars": t.gettext("mars"), "gammon": t.gettext("gammon"),
            "katmerli_mars": t.gettext("katmerli mars"), "backgammon": t.gettext("backgammon"),
            "mother_pin": t.gettext("mother pin"), "draw": t.gettext("draw")}.get(name, name.replace("_", " "))


def _scoring(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    text = ", ".join(t.ngettext("%(name)s %(num)d point", "%(name)s %(num)d points", n)
                     % {"name": result_name(k, t), "num": n} for k, n in _facts(rs)["scoring"])
    if _facts(rs)["cube"]:
        text += t.gettext("; times the cube")
    return text + _optional_result(rs, t)


def _optional_result(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    """The 3-point result a rule option can switch on (Tavla's katmerli mars), said to be optional:
    seed 1 gives it, so the table must not read as if the game had no such result at all."""
    name = rs.backgammon_name
    if not name or rs.backgammon_enabled or name not in rs.options:
        return ""
    on = dict(_facts(rs.with_options(**{name: True}))["scoring"])
    if name not in on:
        return ""
    n = on[name]
    return t.ngettext("; optional: %(name)s %(num)d point", "; optional: %(name)s %(num)d points", n) \
        % {"name": result_name(name, t), "num": n}


def _cube(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    f = _facts(rs)
    if not f["cube"]:
        return t.gettext("No")
    if f["cube_max"] is None:
        return t.gettext("Yes, no limit")
    return t.gettext("Yes, up to %(num)d") % {"num": f["cube_max"]}


def _crawford(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    return t.gettext("Yes") if rs.crawford else t.gettext("No")


def _match(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    n = rs.match_length
    if n is None:
        return "—"
    return t.ngettext("first to %(num)d point", "first to %(num)d points", n) % {"num": n}


def _next_game(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    kind = _facts(rs)["next_game_starter"]
    return {"opening_roll": t.gettext("With an opening roll again"),
            "previous_winner": t.gettext("The previous game's winner starts")}.get(kind, kind)


def _pips(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    return str(_facts(rs)["starting_pips"])


ROWS: tuple[tuple[str, str, Callable[[Ruleset, gettext.GNUTranslations], str]], ...] = (
    ("start", N_("Starting position (own points)"), _start),
    ("pips", N_("Starting pip count"), _pips),
    ("directions", N_("Directions"), _directions),
    ("closed", N_("A point is closed by"), _closed),
    ("blot", N_("Landing on an opposing blot"), _blot),
    ("doubles", N_("Doubles"), _doubles),
    ("special", N_("Special rules"), _special),
    ("opening", N_("Opening roll"), _opening),
    ("next_game", N_("How the next game of a match starts"), _next_game),
    ("closed_board", N_("Checker on the bar, opponent's board closed"), _closed_board),
    ("scoring", N_("Scoring"), _scoring),
    ("cube", N_("Doubling cube"), _cube),
    ("crawford", N_("Crawford rule"), _crawford),
    ("match", N_("Match length"), _match),
)


def summary_rows(rulesets: Sequence[Ruleset], t: gettext.GNUTranslations) -> list[SummaryRow]:
    """Every summary row for these rulesets, labels and cells in `t`'s language."""
    return [SummaryRow(key, t.gettext(label), tuple(fn(rs, t) for rs in rulesets)) for key, label, fn in ROWS]


def variant_name(rs: Ruleset, t: gettext.GNUTranslations) -> str:
    """The variant's display name in `t`'s language ("Tavla (Türk)", "Backgammon")."""
    return t.gettext(rs.table_name)  # msgids: the rulesets' Facts.table_name / display_name
