"""How much of its largest sweeps a test run covers: ``HANOI_TEST_SCALE``.

The default run (what the README's command runs) checks every size up to where the code's paths
switch, both sides of every threshold, and a spread of sizes above; ``HANOI_TEST_SCALE=full``
(set by ``.ci/run``) checks every size and every label of the sweeps that use this module.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

#: Every size and every label (``HANOI_TEST_SCALE=full``), not a sample of them.
FULL = os.environ.get("HANOI_TEST_SCALE", "").strip().lower() == "full"

#: A mutation run (``HANOI_MUTATION=1``, set by ``nox -s mutation``): the tests run once per
#: mutant, so the largest sweeps of the reader's and the scorer's tests (the answer grammar, the
#: audit) shrink to a fixed sample, drawn the same way every time, that still reaches every form
#: and every policy.
MUTATION = os.environ.get("HANOI_MUTATION", "").strip() == "1"


def sizes(every: range, *always: Iterable[int]) -> list[int]:
    """``every`` in a full run; otherwise only the sizes in ``always`` (that lie in ``every``).

    ``always`` names the sizes a sample must keep: the small ones and both sides of each
    threshold the sweep crosses.
    """
    if FULL:
        return list(every)
    keep = {n for group in always for n in group}
    return [n for n in every if n in keep]


def items(every: Sequence[T], *, step: int, always: Iterable[T] = ()) -> list[T]:
    """``every`` in a full run; otherwise every ``step``-th item and those in ``always``."""
    if FULL:
        return list(every)
    keep = set(always)
    return [item for index, item in enumerate(every) if index % step == 0 or item in keep]


#: The sizes of the tower-to-tower sweeps up to 300 disks: every size to 40, both sides of the
#: engine's size thresholds (64 levels to a probe and a block, 128, MEMO_SIZES = 256), and 300.
TOWER_SIZES = sizes(
    range(1, 301), range(1, 41), range(62, 67), range(126, 131), range(254, 259), [299, 300]
)
