"""`tavla-docs facts [GAME]`: the rule facts a page can declare with `{{ states("fact") }}`.

Each line is a fact's name and what each of its values says; with a game, the value that game
plays (its default options), so an author finds the name of the rule a paragraph states.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("facts", help="list the rule facts a paragraph can declare with states(\"fact\")",
                       description="List the rule facts of the rule-sentence lexicon: each fact's name and "
                                   "what each value says; with GAME, the value that game plays.")
    p.add_argument("game", nargs="?", help="a game (tavla, backgammon, uzun, tapa, gulbara, …)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ...engine.rules import RulesetError
    from ...site.audit.lexicon import lexicon
    from ...site.audit.statements import truth
    from ...variants import ruleset

    lex = lexicon()
    rules = None
    if args.game:
        try:
            rules = ruleset(args.game)
        except (RulesetError, KeyError, ValueError) as e:
            print(f"tavla-docs facts: error: {e}", file=sys.stderr)
            return 1
    for name in sorted(lex.facts):
        fact = lex.facts[name]
        if rules is not None:
            known, value = truth(fact, rules, lex)
            if known:
                print(f"{name}: {fact.says.get(value, value)}")
            continue
        print(f"{name}: " + " | ".join(f"{v}: {c}" for v, c in fact.says.items()))
    return 0
