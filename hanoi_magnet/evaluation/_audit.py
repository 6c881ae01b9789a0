"""The scorer audited: the reference answer must earn full credit, no answer and reward hacks none.

A :class:`Policy` writes answers to instances the way a policy under training would (the
reference answer, nothing, the prompt repeated back, a hedge, an abstention said blindly...)
and states what a careful grader gives them. :func:`audit` scores them on any instances and
counts, per policy, the answers scored above what they deserve (or, for the reference answer,
below). The built-in policies are :data:`POLICIES`; ``hanoi-magnet eval validate`` runs them on
a generated set.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._instance import Instance
from hanoi_magnet.evaluation._policies import POLICIES
from hanoi_magnet.evaluation._policy import Kind, Policy
from hanoi_magnet.evaluation._score import Score, score
from hanoi_magnet.model import _integer


@attrs.frozen
class PolicyResult:
    """One policy's results in an :func:`audit`.

    Attributes:
        policy: the policy's name.
        kind: its kind.
        answers: how many answers it wrote (to the instances it applies to).
        failures: how many were scored above what they deserve (for ``gold``: below full
            credit).
        mean_graded: the mean ``graded`` reward of its answers.
        examples: up to three failures: ``(instance id, why)``.

    Example:
        >>> from hanoi_magnet.evaluation import audit, generate
        >>> result = audit(generate(seed=1, count=4), policies=["empty"]).results[0]
        >>> result.policy, result.kind, result.answers, result.failures
        ('empty', 'noop', 4, 0)
    """

    policy: str
    kind: Kind
    answers: int
    failures: int
    mean_graded: float
    examples: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class Audit:
    """The results of :func:`audit`, one :class:`PolicyResult` per policy.

    Example:
        >>> from hanoi_magnet.evaluation import audit, generate
        >>> report = audit(generate(seed=1, count=20), policies=["gold", "empty"])
        >>> report.passed, [r.failures for r in report.results]
        (True, [0, 0])
    """

    instances: int
    results: tuple[PolicyResult, ...]

    @property
    def passed(self) -> bool:
        """Whether no answer was scored otherwise than it deserves."""
        return all(result.failures == 0 for result in self.results)

    def table(self) -> str:
        """The results as a plain-text table, one policy a row.

        Example:
            >>> from hanoi_magnet.evaluation import audit, generate
            >>> print(audit(generate(seed=1, count=5), policies=["gold"]).table())
            POLICY  KIND  ANSWERS  FAILURES  MEAN GRADED
            gold    gold        5         0        1.000
        """
        rows = [("POLICY", "KIND", "ANSWERS", "FAILURES", "MEAN GRADED")]
        rows += [
            (r.policy, r.kind, str(r.answers), str(r.failures), f"{r.mean_graded:.3f}")
            for r in self.results
        ]
        widths = [max(len(row[column]) for row in rows) for column in range(5)]
        lines = []
        for row in rows:
            cells = [
                cell.ljust(width) if column < 2 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


def audit(
    instances: Iterable[Instance],
    *,
    policies: Iterable[str | Policy] | None = None,
    seed: int = 0,
) -> Audit:
    """Score every policy's answers to ``instances`` and count the undeserved scores.

    Args:
        instances: the instances (any iterable; read once).
        policies: the policies (names of :data:`POLICIES` or :class:`Policy` objects);
            default: all of :data:`POLICIES`.
        seed: the seed of the policies' own choices (a wrong move to hedge with...).

    Raises:
        InvalidArgumentError: an unknown policy name (the message lists the known ones).

    Example:
        >>> from hanoi_magnet.evaluation import audit, generate
        >>> audit(generate(seed=2, count=10), policies=["prompt", "two-lists-right-last"]).passed
        True
    """
    chosen = _chosen(policies, POLICIES)
    rng = random.Random(_integer(seed, "seed"))
    tallies = {policy.name: _Tally() for policy in chosen}
    count = 0
    for instance in instances:
        if not isinstance(instance, Instance):
            raise InvalidArgumentError(
                f"audit takes Instance objects, got {type(instance).__name__}"
            )
        count += 1
        for policy in chosen:
            tally = tallies[policy.name]
            asked = instance if policy.on is None else policy.on(instance)
            if asked is None:
                continue
            for answer in policy.write(asked, rng):
                result = score(answer, asked)
                tally.add(asked.id, result, policy.judge(asked, result))
    results = tuple(tallies[p.name].result(p) for p in chosen)
    return Audit(count, results)


def _chosen(policies: Iterable[str | Policy] | None, known: Mapping[str, Policy]) -> list[Policy]:
    if policies is None:
        return list(known.values())
    if isinstance(policies, str):
        policies = [policies]
    chosen = []
    for policy in policies:  # names or Policy objects; anything else is refused below
        if isinstance(policy, Policy):
            chosen.append(policy)
        elif policy in known:
            chosen.append(known[policy])
        else:
            raise InvalidArgumentError(f"unknown policy {policy!r}; known: {', '.join(known)}")
    return chosen


class _Tally:
    def __init__(self) -> None:
        self.answers = 0
        self.failures = 0
        self.graded = 0.0
        self.examples: list[tuple[str, str]] = []

    def add(self, ident: str, result: Score, why: str | None) -> None:
        self.answers += 1
        self.graded += result.rewards["graded"]
        if why is not None:
            self.failures += 1
            if len(self.examples) < 3:
                self.examples.append((ident, f"{why} ({result.outcome.value}: {result.detail})"))

    def result(self, policy: Policy) -> PolicyResult:
        mean = self.graded / self.answers if self.answers else 0.0
        return PolicyResult(
            policy.name, policy.kind, self.answers, self.failures, mean, tuple(self.examples)
        )
