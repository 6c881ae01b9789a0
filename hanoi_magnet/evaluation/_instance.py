"""Puzzle instances for evaluating solvers, and their JSON Lines form.

An instance says what is asked, from which position, in which notation; its JSON Lines record
reads back exactly.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import attrs

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._exact import exact, read_count
from hanoi_magnet.model import Move, State, _integer
from hanoi_magnet.notation import NOTATIONS, get_notation
from hanoi_magnet.rules import ClassicRules, MagneticRules, Rules


class Task(enum.Enum):
    """What an instance asks for.

    Example:
        >>> from hanoi_magnet.evaluation import Task
        >>> Task("next-move")
        <Task.NEXT_MOVE: 'next-move'>
    """

    #: Every move from the start position to the goal.
    SOLVE = "solve"
    #: The next few moves of an optimal solution, from a position on it.
    CONTINUE = "continue"
    #: One move that begins an optimal solution from the start position.
    NEXT_MOVE = "next-move"


@attrs.frozen
class Instance:
    """One puzzle to put to a solver, with what is needed to score its answer.

    Attributes:
        id: a name, unique within a generated set (``"<seed>-<index>"``).
        task: what is asked (:class:`Task`).
        family: the kind of puzzle: ``classic``, ``frame-stewart``, ``linear``, ``cyclic``,
            ``magnetic`` or ``digraph`` (classic rules on a restricted set of directions).
        variant: the registered label whose rules these are, if any (``None`` for digraphs).
        rules: the rules.
        n: the number of disks.
        start: the position the answer starts from.
        goal: the position the puzzle must end in.
        done: ``continue`` tasks: how many moves of the optimal solution were made before
            :attr:`start` (``None`` otherwise).
        count: ``continue`` tasks: how many moves are asked for (``None`` otherwise).
        notation: the name of the notation the answer must be written in.
        template: the name of the prompt template.
        prompt: the text to give the solver.
        optimum: the least number of moves of a correct answer (``None``: withheld).
        proven: whether :attr:`optimum` is proven optimal (``False``: Frame–Stewart's
            conjecture, five or more pegs; ``None``: withheld).
        expected: ``continue`` tasks: the next moves of the library's optimal solution;
            ``next-move`` tasks: every move that begins an optimal solution (``None``:
            withheld, or a ``solve`` task).
        answer_moves: the number of moves of an optimal answer (``None``: withheld, not
            measured, or no solution).
        answer_chars: the length in characters of an optimal answer written in
            :attr:`notation` (``None``: withheld or not measured).
        answer_tokens: its length in tokens, when the generator was given a tokenizer.
        max_answer_chars: the most characters an answer may have (outside reasoning
            blocks); a longer one is over budget (``None``: no budget).
        max_answer_tokens: the most tokens an answer may have (checked when :func:`score`
            is given a tokenizer).
        unsolvable: why the instance has no solution (the library's certificate, in words);
            ``None``: it has one (or it was withheld: :func:`score` then finds out).

    Example:
        >>> from hanoi_magnet.evaluation import Instance, generate
        >>> instance = generate(seed=7, count=1, families=["magnetic"], tasks=["solve"])[0]
        >>> instance.task, instance.variant, instance.n, instance.optimum
        (<Task.SOLVE: 'solve'>, 'BNN', 5, 85)
        >>> Instance.from_json(instance.to_json()) == instance
        True
    """

    id: str
    task: Task
    family: str
    variant: str | None
    rules: Rules
    n: int
    start: State
    goal: State
    notation: str
    template: str
    prompt: str
    done: int | None = None
    count: int | None = None
    optimum: int | None = None
    proven: bool | None = None
    expected: tuple[Move, ...] | None = None
    answer_moves: int | None = None
    answer_chars: int | None = None
    answer_tokens: int | None = None
    max_answer_chars: int | None = None
    max_answer_tokens: int | None = None
    unsolvable: str | None = None

    def __attrs_post_init__(self) -> None:
        _check_instance(self)

    @property
    def posts(self) -> int:
        """The number of posts."""
        return self.rules.posts

    def withheld(self) -> Instance:
        """The same instance without its answers; :func:`score` recomputes them.

        :attr:`optimum`, :attr:`proven`, :attr:`expected`, the lengths of the optimal answer
        and :attr:`unsolvable` become ``None``; the budgets stay.

        Example:
            >>> from hanoi_magnet.evaluation import generate
            >>> generate(seed=1, count=1)[0].withheld().optimum is None
            True
        """
        return attrs.evolve(
            self,
            optimum=None,
            proven=None,
            expected=None,
            answer_moves=None,
            answer_chars=None,
            answer_tokens=None,
            unsolvable=None,
        )

    def to_dict(self) -> dict[str, Any]:
        """The instance as JSON-ready values (see :meth:`to_json`).

        Example:
            >>> from hanoi_magnet.evaluation import generate
            >>> record = generate(seed=1, count=1, tasks=["solve"], families=["magnetic"])[0]
            >>> record.to_dict()["rules"]
            {'kind': 'magnetic', 'colors': 'NBR'}
            >>> record.to_dict()["start"]
            {'posts': [[5, 4, 3, 2, 1], [], []], 'faces': 'RRRRR'}
        """
        record: dict[str, Any] = {
            "id": self.id,
            "task": self.task.value,
            "family": self.family,
            "variant": self.variant,
            "rules": _rules_dict(self.rules),
            "n": self.n,
            "start": _state_dict(self.start),
            "goal": _state_dict(self.goal),
            "done": self.done,
            "count": self.count,
            "notation": self.notation,
            "template": self.template,
            "optimum": self.optimum,
            "proven": self.proven,
            "expected": None if self.expected is None else [_move_list(m) for m in self.expected],
        }
        for name in _OPTIONAL:  # written only when set: older files read the same
            if getattr(self, name) is not None:
                record[name] = getattr(self, name)
        record["prompt"] = self.prompt
        return record

    def to_json(self) -> str:
        """One line of JSON: the same bytes on every platform and Python version.

        ASCII only, keys in a fixed order, counts exact at any size: ``done``, ``count``,
        ``optimum`` and the lengths and budgets of the answer are written as strings of
        decimal digits in every record, small or large (readers that use doubles, such as
        ``datasets`` and pandas, would round them beyond 2^53, and a column mixing numbers and
        strings is refused by pyarrow), and read back as integers; plain integers, as files
        written by 0.1 have them, read the same.

        Example:
            >>> from hanoi_magnet.evaluation import generate
            >>> generate(seed=1, count=1)[0].to_json()[:58]
            '{"id": "1-0", "task": "next-move", "family": "classic", "v'
        """
        with unlimited_digits():
            return json.dumps(exact(self.to_dict()), ensure_ascii=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Instance:
        """The instance that :meth:`to_dict` gave ``data``.

        Raises:
            InvalidArgumentError: ``data`` is not such a record (naming the field).

        Example:
            >>> from hanoi_magnet.evaluation import Instance, generate
            >>> instance = generate(seed=1, count=1)[0]
            >>> Instance.from_dict(instance.to_dict()) == instance
            True
        """
        if not isinstance(data, dict):
            raise InvalidArgumentError(f"an instance record is a dict, got {type(data).__name__}")
        fields: dict[str, Any] = {}
        for name, read in _READERS.items():
            if name not in data and name in _REQUIRED:
                raise InvalidArgumentError(f"not an instance record: no {name!r}")
            value = data.get(name)
            try:
                fields[name] = None if value is None and name not in _REQUIRED else read(value)
            except (KeyError, TypeError, ValueError) as error:  # InvalidArgumentError is both
                why = f"no {error}" if isinstance(error, KeyError) else str(error)
                raise InvalidArgumentError(
                    f"not an instance record: {name} {_short(value)}: {why}"
                ) from None
        try:
            return cls(**fields)
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"not an instance record: {error}") from None

    @classmethod
    def from_json(cls, line: str) -> Instance:
        """The instance written as ``line`` by :meth:`to_json`.

        Raises:
            InvalidArgumentError: ``line`` is not an instance record.

        Example:
            >>> from hanoi_magnet.evaluation import Instance
            >>> Instance.from_json('{"id": "x"}')
            Traceback (most recent call last):
            ...
            hanoi_magnet.errors.InvalidArgumentError: not an instance record: no 'task'
        """
        try:
            with unlimited_digits():
                data = json.loads(line)
        except ValueError as error:
            raise InvalidArgumentError(f"not a line of JSON: {error}") from None
        except RecursionError:  # json's parser recurses once per level of nesting
            raise InvalidArgumentError(
                "not a line of JSON: nested too deeply to read (no instance record is)"
            ) from None
        if not isinstance(data, dict):
            raise InvalidArgumentError(f"an instance is a JSON object, got {line[:40]!r}")
        return cls.from_dict(data)


def write_jsonl(instances: Iterable[Instance], file: IO[str], *, withhold: bool = False) -> int:
    """Write ``instances`` to ``file`` as JSON Lines; return how many were written.

    Args:
        instances: the instances.
        file: a text file open for writing.
        withhold: leave out the answers (see :meth:`Instance.withheld`).

    Example:
        >>> import io
        >>> from hanoi_magnet.evaluation import generate, read_jsonl, write_jsonl
        >>> buffer = io.StringIO()
        >>> write_jsonl(generate(seed=3, count=2), buffer)
        2
        >>> list(read_jsonl(io.StringIO(buffer.getvalue()))) == generate(seed=3, count=2)
        True
    """
    written = 0
    for instance in instances:
        file.write((instance.withheld() if withhold else instance).to_json() + "\n")
        written += 1
    return written


def read_jsonl(file: Iterable[str]) -> Iterator[Instance]:
    """The instances of a JSON Lines file (blank lines are skipped).

    Raises:
        InvalidArgumentError: a line that is not an instance, with its number.

    Example:
        >>> from hanoi_magnet.evaluation import generate, read_jsonl
        >>> lines = [instance.to_json() for instance in generate(seed=8, count=3)]
        >>> [instance.id for instance in read_jsonl(lines)]
        ['8-0', '8-1', '8-2']
    """
    for number, line in enumerate(file, 1):
        if line.strip():
            try:
                yield Instance.from_json(line)
            except InvalidArgumentError as error:
                raise InvalidArgumentError(f"line {number}: {error}") from None


def _optional(read: Callable[[Any], Any], data: dict[str, Any], name: str) -> Any:
    value = data.get(name)
    return None if value is None else read(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def _moves(value: object) -> tuple[Move, ...]:
    if not isinstance(value, list) or not all(isinstance(m, list) and len(m) == 3 for m in value):
        raise TypeError("expected a list of [disk, source, target] lists")
    return tuple(Move(*m) for m in value)


def _same(value: object) -> object:
    return value


def _check_instance(instance: Instance) -> None:
    """Refuse an instance whose fields do not fit together (before score() would trip on them).

    Every message names the instance; it is written only when a check fails (datasets build
    thousands of instances, nearly all of them right).
    """
    for name in ("id", "family", "template", "prompt"):
        if not isinstance(getattr(instance, name), str):
            raise InvalidArgumentError(f"{_where(instance)}: {name} must be a string")
    if not isinstance(instance.task, Task):
        raise InvalidArgumentError(
            f"{_where(instance)}: task must be a Task, got {instance.task!r}"
        )
    if not isinstance(instance.rules, Rules):
        raise InvalidArgumentError(f"{_where(instance)}: rules must be a Rules object")
    n = _count(instance, "n", instance.n)
    for name in ("start", "goal"):
        state = getattr(instance, name)
        try:
            reason = instance.rules.check_state(state)  # also refuses non-States, wrong shapes
        except InvalidArgumentError as error:
            reason = str(error)
        if reason is not None:
            raise InvalidArgumentError(
                f"{_where(instance)}: the {name} is not a legal position: {reason}"
            )
        disks = sum(map(len, state.posts))
        if disks != n:
            raise InvalidArgumentError(
                f"{_where(instance)}: the {name} has {disks} disks, not n = {n}"
            )
    if instance.variant is not None and not isinstance(instance.variant, str):
        raise InvalidArgumentError(f"{_where(instance)}: variant must be a label or None")
    if instance.notation not in NOTATIONS:
        raise InvalidArgumentError(
            f"{_where(instance)}: unknown notation {instance.notation!r}; known: "
            f"{', '.join(NOTATIONS)}"
        )
    for name in ("done", "count", "optimum", *_OPTIONAL[:-1]):
        value = getattr(instance, name)
        if value is not None:
            _count(instance, name, value)
    if instance.unsolvable is not None:
        if not isinstance(instance.unsolvable, str):
            raise InvalidArgumentError(f"{_where(instance)}: unsolvable must be a string or None")
        if instance.optimum is not None or instance.task is not Task.SOLVE:
            raise InvalidArgumentError(
                f"{_where(instance)}: an unsolvable instance is a solve task without an optimum"
            )
    if instance.proven is not None and not isinstance(instance.proven, bool):
        raise InvalidArgumentError(f"{_where(instance)}: proven must be True, False or None")
    expected: object = instance.expected
    if expected is not None and not (
        isinstance(expected, tuple) and all(type(m) is Move for m in expected)
    ):
        raise InvalidArgumentError(
            f"{_where(instance)}: expected must be a tuple of Move objects or None"
        )
    if instance.task is Task.CONTINUE and None in (instance.variant, instance.done, instance.count):
        raise InvalidArgumentError(
            f"{_where(instance)}: a continue task needs its variant, done and count"
        )


def _where(instance: Instance) -> str:
    return f"instance {instance.id!r}"


def _count(instance: Instance, name: str, value: object) -> int:
    """A field that must be an int >= 0 (the message, naming the instance, only if not)."""
    if type(value) is int and value >= 0:
        return value
    return _integer(value, f"{_where(instance)}: {name}")


def _rules_dict(rules: Rules) -> dict[str, Any]:
    allowed = None if rules.allowed is None else [list(arc) for arc in sorted(rules.allowed)]
    if isinstance(rules, MagneticRules):
        if allowed is None:
            return {"kind": "magnetic", "colors": rules.label}
        return {"kind": "magnetic", "colors": rules.label, "allowed": allowed}
    if isinstance(rules, ClassicRules):
        return {"kind": "classic", "pegs": rules.pegs, "allowed": allowed}
    raise InvalidArgumentError(f"cannot write rules of type {type(rules).__name__}")


def _rules_from(data: dict[str, Any]) -> Rules:
    if data["kind"] == "magnetic":
        return MagneticRules(data["colors"], allowed=data.get("allowed"))
    if data["kind"] == "classic":
        allowed = data.get("allowed")
        return ClassicRules(data["pegs"], None if allowed is None else [tuple(a) for a in allowed])
    raise ValueError(f"unknown rules kind {data['kind']!r}")


def _state_dict(state: State) -> dict[str, Any]:
    faces = None if state.faces is None else "".join(face.value for face in state.faces)
    return {"posts": [list(stack) for stack in state.posts], "faces": faces}


def _state_from(data: dict[str, Any]) -> State:
    return State(data["posts"], data.get("faces"))


def _move_list(move: Move) -> list[int]:
    return [move.disk, move.source, move.target]


def _notation_name(value: object) -> str:
    return get_notation(_text(value)).name


#: How each field of a record is read (the checks of Instance itself follow).
_READERS: dict[str, Callable[[Any], Any]] = {
    "id": str,
    "task": Task,
    "family": _text,
    "variant": _text,
    "rules": _rules_from,
    "n": _same,
    "start": _state_from,
    "goal": _state_from,
    "notation": _notation_name,
    "template": _text,
    "prompt": _text,
    "done": read_count,
    "count": read_count,
    "optimum": read_count,
    "proven": _same,
    "expected": _moves,
    "answer_moves": read_count,
    "answer_chars": read_count,
    "answer_tokens": read_count,
    "max_answer_chars": read_count,
    "max_answer_tokens": read_count,
    "unsolvable": _text,
}
#: The fields written only when set.
_OPTIONAL = (
    "answer_moves",
    "answer_chars",
    "answer_tokens",
    "max_answer_chars",
    "max_answer_tokens",
    "unsolvable",
)
_REQUIRED = frozenset(
    {"id", "task", "family", "rules", "n", "start", "goal", "notation", "template", "prompt"}
)
