"""The conformance kit checks what a solver claims about its moves — its optional length(n) and
per_disk(n) methods, which a registry's Solution believes without reading the moves — directly
and through a Registry, in the exhaustive phase and in the sampled one."""

from __future__ import annotations

import pytest

from hanoi_magnet import Registry, Variant, solve
from hanoi_magnet.testing import ConformanceError, check_solver

CLASSIC = Variant.from_label("classic")


class Textbook:
    """The classic recursion, moves only."""

    variant = CLASSIC

    def solve(self, n):
        return list(solve("classic", n))


class ClaimsOneMoreFromThree(Textbook):
    def length(self, n):
        return 2**n - 1 + (n >= 3)  # 8 for n = 3, while the moves number 7


class MiscountsTheLargestDisk(Textbook):
    def per_disk(self, n):
        counts = [2 ** (n - d) for d in range(1, n + 1)]
        if n >= 2:
            counts[-1] = 2  # the largest disk moves once
        return tuple(counts)


class CountsTooFew(Textbook):
    def per_disk(self, n):
        return tuple(2 ** (n - d) for d in range(1, n))  # one count short


class LengthRaises(Textbook):
    def length(self, n):
        raise RuntimeError("no idea")


class HonestClaims(Textbook):
    def length(self, n):
        return 2**n - 1

    def per_disk(self, n):
        return tuple(2 ** (n - d) for d in range(1, n + 1))


class WrongOnlyWhenLarge(HonestClaims):
    """Right for every n the exhaustive phase lists; wrong from 20 disks on."""

    def length(self, n):
        return 2**n - 1 + (n >= 20)

    def unrank(self, n, k):
        return solve("classic", n).unrank(k)


def caught(solver, **options):
    with pytest.raises(ConformanceError) as raised:
        check_solver(solver, **options)
    return raised.value


def test_a_solver_claiming_eight_moves_for_seven_fails():
    error = caught(ClaimsOneMoreFromThree)
    assert str(error) == "[length] classic, n=3: the solver's length(3) is 8, but there are 7 moves"
    assert (error.check, error.n) == ("length", 3)


def test_wrong_per_disk_counts_fail():
    error = caught(MiscountsTheLargestDisk)
    assert str(error) == (
        "[per_disk] classic, n=2: the solver's per_disk(2) says disk 2 moves 2 times, the moves: 1"
    )
    error = caught(CountsTooFew)
    assert str(error) == "[per_disk] classic, n=1: the solver's per_disk(1) has 0 counts"


def test_a_claim_that_raises_is_a_failure_not_a_crash():
    error = caught(LengthRaises)
    assert str(error) == (
        "[length] classic, n=0: the solver's length(0) raised RuntimeError: no idea"
    )
    assert isinstance(error.__cause__, RuntimeError)


@pytest.mark.parametrize(
    ("solver", "check"),
    [(ClaimsOneMoreFromThree, "length"), (MiscountsTheLargestDisk, "per_disk")],
)
def test_claims_are_checked_through_a_registry(solver, check):
    registry = Registry()
    registry.register("liar", solver)
    registry.register("classic", Textbook)
    with pytest.raises(ConformanceError) as raised:
        check_solver(registry)
    assert raised.value.check == check
    assert raised.value.label == "liar"
    # and the registry's own solution believes the claim, which is why the kit must not
    assert check_solver(registry, labels=["classic"])[0].label == "classic"


def test_honest_claims_pass_and_are_reported():
    report = check_solver(HonestClaims, max_n=5)
    assert {"length", "per_disk"} <= set(report.checks)


def test_the_sampled_phase_checks_the_claimed_length_against_the_optimum():
    report = check_solver(WrongOnlyWhenLarge, max_n=4, max_sampled_n=19)
    assert report.sampled_n == 19
    error = caught(WrongOnlyWhenLarge, max_n=4, max_sampled_n=24)
    assert error.check == "length" and error.n == 20  # shrunk to the smallest n
    assert str(error) == (
        "[length] classic, n=20: the solver's length(20) is 1048576, but the optimum is 1048575"
    )


def test_moves_that_are_not_moves_are_still_caught_before_claims():
    class Garbage(ClaimsOneMoreFromThree):
        def solve(self, n):
            return ["S->D"] if n else []

    error = caught(Garbage)
    assert error.check == "moves"
