"""Check a solver with hanoi_magnet's pytest plugin: a fixture, or a marker."""

import pytest

from hanoi_magnet import Move, Variant


class MyClassic:
    """The classic puzzle by the textbook recursion."""

    variant = Variant.from_label("classic")

    def solve(self, n, source=0, spare=1, target=2):
        if n:
            yield from self.solve(n - 1, source, target, spare)
            yield Move(n, source, target)
            yield from self.solve(n - 1, spare, source, target)


def test_my_classic_keeps_the_solver_contract(hanoi_check_solver):
    report = hanoi_check_solver(MyClassic, max_n=8)
    assert report.lengths[-1] == 2**8 - 1


@pytest.mark.hanoi_solver(MyClassic, max_n=5)
def test_my_classic_by_marker():
    """The marker runs the same check before this body."""
