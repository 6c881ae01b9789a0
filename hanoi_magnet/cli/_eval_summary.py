"""The summary table ``hanoi-magnet eval score`` ends with: per task, per family, in all."""

from __future__ import annotations

from collections.abc import Iterable

from hanoi_magnet.evaluation import Instance, Score


def summary(scored: list[tuple[Instance, Score]]) -> str:
    groups: dict[str, list[Score]] = {"all": []}
    for instance, result in scored:
        groups["all"].append(result)
        groups.setdefault(f"task {instance.task.value}", []).append(result)
        groups.setdefault(f"family {instance.family}", []).append(result)
    headers = ["GROUP", "ITEMS", "UNREAD", "LEGAL", "SOLVED", "OPTIMAL", "REASONING_GYM", "PREFIX"]
    rows = [headers]
    for name in sorted(groups, key=lambda g: (g != "all", g)):
        results = groups[name]
        count = len(results)

        def share(flags: Iterable[bool], count: int = count) -> str:
            return f"{100 * sum(flags) / count:.1f}%" if count else "-"

        def mean(key: str, results: list[Score] = results) -> str:
            return f"{sum(r.rewards[key] for r in results) / len(results):.3f}" if results else "-"

        rows.append(
            [
                name,
                str(count),
                share(r.parse_error is not None for r in results),
                share(r.parse_error is None and r.first_error is None for r in results),
                share(r.solved for r in results),
                share(r.optimal for r in results),
                mean("reasoning_gym"),
                mean("prefix"),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    )
