"""The viewer widget's Python side: traits synced both ways, the kernel's answers, the module.

The widget's front end is tested in Chromium (tests/browser/test_widget_browser.py); here the
traitlets side: ``k`` (a Python integer of any size) travels as the decimal string ``_k``,
another puzzle rebuilds the markup, and the answers to the page's questions are the server's.
"""

from __future__ import annotations

import pytest

from hanoi_magnet import InvalidArgumentError, State, default_registry, solve
from hanoi_magnet.view import frame, graph_data, play_position, scene

pytest.importorskip("anywidget")

from hanoi_magnet.view import widget
from hanoi_magnet.view._widget import widget_css, widget_esm


def test_k_is_synced_as_exact_text_both_ways():
    made = widget(solve("NNN", 64), k=2**63)
    assert made.k == 2**63 and made._k == str(2**63)  # JSON numbers would round it
    made.k = 2**63 + 1
    assert made._k == "9223372036854775809"
    made._k = "12345678901234567890"  # as the page sends it
    assert made.k == 12345678901234567890
    assert (made.rules, made.n, made.mode, made.start, made.goal) == ("NNN", 64, "scrub", "", "")


def test_a_state_opens_play_from_it_and_a_path_keeps_its_ends():
    made = widget(State.parse("SSI/rrb"))
    assert (made.rules, made.n, made.mode, made.position) == ("NNN", 3, "play", "SSI/rrb")
    assert 'data-mode="play"' in made._markup and 'data-from="SSI/rrb"' in made._markup
    path = default_registry.solve(
        "NNN", 3, start=State.parse("SSI/rrb"), goal=State.parse("IDD/brr")
    )
    between = widget(path)
    assert (between.start, between.goal) == ("SSI/rrb", "IDD/brr")
    assert widget(State.tower(2)).rules == "classic"
    assert widget(State.tower(2, posts=4)).rules == "classic:4"
    assert widget("rbb", 2).rules == "RBB"  # the canonical spelling


def test_another_puzzle_rebuilds_from_its_own_start():
    made = widget(State.parse("SSI/rrb"))
    made.n = 4
    assert (made.start, made.position, made.k) == ("", "", 0)
    assert 'data-n="4"' in made._markup and 'data-from=""' in made._markup
    made.rules = "RRR"  # no solution: still shown
    assert 'data-label="RRR"' in made._markup


def test_the_kernel_answers_as_the_server_does():
    made = widget("NNN", 3)
    sent = []
    made.send = lambda content, buffers=None: sent.append(content)
    questions = [
        ("scene", {"from": "SSI/rrb"}, scene("NNN", 3, "SSI/rrb")),
        ("frame", {"k": "5", "to": "IDD/brr"}, frame("NNN", 3, 5, goal="IDD/brr")),
        ("position", {"pos": "SSI/rrb"}, play_position("NNN", 3, "SSI/rrb")),
        ("graph", {"to": ""}, graph_data("NNN", 3)),
    ]
    for number, (what, params, expected) in enumerate(questions):
        made._handle_custom_msg({"hanoi": "ask", "id": number, "what": what, "params": params}, [])
        assert sent[-1] == {"hanoi": "answer", "id": number, "data": expected}
    made._handle_custom_msg({"hanoi": "ask", "id": 9, "what": "frame", "params": {"k": "99"}}, [])
    assert sent[-1]["id"] == 9 and "out of range" in sent[-1]["error"]
    made._handle_custom_msg({"hanoi": "ask", "id": 10, "what": "frame", "params": {"k": "1e9"}}, [])
    assert "k must be an integer" in sent[-1]["error"]
    made._handle_custom_msg({"hanoi": "ask", "id": 11, "what": "files", "params": {}}, [])
    assert "unknown question 'files'" in sent[-1]["error"]
    made._handle_custom_msg({"something": "else"}, [])  # not ours: ignored
    assert len(sent) == 7


def test_refusals_are_one_line_errors():
    with pytest.raises(InvalidArgumentError, match="0 to 1,000 disks"):
        widget("NNN", 1001)
    with pytest.raises(InvalidArgumentError, match="a Solution, a State or a label"):
        widget(3)  # type: ignore[arg-type]


def test_the_module_is_the_pages_script_and_the_styles_stay_inside():
    module = widget_esm()
    assert module.startswith("// The hanoi_magnet viewer") and "export default { render }" in module
    for line in widget_css().splitlines():
        assert line.startswith(".hanoi-widget"), line
