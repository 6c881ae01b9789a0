"""Issue 23's command line: one grammar, bounded work, real pictures (a test per symptom).

Each test names the symptom it covers; each failed before the change it tests.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tracemalloc
from argparse import ArgumentParser, Namespace
from pathlib import Path
from xml.etree import ElementTree

import pytest

from hanoi_magnet import ClassicRules, MagneticRules, State, TooLargeError, solve
from hanoi_magnet.cli import _distance, _limits, _main, _search
from hanoi_magnet.cli import _util as cliutil
from hanoi_magnet.draw import _positions, render_text
from tests.oracle import bfs_distance
from tests.test_cli import assert_one_line_error, run

SVG = "{http://www.w3.org/2000/svg}"
COMMANDS = [command.name for command in _main.COMMANDS]


def _no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every distance search fail loudly: what is answered must not search."""

    def refuse(*args: object, **kwargs: object) -> int:
        raise AssertionError("searched")

    monkeypatch.setattr(_distance, "distance", refuse)
    monkeypatch.setattr(_search, "distance", refuse)


# -- 1. show: the form is decided from the size, before anything is drawn ----------------------


def test_show_of_thousands_of_disks_lists_without_drawing_the_picture():
    """Symptom: ``show NNN 10000`` drew the whole quadratic picture (619 MB) before listing."""
    tracemalloc.start()
    try:
        status, out, _ = run("show", "NNN", "3000", "--at", "5")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert status == 0
    assert out.splitlines()[1].startswith("S neutral: 3000r 2999r")
    # the picture would hold 3 * 6,005 * 3,003 characters: over 50 MB of strings
    assert peak < 20 * 2**20, f"{peak / 2**20:.0f} MiB"


@pytest.mark.parametrize(
    ("label", "n"), [("NNN", 9), ("RBB", 9), ("NBR", 8), ("classic", 13), ("linear", 8)]
)
def test_show_replays_the_first_moves_as_unrank_places_them(label, n):
    """``--at K`` for K <= REPLAY_MOVES replays the moves; beyond, it descends the plan."""
    from hanoi_magnet.cli import _pictures

    solution = solve(label, n)
    assert solution.length > _pictures.REPLAY_MOVES
    for k in (0, 1, 2, 5, 17, 100, 1000, 4095, 4096, 4097):
        state, at, _ = _pictures._position(solution, k)
        assert at == k and state == solution.unrank(k), k


def test_show_of_a_hundred_thousand_disks_lists_the_posts(monkeypatch):
    """Symptom: ``show NNN 100000 --at 5`` grew to 23 GB (the help allows a million disks)."""
    from hanoi_magnet.cli import _pictures

    seen = []
    monkeypatch.setattr(_pictures, "_after_first_moves", lambda s, k: seen.append(k) or s.start)
    status, out, _ = run("show", "RRB", "100000", "--at", "0")
    assert status == 0 and seen == [0]
    lines = out.splitlines()
    assert lines[1].startswith("S red: 100000r 99999r") and lines[1].endswith(" 2r 1r")
    assert lines[2:4] == ["I red: -", "D blue: -"]


def test_render_text_decides_at_the_limit_and_refuses_beyond(monkeypatch):
    """Both sides of MAX_PICTURE_CHARACTERS, the API's bound without max_width."""
    state = State.tower(10)
    width = 3 * (2 * 10 + 5) - 1  # as printed: the three bases, no trailing space
    size = width * (10 + 3)  # ten disks, the poles' tips, the bases, the names
    picture = render_text(state)
    assert max(map(len, picture.splitlines())) == width and len(picture.splitlines()) == 13
    monkeypatch.setattr(_positions, "MAX_PICTURE_CHARACTERS", size)
    assert render_text(state) == picture
    monkeypatch.setattr(_positions, "MAX_PICTURE_CHARACTERS", size - 1)
    with pytest.raises(TooLargeError, match="13 lines of 74 characters"):
        render_text(state)
    assert render_text(state, max_width=width) == picture  # a width decides instead
    assert len(render_text(state, max_width=width - 1).splitlines()) == 3


def test_draw_refuses_pictures_of_too_many_disks_at_once(monkeypatch):
    from hanoi_magnet.cli import _pictures

    monkeypatch.setattr(_pictures, "DRAW_MAX_DISKS", 3)
    assert run("draw", "NNN", "3")[0] == 0
    status, out, err = run("draw", "NNN", "4")
    assert status == 6 and out == ""
    assert_one_line_error(err, "hanoi-magnet draw: error:", "4 disks", "at most 3 disks")
    status, _, err = run("draw", "NNN", "1000000")
    assert status == 6 and "about 172 MiB" in err


# -- 3 and 4. distance: the towers answered at once, the rest refused at once ---------------


def test_distance_between_the_towers_of_a_million_disks_is_counted(monkeypatch):
    """Symptom: ``distance classic 1000000`` ran for minutes (20 s at 100,000 disks)."""
    _no_search(monkeypatch)
    status, out, err = run("distance", "classic", "1000000")
    assert (status, err) == (0, "")
    assert out.startswith("distance: 99006562292958982506979236163019032507336242417875673")
    assert len(out) == len("distance: ") + 301030 + 1  # 2**1000000 - 1 has 301,030 digits


def test_distance_between_other_positions_is_refused_at_once_with_an_estimate(monkeypatch):
    _no_search(monkeypatch)
    source = "S" * 99_999 + "I/" + "r" * 99_999 + "b"
    status, out, err = run("distance", "NNN", "--from", source)
    assert status == 6 and out == ""
    assert_one_line_error(err, "hanoi-magnet distance: error:", "100,000 disks", "about")


LINE = MagneticRules("NNN", allowed=[(0, 1), (1, 0), (1, 2), (2, 1)])


@pytest.mark.parametrize(
    ("spelling", "rules"),
    [("NNN", MagneticRules("NNN")), ("classic", ClassicRules()), ("NNN/linear", LINE)],
)
def test_the_three_post_limit_from_both_sides(monkeypatch, spelling, rules):
    monkeypatch.setattr(_limits, "DISTANCE_MAX_DISKS", 4)
    faces = "" if spelling == "classic" else "/rrbb"
    start = State.parse("SSII" + faces)
    goals = ["DDDD", "IIDD", "DDII", "SSDD"] if spelling == "classic" else []
    goals += ["DDDD/bbbb", "IIDD/rrbb", "DDII/rrbb", "SSDD/rrbb", "IIID/bbbr", "SSID/rrbr"]
    reachable = [
        (goal, found)
        for goal in map(State.parse, goals)
        if (goal.faces is None) == (spelling == "classic")
        if rules.check_state(goal) is None
        and (found := bfs_distance(rules, start, goal)) is not None
    ]
    goal, expected = reachable[0]
    args = ["distance", spelling, "--from", start.format(compact=True)]
    assert run(*args, "--to", goal.format(compact=True)) == (0, f"distance: {expected}\n", "")
    _no_search(monkeypatch)
    over = State.parse("SSSSI" + ("" if spelling == "classic" else "/rrrrb"))
    status, out, err = run("distance", spelling, "--from", over.format(compact=True))
    if spelling == "classic":  # Hinz's closed form, at any N: no limit
        expected = bfs_distance(rules, over, State.parse("DDDDD"))
        assert (status, out, err) == (0, f"distance: {expected}\n", "")
    else:
        assert status == 6 and "5 disks" in err and "up to 4 disks" in err


def test_a_plugins_towers_are_answered_from_the_rules_not_from_its_plan(monkeypatch):
    """A plugin's solver is not known to be optimal: its length is no distance. The distance
    between towers comes from the rules (the library's own tower plans), whatever the plugin's
    plan does: here a legal but longer one (the linear solution under classic rules)."""
    import attrs

    from hanoi_magnet.cli import _positions
    from hanoi_magnet.plans import PlanSolver, SubStep
    from hanoi_magnet.registry import default_registry

    class MySlowClassic(PlanSolver):
        """The classic puzzle under a plugin's own label, solved the long way."""

        variant = attrs.evolve(default_registry.variant("classic"), label="my-slow-classic")
        plan = (SubStep("linear", "SID", disks=0),)

    registry = default_registry.copy()
    registry.register("my-slow-classic", MySlowClassic)
    monkeypatch.setattr(_positions, "default_registry", registry)
    assert registry.solve("my-slow-classic", 3).length == 26
    assert run("distance", "my-slow-classic", "3") == (0, "distance: 7\n", "")


def test_four_peg_towers_are_frame_stewart_numbers_at_once(monkeypatch):
    """Symptom: ``distance classic:4 20`` searched 16 s, then failed."""
    _no_search(monkeypatch)
    # Frame-Stewart for 4 pegs (OEIS A007664), proven optimal (Bousch 2014)
    assert run("distance", "classic:4", "20") == (0, "distance: 289\n", "")
    assert run("search", "classic:4", "20")[1].endswith("distance: 289\n")


def test_four_post_tower_searches_refused_at_once_from_both_sides_of_the_estimate(monkeypatch):
    rules = ClassicRules(5)
    start, goal = State.tower(4, 0, posts=5), State.tower(4, 4, posts=5)
    expected = bfs_distance(rules, start, goal)
    assert run("distance", "classic:5", "4") == (0, f"distance: {expected}\n", "")
    # 5**4 = 625 positions: the estimate is 625 // 32 = 19 visited; at 19 the search runs (and
    # stops at its budget, its own message), at 18 it is refused before it starts
    status, _, err = run("distance", "classic:5", "4", "--max-states", "19")
    assert status == 6 and "max_states=19" in err and "about" not in err
    _no_search(monkeypatch)
    status, out, err = run("distance", "classic:5", "4", "--max-states", "18")
    assert status == 6 and out == ""
    assert_one_line_error(err, "hanoi-magnet distance: error:", "about 19 positions", "625")
    status, _, err = run("distance", "classic:5", "20")
    assert status == 6 and "95,367,431,640,625" in err


# -- 5. PNG and PDF -----------------------------------------------------------------------------


def _disk_pixel(svg: str, size: int) -> tuple[float, float]:
    """A point inside disk ``size``'s face (above its stripe, left of its number)."""
    for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        text = "" if title is None else title.text or ""
        if group.get("class") == "disk" and text.startswith(f"disk {size},"):
            dx, dy = map(float, re.findall(r"-?[\d.]+", group.get("transform", "")))
            body = group.find(f"{SVG}rect")
            assert body is not None
            x, y = float(body.get("x", 0)), float(body.get("y", 0))
            return dx + 0.6 * x, dy + 0.7 * y
    raise AssertionError(f"no disk {size}")


@pytest.mark.parametrize("scale", [1, 2])
def test_draw_writes_a_real_png(tmp_path, scale):
    """Symptom: ``draw NNN 3 --at 5 -o nnn5.png`` wrote SVG into the .png file."""
    image_module = pytest.importorskip("PIL.Image")
    pytest.importorskip("cairosvg")
    target = tmp_path / "nnn5.png"
    status, out, err = run(
        "draw", "NNN", "3", "--at", "5", "-o", str(target), "--scale", str(scale)
    )
    assert (status, out, err) == (0, f"wrote {target}\n", "")
    _, svg, _ = run("draw", "NNN", "3", "--at", "5")
    root = ElementTree.fromstring(svg)
    with image_module.open(target) as image:
        assert image.format == "PNG"
        assert image.size == (
            round(float(root.get("width", 0)) * scale),
            round(float(root.get("height", 0)) * scale),
        )
        state = solve("NNN", 3).unrank(5)
        assert state.face_up(3) is not None
        x, y = _disk_pixel(svg, 3)
        red, green, blue = image.convert("RGB").getpixel((round(x * scale), round(y * scale)))
        expected = {"R": (0xD6, 0x27, 0x28), "B": (0x1F, 0x77, 0xB4)}[state.face_up(3).value]
        assert max(abs(a - b) for a, b in zip((red, green, blue), expected, strict=True)) <= 3


def test_draw_writes_pdf_and_refuses_what_it_cannot_write(tmp_path):
    pytest.importorskip("cairosvg")
    pdf = tmp_path / "rbb.pdf"
    assert run("draw", "RBB", "2", "--strip", "-o", str(pdf))[0] == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    for name, extra in [
        ("x.jpg", []),
        ("x.svg", ["--format", "png"]),
        ("x.png", ["--format", "svg"]),
    ]:
        status, out, err = run("draw", "NNN", "3", "-o", str(tmp_path / name), *extra)
        assert status == 2 and out == "" and not (tmp_path / name).exists()
        assert_one_line_error(err, "hanoi-magnet draw: error:")
    status, _, err = run("graph", "classic", "2", "-o", str(tmp_path / "g.gif"))
    assert status == 2 and "hanoi-magnet graph: error:" in err


def test_save_picture_and_svg_to_from_python(tmp_path):
    pytest.importorskip("cairosvg")
    from hanoi_magnet.draw import picture_format, render_svg, save_picture, svg_to
    from hanoi_magnet.errors import InvalidArgumentError

    svg = render_svg(State.tower(2))
    assert svg_to(svg, "png")[:4] == b"\x89PNG" and svg_to(svg, "pdf")[:4] == b"%PDF"
    assert save_picture(svg, tmp_path / "a.PNG").read_bytes()[:4] == b"\x89PNG"
    for bad in ("a.jpg", "a"):
        with pytest.raises(InvalidArgumentError, match="cannot tell the format"):
            save_picture(svg, tmp_path / bad)
    with pytest.raises(InvalidArgumentError):
        svg_to(svg, "png", scale=0)
    assert picture_format("x", "PDF") == "pdf"


# -- 6. graph -----------------------------------------------------------------------------------


def test_graph_width_marks_and_labels():
    """Symptom: no --width, no start or goal marked, labels 'SI br' unlike every command's."""
    status, svg, _ = run("graph", "NNN", "2", "--format", "svg", "--width", "900")
    root = ElementTree.fromstring(svg)
    assert status == 0 and root.get("width") == "900"
    circles = {c.get("class"): c for c in root.iter(f"{SVG}circle") if c.get("class")}
    assert set(circles) == {"start", "goal"}
    assert circles["start"].findtext(f"{SVG}title") == "start: S: 2r 1r | I: - | D: -"
    assert circles["goal"].findtext(f"{SVG}title") == "goal: S: - | I: - | D: 2b 1b"
    labels = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "label"}
    assert {"SS/rr", "DD/bb", "SI/rb"} <= labels
    for label in labels:  # every label reads back as the position the other commands take
        assert MagneticRules("NNN").check_state(State.parse(str(label))) is None
    _, dot, _ = run("graph", "classic", "2")
    assert 'label="SS"' in dot and 'xlabel="start"' in dot and 'xlabel="goal"' in dot


@pytest.mark.parametrize(("spelling", "nodes"), [("NNN/linear", 30), ("RBNN", None)])
def test_graph_takes_every_rules_spelling(spelling, nodes):
    status, dot, err = run("graph", spelling, "2")
    assert status == 0 and err == ""
    if nodes is not None:
        assert dot.count("tooltip=") == nodes
    assert "xlabel=" in dot


# -- 7. positions the same way everywhere ---------------------------------------------------


def test_solve_and_search_take_n_from_a_position():
    """Symptom: ``solve NNN --from SSI/rrb`` exited 2 with 'required: N'."""
    status, out, err = run("solve", "NNN", "--from", "SSI/rrb")
    rules = MagneticRules("NNN")
    expected = bfs_distance(rules, State.parse("SSI/rrb"), State.parse("DDD/bbb"))
    assert status == 0 and err == "" and len(out.splitlines()) == expected
    assert run("search", "NNN", "--from", "SSI/rrb")[1].endswith(f"distance: {expected}\n")
    status, _, err = run("solve", "NNN")
    assert status == 2 and "give N" in err
    status, _, err = run("solve", "NNN", "4", "--from", "SSI/rrb")
    assert_one_line_error(err, "hanoi-magnet solve: error:", "3 disks, but N is 4")


# -- 8. validate reads the notations of the evaluation kit ----------------------------------


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("Move disk 1 from Peg 1 to Peg 3\n", []),
        ("A->C\n", []),
        ("1. A -> B\n2. A -> C\n3. B -> C\n", []),
        ("moves = [[1, 0, 2]]\n", []),
        ("1 3\n", ["--pegs", "from-1"]),
        ("A C\n", ["--notation", "letters"]),
    ],
)
def test_validate_reads_other_notations(text, args):
    """Symptom: validate read only the library's notations."""
    n = 2 if text.startswith("1.") else 1
    status, out, err = run("validate", "classic", str(n), "-", *args, stdin=text)
    assert (status, err) == (0, "") and out.startswith("solved:")


def test_validate_with_ambiguous_pegs_asks_for_them():
    status, out, err = run("validate", "classic", "1", "-", "--notation", "auto", stdin="1 2\n")
    assert status == 2 and out == "" and "--pegs" in err
    status, out, _ = run("validate", "classic", "2", "-", stdin="A->B\nA->B\n")
    assert status == 1 and "move 1" in out


# -- 9. one output style ----------------------------------------------------------------------


USAGE_ERRORS = {
    "variants": ["variants", "--bogus"],
    "solve": ["solve", "NNX", "3"],
    "show": ["show", "NNN", "-1"],
    "count": ["count", "NNN", "x"],
    "validate": ["validate", "NNN", "3"],
    "distance": ["distance", "NNN", "--from", "SSX/rrr"],
    "path": ["path", "NNN"],
    "draw": ["draw", "NNN", "3", "--per-row", "0"],
    "graph": ["graph", "NNN", "2", "--width", "0"],
    "view": ["view", "NNN", "3", "--port", "x"],
    "search": ["search", "classic:4", "3", "--max-memory", "lots"],
    "eval": ["eval", "bogus"],
}

RUN_TIME_ERRORS = {
    "solve": (["solve", "RRR", "3"], 6),
    "show": (["show", "NNN", "3", "--at", "99"], 2),
    "count": (["count", "NNN", "30000", "--per-disk"], 6),
    "validate": (["validate", "NNN", "3", "/nonexistent/moves.txt"], 4),
    "distance": (["distance", "RRR", "3"], 6),
    "path": (["path", "NNN", "--from", "SID/rrr"], 6),
    "draw": (["draw", "NNN", "9", "--strip"], 2),
    "search": (["search", "classic:4", "3", "--layers", "--max-memory", "1K"], 6),
}


def test_every_command_is_in_the_tables():
    assert set(USAGE_ERRORS) == set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_usage_errors_name_the_command_in_one_line(command):
    status, out, err = run(*USAGE_ERRORS[command])
    assert status == 2 and out == ""
    assert_one_line_error(err, f"hanoi-magnet {command}: error: ")


@pytest.mark.parametrize("command", sorted(RUN_TIME_ERRORS))
def test_run_time_errors_name_the_command_in_one_line(command):
    """Symptom: argument errors said 'hanoi-magnet solve: error', run-time ones 'hanoi-magnet:'."""
    args, expected = RUN_TIME_ERRORS[command]
    status, out, err = run(*args)
    assert status == expected and out == ""
    assert_one_line_error(err, f"hanoi-magnet {command}: error: ")


@pytest.mark.parametrize("command", COMMANDS)
def test_ctrl_c_is_status_130_for_every_command(monkeypatch, command):
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    def parsed(self: object, args: object = None, namespace: object = None) -> object:
        return Namespace(run=interrupted, command=command), []

    monkeypatch.setattr(ArgumentParser, "parse_known_args", parsed)
    status, out, err = run(command)
    assert status == 130 and out == ""
    assert err == f"hanoi-magnet {command}: error: interrupted\n"


def test_answers_are_labelled_alike():
    """Symptom: distance printed a bare number, search 'distance: 227'."""
    assert run("count", "NNN", "3")[1] == "moves: 11\n"
    assert run("distance", "NNN", "3")[1] == "distance: 11\n"
    assert run("distance", "classic", "3", "--count")[1] == "shortest paths: 1\n"
    assert run("search", "NNN", "3")[1].splitlines()[-1] == "distance: 11"


def test_moves_are_named_from_0_in_every_caption():
    """Symptom: 1-based move numbers in strip captions, 0-based in validate."""
    solution = solve("NNN", 2)
    _, out, _ = run("show", "NNN", "2", "--at", "0")
    assert out.splitlines()[-1] == f"next: move 0, disk {solution[0]}"
    _, svg, _ = run("draw", "NNN", "2", "--strip")
    assert "move 0, disk 1: S -&gt; I" in svg and "move 3, disk" in svg
    assert "move 4," not in svg
    _, out, _ = run("validate", "NNN", "2", "-", stdin="S->I\nS->I\n")
    assert "move 1" in out and "position before move 1:" in out


# -- 10. no tracebacks --------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["inf", "1e400", "nan", "-1G"])
def test_max_memory_beyond_numbers_is_a_usage_error(size):
    """Symptom: ``--max-memory inf`` and ``1e400`` ended in an OverflowError traceback."""
    status, out, err = run("search", "classic:4", "5", f"--max-memory={size}")
    assert status == 2 and out == ""
    assert_one_line_error(err, "hanoi-magnet search: error:", "a size such as 8G")


def test_a_scheduler_that_is_not_an_address_is_one_line():
    pytest.importorskip("dask.distributed")
    status, out, err = run("search", "classic:4", "3", "--layers", "--scheduler", "notanaddress")
    assert status == 2 and out == ""
    assert_one_line_error(err, "hanoi-magnet search: error:", "notanaddress")


def test_save_without_an_exploration_is_refused(tmp_path):
    """Symptom: ``search --save FILE`` without --layers/--eccentricity exited 0, wrote nothing."""
    target = tmp_path / "layers.json"
    status, out, err = run("search", "classic:4", "3", "--save", str(target))
    assert status == 2 and out == "" and not target.exists()
    assert_one_line_error(err, "--layers, --eccentricity or --invariants")
    status, out, _ = run("search", "classic:4", "3", "--layers", "--save", str(target))
    assert status == 0 and target.exists() and f"wrote {target}" in out


def test_a_label_of_thousands_of_digits_is_one_line():
    status, _, err = run("solve", "classic:" + "9" * 5000, "3")
    assert status == 2 and len(err) < 1000
    assert_one_line_error(err, "hanoi-magnet solve: error:")


# -- 12. a plugin offering a built-in label -------------------------------------------------


def _plugin(tmp_path: Path, label: str) -> dict[str, str]:
    """An installed distribution (on PYTHONPATH) whose entry point offers ``label``."""
    info = tmp_path / "shadowing_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: shadowing-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[hanoi_magnet.solvers]\n{label} = tests.plugins.good:RelabelledClassic\n"
    )
    root = Path(__file__).resolve().parent.parent
    return {"PYTHONPATH": f"{tmp_path}:{root}", "PATH": "/usr/bin:/bin"}


def test_a_plugin_shadowing_a_builtin_label_is_one_line_once(tmp_path):
    """Symptom: every command printed a two-line Python warning pointing into the library."""
    done = subprocess.run(
        [sys.executable, "-m", "hanoi_magnet", "variants"],
        capture_output=True,
        text=True,
        env=_plugin(tmp_path, "NNN"),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("LABEL")
    assert done.stderr.startswith("hanoi-magnet variants: warning: ")
    assert done.stderr.count("\n") == 1 and "'NNN'" in done.stderr
    assert "tests.plugins.good:RelabelledClassic" in done.stderr


def test_plugin_warnings_in_process_are_one_line_once(monkeypatch):
    import warnings

    from hanoi_magnet.registry import PluginWarning

    def warn_twice(args: object) -> int:
        for _ in range(2):
            warnings.warn("plugin 'x' offers label 'NNN'\n  twice", PluginWarning, stacklevel=1)
        return 0

    commands = [
        cliutil.Command(c.name, c.help, c.add_arguments, warn_twice) if c.name == "count" else c
        for c in _main.COMMANDS
    ]
    monkeypatch.setattr(_main, "COMMANDS", commands)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert _main.main(["count", "NNN", "3"]) == 0
    assert err.getvalue() == "hanoi-magnet count: warning: plugin 'x' offers label 'NNN' twice\n"
