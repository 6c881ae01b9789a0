"""The atlas tables (docs/tables/atlas/*.json, written by benchmarks/atlas.py) against the code.

Every file: its rows agree with each other (distribution, eccentricities, pairs, Wiener index,
mean distance), the small sizes agree with search.invariants run now, and the sequences that
are proven for every n (docs/atlas.rst) hold at every n in the file: the classic Wiener index
is Hinz's closed form, the linear graph is a path, a direction set's moves are
a (3**n - 1)/2. CI cost: a few seconds (the invariants of a few hundred positions per family).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import hanoi_magnet as hm
from hanoi_magnet.search import invariants
from hanoi_magnet.theory import find_recurrence
from hanoi_magnet.variants import SID_LABELS
from tests.test_invariants import hinz_ordered_sum

ATLAS = Path(__file__).resolve().parent.parent / "docs" / "tables" / "atlas"
FACELESS = ("classic", "linear", "cyclic", "cyclic+1", "cyclic+2")
SOLVABLE = [label for label in SID_LABELS if hm.default_registry.get(label).solvable]
SCALARS = (
    "positions",
    "moves",
    "diameter",
    "radius",
    "start_eccentricity",
    "centre_size",
    "wiener_index",
    "pairs",
    "antipodal_pairs",
    "several_shortest_paths",
    "directed",
)


def _document(family: str) -> dict:
    return json.loads((ATLAS / f"{family}.json").read_text(encoding="utf-8"))


def _unbinned(binned: dict) -> list[int] | None:
    return binned["counts"] if binned["width"] == 1 else None


def test_every_family_is_there():
    assert sorted(path.stem for path in ATLAS.glob("*.json")) == sorted([*FACELESS, *SOLVABLE])
    assert len(SOLVABLE) == 24


@pytest.mark.parametrize("family", [*FACELESS, *SOLVABLE])
def test_rows_agree_with_each_other(family):
    document = _document(family)
    rows = document["rows"]
    assert document["family"] == family
    assert document["command"] == f"python benchmarks/atlas.py {family} --to {len(rows)}"
    assert [row["disks"] for row in rows] == list(range(1, len(rows) + 1))
    for row in rows:
        distribution, eccentricities = row["distribution"], row["eccentricities"]
        assert distribution["first"] == 1 and eccentricities["first"] == row["radius"]
        assert sum(distribution["counts"]) == row["pairs"]
        assert sum(eccentricities["counts"]) == row["positions"]
        assert eccentricities["counts"][0] >= row["centre_size"] > 0
        if eccentricities["width"] == 1:
            assert eccentricities["counts"][0] == row["centre_size"]
            assert len(eccentricities["counts"]) == row["diameter"] - row["radius"] + 1
        top = row["diameter"]
        assert (len(distribution["counts"]) - 1) * distribution["width"] < top
        assert top <= len(distribution["counts"]) * distribution["width"]
        full = _unbinned(distribution)
        if full is not None:
            assert len(full) == top and full[-1] == row["antipodal_pairs"]
            assert full[0] == row["moves"]
            assert sum(d * count for d, count in enumerate(full, 1)) == row["wiener_index"]
        assert Fraction(row["mean_distance"]) == Fraction(row["wiener_index"], row["pairs"])
        assert row["radius"] <= row["start_eccentricity"] <= row["diameter"]


def _small(family: str) -> int:
    return 4 if family in FACELESS else 3


@pytest.mark.parametrize("family", [*FACELESS, *SOLVABLE])
def test_small_rows_are_what_the_code_finds_now(family):
    variant = hm.default_registry.variant(family)
    for row in _document(family)["rows"][: _small(family)]:
        n = row["disks"]
        start = hm.State.tower(n, variant.source, posts=3, face=variant.start_face)
        found = invariants(variant.rules, n, start=start)
        now = found.to_json()
        assert {key: row[key] for key in SCALARS} == {key: now[key] for key in SCALARS}
        assert _unbinned(row["distribution"]) == list(found.distribution[1:])
        assert row["mean_distance"] == str(found.mean_distance)
        assert row["start"] == now["start"] and row["rules"] == now["rules"]


def test_classic_rows_follow_the_proven_formulas():
    for row in _document("classic")["rows"]:
        n = row["disks"]
        assert 2 * row["wiener_index"] == hinz_ordered_sum(n)
        assert row["diameter"] == row["start_eccentricity"] == 2**n - 1
        assert row["positions"] == 3**n and row["moves"] == 3 * (3**n - 1) // 2


def test_linear_rows_are_a_path():
    """The linear graph is a path of 3**n positions (docs/atlas.rst proves it)."""
    for row in _document("linear")["rows"]:
        size = 3 ** row["disks"]
        assert row["moves"] == size - 1 and row["diameter"] == row["start_eccentricity"] == size - 1
        assert (row["radius"], row["centre_size"]) == ((size - 1) // 2, 1)
        assert row["wiener_index"] == (size**3 - size) // 6
        assert (row["antipodal_pairs"], row["several_shortest_paths"]) == (1, 0)
        full = _unbinned(row["distribution"])
        assert full is None or full == [size - d for d in range(1, size)]


@pytest.mark.parametrize("family", FACELESS)
def test_direction_sets_have_every_position_and_their_moves(family):
    arcs = len(hm.default_registry.variant(family).rules.allowed or [0] * 6)
    for row in _document(family)["rows"]:
        n = row["disks"]
        arcs_counted = row["moves"] * (1 if row["directed"] else 2)
        assert row["positions"] == 3**n and arcs_counted == arcs * (3**n - 1) // 2


def test_classic_wiener_recurrence_has_hinz_roots():
    """Found from the table's own terms, the classic Wiener index's recurrence has exactly the
    roots of Hinz's closed form: 18, 9, 3 and (5 +- sqrt 17)/2."""
    terms = [row["wiener_index"] for row in _document("classic")["rows"]]
    assert len(terms) >= 11  # order 5: ten terms find it, the rest check it
    found = find_recurrence(terms, offset=1, checks=1)
    expected = hm.theory.Polynomial((-18, 1)) * hm.theory.Polynomial((-9, 1))
    expected = expected * hm.theory.Polynomial((-3, 1)) * hm.theory.Polynomial((2, -5, 1))
    assert found.characteristic == expected
    assert found.checked == len(terms) - 10


def test_the_long_sequences_agree_with_the_tables_and_the_code():
    """docs/tables/atlas-long.json (benchmarks/atlas.py --long): the positions the start
    reaches and its eccentricity further than the tables, for every family; the first terms
    are the tables', the proven ones hold at every n, and the smallest are what explore finds."""
    long = json.loads((ATLAS.parent / "atlas-long.json").read_text(encoding="utf-8"))
    assert sorted(long) == sorted([*FACELESS, *SOLVABLE])
    for family, found in long.items():
        rows = _document(family)["rows"]
        assert found["disks"] == list(range(1, len(found["disks"]) + 1))
        assert len(found["disks"]) > len(rows)
        for name in ("positions", "start_eccentricity"):
            assert found[name][: len(rows)] == [row[name] for row in rows]
        variant = hm.default_registry.variant(family)
        for n in (1, 2, 3):
            start = hm.State.tower(n, variant.source, posts=3, face=variant.start_face)
            explored = hm.search.explore(variant.rules, start, engine="python")
            assert explored.reachable == found["positions"][n - 1]
            assert explored.eccentricity == found["start_eccentricity"][n - 1]
    for n, (positions, eccentricity) in enumerate(
        zip(long["classic"]["positions"], long["classic"]["start_eccentricity"], strict=True), 1
    ):
        assert (positions, eccentricity) == (3**n, 2**n - 1)
    assert long["linear"]["start_eccentricity"] == [3**n - 1 for n in long["linear"]["disks"]]


#: Terms typed in from the OEIS entries (n = 1, 2, ...), for the classic puzzle's graph H_3^n.
OEIS = {
    # A290004, the Wiener index of the n-Hanoi graph (unordered pairs)
    "wiener_index": (
        3, 72, 1419, 26580, 487839, 8867088, 160391235, 2894149932, 52158948999,
        939440707560, 16915155908523,
    ),
    # A375256, the pairs of antipodal vertices (unordered)
    "antipodal_pairs": (
        3, 12, 39, 129, 453, 1677, 6429, 25149, 99453, 395517, 1577469,
    ),
    # A340309, the ORDERED pairs joined by two different shortest paths: twice our count,
    # which takes each unordered pair once on an undirected graph
    "several_shortest_paths": (
        0, 6, 48, 282, 1476, 7302, 35016, 164850, 767340, 3546366, 16315248,
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(OEIS))
def test_classic_rows_are_the_oeis_terms(name):
    """The classic table's column is the OEIS sequence, at every n it holds (n = 1 to 11)."""
    terms = OEIS[name]
    factor = 2 if name == "several_shortest_paths" else 1
    rows = _document("classic")["rows"]
    assert len(rows) == len(terms)
    assert [factor * row[name] for row in rows] == list(terms)


def test_the_code_gives_the_oeis_terms_now():
    """Not only the table: search.invariants gives the same terms today, n = 1 to 7."""
    for n in range(1, 8):
        found = invariants(hm.ClassicRules(3), n)
        assert found.wiener_index == OEIS["wiener_index"][n - 1]
        assert found.antipodal_pairs == OEIS["antipodal_pairs"][n - 1]
        assert 2 * found.several_shortest_paths == OEIS["several_shortest_paths"][n - 1]
