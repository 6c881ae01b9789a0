"""What the prose between two readings of an answer says about them.

A correction ("wait", "that is wrong", "final answer") makes the later reading replace the
earlier; an alternative ("Option 2:", "Alternatively") offers both; a restatement ("to recap",
"the first moves are") repeats; a draft ("Draft:", "First attempt:") is replaced.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hanoi_magnet._lazy import LazyPattern

_CORRECTION = LazyPattern(
    r"\b(?:wait|actually|mistake|wrong|incorrect|oops|invalid|illegal|instead|correct(?:ed|ion|ly)?|"
    r"let\s{1,3}me\s{1,3}(?:redo|restart|try|fix|re-?check|reconsider|start)|redo|start\s{1,3}"
    r"over|try\s{1,3}again|revised|revision|fixed|scratch\s{1,3}that|doesn't\s{1,3}work|"
    r"final\s{1,3}(?:answer|solution|moves|sequence|list|version))\b",
    re.IGNORECASE,
)
_RESTATEMENT = LazyPattern(
    r"\b(?:recap|summary|summari[sz]e|in\s{1,3}short|to\s{1,3}confirm|again|restat\w*|repeat\w*|"
    r"i\.e\.|that\s{1,3}is|first\s{1,3}(?:few|two|three|four|five|\d+)\s{1,3}moves|the\s{1,3}"
    r"first\s{1,3}moves?|begins?\s{1,3}with|starts?\s{1,3}with|starting\s{1,3}with|verify|check)\b",
    re.IGNORECASE,
)
_ALTERNATIVE = LazyPattern(
    r"\b(?:options?|alternative(?:ly|s)?|another\s{1,3}(?:way|option|solution|possibility|answer)|"
    r"one\s{1,3}(?:way|option|possibility)|either(?!\s{1,3}(?:way|case)\b)|otherwise|possibilit(?:y|ies)|candidates?"
    r"|undo(?:ne|ing|es)?|undid|take\s{1,3}(?:it|that|this|(?:the\s{1,3})?(?:last\s{1,3})?move)"
    r"\s{1,3}back|revert(?:ing|ed)?|in\s{1,3}reverse|backwards?)\b"
    r"|(?:^|\n)\s{0,3}(?:or|OR|Or)\b",
    re.IGNORECASE,
)
_DRAFT = LazyPattern(r"\b(?:draft|rough|attempt|idea|sketch|tentative|first\s{1,3}try)\b", re.I)


#: What numbers a step or an answer: a number ("2", "#2"), and as well as a number a letter
#: ("Option B"), a roman numeral ("Step III"), a number word ("Attempt two").
INDEX = (
    r"(?:\#?\d{1,4}|[A-Za-z]|[IVXivx]{2,6}|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|twenty)"
)
#: Words that number answers, not steps: "Option 2:", "Answer 2:", "Attempt 2:" each open an
#: answer of their own (never a step of one list).
ANSWER_WORD = (
    r"(?:options?|alternatives?|answers?|attempts?|versions?|candidates?|solutions?|tries|try"
    r"|approach(?:es)?|methods?|possibilit(?:y|ies)|variants?|choices?|guess(?:es)?|drafts?"
    r"|cases?|scenarios?|ways?|plans?|ideas?|strateg(?:y|ies))"
)
_ANSWER_LABEL = LazyPattern(
    r"[\s>#*•-]{0,6}(?:(?:so|thus|therefore|hence|overall|altogether|to\s{1,3}(?:recap|sum\s{1,3}up)|"
    r"recap|in\s{1,3}(?:summary|short|total|full|conclusion))\b[\s,:]{0,3})?"
    r"(?:(?:the|my|our|your|this|that)\s{1,3})?"
    r"(?:(?:final|complete|full|whole|entire|correct(?:ed)?|revised|updated|new|optimal|shortest)"
    r"\s{1,3})*(?:answer|solution|moves|sequence(?:\s{1,3}of\s{1,3}moves)?"
    r"|(?=[^\W\d_]{2,15}\s{1,3}\#?\d)" + ANSWER_WORD + r"\s{1,3}\#?\d{1,3})\b"  # "Option 2:"
    r"(?:\s{1,3}(?:is|are|would\s{1,3}be|will\s{1,3}be)\b\s{0,3}[:=]?|\s{0,3}[:=])",
    re.IGNORECASE,
)


def answer_label(sentence: str) -> int:
    """The length of the label that opens ``sentence`` when it announces the whole answer, or 0.

    "So the moves are:", "Final answer:", "In summary, the solution is": a line so introduced
    after other moves states an answer of its own (the same moves: a recap; others: a second
    answer, or a correction), never a continuation. "The first moves are" (a partial recap)
    and numbering are no such label.
    """
    found = _ANSWER_LABEL.match(sentence)
    return found.end() if found else 0


def cue_of(prose: str) -> str | None:
    """What a stretch of prose between two readings announces.

    ``"correction"`` (the later one replaces the earlier), ``"alternative"`` (the two are
    offered side by side), ``"restatement"``, ``"draft"`` (the earlier one was a draft) or
    ``None``.
    """
    if _ALTERNATIVE.search(prose):
        return "alternative"
    if _CORRECTION.search(prose):
        return "correction"
    if _RESTATEMENT.search(prose):
        return "restatement"
    return None


#: Prose that says a move written before it is wrong (not "this is correct", "no illegal move").
_ERROR_ADMITTED = LazyPattern(
    r"\b(?:wait|actually|mistake|wrong|incorrect|oops|instead|should\s{1,3}(?:be|have)|"
    r"scratch\s{1,3}that|let\s{1,3}me\s{1,3}(?:redo|fix|restart)|redo|doesn't\s{1,3}work|"
    r"not\s{1,3}right)\b",
    re.IGNORECASE,
)


def admits_error(prose: str) -> bool:
    """Whether prose says a move before it is wrong ("Wait, step 3 is wrong: ...")."""
    return _ERROR_ADMITTED.search(prose) is not None


#: Words of a heading over moves already made ("Moves so far:", "Previous moves:").
_MADE = LazyPattern(
    r"\b(?:so\s{1,3}far|already\s{1,3}(?:made|done|played|taken|given)|(?:previous|earlier|prior"
    r"|past|given)\s{1,3}moves|history)\b",
    re.IGNORECASE,
)
#: Words of a heading over the moves still to make ("Next moves:", "Remaining:", "Then:").
_FURTHER = LazyPattern(
    r"\b(?:next|remaining|rest|continu\w*|to\s{1,3}go|still\s{1,3}(?:to|needed|left)|from\s{1,3}"
    r"(?:here|now\s{1,3}on|there)|then|now|left|to\s{1,3}make)\b",
    re.IGNORECASE,
)
#: A label over a part of the moves, by where they stand: "Moves so far:", "Previous moves:"
#: (made), "Next moves:", "Remaining moves:", "Moves left:" (still to make).
_PART_LABEL = LazyPattern(
    r"[\s>#*•-]{0,6}(?:(?:the|my|our)\s{1,3})?"
    r"(?:(?:previous|earlier|given|next|remaining|following|further)\s{1,3}moves?"
    r"|moves?\s{1,3}(?:so\s{1,3}far|(?:already\s{1,3})?made(?:\s{1,3}so\s{1,3}far)?|left"
    r"|(?:still\s{1,3})?to\s{1,3}make))"
    r"(?:\s{1,3}(?:are|were|is)\b\s{0,3}[:=]?|\s{0,3}[:=])",
    re.IGNORECASE,
)


def part_label(sentence: str) -> int:
    """The length of the label that opens ``sentence`` over moves made or still to make, or 0.

    >>> part_label("Moves so far: A->C, A->B")
    13
    >>> part_label("Moves: A->C")
    0
    """
    found = _PART_LABEL.match(sentence)
    return found.end() if found else 0


def recalls_made(heading: str) -> bool:
    """Whether a heading is over moves already made ("Moves so far:", "Previous moves:").

    >>> recalls_made("Moves so far:"), recalls_made("Moves:")
    (True, False)
    """
    return _MADE.search(heading) is not None


def made_then_further(made: str, further: str) -> bool:
    """Whether two headings set moves already made apart from the moves still to make.

    "Moves so far:" over one run and "Next moves:" over the one after it: the first run
    recalls the moves that led to the position (a ``continue`` task's given moves), and the
    second is the answer to it.

    >>> made_then_further("Moves so far:", "Next moves:")
    True
    >>> made_then_further("First part:", "Next moves:")
    False
    """
    return recalls_made(made) and _FURTHER.search(further) is not None


def drafted(prose: str) -> bool:
    """Whether the prose before a reading calls it a draft ("Draft:", "First attempt:")."""
    return _DRAFT.search(prose) is not None


_COUNT_WORDS = {
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10",
}  # fmt: skip
_COUNT = r"(?:\d{1,3}|n|one|two|three|four|five|six|seven|eight|nine|ten)"
#: Words announcing the moves of a puzzle of some size: "For 2 disks it would be:", "With
#: three disks:", "n = 2:", "the 2-disk case:", "If we had 2 disks:", "For our puzzle:".
#: ("Move the top 2 disks:" announces a part of the solution, not another puzzle.)
_SIZED = LazyPattern(
    rf"""(?:
        (?:(?:for|with|using|on)\s{{1,3}}(?:only\s{{1,3}}|just\s{{1,3}}|a\s{{1,3}}|the\s{{1,3}})?
          |in\s{{1,3}}(?:the\s{{1,3}})?case\s{{1,3}}of\s{{1,3}}
          |if\s{{1,3}}(?:we|you|there)\s{{1,3}}(?:had|have|were|was|are|is)\s{{1,3}}
           (?:only\s{{1,3}}|just\s{{1,3}})?)
        (?P<count>{_COUNT})[\s-]{{0,3}}(?:dis[ck]s?|rings?)\b
      | (?P<noun>{_COUNT})-dis[ck]\s{{1,3}}(?:puzzle|case|version|problem|example|tower|game)
      | \bn\s{{0,2}}=\s{{0,2}}(?P<equal>\d{{1,3}})\b
      | (?P<what_if>if\s{{1,3}}(?:the\s{{1,3}})?(?:target|goal|destination|start|source)
          (?:\s{{1,3}}(?:peg|rod|post|tower))?\s{{1,3}}(?:were|was|is|had\s{{1,3}}been)\b[^:\n]{{0,30}})
      | (?P<ours>(?:for|with|in|on)\s{{1,3}}(?:our|the\s{{1,3}}(?:actual|real|given|original
          |full|main|asked|present|current))\s{{1,3}}(?:puzzle|problem|instance|tower|game|task))
    )[^:\n.!?]{{0,60}}?
    (?:\s(?:(?:would|will)\s{{1,3}}be|is|are)\b\s{{0,3}}[:=]?|\s{{0,3}}[:=])""",
    re.IGNORECASE | re.VERBOSE,
)


def announced_size(text: str, start: int = 0, anywhere: bool = True) -> str | None:
    """The puzzle size that ``text`` announces moves for ("For 2 disks:" gives ``"2"``).

    ``"ours"`` for the puzzle asked ("For our puzzle:"), ``None`` when it announces none.
    Looked for anywhere in ``text``, or only at ``start`` when ``anywhere`` is false.

    >>> announced_size("Warm-up with two disks:"), announced_size("Now for our puzzle:")
    ('2', 'ours')
    >>> announced_size("First move the top 2 disks from A to B:") is None
    True
    """
    found = _SIZED.search(text, start) if anywhere else _SIZED.match(text, start)
    if found is None:
        return None
    if found["ours"]:
        return "ours"
    if found["what_if"]:
        return "another goal"
    count = (found["count"] or found["noun"] or found["equal"]).lower()
    return _COUNT_WORDS.get(count, count)


def size_label(text: str, start: int) -> int:
    """Where the words announcing a puzzle's size that open ``text`` at ``start`` end, or 0.

    A few words may come first: "Warm-up with 2 disks:", "Quick check for two disks:".
    """
    found = _SIZED_LEAD.match(text, start)
    return 0 if found is None else found.end()


_SIZED_LEAD = LazyPattern(
    rf"(?:[\w'-]{{1,20}},?\s{{1,3}}){{0,4}}(?:{_SIZED.pattern})", re.IGNORECASE | re.VERBOSE
)


#: A heading that shows the moves after it as ones not to make: "An illegal move would be:",
#: "Moves that would be illegal at step 3:", "Wrong:", "Avoid:", "Don't do this:".
_NOT_TO_MAKE = LazyPattern(
    r"""\b(?:illegal|invalid|wrong|incorrect|bad|forbidden)\s{1,3}(?:first\s{1,3})?
          (?:moves?|examples?|sequences?|choices?|options?)\b
      | \bmoves?\s{1,3}(?:that|which)\s{1,3}(?:would\s{1,3}be|are|is|were)\s{1,3}
          (?:illegal|invalid|wrong|not\s{1,3}allowed|forbidden)
      | ^\W{0,6}(?:wrong|incorrect|illegal|invalid|not\s{1,3}allowed|forbidden|avoid(?:\s{1,3}this)?
          |don'?t\s{1,3}do\s{1,3}this|never\s{1,3}do\s{1,3}this|do\s{1,3}not\s{1,3}do\s{1,3}this
          |counter-?examples?)\W{0,3}:\W{0,3}$""",
    re.IGNORECASE | re.VERBOSE,
)
_TO_MAKE = LazyPattern(
    r"\b(?:correct(?:ed|ion|ly)?|fix(?:ed)?|revised?|redo|again|final|instead|right|proper)\b",
    re.IGNORECASE,
)


def not_to_make(heading: str) -> bool:
    """Whether a heading shows the moves after it as ones not to make (no correction).

    >>> not_to_make("An illegal move would be:"), not_to_make("That was wrong. Corrected:")
    (True, False)
    """
    return _NOT_TO_MAKE.search(heading) is not None and _TO_MAKE.search(heading) is None


#: A heading that says the moves after it are not the answer: "The answer is not:", "Do not
#: use these moves:", "Not the solution:", "Ignore the following:".
_DISOWNS = LazyPattern(
    r"""\b(?:answer|solution|moves?|sequence)\s{1,3}(?:is|are|would\s{1,3}be)\s{1,3}not\b
      | \bnot\s{1,3}(?:the|my|an?|our)\s{1,3}(?:\w{1,12}\s{1,3})?(?:answer|solution)\b
      | \b(?:do\s{1,3}not|don[’']?t|never)\s{1,3}(?:use|follow|make|play|copy|submit|apply)\b
      | \b(?:ignore|disregard|skip)\s{1,3}(?:these|the\s{1,3}following|this|them|the\s{1,3}moves)
        \b""",
    re.IGNORECASE | re.VERBOSE,
)


def disowns(heading: str) -> bool:
    """Whether a heading says the moves after it are not the answer ("The answer is not:").

    >>> disowns("The answer is not:"), disowns("The answer is:")
    (True, False)
    """
    return _DISOWNS.search(heading) is not None and _TO_MAKE.search(heading) is None


#: A heading that only introduces an example: "For example:", "e.g.", "An example answer:",
#: "Example output:".
_ONLY_EXAMPLE = LazyPattern(
    r"""^\W{0,6}(?:for\s{1,3}(?:example|instance)|e\.g\.|(?:an?\s{1,3}|one\s{1,3})?(?:sample|
    example)(?:\s{1,3}(?:of\s{1,3}(?:the\s{1,3})?format|answer|output|solution|moves?|
    format))?|(?:here\s{1,3}is\s{1,3})?an?\s{1,3}example(?:\s{1,3}\w{1,12}){0,3})\W{0,3}$""",
    re.IGNORECASE | re.VERBOSE,
)


def only_example(heading: str) -> bool:
    """Whether a heading only introduces an example ("For example:", "Example answer:").

    >>> only_example("For example:"), only_example("The solution, in the format asked:")
    (True, False)
    """
    return _ONLY_EXAMPLE.match(heading.strip()) is not None


#: A question left open before moves, asking rather than telling: "Is the answer", "Could it
#: be", "Would the solution be".
_ASKS = LazyPattern(
    r"""^\W{0,6}(?:is|are|could|would|might|should|can|may)\s{1,3}(?:the\s{1,3}(?:answer|solution|
      sequence|moves?|next\s{1,3}move)|it|this|that|these)(?:\s{1,3}be)?\W{0,4}$""",
    re.IGNORECASE | re.VERBOSE,
)


def asks(heading: str) -> bool:
    """Whether a heading asks whether the moves after it are the answer ("Is the answer").

    >>> asks("Is the answer"), asks("Is it solvable? Yes, here is how:")
    (True, False)
    """
    return _ASKS.match(heading.strip()) is not None


#: Words that end just before moves on their line and show them as an example or a format:
#: "Write the moves in the form 'A->C'", "for example A->C", "e.g. [[1, 0, 2]]", "such as",
#: "Use the format 'A->C'", "Write each move like 'A->C'".
_EXAMPLE_BEFORE = LazyPattern(
    r"""(?:\b(?:in|of)\s{1,3}the\s{1,3}form(?:at)?(?:\s{1,3}of)?|\bfor\s{1,3}(?:example|instance)
      |\be\.g\.|\bsuch\s{1,3}as|\bformatted\s{1,3}(?:as|like)|\b(?:use|using|follow)\s{1,3}the
      \s{1,3}format|\b(?:each|every)\s{1,3}(?:move|line|step)\s{1,3}(?:like|as))\W{0,4}$""",
    re.IGNORECASE | re.VERBOSE,
)


def shows_example(before: str) -> bool:
    """Whether the words before moves, on their line, show them as an example or a format.

    >>> shows_example("Write the moves in the form '"), shows_example("The moves are: ")
    (True, False)
    """
    return _EXAMPLE_BEFORE.search(before[-80:]) is not None


#: A heading that announces the answer below it: "Here is the solution:", "Solution:", "The
#: full solution is:", "Answer:".
_ANNOUNCES = LazyPattern(
    r"""^\W{0,6}(?:(?:so|thus|therefore|hence|now|finally|and|ok(?:ay)?)\b[\s,]{1,3})?
        (?:here\s{1,3}(?:is|are)\s{1,3})?(?:(?:the|my|our)\s{1,3})?
        (?:(?:full|complete|final|whole|entire|optimal|actual)\s{1,3})?
        (?:solution|answer|moves|sequence)(?:\s{1,3}(?:is|are))?\s{0,3}:?\W{0,3}$""",
    re.IGNORECASE | re.VERBOSE,
)
_EXAMPLE = LazyPattern(
    r"\b(?:for\s{1,3}example|e\.g\.|for\s{1,3}instance|examples?|such\s{1,3}as|legend|"
    r"format|like\s{1,3}this|starts?\s{1,3}with)\b",
    re.IGNORECASE,
)


def announces_answer(heading: str) -> bool:
    """Whether a heading announces the answer below it ("Here is the solution:").

    >>> announces_answer("Here is the solution:"), announces_answer("This frees disk 3.")
    (True, False)
    """
    return _ANNOUNCES.search(heading) is not None


def numbers_answer(heading: str) -> bool:
    """Whether a heading numbers one of several answers ("Answer 2:", "**Attempt 2**").

    >>> numbers_answer("Option 2:"), numbers_answer("Step 2:")
    (True, False)
    """
    return _NUMBERED_ANSWER.match(heading) is not None


_NUMBERED_ANSWER = LazyPattern(
    r"\W{0,6}" + ANSWER_WORD + r"\s{1,3}" + INDEX + r"\s{0,3}[:.)\-–]?\W{0,3}$", re.IGNORECASE
)


def example(heading: str) -> bool:
    """Whether a heading introduces an example ("Each line is one move, for example:")."""
    return _EXAMPLE.search(heading) is not None


_FIELD = (
    r"(?:dis[ck](?:\s{0,2}(?:number|no\.?|size|id))?|from(?:[\s_]{0,2}peg)?|source|src|origin|start"
    r"|to(?:[\s_]{0,2}peg)?|target|dst|dest(?:ination)?|end|peg)"
)
#: The fields of a move written in brackets, named in order: "(from, to, disk)", "[disk, to]".
_FIELDS = LazyPattern(
    rf"[(\[]\s{{0,2}}['\"`]?({_FIELD})['\"`]?\s{{0,2}},\s{{0,2}}['\"`]?({_FIELD})['\"`]?"
    rf"(?:\s{{0,2}},\s{{0,2}}['\"`]?({_FIELD})['\"`]?)?\s{{0,2}}[)\]]",
    re.IGNORECASE,
)
_ROLES = {"dis": "disk", "fro": "from", "sou": "from", "src": "from", "ori": "from", "sta": "from"}
#: The orders in which the reader reads a move's numbers or letters: (disk, from, to), (from, to).
_READ_ORDERS = (("disk", "from", "to"), ("from", "to"))
#: Moves that name their direction in words or with an arrow: the order of fields is no matter.
_DIRECTED = LazyPattern(r"\bfrom\b|\bto\b|->|→|⟶|=>", re.IGNORECASE)


def fields_reordered(before: str, moves: str) -> str | None:
    """The order of fields that ``before`` declares for the bare moves ``moves``, when not read.

    "Each move is (from, to, disk):" before ``(1, 3, 1)``: the reader reads a disk first, and
    "(to, from)" before ``(C, A)`` the move from C to A. Such moves are in doubt.
    """
    if "," not in before or _DIRECTED.search(moves) is not None:
        return None
    declared = _last(_FIELDS.finditer(before))  # the last declaration before the moves
    if declared is None:
        return None
    roles = tuple(
        _ROLES.get(field[:3].lower(), "to") for field in declared.groups() if field is not None
    )
    if roles in _READ_ORDERS:
        return None
    return f"the answer writes its moves as {declared.group(0)!r}, an order not read"


def _last(found: Iterator[re.Match[str]]) -> re.Match[str] | None:
    """The last of the matches ``found``, or ``None``."""
    last = None
    for last in found:  # noqa: B007 (only the last one is kept)
        pass
    return last
