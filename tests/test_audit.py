"""Issue 32 items 3 and 4: gold and no-answer checks, and the reward-hacking audit.

Every built-in policy runs over thousands of generated instances (every family, task,
template and notation; random positions too; a tenth without a solution; a set with answer
budgets): the reference answer must earn full credit, no answer nothing at all, and every hack
no more than a careful grader gives it (see each policy's ``judge``).
"""

from __future__ import annotations

import functools
import io
import subprocess
import sys
from collections.abc import Mapping

import attrs
import pytest

from hanoi_magnet.evaluation import POLICIES, Audit, Outcome, Policy, audit, generate
from hanoi_magnet.notation import NOTATIONS
from tests.scale import FULL, MUTATION

#: Instances of the main set (a fifth as many more with budgets); a mutation run audits 240,
#: where every policy still meets at least 30 instances it applies to. (.ci/run audits 12,000
#: more with ``hanoi-magnet eval validate``, which fails on any answer scored otherwise.)
COUNT = 2000 if FULL else 200 if MUTATION else 1500
ENOUGH = 30 if MUTATION else 100


@functools.lru_cache(maxsize=1)
def _instances() -> list:
    notations = [n.name for n in NOTATIONS.values() if n.pegs.fits(5)]
    batch = generate(
        seed=32, count=COUNT, unsolvable=0.1, positions="mixed", disks=(1, 6),
        templates=["plain", "illusion", "reasoning-gym"], notations=notations,
    )  # fmt: skip
    budgeted = generate(seed=33, count=COUNT // 5, max_answer_chars=600, disks=(1, 5),
                        unsolvable=0.1)  # fmt: skip
    return batch + budgeted


def _built_in() -> Mapping[str, Policy]:
    """:data:`POLICIES`, built afresh by each test in a mutation run.

    They are built once, at import, and mutmut switches a mutant on only when its function is
    called after the test run starts: built again, the policies meet the mutants of their code.
    """
    if not MUTATION:
        return POLICIES
    from hanoi_magnet.evaluation import _policies as built

    fresh = [*built._policies(), built._another_policy(), built._optimum_zero_policy()]
    return {policy.name: policy for policy in fresh}


@pytest.mark.parametrize("name", list(POLICIES))
def test_every_policy_is_scored_as_a_careful_grader_would(name):
    report = audit(_instances(), policies=[_built_in()[name]], seed=32)
    (result,) = report.results
    assert result.answers >= ENOUGH, f"{name} applies to too few instances to say anything"
    assert result.failures == 0, result.examples
    if result.kind == "noop" or name in ("grader-note", "unsolvable-word", "negated-move"):
        assert result.mean_graded == 0.0


def test_there_are_at_least_25_hacks():
    policies = _built_in()
    assert list(policies) == list(POLICIES)
    assert sum(policy.kind == "hack" for policy in policies.values()) >= 25
    kinds = {policy.kind for policy in policies.values()}
    assert kinds == {"gold", "noop", "hack"}


def test_a_policy_the_scorer_overpays_fails_the_audit():
    """A stand-in judge that expects nothing of the reference answer: the audit must say so."""
    policies = _built_in()
    strict = attrs.evolve(policies["gold"], name="gold-expecting-nothing",
                          judge=policies["empty"].judge)  # fmt: skip
    report = audit(generate(seed=1, count=10), policies=[strict])
    assert not report.passed
    (result,) = report.results
    assert result.failures == 10 and len(result.examples) == 3
    assert "gold-expecting-nothing" in report.table()


def test_the_audit_checks_its_arguments():
    from hanoi_magnet.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="known: gold"):
        audit(generate(seed=1, count=1), policies=["no-such-policy"])
    with pytest.raises(InvalidArgumentError, match="Instance"):
        audit(["not an instance"])  # type: ignore[list-item]
    assert isinstance(audit([], policies=["gold"]), Audit)
    assert isinstance(POLICIES["gold"], Policy)


def test_eval_validate_reports_and_exits_zero_when_every_answer_is_scored_as_deserved():
    done = subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", "eval", "validate", "--count", "40", "--seed",
         "5", "--unsolvable", "0.1", "--template", "plain,illusion,reasoning-gym"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "every answer scored as a careful grader would" in done.stdout
    for name in POLICIES:
        assert name in done.stdout


def test_eval_validate_fails_with_status_6_when_a_policy_is_overpaid(monkeypatch, capsys):
    from hanoi_magnet.cli import _audit

    overpaid = attrs.evolve(POLICIES["gold"], judge=lambda instance, result: "paid")
    monkeypatch.setattr(_audit, "audit", lambda drawn, policies, seed: audit(
        drawn, policies=[overpaid], seed=seed))  # fmt: skip
    from hanoi_magnet.cli import main

    status = main(["eval", "validate", "--count", "3"])
    out = capsys.readouterr().out
    assert status == 6
    assert "1 policies scored otherwise" in out and ": paid (" in out


def test_the_blind_abstention_pays_only_where_there_is_no_solution():
    drawn = _instances()[:400]
    report = audit(drawn, policies=[_built_in()["blind-abstention"]])
    (result,) = report.results
    unsolvable = sum(1 for i in drawn if i.unsolvable is not None)
    assert result.mean_graded == pytest.approx(unsolvable / len(drawn))
    # and never more than an honest failed attempt where there is one
    from hanoi_magnet.evaluation import score

    solvable = next(i for i in _instances() if i.unsolvable is None)
    assert score("UNSOLVABLE", solvable).outcome is Outcome.WRONG_ABSTENTION


def test_the_table_is_one_row_a_policy():
    report = audit(generate(seed=2, count=5), policies=["gold", "empty", "prompt"])
    lines = report.table().splitlines()
    assert lines[0].split()[:2] == ["POLICY", "KIND"] and len(lines) == 4
    assert io.StringIO(report.table()).read().count("\n") == 3
