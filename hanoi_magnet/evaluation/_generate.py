"""A seeded generator of puzzle instances: the same seed gives the same instances everywhere."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar, cast

from hanoi_magnet.errors import (
    InvalidArgumentError,
    SearchLimitError,
)
from hanoi_magnet.evaluation import _draw
from hanoi_magnet.evaluation._budget import Budget as _Budget
from hanoi_magnet.evaluation._budget import Tokenizer
from hanoi_magnet.evaluation._instance import Instance, Task
from hanoi_magnet.evaluation._optimum import optimal_moves, optimum
from hanoi_magnet.evaluation._prompts import (
    PromptTemplate,
    answer_notation,
    get_template,
    render,
)
from hanoi_magnet.evaluation._puzzles import (
    FAMILIES,
    no_solution,
    puzzle,
    random_pair,
    random_start,
)
from hanoi_magnet.model import MAX_DISKS, Move, State, _integer
from hanoi_magnet.notation import get_notation
from hanoi_magnet.registry import default_registry, solve
from hanoi_magnet.rules import Rules
from hanoi_magnet.search import shortest_path

#: The notations the ``plain`` template draws from by default.
DEFAULT_NOTATIONS = ("reasoning-gym", "letter-arrows", "moves-list", "library")

T = TypeVar("T")

#: Draws per instance asked for before a budget that (almost) nothing fits is refused.
_ATTEMPTS = 100


def _share(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InvalidArgumentError(f"unsolvable must be a share from 0 to 1, got {value!r}")
    return float(value)


def _optimal_answer(instance: Instance, limit: int) -> Callable[[], Iterator[Move]]:
    """The moves of an optimal answer, on demand (they are written out to be measured)."""

    def moves() -> Iterator[Move]:
        if instance.task is Task.NEXT_MOVE:
            assert instance.expected is not None
            yield instance.expected[0]
        elif instance.task is Task.CONTINUE:
            assert instance.expected is not None
            yield from instance.expected
        elif instance.variant is not None and (
            solve(instance.variant, instance.n).start == instance.start
            and solve(instance.variant, instance.n).goal == instance.goal
        ):
            yield from solve(instance.variant, instance.n)
        else:
            yield from shortest_path(
                instance.rules, instance.start, instance.goal, max_states=limit
            )

    return moves


def generate(
    seed: int,
    count: int,
    *,
    families: Iterable[str] = FAMILIES,
    tasks: Iterable[str | Task] = tuple(Task),
    disks: tuple[int, int] = (3, 7),
    pegs: tuple[int, int] = (4, 5),
    positions: str = "towers",
    templates: Iterable[str | PromptTemplate] = ("plain",),
    notations: Iterable[str] = DEFAULT_NOTATIONS,
    moves: tuple[int, int] = (1, 10),
    max_states: int = 200_000,
    unsolvable: float = 0.0,
    max_answer_chars: int | None = None,
    max_answer_tokens: int | None = None,
    tokenizer: Tokenizer | None = None,
) -> list[Instance]:
    """``count`` puzzle instances drawn with ``random.Random(seed)``.

    The same arguments give the same instances, byte for byte in JSON, on every platform and
    Python version (only ``random.Random.random()`` is used, which Python keeps stable).

    Args:
        seed: the seed (an integer).
        count: how many instances.
        families: the kinds of puzzle (see :data:`FAMILIES`): ``classic`` (3 pegs),
            ``frame-stewart`` (``classic:P`` for P in ``pegs``), ``linear``, ``cyclic``
            (both directions), ``magnetic`` (the 24 solvable SID labels), ``digraph`` (classic
            rules on one of Sapir's five strongly connected sets of directions, relabelled).
        tasks: the kinds of question (:class:`Task`); ``continue`` needs a registered variant,
            so digraphs are never asked it.
        disks: the least and the most disks.
        pegs: the least and the most pegs of the Frame–Stewart family.
        positions: ``towers`` (every ``solve`` task from the start tower to the goal tower;
            ``next-move`` positions on the optimal solution), ``random`` (random legal
            positions, the goal reachable from the start) or ``mixed`` (either, half the time
            each).
        templates: the prompt templates to draw from (names or :class:`PromptTemplate`).
        notations: the notations to draw from for templates that leave it open.
        moves: the least and the most moves asked for by ``continue`` tasks.
        max_states: the most positions one search for an optimum may visit. Optimal lengths
            of random positions, and the optimal next moves, come from
            :func:`~hanoi_magnet.search.distance`: exact in O(n) on three posts, for every rule
            set; breadth-first search on four or more, so those instances are limited to what
            a search within ``max_states`` answers (about 10 disks on four pegs).
        unsolvable: the share of instances (0 to 1) drawn without a solution: a ``solve``
            task on one of the three unsolvable magnetic labels (``BBB``, ``NRR``, ``RRR``),
            on three-peg directions that cannot take the start tower to the goal tower, or
            between magnetic positions the goal cannot be reached from. Each says why in
            :attr:`Instance.unsolvable` (the library's certificate: the search's explanation
            of why no path exists). With a share above 0 every prompt of the set offers the
            abstention (:data:`ABSTENTION`), so that its presence gives nothing away; with 0
            (the default) the instances are those of earlier versions.
        max_answer_chars: keep only instances whose optimal answer, written in their
            notation, has at most this many characters (instances are drawn until ``count``
            fit); answers longer than this are over budget when scored.
        max_answer_tokens: the same in tokens, counted by ``tokenizer``.
        tokenizer: counts the tokens of a text (any ``str -> int``); each instance then
            states :attr:`Instance.answer_tokens`.

    Every instance states the length of its optimal answer in moves and in characters of its
    notation (:attr:`Instance.answer_moves`, :attr:`Instance.answer_chars`); answers of more
    than 65,536 moves are measured only when a character budget asks (and never tokenized).

    Raises:
        SearchLimitError: an instance needs a larger search than ``max_states`` (the message
            names the instance and suggests fewer disks).
        InvalidArgumentError: a bad argument, or no family that can be asked a chosen task.

    Example:
        >>> from hanoi_magnet.evaluation import generate
        >>> batch = generate(seed=2026, count=4, disks=(3, 5))
        >>> [(i.family, i.variant, i.task.value, i.n, i.optimum) for i in batch]
        [('classic', 'classic', 'next-move', 4, 1), ('magnetic', 'NBR', 'solve', 3, 18), ('cyclic', 'cyclic', 'next-move', 5, 1), ('frame-stewart', 'classic:5', 'continue', 4, 6)]
    """  # noqa: E501 (a doctest's output is one line)
    return list(
        iter_instances(
            seed,
            count,
            families=families,
            tasks=tasks,
            disks=disks,
            pegs=pegs,
            positions=positions,
            templates=templates,
            notations=notations,
            moves=moves,
            max_states=max_states,
            unsolvable=unsolvable,
            max_answer_chars=max_answer_chars,
            max_answer_tokens=max_answer_tokens,
            tokenizer=tokenizer,
        )
    )


def iter_instances(
    seed: int,
    count: int,
    *,
    families: Iterable[str] = FAMILIES,
    tasks: Iterable[str | Task] = tuple(Task),
    disks: tuple[int, int] = (3, 7),
    pegs: tuple[int, int] = (4, 5),
    positions: str = "towers",
    templates: Iterable[str | PromptTemplate] = ("plain",),
    notations: Iterable[str] = DEFAULT_NOTATIONS,
    moves: tuple[int, int] = (1, 10),
    max_states: int = 200_000,
    unsolvable: float = 0.0,
    max_answer_chars: int | None = None,
    max_answer_tokens: int | None = None,
    tokenizer: Tokenizer | None = None,
) -> Iterator[Instance]:
    """The instances of :func:`generate`, one at a time (same arguments, same instances).

    Example:
        >>> from hanoi_magnet.evaluation import generate, iter_instances
        >>> list(iter_instances(seed=9, count=3)) == generate(seed=9, count=3)
        True
    """
    seed = _integer(seed, "seed")
    count = _integer(count, "count")
    chosen_families = _subset(families, FAMILIES, "family")
    chosen_tasks = [Task(t) if isinstance(t, str) else t for t in _unique(tasks, "tasks")]
    combos = [
        (family, task)
        for family in chosen_families
        for task in chosen_tasks
        if not (family == "digraph" and task is Task.CONTINUE)
    ]
    if not combos:
        raise InvalidArgumentError("digraphs cannot be asked 'continue' tasks: choose another")
    low, high = _range(disks, "disks", minimum=1)
    fewest_pegs, most_pegs = _range(pegs, "pegs", minimum=4)
    first, last = _range(moves, "moves", minimum=1)
    if positions not in ("towers", "random", "mixed"):
        raise InvalidArgumentError(
            f"positions must be 'towers', 'random' or 'mixed', got {positions!r}"
        )
    chosen_templates = [get_template(t) for t in _unique(templates, "templates")]
    chosen_notations = [get_notation(name).name for name in _unique(notations, "notations")]
    limit = _integer(max_states, "max_states", minimum=1)
    share = _share(unsolvable)
    budget = _Budget.checked(max_answer_chars, max_answer_tokens, tokenizer)
    rng = random.Random(seed)
    kept = 0
    index = -1
    while kept < count:
        index += 1
        if index >= count and index >= _ATTEMPTS * count:
            raise InvalidArgumentError(
                f"only {kept} of {count} instances drawn in {index} attempts have an optimal "
                f"answer within the budget ({budget.describe()}): raise it or draw fewer disks"
            )
        name = f"{seed}-{index}"
        if share and rng.random() < share:
            template = _draw.choice(rng, chosen_templates)
            notation = answer_notation(
                template, None if template.notation else _draw.choice(rng, chosen_notations)
            )
            n = _draw.between(rng, max(low, 2), max(high, 2))
            drawn = no_solution(rng, name, n, template, get_notation(notation.name), limit)
            kept_one = budget.apply(drawn, None)
            if kept_one is not None:
                kept += 1
                yield kept_one
            continue
        family, task = _draw.choice(rng, combos)
        label, rules, source, target = puzzle(rng, family, fewest_pegs, most_pegs)
        n = _draw.between(rng, low, high)
        template = _draw.choice(rng, chosen_templates)
        notation = answer_notation(
            template, None if template.notation else _draw.choice(rng, chosen_notations)
        )
        randomly = positions == "random" or (positions == "mixed" and _draw.below(rng, 2) == 1)
        try:
            built = _build(
                rng, name, family, task, label, rules, (source, target), n, randomly,
                template, notation.name, (first, last), limit, bool(share),
            )  # fmt: skip
        except SearchLimitError as error:
            raise SearchLimitError(
                f"instance {name} ({label or 'digraph'}, {n} disks, {task.value}): {error}; "
                "exact distances without search exist for three posts only: use fewer disks, "
                "tower positions, or a larger max_states"
            ) from None
        fitted = budget.apply(built, _optimal_answer(built, limit))
        if fitted is not None:
            kept += 1
            yield fitted


def _build(
    rng: random.Random,
    name: str,
    family: str,
    task: Task,
    label: str | None,
    rules: Rules,
    ends: tuple[int, int],
    n: int,
    randomly: bool,
    template: PromptTemplate,
    notation: str,
    moves: tuple[int, int],
    limit: int,
    abstain: bool,
) -> Instance:
    face = None
    goal_face = None
    if label is not None:
        variant = default_registry.variant(label)
        face, goal_face = variant.start_face, variant.goal_face
    start = State.tower(n, ends[0], posts=rules.posts, face=face)
    goal = State.tower(n, ends[1], posts=rules.posts, face=goal_face)
    done = asked = None
    expected: tuple[Move, ...] | None = None
    if task is Task.SOLVE:
        if randomly:
            start, goal = random_pair(rng, rules, n, limit)
        best = optimum(rules, start, goal, variant=label, max_states=limit)
        length, proven = best.length, best.proven
    elif task is Task.CONTINUE:
        assert label is not None
        solution = solve(label, n)
        asked = min(_draw.between(rng, *moves), solution.length)
        done = _draw.below(rng, solution.length - asked + 1)
        expected = tuple(solution[done : done + asked])
        start = solution.unrank(done)
        length, proven = asked, optimum(rules, solution.start, goal, variant=label).proven
    else:
        if randomly or label is None:
            start = random_start(rng, rules, goal, limit)
        else:
            solution = solve(label, n)
            start = solution.unrank(_draw.below(rng, solution.length))
        expected = optimal_moves(rules, start, goal, max_states=limit)
        length, proven = 1, True
    prompt = render(
        template,
        get_notation(notation),
        rules,
        start,
        goal,
        done=done,
        count=asked if task is Task.CONTINUE else (1 if task is Task.NEXT_MOVE else None),
        abstain=abstain,
    )
    return Instance(
        id=name,
        task=task,
        family=family,
        variant=label,
        rules=rules,
        n=n,
        start=start,
        goal=goal,
        notation=notation,
        template=template.name,
        prompt=prompt,
        done=done,
        count=asked,
        optimum=length,
        proven=proven,
        expected=expected,
    )


def _subset(values: Iterable[str], known: Sequence[str], what: str) -> list[str]:
    chosen = _unique(values, f"{what} names")
    for value in chosen:
        if value not in known:
            raise InvalidArgumentError(f"unknown {what} {value!r}; known: {', '.join(known)}")
    return chosen


def _unique(values: Iterable[T], what: str) -> list[T]:
    items = [cast("T", values)] if isinstance(values, str) else values
    chosen = list(dict.fromkeys(items))
    if not chosen:
        raise InvalidArgumentError(f"give at least one of the {what}")
    return chosen


def _range(value: tuple[int, int], what: str, *, minimum: int) -> tuple[int, int]:
    try:
        low, high = value
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{what} must be a pair (least, most), got {value!r}") from None
    low, high = _integer(low, what, minimum=minimum), _integer(high, what, minimum=minimum)
    if low > high or high > MAX_DISKS:
        raise InvalidArgumentError(f"{what} must be a pair least <= most, got {value!r}")
    return low, high
