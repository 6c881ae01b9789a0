"""Summaries of many scores, from running counts: any number of items in constant memory."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._instance import Instance
from hanoi_magnet.evaluation._outcome import Outcome
from hanoi_magnet.evaluation._score import REWARDS, Score

#: The columns of :meth:`Summary.table` that count outcomes (the rest are in ``other``).
_COLUMNS = (
    ("SOLVED", (Outcome.SOLVED_OPTIMALLY, Outcome.SOLVED, Outcome.ABSTAINED)),
    ("OPTIMAL", (Outcome.SOLVED_OPTIMALLY, Outcome.ABSTAINED)),
    ("ILLEGAL", (Outcome.ILLEGAL_MOVE,)),
    ("FORMAT", (Outcome.FORMAT_ERROR,)),
    ("NO_ANSWER", (Outcome.NO_ANSWER,)),
    ("AMBIGUOUS", (Outcome.AMBIGUOUS,)),
)


def _counts(values: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(values))


def _means(values: Mapping[str, float]) -> Mapping[str, float]:
    return MappingProxyType(dict(values))


def _groups(values: Mapping[str, Group]) -> Mapping[str, Group]:
    return MappingProxyType(dict(values))


#: The rewards :meth:`Summary.table` shows (the others are the shares of its columns).
_TABLE_REWARDS = ("reasoning_gym", "graded", "prefix")


@attrs.frozen
class Group:
    """The running counts of one group of scored items (see :class:`Summary`).

    Attributes:
        items: how many items.
        outcomes: how many of each :class:`Outcome` (by its value; every outcome listed).
        rewards: the mean of each reward over the items (0.0 when there are none).

    Example:
        >>> from hanoi_magnet.evaluation import generate, score, summarize
        >>> instance = generate(seed=4, count=1, families=["classic"], tasks=["solve"])[0]
        >>> group = summarize([(instance, score("", instance))]).groups["all"]
        >>> group.items, group.outcomes["no-answer"], group.rewards["solved"]
        (1, 1, 0.0)
    """

    items: int
    outcomes: Mapping[str, int] = attrs.field(converter=_counts, hash=False)
    rewards: Mapping[str, float] = attrs.field(converter=_means, hash=False)

    def to_dict(self) -> dict[str, Any]:
        """The group as JSON-ready values.

        Example:
            >>> from hanoi_magnet.evaluation import summarize
            >>> summarize([]).groups["all"].to_dict()["items"]
            0
        """
        return {
            "items": self.items,
            "outcomes": dict(self.outcomes),
            "rewards": dict(self.rewards),
        }


@attrs.frozen
class Summary:
    """Scores summed up in groups: all items, and by task, family, variant and disks.

    Attributes:
        groups: the groups by name (``"all"``, ``"task solve"``, ``"family magnetic"``,
            ``"variant NNN"``, ``"disks 5"``...), ``"all"`` first, then sorted.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score, summarize
        >>> batch = generate(seed=5, count=3, families=["classic"], tasks=["next-move"])
        >>> summary = summarize((i, score(None, i)) for i in batch)
        >>> summary.groups["all"].items, list(summary.groups)[:3]
        (3, ['all', 'disks 5', 'disks 6'])
    """

    groups: Mapping[str, Group] = attrs.field(converter=_groups, hash=False)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready values: each group's :meth:`Group.to_dict`.

        Example:
            >>> from hanoi_magnet.evaluation import summarize
            >>> list(summarize([]).to_dict())
            ['all']
        """
        return {name: group.to_dict() for name, group in self.groups.items()}

    def table(self) -> str:
        """The summary as a plain-text table, one group a row.

        Shares of the group's items with each outcome, then the mean rewards ``reasoning_gym``,
        ``graded`` and ``prefix`` (those of ``solved`` and ``optimal`` follow the shares, ambiguous
        items aside; :meth:`to_dict` has them all).

        Example:
            >>> from hanoi_magnet.evaluation import summarize
            >>> print(summarize([]).table().split()[:3])
            ['GROUP', 'ITEMS', 'SOLVED']
        """
        headers = ["GROUP", "ITEMS", *(name for name, _ in _COLUMNS), "OTHER"]
        headers += [name.upper() for name in _TABLE_REWARDS]
        rows = [headers]
        counted = {outcome for _, outcomes in _COLUMNS for outcome in outcomes}
        for name, group in self.groups.items():
            items = group.items

            def share(count: int, items: int = items) -> str:
                return f"{100 * count / items:.1f}%" if items else "-"

            row = [name, str(items)]
            for _, outcomes in _COLUMNS:
                row.append(share(sum(group.outcomes[o.value] for o in outcomes)))
            other = sum(n for o, n in group.outcomes.items() if Outcome(o) not in counted)
            row.append(share(other))
            row += [f"{group.rewards[r]:.3f}" if items else "-" for r in _TABLE_REWARDS]
            rows.append(row)
        widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]
        return "\n".join(
            "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
        )


class _Tally:
    """Running counts per group."""

    def __init__(self) -> None:
        self.items: dict[str, int] = {"all": 0}
        self.outcomes: dict[str, dict[str, int]] = {"all": _zeros()}
        self.rewards: dict[str, dict[str, float]] = {"all": dict.fromkeys(REWARDS, 0.0)}

    def add(self, keys: tuple[str, ...], outcome: str, rewards: Mapping[str, float]) -> None:
        for key in ("all", *keys):
            if key not in self.items:
                self.items[key] = 0
                self.outcomes[key] = _zeros()
                self.rewards[key] = dict.fromkeys(REWARDS, 0.0)
            self.items[key] += 1
            self.outcomes[key][outcome] += 1
            sums = self.rewards[key]
            for name in REWARDS:
                sums[name] += float(rewards.get(name, 0.0))

    def summary(self) -> Summary:
        names = sorted(self.items, key=lambda g: (g != "all", _order(g)))
        return Summary(
            {
                name: Group(
                    self.items[name],
                    self.outcomes[name],
                    {
                        r: (total / self.items[name] if self.items[name] else 0.0)
                        for r, total in self.rewards[name].items()
                    },
                )
                for name in names
            }
        )


def _zeros() -> dict[str, int]:
    return {outcome.value: 0 for outcome in Outcome}


def _order(group: str) -> tuple[str, int, str]:
    kind, _, value = group.partition(" ")
    return (kind, int(value) if kind == "disks" and value.isdigit() else 0, value)


def _keys(task: object, family: object, variant: object, n: object) -> tuple[str, ...]:
    return (
        f"task {task}",
        f"family {family}",
        f"variant {variant if variant is not None else '-'}",
        f"disks {n}",
    )


def summarize(results: Iterable[tuple[Instance, Score] | Mapping[str, Any]]) -> Summary:
    """Sum up scores by task, family, variant and number of disks, from running counts.

    ``results`` may be a generator of any length: only counts and sums are kept. Each item
    is an ``(instance, score)`` pair, or a result record as ``eval score`` writes it (a
    mapping with ``task``, ``family``, ``variant``, ``n``, ``outcome`` and ``rewards``).

    Raises:
        InvalidArgumentError: an item that is neither.

    Example:
        >>> from hanoi_magnet.evaluation import generate, score, summarize
        >>> batch = generate(seed=2, count=4, families=["classic"], tasks=["solve"],
        ...                  templates=["reasoning-gym"])
        >>> summary = summarize((i, score("Move disk 2 from Peg 1 to Peg 3", i)) for i in batch)
        >>> summary.groups["all"].outcomes["illegal-move"], summary.groups["all"].items
        (4, 4)
    """
    tally = _Tally()
    for item in results:
        if isinstance(item, tuple):
            parts: tuple[object, ...] = item
            instance, result = (*parts, None, None)[:2]
            if len(parts) != 2 or not isinstance(instance, Instance):
                raise InvalidArgumentError("expected (Instance, Score) pairs")
            if not isinstance(result, Score):
                raise InvalidArgumentError("expected (Instance, Score) pairs")
            keys = _keys(instance.task.value, instance.family, instance.variant, instance.n)
            tally.add(keys, result.outcome.value, result.rewards)
        elif isinstance(item, Mapping):
            try:
                keys = _keys(item["task"], item["family"], item["variant"], item["n"])
                outcome = Outcome(item["outcome"]).value
                rewards = item["rewards"]
            except (KeyError, ValueError, TypeError) as error:
                raise InvalidArgumentError(f"not a result record of eval score: {error}") from None
            tally.add(keys, outcome, rewards)
        else:
            raise InvalidArgumentError(
                f"expected (Instance, Score) pairs or result records, got {type(item).__name__}"
            )
    return tally.summary()
