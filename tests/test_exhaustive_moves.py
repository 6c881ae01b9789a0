"""The building blocks of the exhaustive search: codes, vectorised moves, the two-bit table.

Each is checked against something independent: the rules objects (legal_moves/apply), the
scalar neighbour arithmetic of hanoi_magnet.search._exhaustive.neighbours (itself held to the
rules objects), and plain Python sets and dicts.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hanoi_magnet import ClassicRules, MagneticRules, Rules, State  # noqa: E402
from hanoi_magnet.search._exhaustive import bits, moves, tables  # noqa: E402
from hanoi_magnet.search._exhaustive.layout import CodeLayout  # noqa: E402
from hanoi_magnet.search._exhaustive.neighbours import CodeMoves  # noqa: E402
from tests.oracle import all_states  # noqa: E402

RULES = [
    ClassicRules(3),
    ClassicRules(4),
    ClassicRules(5),
    ClassicRules(6),
    ClassicRules(3, [(0, 1), (1, 2), (2, 0)]),
    ClassicRules(3, [(0, 1), (1, 2), (0, 2)]),
    ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)]),
    MagneticRules("NNN"),
    MagneticRules("RBB"),
    MagneticRules("NRB"),
    MagneticRules("BNR"),
    MagneticRules("NNNN"),
    MagneticRules("RBNN"),
    MagneticRules("RRBB"),
    MagneticRules("NBNRN"),
]


def random_positions(layout: CodeLayout, count: int, rng: random.Random) -> list[int]:
    codes = []
    while len(codes) < count:
        code = rng.randrange(layout.size)
        if layout.is_position(code):
            codes.append(code)
    return codes


def rule_successors(rules: Rules, layout: CodeLayout, code: int) -> list[int]:
    """The successors by the rules objects: the oracle's way."""
    state = layout.decode(code)
    return sorted(layout.encode(rules.apply(state, m)) for m in rules.legal_moves(state))


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_layout_numbers_every_legal_position_once(rules):
    for n in (0, 1, 2, 3):
        layout = CodeLayout(rules, n)
        codes = {layout.encode(state) for state in all_states(rules, n)}
        assert len(codes) == len(all_states(rules, n))
        assert codes == {c for c in range(layout.size) if layout.is_position(c)}
        assert all(
            layout.decode(code) == state
            for state in all_states(rules, n)
            for code in [layout.encode(state)]
        )
        scalar = CodeMoves(layout)
        for code in codes:  # the scalar moves, on the same codes, are the rules' moves
            assert sorted(scalar.successors(code)) == rule_successors(rules, layout, code)
            state = layout.decode(code)
            assert [
                scalar.move(code, *scalar.pairs[index]) for _, index in scalar.neighbours(code)
            ] == list(rules.legal_moves(state))


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_successors_equal_the_rules_objects(rules):
    rng = random.Random(repr(rules))
    digits = tables.chunk_digits(rules.posts)
    # below, at and above one chunk of digits, and two chunks plus a partial one
    for n in sorted({1, 2, digits - 1, digits, digits + 1, 2 * digits + 1}):
        if rules.posts**n * 2**rules.posts > 10**12:
            continue
        layout = CodeLayout(rules, n)
        successors = moves.Successors(layout)
        codes = random_positions(layout, 60, rng)
        result = successors(np.array(codes, dtype=np.int64))
        assert result.shape == (len(codes), moves.pair_count(rules.posts))
        scalar = CodeMoves(layout)  # the pure-Python kernel's moves, across its own chunks
        for code, row in zip(codes, result.tolist(), strict=True):
            assert sorted(c for c in row if c != code) == rule_successors(rules, layout, code)
            assert sorted(scalar.successors(code)) == rule_successors(rules, layout, code)
        assert successors.is_position(np.array(codes, dtype=np.int64)).all()


@pytest.mark.parametrize("rules", [r for r in RULES if r.magnetic], ids=repr)
def test_is_position_equals_the_scalar_test(rules):
    rng = random.Random(7)
    for n in (0, 1, 2, 5, 9):
        layout = CodeLayout(rules, n)
        codes = np.array([rng.randrange(layout.size) for _ in range(300)], dtype=np.int64)
        expected = [layout.is_position(int(c)) for c in codes]
        assert moves.Successors(layout).is_position(codes).tolist() == expected


def test_predecessors_are_successors_of_the_reversed_rules():
    rules = ClassicRules(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    layout = CodeLayout(rules, 4)
    forward = moves.Successors(layout)
    backward = moves.Successors(CodeLayout(layout.reversed_rules(), 4))
    codes = np.arange(layout.size, dtype=np.int64)
    arcs = {
        (int(a), int(b))
        for a, row in zip(codes, forward(codes), strict=True)
        for b in row
        if a != b
    }
    undone = {
        (int(b), int(a))
        for a, row in zip(codes, backward(codes), strict=True)
        for b in row
        if a != b
    }
    assert arcs == undone


def test_move_between_names_the_move():
    for rules in (ClassicRules(4), MagneticRules("NRNB")):
        layout = CodeLayout(rules, 3)
        for state in all_states(rules, 3):
            for move in rules.legal_moves(state):
                after = rules.apply(state, move)
                assert layout.move_between(layout.encode(state), layout.encode(after)) == move


def test_the_table_matches_a_dict():
    rng = random.Random(3)
    for low, size in ((0, 1000), (64, 5000), (96, 33)):
        table = bits.StateTable(size, low)
        truth: dict[int, int] = {}
        for value in (1, 2, 3, 1):
            codes = np.array(sorted({rng.randrange(low, low + size) for _ in range(size // 3)}))
            unseen = codes[table.values(codes) == bits.UNSEEN] if value != 3 else codes
            table.mark(unseen, value)
            for code in unseen.tolist():
                truth[code] = truth.get(code, 0) | value
        everything = np.arange(low, low + size, dtype=np.int64)
        assert table.values(everything).tolist() == [
            truth.get(c, 0) for c in range(low, low + size)
        ]
        for value in (1, 2, 3):
            expected = [c for c in range(low, low + size) if truth.get(c, 0) == value]
            assert table.count(value) == len(expected)
            assert table.scan(value, 0, table.words.size).tolist() == expected
        table.close(1, 0, table.words.size)
        assert table.count(1) == 0
        assert table.value(low + size - 1) == table.values(everything[-1:])[0]


def test_marking_duplicates_and_neighbours_in_one_word():
    table = bits.StateTable(64)
    table.mark(np.array([5, 5, 6, 7, 37, 37], dtype=np.int64), 2)
    assert table.scan(2, 0, 2).tolist() == [5, 6, 7, 37]


def test_sorted_unique():
    values = np.array([5, 1, 5, 3, 1, 9], dtype=np.int64)
    assert bits.sorted_unique(values).tolist() == [1, 3, 5, 9]
    assert bits.sorted_unique(np.array([4], dtype=np.int64)).tolist() == [4]


def test_chunk_tables_count_disks_and_empty_posts():
    table = tables.chunk_table(3, 2, frozenset({(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)}))
    # value 5 = digits (2, 1): disk 1 on post 2, disk 2 on post 1; post 0 empty
    assert table.empty[5] == 0b001
    assert table.occupancy[5] == 0 * 1 + 1 * 3 + 1 * 9
    # pairs (0,1), (0,2), (1,2): disk 2 from 1 to 0, disk 1 from 2 to 0, disk 1 from 2 to 1
    assert table.delta[5].tolist() == [-3, -2, -1]
    state = State([[], [2], [1]])
    assert CodeLayout(ClassicRules(), 2).encode(state) == 5
