r"""What one line of an answer holds: its move mentions, and what the words around them mean.

A line is cut into sentences; in each, the move mentions (:mod:`._mentions`) are found and the
text around them is read:

* before the first move, a *lead* (numbering, a bullet, ``Step 3:``, an ordinal such as
  ``Fourth,`` or ``21st:``, ``Then``, a label such as ``The next move is``, a subject such as
  ``I``) makes it a line of moves; other words make it prose that mentions a move (read only
  when the answer has nothing else), and a negation (``never``, ``don't``) a move not to make;
* between two moves, *glue* (commas, ``;``, ``|``, ``<br>``, ``then``, ``and finally``,
  numbering, ordinals) joins them; ``or``, ``/`` or ``either`` offers them as alternatives (a
  hedge: no confident reading); a bracket or a dash opens a remark; other words leave the line
  uncertain;
* after the last move, a remark (``✅``, ``(now A is empty)``, ``. Nice.``) is skipped, unless it
  says the move is wrong.

A sentence that starts as a move (``Move disk two ...``) but holds none is a broken move.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import NamedTuple

from hanoi_magnet._lazy import LazyPattern
from hanoi_magnet.notation._cues import (
    ANSWER_WORD,
    INDEX,
    admits_error,
    answer_label,
    cue_of,
    part_label,
    size_label,
)
from hanoi_magnet.notation._mentions import (
    BEGUN,
    HALF_ARROW,
    PLACEHOLDER_ARROW,
    Mention,
    mentions,
)
from hanoi_magnet.notation._pegs import PegNames
from hanoi_magnet.notation._scan import Raw, same_move

BLANK, PROSE, MOVES, WEAK, ABANDON, BROKEN, NEGATED = range(7)
#: A line that is only a list number of two digits (``12.``): an empty list item, or a move
#: with a period after it (from peg 1 to peg 2); a move in doubt beside moves of two digits.
BARE = 7

_UNITS = r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
_ORDINAL = rf"""(?:
    (?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]?(?:{_UNITS})
   |(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth
   |tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth
   |{_UNITS}|(?:one\s)?hundredth|last
   |\d{{1,4}}(?:st|nd|rd|th)
)(?:ly)?"""
_CONNECTOR = (
    r"(?:then|next|now|and|so|also|after\s{1,3}that|afterwards?|finally|lastly|subsequently|"
    r"thereafter|followed\s{1,3}by|plus|either\s{1,3}way|in\s{1,3}either\s{1,3}case|"
    r"(?-i:[Oo]k(?:ay)?|OKAY)|alright)"  # (not "OK": two capitals may be a move, O to K)
)
_SUBJECT = (
    r"(?:(?:I|we|you)(?:'d|'ll)?\s{1,3}|let's\s{1,3}|let\s{1,3}us\s{1,3})"
    r"(?:(?:would|will|should|can|could|must|shall|then|now|first|next|also|just|need\s{1,3}"
    r"to|have\s{1,3}to|start\s{1,3}by|begin\s{1,3}by)\s{1,3})*"
    r"(?:(?:play|choose|pick|make|go\s{1,3}with|recommend|suggest|propose|answer|say)"
    r"(?:\s{1,3}(?:the\s{1,3})?(?:move|moves|following))?\s{0,3}:?\s{1,3}|(?!to\b)(?=[A-Za-z]{2}|$))"
)
#: A capitalized word that numbers steps, up to its number ("Action ", "Schritt ", "Step no. "):
#: not a word for a disk or a peg, a connector, an ordinal, or a word that numbers answers.
STEP_WORD = (
    rf"(?-i:(?=[A-ZÀ-ÖØ-ÞА-ЯЁ]))"
    # (cheap first: a word, then a number; only then the words that number no step)
    rf"(?=[^\W\d_]{{2,15}}\.?\s{{0,3}}(?:no\.\s{{0,2}}|number\s{{1,3}})?\#?\d)"
    rf"(?:(?=(?:step|move)\b)|(?!(?:dis[ck]|ring|piece|peg|rod|post|tower|pole|scheibe|disco"
    rf"|disque|anillo|anneau|block|kiekko|диск|кольцо|{_CONNECTOR}|{ANSWER_WORD}"
    rf"|{_ORDINAL})\b))[^\W\d_]{{2,15}}\.?\s{{0,3}}(?:no\.\s{{0,2}}|number\s{{1,3}})?\#?"
)
#: The count after a step's number: "Step 2/7", "Step 2 of 7".
OF_COUNT = r"(?:\s{0,3}(?:/|of|out\s{1,3}of)\s{0,3}\d{1,4})?"
#: "Action 2:", "Schritt 2:", "Step 2/7:": a word numbering its steps.
_HEADING_WORD = STEP_WORD + r"\d{1,4}" + OF_COUNT + r"\s{0,3}:"
_NUMBERING = (  # ("Move 1->3" is a move from 1 to 3, not move number 1)
    r"""(?:
    \(?\d{1,4}\s{0,2}[.)](?!\d)(?=\s{0,8}[^\s.])
   |\(?\d{1,4}(?:\.\d{1,3}){1,3}\.?\)?(?=\s)  # "1.2", "1.2.", "(4.1)": a sub-step
   |\[\d{1,4}\]
   |\[\d{1,2}:\d{2}(?::\d{2})?\]  # a time: "[00:01]", "[0:01:30]"
   |\#\d{1,4}:?
   |"""
    + _HEADING_WORD  # (before "step 2": "Step 2 of 7:" is one numbering)
    + r"""
   |step\s{0,3}\#?\d{1,4}\s{0,3}(?:[:.)]|[-–](?![->])|(?=\s))
   |(?:move|turn)\s{0,3}\#?\d{1,4}\s{0,3}(?:[:.)]|[-–](?![->]))
)"""
)
_LABEL = (
    r"""(?:
    here\s{1,3}(?:it\s{1,3}is|you\s{1,3}go|they\s{1,3}are|we\s{1,3}go)\s{0,3}[:\-–]
   |(?:(?:here(?:'s|\s{1,3}(?:is|are))|below\s{1,3}(?:is|are))\s{1,3})?
    (?:(?:the|my|our|your)\s{1,3})?
    (?:(?:final|next|best|first|optimal|correct(?:ed)?|revised|updated|new|only|complete|full|whole
      |entire|shortest|recommended)\s{1,3})*
    (?:"""
    + ANSWER_WORD  # ("Option 2:", "Answer 2:": one of several answers)
    + r"""(?:\s{1,3}\#?\d{1,3})?|moves?|sequence|steps?|plan|result|output|response|play)
    (?:\s{1,3}(?:is|are|would\s{1,3}be|will\s{1,3}be|should\s{1,3}be)\b\s{0,3}[:=]?|\s{0,3}[:=\-–])
)"""
)
LEAD = LazyPattern(
    rf"""(?:\s|[>\#]{{1,6}}(?=\s)|[-+•*·▪►‣◦](?=\s)|["']{{1,2}}(?=\S)
        |{_NUMBERING}|{_ORDINAL}(?:\s{{1,3}}(?:move|step))?\s{{0,3}}[,:.)\-–]?(?=\s|$)
        |{_CONNECTOR}\b[,:;.\-–]?|{_LABEL}|{_SUBJECT})*""",
    re.IGNORECASE | re.VERBOSE,
)
GLUE = LazyPattern(
    rf"""(?:\s|[,;|&!]|\.(?=\s|$)|<br\s{{0,2}}/?>|->|=>|-->|[→⇒⟹]|[-+•*·](?=\s)
        |{_NUMBERING}|{_ORDINAL}(?:\s{{1,3}}(?:move|step))?\s{{0,3}}[,:.)\-–]?
        |{_CONNECTOR}\b|{_SUBJECT})*""",
    re.IGNORECASE | re.VERBOSE,
)
_HEDGE = LazyPattern(
    r"\b(?:or|either(?!\s{1,3}(?:way|case)\b)|alternatively|otherwise)\b|/", re.IGNORECASE
)
#: "either" offering the moves as options ("Either A->C or A->B"), not "either way" (anyway).
_EITHER = LazyPattern(r"\beither\b(?!\s{1,3}(?:way|case)\b)", re.IGNORECASE)
_NEGATION = LazyPattern(
    r"\b(?:never|not|don't|do\s{1,3}not|doesn't|shouldn't|should\s{1,3}not|mustn't|must\s{1,3}"
    r"not|won't|wouldn't|can't|cannot|avoid|instead\s{1,3}of|rather\s{1,3}than|no\s{1,3}need|"
    r"illegal|invalid|wrong|mistake|forbidden|impossible)\b",
    re.IGNORECASE,
)
_WRONG_AFTER = LazyPattern(
    r"^[\s(\[—–-]*(?:(?:is|was|would\s{1,3}be|=)\s{1,3})?(?:wrong|illegal|invalid|not\s"
    r"{1,3}(?:allowed|legal|possible|valid)|a\s{1,3}(?:mistake|blunder)|impossible)\b",
    re.IGNORECASE,
)
#: A mark calling a move wrong, before or after it: "A->B ❌", "A->B (disk 2) ✗", "❌ A->B".
_CROSS = LazyPattern("[❌✗✘✖❎⛔🚫]")
#: Marks that judge a move, right or wrong: no part of it, wherever they stand on its line.
_MARKS = LazyPattern("[❌✗✘✖❎⛔🚫✅✓✔]")
_SEQUENCED = LazyPattern(
    r"\b(?:first|then|next|finally|lastly|now|after\s{1,3}that|afterwards)\b[,:]?\s{1,3}"
    r"(?:(?:I|we|you)\s{1,3}(?:(?:will|would|should|can|then)\s{1,3})?)?$",
    re.IGNORECASE,
)


def _lead_in(words: str) -> int:
    """The length of the sequence word (and subject) that ends ``words``."""
    found = _SEQUENCED.search(words)
    return len(words) - found.start() if found else 0


#: A person before the moves ("I think A C ..."), not in "Here you go:", "Here we go:".
_PERSON = LazyPattern(r"\b(?:I|(?<!here\s)(?:we|you)|let's|let\s{1,3}us)\b", re.IGNORECASE)
_WORDS_AFTER = LazyPattern(r"\s{1,3}[A-Za-z]{2,}\s{1,3}[A-Za-z]")
_OPENS_REMARK = LazyPattern(r"^\s*(?:[(\[{]|[—–:]|--|-\s|#|//|\s[-–]\s)")
#: Where a sentence ends: after . ! ? (not "No.", and not after a ? that stands for a peg:
#: "? -> C", "1: ? -> B").
#: A list number at the start of a line, with the spaces after it.
_LIST_NUMBER = LazyPattern(r"\s{0,8}\(?\d{1,4}\s{0,2}[.)][ \t]+(?=\S)")
_SENTENCE_END = LazyPattern(
    r"(?<=[.!?])(?<![Nn]o\.)(?<![\s:(\[?]\?)(?<!^\?)(?<!e\.g\.)(?<!i\.e\.)(?<!cf\.)(?<!vs\.)"
    r"\s+(?=\S)"  # (no end after "e.g.": "..., e.g. A->B." is one sentence)
)
_ABANDON = LazyPattern(
    r"(?:\.\.\.|…)\s*$|^\s*(?:\.\.\.|…)|\b(?:and\s{1,3}so\s{1,3}on|etc\b|the\s{1,3}pattern\s{1,3}"
    r"(?:continues|repeats)|continu(?:e|ing)\s{1,3}(?:this|the|in\s{1,3}this)\s{1,3}"
    r"(?:pattern|way|manner|process)|(?:and\s{1,3})?repeat(?:ing)?\s{1,3}(?:this|the|for)\b|"
    r"(?:similarly|likewise)\s{1,3}for\s{1,3}the\s{1,3}rest|remaining\s{1,3}moves\s{1,3}"
    r"follow)",
    re.IGNORECASE,
)
_ELLIPSIS_LINE = LazyPattern(r"[\s*`(\[]*(?:\.\s?\.\s?\.|…)[\s.…*`)\]]*")
_PUNCTUATION = LazyPattern(r"^[\s\"'`*_(\[{]*$")
#: A step number before a move that is no label: "1: AC", "2: Move disk 2 from A to B".
_STEP_NUMBER = LazyPattern(r"\s{0,3}\d{1,4}\s{0,2}:\s{1,3}[\"'`*_(\[{]{0,3}")
#: A step number then a pipe before a move written otherwise than in digits: "01 | 0 -> 2".
_PIPE_NUMBER = LazyPattern(r"\s{0,3}\d{1,4}\s{0,2}\|\s{1,3}")


def abandons(text: str) -> bool:
    """Whether text gives up writing the moves out ("and so on", a lone "...")."""
    return bool(_ABANDON.search(text))


class Line(NamedTuple):
    """The reading of one line."""

    kind: int
    raws: list[Raw]
    name: str | None  # the form of its moves ("move", "bracket"...; None: mixed)
    remark: str  # skipped text on a line of moves ("": none)
    labels: bool  # every move written "N: ..." (a disk, or maybe a step number)
    abandons: bool = False  # the line gives up writing the moves
    hedged: str = ""  # the moves are offered as alternatives ("A->C or A->B"): the hedge
    uncertain: str = ""  # words between moves that neither join nor separate them
    negated: str = ""  # a move mentioned as one not to make (skipped)
    broken: str = ""  # a move that cannot be read, after the line's moves
    label: str = ""  # the lead of its first moves announces an answer: "So the moves are:"
    plan: bool = False  # a step of a plan, moving several disks at once ("Move the top 2 disks")


#: A line of two digits and a period or parenthesis: the reader cannot tell an empty list item
#: from a move written with a period after it ("01." is a move: no list counts from 0).
_BARE_NUMBER = re.compile(r"\s{0,8}([1-9])([0-9])\s{0,2}[.)]\s*")
#: The same number before words that are no move ("12. ok"): a list item, or a move with a
#: remark after it (as "01. ok" is: no list counts from 0).
_NUMBERED_WORDS = re.compile(r"\s{0,8}([1-9])([0-9])\s{0,2}[.)]\s")
BLANK_LINE = Line(BLANK, [], None, "", True)  # labels: a blank line breaks no count
PROSE_LINE = Line(PROSE, [], None, "", False)
ABANDON_LINE = Line(ABANDON, [], None, "", False)
BROKEN_LINE = Line(BROKEN, [], None, "", False)  # its remark: the move that cannot be read
_NEGATED_LINE = Line(NEGATED, [], None, "", False)


class _Sentence(NamedTuple):
    kind: int
    raws: Sequence[Raw] = ()  # (only a MOVES or WEAK sentence has moves)
    forms: Sequence[str] = ()  # the form of each move, or the built-in notation it is written in
    remark: str = ""  # (read for MOVES, PROSE and ABANDON sentences)
    hedged: str = ""
    uncertain: str = ""
    negated: str = ""
    broken: str = ""
    abandons: bool = False
    label: str = ""  # its lead announces the answer ("So the moves are:", "Final answer:")
    told: bool = False  # prose that tells a move the reader cannot read ("disk 1 goes from A to B")


def read_line(line: str) -> Line:
    """The reading of one line (markup and LaTeX already taken off).

    Marks that judge a move (✅, ❌) are no part of it, wherever they stand ("A->B. ❌",
    "1: ✘ [1, 0, 2]", "`❌ A->B`"); a cross on a line of moves puts it in doubt: is the crossed
    move part of the answer?
    """
    marked = _MARKS.search(line)
    if marked is None:
        return _read_line(line)
    read = _read_line(_MARKS.sub(" ", line))
    if read.kind == MOVES and not read.remark:
        read = read._replace(remark=marked.group())  # (reported as skipped, as a remark is)
    crossed = _CROSS.search(line)
    if crossed is None or read.kind not in (MOVES, WEAK) or read.uncertain:
        return read
    return read._replace(uncertain=f"a move is marked {crossed.group()!r}")


def _read_line(line: str) -> Line:
    """The reading of one line without marks."""
    if not line or line.isspace():
        return BLANK_LINE
    if _ELLIPSIS_LINE.fullmatch(line):
        return ABANDON_LINE
    bare = _BARE_NUMBER.fullmatch(line)
    if bare is not None:  # "12.": an empty list item, or the move from peg 1 to peg 2
        doubt = f"{line.strip()!r} may be a list number or a move"
        return Line(BARE, [Raw(None, *bare.group(1, 2))], "compact", "", False, uncertain=doubt)
    number = _LIST_NUMBER.match(line)  # "10. 24.": a list number ends no sentence
    if number is None:
        pieces = _sentences(line)
    else:
        pieces = _sentences(line[number.end() :])
        pieces[0] = line[: number.end()] + pieces[0]
    sentences = [_sentence(pieces[0])]
    for piece in pieces[1:]:
        aside = piece.lstrip()[:1] == "(" and _NUMBER_IN_PARENTHESES.match(piece) is None
        # "C->B. (A->C is blocked.)": a sentence in parentheses is a remark, not a move
        sentences.append(_Sentence(PROSE, remark=piece.strip()) if aside else _sentence(piece))
    kinds = {sentence.kind for sentence in sentences}
    if MOVES in kinds:
        return _moves_line(sentences)
    if WEAK in kinds:
        if _macro(line):
            return PLAN_LINE  # "First, move the top two disks from peg A to peg B."
        found = [s for s in sentences if s.kind == WEAK]
        raws = [raw for s in found for raw in s.raws]
        forms = [form for s in found for form in s.forms]
        negated = next((s.negated for s in sentences if s.negated), "")
        hedged = next((s.hedged for s in found if s.hedged), "")
        uncertain = next((s.uncertain for s in found if s.uncertain), "")
        return Line(
            WEAK, raws, _form(forms), "", False, negated=negated, hedged=hedged, uncertain=uncertain
        )
    if BROKEN in kinds:
        return BROKEN_LINE._replace(remark=next(s.broken for s in sentences if s.broken))
    if NEGATED in kinds:
        return _NEGATED_LINE._replace(negated=next(s.negated for s in sentences if s.negated))
    if ABANDON in kinds or abandons(line):
        return ABANDON_LINE
    numbered = _NUMBERED_WORDS.match(line)
    if numbered is not None:  # "12. ok": a list item of words, or a move and a remark
        doubt = f"{line.strip()!r} may be a list item or a move"
        words = line[numbered.end() :].strip()
        return Line(
            BARE,
            [Raw(None, *numbered.group(1, 2))],
            "compact",
            words,
            False,
            uncertain=doubt,
            plan=_macro(line),  # "10. Move the top two disks to B": a plan's step, if words
        )
    if _macro(line):
        return PLAN_LINE
    return PROSE_LINE


#: A sentence that moves several disks at once: "Move the top 2 disks from A to B", "Transfer
#: the n-1 smaller disks to B", "Move disks 1 and 2 to C", "Move the 2-disk tower to B",
#: "Transfer them from B to C".
_MACRO = LazyPattern(
    r"""(?:move|moving|transfer|transferring|shift|shifting|bring|take|put|place|relocate)
    \s{1,3}(?:all\s{1,3}|both\s{1,3})?(?:(?:the|these|those|rest\s{1,3}of\s{1,3}the)\s{1,3})?
    (?:(?:top|upper|smaller|small|first|remaining|other|last|\d{1,3}|two|three|four|five|six
      |seven|eight|nine|ten|n|k|m|n\s{0,2}[-−–]\s{0,2}\d|\S{1,6}-dis[ck])\s{1,3}){0,3}
    (?:dis[ck]s|rings|tower|stack|sub-?tower|pile)\b
  | (?:move|moving|transfer|transferring|shift|shifting|bring|put|place|relocate)
    \s{1,3}(?:them|the\s{1,3}rest|all\s{1,3}of\s{1,3}them|everything|the\s{1,3}others)\b""",
    re.IGNORECASE | re.VERBOSE,
)
PLAN_LINE = Line(PROSE, [], None, "", False, plan=True)
#: A step of several disks as the heading of its moves, on one line: "Move the top two disks
#: from A to B: A->C, ...", "To move 2 disks from A to B:", "Top two disks to B:", "Sub-tower
#: A->B:", "hanoi(2, A, B, C):".
_MACRO_HEADING = LazyPattern(
    rf"""(?:(?:to|in\s{{1,3}}order\s{{1,3}}to)\s{{1,3}})?(?:{_MACRO.pattern})[^:\n]{{0,60}}:
      | [^:\n]{{0,40}}?\b(?:dis[ck]s|rings|sub-?towers?)\b[^:\n]{{0,40}}:
      | [^:\n]{{0,30}}?\b\w{{1,20}}\(\s{{0,2}}\d{{1,3}}\s{{0,2}},[^()\n]{{0,40}}\)[^:\n]{{0,9}}:""",
    re.IGNORECASE | re.VERBOSE,
)


def _macro(sentence: str) -> bool:
    """Whether ``sentence`` opens (after its lead) by moving several disks at once."""
    lead = LEAD.match(sentence)
    return _macro_at(sentence, lead.end() if lead else 0)


def _macro_at(sentence: str, start: int) -> bool:
    """Whether ``sentence`` moves several disks at once from ``start`` on (its lead's end)."""
    found = _MACRO.match(sentence, start)
    return found is not None and _ONE_OF.search(found.group(0)) is None


#: Words one of which every sentence that names a puzzle's size or several disks holds.
_SEVERAL = re.compile(
    "disks|discs|rings|-dis|tower|stack|pile|them|rest|everything|others|puzzle|problem|case"
    "|instance|game|task"
)


#: One disk among several: "the smallest of the three disks".
_ONE_OF = re.compile(r"\bof\s{1,3}(?:the|all|these|those)\b", re.IGNORECASE)


#: "(2) A->B": a list number in parentheses, not a remark.
_NUMBER_IN_PARENTHESES = re.compile(r"\s*\(\d{1,4}\)")


def _sentences(line: str) -> list[str]:
    """The sentences of a line; no sentence ends inside parentheses ("C->B (vs. C->A)")."""
    if "(" not in line:
        return _SENTENCE_END.split(line)
    pieces: list[str] = []
    start = 0
    depth = 0
    scanned = 0
    for end in _SENTENCE_END.finditer(line):
        for char in line[scanned : end.start()]:
            depth += (char == "(") - (char == ")") if char in "()" else 0
        scanned = end.start()
        if depth <= 0:
            pieces.append(line[start : end.start()])
            start = end.end()
    pieces.append(line[start:])
    return pieces


def _moves_line(sentences: list[_Sentence]) -> Line:
    raws: list[Raw] = []
    forms: list[str] = []
    remarks: list[str] = []
    hedged = uncertain = negated = broken = label = told = ""
    gives_up = False
    for sentence in sentences:
        if broken:  # after a move that cannot be read, the line says nothing more
            break
        if sentence.kind == MOVES:
            uncertain = uncertain or told
            if not raws:
                label = sentence.label or label  # (or the sentence before: "Option 1. A->C")
            raws.extend(sentence.raws)
            forms.extend(sentence.forms)
            if sentence.remark:
                remarks.append(sentence.remark)
            hedged = hedged or sentence.hedged
            uncertain = uncertain or sentence.uncertain
            broken = sentence.broken
        elif sentence.kind == WEAK:  # a move mentioned in prose beside moves: which is it?
            uncertain = uncertain or "a move mentioned in a sentence beside the moves"
        elif sentence.kind == BROKEN:
            broken = sentence.broken
        elif sentence.kind in (PROSE, ABANDON):
            if sentence.remark and _macro(sentence.remark):
                return PLAN_LINE  # "First move the top 2 disks to B. Then move A->C. ...": a plan
            if sentence.told:
                # "First, disk 1 goes from A to B. Then move disk 2 from A to C.": a step
                # that the reader cannot read, unless a remark after the last move
                told = told or f"a move told in words beside the moves: {sentence.remark[:40]!r}"
                if not raws or _SEQUENCE_LEAD.match(sentence.remark):
                    uncertain = uncertain or told
            remarks.append(sentence.remark)
            if not raws:
                label = sentence.label
        negated = negated or sentence.negated
        gives_up = gives_up or sentence.abandons
    if len(raws) > 1:
        raws, forms = _unrestated(raws, forms)
    remark = " ".join(r for r in remarks if r)
    labels = bool(forms) and all(form in ("library", "library-like") for form in forms)
    return Line(
        MOVES, raws, _form(forms), remark, labels, gives_up or abandons(remark),
        hedged, uncertain, negated, broken, label,
    )  # fmt: skip


def _unrestated(raws: list[Raw], forms: list[str]) -> tuple[list[Raw], list[str]]:
    """The moves of a line without a move said again right after it in other words.

    "A->C. Move disk 1 from A to C.": one move (the same move twice in a row is never legal:
    the second would put a larger disk on the first). Written alike (the same form, a disk
    named in both or in neither), both are read.
    """
    kept_raws, kept_forms = raws[:1], forms[:1]
    for raw, form in zip(raws[1:], forms[1:], strict=True):
        last = kept_raws[-1]
        otherwise = form != kept_forms[-1] or (raw.disk is None) != (last.disk is None)
        if otherwise and same_move(raw, last):
            continue
        kept_raws.append(raw)
        kept_forms.append(form)
    return kept_raws, kept_forms


def _form(forms: list[str]) -> str | None:
    first = forms[0] if forms else None
    return first if all(form == first for form in forms) else None


_ANSWER_NUMBER = LazyPattern(rf"\b{ANSWER_WORD}\s{{1,3}}\#?\d", re.IGNORECASE)
#: A lead that numbers one of several answers, whatever follows its number ("Option 1 -").
_NUMBERS_ANSWER = LazyPattern(rf"[\s>#*•-]{{0,6}}{ANSWER_WORD}\s{{1,3}}{INDEX}\b", re.IGNORECASE)
_SHORTEST_NUMBERED_ANSWER = 5  # characters before the move: "Try 1 " is one more


def _sentence(text: str) -> _Sentence:
    """The reading of one sentence of a line; its answer label, if its lead is one."""
    lead = LEAD.match(text)
    start = lead.end() if lead else 0
    labelled = 0
    head = text[:80].lower()  # a label names the answer: most sentences are spared the look
    if (
        "moves" in head
        or "answer" in head
        or "solution" in head
        or "sequence" in head
        or (":" in head and _ANSWER_NUMBER.search(head) is not None)  # "Option 2:"
    ):
        labelled = answer_label(text)  # "In summary, the solution is:" (more than a lead)
    if not labelled and "move" in head:
        labelled = part_label(text)  # "Moves so far:", "Next move:"
    if not labelled and start > _SHORTEST_NUMBERED_ANSWER and _NUMBERS_ANSWER.match(text, 0, start):
        labelled = start  # "Option 1 - A -> C", "Option B = ...": one of several answers
    several = _SEVERAL.search(head) is not None  # (most sentences have none of these words)
    if not labelled and (several or "=" in head or "target" in head or "goal" in head):
        labelled = size_label(text, start)  # "For 2 disks it would be:": moves of some puzzle
    if labelled > start:
        more = LEAD.match(text, labelled)
        start = more.end() if more else labelled
    elif several and ":" not in head and _macro_at(text, start):
        return _Sentence(PROSE, remark=text.strip())  # "Move the tower A -> C.": a plan's step
    elif (
        ":" in head
        and (several or "(" in head)
        and (heading := _MACRO_HEADING.match(text, start)) is not None
    ):
        # "Move the top two disks from A to B: A->C, A->B, C->B": the moves of a heading
        more = LEAD.match(text, heading.end())
        start = more.end() if more else heading.end()
    read = _read_sentence(text, start)
    if labelled and read.kind == MOVES:
        return read._replace(label=text[:labelled].strip())
    return read


def _read_sentence(text: str, start: int) -> _Sentence:
    """The reading of one sentence whose lead ends at ``start``."""
    found = mentions(text[start:])
    if not found and start and text.lstrip()[:1] == "0":
        whole = mentions(text)  # "01. ok" on four posts: a move (no list numbers from 0)
        if whole and whole[0].start < start:
            start, found = 0, whole
    if not found:
        return _without_moves(text, start)
    if found[0].form == "compact" and text[start + found[0].start].isdigit():
        after = _STEP_NUMBER.match(text, start + found[0].start)  # "10: Move disk 1 ...": step 10
        if after is None and len(found) > 1 and found[1].strong:
            after = _PIPE_NUMBER.match(text, start + found[0].start)  # "01 | 0 -> 2": step 01
        if after is not None and len(found) > 1 and after.end() >= start + found[1].start:
            found = found[1:]
        elif after is not None and len(found) == 1 and _half_arrow(text, after.end()):
            return _Sentence(BROKEN, broken=text[start:].strip()[:80])
    offset = start
    before = text[start : offset + found[0].start]
    if PLACEHOLDER_ARROW.match(before):  # "? -> C, then C -> B": its first move is unreadable
        return _Sentence(BROKEN, broken=text[start:].strip()[:80])
    if not _PUNCTUATION.match(before) and not _STEP_NUMBER.fullmatch(before):
        return _numbered(text, start, found, before)
    raws: list[Raw] = []
    forms: list[str] = []
    hedged = uncertain = ""
    last = found[0]
    raws.append(last.raw)
    forms.append(last.written)
    for mention in found[1:]:
        gap = text[offset + last.end : offset + mention.start]
        if (
            same_move(mention.raw, last.raw)
            and (_OPENS_REMARK.match(gap) or _is_glue(gap))
            and _written(text, offset, mention) != _written(text, offset, last)
        ):
            last = mention  # "A->C: move disk 1 from A to C": the move said again
            continue
        if _is_glue(gap):
            pass
        elif _HEDGE.search(gap) and GLUE.fullmatch(_HEDGE.sub(" ", gap).replace("(", " ")):
            hedged = hedged or f"{gap.strip()!r} between two moves"
        elif BEGUN.search(gap):
            broken = gap.strip()
            return _Sentence(MOVES, raws, forms, "", hedged, uncertain, broken=broken)
        elif _OPENS_REMARK.match(gap) and not _has_connector(gap):
            tail = text[offset + last.end :]
            return _closing(raws, forms, tail, hedged, uncertain, all_weak(found))
        else:
            uncertain = uncertain or f"{gap.strip()!r} between two moves"
        raws.append(mention.raw)
        forms.append(mention.written)
        last = mention
    if "either" in text[:start].lower() and _EITHER.search(text, 0, start):
        hedged = hedged or "'either' before the moves"
    tail = text[offset + last.end :]
    if _PERSON.search(text[:start]) and _WORDS_AFTER.match(tail):
        return _in_prose(text, 0, found, start)  # "We must move disk 3 from A to C at some point"
    return _closing(raws, forms, tail, hedged, uncertain, all_weak(found))


#: A lead that numbers the line by something else than a list number or "Step N": "Step B:",
#: "Move two:", "Step III.", "Option B:", "Attempt two:", "t=1:", "t = 2:", "1 |".
_INDEX_LEAD = LazyPattern(
    rf"""[(\[]?\s{{0,2}}(?:
      (?!(?:dis[ck]s?|rings?|pieces?|pegs?|rods?|posts?|towers?|poles?|stacks?|columns?|needles?
        |pins?|pillars?|spindles?|sticks?|not|never|then|and|or|so|from|to|is|are|was|be)\b)
      (?P<word>[^\W\d_]{{2,15}})\.?\s{{1,3}}(?:no\.\s{{0,2}}|number\s{{1,3}})?{INDEX}
      (?:\s{{0,3}}(?:/|of)\s{{0,3}}\w{{1,8}})?\s{{0,2}}[)\]]?
      (?:\s{{0,3}}[:.)|=\-–—]|\s{{1,3}}(?P<verb>is|are|(?:would|will)\s{{1,3}}be)\s{{0,3}}:?(?=\s))
     |[^\W\d_]{{1,10}}\s{{0,3}}=\s{{0,3}}\d{{1,4}}\s{{0,2}}[)\]]?\s{{0,3}}[:.)|,\-–—]?
     |\d{{1,4}}\s{{0,3}}\|
    )[\s"'`*_(\[{{]*""",
    re.IGNORECASE | re.VERBOSE,
)
_ANSWER_WORD = LazyPattern(ANSWER_WORD, re.IGNORECASE)
#: What may end a lead after its mark (the pattern's last part), and a length no lead without
#: it reaches (the pattern's longest match is 76 characters): longer words are prose at once.
_LEAD_END = " \t\r\n\f\v\"'`*_([{"
_LONGEST_LEAD = 80


def _index_lead(before: str) -> str | None:
    """Whether the words before a line's first move number it (:data:`_INDEX_LEAD`).

    ``None``: they do not (prose); ``""``: they number a step ("Step B:", "t=1:", "1 |");
    else the lead itself, which numbers one of several answers ("Option B:", "Attempt two:").
    """
    if (len(before) > _LONGEST_LEAD and len(before.rstrip(_LEAD_END)) > _LONGEST_LEAD) or not (
        ":" in before
        or "|" in before
        or "=" in before
        or "." in before
        or ")" in before
        or "-" in before
        or "–" in before
        or "—" in before
        or " is " in before
        or " be " in before
        or " are " in before
    ):
        return None
    found = _INDEX_LEAD.fullmatch(before)
    if found is None:
        return None
    word = found.group("word")
    if word and _ANSWER_WORD.fullmatch(word):
        return before.strip()
    return None if found.group("verb") else ""  # ("Option 2 is A->C", not "This one is A->C")


def _numbered(text: str, start: int, found: list[Mention], before: str) -> _Sentence:
    """The sentence read after words before its first move: a lead that numbers it, or prose.

    "Step B: A -> C" is read as "Step 2: A -> C", "Option B: A -> C" as "Option 2: A -> C"
    (:func:`_index_lead`); other words make the moves mentions in prose.
    """
    lead = _index_lead(before)
    if lead is None and not found[0].strong:  # "Step II: S -> I" ("II": a weak mention)
        first = next((m for m in found if m.strong), None)
        lead = _index_lead(text[start : start + first.start]) if first else None
        before = text[start : start + first.start] if first else before
    if lead is None:
        return _in_prose(text, start, found)
    read = _read_sentence(text, start + len(before))
    return read._replace(label=lead) if lead and read.kind == MOVES else read


def _written(text: str, offset: int, mention: Mention) -> str:
    """A move as written, case and spaces aside: "A -> C" and "a->c" are written alike."""
    return "".join(text[offset + mention.start : offset + mention.end].lower().split())


def _is_glue(gap: str) -> bool:
    """``GLUE.fullmatch(gap)``, remembered: a line of moves repeats one separator."""
    known = _GLUE_GAPS.get(gap)
    if known is None:
        if len(_GLUE_GAPS) >= 1024:
            _GLUE_GAPS.clear()
        known = _GLUE_GAPS[gap] = GLUE.fullmatch(gap) is not None
    return known


_GLUE_GAPS: dict[str, bool] = {}


def all_weak(found: list[Mention]) -> bool:
    return not any(mention.strong for mention in found)


def _has_connector(gap: str) -> bool:
    return re.search(rf"\b{_CONNECTOR}\b", gap, re.IGNORECASE) is not None


#: What may stand between a move and the next one in a sentence: separators and connectors.
_TAIL_LEAD = re.compile(
    rf"(?:[\s,;:&|→⇒⟹]|-{{1,2}}>|=>|<br\s{{0,2}}/?>|{_CONNECTOR}\b)*", re.IGNORECASE
)


def _closing(
    raws: list[Raw], forms: list[str], tail: str, hedged: str, uncertain: str, weak: bool
) -> _Sentence:
    """A sentence of moves and what follows its last move."""
    # (most tails are empty or a final stop: no move can begin in fewer than two characters)
    lead = _TAIL_LEAD.match(tail) if len(tail.strip(_FINAL_SPACES)) > 1 else None
    start = lead.end() if lead else 0
    if lead is not None and (BEGUN.match(tail, start) or _half_arrow(tail, start)):
        # "A->C, then move disk 2 from.", "A->C, then A->": a last move that cannot be read
        broken = tail[start : start + 80].strip()
        return _Sentence(MOVES, raws, forms, "", hedged, uncertain, broken=broken)
    remark = tail.strip().rstrip(_FINAL)
    if remark and _WRONG_AFTER.match(tail):
        uncertain = uncertain or f"the move is followed by {remark[:40]!r}"
    elif remark and _corrects(remark) and mentions(remark):
        # "C->A - no wait, A->B", "C->A (correction: C->B)": which move is meant?
        uncertain = uncertain or f"the move is corrected after it: {remark[:40]!r}"
    elif remark and raws and names_another(remark, raws[-1]):
        # "A->C (A->B)", "Move disk 1 from Peg 1 to Peg 3 (D->E)": which move is meant?
        uncertain = uncertain or f"the move is followed by another move: {remark[:40]!r}"
    if remark and weak and not weak_remark(tail) and not GLUE.fullmatch(tail):
        return _Sentence(PROSE, remark=tail.strip())  # "A C is a word": not moves
    gives_up = bool(tail.strip()) and abandons(tail)
    return _Sentence(MOVES, raws, forms, remark or ("..." if gives_up else ""), hedged, uncertain,
                     abandons=gives_up)  # fmt: skip


#: A word that shows a move in a remark as one not made: "(not A->B)", "(instead of A->B)".
_NOT_MADE = re.compile(
    r"\b(?:not|never|no|instead\s{1,3}of|rather\s{1,3}than|don'?t|avoid(?:ing)?|undo(?:es|ing)?|"
    r"reverses?|blocked|illegal)\b",
    re.IGNORECASE,
)


def names_another(
    remark: str, last: Raw, naming: PegNames | None = None, numbered: PegNames | None = None
) -> bool:
    """Whether a remark after a move names a move that cannot be the same one.

    "A->C (1->3)" and "A->C (move disk 1 from A to C)" say the move again (in some naming);
    "A->C (A->B)" or a move of other pegs in any naming offers another move beside it. A move
    shown as one not made ("(not A->B)", "(instead of A->B)") is a remark. With ``naming``, the
    naming the reading settled on, the move is read in it (see :func:`_may_be_same`):
    ``[[2, 1, 2]] (A->B)`` with pegs numbered from 0 is B->C beside A->B; with ``numbered``
    (how the puzzle numbers its pegs, when it says), so are numbers in the remark.
    """
    for mention in mentions(remark):
        alone = not remark[: mention.start].strip("([{ ") and not remark[mention.end :].strip(
            ")]}. "
        )  # "(3 4)": a weak form alone in brackets is a move too
        if not (mention.strong or alone) or _NOT_MADE.search(remark, 0, mention.start):
            continue
        if not _may_be_same(mention.raw, last, naming, numbered):
            return True
    return False


def _readings(raw: Raw, naming: PegNames | None = None) -> set[tuple[int, int]] | None:
    """The (source, target) a raw move may stand for, each in one naming (``None``: any).

    With ``naming``, a move written in its kind of names (numbers, letters) is read in it.
    """
    source, target = raw.source.strip().upper(), raw.target.strip().upper()
    if source.isdecimal() and target.isdecimal():
        first, second = int(source), int(target)
        if naming in (PegNames.ZERO, PegNames.SID):  # (S, I, D read numbers from 0)
            return {(first, second)}
        if naming is PegNames.ONE:
            return {(first - 1, second - 1)}
        return {(first, second), (first - 1, second - 1)}  # numbers from 0, from 1
    if len(source) == len(target) == 1 and "A" <= source <= "Z" and "A" <= target <= "Z":
        found = {(ord(source) - ord("A"), ord(target) - ord("A"))}
        if source in "SID" and target in "SID":
            sid = ("SID".index(source), "SID".index(target))
            if naming is PegNames.SID:
                return {sid}
            if naming is not PegNames.LETTERS:
                found.add(sid)
        return found
    return None


def _numbers(raw: Raw) -> bool:
    return raw.source.strip().isdecimal() and raw.target.strip().isdecimal()


def _may_be_same(
    one: Raw, other: Raw, naming: PegNames | None = None, numbered: PegNames | None = None
) -> bool:
    """Whether two raw moves may name the same move, each read in some naming of its pegs.

    With ``naming``, ``other`` is read in it, and so is ``one`` if both write numbers: an
    answer numbers its pegs one way (``[[1, 0, 1]] (1 2)`` with pegs from 0 names two moves);
    else numbers in ``one`` are read as ``numbered`` says, if it is given (the puzzle's own
    numbering: ``B->C (Move disk 1 from Peg 1 to Peg 2)`` with pegs from 1 names two moves).
    Letters may still be S, I, D or A, B, C.
    """
    if one.disk is not None and other.disk is not None and one.disk != other.disk:
        return False
    numbers = naming if _numbers(one) and _numbers(other) else numbered
    mine, theirs = _readings(one, numbers), _readings(other, naming)
    return mine is None or theirs is None or bool(mine & theirs)


#: Words that take back what was just said: "no, I mean", "sorry", "make that", "my bad".
_TAKEN_BACK = LazyPattern(
    r"^\W{0,4}(?:no|nope|err?|erm|um|uh)\b\s{0,2}[,:;.!—–-]|\b(?:I\s{1,3}mean[t]?|sorry|"
    r"make\s{1,3}that|my\s{1,3}bad|typo|misspoke|misspelled|mis-?typed|I\s{1,3}meant)\b",
    re.IGNORECASE,
)


def _corrects(remark: str) -> bool:
    """Whether a remark after a move takes it back ("wait", "no, I mean", "correction:")."""
    return (
        admits_error(remark)
        or cue_of(remark) == "correction"
        or _TAKEN_BACK.search(remark) is not None
    )


_FINAL = ".,;:!"  # final punctuation after a move is no remark
_FINAL_SPACES = _FINAL + " \t\r"

_REMARK_OPENERS = frozenset("([{—–-‒:;,.!?#/<=←|~\"'")


def weak_remark(tail: str) -> bool:
    """After a weak form (``A C``, ``SD``), only a remark opened by a symbol: not a word."""
    first = tail.lstrip()[:1]
    return not first or first in _REMARK_OPENERS or not (first.isascii() or first.isalnum())


#: A disk word just before a move's number: the number is the disk ("Disk 1 -> Peg 3").
_DISK_BEFORE = re.compile(r"\b(?:disk|disc|ring)\s{0,3}(?:\#|no\.)?\s{0,3}$", re.IGNORECASE)


def _in_prose(text: str, start: int, found: list[Mention], offset: int | None = None) -> _Sentence:
    """Moves mentioned inside other words: weak, negated, or not moves at all.

    ``found`` are the mentions in ``text[offset:]`` (``offset``: ``start`` unless given).
    """
    if offset is None:
        offset = start
    strong = [
        m._replace(start=m.start + offset - start, end=m.end + offset - start)
        for m in found
        if m.strong
    ]
    if not strong:
        unread = _without_moves(text, start)
        tells = unread.kind == PROSE and any(m.form == "move" for m in found)
        return unread._replace(told=True) if tells else unread
    words = text[: start + strong[0].start]
    if _NEGATION.search(words):
        return _Sentence(NEGATED, negated=text.strip()[:80])
    if strong[0].raw.source.isdigit() and _DISK_BEFORE.search(words):
        # "Disk 1 -> Peg 3": the number is the disk's; the move names its target only
        return _Sentence(BROKEN, broken=text.strip()[:80])
    if BEGUN.search(text[start : start + strong[0].start]):
        return _Sentence(BROKEN, broken=text.strip()[:80])
    if (
        _SEQUENCED.search(words)
        and len(strong) == len(found)
        and cue_of(words) is None
        and not _STATE.search(words[: len(words) - _lead_in(words)])
    ):
        # "To solve it, first move disk 1 from A to C": the words lead into the first move
        moves = _sentence(text[start + strong[0].start - _lead_in(words) :])
        if moves.kind == MOVES:
            return moves._replace(remark=" ".join(filter(None, (words.strip(), moves.remark))))
    hedged = (_EITHER.search(words) is not None and "'either' before the moves") or ""
    raws = [mention.raw for mention in strong]
    forms = [mention.written for mention in strong]
    gaps = [text[start + a.end : start + b.start] for a, b in itertools.pairwise(strong)]
    for gap in gaps:
        if _HEDGE.search(gap):
            hedged = hedged or f"{gap.strip()!r} between two moves"
    left_out = next(
        (m for m in found if not m.strong and m.form == "move" and m.start < strong[-1].start),
        None,
    )
    # "First, shift the top of S onto I; next, move disk 2 from S to D": a step left unread
    told = f"{left_out.raw.source} -> {left_out.raw.target}" if left_out else ""
    uncertain = f"a move told in words among the moves: {told}" if told else ""
    return _Sentence(WEAK, raws, forms, hedged=hedged, uncertain=uncertain)


#: A sentence that opens as a step of a sequence: "Then", "Next,", "After that,", "Finally,".
_SEQUENCE_LEAD = LazyPattern(
    rf"[\s*_-]{{0,4}}(?:{_CONNECTOR}|{_ORDINAL})\b", re.IGNORECASE | re.VERBOSE
)


#: Words that make the move after them a statement of what is so: "The whole tower is now
#: moved from A to C", "disks 1 and 2 have then moved from A to B".
_STATE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|been|be|gets?|got)\s{1,3}(?:(?:all|already|also)\s{1,3})?$",
    re.IGNORECASE,
)


def _half_arrow(text: str, start: int) -> bool:
    """Whether ``text[start:]`` is an arrow to no peg: ``C->?``, ``Peg A -> Peg ??``."""
    return _ARROW_MARK.search(text, start) is not None and bool(HALF_ARROW.fullmatch(text, start))


_ARROW_MARK = re.compile("[>→⟶➔➜➙➝➞⇒⟹↦⟼]")


def _without_moves(text: str, start: int) -> _Sentence:
    rest = text[start:]
    if BEGUN.match(rest.lstrip()) or _half_arrow(text, start):
        return _Sentence(BROKEN, broken=rest.strip()[:80])
    if abandons(text):
        return _Sentence(ABANDON, remark=text.strip(), abandons=True)
    if not rest.strip():
        return _Sentence(BLANK)
    lead = _index_lead(rest)
    if lead == "":
        return _Sentence(BLANK)  # ("Step C." before "Move disk 1 ...": as "Step 3." is)
    return _Sentence(PROSE, remark=text.strip(), label=lead or "")  # ("Option 1." before moves)
