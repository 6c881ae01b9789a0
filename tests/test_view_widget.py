"""The viewer widget's kernel side, with no browser: every trait, every kind of bad value.

The widget's front end is tested in Chromium (tests/browser/test_widget_browser.py, and in a
real JupyterLab in tests/browser/test_jupyterlab_browser.py); here the traitlets side. Every
trait is validated by traitlets (a refusal is a ``TraitError``, the value is kept, nothing else
changes), whether Python sets it or the page sends it; ``position`` is the kernel's (right
before any browser shows the widget); ``k`` (a Python integer of any size) travels as the
decimal string ``_k``; the answers to the page's questions are the server's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanoi_magnet import (
    ClassicRules,
    InvalidArgumentError,
    MagneticRules,
    Move,
    Solution,
    State,
    default_registry,
    solve,
)
from hanoi_magnet import search as hm_search
from hanoi_magnet.view import frame, graph_data, play_position, scene

pytest.importorskip("anywidget")

import traitlets

from hanoi_magnet.view import widget
from hanoi_magnet.view._widget import widget_css, widget_esm

SYNCED = ["rules", "n", "start", "goal", "mode", "position", "_k", "_markup"]


def traits(made: Any) -> dict[str, Any]:
    return {name: getattr(made, name) for name in [*SYNCED, "k"]}


class Page:
    """What the page sends (``set_state``, as the comm does) and what the kernel sends back."""

    def __init__(self, made: Any) -> None:
        self.made = made
        self.messages: list[dict[str, Any]] = []
        self.resent: list[Any] = []
        made.send = lambda content, buffers=None: self.messages.append(content)
        made.send_state = lambda key=None: self.resent.append(key)

    def sends(self, **changes: Any) -> None:
        self.made.set_state(changes)


# ---- every trait refuses each kind of bad value, from Python and from the page ----

BAD_VALUES = {
    "rules": [(5, "wrong type"), ("NOPE", "unknown"), ("", "malformed"), ("classic:9", "range")],
    "n": [
        ("5", "wrong type"),
        (2.5, "wrong type"),  # (2.0 is 2 to traitlets' Int)
        (True, "wrong type"),
        (-2, "range"),
        (1001, "range"),
        (5000, "range"),
    ],
    "start": [
        (3, "wrong type"),
        ("zzz", "malformed"),
        ("SSX", "malformed"),
        ("SSS/rrb", "illegal"),
        ("SSSS/rrrr", "illegal: 4 disks"),
    ],
    "goal": [(None, "wrong type"), ("SS/", "malformed"), ("DDD/rbr", "illegal")],
    "k": [
        ("5", "wrong type"),
        (2.5, "wrong type"),
        (True, "wrong type"),
        (12, "range"),
        (10**9, "range"),
        (-13, "range"),
        (10**5000, "range"),
    ],
    "mode": [(1, "wrong type"), ("weird", "illegal"), ("PLAY", "illegal")],
    "position": [
        (7, "wrong type"),
        ("", "malformed"),
        ("zzz", "malformed"),
        ("SSS/rrb", "illegal"),
        ("SS/rr", "illegal: 2 disks"),
    ],
    "_k": [
        ("abc", "malformed"),
        ("1e9", "malformed"),
        ("", "malformed"),
        ("12", "range"),
        ("-13", "range"),
        ("9" * 5000, "range"),
    ],
}
CASES = [(name, value, kind) for name, values in BAD_VALUES.items() for value, kind in values]
PAGE_CASES = [case for case in CASES if case[0] != "k"]  # the page sends _k, the text of k


def _id(case: tuple[str, Any, str]) -> str:
    name, value, kind = case
    shown = f"{value.bit_length()}-bit int" if isinstance(value, int) else repr(value)[:12]
    return f"{name}-{kind}-{shown}"


@pytest.mark.parametrize("mode", ["scrub", "play"])
@pytest.mark.parametrize("case", CASES, ids=[_id(case) for case in CASES])
def test_python_cannot_set_a_bad_value_and_nothing_changes(case, mode):
    name, value, _ = case
    made = widget("NNN", 3, k=5, mode=mode)
    before = traits(made)
    with pytest.raises(traitlets.TraitError) as refused:
        setattr(made, name, value)
    assert traits(made) == before
    message = str(refused.value)
    assert "\n" not in message and len(message) < 600
    if not message.startswith("The "):  # traitlets' own type errors begin so; ours are the API's
        assert isinstance(refused.value, InvalidArgumentError)


@pytest.mark.parametrize("case", PAGE_CASES, ids=[_id(case) for case in PAGE_CASES])
def test_the_page_cannot_send_a_bad_value_it_is_sent_back_with_the_reason(case):
    name, value, _ = case
    made = widget("NNN", 3, k=5)
    page = Page(made)
    before = traits(made)
    page.sends(**{name: value})  # the comm's handler: no exception escapes to the kernel log
    assert traits(made) == before
    assert page.resent == [[name]]  # the page is told the kept value
    assert page.messages[-1]["hanoi"] == "refused" and page.messages[-1]["error"]


def test_a_refused_change_from_the_page_rolls_back_the_changes_sent_with_it():
    made = widget("NNN", 3, k=5)
    page = Page(made)
    before = traits(made)
    page.sends(_k="7", position="DII/bbb", mode="play", start="SSX")
    assert traits(made) == before and page.resent == [["_k", "position", "mode", "start"]]


def test_good_values_are_read_back_canonical():
    made = widget("nnn", 3)
    assert made.rules == "NNN"
    made.rules = "arcs:SI,IS,ID,DI"  # the linear family, by its arcs
    assert made.rules == "linear"
    made.rules, made.n = "NNN", 3
    made.start = "S: 3r 2r | I: 1b | D: -"  # the long form
    assert made.start == "SSI/rrb"
    made.start = "SSS/rrr"  # the variant's own start
    assert made.start == ""
    made.k = -1  # counted from the end: read back as its place from the start
    assert made.k == 11 and made._k == "11"
    made._k = "-12"
    assert made.k == 0


# ---- the position is the kernel's, right before any browser ----


@pytest.mark.parametrize(
    ("label", "n"), [("NNN", 5), ("RBB", 6), ("classic", 7), ("classic:4", 5), ("linear", 4)]
)
def test_the_position_is_move_k_of_the_route_for_every_k(label, n):
    solution = solve(label, n)
    made = widget(solution)
    for k in range(solution.length + 1):
        made.k = k
        assert made.position == solution.unrank(k).format(compact=True)
        assert made._k == str(k) and made.mode == "scrub"


def test_the_position_at_huge_k_is_exact():
    solution = solve("NNN", 64)
    made = widget(solution, k=2**63)
    assert made.position == solution.unrank(2**63).format(compact=True)
    made._k = str(2**64)  # as the page sends it
    assert made.k == 2**64 and made.position == solution.unrank(2**64).format(compact=True)


def test_modes_from_python_and_from_the_page():
    made = widget("NNN", 3, mode="play")  # issue 34: this used to open (and read) scrub
    assert (made.mode, made.position) == ("play", "SSS/rrr")
    made.position = "IDD/brr"  # play on from a position
    made.mode = "scrub"
    assert made.position == solve("NNN", 3).unrank(made.k).format(compact=True)
    made.mode = "play"  # the game is where it was left
    assert made.position == "IDD/brr"
    made.k = 4  # scrubbing to k switches to scrub
    assert (made.mode, made.position) == ("scrub", solve("NNN", 3).unrank(4).format(compact=True))
    page = Page(made)
    page.sends(position="DII/bbb", mode="play")  # the reader played
    assert (made.mode, made.position) == ("play", "DII/bbb")
    page.sends(_k="7", position=solve("NNN", 3).unrank(7).format(compact=True), mode="scrub")
    assert (made.mode, made.k, made._k) == ("scrub", 7, "7")
    assert page.resent == [] and page.messages == []  # nothing refused, nothing echoed


def test_a_random_walk_of_changes_keeps_the_kernel_consistent():
    """Any sequence of changes from Python and the page: k in range, _k == str(k), the
    position legal, and in scrub mode exactly move k of the route."""
    rng = random.Random(34)
    made = widget("NNN", 4)
    page = Page(made)
    for _ in range(400):
        route = default_registry.solve(
            made.rules,
            made.n,
            start=State.parse(made.start) if made.start else None,
            goal=State.parse(made.goal) if made.goal else None,
        )
        rules = route.variant.rules
        here = State.parse(made.position)
        choice = rng.randrange(8)
        if choice == 0:
            made.k = rng.randint(-route.length - 1, route.length)
        elif choice == 1:
            made.mode = rng.choice(["scrub", "play"])
        elif choice == 2:
            made.position = rng.choice(
                [rules.apply(here, move) for move in rules.legal_moves(here)]
            ).format(compact=True)
        elif choice == 3 and made.n == 4:
            made.start = route.unrank(rng.randint(0, route.length)).format(compact=True)
        elif choice == 4:
            k = rng.randint(0, route.length)
            page.sends(_k=str(k), position=route.unrank(k).format(compact=True), mode="scrub")
        elif choice == 5:
            moved = rules.apply(here, rng.choice(rules.legal_moves(here)))
            page.sends(position=moved.format(compact=True), mode="play")
        elif choice == 6:
            made.n = rng.choice([3, 4])
        else:
            name, value, _ = rng.choice(CASES)  # bad for NNN 3 (some are good elsewhere)
            before = traits(made)
            try:
                setattr(made, name, value)
            except traitlets.TraitError:
                assert traits(made) == before
        route = default_registry.solve(
            made.rules,
            made.n,
            start=State.parse(made.start) if made.start else None,
            goal=State.parse(made.goal) if made.goal else None,
        )
        assert 0 <= made.k <= route.length and made._k == str(made.k)
        assert route.variant.rules.is_legal_state(State.parse(made.position))
        if made.mode == "scrub":
            assert made.position == route.unrank(made.k).format(compact=True)
    assert [m for m in page.messages if m.get("hanoi") == "refused"] == []


# ---- any Solution, path or State ----


def _subjects() -> list[tuple[str, Any]]:
    nnn = MagneticRules("NNN")
    four = ClassicRules(4)
    moves = [Move(1, 0, 2), Move(1, 2, 1), Move(2, 0, 2), Move(1, 1, 0), Move(1, 0, 2)]
    given = Solution.from_moves(default_registry.variant("classic"), 2, moves)  # not optimal
    return [
        ("solve", solve("RBN", 4)),
        ("solve with ends", default_registry.solve("NNN", 3, start=State.parse("SSI/rrb"))),
        (
            "search path",
            hm_search.shortest_path(nnn, State.parse("SSI/rrb"), State.parse("IDD/brr")),
        ),
        (
            "search on four pegs",
            hm_search.shortest_path(four, State.tower(4, posts=4), State.tower(4, 2, posts=4)),
        ),
        ("from moves", given),
        ("cyclic", solve("cyclic", 3)),
    ]


@pytest.mark.parametrize(("kind", "subject"), _subjects(), ids=[k for k, _ in _subjects()])
def test_any_solution_or_path_is_scrubbed_move_by_move(kind, subject):
    made = widget(subject)
    page = Page(made)
    start = subject.start
    assert State.parse(made.position) == start
    ends = {"from": made.start, "to": made.goal}
    made._handle_custom_msg({"hanoi": "ask", "id": 1, "what": "scene", "params": ends}, [])
    shown = page.messages[-1]["data"]
    assert shown["length"] == str(subject.length)
    assert shown["optimal"] is (kind != "from moves")
    for k in range(subject.length + 1):
        question = {"hanoi": "ask", "id": k, "what": "frame", "params": {**ends, "k": str(k)}}
        made._handle_custom_msg(question, [])
        assert page.messages[-1]["data"]["pos"] == subject.unrank(k).format(compact=True)
        made.k = k
        assert made.position == subject.unrank(k).format(compact=True)


def test_a_state_opens_play_from_it_under_the_rules_named():
    made = widget(State.parse("SSI/rrb"))
    assert (made.rules, made.n, made.mode, made.position) == ("NNN", 3, "play", "SSI/rrb")
    assert made.start == "SSI/rrb"
    assert widget(State.tower(2)).rules == "classic"
    assert widget(State.tower(2, posts=4)).rules == "classic:4"
    assert widget(State.parse("SSI/rrb"), label="RBN").rules == "RBN"
    assert widget("rbb", 2).rules == "RBB"  # the canonical spelling


def test_another_puzzle_starts_from_its_own_start_in_the_same_mode():
    made = widget(State.parse("SSI/rrb"))
    made.n = 4
    assert (made.start, made.goal, made.k, made.mode) == ("", "", 0, "play")
    assert made.position == "SSSS/rrrr" and 'data-n="4"' in made._markup
    made.rules = "RRR"  # no solution: still shown, at its start
    assert 'data-label="RRR"' in made._markup and made.position == "SSSS/rrrr"
    made.mode = "scrub"
    with pytest.raises(traitlets.TraitError, match="from 0 to 0"):
        made.k = 1


# ---- the kernel answers as the server does ----


def test_the_kernel_answers_as_the_server_does():
    made = widget("NNN", 3)
    page = Page(made)
    questions = [
        ("scene", {"from": "SSI/rrb"}, scene("NNN", 3, "SSI/rrb")),
        ("frame", {"k": "5", "to": "IDD/brr"}, frame("NNN", 3, 5, goal="IDD/brr")),
        ("position", {"pos": "SSI/rrb"}, play_position("NNN", 3, "SSI/rrb")),
        ("graph", {"to": ""}, graph_data("NNN", 3)),
    ]
    for number, (what, params, expected) in enumerate(questions):
        made._handle_custom_msg({"hanoi": "ask", "id": number, "what": what, "params": params}, [])
        assert page.messages[-1] == {"hanoi": "answer", "id": number, "data": expected}
    for number, (what, params, error) in enumerate(
        [
            ("frame", {"k": "99"}, "out of range"),
            ("frame", {"k": "1e9"}, "k must be an integer"),
            ("files", {}, "unknown question 'files'"),
            ("scene", ["from"], "must be an object"),
        ],
        start=9,
    ):
        made._handle_custom_msg({"hanoi": "ask", "id": number, "what": what, "params": params}, [])
        assert page.messages[-1]["id"] == number and error in page.messages[-1]["error"]
    made._handle_custom_msg({"something": "else"}, [])  # not ours: ignored
    assert len(page.messages) == 8


def test_refusals_are_one_line_errors():
    with pytest.raises(InvalidArgumentError, match="0 to 1,000 disks"):
        widget("NNN", 1001)
    with pytest.raises(InvalidArgumentError, match="a Solution, a path, a State or a label"):
        widget(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="k must be from 0 to 11"):
        widget("NNN", 3, k=12)
    with pytest.raises(InvalidArgumentError, match="expected any of"):
        widget("NNN", 3, mode="weird")
    with pytest.raises(InvalidArgumentError, match="no label has the rules"):
        widget(hm_search.shortest_path(MagneticRules("NNN", allowed=[(0, 1), (1, 2), (2, 0)]),
                                       State.parse("SS/rr"), State.parse("SS/rr")))  # fmt: skip
    with pytest.raises(InvalidArgumentError, match="expected an int"):
        widget("NNN", 3, k="5")  # type: ignore[arg-type]


def test_the_module_is_the_pages_script_and_the_styles_stay_inside():
    module = widget_esm()
    assert module.startswith("// The hanoi_magnet viewer") and "export default { render }" in module
    for line in widget_css().splitlines():
        assert line.startswith(".hanoi-widget"), line
