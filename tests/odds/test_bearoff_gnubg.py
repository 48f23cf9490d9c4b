"""Independent check against GNU Backgammon's own one-sided bear-off database (gnubg_os0.bd).

gnubg stores P(off in exactly n rolls) as 16-bit fractions of 65535 under the
same criterion (minimum expected rolls), so agreement is to its quantisation:
expected rolls within 5e-4, P(off within n) within 5e-3 (the whole file agrees
to 2.0e-4 and 1.7e-3). Skipped when the gnubg Python module is not installed.
"""
from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from tavla_docs.analysis import bearoff as bo

gnubg = pytest.importorskip("gnubg")


def _reader():
    path = Path(gnubg.__file__).parent / "data" / "gnubg_os0.bd"
    if not path.exists():
        pytest.skip("gnubg's one-sided database file is not installed")
    data = path.read_bytes()
    assert data.startswith(b"gnubg-OS-06-15-1-1-0")  # 6 points, 15 checkers, gammon data, compressed
    n = bo.position_count()

    def exactly(home):
        i = gnubg.position_bearoff(list(home) + [0] * 19, 6, 15)
        off, nz, first, _nzg, _firstg = struct.unpack_from("<IBBBB", data, 40 + 8 * i)
        vals = struct.unpack_from(f"<{nz}H", data, 40 + 8 * n + 2 * off)
        total = sum(vals)
        return first, [v / total for v in vals]

    return exactly


def test_agrees_with_gnubg_on_random_homes(db):
    exactly = _reader()
    rng = random.Random(6)
    for _ in range(2000):
        home = bo.home_at(rng.randrange(1, bo.position_count()))
        first, probs = exactly(home)
        mean = sum((first + k) * p for k, p in enumerate(probs))
        assert db.expected_rolls(home) == pytest.approx(mean, abs=5e-4), home
        cum = 0.0
        for k, p in enumerate(probs):
            cum += p
            assert db.off_within(home, first + k) == pytest.approx(cum, abs=5e-3), (home, first + k)


def test_hand_worked_six_point_in_gnubg_too():
    first, probs = _reader()((0, 0, 0, 0, 0, 1))
    assert first == 1 and probs[0] == pytest.approx(27 / 36, abs=1e-4)
