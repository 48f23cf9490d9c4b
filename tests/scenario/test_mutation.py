"""Mutation test: every claim of every shipped scenario is load-bearing.

For each claim we write a mutant (a count off by one, a legal play moved to
`illegal:`, odds changed by one roll, the other winner …) and assert the
checker rejects it. A claim whose mutant still passes would prove nothing.
"""
import copy
import re
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario
from tests.fixture import PROJECT

ROOT = PROJECT / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))
BOOL = "tag:yaml.org,2002:bool"


class Words(yaml.SafeLoader):
    """YAML as the project reads it (formats.yamlmarks): yes/no/on/off are words, so the claim
    key `off:` stays a key and does not turn into False."""


Words.yaml_implicit_resolvers = {k: [(tag, rx) for tag, rx in v if tag != BOOL]
                                 for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Words.add_implicit_resolver(BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def read(path: Path):
    return yaml.load(path.read_text(encoding="utf-8"), Loader=Words)  # Words is a SafeLoader


def frames(doc):
    yield doc
    yield from doc.get("then") or []


def mutants(doc):
    """(description, mutated document) for every claim in every frame."""
    for fi, frame in enumerate(frames(doc)):
        for key, value in (frame.get("expect") or {}).items():
            def mutate(fn, what, key=key, fi=fi):
                m = copy.deepcopy(doc)
                fn(list(frames(m))[fi]["expect"])
                return f"frame {fi}: {key}: {what}", m
            if key in ("plays", "dice_used"):
                yield mutate(lambda e, k=key: e.__setitem__(k, e[k] + 1), "count + 1")
            elif key in ("legal", "illegal"):
                other = "illegal" if key == "legal" else "legal"
                for i, play in enumerate(value):
                    def move(e, k=key, o=other, i=i):
                        item = e[k].pop(i)
                        if not e[k]:
                            del e[k]
                        e.setdefault(o, []).append(item)
                    yield mutate(move, f"{play} moved to {other}")
            elif key == "forced":
                def unforce(e):
                    e["illegal"] = [e.pop("forced")]
                yield mutate(unforce, "forced play claimed illegal")
            elif key == "in_order":
                for sub in list(value):
                    for i, play in enumerate(value[sub]):
                        other = "illegal" if sub == "legal" else "legal"
                        def swap(e, s=sub, o=other, i=i):
                            item = e["in_order"][s].pop(i)
                            e["in_order"].setdefault(o, []).append(item)
                        yield mutate(swap, f"in_order {play} moved to {other}")
            elif key == "no_play":
                yield mutate(lambda e: e.__setitem__("no_play", not e["no_play"]), "negated")
            elif key == "odds":
                for outcome, frac in value.items():
                    n = Fraction(frac) * 36
                    new = f"{int(n) - 1 if n else 1}/36"
                    yield mutate(lambda e, o=outcome, new=new: e["odds"].__setitem__(o, new), f"{outcome} {frac} -> {new}")
            elif key == "result":
                def flip(e):
                    r = e["result"]
                    if isinstance(r, str):
                        e["result"] = {"winner": "white"}
                    elif "winner" in r:
                        r["winner"] = "black" if r["winner"] == "white" else "white"
                    elif "points" in r:
                        r["points"] += 1
                    else:
                        e["result"] = "none"
                yield mutate(flip, "other outcome")
            elif key == "pips":
                for side in value:
                    yield mutate(lambda e, s=side: e["pips"].__setitem__(s, e["pips"][s] + 1), f"{side} pips + 1")
            elif key in FACTS or key == "after":
                for where, what, change in fact_mutants(key, value):
                    def apply(e, where=where, change=change):
                        node = e
                        for k in where[:-1]:
                            node = node[k]
                        node[where[-1]] = change(node[where[-1]])
                    yield mutate(apply, what)
            elif key == "may_double":
                yield mutate(lambda e: e.__setitem__("may_double", not e["may_double"]), "negated")
            elif key == "double":
                for action, answer in value.items():
                    for field, v in answer.items():
                        if field == "value":
                            new = v * 2
                        elif field == "points":
                            new = v + 1
                        else:  # owner, winner: the other side
                            new = "black" if v == "white" else "white"
                        def answer_(e, a=action, f=field, n=new):
                            e["double"][a][f] = n
                        yield mutate(answer_, f"{action} {field} {v} -> {new}")
            else:  # pragma: no cover - a new claim kind needs a mutant here
                pytest.fail(f"no mutant for claim {key!r}")


FACTS = ("home", "off", "bar", "on_board", "point", "cube")


def one_off(n: int) -> int:
    """A checker count one away, still 0–15."""
    return n - 1 if n == 15 else n + 1


def other_point(spec):
    """What a point does not hold: one checker more of a colour it names (or a white one if empty)."""
    if isinstance(spec, dict):
        side = next(iter(spec))
        return {**spec, side: one_off(spec[side])}
    words = str(spec).split()
    if words == ["empty"]:
        return "white 1"
    side, n = (words[0], int(words[1])) if words[0] in ("white", "black") else (words[1], int(words[0]))
    return f"{side} {one_off(n)}"


def fact_mutants(key, value, where=()):
    """(path inside expect, description, change) for each fact claim, `after:` ones included."""
    path = (*where, key)
    if key == "after":
        for k, v in value.items():
            if k == "pips":
                for side in v:
                    yield (*path, k, side), f"after pips {side} + 1", lambda n: n + 1
            else:
                yield from fact_mutants(k, v, path)
    elif key == "point":
        for b in value:
            yield (*path, b), f"{'/'.join(map(str, path))} {b} holds something else", other_point
    elif key == "cube":
        yield path, "cube value doubled", lambda c: {**c, "value": c.get("value", 1) * 2}
    else:
        for side in value:
            yield (*path, side), f"{'/'.join(map(str, path))} {side} one off", one_off


def test_the_seed_scenarios_have_claims():
    ours = [p for p in FILES if p.parent.name == "bear-off"]
    assert len(ours) >= 30
    assert all(list(mutants(read(p))) for p in ours)


def fails(doc) -> bool:
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    try:
        scenario = load_scenario(Path("mutant.yaml"), None, text=text)
    except ScenarioError:
        return True
    return bool(check_scenario(scenario))


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT).as_posix() for p in FILES])
def test_every_claim_is_load_bearing(path):
    doc = read(path)
    assert not fails(doc), "the shipped scenario itself must pass"
    made = list(mutants(doc))
    if not made:
        pytest.skip("a drawing without claims: nothing to mutate")
    survivors = [what for what, m in made if not fails(m)]
    assert not survivors, f"mutants that still pass: {survivors}"
