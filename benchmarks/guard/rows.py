"""The guard's rows: what is timed, defined once here and run against both packages.

Each row calls only public API (present in both trees, or the row reports "n/a" for the tree
that lacks it). An in-process row is a ``setup(hm)`` that builds its data (untimed) and returns
the callable to time; a fresh-process row is a few statements run after ``import hanoi_magnet
as hm`` in a new interpreter, timed from after the import (its ``import`` row times the import
itself). The data (answers, positions) are built here in plain Python, not by either package,
so both trees get the very same input.

Groups: ``small`` (n <= 10: solve, iterate, length, unrank, validate, score), ``first calls``
(cold caches in process, and fresh processes), ``largest answers`` (about a million lines),
and one or two rows for each benchmark family of ``benchmarks/bench_*.py``. Rows marked
``quick=False`` are left out of ``--quick``.
"""

from __future__ import annotations

import collections
import functools
import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

Setup = Callable[[ModuleType], Callable[[], object]]


@dataclass(frozen=True)
class Row:
    """One timed thing: in process (``setup``) or in a fresh process (``code``)."""

    name: str
    group: str
    setup: Setup | None = None
    code: str | None = None  # fresh process: statements run after ``import hanoi_magnet as hm``
    quick: bool = True

    @property
    def fresh(self) -> bool:
        return self.code is not None


ROWS: list[Row] = []


def row(name: str, group: str, *, quick: bool = True) -> Callable[[Setup], Setup]:
    """Register an in-process row (decorator)."""

    def register(setup: Setup) -> Setup:
        ROWS.append(Row(name, group, setup=setup, quick=quick))
        return setup

    return register


def fresh(name: str, code: str, *, quick: bool = True) -> None:
    """Register a fresh-process row."""
    ROWS.append(Row(name, "first calls", code=code, quick=quick))


# -- data, in plain Python ---------------------------------------------------------------------


def classic_moves(n: int, source: int = 0, target: int = 2) -> Iterator[tuple[int, int, int]]:
    """The optimal classic moves (disk, source, target) of n disks, without recursion."""
    spare = 3 - source - target
    stack: list[tuple[int, int, int, int, bool]] = [(n, source, target, spare, False)]
    while stack:
        m, a, b, c, expanded = stack.pop()
        if m == 0:
            continue
        if expanded:
            yield m, a, b
            continue
        stack.append((m - 1, c, b, a, False))
        stack.append((m, a, b, c, True))
        stack.append((m - 1, a, c, b, False))


@functools.cache
def frame_stewart(n: int, pegs: int) -> tuple[int, int]:
    """Frame–Stewart's count of n disks on ``pegs`` pegs and its best split (disks set aside)."""
    if n == 0:
        return 0, 0
    if pegs == 3:
        return 2**n - 1, n - 1
    return min((2 * frame_stewart(k, pegs)[0] + frame_stewart(n - k, pegs - 1)[0], k)
               for k in range(n))  # fmt: skip


def fs_moves(n: int, posts: list[int], low: int = 0) -> Iterator[tuple[int, int, int]]:
    """Frame–Stewart moves of disks low+1..low+n from posts[0] to posts[-1]."""
    if n == 0:
        return
    if len(posts) == 3:
        a, c, b = posts
        for disk, s, t in classic_moves(n, 0, 2):
            yield disk + low, (a, c, b)[s], (a, c, b)[t]
        return
    k = frame_stewart(n, len(posts))[1]
    source, spare, target = posts[0], posts[1], posts[-1]
    others = [p for p in posts if p not in (source, spare, target)]
    yield from fs_moves(k, [source, target, *others, spare], low)
    yield from fs_moves(n - k, [source, *others, target], low + k)
    yield from fs_moves(k, [spare, source, *others, target], low)


def gym_text(moves: Iterator[tuple[int, int, int]]) -> str:
    """reasoning-gym's answer: ``Move disk 1 from Peg 1 to Peg 3`` (pegs from 1)."""
    return "\n".join(f"Move disk {d} from Peg {s + 1} to Peg {t + 1}" for d, s, t in moves)


def gym_entry(n: int, pegs: int, start: int, target: int, index: int = 0) -> dict[str, Any]:
    """A reasoning-gym ``tower_of_hanoi`` entry (pegs from 1)."""
    return {
        "question": f"Solve the Tower of Hanoi problem with {n} disks and {pegs} pegs. Move all "
        f"disks from Peg {start} to Peg {target} following the rules.",
        "metadata": {"source_index": index, "num_disks": n, "num_pegs": pegs,
                     "start_peg": start, "target_peg": target},
    }  # fmt: skip


@functools.lru_cache(maxsize=1)
def gym_corpus(count: int = 200) -> tuple[tuple[dict[str, Any], str], ...]:
    """``count`` entries as reasoning-gym's default dataset draws them (3-7 disks, 3-4 pegs,
    two different pegs), each with its optimal answer."""
    rng = random.Random(36)
    corpus = []
    for index in range(count):
        n, pegs = rng.randint(3, 7), rng.randint(3, 4)
        start, target = rng.sample(range(1, pegs + 1), 2)
        others = [p for p in range(pegs) if p not in (start - 1, target - 1)]
        posts = [start - 1, *others, target - 1]
        corpus.append((gym_entry(n, pegs, start, target, index), gym_text(fs_moves(n, posts))))
    return tuple(corpus)


def corrupted(corpus: tuple[tuple[dict[str, Any], str], ...]) -> list[tuple[dict[str, Any], str]]:
    """The corpus as ``bench_scoring`` corrupts reasoning-gym's answers: of each eight, the
    second with two moves swapped, the fourth with a period after each line, the sixth under a
    header line (the others as they are)."""
    found = []
    for index, (entry, answer) in enumerate(corpus):
        lines = answer.split("\n")
        kind = index % 8
        if kind == 1 and len(lines) > 2:
            lines[1], lines[2] = lines[2], lines[1]
        elif kind == 3:
            lines = [line + "." for line in lines]
        elif kind == 5:
            lines = ["Here are the moves:", *lines]
        found.append((entry, "\n".join(lines)))
    return found


def solve_text(n: int) -> str:
    """The classic solution as ``hanoi-magnet solve`` prints it (``3: S -> D``)."""
    names = "SID"
    return "\n".join(f"{d}: {names[s]} -> {names[t]}" for d, s, t in classic_moves(n))


def random_posts(n: int, seed: int) -> list[list[int]]:
    """Each disk on a random one of three posts (largest first)."""
    rng = random.Random(seed)
    posts: list[list[int]] = [[], [], []]
    for disk in range(n, 0, -1):
        posts[rng.randrange(3)].append(disk)
    return posts


def drain(iterable: object) -> None:
    collections.deque(iterable, maxlen=0)  # type: ignore[call-overload]


# -- small sizes (n <= 10) ---------------------------------------------------------------------


@row("solve('classic', 10)", "small")
def _solve_small(hm: ModuleType) -> Callable[[], object]:
    return lambda: hm.solve("classic", 10)


@row("list(solve('classic', 10))", "small")
def _list_solve_small(hm: ModuleType) -> Callable[[], object]:
    return lambda: list(hm.solve("classic", 10))


def _prebuilt(label: str, n: int) -> Setup:
    def setup(hm: ModuleType) -> Callable[[], object]:
        solution = hm.solve(label, n)
        return lambda: list(solution)

    return setup


for _label, _n in (("classic", 10), ("classic", 3), ("NNN", 8), ("RBB", 7), ("linear", 6),
                   ("cyclic", 7), ("arcs:SI,ID,DS", 5), ("classic:4", 10)):  # fmt: skip
    row(f"list(s), s = solve({_label!r}, {_n})", "small")(_prebuilt(_label, _n))


@row("iter(s), s = solve('classic', 10)", "small")
def _iter_small(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic", 10)
    return lambda: iter(solution)


@row("iter(s), s = solve('NNN', 10)", "small")
def _iter_small_nnn(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 10)
    return lambda: iter(solution)


@row("s[:3], s = solve('NNN', 10)", "small")
def _head_small(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 10)
    return lambda: list(solution[:3])


@row("solve('NNN', 10).length", "small")
def _length_small(hm: ModuleType) -> Callable[[], object]:
    return lambda: hm.solve("NNN", 10).length


@row("s.unrank(k) x 100, s = solve('classic', 10)", "small")
def _unrank_small(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic", 10)
    ks = range(0, 1024, 11)
    return lambda: [solution.unrank(k) for k in ks]


@row("s.unrank(k) x 100, s = solve('NNN', 8)", "small")
def _unrank_small_nnn(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 8)
    step = max(1, solution.length // 100)
    ks = range(0, solution.length, step)
    return lambda: [solution.unrank(k) for k in ks]


@row("s[k] x 100, s = solve('classic', 10)", "small")
def _move_at_small(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic", 10)
    ks = range(0, 1023, 11)
    return lambda: [solution[k] for k in ks]


@row("validate(1,023 lines of text, 'classic', 10)", "small")
def _validate_small(hm: ModuleType) -> Callable[[], object]:
    text = solve_text(10)
    return lambda: hm.validate(text, "classic", 10)


@row("validate(Move list, 'classic', 10)", "small")
def _validate_small_moves(hm: ModuleType) -> Callable[[], object]:
    moves = [hm.Move(d, s, t) for d, s, t in classic_moves(10)]
    return lambda: hm.validate(moves, "classic", 10)


@row("score(answer, instance), 5 disks 3 pegs", "small")
def _score_small(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    instance = from_reasoning_gym(gym_entry(5, 3, 1, 3))
    answer = gym_text(classic_moves(5))
    return lambda: score(answer, instance)


@row("score(answer, instance), 7 disks 4 pegs", "small")
def _score_small_four(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    instance = from_reasoning_gym(gym_entry(7, 4, 1, 4))
    answer = gym_text(fs_moves(7, [0, 1, 2, 3]))
    return lambda: score(answer, instance)


# -- scoring reasoning-gym entries (issue 36 item 4) -------------------------------------------


@row("from_reasoning_gym(entry) x 200", "scoring")
def _from_gym(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym  # noqa: PLC0415

    entries = [entry for entry, _ in gym_corpus()]
    return lambda: [from_reasoning_gym(entry) for entry in entries]


@row("from_reasoning_gym(entry) + score x 200", "scoring")
def _from_gym_score(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    corpus = gym_corpus()
    return lambda: [score(answer, from_reasoning_gym(entry)) for entry, answer in corpus]


@row("score x 200, instances prebuilt", "scoring")
def _score_prebuilt(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    pairs = [(from_reasoning_gym(entry), answer) for entry, answer in gym_corpus()]
    return lambda: [score(answer, instance) for instance, answer in pairs]


@row("score x 200, instances prebuilt, an eighth each swapped, with periods, under a header",
     "scoring")  # fmt: skip
def _score_corrupted(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    pairs = [(from_reasoning_gym(entry), answer) for entry, answer in corrupted(gym_corpus())]
    return lambda: [score(answer, instance) for instance, answer in pairs]


# -- first calls -------------------------------------------------------------------------------


def _cold(label: str, n: int) -> Setup:
    def setup(hm: ModuleType) -> Callable[[], object]:
        def run() -> object:
            hm.clear_caches()
            solution = hm.solve(label, n)
            return solution.length, solution[0]

        return run

    return setup


for _label in ("classic:4", "classic", "NNN", "classic:5"):
    row(f"clear_caches(); solve({_label!r}, 20): length, [0]", "first calls")(_cold(_label, 20))


@row("clear_caches(); list(solve('classic:4', 20))", "first calls")
def _cold_every_move(hm: ModuleType) -> Callable[[], object]:
    def run() -> object:
        hm.clear_caches()
        return list(hm.solve("classic:4", 20))

    return run


fresh("fresh process: import hanoi_magnet", "")
for _label in ("classic:4", "classic", "NNN"):
    fresh(
        f"fresh process: solve({_label!r}, 20): length, [0]",
        f"s = hm.solve({_label!r}, 20); s.length; s[0]",
    )
fresh("fresh process: list(solve('classic:4', 20))", "list(hm.solve('classic:4', 20))")
fresh(
    "fresh process: from_reasoning_gym + score",
    "from hanoi_magnet.evaluation import from_reasoning_gym, score\n"
    "e = {'question': '', 'metadata': {'num_disks': 3, 'num_pegs': 3, 'start_peg': 1, "
    "'target_peg': 3}}\n"
    "score('Move disk 1 from Peg 1 to Peg 3', from_reasoning_gym(e))",
)
fresh(
    "fresh process: CLI solve classic 10",
    "import contextlib, io\nfrom hanoi_magnet.cli import main\n"
    "with contextlib.redirect_stdout(io.StringIO()): main(['solve', 'classic', '10'])",
    quick=False,
)


# -- the largest answers -----------------------------------------------------------------------


def _score_lines(n: int) -> Setup:
    def setup(hm: ModuleType) -> Callable[[], object]:
        from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

        instance = from_reasoning_gym(gym_entry(n, 3, 1, 3))
        answer = gym_text(classic_moves(n))
        return lambda: score(answer, instance)

    return setup


for _n, _quick in ((20, True), (17, True), (16, True)):
    row(f"score(), {2**_n - 1:,}-line reasoning-gym answer", "largest answers",
        quick=_quick)(_score_lines(_n))  # fmt: skip


@row("validate(1,048,575 lines of text, 'classic', 20)", "largest answers")
def _validate_huge(hm: ModuleType) -> Callable[[], object]:
    text = solve_text(20)
    return lambda: hm.validate(text, "classic", 20)


@row("validate(1,048,575 Moves, 'classic', 20)", "largest answers", quick=False)
def _validate_huge_moves(hm: ModuleType) -> Callable[[], object]:
    moves = list(hm.solve("classic", 20))
    return lambda: hm.validate(moves, "classic", 20)


# -- one or two rows of each benchmark family --------------------------------------------------


@row("solve('NNN', 20) (warm)", "bench_solve")
def _solve_warm(hm: ModuleType) -> Callable[[], object]:
    return lambda: hm.solve("NNN", 20)


@row("clear_caches(); solve('NNN', 10**5)[:3]", "bench_solve")
def _solve_huge(hm: ModuleType) -> Callable[[], object]:
    def run() -> object:
        hm.clear_caches()
        return list(hm.solve("NNN", 10**5)[:3])

    return run


@row("200,000 moves of solve('classic', 20)", "bench_iteration")
def _iterate_classic(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic", 20)
    return lambda: drain(itertools.islice(solution, 200_000))


@row("200,000 moves of solve('NNN', 14)", "bench_iteration")
def _iterate_nnn(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 14)
    return lambda: drain(itertools.islice(solution, 200_000))


@row("every move of solve('classic:4', 40)", "bench_iteration", quick=False)
def _iterate_four(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic:4", 40)
    return lambda: drain(solution)


@row("s.unrank(k), s = solve('classic', 1000)", "bench_unrank")
def _unrank_classic(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("classic", 1000)
    k = solution.length // 3 + 12_345
    return lambda: solution.unrank(k)


@row("s.unrank(k), s = solve('NNN', 1000)", "bench_unrank")
def _unrank_nnn(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 1000)
    k = solution.length // 3 + 12_345
    return lambda: solution.unrank(k)


@row("s.rank(p), s = solve('NNN', 1000)", "bench_unrank", quick=False)
def _rank_nnn(hm: ModuleType) -> Callable[[], object]:
    solution = hm.solve("NNN", 1000)
    position = solution.unrank(solution.length // 3 + 12_345)
    return lambda: solution.rank(position)


@row("clear_caches(); unrank, s = solve('NNN', 10**4)", "bench_sizes", quick=False)
def _sizes(hm: ModuleType) -> Callable[[], object]:
    def run() -> object:
        hm.clear_caches()
        solution = hm.solve("NNN", 10**4)
        return solution.unrank(solution.length // 3 + 12_345)

    return run


@row("count('NNN', 10**5)", "bench_counting")
def _count(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.theory import count  # noqa: PLC0415

    return lambda: count("NNN", 10**5)


@row("clear_caches(); count('classic:4', 10**4)", "bench_frame_stewart")
def _frame_stewart(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.theory import count  # noqa: PLC0415

    def run() -> object:
        hm.clear_caches()
        return count("classic:4", 10**4)

    return run


@row("distance, classic, 1,000 disks, random positions", "bench_distance")
def _distance_classic(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.search import distance  # noqa: PLC0415

    rules = hm.ClassicRules()
    start, goal = hm.State(random_posts(1000, 1)), hm.State(random_posts(1000, 2))
    return lambda: distance(rules, start, goal)


def _nnn_position(hm: ModuleType, n: int, seed: int) -> Any:
    """A random legal NNN position that is no dead end (each post shows one face)."""
    rules, rng = hm.MagneticRules("NNN"), random.Random(seed)
    while True:
        posts = random_posts(n, rng.randrange(10**9))
        colours = [rng.choice((hm.Color.RED, hm.Color.BLUE)) for _ in range(3)]
        faces = [hm.Color.RED] * n
        for post, disks in enumerate(posts):
            for disk in disks:
                faces[disk - 1] = colours[post]
        state = hm.State(posts, faces=faces)
        if rules.is_legal_state(state) and rules.legal_moves(state):
            return state


@row("distance, NNN, 1,000 disks, random positions", "bench_distance")
def _distance_nnn(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.search import distance  # noqa: PLC0415

    rules = hm.MagneticRules("NNN")
    start, goal = _nnn_position(hm, 1000, 3), _nnn_position(hm, 1000, 4)
    return lambda: distance(rules, start, goal)


@row("shortest_path, NNN, 1,000 disks, random positions: first 1,000 moves", "bench_distance")
def _path_nnn(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.search import shortest_path  # noqa: PLC0415

    rules = hm.MagneticRules("NNN")
    start, goal = _nnn_position(hm, 1000, 5), _nnn_position(hm, 1000, 6)
    return lambda: drain(itertools.islice(shortest_path(rules, start, goal), 1000))


@row("distance, classic:4, 8 disks, by search", "bench_search")
def _search(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.search import distance  # noqa: PLC0415

    rules = hm.ClassicRules(4)
    start = hm.State([[8, 5, 2], [7, 4], [6, 1], [3]])
    goal = hm.State([[], [8, 7, 1], [6, 2], [5, 4, 3]])
    return lambda: distance(rules, start, goal)


@row("state_graph(ClassicRules(), 7)", "bench_search")
def _state_graph(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.search import state_graph  # noqa: PLC0415

    rules = hm.ClassicRules()
    return lambda: state_graph(rules, 7)


@row("graph_svg('classic', 6)", "bench_graph_export", quick=False)
def _graph_svg(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.draw import graph_svg  # noqa: PLC0415

    return lambda: graph_svg("classic", 6)


@row("Episode.play, 1,000 moves of classic 64", "bench_episode")
def _episode(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.episode import Episode  # noqa: PLC0415

    rules = hm.ClassicRules()
    start, goal = hm.State.tower(64), hm.State.tower(64, 2)
    moves = [hm.Move(d, s, t) for d, s, t in itertools.islice(classic_moves(64), 1000)]

    def run() -> object:
        game = Episode(rules, start, goal)
        for move in moves:
            game.play(move)
        return game

    return run


@row("extract_moves, 131,071-line reasoning-gym answer", "bench_extraction")
def _extract(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    text = "Let me think.\n" + gym_text(classic_moves(17)) + "\nDone."
    return lambda: extract_moves(text)


def gym_kinds(corpus: tuple[tuple[dict[str, Any], str], ...]) -> list[tuple[int, str]]:
    """The corpus as ``bench_extraction``'s third table writes reasoning-gym's answers: ten kinds
    of each (optimal, half, periods, lower case, numbered, swapped, a wrong last move, a header,
    after reasoning, empty), with each entry's number of pegs."""
    found = []
    for entry, answer in corpus:
        lines = answer.split("\n")
        kinds = [
            answer,
            "\n".join(lines[: max(1, len(lines) // 2)]),
            "\n".join(line + "." for line in lines),
            answer.lower(),
            "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1)),
            "\n".join(lines[1:2] + lines[:1] + lines[2:]),
            "\n".join([*lines[:-1], "Move disk 9 from Peg 1 to Peg 2"]),
            "Here is my answer:\n" + answer,
            "<think>\nrecursion\n</think>\n" + answer,
            "",
        ]
        found += [(entry["metadata"]["num_pegs"], text) for text in kinds]
    return found


def _named_reading(answers: list[tuple[int, str]]) -> Callable[[], object]:
    from hanoi_magnet import NotationError  # noqa: PLC0415
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    def run() -> object:
        for posts, text in answers:
            try:  # noqa: SIM105 (a suppress block would add its own cost to every call)
                extract_moves(text, notation="reasoning-gym", posts=posts)
            except NotationError:
                pass
        return None

    return run


@row("extract_moves x 200 reasoning-gym answers, its notation named", "bench_extraction")
def _extract_gym_own(hm: ModuleType) -> Callable[[], object]:
    return _named_reading([(e["metadata"]["num_pegs"], a) for e, a in gym_corpus()])


@row("the same, after 3,000 answers of other lines were read", "bench_extraction")
def _extract_gym_own_after(hm: ModuleType) -> Callable[[], object]:
    """The first row's answers after many other lines were read (a full table of them)."""
    run = _named_reading([(e["metadata"]["num_pegs"], a) for e, a in gym_corpus()])
    others = [
        (
            pegs,
            f"Move disk {disk} from Peg {s} to Peg {t}\nMove disk {disk} from Peg {t} to Peg {s}",
        )
        for pegs in (3, 4)
        for disk in range(100, 600)
        for s, t in ((1, 2), (2, 3), (1, 3))
    ]
    _named_reading(others)()
    return run


@row("extract_moves x 1,000 reasoning-gym answers of ten kinds, its notation named",
     "bench_extraction")  # fmt: skip
def _extract_gym_kinds(hm: ModuleType) -> Callable[[], object]:
    return _named_reading(gym_kinds(gym_corpus()[:100]))


# -- reading answers of every form (issue 32: not slower than the previous reader) -------------


def _arrows(moves: Iterator[tuple[int, int, int]], separator: str) -> str:
    return separator.join(f"{'ABC'[s]}->{'ABC'[t]}" for _, s, t in moves)


def short_answers(count: int = 1000) -> list[str]:
    """``count`` short answers (5 disks) of ten kinds models write, in rotation."""
    moves = list(classic_moves(5))
    names = "ABC"
    sentences = [f"Move disk {d} from {names[s]} to {names[t]}." for d, s, t in moves]
    kinds = [
        "\n".join(sentences),
        "Let me think about it.\n" + "\n".join(sentences) + "\nThat solves it.",
        "<think>\nSmallest disk first.\n</think>\n" + "\n".join(sentences),
        "\n".join(f"{i}. {line}" for i, line in enumerate(sentences, 1)),
        "\n".join(f"- {line}" for line in sentences),
        "\n".join(f"Step {i}: {line}" for i, line in enumerate(sentences, 1)),
        _arrows(iter(moves), "\n"),
        "The moves: " + _arrows(iter(moves), ", ") + ".",
        "moves = " + str([[d, s, t] for d, s, t in moves]),
        "| # | move |\n|---|---|\n"
        + "\n".join(f"| {i} | {names[s]} -> {names[t]} |" for i, (_, s, t) in enumerate(moves, 1)),
    ]
    return [kinds[i % len(kinds)] for i in range(count)]


@row("extract_moves x 1,000 short answers of ten kinds", "reading")
def _extract_short(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    answers = short_answers()
    return lambda: [extract_moves(answer) for answer in answers]


@row("score x 1,000 short answers of ten kinds", "reading")
def _score_short(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.evaluation import from_reasoning_gym, score  # noqa: PLC0415

    instance = from_reasoning_gym(gym_entry(5, 3, 1, 3))
    answers = short_answers()
    return lambda: [score(answer, instance) for answer in answers]


@row("extract_moves, 1 MB of arrow lines with prose", "reading", quick=False)
def _extract_arrows(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    text = "Here is my plan.\n" + _arrows(classic_moves(18), "\n") + "\nDone."
    return lambda: extract_moves(text)


@row("extract_moves, a moves-list of 65,535 moves on one line", "reading", quick=False)
def _extract_list(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    text = "moves = " + str([[d, s, t] for d, s, t in classic_moves(16)])
    return lambda: extract_moves(text)


@row("extract_moves, 16,383 arrows on one comma-separated line", "reading", quick=False)
def _extract_one_line(hm: ModuleType) -> Callable[[], object]:
    from hanoi_magnet.notation import extract_moves  # noqa: PLC0415

    text = _arrows(classic_moves(14), ", ")
    return lambda: extract_moves(text)


@row("validate(131,071 Moves, 'classic', 17)", "bench_validation")
def _validate_moves(hm: ModuleType) -> Callable[[], object]:
    moves = [hm.Move(d, s, t) for d, s, t in classic_moves(17)]
    return lambda: hm.validate(moves, "classic", 17)


@row("validate((source, target) pairs, 'NNN', 12)", "bench_validation")
def _validate_nnn(hm: ModuleType) -> Callable[[], object]:
    pairs = [(move.source, move.target) for move in hm.solve("NNN", 12)]
    return lambda: hm.validate(pairs, "NNN", 12)


def rows(*, quick: bool = False, match: Sequence[str] = ()) -> list[Row]:
    """The rows to run (``quick``: those marked for --quick; ``match``: those whose group or
    name contains one of these, any case)."""
    chosen = [r for r in ROWS if r.quick or not quick]
    if match:
        wanted = [word.lower() for word in match]
        chosen = [r for r in chosen if any(w in f"{r.group} {r.name}".lower() for w in wanted)]
    return chosen
