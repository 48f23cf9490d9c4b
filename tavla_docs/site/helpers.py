"""The functions a page calls: `diagram`, `story`, `odds_table`, `rules_summary`, `play`, `notation_legend`, `glossary`.

Each works on one `page.Page` (figure numbers, anchors, fragments, scenario
files used) and draws on the build through its `Site` protocol. Block helpers
return a placeholder (see `placeholders`); `play` is inline HTML. The odds
helpers (`bearoff_table`, …) live in `odds_pages.py`; the renderer puts both
sets into a page's context.
"""
from __future__ import annotations

import html
import inspect
import posixpath
import re
from collections.abc import Callable, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any, TypeVar

from markupsafe import Markup

from .declare import states
from .errors import HelperError
from .facts.plays import play_subject
from .figures import described_by
from .odds_pages import OddsHelpers, cell, parse_home, show_chance, show_rolls
from .odds_rows import OddsRow, odds_label, parse_odds_spec
from .page import Page
from .provenance import FactMarkup, Word
from .quoting import clip, quote
from .reading import read_play
from .sandbox import HELPER_UNITS, costs
from .tablelabels import odds_columns

if TYPE_CHECKING:
    from ..engine.rules import Ruleset
    from .facts.frame import FrameFacts
    from .facts.rules import RuleFacts

T = TypeVar("T")

MAX_ORDERS = 24  # orders of a prose play's moves tried (4 moves of a double: 4! = 24)


def shown_as(owner: str) -> Callable[[type[T]], type[T]]:
    """Class decorator: Python's messages name the class's methods `owner.method`.

    A page that calls a helper wrongly sees Python's TypeError in its error line
    (`x.md:3: error: TypeError: _Page.diagram() missing 1 required positional
    argument: 'name'`). `_Page` was the helpers' class when authors first saw
    these messages; this keeps their text whatever the class is called here.

    >>> PageHelpers.diagram.__qualname__
    '_Page.diagram'
    """
    def rename(cls: type[T]) -> type[T]:
        for name, value in vars(cls).items():
            if inspect.isfunction(value):
                value.__qualname__ = f"{owner}.{name}"
        return cls
    return rename


@costs(HELPER_UNITS)
@shown_as("_Page")
class PageHelpers:
    """The helper functions of one page (except the odds ones, `odds_pages.OddsHelpers`)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.site = page.site
        self.lang = page.lang
        self.t = page.t

    def helpers(self) -> dict[str, Any]:
        """These helpers by the names pages call them."""
        return {
            "diagram": self.diagram, "story": self.story, "odds_table": self.odds_table, "rules_summary": self.rules_summary,
            "play": self.play, "notation_legend": self.notation_legend, "glossary": self.glossary,
            "ruleset": self.ruleset, "rules": self.rules, "scenario": self.scenario, "not_a_fact": self.not_a_fact,
            "try_it": self.try_it, "page_list": self.page_list, "practice": self.practice, "states": states,
        }

    def page_list(self) -> str:
        """`{{ page_list() }}`: the site's other pages in this language, in navigation order, each
        its title (a link) and its front matter's `summary:` (else `description:`).

        Made here from the language's folder and mkdocs.yml (what `export` prints), with those
        files as the page's dependencies; a site build then puts the navigation's own list in its
        place (`navigation.fill_page_lists`), so a page added since a cached build is listed too.
        """
        from pathlib import Path

        from .languages import folder_listing, page_list_html, summary_of
        self.page.check_blocks()
        root = getattr(self.site, "root", None)  # the renderer's project; a bare Site lists nothing here
        items = []
        if root is not None:
            lister = getattr(self.site, "page_listing", None)  # the renderer's, read once per build
            listing = lister(self.lang) if lister is not None else folder_listing(Path(root), self.lang)
            here = next((rel for rel, path, _, _, _ in listing.entries if path.as_posix().endswith("/" + self.page.path)), "")
            for rel, path, meta, title, digest in listing.entries:
                if rel != here:
                    items.append((posixpath.relpath(rel, posixpath.dirname(here) or "."), title, summary_of(meta)))
                self.page.deps[self.site.rel(path)] = digest
            if listing.config_digest is not None:
                self.page.deps[self.site.rel(listing.config)] = listing.config_digest
        return self.page.block(page_list_html(items))

    # -- facts in prose (see facts/ and docs/authoring.md, "Facts in prose")
    def rules(self, name: str = "tavla", **options: Any) -> RuleFacts:
        """`{{ rules("tavla").checkers }}`: a variant's rule facts (`facts.rules.RuleFacts`), printed
        in the page's language; options as for `ruleset`."""
        from .facts.rules import RuleFacts
        return RuleFacts(self.ruleset(name, **options), self.lang, given=frozenset(options), t=self.t)

    def scenario(self, name: str, step: int = 0) -> FrameFacts:
        """`{% set s = scenario("bear-off/mid-move") %}`: the computed facts of one frame of a
        scenario whose claims hold (`facts.frame.FrameFacts`)."""
        from ..scenario.draw import StepError, check_step
        from .facts.frame import FrameFacts
        s = self.site.checked_scenario(name, self.page.deps)
        try:
            index = check_step(s, step)
        except StepError as e:
            raise HelperError(f"scenario {quote(name)}: {e}") from None
        self.page.stated.add(name)
        return FrameFacts(s, index, self.lang, self.t)

    def not_a_fact(self, text: str, why: str) -> str:
        """`{{ not_a_fact("2026", "the year of the rules text") }}`: digits that state no fact of the
        game; the audit lists every use with its reason."""
        if not isinstance(text, str) or not isinstance(why, str) or not why.strip():
            raise HelperError("not_a_fact(text, why) takes the text and a reason, e.g. "
                              "not_a_fact(\"1.6\", \"MkDocs' version\")")
        return Word(html.escape(text, quote=False))  # listed by the audit as a marker, with its reason

    def ruleset(self, name: str, **options: Any) -> Ruleset:
        from ..engine.rules import RulesetError
        from ..variants import ruleset
        try:
            return ruleset(name, **options)
        except RulesetError as e:
            raise HelperError(clip(str(e), 200)) from None

    def diagram(self, name: str, caption: str | None = None, step: int | None = None, play: bool | None = None) -> str:
        """`{{ diagram("bear-off/mid-move") }}`: the scenario's board, caption and facts.

        `step=k` draws frame k of a `then:` story (0 = the scenario's own frame) and labels it
        "Step k+1/N"; without `step` the figure is drawn exactly as before. A scenario whose
        `diagram:` says `try: true` is drawn as `try_it(name)`: the same figure, playable
        (`play=False` keeps it a plain figure, `play=True` asks for a board whatever the scenario says).
        """
        if play is None and step is None:
            s = self.site.checked_scenario(name, self.page.deps)
            play = s.diagram.playable or s.exercise is not None  # an exercise is played, never only looked at
        if play:
            return self.try_it(name, step or 0, caption=caption)
        self.page.check_blocks()
        return self.page.block(self._figure(name, caption, step))

    def try_it(self, name: str, step: int = 0, caption: str | None = None) -> str:
        """`{{ try_it("bear-off/order-matters") }}`: the figure `diagram(name)` draws, plus the legal
        plays as a tree of single-die steps for `tavla-try.js`, which lets a reader play the roll
        on it (without JavaScript the page shows the plain figure). `step=k` starts a story at
        frame k (labelled as `diagram(…, step=k)` is); the reader can go through every frame."""
        self.page.check_blocks()
        return self.page.block(self._board(name, step, caption))

    def _board(self, name: str, step: int = 0, caption: str | None = None) -> str:
        """A try-it board's HTML (`try_it`), with its exercise's data when the scenario has one."""
        from .exercise import exercise_json
        from .tryit import board_json
        figure = self._figure(name, caption, step or None)
        data = board_json(self.site, name, self.lang, self.page.deps, step)
        exercise = exercise_json(self.site, name, self.lang, self.page.deps)  # None without `exercise:`
        return self.site.partial("try_it.html", self.lang, figure=Markup(figure), data=Markup(data),
                                 scenario=name, exercise=Markup(exercise) if exercise else None)

    def practice(self, names: list[str]) -> str:
        """`{{ practice(["bear-off/ex-two", "bear-off/ex-safe"]) }}`: a short series of exercises,
        one board at a time with the reader's progress kept on the device (`tavla-exercise.js`);
        without JavaScript every figure shows. Each scenario needs an `exercise:`."""
        from .exercise import practice_key
        if not isinstance(names, list | tuple) or not names or not all(isinstance(n, str) for n in names):
            raise HelperError('practice(names) takes a list of scenario names, like practice(["bear-off/ex-two"])')
        if len(set(names)) != len(names):
            raise HelperError("practice(names): a scenario is listed twice")
        self.page.check_blocks()
        boards = []
        for name in names:
            if self.site.checked_scenario(name, self.page.deps).exercise is None:
                raise HelperError(f"practice: {quote(name)} has no `exercise:`; give it a goal, like "
                                  "exercise: {goal: bear_off}")
            boards.append(Markup(self._board(name)))
        return self.page.block(self.site.partial("practice.html", self.lang, boards=boards,
                                                 key=practice_key(list(names))))

    def story(self, name: str) -> str:
        """`{{ story("bear-off/hit-story") }}`: every frame of a scenario in order, one numbered
        figure each with its own caption and "Step k/N", grouped so they read as one sequence."""
        self.page.check_blocks()
        first = self.site.figure_data(name, self.lang, self.page.deps, step=0, repeat=self._repeat(name, 0))
        n = int(first["frames"])
        figures = [Markup(self._figure(name, None, k, first if k == 0 else None)) for k in range(n)]
        return self.page.block(self.site.partial("story.html", self.lang, figures=figures, count=n, scenario=name))

    def _repeat(self, name: str, step: int | None) -> int:
        """How often this frame is already on the page (its SVG ids then get a suffix)."""
        return self.page.drawn.get((self.site.rel(self.site.scenario_path(name)), step or 0), 0)

    def _figure(self, name: str, caption: str | None, step: int | None,
                data: dict[str, Any] | None = None) -> str:
        if data is None:
            data = self.site.figure_data(name, self.lang, self.page.deps, step=step, repeat=self._repeat(name, step))
        drawn = (self.site.rel(self.site.scenario_path(name)), step or 0)
        self.page.drawn[drawn] = self.page.drawn.get(drawn, 0) + 1
        self.page.figures += 1
        anchor = "fig-" + re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
        frames = int(data.get("frames", 1))
        if step is not None and frames > 1:
            anchor += f"-step-{step + 1}"
        if anchor in self.page.anchors:
            anchor += f"-{self.page.figures}"
        self.page.anchors.add(anchor)
        return self.site.partial(
            "figure.html", self.lang, svg=Markup(described_by(data["svg"], f"{anchor}-caption")),
            number=self.page.figures, anchor=anchor,
            caption=caption if caption is not None else Markup(data["caption"]), facts=data["facts"], scenario=name,
            step=step, steps=frames if step is not None and frames > 1 else None,
            counters={"Step %(num)d/%(count)d": {"num": step + 1, "count": frames}}
            if step is not None and frames > 1 else None)  # `audit.counters`: the label this frame must print

    def odds_table(self, rows: Sequence[str], variant: str | Ruleset = "tavla", caption: str | None = None,
                   expected: bool = False, within: int | None = None) -> str:
        """`{{ odds_table(["1|2|3", "4", "5", "6"]) }}`: rolls (of 36) that bear off the last checkers.

        `expected=True` adds the exact expected rolls to bear off, `within=2` P(off within
        2 rolls), both under best play (fewest expected rolls; `tavla_docs.analysis.bearoff`).
        """
        from ..engine.rules import Ruleset
        if isinstance(rows, str):
            raise HelperError("odds_table takes a list of rows, e.g. [\"1|2|3\", \"4\"]")
        rows = list(rows)
        self.page.count_rows(len(rows))
        rules = variant if isinstance(variant, Ruleset) else self.ruleset(variant)
        if within is not None and (not isinstance(within, int) or within < 1):
            raise HelperError(f"within={quote(within)}: a number of rolls, 1 or more")
        if (expected or within) and rules.exact_bear_off:
            raise HelperError(f"expected rolls come from the bear-off database, which lets a larger die bear off "
                              f"the farthest checker; {rules.variant} does not")
        odds = OddsHelpers(self.page)
        out: list[OddsRow] = []
        n_checkers = None
        for spec in rows:
            alts = parse_odds_spec(spec)
            counts = self.site.odds_counts(str(spec), rules)
            if len(set(counts)) > 1:
                raise HelperError(f"odds row {quote(spec)} joins positions with different odds "
                                  f"({', '.join(map(str, counts))} of 36); "
                                  "give them separate rows")
            sizes = {len(a) for a in alts}
            if n_checkers is None:
                n_checkers = sizes.pop() if len(sizes) == 1 else 0
            elif sizes != {n_checkers}:
                raise HelperError(f"odds row {quote(spec)}: every row of a table has the same number of checkers")
            row = OddsRow(odds_label(alts, self.t), counts[0])
            if expected or within:
                nums = [odds.numbers(parse_home("+".join(map(str, a))), (within,) if within else ()) for a in alts]
                if len({(n.expected, tuple(n.within.values())) for n in nums}) > 1:
                    raise HelperError(f"odds row {quote(spec)} joins positions with different expected rolls; "
                                      "give them separate rows")
                n0 = nums[0]
                row = OddsRow(row.label, row.count, cell(show_rolls(n0.expected, self.lang), n0.expected.approx),
                              cell(show_chance(n0.within[within], self.lang, within), n0.within[within].approx)
                              if within else None)
            out.append(row)
        self.page.tables += 1
        from ..engine.dice import ALL_ROLLS
        rolls = sum(r.weight for r in ALL_ROLLS)  # the equally likely outcomes of two dice
        return self.page.block(self.site.partial("odds_table.html", self.lang, rows=out, checkers=n_checkers or 0,
                                                 caption=caption, expected=expected, within=within, rolls=rolls,
                                                 columns=odds_columns(n_checkers or 0),
                                                 numbers={"within": (within,)} if within else None))

    def rules_summary(self, variants: Sequence[str | Ruleset], differences_only: bool = False,
                      caption: str | None = None) -> str:
        """`{{ rules_summary(["tavla", "backgammon"]) }}`: a table derived from the rulesets."""
        from ..engine.rules import Ruleset
        from .summary import summary_rows, variant_name
        if isinstance(variants, str):
            variants = [variants]
        variants = list(variants)
        self.page.count_rows(len(variants))
        rulesets = [v if isinstance(v, Ruleset) else self.ruleset(v) for v in variants]
        rows = summary_rows(rulesets, self.t)
        if differences_only:
            rows = [r for r in rows if r.differs]
        self.page.tables += 1
        return self.page.block(self.site.partial("rules_summary.html", self.lang, rows=rows, caption=caption,
                                                 names=[variant_name(rs, self.t) for rs in rulesets],
                                                 # every row of a differences-only table differs: no marks, no note
                                                 compare=len(rulesets) == 2 and not differences_only))

    def play(self, text: str, at: str | None = None, step: int = 0, legal: bool = True, part: bool = False,
             in_order: bool = False, variant: str | None = None) -> Markup:
        """`{{ play("9/3 3/off", at="bear-off/mid-move") }}`: the notation (bar/off kept), with a
        reading in the page's language.

        With `at`, the play is checked in that scenario's frame `step`: it must be a legal play
        (`legal=False`: must not be one); `in_order=True`: playable die by die in the written
        order; `part=True`: the first moves of the turn, playable in the written order. Without
        `at` the play is notation only, and the audit counts it as a literal.

        The reading knows the game: where landing on a blot pins it (Tapa), `*` is read as a
        pin. The game is the scenario's with `at`, else `variant=` ("tapa"), else one that hits.
        """
        from ..engine.notation import NotationError, parse_play
        try:
            segs = parse_play(text)
        except NotationError as e:
            raise HelperError(f"play {quote(text)}: {clip(str(e), 200)} (column {e.column + 1})") from None
        rules = None
        if at is not None:
            rules = self._check_play(text, at, step, legal, part, in_order)
        elif variant is not None:
            rules = self.ruleset(variant)
        pins = rules is not None and rules.blot == "pin"
        shown = " ".join(str(s) for s in segs) if segs else self.t.gettext("no move")
        code = Markup('<code class="tavla-play" title="{}">{}</code>').format(
            read_play(text, self.t, pins), Markup(html.escape(shown).replace("*", "&#42;")))
        if at is None:
            return code  # without a position: typed notation
        fact = FactMarkup(code)
        # the written order is the order played when `in_order` or `part`: "the six first" can be checked;
        # its points, for a sentence that names what stands where it lands (`audit.playpoints`)
        facts = self.scenario(at, step)
        fact.about = play_subject(text, facts.frame.roll, facts.frame.turn, facts.rules_.geometry,
                                  ordered=in_order or part)
        return fact

    def _check_play(self, text: str, at: str, step: int, legal: bool, part: bool, in_order: bool) -> Ruleset:
        """Check the play in the frame (see `play`); the frame's ruleset, which the reading follows."""
        from ..engine.notation import NotationError, parse_play
        from ..engine.written import legal_in_order
        from ..scenario.claims import DEFAULT_ENGINE, plays_text
        facts = self.scenario(at, step)
        f, rules = facts.frame, facts.rules.ruleset
        where = f"{at}" + (f" step {step}" if step else "")
        if f.roll is None:
            raise HelperError(f"play {quote(text)} at {quote(where)}: the scenario has no roll, so no play is legal there")
        plays = DEFAULT_ENGINE.plays(f.position, f.turn, f.roll, rules, f.ctx)
        try:
            segments = parse_play(text)
            orders = [segments] if in_order or part else list(dict.fromkeys(permutations(segments)))[:MAX_ORDERS]
            ok, why = False, ""
            for order in orders:  # a play in prose names its moves; any order of them the dice allow
                ok, reason = legal_in_order(f.position, f.turn, f.roll, rules, order, plays=plays, ctx=f.ctx)
                if part and reason.startswith("these moves can be played in this order but they are not a whole"):
                    ok = True
                why = why or reason
                if ok:
                    break
        except NotationError as e:
            ok, why = False, str(e)
        what = "the first moves of a turn" if part else "playable in this order" if in_order else "a legal play"
        if not ok and not part:
            why += "; " + plays_text(plays)
        why = clip(why, 240)
        if legal and not ok:
            raise HelperError(f"play {quote(text)} is not {what} with {f.roll} in {where}: {why}")
        if not legal and ok:
            raise HelperError(f"play {quote(text)} is {what} with {f.roll} in {where}, "
                              "but the page says it is not (legal=False)")
        return rules

    def notation_legend(self, variant: str | None = None) -> str:
        """`{{ notation_legend() }}`; `notation_legend("tapa")` says that `*` marks a pin there."""
        self.page.check_blocks()
        rules = self.ruleset(variant) if variant is not None else None
        return self.page.block(self.site.partial("notation_legend.html", self.lang, rules=rules))

    def glossary(self, section: str | None = None) -> str:
        """`{{ glossary("board") }}`: one section's table (the page writes the heading); no argument: all."""
        self.page.check_blocks()
        sections = self.site.glossary_data()
        if section is not None:
            chosen = [s for s in sections if s["id"] == section]
            if not chosen:
                raise HelperError(f"no glossary section {quote(section)}; "
                                  f"sections: {', '.join(s['id'] for s in sections)}")
            sections = chosen
        self.page.tables += 1
        return self.page.block(self.site.partial("glossary.html", self.lang, sections=sections, headings=section is None))
