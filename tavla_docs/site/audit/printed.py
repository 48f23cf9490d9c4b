"""The checks of printed text that a page and a caption share: one list, so a check added for
what pages print reaches captions too (and the reverse).

A page adds what only a page has (numbers Markdown swallows, raw HTML, partials, the plays of
the scenarios it sets); a caption adds its figure's play and options (`figurewords`). Each
check's problems are located at the `{{ … }}` that printed the words, or at the source line.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .declared import declared_problems
from .dieplays import die_play_problems
from .diepointwords import die_point_word_problems
from .dieverbs import die_verb_problems
from .doublecounts import double_count_problems
from .gamefacts import game_fact_problems
from .geowords import geometry_word_problems
from .homewords import home_word_problems
from .offcounts import off_count_problems
from .optvalues import option_value_problems
from .ownnumbers import own_number_problems
from .playpoints import play_point_problems
from .problems import Problem
from .reader import meaning_problems, printed_problems, subject_problems
from .resultwords import result_word_problems
from .roles import role_problems
from .rolewords import role_word_problems
from .rollkinds import roll_kind_problems
from .rollsets import roll_set_problems
from .siblings import sibling_problems
from .sidecolumns import side_column_problems
from .sidemix import side_mix_problems
from .sideroles import side_role_problems
from .statements import statement_problems
from .subjects import subject_word_problems
from .units import unit_problems
from .winwords import plain_win_problems

if TYPE_CHECKING:
    from ...engine.rules import Ruleset


def printed_text_problems(marked: str, lang: str, path: str, source: str, first_line: int,
                          sides: dict[str, str], rules: Ruleset | None) -> list[Problem]:
    """What every rendered text with provenance marks is checked for: facts no helper computed,
    a side's or a subject's fact in words about another, a count of another kind, a number before
    another measure's noun, a roll (or a roll's count) of the other kind or of another roll, and
    rule sentences the game (`rules`) contradicts."""
    return printed_problems(marked, lang, path, source, first_line) \
        + subject_problems(marked, lang, path, source, first_line, sides) \
        + meaning_problems(marked, lang, path, source, first_line) \
        + subject_word_problems(marked, lang, path, source, first_line) \
        + die_play_problems(marked, lang, path, source, first_line) \
        + role_problems(marked, lang, path, source, first_line, sides) \
        + side_role_problems(marked, lang, path, source, first_line, sides) \
        + roll_kind_problems(marked, lang, path, source, first_line) \
        + unit_problems(marked, lang, path, source, first_line) \
        + play_point_problems(marked, lang, path, source, first_line) \
        + statement_problems(marked, lang, path, source, first_line, rules) \
        + declared_problems(marked, lang, path, source, first_line, rules) \
        + side_column_problems(marked, lang, path, source, first_line, sides) \
        + side_mix_problems(marked, lang, path, source, first_line, sides) \
        + game_fact_problems(marked, lang, path, source, first_line) \
        + option_value_problems(marked, path, source, first_line, rules) \
        + sibling_problems(marked, lang, path, source, first_line, sides) \
        + role_word_problems(marked, lang, path, source, first_line) \
        + off_count_problems(marked, lang, path, source, first_line) \
        + roll_set_problems(marked, lang, path, source, first_line) \
        + result_word_problems(marked, lang, path, source, first_line) \
        + double_count_problems(marked, lang, path, source, first_line) \
        + die_verb_problems(marked, lang, path, source, first_line) \
        + die_point_word_problems(marked, lang, path, source, first_line) \
        + geometry_word_problems(marked, lang, path, source, first_line, sides) \
        + plain_win_problems(marked, lang, path, source, first_line) \
        + own_number_problems(marked, lang, path, source, first_line, sides, rules) \
        + home_word_problems(marked, lang, path, source, first_line)
