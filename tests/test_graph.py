"""The state graph and its exports, checked against brute force over the rules objects."""

from __future__ import annotations

import itertools
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hanoi_magnet import (
    ClassicRules,
    Color,
    InvalidArgumentError,
    MagneticRules,
    SearchLimitError,
    State,
    solve,
)
from hanoi_magnet.draw import graph_dot, graph_svg
from hanoi_magnet.search import shortest_path, state_graph
from hanoi_magnet.variants import SID_LABELS
from tests.oracle import reachable_states

SVG = "{http://www.w3.org/2000/svg}"
CYCLIC = ClassicRules(3, [(0, 1), (1, 2), (2, 0)])


def brute_force(rules, n):
    """(codes of the legal states, the set of moves as (code before, code after)), by asking
    the rules about every State that has a code."""
    base = 2 * rules.posts if rules.magnetic else rules.posts
    states = [
        state
        for code in range(base**n)
        if rules.is_legal_state(
            state := State.from_code(code, disks=n, posts=rules.posts, magnetic=rules.magnetic)
        )
    ]
    arcs = {
        (state.code, rules.apply(state, move).code)
        for state in states
        for move in rules.legal_moves(state)
    }
    return {state.code for state in states}, arcs


def graph_arcs(graph):
    arcs = set()
    for a, b, move in graph.edges():
        assert graph.rules.apply(graph.state(a), move) == graph.state(b)
        arcs.add((graph.code(a), graph.code(b)))
        if not graph.directed:
            arcs.add((graph.code(b), graph.code(a)))
    return arcs


@pytest.mark.parametrize("n", range(9))
def test_classic_graph_has_3_to_the_n_nodes_and_the_known_edge_count(n):
    graph = state_graph(ClassicRules(), n)
    assert len(graph) == 3**n
    assert graph.edge_count == 3 * (3**n - 1) // 2
    assert not graph.directed


@pytest.mark.parametrize(
    "rules",
    [
        ClassicRules(),
        ClassicRules(4),
        CYCLIC,
        ClassicRules(3, [(0, 1), (1, 0), (1, 2), (2, 1)]),
        *(MagneticRules(label) for label in SID_LABELS),
        MagneticRules("NRBN"),
    ],
    ids=repr,
)
@pytest.mark.parametrize("n", range(4))
def test_nodes_and_edges_are_the_legal_states_and_moves(rules, n):
    graph = state_graph(rules, n)
    codes, arcs = brute_force(rules, n)
    assert sorted(graph.code(node) for node in range(len(graph))) == sorted(codes)
    assert len(set(map(graph.code, range(len(graph))))) == len(graph)
    assert graph_arcs(graph) == arcs
    assert graph.edge_count == (len(arcs) if graph.directed else len(arcs) // 2)
    for node, state in enumerate(graph.states()):
        assert graph.node(state) == node and state.code == graph.code(node)


def test_one_way_moves_give_a_directed_graph():
    assert state_graph(CYCLIC, 3).directed
    assert state_graph(CYCLIC, 3).edge_count == 39  # each edge of the Hanoi graph, one way


@pytest.mark.parametrize(("label", "n"), [("NNN", 3), ("RRR", 3), ("RBN", 4)])
def test_start_restricts_to_the_reachable_positions(label, n):
    rules = MagneticRules(label)
    start = State.tower(n, face=rules.post_colors[0] or Color.RED)
    graph = state_graph(rules, n, start=start)
    assert {graph.code(node) for node in range(len(graph))} == reachable_states(rules, start)


def test_bad_graph_arguments():
    with pytest.raises(SearchLimitError, match="59,049 legal positions"):
        state_graph(ClassicRules(), 10, max_nodes=1000)
    with pytest.raises(InvalidArgumentError, match="not a legal position"):
        state_graph(MagneticRules("RNN"), 1, start=State([[1], [], []], "B"))
    with pytest.raises(InvalidArgumentError, match="3 disks, not 2"):
        state_graph(ClassicRules(), 2, start=State.tower(3))
    with pytest.raises(InvalidArgumentError, match="Rules object"):
        state_graph("classic", 2)
    with pytest.raises(InvalidArgumentError, match="not a node"):
        state_graph(ClassicRules(), 2).node(State.tower(3))
    with pytest.raises(InvalidArgumentError, match="width"):
        state_graph(ClassicRules(), 2).to_svg(width=0)


# -- layout ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 6))
def test_classic_layout_is_the_sierpinski_triangle(n):
    graph = state_graph(ClassicRules(), n)
    points = graph.layout()
    assert len(set(points)) == len(graph)
    for a, b, _ in graph.edges():  # every edge is a unit side of a small triangle
        assert math.dist(points[a], points[b]) == pytest.approx(1.0)
    side = 2**n - 1  # the towers are the corners of the big triangle
    corners = [points[graph.node(State.tower(n, peg))] for peg in range(3)]
    for p, q in itertools.combinations(corners, 2):
        assert math.dist(p, q) == pytest.approx(side)
    for x, y in points:  # and every position lies inside it
        assert -1e-9 <= y <= side * math.sqrt(3) / 2 + 1e-9
        assert abs(x) <= y / math.sqrt(3) + 1e-9


@pytest.mark.parametrize("n", range(1, 5))
def test_four_post_layout_is_nested_squares(n):
    """Towers at the corners of a square (post 0 top left, then counterclockwise as drawn);
    every position inside it; the smallest disk's four places a unit square around them."""
    graph = state_graph(ClassicRules(4), n)
    points = graph.layout()
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = (
        points[graph.node(State.tower(n, post, posts=4))] for post in range(4)
    )
    side = x3 - x0
    assert side >= 1 and y0 == y3 and x1 == x0 and x2 == x3
    assert y1 == y2 == pytest.approx(y0 + side)
    for x, y in points:
        assert x0 - 1e-9 <= x <= x3 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9
    for a, b, move in graph.edges():
        if graph.state(a).posts[move.source][-1] == 1:  # the smallest disk: one side or diagonal
            assert math.dist(points[a], points[b]) in (pytest.approx(1), pytest.approx(2**0.5))
    dot = graph.to_dot()
    for node in (0, len(graph) - 1):
        x, y = points[node]
        assert f"{node} [label=" in dot and f'pos="{x:.2f},{-y + 0.0:.2f}"' in dot


def test_other_layouts_give_distinct_points():
    for rules, n in [(ClassicRules(4), 3), (MagneticRules("NNN"), 3), (MagneticRules("NNNN"), 2)]:
        graph = state_graph(rules, n)
        assert len(set(graph.layout())) == len(graph)


# -- DOT and SVG -------------------------------------------------------------------------------


def test_dot_lists_every_node_and_edge():
    graph = state_graph(ClassicRules(), 3)
    path = shortest_path(ClassicRules(), State.tower(3), State.tower(3, 2))
    text = graph.to_dot(highlight=path.states(), name='a "quoted" name')
    lines = text.splitlines()
    assert lines[0] == 'graph "a \\"quoted\\" name" {' and lines[-1] == "}"
    nodes = [line for line in lines if re.fullmatch(r"  \d+ \[label=.*\];", line)]
    edges = [line for line in lines if re.fullmatch(r"  \d+ -- \d+ \[label=\"\d\".*\];", line)]
    assert len(nodes) == 27 and len(edges) == 39 and len(lines) == 27 + 39 + 3
    assert sum("color=" in line for line in nodes) == 8  # the 8 positions of the path
    assert sum("color=" in line for line in edges) == 7  # and its 7 moves
    assert (
        "digraph" in state_graph(CYCLIC, 2).to_dot() and " -> " in state_graph(CYCLIC, 2).to_dot()
    )


def test_svg_is_well_formed_with_the_path_on_top():
    graph = state_graph(MagneticRules("RBB"), 3)
    start, goal = State.tower(3, face=Color.RED), State.tower(3, 2, face=Color.BLUE)
    path = shortest_path(graph.rules, start, goal)
    root = ET.fromstring(graph.to_svg(highlight=path.states(), width=300))
    assert root.tag == f"{SVG}svg" and root.get("width") == "300"
    assert len(root.findall(f".//{SVG}circle")) == len(graph)
    assert len(root.findall(f".//{SVG}line")) == graph.edge_count
    (walk,) = root.findall(f"{SVG}polyline")
    assert len(walk.get("points").split()) == len(path) + 1 == 14
    red = [c for c in root.findall(f".//{SVG}circle") if c.get("fill") == "#d62728"]
    assert len(red) == 14


def test_node_labels_are_the_compact_position_form():
    """Symptom: StateGraph.label wrote 'SI br' where every command writes and reads 'SI/br'."""
    graph = state_graph(MagneticRules("NNN"), 2)
    assert graph.label(graph.node(State([[2], [1], []], faces="RB"))) == "SI/br"
    for rules, n in [(MagneticRules("RBN"), 3), (ClassicRules(4), 2), (MagneticRules("NNNN"), 2)]:
        graph = state_graph(rules, n)
        for node, state in enumerate(graph.states()):  # each label reads back as its position
            assert State.parse(graph.label(node), posts=rules.posts) == state
    assert state_graph(ClassicRules(4), 3).label(5) == "011"  # disk 1 on post 1, 2 on post 1


def test_one_dot_writer_for_the_graph_and_the_picture_helpers():
    """StateGraph.to_dot and draw.graph_dot write the same nodes and edges (one writer)."""
    graph = state_graph(MagneticRules("NNN"), 2)
    ours = graph.to_dot(name="NNN n=2").splitlines()
    theirs = graph_dot("NNN", 2, solution=False).splitlines()
    assert len(ours) == len(theirs)
    for mine, drawn in zip(ours, theirs, strict=True):  # theirs only mark the start and goal
        assert mine == re.sub(r', peripheries=2, xlabel="[a-z ]+"', "", drawn)


def test_helpers_for_a_label():
    root = ET.fromstring(graph_svg("classic", 2))
    assert len(root.findall(f".//{SVG}circle")) == 9
    assert len(root.findall(f"{SVG}polyline")[0].get("points").split()) == 4
    assert graph_dot("NNN", 2, solution=False).count("color=") == 0
    assert graph_dot("NNN", 2).count('color="') == 2 * solve("NNN", 2).length + 1
    unsolvable = ET.fromstring(graph_svg("RRR", 2))
    assert unsolvable.findall(f"{SVG}polyline") == []  # no solution to draw


# -- networkx ----------------------------------------------------------------------------------


def test_networkx_is_not_imported_with_the_package():
    code = "import sys, hanoi_magnet; sys.exit('networkx' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_networkx_export():
    nx = pytest.importorskip("networkx")
    graph = state_graph(ClassicRules(), 4).to_networkx()
    assert (graph.number_of_nodes(), graph.number_of_edges()) == (81, 120)
    start, goal = State.tower(4).code, State.tower(4, 2).code
    assert nx.shortest_path_length(graph, start, goal) == 15
    assert graph.nodes[start]["state"] == State.tower(4)
    directed = state_graph(CYCLIC, 3).to_networkx()
    assert directed.is_directed() and nx.is_strongly_connected(directed)
    magnetic = state_graph(MagneticRules("NNN"), 3).to_networkx()
    red, blue = State.tower(3, face=Color.RED).code, State.tower(3, 2, face=Color.BLUE).code
    assert nx.shortest_path_length(magnetic, red, blue) == solve("NNN", 3).length
