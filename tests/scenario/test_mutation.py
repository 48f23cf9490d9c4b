"""Mutation test: every claim of every shipped scenario is load-bearing.

For each claim we write a mutant (a count off by one, a legal play moved to
`illegal:`, odds changed by one roll, the other winner …) and assert the
checker rejects it. A claim whose mutant still passes would prove nothing.
"""
import copy
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from tavla_docs.scenario import ScenarioError, check_scenario, load_scenario

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


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
            else:  # pragma: no cover - a new claim kind needs a mutant here
                pytest.fail(f"no mutant for claim {key!r}")


def test_the_seed_scenarios_have_claims():
    ours = [p for p in FILES if p.parent.name == "bear-off"]
    assert len(ours) >= 30
    assert all(list(mutants(yaml.safe_load(p.read_text(encoding="utf-8")))) for p in ours)


def fails(doc) -> bool:
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    try:
        scenario = load_scenario(Path("mutant.yaml"), None, text=text)
    except ScenarioError:
        return True
    return bool(check_scenario(scenario))


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT).as_posix() for p in FILES])
def test_every_claim_is_load_bearing(path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert not fails(doc), "the shipped scenario itself must pass"
    made = list(mutants(doc))
    if not made:
        pytest.skip("a drawing without claims: nothing to mutate")
    survivors = [what for what, m in made if not fails(m)]
    assert not survivors, f"mutants that still pass: {survivors}"
