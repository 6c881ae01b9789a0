from __future__ import annotations

import pytest

from hanoi_magnet import (
    ClassicRules,
    Color,
    InvalidArgumentError,
    MagneticRules,
    UnknownVariantError,
    Variant,
)
from hanoi_magnet.variants import SID_LABELS, normalize_label


def test_twenty_seven_sid_labels():
    assert len(SID_LABELS) == 27
    assert len(set(SID_LABELS)) == 27
    assert all(len(label) == 3 and set(label) <= set("RBN") for label in SID_LABELS)


@pytest.mark.parametrize("label", SID_LABELS)
def test_sid_start_and_goal_follow_the_spec(label):
    variant = Variant.from_label(label)
    colours = {"R": Color.RED, "B": Color.BLUE, "N": None}
    source, target = colours[label[0]], colours[label[2]]
    start = source or Color.RED
    goal = target or start.flipped
    assert variant.start_face is start
    assert variant.goal_face is goal
    assert variant.rules == MagneticRules(label)
    assert variant.start(3) == variant.start(3)
    assert variant.start(2).posts == ((2, 1), (), ())
    assert variant.goal(2).posts == ((), (), (2, 1))
    assert variant.goal(2).faces == (goal, goal)


def test_spec_examples():
    assert Variant.from_label("NNN").goal_face is Color.BLUE
    assert Variant.from_label("NNR").goal_face is Color.RED
    assert Variant.from_label("NBR").goal_face is Color.RED
    bnn = Variant.from_label("BNN")
    assert (bnn.start_face, bnn.goal_face) == (Color.BLUE, Color.RED)


@pytest.mark.parametrize(
    ("label", "pegs", "target", "allowed"),
    [
        ("classic", 3, 2, None),
        ("classic:3", 3, 2, None),
        ("classic:7", 7, 6, None),
        ("linear", 3, 2, {(0, 1), (1, 0), (1, 2), (2, 1)}),
        ("cyclic", 3, 1, {(0, 1), (1, 2), (2, 0)}),
        ("cyclic:ccw", 3, 1, {(0, 2), (2, 1), (1, 0)}),
    ],
)
def test_classic_families(label, pegs, target, allowed):
    variant = Variant.from_label(label)
    assert variant.rules == ClassicRules(pegs, allowed)
    assert (variant.source, variant.target) == (0, target)
    assert variant.start_face is None
    assert variant.goal(1).posts[target] == (1,)


@pytest.mark.parametrize(
    ("given", "expected"),
    [(" nnn ", "NNN"), ("rBn", "RBN"), ("CLASSIC", "classic"), ("Classic : 4", "classic:4")],
)
def test_labels_are_case_and_space_insensitive(given, expected):
    assert normalize_label(given) == expected
    assert Variant.from_label(given).label == expected


def test_unknown_labels_suggest_close_matches():
    with pytest.raises(UnknownVariantError) as caught:
        Variant.from_label("NNX")
    assert "NNN" in caught.value.suggestions
    assert "did you mean" in str(caught.value)
    assert isinstance(caught.value, LookupError)
    with pytest.raises(UnknownVariantError) as caught:
        Variant.from_label("clasic")
    assert caught.value.suggestions[0] == "classic"
    with pytest.raises(UnknownVariantError):
        Variant.from_label("classic:2")


def test_labels_must_be_strings():
    with pytest.raises(InvalidArgumentError, match="must be a string"):
        Variant.from_label(3)  # type: ignore[arg-type]


def test_variant_validation():
    with pytest.raises(InvalidArgumentError, match="needs a start_face"):
        Variant("x", MagneticRules("NNN"), 0, 2)
    with pytest.raises(InvalidArgumentError, match="has no goal_face"):
        Variant("x", ClassicRules(), 0, 2, None, Color.RED)
    with pytest.raises(InvalidArgumentError, match=r"target must be a post in 0\.\.2"):
        Variant("x", ClassicRules(), 0, 5)
