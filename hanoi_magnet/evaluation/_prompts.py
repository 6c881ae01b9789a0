"""Prompt templates: the text a solver is given for an instance."""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from hanoi_magnet._digits import unlimited_digits
from hanoi_magnet.errors import InvalidArgumentError
from hanoi_magnet.evaluation._describe import describe_position, describe_rules
from hanoi_magnet.evaluation._outcome import ABSTENTION
from hanoi_magnet.model import State
from hanoi_magnet.notation import Notation, PegNames, get_notation
from hanoi_magnet.rules import Rules

#: The fields a template may use.
FIELDS = frozenset({"rules", "task", "format", "n", "posts"})


def _check_text(instance: PromptTemplate, attribute: attrs.Attribute[str], value: str) -> None:
    del instance, attribute
    try:
        used = {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}
    except ValueError as error:
        raise InvalidArgumentError(f"a prompt template is a str.format string: {error}") from None
    if not used <= FIELDS:
        raise InvalidArgumentError(
            f"a prompt template may use {', '.join(sorted(FIELDS))}; got {sorted(used - FIELDS)}"
        )


@attrs.frozen
class PromptTemplate:
    r"""How an instance is put to a solver, as a ``str.format`` string.

    The fields: ``{rules}`` (the variant's rules in numbered plain sentences, pegs named as in
    the answer's notation), ``{task}`` (the positions and what is asked), ``{format}`` (how
    to write the answer), ``{n}`` (disks) and ``{posts}`` (pegs).

    Attributes:
        name: the template's name.
        text: the template.
        notation: the notation the answer must use (``None``: the generator chooses one).
        description: one line for people.

    Example:
        >>> from hanoi_magnet.evaluation import PromptTemplate, generate
        >>> short = PromptTemplate("short", "{rules}\n\n{task}\n\n{format}", "letters")
        >>> print(generate(seed=5, count=1, families=["classic"], disks=(2, 2),
        ...                tasks=["solve"], templates=[short])[0].prompt)
        There are 3 pegs (Peg A, Peg B, Peg C) and 2 disks of different sizes, numbered by size: disk 1 is the smallest, disk 2 the largest.
        Rules:
        1. Only one disk moves at a time: the top disk of one peg goes onto another peg.
        2. A disk may never be placed on a smaller disk.
        <BLANKLINE>
        Start position:
        Peg A: 2, 1 (bottom to top)
        Peg B: empty
        Peg C: empty
        <BLANKLINE>
        Goal position:
        Peg A: empty
        Peg B: empty
        Peg C: 2, 1 (bottom to top)
        <BLANKLINE>
        Find a shortest sequence of moves that turns the start position into the goal position.
        <BLANKLINE>
        Write the moves, one per line, in the form 'Y Z', where Y is the peg the top disk leaves and Z the peg it goes to (pegs named by letters from A). Write nothing else.
    """  # noqa: E501 (a doctest's output is one line)

    name: str
    text: str = attrs.field(validator=_check_text)
    notation: str | None = None
    description: str = attrs.field(default="", eq=False)


_PLAIN = PromptTemplate(
    "plain",
    "{rules}\n\n{task}\n\n{format}",
    None,
    "the rules, the positions, the question and the answer format; any notation",
)
_ILLUSION = PromptTemplate(
    "illusion",
    "You are a helpful assistant. Solve this puzzle for me.\n\n{rules}\n\n{task}\n\n"
    "Requirements:\n"
    "- When exploring potential solutions in your thinking process, always include the "
    "corresponding complete list of moves.\n"
    "- The pegs are numbered from 0.\n"
    "- {format}",
    "moves-list",
    "in the style of the prompts of 'The Illusion of Thinking' (Shojaee et al., 2025): "
    "moves = [[disk, from, to], ...] with pegs from 0",
)
_REASONING_GYM = PromptTemplate(
    "reasoning-gym",
    "Solve the Tower of Hanoi problem below.\n{rules}\n\n{task}\n\n"
    "Formatting guidelines:\n"
    "- Each instruction should be placed on a single line.\n"
    "- Each line should be formatted as 'Move disk X from Peg Y to Peg Z'\n"
    "- Do not include any other text or formatting.",
    "reasoning-gym",
    "in the style of reasoning-gym's Tower of Hanoi questions: one 'Move disk X from Peg Y "
    "to Peg Z' per line, pegs from 1",
)

#: The built-in prompt templates by name.
TEMPLATES: Mapping[str, PromptTemplate] = MappingProxyType(
    {template.name: template for template in (_PLAIN, _ILLUSION, _REASONING_GYM)}
)


def get_template(name: str | PromptTemplate) -> PromptTemplate:
    """The built-in template called ``name`` (a :class:`PromptTemplate` is returned as it is).

    Example:
        >>> from hanoi_magnet.evaluation import get_template
        >>> get_template("illusion").notation
        'moves-list'
    """
    if isinstance(name, PromptTemplate):
        return name
    found = TEMPLATES.get(name)
    if found is None:
        raise InvalidArgumentError(
            f"unknown prompt template {name!r}; known: {', '.join(TEMPLATES)}"
        )
    return found


def render(
    template: PromptTemplate,
    notation: Notation,
    rules: Rules,
    start: State,
    goal: State,
    *,
    done: int | None = None,
    count: int | None = None,
    abstain: bool = False,
) -> str:
    """The prompt of one instance.

    ``done`` and ``count`` for continue tasks, ``count=1`` alone for next-move tasks;
    ``abstain``: the answer format also offers the abstention (sets with unsolvable
    instances).
    """
    pegs = notation.pegs
    n = start.n
    with unlimited_digits():  # "after 10^5000 moves" has more digits than Python allows
        return _render(template, notation, rules, pegs, start, goal, done, count, n, abstain)


def _render(
    template: PromptTemplate,
    notation: Notation,
    rules: Rules,
    pegs: PegNames,
    start: State,
    goal: State,
    done: int | None,
    count: int | None,
    n: int,
    abstain: bool,
) -> str:
    answer = _answer_format(notation, rules.posts, one=count == 1)
    abstention = f"If no sequence of legal moves reaches the goal, write only {ABSTENTION}."
    if abstain:
        answer += f" {abstention}"
    text = template.text.format(
        rules=describe_rules(rules, n, pegs),
        task=_task(start, goal, pegs, done=done, count=count),
        format=answer,
        n=n,
        posts=rules.posts,
    )
    if abstain and "{format}" not in template.text:  # every prompt of the set offers it
        text += f"\n- {abstention}"
    return text


def _task(start: State, goal: State, pegs: PegNames, *, done: int | None, count: int | None) -> str:
    start_text, goal_text = describe_position(start, pegs), describe_position(goal, pegs)
    if done is not None:
        moves = "1 move" if done == 1 else f"{done} moves"
        verb = "has" if done == 1 else "have"
        asked = "move" if count == 1 else f"{count} moves"
        return (
            f"Goal position:\n{goal_text}\n\n"
            f"Starting from every disk stacked on one peg, {moves} of a shortest solution "
            f"{verb} been made, which gives this position:\n{start_text}\n\n"
            f"Give the next {asked} of a shortest solution from this position to the goal."
        )
    if count == 1:
        return (
            f"Current position:\n{start_text}\n\nGoal position:\n{goal_text}\n\n"
            "Give one move that begins a shortest sequence of moves from the current position "
            "to the goal position."
        )
    return (
        f"Start position:\n{start_text}\n\nGoal position:\n{goal_text}\n\n"
        "Find a shortest sequence of moves that turns the start position into the goal "
        "position."
    )


def _answer_format(notation: Notation, posts: int, *, one: bool) -> str:
    """How to write the answer: the form, with placeholders.

    Never a move that could be the answer: a policy that repeats the prompt must not be paid.
    """
    pegs = notation.pegs
    names = pegs.describe if posts == 3 or pegs is not PegNames.SID else PegNames.ZERO.describe
    form = notation.template.format(disk="X", source="Y", target="Z", index="N")
    roles = (
        "where X is the disk (1 is the smallest), Y the peg it leaves and Z the peg it goes to"
        if notation.has_disk
        else "where Y is the peg the top disk leaves and Z the peg it goes to"
    )
    if notation.is_list:
        what = "the move as a list of one move" if one else "the moves as one list"
        form = notation.opening + form + (notation.separator + "...") * (not one)
        form += notation.closing.strip()
        return f"Give {what} in the form {form}, {roles} ({names})."
    what = "the move" if one else "the moves, one per line,"
    return f"Write {what} in the form {form!r}, {roles} ({names}). Write nothing else."


def answer_notation(template: PromptTemplate, notation: str | None) -> Notation:
    """The notation of an instance: the template's own, else ``notation``."""
    chosen = template.notation or notation
    if chosen is None:
        raise InvalidArgumentError(f"template {template.name!r} needs a notation")
    return get_notation(chosen)
