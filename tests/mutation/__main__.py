"""`python -m tests.mutation [SEED] [PROJECT]`: print the mutation score of the test's fixture project
(tests/mutation/project/), or of another project folder (the site's own: `.`)."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from .mutants import FIXTURE, score


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    source = Path(sys.argv[2]) if len(sys.argv) > 2 else FIXTURE
    with tempfile.TemporaryDirectory() as tmp:
        caught, results = score(Path(tmp) / "project", seed, source)
    for m, how in results:
        print(f"{'caught by ' + how if how else 'SURVIVED':>16}  {m.describe()}")
    print(f"mutation score: {caught}/{len(results)} ({100 * caught / max(len(results), 1):.1f}%), seed {seed}")


if __name__ == "__main__":
    main()
