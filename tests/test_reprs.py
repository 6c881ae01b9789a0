"""Value objects show themselves the Python way: repr evaluates back, str reads well, Jupyter
draws positions and summarises solutions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import hanoi_magnet as hm
from hanoi_magnet import ClassicRules, Color, MagneticRules, Move, State, Variant
from hanoi_magnet.plans import MoveStep, SubStep
from hanoi_magnet.theory import (
    Eigenvalue,
    Equation,
    Factorization,
    Polynomial,
    Recurrence,
    Term,
    TransitionMatrix,
    characteristic_polynomial,
    dominant_eigenvalue,
    recurrence,
    transition_matrix,
)

NAMESPACE = {
    name: value
    for name, value in {
        **vars(hm),
        "MoveStep": MoveStep,
        "SubStep": SubStep,
        "Polynomial": Polynomial,
        "Factorization": Factorization,
        "Recurrence": Recurrence,
        "Equation": Equation,
        "Term": Term,
        "TransitionMatrix": TransitionMatrix,
        "Eigenvalue": Eigenvalue,
    }.items()
    if not name.startswith("__")
}

VALUES = [
    Color.RED,
    Color.BLUE,
    Move(3, 0, 2),
    State.tower(3),
    State([[2], [], [1]], faces="RB"),
    ClassicRules(),
    ClassicRules(5),
    ClassicRules(allowed=[(0, 1), (1, 2), (2, 0)]),
    MagneticRules("RBN"),
    Variant.from_label("NNN"),
    Variant.from_label("cyclic"),
    MoveStep("S", "D", disk=-1),
    SubStep("RNN", "SDI", reverse=True, swap=True),
    characteristic_polynomial("NNN"),
    characteristic_polynomial("NNN").factor(),
    recurrence("NNN"),
    transition_matrix("NNN"),
    dominant_eigenvalue("RRB"),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_repr_evaluates_back_to_an_equal_object(value):
    assert eval(repr(value), NAMESPACE) == value


def test_str_stays_the_readable_form():
    assert str(State.tower(2, face=Color.RED)) == "S: 2r 1r | I: - | D: -"
    assert str(Move(1, 0, 2)) == "1: S -> D"
    assert str(Color.RED) == "R"


def test_positions_draw_themselves_in_jupyter():
    svg = State.tower(3, face=Color.BLUE)._repr_svg_()
    assert svg is not None
    root = ET.fromstring(svg)
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "disk 3, blue up" in titles


def test_solutions_summarise_themselves_in_jupyter():
    html = hm.solve("RBB", 3)._repr_html_()
    assert html is not None
    assert "RBB" in html and ">13<" in html and html.count("<svg") == 2
    assert "<?xml" not in html
    huge = hm.solve("NNN", 5000)._repr_html_()
    assert huge is not None and "<svg" not in huge and "10^" in huge
