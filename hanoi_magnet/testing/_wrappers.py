"""What models put around an answer, and the ways an answer goes wrong.

Around: prose before and after, reasoning in ``<think>`` (with drafts of other moves in it),
``<answer>`` tags, fences. Wrong: the text cut off inside a move, an attempt abandoned and
started over, a draft and a final answer, a recap of the first moves, a broken move, and the
hedges a careful reader refuses to choose between. Encodings: a byte-order mark, NUL,
zero-width characters, no-break spaces, full-width and Arabic-Indic digits, smart quotes.
"""

from __future__ import annotations

from hanoi_magnet.testing._choices import Chooser

BEFORE = (
    "Here is the solution:",
    "Sure! Let's solve this step by step.",
    "The optimal solution takes {count} moves:",
    "**Solution**",
    "Answer:",
    "Let me think about this carefully before answering.",
    "I'll solve it recursively: clear the smaller disks, move the largest, then rebuild.",
    "Final answer:",
    "Step 1: move from 2 to 3 disks in my head, then write the moves out.",
)
AFTER = (
    "That's {count} moves in total.",
    "All disks are now on the goal peg.",
    "This is optimal.",
    "Let me know if you want an explanation of each step!",
    "Each move is legal: no disk ever lands on a smaller one.",
)
#: Prose with a word of two capital letters, which a line of moves could read as a move from
#: peg O to peg K: only where no peg has those letters (ten posts or fewer).
CAPITALS_BEFORE = ("OK, here is the solution:", "OK.", "NO problem. Here are the moves:")
CAPITALS_AFTER = ("OK?", "Hope this helps, OK?", "Done. OK")
CAPITALS_POSTS = 10
THINKING = (
    "The goal is to move the tower. The recursive idea: smaller disks aside first.",
    "Let me count: with {count} moves this should be optimal.",
    "Hmm, which peg should the smallest disk go to first? Let me check parity.",
)
RESTARTS = (
    "Wait, that's wrong. Let me start over.",
    "Actually, let me redo this:",
    "Oops, I made a mistake. Corrected sequence:",
    "Hmm, that doesn't work. Let me try again:",
    "Scratch that. Final answer:",
    "Correction:",
    "No wait, that move is illegal. Revised solution:",
)
#: Marks after (or before) a move: a cross calls it wrong, a check mark approves it.
CROSSES = ("❌", "✗", "✘", "✖")
CHECKS = ("✅", "✓", "✔")
#: A sentence after the moves that takes them back ({move}: another move), and sentences that
#: take nothing back.
RETRACTIONS = (
    "Wait, that is wrong: it should be {move}.",
    "Oops, the last move is a mistake; it should be {move}.",
    "Instead, {move}.",
    "Hmm, these moves are wrong.",
    "Actually, that's not right.",
)
KEPT = (
    "None of the moves is wrong.",
    "I checked each one: no move is illegal.",
    "Actually, that is the shortest way.",
)
#: Headings over moves already made, then over the moves still to make from there.
SO_FAR = ("Moves so far:", "Previous moves:", "Moves already made:")
FROM_HERE = ("Next moves:", "Remaining moves:", "Moves left:")
DRAFTS = ("Draft:", "First attempt:", "Rough idea:")
FINALS = ("Final answer:", "The corrected final sequence:", "So the final answer is:")
RECAPS = ("To recap, the first moves are ", "In short, it starts with ", "Recap: we begin with ")
#: Labels that state the whole answer again after the moves: the same moves are a recap,
#: others (fewer, or different) contradict them.
RESTATEMENTS = (
    "So the moves are: ",
    "The answer is: ",
    "Answer: ",
    "In summary, the solution is: ",
    "The complete sequence is: ",
    "Moves: ",
)
#: Labels that replace the moves before them.
FINAL_LABELS = ("Final answer: ", "Corrected sequence: ", "Revised solution: ")
OPTIONS = (("Option 1:", "Option 2:"), ("One way:", "Another way:"), ("Either:", "Or:"))
NEGATIONS = (
    "I would never {move}; that would be a blunder.",
    "Do not {move}, it loses time.",
    "You shouldn't {move} here.",
)


def encode(text: str, chooser: Chooser) -> tuple[str, str]:
    """``text`` with characters that change nothing for a reader; and what was done."""
    kind = chooser.choice(
        ("bom", "nul", "zero-width", "nbsp", "full-width digits", "arabic-indic digits",
         "smart quotes", "bom+zero-width")
    )  # fmt: skip
    if kind == "bom":
        return "\ufeff" + text, kind
    if kind == "nul":
        return "\x00" + text, kind
    if kind in ("zero-width", "bom+zero-width"):
        marks = ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff")
        out = []
        for char in text:
            out.append(char)
            if chooser.chance(4):
                out.append(chooser.choice(marks))
        text = "".join(out)
        return ("\ufeff" + text if kind == "bom+zero-width" else text), kind
    if kind == "nbsp":
        spaces = ("\u00a0", "\u202f", "\u2009", " ")
        return "".join(chooser.choice(spaces) if c == " " else c for c in text), kind
    if kind.endswith("digits"):
        zero = 0xFF10 if kind.startswith("full") else 0x0660
        return "".join(chr(zero + int(c)) if "0" <= c <= "9" else c for c in text), kind
    quotes = {'"': ("\u201c", "\u201d"), "'": ("\u2018", "\u2019")}
    out, opened = [], {'"': False, "'": False}
    for char in text:
        if char in quotes:
            out.append(quotes[char][opened[char]])
            opened[char] = not opened[char]
        else:
            out.append(char)
    return "".join(out), kind
