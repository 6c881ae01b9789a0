from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanoi_magnet import Color, InvalidArgumentError, State, solve
from hanoi_magnet.draw import render_strip, render_svg, render_text
from tests.pictures import SVG, read_svg, read_text, svg_root


@st.composite
def states(draw: st.DrawFn, *, max_disks: int = 12) -> State:
    """Any position: each disk on any post, faces (or none) at random."""
    posts = draw(st.integers(3, 5))
    n = draw(st.integers(0, max_disks))
    where = draw(st.lists(st.integers(0, posts - 1), min_size=n, max_size=n))
    stacks = [[d for d in range(n, 0, -1) if where[d - 1] == p] for p in range(posts)]
    magnetic = draw(st.booleans())
    faces = draw(st.lists(st.sampled_from(Color), min_size=n, max_size=n)) if magnetic else None
    return State(stacks, faces)


def colors_for(state: State) -> str:
    return "RBN" + "N" * (len(state.posts) - 3)


# -- text ---------------------------------------------------------------------------------------


def test_text_picture_of_a_classic_tower():
    assert render_text(State.tower(2)) == "\n".join(
        [
            "    |        |        |",
            "  [=1=]      |        |",
            " [==2==]     |        |",
            " -------  -------  -------",
            "    S        I        D",
        ]
    )


@given(states(), st.booleans(), st.booleans())
def test_text_picture_shows_exactly_the_state(state, color, with_post_colors):
    colors = colors_for(state) if with_post_colors else None
    picture = render_text(state, color=color, post_colors=colors)
    shown = read_text(picture)
    assert shown.posts == state.posts
    assert shown.faces == state.faces or state.n == 0  # no disk: nothing tells the rules apart
    assert all(line == line.rstrip() for line in picture.split("\n"))
    assert ("\x1b[" in picture) == (color and ((state.magnetic and state.n > 0) or bool(colors)))


def test_colour_codes_follow_the_faces():
    state = State([[2], [1], []], faces="BR")  # faces by size: disk 1 blue, disk 2 red
    picture = render_text(state, color=True)
    assert re.search(r"\x1b\[1;97;41m +2 +\x1b\[0m", picture)  # red background
    assert re.search(r"\x1b\[1;97;44m +1 +\x1b\[0m", picture)  # blue background
    assert "]" not in picture  # no bracketed plain disks (escapes hold no "]")


def test_classic_disks_stay_neutral_in_colour():
    assert render_text(State.tower(3), color=True) == render_text(State.tower(3), color=False)


def test_post_colours_are_written_under_the_posts():
    picture = render_text(State.tower(1, face=Color.RED), post_colors="RBN")
    assert picture.split("\n")[-1].split() == ["S", "red", "I", "blue", "D", "neutral"]
    coloured = render_text(State.tower(1, face=Color.RED), post_colors="RBN", color=True)
    assert "\x1b[1;31mS red\x1b[0m" in coloured and "\x1b[1;34mI blue\x1b[0m" in coloured


def test_too_wide_pictures_become_a_listing():
    state = solve("NNN", 30).unrank(1000)
    picture = render_text(state, max_width=80)
    assert picture.split("\n") == [part.replace(" | ", "") for part in str(state).split(" | ")]
    assert len(render_text(state).split("\n")[0]) > 80
    small = State.tower(2, face=Color.BLUE)
    assert render_text(small, max_width=80) == render_text(small)


def test_bad_arguments_are_refused():
    with pytest.raises(InvalidArgumentError, match="3 posts"):
        render_text(State.tower(2), post_colors="RB")
    with pytest.raises(InvalidArgumentError):
        render_text(State.tower(2), post_colors="RXN")
    with pytest.raises(InvalidArgumentError, match="expected a State"):
        render_text("S: 1 | I: - | D: -")  # type: ignore[arg-type]


# -- SVG ----------------------------------------------------------------------------------------


@given(states(max_disks=9), st.booleans())
def test_svg_shows_exactly_the_state(state, with_post_colors):
    colors = colors_for(state) if with_post_colors else None
    svg = render_svg(state, post_colors=colors, title="a <position> & more")
    [shown] = read_svg(svg, posts=len(state.posts), magnetic=state.magnetic)
    assert shown == state


def test_svg_faces_and_posts_are_coloured():
    state = State([[2], [], [1]], faces="BR")  # disk 1 blue up, disk 2 red up
    root = svg_root(render_svg(state, post_colors="RBN", title="x"))
    fills = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "disk":
            title = group.find(f"{SVG}title")
            rects = group.findall(f"{SVG}rect")
            fills[title.text] = [r.get("fill") for r in rects]
    red, blue = "#d62728", "#1f77b4"
    assert fills == {"disk 2, red up": [red, blue], "disk 1, blue up": [blue, red]}
    bases = [r.get("fill") for r in root.iter(f"{SVG}rect") if r.get("class") == "base"]
    assert bases[:2] == [red, blue] and bases[2] not in (red, blue)


def test_classic_svg_disks_are_neutral():
    root = svg_root(render_svg(State.tower(3)))
    disks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "disk"]
    fills = {rect.get("fill") for g in disks for rect in g.iter(f"{SVG}rect")}
    assert len(disks) == 3 and len(fills) == 1 and not fills & {"#d62728", "#1f77b4"}


def test_svg_title_is_escaped():
    root = svg_root(render_svg(State.tower(1), title='<b> & "quotes"'))
    captions = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert captions == ['<b> & "quotes"']


def test_svg_keeps_its_size_for_many_disks():
    few = svg_root(render_svg(solve("NNN", 3).unrank(5)))
    some = svg_root(render_svg(solve("NNN", 20).unrank(5)))
    many_svg = render_svg(solve("NNN", 300).unrank(10**50))
    many = svg_root(many_svg)
    assert float(many.attrib["width"]) == float(some.attrib["width"]) == float(few.attrib["width"])
    assert float(many.attrib["height"]) <= 1.05 * float(some.attrib["height"])
    assert read_svg(many_svg) == [solve("NNN", 300).unrank(10**50)]


def test_strip_draws_every_position_in_order():
    solution = solve("NNN", 3)
    states = [solution.unrank(k) for k in range(solution.length + 1)]
    captions = ["start", *(str(move) for move in solution)]
    svg = render_strip(states, post_colors="NNN", captions=captions)
    assert read_svg(svg) == states
    root = svg_root(svg)
    texts = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert texts == captions
    offsets = [
        float(re.match(r"translate\(([\d.]+) 0\)", g.get("transform"))[1])
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "panel"
    ]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(states)


def test_strip_refuses_inconsistent_input():
    with pytest.raises(InvalidArgumentError, match="at least one"):
        render_strip([])
    with pytest.raises(InvalidArgumentError, match="same number"):
        render_strip([State.tower(2), State.tower(3)])
    with pytest.raises(InvalidArgumentError, match="2 states but 1 captions"):
        render_strip([State.tower(2), State.tower(2, 1)], captions=["one"])
    with pytest.raises(InvalidArgumentError, match="column_width"):
        render_strip([State.tower(2)], column_width=0)


def test_strip_wraps_into_rows_in_reading_order():
    solution = solve("RBB", 2)
    states = [solution.unrank(k) for k in range(solution.length + 1)]
    one_row = svg_root(render_strip(states, captions=list("abcde")))
    svg = render_strip(states, captions=list("abcde"), per_row=2)
    assert read_svg(svg) == states
    root = svg_root(svg)
    assert float(root.attrib["width"]) == pytest.approx(float(one_row.attrib["width"]) * 2 / 5)
    assert float(root.attrib["height"]) == pytest.approx(float(one_row.attrib["height"]) * 3)
    offsets = [
        tuple(
            float(v)
            for v in re.match(r"translate\(([\d.]+) ([\d.]+)\)", g.get("transform")).groups()
        )
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "panel"
    ]
    assert offsets == sorted(offsets, key=lambda xy: (xy[1], xy[0]))  # rows top to bottom
    assert len({y for _, y in offsets}) == 3
    assert read_svg(render_strip(states, per_row=99)) == states
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(InvalidArgumentError, match="per_row"):
            render_strip(states, per_row=bad)


def test_long_titles_wrap_into_lines_that_fit():
    solution = solve("NNN", 300)
    k = solution.length // 3
    title = f"NNN, 300 disks: the position after {k} of {solution.length} moves"
    root = svg_root(render_svg(solution.unrank(k), title=title))
    lines = [t for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert len(lines) > 3
    assert "".join(t.text for t in lines).replace(" ", "") == title.replace(" ", "")
    width = float(root.attrib["width"])
    for line in lines:  # at most 0.62 em per character: well inside the picture
        assert len(line.text) * 0.62 * float(line.get("font-size")) <= width
    ys = [float(t.get("y")) for t in lines]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)
    disks_top = min(float(r.get("y")) for r in root.iter(f"{SVG}rect") if r.get("class") == "rod")
    assert ys[-1] < disks_top  # the caption ends above the rods
    short = svg_root(render_svg(solution.unrank(k), title="short"))
    assert float(root.attrib["height"]) > float(short.attrib["height"])
