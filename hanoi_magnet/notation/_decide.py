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
import functools
import re

from hanoi_magnet.errors import NotationError
from hanoi_magnet.notation._cues import (
    admits_error,
    announced_size,
    announces_answer,
    asks,
    disowns,
    example,
    made_then_further,
    not_to_make,
    numbers_answer,
    only_example,
    part_label,
    shows_example,
)
from hanoi_magnet.notation._lines import (
    Candidate,
    counted_steps,
    cue_of,
    drafted,
    line_number,
    list_number,
    numbering,
    step_above,
)
from hanoi_magnet.notation._mentions import mentions
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


class _Opening:
    """The prose before a group's first run, and its heading (:func:`heading_of`), found once.

    Every later candidate compares with the group's heading (and asks whether the prose calls
    the group a draft): found once a group, not once a candidate, or a long text before the
    group would be searched again for each of them.
    """

    def __init__(self, prose: str) -> None:
        self.prose = prose
        self.heading = heading_of(prose)

    @functools.cached_property
    def drafts(self) -> bool:
        """Whether the prose calls the group's moves a draft ("Draft:", "First attempt:")."""
        return drafted(self.prose)


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
    if strong:
        _corrected_in_prose(decision, found, strong, text)
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
            opening = _Opening(between)
            continue
        group = _after(decision, group, candidate, key, between, opening, text)
        if group.parts[0].start == candidate.start:  # (a new group, maybe a copy of it)
            opening = _Opening(between)
    if not strong and group is not None:
        decision.why = (
            f"{decision.why} (moves mentioned in prose: the text has no move lines or list)"
        )
    if group is not None and len(group.parts) > 1:
        # "1: ...", "2: ..." counting up across prose: step numbers; else disks throughout
        steps = counted_steps(group.parts)
        group.parts = steps or [part.written or part for part in group.parts]
    decision.group = group
    if group is not None and decision.hedged is None:
        first = group.parts[0]
        decision.hedged = (
            (first.label and disowned_by(first.label))
            or disowned_by(opening.heading)
            or disowned_on_line(_on_its_line(first, opening.prose, text))
        )
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


def disowned_by(heading: str) -> str | None:
    """Why the answer's own moves are not offered as its answer, when their heading says so.

    "Wrong moves (do not use):", "The answer is not:", "For example:" before the only moves
    of an answer (no answer announced after them): moves shown as ones not to make, or as an
    example, are no answer; the text offers none (nothing is credited).
    """
    if not heading.strip():
        return None
    if not_to_make(heading) or disowns(heading):
        return f"the answer's moves are shown as ones not to make: {heading.strip()[:60]!r}"
    if only_example(heading):
        return f"the answer's moves are only shown as an example: {heading.strip()[:60]!r}"
    if asks(heading):
        return f"the answer only asks whether its moves are the answer: {heading.strip()[:60]!r}"
    return None


def _on_its_line(first: Candidate, prose: str, text: str) -> str:
    """The words before the first move of ``first`` on its line (``prose``: the text before it).

    A run of moves mentioned in prose starts with its line: its words are found before the
    line's mention that starts its moves ("Write the moves in the form 'A->C'."), not before
    one read as no move of it ("Moves (format e.g. A->B): A->C, ...").
    """
    if not first.weak:
        return prose.rpartition("\n")[2]
    line_end = text.find("\n", first.start)
    line = text[first.start : None if line_end < 0 else line_end]
    found = mentions(line)
    raws = [mention.raw for mention in found]
    for index, mention in enumerate(found):
        shown = raws[index : index + _ALIKE]
        if shown == first.raws[: len(shown)]:
            return line[: mention.start]
    return ""


_ALIKE = 3  # how many moves from a mention on must be the run's for its moves to start there


def disowned_on_line(before: str) -> str | None:
    """Why moves are not offered as the answer, from the words before them on their line.

    "Do not use these moves: [...]" disowns them as a heading does; "Write the moves in the
    form 'A->C'.", "for example A->C" only show them as an example or a format.

    >>> disowned_on_line("Write the moves in the form '")
    "the answer's moves are only shown as an example: 'Write the moves in the form'"
    """
    why = disowned_by(before)
    if why is None and shows_example(before):
        shown = before.strip(" \t'\"`(:")[-60:]
        why = f"the answer's moves are only shown as an example: {shown!r}"
    return why


def _corrected_in_prose(
    decision: Decision, found: list[Candidate], strong: list[Candidate], text: str
) -> None:
    """The moves in doubt when a sentence after them says one of them is wrong."""
    last_end = max(candidate.end for candidate in strong)
    moves_after = any(candidate.weak and candidate.start > last_end for candidate in found)
    decision.hedged = decision.hedged or correction_after(text, last_end, moves_after)


def correction_after(text: str, end: int, moves_after: bool) -> str | None:
    """Why the moves ending at ``end`` are in doubt, if a sentence after them says one is wrong.

    "Wait, move 5 is wrong: it should be B->A." after a list: neither the list with its move 5
    as written nor the one move in the sentence is the answer; nor after "Wait, that is wrong:
    it should be B->A." or "Oops, that is wrong." A sentence that names no step, no move and
    not the answer ("None of the moves is wrong.") leaves the moves as they are.
    """
    tail = text[end:]
    if MASK in tail or not admits_error(tail):
        return None
    for line in tail.splitlines():
        if admits_error(line) and (
            moves_after
            or _STEP_REFERENCE.search(line)
            or _RETRACTED.search(line)
            or (_CORRECTS.search(line) and mentions(line))
        ):
            return f"a sentence after the moves says one is wrong: {line.strip()[:60]!r}"
    return None


#: A sentence taking the answer back: "that is wrong", "some of these moves are incorrect",
#: "oops" (not "none of the moves is wrong").
_RETRACTED = re.compile(
    r"\b(?<!none\sof\s)(?:(?:that|this|it|(?:these|those|the|my|our)\s{1,3}(?:moves?|answer|solution"
    r"|sequence|list|steps?))(?:'s|"
    r"\s{1,3}(?:is|was|are|were))\s{1,3}(?:all\s{1,3})?(?:wrong|incorrect|invalid|illegal|not\s"
    r"{1,3}right|a\s{1,3}mistake)|oops|scratch\s{1,3}that|let\s{1,3}me\s{1,3}(?:redo|fix|restart))\b",
    re.IGNORECASE,
)
#: Words of a sentence that puts another move in place of one of the answer's: "it should be
#: B->A", "that is wrong: B->A", "instead, B->A" (not "Actually, A->C first is optimal").
_CORRECTS = re.compile(
    r"\b(?:wrong|incorrect|mistake|oops|instead|should\s{1,3}(?:be|have)|not\s{1,3}right|"
    r"doesn't\s{1,3}work|scratch\s{1,3}that)\b",
    re.IGNORECASE,
)


#: A sentence naming a step of the answer: "move 5", "step 3", "the 4th move".
_STEP_REFERENCE = re.compile(
    r"\b(?:(?:move|step)\s{0,3}\#?\d{1,6}|\d{1,6}(?:st|nd|rd|th)\s{1,3}(?:move|step))\b",
    re.IGNORECASE,
)


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


def onto_itself(raws: set[Raw]) -> str | None:
    """Why a move of numbers from a peg to that same peg puts the reading in doubt.

    No move goes from a peg to itself, and numbers alone name disks as well as pegs: "2 -> 2"
    beside "1 -> 3" is more likely disk 2 put on peg 2 (which moves cannot be read without the
    position). Letters, a written disk ("disk 2: 2 -> 2") and a move from peg 0 (no disk is 0:
    the numbers are pegs) leave no such doubt.
    """
    numbers = [raw for raw in raws if raw.disk is None and raw.source.isdigit()]
    if any(not raw.source.strip("0") for raw in numbers):
        return None
    for raw in numbers:
        if raw.source == raw.target:
            return (
                f"'{raw.source} -> {raw.target}' moves a peg onto itself: the numbers may be a "
                "disk and the peg it goes to"
            )
    return None


def _after(
    decision: Decision,
    group: Group,
    candidate: Candidate,
    key: Key,
    between: str,
    before: _Opening,
    text: str,
) -> Group:
    """The reading after one more candidate, by the headings of moves made and still to make.

    "Moves so far:", moves, then "Next moves:", moves: see :func:`_further`. Without moves
    made before it, "Next moves:" is no label announcing an answer: the moves go on.
    """
    further = candidate.label or heading_of(between.replace(MASK, " "))
    if len(group.parts) == 1 and made_then_further(group.parts[0].label or before.heading,
                                                   further):  # fmt: skip
        return _further(decision, group, candidate, key)
    if candidate.label and part_label(candidate.label):
        candidate = candidate._replace(label="")
    return _next(decision, group, candidate, key, between, before, text)


def _next(
    decision: Decision,
    group: Group,
    candidate: Candidate,
    key: Key,
    between: str,
    before: _Opening,
    text: str,
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
    last = group.parts[-1]
    listed = None if MASK in between else _numbered(decision, group, candidate, key, text, prose)
    if listed is not None:
        return listed
    restates = (len(key) < len(group.key) and list(key) == group.key[: len(key)]) or (
        list(key) == group.key and candidate.closed
    )
    # "If we had 2 disks instead:": moves of another puzzle, not a correction
    other = _other_size(
        candidate.label or heading_of(prose), group.parts[0].label or before.heading
    )
    if MASK not in between and _set_apart(decision, group, candidate, key, prose, cue, other):
        return group
    if MASK in between or (cue == "correction" and not other):
        if restates and cue != "correction":
            losers.append(
                Loser([candidate], f"restates the first {_moves(len(key))} of the answer")
            )
            return group
        step = line_number(text, candidate.start)
        if cue and step is not None and 1 < step <= _last_number(text, last):
            # "Corrected step 5:", "5. B->A": step 5 replaced, or the moves from step 5 on?
            losers.append(Loser([candidate], f"a correction of step {step} of the list", True))
            decision.hedged = decision.hedged or (
                f"a correction of step {step} of the list before it: which moves it replaces "
                "is not said"
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
    heading = heading_of(prose)
    if not candidate.label and numbers_answer(heading):  # "Answer 2:": another answer, or it again
        return _stated(decision, group, candidate, key, heading.strip())
    if not candidate.label and announces_answer(heading):
        if before.drafts:
            losers.append(Loser(group.parts, "a draft, replaced by the answer after it"))
            decision.why = "the answer after a draft"
            return Group(candidate, key)
        if example(group.parts[0].label or before.heading):
            # "Each line is one move, for example:", A->B, "Here is the solution:", moves
            losers.append(Loser(group.parts, "an example, before the answer announced after it"))
            decision.why = "the answer announced after an example"
            return Group(candidate, key)
        other = other or heading.strip()  # "Here is the solution:": the whole answer again
    if candidate.label or other:  # "So the moves are: ...": the whole answer stated again
        return _stated(decision, group, candidate, key, candidate.label or other)
    if prose.strip() and not candidate.block and not last.block:  # runs of lines, prose between
        return _after_prose(decision, group, candidate, key, prose, cue, restates)
    if restates:
        losers.append(Loser([candidate], f"restates the first {_moves(len(key))} of the answer"))
        return group
    if not candidate.closed and last.closed:
        losers.append(
            Loser([candidate], "a list the text ends inside of, after a complete answer", True)
        )
        return group
    if before.drafts:
        losers.append(Loser(group.parts, "a draft, replaced by the answer after it"))
        decision.why = "the answer after a draft"
        return Group(candidate, key)
    losers.append(Loser(group.parts, "an earlier answer, replaced by a later one", True))
    decision.why = "the last answer in the text"
    decision.hedged = (
        decision.hedged or "two different answers, with nothing said of which is meant"
    )
    return Group(candidate, key)


def _further(decision: Decision, group: Group, candidate: Candidate, key: Key) -> Group:
    """The moves after "Next moves:", when the group's heading was "Moves so far:".

    The moves to make from the position the first run leads to (a ``continue`` task's), or
    the whole answer in two parts? The later run is read, and both together are plausible.
    """
    losers = decision.losers
    losers.append(Loser(group.parts, "moves already made, before the moves still to make"))
    whole = "both runs as one answer: the moves made and the moves after them"
    losers.append(Loser([*group.parts, candidate], whole, True))
    decision.why = "the moves under a heading of moves still to make, after moves made"
    return Group(candidate, key)


def _stated(decision: Decision, group: Group, candidate: Candidate, key: Key, label: str) -> Group:
    """A candidate that states the whole answer again: a recap, or a second answer (hedge)."""
    if list(key) == group.key:
        decision.losers.append(Loser([candidate], "states the same moves again"))
        return group
    decision.losers.append(Loser([candidate], f"{label!r} states other moves", True))
    decision.hedged = decision.hedged or (
        f"the answer states its moves twice, differently ({label!r})"
    )
    return group


def _after_prose(
    decision: Decision,
    group: Group,
    candidate: Candidate,
    key: Key,
    prose: str,
    cue: str | None,
    restates: bool,
) -> Group:
    """A run of move lines after prose that follows the group's last run of lines.

    After a new paragraph, a heading ending with ":" before a part of the answer ("The largest
    disk moves only once:", A->C) may quote it, or go on with it: the answer hedges.
    """
    losers = decision.losers
    if group.parts[-1].unreadable is not None:
        losers.append(Loser([candidate], "after a move that cannot be read"))
        return group
    if cue == "restatement" and restates:
        moves = f"{len(key)} move{'' if len(key) == 1 else 's'}"
        losers.append(Loser([candidate], f"restates the first {moves}"))
        return group
    heading = heading_of(prose)
    if _PARAGRAPH.search(prose) and heading.rstrip().endswith(":") and _inside(key, group.key):
        losers.append(Loser([candidate], "repeats a part of the answer, after prose", True))
        decision.hedged = decision.hedged or (
            f"moves after prose repeat a part of the answer: {heading.strip()[:60]!r}"
        )
        return group
    return _join(decision, group, candidate, key, cue)


def _other_size(heading: str, before: str) -> str:
    """``heading`` when it announces moves of another puzzle than the heading ``before``.

    "Warm-up with 2 disks:", moves, "Now for 3 disks:", moves: two answers, not one in two
    parts (which one the puzzle asks for, the reader does not know). "" when ``heading``
    announces no size, or the same as ``before`` (the heading of the reading so far).
    """
    size = announced_size(heading)
    if size is None or size == announced_size(before):
        return ""
    if size == "ours" and cue_of(heading) == "correction":
        return ""  # "For our puzzle that is wrong. Corrected:": a correction
    return heading.strip()


def _set_apart(
    decision: Decision,
    group: Group,
    candidate: Candidate,
    key: Key,
    prose: str,
    cue: str | None,
    other: str,
) -> bool:
    """Whether the heading sets ``candidate`` apart from the answer (recorded as a loser).

    "An illegal move would be:", "Avoid:": moves shown as ones not to make. "Actually, let me
    verify the middle move:" before a part of the answer: a correction of it, or a quote?
    (the answer hedges).
    """
    heading = candidate.label or heading_of(prose)
    if not_to_make(heading):
        why = f"moves shown as ones not to make: {heading.strip()[:60]!r}"
        decision.losers.append(Loser([candidate], why))
        return True
    if cue == "correction" and _CHECKS.search(heading) and not other and _inside(key, group.key):
        decision.losers.append(
            Loser([candidate], "a correction that repeats a part of the answer", True)
        )
        decision.hedged = decision.hedged or (
            f"a correction repeats a part of the answer: {heading.strip()[:60]!r}"
        )
        return True
    return False


_PARAGRAPH = re.compile(r"\n[ \t]*\n")
#: Words that look at moves already given: "let me verify the middle move".
_CHECKS = re.compile(r"\b(?:verify|check|confirm|double-check|look\s{1,3}at)\b", re.IGNORECASE)


def _inside(key: Key, whole: list[tuple[object, ...]]) -> bool:
    """Whether ``key`` is a part of ``whole`` (fewer moves, one after the other in it)."""
    size = len(key)
    if not 0 < size < len(whole):
        return False
    moves = list(key)
    return any(whole[start : start + size] == moves for start in range(len(whole) - size + 1))


def heading_of(prose: str) -> str:
    """The last line of ``prose`` that says something (not a table's header, a fence, a tag).

    A piece after the last line break is the start of the reading's own line (``moves = [``),
    no heading.
    """
    lines = prose.splitlines()
    if lines and not prose.endswith("\n"):
        lines.pop()
    for line in reversed(lines):
        said = line.strip()
        if said and not said.startswith(_NOT_SAID) and "|" not in said:
            return line
    return ""


_NOT_SAID = ("```", "~~~", "<")


def _goes_on(text: str, last: Candidate, candidate: Candidate) -> bool:
    """Whether ``candidate``'s first line is numbered one more than ``last``'s last line, alike.

    A run of one move under a heading that is only its step's number ("Step 4:", then "Move
    disk 3 from A to C") is numbered by it.
    """
    at, end = candidate.start, text.rfind("\n", 0, last.end) + 1
    after, before = line_number(text, at), line_number(text, end)
    if after is not None and before is not None:  # ("Step 1: ...", then "2: ...": disk 2)
        return after == before + 1 and numbering(text, at) == numbering(text, end)
    if after is None:
        after = step_above(text, at)
    before = _last_number(text, last)
    return after is not None and before >= 0 and after == before + 1


def _numbered(
    decision: Decision, group: Group, candidate: Candidate, key: Key, text: str, prose: str
) -> Group | None:
    """The reading after a run numbered from 1 again, or on from the group's last run.

    ``None``: neither, or the candidate has a label of its own.
    """
    last = group.parts[-1]
    if candidate.label:
        return None
    if _starts_again(text, last, candidate, prose):
        return _second_list(decision, group, candidate, key)
    if last.unreadable is None and _goes_on(text, last, candidate):
        # "3. C->B", prose, "4. A->C": one numbered list going on past the prose, whatever
        # the prose says ("This is correct", "Now for the final moves:"); a correction there
        # ("Wait, step 3 is wrong: it should be C->B.") leaves the list in doubt
        if admits_error(prose) and decision.hedged is None:
            decision.hedged = (
                f"a correction inside a numbered list that goes on after it: {prose.strip()[:60]!r}"
            )
        return _join(decision, group, candidate, key, None, goes_on=True)
    return None


def _second_list(decision: Decision, group: Group, candidate: Candidate, key: Key) -> Group:
    """A second list ("1. A->B", "2. A->C", "3. B->C", then "1. A->C"), not steps 4 on."""
    if list(key) == group.key[: len(key)]:  # the list, or its first moves, said again
        decision.losers.append(Loser([candidate], "the same list again, numbered from 1"))
        return group
    decision.losers.append(Loser([candidate], "a second list numbered from 1", True))
    decision.hedged = decision.hedged or (
        "a second list numbered from 1 after the first, with nothing said of which is meant"
    )
    return group


def _starts_again(text: str, last: Candidate, candidate: Candidate, prose: str) -> bool:
    """Whether ``candidate`` is numbered from 1 again right after a list numbered past 1.

    Only blank lines, or the heading of its first step ("Step 1:"), between: prose there
    ("Phase 2: ...") may start a part of the same answer numbered on its own.
    """
    first = list_number(text, candidate.start)
    heading = step_above(text, candidate.start)
    if prose.strip() and (heading is None or "\n" in prose.strip()):
        return False
    return (first if first is not None else heading) == 1 and _last_number(text, last) >= 2


def _last_number(text: str, run: Candidate) -> int:
    """The number of a run's last line, or of the heading of a run of one line (-1: none)."""
    found = line_number(text, text.rfind("\n", 0, run.end) + 1)
    if found is None and "\n" not in text[run.start : run.end].strip():
        found = step_above(text, run.start)
    return -1 if found is None else found


def _join(
    decision: Decision,
    group: Group,
    candidate: Candidate,
    key: Key,
    cue: str | None,
    goes_on: bool = False,
) -> Group:
    """A run of move lines after prose that follows the group's last run of lines.

    A restatement of the group's first moves is dropped (found before); otherwise the runs are
    read as one answer; when the later run starts like the group (its first two moves), it
    could also be a new attempt (unless its numbers go on from the group's): the reading is
    then ambiguous.
    """
    losers = decision.losers
    if (
        not goes_on  # a numbered list going on does not start over
        and len(key) >= 2
        and list(key[:2]) == group.key[:2]
        and group.doubts < _DOUBTS
    ):
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
