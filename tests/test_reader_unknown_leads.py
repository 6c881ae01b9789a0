"""Lines of one move after a lead the reader does not know are move lines (issue 32, item 1).

Found by the answer grammar once it numbered steps by times (``[00:01]``): a warm-up of another
size written ``T1: Disk 1 from A to B``, ``T2: ...`` (or ``a)``, ``➤``, ``[1/3]``, ``<1>``...)
before the answer's list was taken for moves mentioned in prose, which lose to move lines, so
the answer read with confidence where the grammar (and a careful human) cannot tell which size
the puzzle asks for. Such lines now make a run of move lines of their own: beside another
answer the reading is in doubt; alone, or after a cue that settles it ("Final answer:"), they
read as before.
"""

from __future__ import annotations

import itertools

import pytest

from hanoi_magnet.notation import extract_moves

#: Leads the reader knows nothing of, as models write them before steps.
LEADS = (
    "1️⃣ ", "T1: ", "a) ", "(a) ", "i. ", "> ", "-> ", "=> ", "~ ", "+ ", "◦ ", "▪ ", "➤ ",
    "✓ ", "#1) ", "1 - ", "[1/3] ", "{1} ", "<1> ", "1] ", "§1 ", "№1 ", "[00:01] ",
)  # fmt: skip
#: Moves of two disks on pegs A, B, C (a warm-up): disk 1 to B, disk 2 to C, disk 1 to C.
WARM_UP = ((1, "A", "B"), (2, "A", "C"), (1, "B", "C"))
#: The answer of three disks from A to C.
ANSWER = ((0, 2), (0, 1), (2, 1), (0, 2), (1, 0), (1, 2), (0, 2))
FORMS = (
    "Move disk {d} from {s} to {t}",
    "Disk {d} from {s} to {t}",
    "{s} -> {t}",
    "{s}→{t}",
)
LISTS = (
    "{k}. {s}->{t}",
    "Step {k}: Move disk {d} from {s} to {t}",
    "- {s} -> {t}",
)
HEADINGS = (
    ("The 2-disk case:", "With 3 disks:"),
    ("Warm-up with 2 disks:", "Now for our puzzle:"),
    ("For 2 disks it would be:", "For 3 disks:"),
)
_DISKS = {(0, 2): 1, (0, 1): 2, (2, 1): 1, (1, 0): 1, (1, 2): 2}


def _pairs(found) -> list[tuple[int, int]]:
    """The moves read, as (source, target) whether or not they name their disks."""
    return [(m.source, m.target) if hasattr(m, "source") else tuple(m) for m in found.moves]


def _led(lead: str, form: str, number: int) -> str:
    """The lead of the ``number``-th line: its digits counting the lines."""
    return lead.replace("1", str(number)).replace("(a)", f"({'abc'[number - 1]})") + form


def _warm_up(lead: str, form: str) -> str:
    return "\n".join(
        _led(lead, form.format(d=d, s=s, t=t), k) for k, (d, s, t) in enumerate(WARM_UP, 1)
    )


def _answer(shape: str) -> str:
    lines = []
    for k, (s, t) in enumerate(ANSWER, 1):
        disk = 3 if (s, t) == (0, 2) and k == 4 else _DISKS[(s, t)]
        lines.append(shape.format(k=k, d=disk, s="ABC"[s], t="ABC"[t]))
    return "\n".join(lines)


CASES = list(itertools.product(LEADS, FORMS, LISTS, HEADINGS))


@pytest.mark.parametrize(("lead", "form", "shape", "headings"), CASES)
def test_a_warm_up_after_unknown_leads_beside_the_answer_is_in_doubt(lead, form, shape, headings):
    warm, ours = headings
    text = f"{warm}\n{_warm_up(lead, form)}\n\n{ours}\n{_answer(shape)}\n"
    found = extract_moves(text)
    assert found.ambiguous or found.hedged, text


@pytest.mark.parametrize(("lead", "form"), list(itertools.product(LEADS, FORMS)))
def test_moves_after_unknown_leads_alone_are_the_answer(lead, form):
    text = "Here is my answer:\n" + _warm_up(lead, form) + "\nDone."
    found = extract_moves(text)
    assert _pairs(found) == [(0, 1), (0, 2), (1, 2)], text
    assert not found.ambiguous and not found.hedged, text


@pytest.mark.parametrize(("lead", "form"), list(itertools.product(LEADS, FORMS)))
def test_a_final_answer_after_a_draft_with_unknown_leads_is_the_answer(lead, form):
    text = f"Draft:\n{_warm_up(lead, form)}\n\nFinal answer:\n{_answer('{k}. {s}->{t}')}\n"
    found = extract_moves(text)
    assert _pairs(found) == list(ANSWER), text
    assert not found.ambiguous, text


def test_one_line_after_an_unknown_lead_stays_a_mention_in_prose():
    """A single such line beside a list is a remark, as any move mentioned in prose is."""
    text = f"T1: Disk 1 from A to B\n\n{_answer('{k}. {s}->{t}')}\n"
    found = extract_moves(text)
    assert _pairs(found) == list(ANSWER)
    assert not found.ambiguous
