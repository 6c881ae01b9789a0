"""hanoi_magnet.testing: the strategies keep their promises and shrink; check_solver catches
deliberately broken solvers, each with the right message."""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys
import textwrap

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from hanoi_magnet import (
    ClassicRules,
    Color,
    HanoiError,
    InvalidArgumentError,
    MagneticRules,
    Move,
    NotOnPathError,
    Rule,
    SearchLimitError,
    Solution,
    State,
    UnsolvableError,
    Variant,
    default_registry,
    solve,
    validate,
)
from hanoi_magnet.testing import (
    ConformanceError,
    ConformanceReport,
    check_solver,
    disk_counts,
    labels,
    legal_move_sequences,
    moves,
    solutions,
    states,
    variants,
)
from hanoi_magnet.testing._reference import BUILTIN_LABELS
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import reachable_states

UNSOLVABLE = ("BBB", "NRR", "RRR")
CLASSIC = Variant.from_label("classic")
# The classic rules, but the tower goes from peg 0 to peg 1: no built-in solver knows it.
TO_THE_MIDDLE = Variant("to-the-middle", ClassicRules(3), 0, 1)


@functools.cache
def reachable(variant, n):
    return reachable_states(variant.rules, variant.start(n))


# -- labels, variants, disk counts ---------------------------------------------------------------


@given(labels(solvable=None))
def test_labels_are_built_in(label):
    assert label in BUILTIN_LABELS
    assert Variant.from_label(label).label == label


@given(labels())
def test_labels_are_solvable_by_default(label):
    assert label not in UNSOLVABLE
    assert solve(label, 2).length > 0


@pytest.mark.parametrize("label", UNSOLVABLE)
def test_every_unsolvable_label_can_be_drawn_and_nothing_else(label):
    assert find(labels(solvable=False), lambda drawn: drawn == label) == label
    assert find(labels(solvable=False), lambda drawn: True) in UNSOLVABLE


def test_label_filters_and_where_they_shrink():
    assert find(labels(), lambda label: True) == "classic"
    assert find(labels(magnetic=True), lambda label: True) == "NNN"
    assert find(labels(magnetic=False, solvable=None), lambda label: "5" in label) == "classic:5"
    drawn = set()
    find(labels(magnetic=True), lambda label: drawn.add(label) or len(drawn) == 24)
    assert drawn == set(SID_LABELS) - set(UNSOLVABLE)
    with pytest.raises(InvalidArgumentError, match="no built-in label"):
        labels(solvable=False, magnetic=False)
    with pytest.raises(InvalidArgumentError, match="solvable must be True, False or None"):
        labels(solvable="yes")  # type: ignore[arg-type]


@given(variants(solvable=None, magnetic=True))
def test_variants_are_the_built_in_ones(variant):
    assert isinstance(variant, Variant)
    assert isinstance(variant.rules, MagneticRules)
    assert variant == Variant.from_label(variant.label)


@given(disk_counts(min_value=2, max_value=5))
def test_disk_counts_stay_in_bounds(n):
    assert 2 <= n <= 5


def test_disk_counts_shrink_and_validate():
    assert find(disk_counts(), lambda n: n >= 4) == 4
    assert find(disk_counts(min_value=3, max_value=100), lambda n: True) == 3
    with pytest.raises(InvalidArgumentError, match="min_value <= max_value"):
        disk_counts(min_value=5, max_value=4)
    with pytest.raises(InvalidArgumentError, match="max_value must be an integer"):
        disk_counts(max_value=2.5)  # type: ignore[arg-type]


# -- states --------------------------------------------------------------------------------------


@given(st.data())
def test_states_are_legal_and_reachable(data):
    variant = data.draw(variants(solvable=None), label="variant")
    n = data.draw(disk_counts(max_value=4), label="n")
    state = data.draw(states(variant, n), label="state")
    assert state.n == n
    assert variant.rules.check_state(state) is None
    assert state.code in reachable(variant, n)


@given(states(TO_THE_MIDDLE, 3))
def test_states_of_a_variant_without_built_in_solver_are_reachable(state):
    assert state.code in reachable(TO_THE_MIDDLE, 3)


@given(states("RRR", 4))
def test_the_only_reachable_state_of_an_unsolvable_variant_is_its_start(state):
    assert state == Variant.from_label("RRR").start(4)


def test_reachable_states_reach_far_and_shrink_to_the_start():
    nnn = Variant.from_label("NNN")
    assert find(states(nnn, 5), lambda state: True) == nnn.start(5)
    goal = find(states(nnn, 5), lambda state: len(state.posts[2]) == 5)
    assert goal == nnn.goal(5)
    # a position that is on no optimal path: the walk leaves the path
    solution = solve("NNN", 4)
    on_path = {solution.unrank(k) for k in range(solution.length + 1)}
    assert find(states(nnn, 4), lambda state: state not in on_path) not in on_path


@given(st.data())
def test_any_legal_states(data):
    variant = data.draw(variants(solvable=None), label="variant")
    n = data.draw(disk_counts(max_value=6), label="n")
    state = data.draw(states(variant, n, reachable=False), label="state")
    assert state.n == n
    assert len(state.posts) == variant.posts
    assert variant.rules.check_state(state) is None


def test_any_legal_states_include_unreachable_ones():
    rrr = Variant.from_label("RRR")
    state = find(states(rrr, 2, reachable=False), lambda state: state != rrr.start(2))
    assert state.code not in reachable(rrr, 2)
    assert find(states("NNN", 3, reachable=False), lambda state: True) == State.tower(3, face="R")
    with pytest.raises(InvalidArgumentError, match="reachable must be True or False"):
        states("NNN", 3, reachable=None)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="n must be an integer"):
        states("NNN", -1)


# -- moves and legal sequences -------------------------------------------------------------------


@given(moves(posts=4, max_disk=3))
def test_moves_stay_in_bounds(move):
    assert isinstance(move, Move)
    assert 1 <= move.disk <= 3
    assert 0 <= move.source < 4
    assert 0 <= move.target < 4


def test_moves_shrink_and_validate():
    assert find(moves(), lambda move: True) == Move(1, 0, 0)
    assert find(moves(), lambda move: move.disk == 8) == Move(8, 0, 0)
    with pytest.raises(InvalidArgumentError, match="posts must be an integer >= 1"):
        moves(posts=0)


@given(st.data())
def test_legal_move_sequences_are_legal(data):
    variant = data.draw(variants(solvable=None), label="variant")
    n = data.draw(disk_counts(max_value=5), label="n")
    walk = data.draw(legal_move_sequences(variant, n, max_length=30), label="walk")
    assert len(walk) <= 30
    report = validate(walk, variant, n)
    assert report.ok, report


@given(st.data())
def test_legal_move_sequences_from_any_start(data):
    start = data.draw(states("NBR", 4), label="start")
    walk = data.draw(legal_move_sequences("NBR", start=start), label="walk")
    assert validate(walk, "NBR", start=start).ok
    rules = MagneticRules("NBR")
    assert validate(data.draw(legal_move_sequences(rules, start=start)), rules, start=start).ok


def test_legal_move_sequences_shrink_to_the_shortest():
    walk = find(legal_move_sequences("classic", 4), lambda walk: len(walk) >= 7)
    assert len(walk) == 7
    assert find(legal_move_sequences("RRR", 3), lambda walk: True) == []


def test_legal_move_sequences_arguments():
    with pytest.raises(InvalidArgumentError, match="needs a start state"):
        legal_move_sequences(ClassicRules())
    with pytest.raises(InvalidArgumentError, match="give n"):
        legal_move_sequences("NNN")
    with pytest.raises(InvalidArgumentError, match="n = 2 but the start state has 3"):
        legal_move_sequences("NNN", 2, start=State.tower(3, face="R"))
    with pytest.raises(InvalidArgumentError, match="not legal: post S shows two colours"):
        legal_move_sequences("NNN", start=State([[2, 1], [], []], faces="RB"))


# -- solutions -----------------------------------------------------------------------------------


@given(solutions(max_n=6))
def test_solutions_are_optimal_solutions(solution):
    assert isinstance(solution, Solution)
    assert solution.variant.label not in UNSOLVABLE
    assert validate(solution, solution.variant, solution.n).solved
    assert solution.length == solve(solution.variant.label, solution.n).length


@given(solutions("RBB", min_n=3, max_n=1000))
def test_solutions_of_one_label(solution):
    assert solution.variant.label == "RBB"
    assert 3 <= solution.n <= 1000
    assert solution.length == (3**solution.n - 1) // 2


def test_solutions_shrink_to_the_fewest_disks():
    assert find(solutions(), lambda s: s.length >= 100) == solve("RRB", 5)
    assert find(solutions(labels(magnetic=False)), lambda s: s.length >= 100) == solve("linear", 5)
    assert find(solutions("classic"), lambda s: s.length >= 100) == solve("classic", 7)
    same_as_nnn = Variant("my-nnn", MagneticRules("NNN"), 0, 2, Color.RED, Color.BLUE)
    assert find(solutions(same_as_nnn), lambda s: s.n == 2).variant.label == "NNN"


def test_solutions_arguments():
    with pytest.raises(InvalidArgumentError, match="no solution for n >= 1"):
        solutions("RRR")
    assert find(solutions("RRR", max_n=0), lambda s: True).length == 0
    with pytest.raises(InvalidArgumentError, match="no built-in solver knows"):
        solutions(TO_THE_MIDDLE)
    with pytest.raises(InvalidArgumentError, match="min_n <= max_n"):
        solutions(min_n=3, max_n=2)


# -- check_solver passes correct solvers ---------------------------------------------------------


@pytest.mark.parametrize("label", BUILTIN_LABELS)
def test_check_solver_passes_every_built_in_solver(label):
    report = check_solver(label, max_n=4, max_sampled_n=30)
    assert isinstance(report, ConformanceReport)
    assert report.label == label
    if label in UNSOLVABLE:
        assert report.lengths == (0, None, None, None, None)
        assert "unsolvable" in report.checks
        assert report.sampled_n == 0
    else:
        assert report.lengths == tuple(solve(label, n).length for n in range(5))
        for check in ("legal", "goal", "optimal", "length", "per_disk", "unrank", "rank"):
            assert check in report.checks
        assert report.sampled_n == 30


class Recursive:
    """A correct solver that only produces moves: the textbook recursion."""

    variant = CLASSIC
    target = 2

    def solve(self, n):
        return self._moves(n, 0, 3 - self.target, self.target)

    def _moves(self, n, source, spare, target):
        if n:
            yield from self._moves(n - 1, source, target, spare)
            yield Move(n, source, target)
            yield from self._moves(n - 1, spare, source, target)


class ToTheMiddle(Recursive):
    variant = TO_THE_MIDDLE
    target = 1


class WithPositions(Recursive):
    """Moves by recursion; unrank and rank borrowed from the built-in solution."""

    def unrank(self, n, k):
        return solve("classic", n).unrank(k)

    def rank(self, n, state):
        return solve("classic", n).rank(state)


def test_check_solver_passes_a_moves_only_solver():
    report = check_solver(Recursive, max_n=5)
    assert report.lengths == (0, 1, 3, 7, 15, 31)
    assert report.checks == ("solve", "moves", "legal", "goal", "optimal")
    assert report.sampled_n == 0  # nothing to sample without unrank
    assert check_solver(Recursive(), max_n=2).lengths == (0, 1, 3)  # an instance works too


def test_check_solver_samples_large_n_through_the_solvers_own_unrank():
    report = check_solver(WithPositions, max_n=3, max_sampled_n=50)
    assert report.checks[-3:] == ("unrank", "rank", "sampled")
    assert report.sampled_n == 50


def test_check_solver_finds_the_optimum_by_search_without_a_built_in():
    assert check_solver(ToTheMiddle, max_n=5).lengths == (0, 1, 3, 7, 15, 31)

    class Roundabout(ToTheMiddle):  # to the far peg, then on to the middle one
        def solve(self, n):
            yield from self._moves(n, 0, 1, 2)
            yield from self._moves(n, 2, 0, 1)

    with pytest.raises(ConformanceError) as caught:
        check_solver(Roundabout)
    assert str(caught.value) == "[optimal] to-the-middle, n=1: 2 moves, but the optimum is 1"

    class FourPegs(ToTheMiddle):  # no built-in, and no closed form: a real search
        variant = Variant("four-to-the-middle", ClassicRules(4), 0, 1)

    assert check_solver(FourPegs, max_n=3, optimal=False).lengths == (0, 1, 3, 7)
    with pytest.raises(SearchLimitError, match="more than 5 positions"):
        check_solver(FourPegs, max_states=5)
    assert check_solver(Roundabout, optimal=False, max_n=3).lengths == (0, 2, 6, 14)


def test_check_solver_matches_variants_by_puzzle_not_by_name():
    class Renamed(Recursive):
        variant = Variant("textbook", ClassicRules(3), 0, 2)

    report = check_solver(Renamed, max_n=3)
    assert report.label == "textbook"
    assert "optimal" in report.checks


def test_check_solver_on_a_registry():
    reports = check_solver(default_registry, labels=["NNN", "classic"], max_n=3, max_sampled_n=8)
    assert [report.label for report in reports] == ["NNN", "classic"]
    with pytest.raises(InvalidArgumentError, match="labels= selects labels of a Registry"):
        check_solver("NNN", labels=["NNN"])  # type: ignore[call-overload]


def test_check_solver_refuses_what_is_no_solver():
    with pytest.raises(InvalidArgumentError, match="does not follow the Solver protocol"):
        check_solver(object())

    class NeedsArguments(Recursive):
        def __init__(self, speed):
            self.speed = speed

    with pytest.raises(InvalidArgumentError, match="cannot be created without arguments"):
        check_solver(NeedsArguments)
    with pytest.raises(InvalidArgumentError, match="max_n must be an integer >= 0"):
        check_solver(Recursive, max_n=-1)


# -- check_solver catches broken solvers ---------------------------------------------------------


def caught(solver, **options):
    with pytest.raises(ConformanceError) as raised:
        check_solver(solver, **options)
    error = raised.value
    assert isinstance(error, AssertionError)
    assert isinstance(error, HanoiError)
    return error


class OneIllegalMove:
    """NNN's optimal moves, except that move 2 puts disk 1 straight onto disk 2."""

    variant = Variant.from_label("NNN")

    def solve(self, n):
        listed = list(solve("NNN", n))
        if n >= 2:
            listed[2:4] = [Move(1, 1, 2)]
        return listed


def test_catches_one_illegal_move():
    error = caught(OneIllegalMove)
    assert (error.check, error.label, error.n, error.index) == ("legal", "NNN", 2, 2)
    assert error.rule is Rule.REPULSION
    assert error.move == Move(1, 1, 2)
    assert str(error).startswith(
        "[legal] NNN, n=2, move 2 (1: I -> D): breaks the repulsion rule: disk 1 would land red"
    )


class OneShort(Recursive):
    def solve(self, n):
        return list(super().solve(n))[:-1]


def test_catches_a_solution_one_move_short():
    error = caught(OneShort)
    assert (error.check, error.n) == ("goal", 1)
    assert str(error) == (
        "[goal] classic, n=1: the 0 moves end in S: 1 | I: - | D: -, "
        "not in the goal S: - | I: - | D: 1"
    )


class Dawdling(Recursive):
    """Legal and solved, but with a pointless move of disk 1 there and back first."""

    def solve(self, n):
        if n:
            yield Move(1, 0, 1)
            yield Move(1, 1, 0)
        yield from super().solve(n)


def test_catches_a_solution_that_is_not_optimal():
    error = caught(Dawdling)
    assert str(error) == "[optimal] classic, n=1: 3 moves, but the optimum is 1"
    assert check_solver(Dawdling, optimal=False, max_n=3).lengths == (0, 3, 5, 9)


class Endless(Recursive):
    def solve(self, n):
        return itertools.cycle([Move(1, 0, 1), Move(1, 1, 0)]) if n else iter(())


def test_catches_a_solution_that_never_ends():
    assert str(caught(Endless)) == (
        "[optimal] classic, n=1: more than 10,004 moves, but the optimum is 1"
    )


class Lying(Solution):
    """A solution whose claims about itself are each a little off (set by the subclass)."""

    @classmethod
    def of(cls, n):
        return cls.from_moves(CLASSIC, n, solve("classic", n))


class LongerThanItIs(Lying):
    @property
    def length(self):
        return super().length + (self.n >= 3)


class MiscountsTheSmallestDisk(Lying):
    @property
    def per_disk(self):
        counts = super().per_disk
        return counts if self.n < 2 else (counts[0] - 1, *counts[1:])


class MisplacesTheLastMove(Lying):
    def __getitem__(self, index):
        move = super().__getitem__(index)
        return move.reversed() if index == self.length - 1 and self.n >= 2 else move


def returning(solution_class):
    class Solver:
        variant = CLASSIC

        def solve(self, n):
            return solution_class.of(n)

    Solver.__qualname__ = f"returning({solution_class.__name__})"
    return Solver


def test_catches_a_wrong_length():
    error = caught(returning(LongerThanItIs))
    assert str(error) == "[length] classic, n=3: length is 8, but there are 7 moves"


def test_catches_wrong_per_disk_counts():
    error = caught(returning(MiscountsTheSmallestDisk))
    assert str(error) == "[per_disk] classic, n=2: per_disk says disk 1 moves 1 times, the moves: 2"


def test_catches_indexing_that_disagrees_with_iteration():
    error = caught(returning(MisplacesTheLastMove))
    assert str(error) == (
        "[index] classic, n=2, move 2: solution[2] is 1: D -> I, but the move is 1: I -> D"
    )


class OffByOneUnrank(WithPositions):
    def unrank(self, n, k):
        return super().unrank(n, max(k - 1, 0) if n == 3 else k)


class WrongRank(WithPositions):
    def rank(self, n, state):
        return super().rank(n, state) + (n == 2)


class RanksEverything(WithPositions):
    def rank(self, n, state):
        try:
            return super().rank(n, state)
        except NotOnPathError:
            return 0


def test_catches_a_wrong_unrank():
    error = caught(OffByOneUnrank)
    assert (error.check, error.n, error.index) == ("unrank", 3, 1)
    assert str(error) == (
        "[unrank] classic, n=3, position 1: unrank gives S: 3 2 1 | I: - | D: -, "
        "replaying the first 1 moves gives S: 3 2 | I: - | D: 1"
    )


def test_catches_a_wrong_rank():
    error = caught(WrongRank)
    assert str(error) == (
        "[rank] classic, n=2, position 0: rank(S: 2 1 | I: - | D: -) is 1, "
        "but the solution is there after 0 moves"
    )
    error = caught(RanksEverything)
    assert str(error).startswith("[rank] classic, n=1: rank(S: - | I: 1 | D: -) is 0, but")
    assert str(error).endswith("(rank must raise NotOnPathError)")


class WrongOnlyForLargeN(WithPositions):
    """Correct up to 10 disks; beyond, from position 100 on (the ends excepted), unrank puts
    disk 1 on the next peg."""

    def unrank(self, n, k):
        state = super().unrank(n, k)
        if n <= 10 or not 100 <= k < 2**n - 2:
            return state
        posts = [list(stack) for stack in state.posts]
        peg = state.post_of(1)
        posts[peg].remove(1)
        posts[(peg + 1) % 3].append(1)
        return State(posts)


def test_the_sampled_phase_shrinks_to_the_smallest_counter_example():
    options = settings(max_examples=200, database=None, derandomize=True, deadline=None)
    error = caught(WrongOnlyForLargeN, max_n=4, max_sampled_n=40, settings=options)
    assert (error.check, error.n, error.index) == ("unrank", 11, 99)
    assert str(error).startswith("[unrank] classic, n=11, position 99: unrank gives S: 11 10")
    assert str(error).endswith("not one legal move apart")


class ClaimsUnsolvable(Recursive):
    def solve(self, n):
        if n == 2:
            raise UnsolvableError("too hard")
        return super().solve(n)


class Crashes(Recursive):
    def solve(self, n):
        if n == 1:
            return [Move(1, 0, 2), (0, 1)]
        return super().solve(n)


class AnotherPuzzlesSolution(Recursive):
    def solve(self, n):
        return solve("linear", n)  # legal under the classic rules too, but not optimal


def test_catches_solvers_that_give_up_crash_or_answer_another_question():
    assert str(caught(ClaimsUnsolvable)) == (
        "[solve] classic, n=2: solve raised UnsolvableError (too hard), but 3 moves solve it"
    )
    assert (
        str(caught(Crashes)) == "[moves] classic, n=1, move 1: item 1 is tuple (0, 1), not a Move"
    )
    assert str(caught(AnotherPuzzlesSolution, optimal=False)) == (
        "[solution] classic, n=0: solve(0) returned Solution('linear', n=0, length=0), "
        "for another puzzle or n"
    )

    class ReturnsNothing(Recursive):
        def solve(self, n):
            return None

    assert str(caught(ReturnsNothing)) == "[moves] classic, n=0: solve returned NoneType, not moves"


# -- the extra -----------------------------------------------------------------------------------


def test_without_hypothesis_the_import_error_names_the_extra():
    code = textwrap.dedent(
        """
        import sys

        class NoHypothesis:
            def find_spec(self, name, path=None, target=None):
                if name == "hypothesis" or name.startswith("hypothesis."):
                    raise ImportError(f"No module named {name!r} (blocked)")

        sys.meta_path.insert(0, NoHypothesis())
        import hanoi_magnet
        import hanoi_magnet.pytest_plugin
        assert "hypothesis" not in sys.modules
        try:
            import hanoi_magnet.testing
        except ImportError as error:
            print(error)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert "install the extra: python -m pip install 'hanoi-magnet[testing]'" in result.stdout


# -- the tutorial --------------------------------------------------------------------------------


def test_the_tutorial_runs_as_a_doctest():
    """docs/testing.rst also runs under the Sphinx doctest builder; this keeps pytest honest."""
    import doctest
    from pathlib import Path

    import hanoi_magnet

    page = Path(__file__).parent.parent / "docs" / "testing.rst"
    try:
        result = doctest.testfile(
            str(page), module_relative=False, globs={"hm": hanoi_magnet}, optionflags=0
        )
    finally:
        for label in ("my-classic", "my-plan"):  # left behind if the page failed half-way
            if label in default_registry._solvers:
                default_registry.unregister(label)
    assert result.attempted > 40
    assert result.failed == 0
