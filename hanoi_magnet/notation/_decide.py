"""Which of the candidate readings of an answer is the answer.

Candidates are runs of move lines and lists, in the order of the text. The reading is built by
taking them one by one and reading the text between each and the reading so far:

* moves mentioned in prose count only when there is nothing else;
* reasoning (``<think>``) between them, or prose that corrects ("wait", "final answer"): the
  later one replaces the earlier;
* a repeat of the first moves of the reading so far is a restatement, and dropped;
* prose that offers them as alternatives ("Option 2:", "Alternatively"): the answer hedges;
* runs of move lines with other prose between them are one answer (a remark between the parts
  of a solution does not cut it), unless the later run starts over like the reading so far
  (then either could be meant: ambiguous);
* otherwise, two different answers with nothing said about them: the later is read, the earlier
  stays a plausible reading (ambiguous), unless the earlier was called a draft;
* a list the text ends inside of (cut off) after a complete answer loses to it.
"""

from __future__ import annotations

import contextlib
import re

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation._lines import Candidate, counted_steps, cue_of, drafted
from hanoi_magnet.notation._naming import detect
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._regions import MASK
from hanoi_magnet.notation._scan import Raw

Key = tuple[tuple[object, ...], ...]

_ANSWER_TAG = re.compile(r"</?answer>", re.IGNORECASE)


class Group:
    """A reading being built: line runs joined across prose, or one list."""

    def __init__(self, candidate: Candidate, key: Key) -> None:
        self.parts = [candidate]
        self.key = list(key)
        self.doubts = 0  # plausible other readings recorded (a few are enough)


class Loser:
    """A reading that lost, and why; ``plausible``: it could as well be the answer."""

    def __init__(self, parts: list[Candidate], why: str, plausible: bool = False) -> None:
        self.parts = parts
        self.why = why
        self.plausible = plausible


class Decision:
    """The reading chosen, the others, why, and whether the answer hedges."""

    def __init__(self) -> None:
        self.group: Group | None = None
        self.losers: list[Loser] = []
        self.why = "the only reading"
        self.hedged: str | None = None


def key_of(candidate: Candidate, posts: int) -> Key:
    """The moves of a candidate in a form that compares across notations: (source, target)."""
    try:
        naming: PegNames | None = detect(candidate.raws, posts)[0]
    except NotationError:
        naming = None
    known: dict[Raw, tuple[object, ...]] = {}
    for raw in set(candidate.raws):  # a few distinct moves, each read once
        pair: tuple[object, ...] = (raw.source.upper(), raw.target.upper())
        if naming is not None:
            with contextlib.suppress(NotationError):
                pair = (naming.read(raw.source, posts), naming.read(raw.target, posts))
        known[raw] = pair
    return tuple(map(known.__getitem__, candidate.raws))


def choose(found: list[Candidate], text: str, posts: int) -> Decision:
    """The reading of the candidates ``found`` in ``text`` (reasoning masked with MASK)."""
    decision = Decision()
    strong = [c for c in found if not c.weak]
    pool = strong or found
    decision.losers = [
        Loser([weak], "moves mentioned in prose, while the answer has move lines")
        for weak in (found if strong else [])
        if weak.weak
    ]
    group: Group | None = None
    previous_end = 0
    for candidate in pool:
        key = key_of(candidate, posts) if len(pool) > 1 else ()  # one: nothing to compare
        between = text[previous_end : candidate.start]
        previous_end = max(previous_end, candidate.end)
        if group is None:
            group = Group(candidate, key)
            decision.why = "the only reading" if len(pool) == 1 else decision.why
            if len(pool) > 1:
                decision.why = "the first reading, which no later one replaced"
            group_prose = between
            continue
        group = _next(decision, group, candidate, key, between, group_prose)
        if group.parts[0] is candidate:
            group_prose = between
    if not strong and group is not None:
        decision.why = (
            f"{decision.why} (moves mentioned in prose: the text has no move lines or list)"
        )
    if group is not None and len(group.parts) > 1:
        # "1: ...", "2: ..." counting up across prose: step numbers; else disks throughout
        steps = counted_steps(group.parts)
        group.parts = steps or [part.written or part for part in group.parts]
    decision.group = group
    if group is not None:
        doubt = counted_doubt(group.parts, posts)
        if doubt is not None:
            decision.losers.append(doubt)
        for part in group.parts:
            if part.hedged and decision.hedged is None:
                decision.hedged = f"the answer offers alternatives: {part.hedged}"
            elif part.uncertain and decision.hedged is None:
                decision.hedged = (
                    f"the moves cannot be told apart from the words around them: {part.uncertain}"
                )
    return decision


def counted_doubt(parts: list[Candidate], posts: int) -> Loser | None:
    """The reading of "1: ...", "2: ...", "3: ..." as disks, when it could be meant.

    On three posts disks 1, 2, 3 never move one after the other (after the first two, disk 3
    finds both other posts topped by smaller disks): the numbers are steps. On more posts
    they may be disks: that reading is then plausible too.
    """
    if posts <= 3 or all(part.written is None for part in parts):
        return None
    written = [part.written or part for part in parts]
    return Loser(written, "the numbers before ':' read as disks", True)


def _next(
    decision: Decision, group: Group, candidate: Candidate, key: Key, between: str, before: str
) -> Group:
    """The reading after one more candidate."""
    losers = decision.losers
    prose = between.replace(MASK, " ")
    if _ANSWER_TAG.search(prose):  # another <answer> block: the same answer, or a hedge
        if list(key) == group.key:
            losers.append(Loser([candidate], "the same answer in another <answer> block"))
            return group
        losers.append(Loser([candidate], "another <answer> block with other moves", True))
        decision.hedged = decision.hedged or "the answer gives several <answer> blocks"
        return group
    cue = cue_of(f"{prose} {candidate.label}" if candidate.label else prose)
    restates = (len(key) < len(group.key) and list(key) == group.key[: len(key)]) or (
        list(key) == group.key and candidate.closed
    )
    if MASK in between or cue == "correction":
        if restates and cue != "correction":
            losers.append(
                Loser([candidate], f"restates the first {_moves(len(key))} of the answer")
            )
            return group
        why = (
            "an earlier attempt; the prose after it corrects it"
            if cue
            else ("an earlier answer, replaced by a later one after more reasoning")
        )
        losers.append(Loser(group.parts, why))
        decision.why = (
            "a later attempt after prose that corrects the earlier one"
            if cue
            else "the last answer in the text, after reasoning"
        )
        return Group(candidate, key)
    if cue == "alternative" and list(key) != group.key:
        losers.append(Loser([candidate], "offered as an alternative answer", True))
        decision.hedged = decision.hedged or "the answer offers another answer as an alternative"
        return group
    if candidate.label:  # "So the moves are: ...": the whole answer stated again
        if list(key) == group.key:
            losers.append(Loser([candidate], "states the same moves again"))
            return group
        losers.append(Loser([candidate], f"{candidate.label!r} states other moves", True))
        decision.hedged = decision.hedged or (
            f"the answer states its moves twice, differently ({candidate.label!r})"
        )
        return group
    last = group.parts[-1]
    if prose.strip() and not candidate.block and not last.block:  # runs of lines, prose between
        if last.unreadable is not None:
            losers.append(Loser([candidate], "after a move that cannot be read"))
            return group
        if cue == "restatement" and restates:
            losers.append(
                Loser(
                    [candidate], f"restates the first {len(key)} move{'' if len(key) == 1 else 's'}"
                )
            )
            return group
        return _join(decision, group, candidate, key, cue)
    if restates:
        losers.append(Loser([candidate], f"restates the first {_moves(len(key))} of the answer"))
        return group
    if not candidate.closed and last.closed:
        losers.append(
            Loser([candidate], "a list the text ends inside of, after a complete answer", True)
        )
        return group
    if drafted(before):
        losers.append(Loser(group.parts, "a draft, replaced by the answer after it"))
        decision.why = "the answer after a draft"
        return Group(candidate, key)
    losers.append(Loser(group.parts, "an earlier answer, replaced by a later one", True))
    decision.why = "the last answer in the text"
    decision.hedged = (
        decision.hedged or "two different answers, with nothing said of which is meant"
    )
    return Group(candidate, key)


def _join(
    decision: Decision, group: Group, candidate: Candidate, key: Key, cue: str | None
) -> Group:
    """A run of move lines after prose that follows the group's last run of lines.

    A restatement of the group's first moves is dropped (found before); otherwise the runs are
    read as one answer; when the later run starts like the group (its first two moves), it
    could also be a new attempt: the reading is then ambiguous.
    """
    losers = decision.losers
    if len(key) >= 2 and list(key[:2]) == group.key[:2] and group.doubts < _DOUBTS:
        group.doubts += 1
        losers.append(Loser([candidate], "read alone: a new attempt starting over", True))
    elif cue == "restatement":
        losers.append(Loser([candidate], "after prose that restates, but not the same moves", True))
    group.parts.append(candidate)
    group.key.extend(key)
    decision.why = _JOINED
    return group


_JOINED = "runs of move lines with prose between them, read as one answer"
_DOUBTS = 3  # at most this many starts-over are offered as plausible readings


def _moves(count: int) -> str:
    """``"1 move"``, ``"2 moves"`` (the notation layer keeps below evaluation's ``plural``)."""
    return f"{count} move" if count == 1 else f"{count} moves"
