"""Evaluating solvers and models: puzzle instances, their prompts, and scores for answers.

* :func:`generate` (or :func:`iter_instances`): seeded, deterministic :class:`Instance` sets
  over every variant family and three kinds of :class:`Task`, each with a prompt rendered from
  a :class:`PromptTemplate` and serialisable to JSON Lines (:func:`write_jsonl`,
  :func:`read_jsonl`), answers optionally withheld.
* :func:`score`: a frozen :class:`Score` for an answer — its one :class:`Outcome`, the reader's
  report, moves read, the first broken rule (:class:`MoveError`), goal reached, optimum and
  proof status, excess, named rewards; :func:`summarize` sums scores up by task, family,
  variant and disks (a :class:`Summary` of :class:`Group` counts) in constant memory.
* :func:`audit`: the scorer audited with :data:`POLICIES` (:class:`Policy`): the reference
  answer must earn full credit, no answer and every reward hack none (an :class:`Audit` of
  :class:`PolicyResult` rows; ``hanoi-magnet eval validate`` from the command line).
* :func:`optimum` and :func:`optimal_moves`: the optimal length of an instance (an
  :class:`Optimum`) and the optimal first moves, from the library's own solvers and
  distances; :func:`from_reasoning_gym` reads a reasoning-gym Tower of Hanoi entry.

Example:
    >>> from hanoi_magnet.evaluation import generate, score
    >>> instance = generate(seed=1, count=1, families=["magnetic"], disks=(2, 2),
    ...                     tasks=["solve"], templates=["illusion"])[0]
    >>> instance.variant, instance.optimum
    ('NBR', 6)
    >>> result = score("moves = [[1, 0, 1], [2, 0, 2], [1, 1, 2]]", instance)
    >>> result.valid_prefix, result.first_error.rule
    (1, <Rule.POST_COLOR: 'post color'>)
"""

from __future__ import annotations

from hanoi_magnet.evaluation._audit import Audit, PolicyResult, audit
from hanoi_magnet.evaluation._compat import from_reasoning_gym
from hanoi_magnet.evaluation._describe import describe_position, describe_rules
from hanoi_magnet.evaluation._generate import generate, iter_instances
from hanoi_magnet.evaluation._instance import Instance, Task, read_jsonl, write_jsonl
from hanoi_magnet.evaluation._optimum import Optimum, optimal_moves, optimum
from hanoi_magnet.evaluation._outcome import ABSTENTION, Outcome
from hanoi_magnet.evaluation._policies import POLICIES
from hanoi_magnet.evaluation._policy import Policy
from hanoi_magnet.evaluation._prompts import TEMPLATES, PromptTemplate, get_template
from hanoi_magnet.evaluation._puzzles import FAMILIES
from hanoi_magnet.evaluation._score import REWARDS, MoveError, Score, score
from hanoi_magnet.evaluation._summary import Group, Summary, summarize

__all__ = [
    "ABSTENTION",
    "FAMILIES",
    "POLICIES",
    "REWARDS",
    "TEMPLATES",
    "Audit",
    "Group",
    "Instance",
    "MoveError",
    "Optimum",
    "Outcome",
    "Policy",
    "PolicyResult",
    "PromptTemplate",
    "Score",
    "Summary",
    "Task",
    "audit",
    "describe_position",
    "describe_rules",
    "from_reasoning_gym",
    "generate",
    "get_template",
    "iter_instances",
    "optimal_moves",
    "optimum",
    "read_jsonl",
    "score",
    "summarize",
    "write_jsonl",
]
