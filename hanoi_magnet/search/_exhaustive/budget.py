"""How much memory a search will take, how much the machine has, and refusing in advance.

Every exhaustive search sizes its memory before it starts (its state table is fixed by the
number of codes, its buffers by constants); when that is more than allowed it is refused at once
with :class:`~hanoi_magnet.SearchLimitError`, saying what it would need, instead of dying later.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from hanoi_magnet.errors import SearchLimitError
from hanoi_magnet.model import _integer

#: the share of the available memory a search may take unless told otherwise
DEFAULT_SHARE = 0.75


def available_memory() -> int:
    """The bytes of memory available to a new allocation (Linux: ``MemAvailable``).

    Falls back to the physical memory where ``/proc/meminfo`` does not exist, and to 4 GiB
    where neither can be read.
    """
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 4 << 30


def memory_limit(max_memory: int | None) -> int:
    """``max_memory`` checked, or by default :data:`DEFAULT_SHARE` of the available memory."""
    if max_memory is None:
        return int(available_memory() * DEFAULT_SHARE)
    return _integer(max_memory, "max_memory", minimum=1)


def human_count(value: int) -> str:
    """``'1,234,567'``; beyond 10**18 ``'about 1.23e+45'`` (exact digits would be too many)."""
    if value < 10**18:
        return f"{value:,}"
    exponent = int(math.log10(value))
    return f"about {value / 10**exponent:.2f}e+{exponent}"


def human_bytes(count: int) -> str:
    """``'1.5 GiB'``, ``'12 MiB'``, ``'512 bytes'``; beyond 2**90 bytes, ``'2**N bytes'``."""
    if count < 1024:
        return f"{count} bytes"
    if count >= 1 << 90:
        return f"2**{count.bit_length() - 1} bytes"
    value = float(count)
    for unit in ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"):
        value /= 1024
        if value < 1024 or unit == "YiB":
            return f"{value:,.3g} {unit}" if value < 1000 else f"{value:,.0f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


class OverLimitError(Exception):
    """A search would visit more positions than allowed (turned into a SearchLimitError)."""


def check_memory(needed: int, limit: int, what: str) -> None:
    """Refuse (``SearchLimitError``) a search of ``what`` that needs more than ``limit`` bytes."""
    if needed > limit:
        raise SearchLimitError(
            f"{what} needs about {human_bytes(needed)} of memory, more than the "
            f"{human_bytes(limit)} allowed (max_memory); the search was not started"
        )
