"""Read pictures back into positions, so tests can check a drawing shows exactly its state.

Independent of hanoi_magnet.draw: the text reader knows only the documented look (disks as
``[rr2rr]`` or ANSI blocks, posts side by side over a base line of dashes); the SVG reader
only the documented markup (``<g class="disk">`` with a ``<title>``, perhaps translated to its
place, ``rect class="rod"``).
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

from hanoi_magnet import Color, State

SVG = "{http://www.w3.org/2000/svg}"

_PLAIN_DISK = re.compile(r"\[(?P<left>[=rb]*?)(?P<size>\d+)(?P<right>[=rb]*)\]")
_ANSI_DISK = re.compile(
    r"\x1b\[1;97;4(?P<code>[14])m(?P<left> +)(?P<size>\d+)(?P<right> +)\x1b\[0m"
)
_ANSI_ANY = re.compile(r"\x1b\[[0-9;]*m")
_FACES = {"r": Color.RED, "b": Color.BLUE, "=": None}


def _plain(match: re.Match[str]) -> str:
    fill = "r" if match["code"] == "1" else "b"
    left, right = len(match["left"]) - 1, len(match["right"]) - 1
    return f"[{fill * left}{match['size']}{fill * right}]"


def read_text(picture: str) -> State:
    """The position a render_text picture shows (checks each disk's width and single fill)."""
    picture = _ANSI_ANY.sub("", _ANSI_DISK.sub(_plain, picture))
    lines = picture.split("\n")
    base = lines[-2]
    runs = list(re.finditer(r"-+", base))
    assert runs, f"no base line in {picture!r}"
    column = len(runs[0].group()) + 2
    stacks: list[list[int]] = [[] for _ in runs]
    faces: dict[int, Color | None] = {}
    for line in reversed(lines[:-2]):  # bottom row first
        for match in _PLAIN_DISK.finditer(line):
            size = int(match["size"])
            fill = set(match["left"] + match["right"])
            assert len(fill) == 1, f"disk {size} has fill {fill} in {line!r}"
            assert match.end() - match.start() == 2 * size + 3, f"disk {size} width in {line!r}"
            centre = (match.start() + match.end() - 1) / 2
            stacks[int(centre // column)].append(size)
            faces[size] = _FACES[fill.pop()]
    n = len(faces)
    magnetic = any(face is not None for face in faces.values())
    return State(stacks, [faces[d] for d in range(1, n + 1)] if magnetic else None)


def svg_root(svg: str) -> ET.Element:
    """The parsed SVG document (raises if it is not well-formed XML), checked to be SVG."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    for name in ("width", "height"):
        assert float(root.attrib[name]) > 0
    return root


def _disks_of(panel: ET.Element, posts: int, magnetic: bool) -> State:
    rods = [r for r in panel.iter(f"{SVG}rect") if r.get("class") == "rod"]
    assert len(rods) == posts
    centres = [float(r.attrib["x"]) + float(r.attrib["width"]) / 2 for r in rods]
    stacks: list[list[tuple[float, int]]] = [[] for _ in range(posts)]
    faces: dict[int, Color | None] = {}
    widths: dict[int, float] = {}
    for group in panel.iter(f"{SVG}g"):
        if group.get("class") != "disk":
            continue
        title = group.find(f"{SVG}title")
        assert title is not None and title.text is not None
        match = re.fullmatch(r"disk (\d+)(?:, (red|blue) up)?", title.text)
        assert match, title.text
        size = int(match[1])
        faces[size] = {"red": Color.RED, "blue": Color.BLUE, None: None}[match[2]]
        body = group.find(f"{SVG}rect")
        assert body is not None
        x, width, y = (float(body.attrib[k]) for k in ("x", "width", "y"))
        shift = re.fullmatch(r"translate\((-?[\d.]+) (-?[\d.]+)\)", group.get("transform", ""))
        if shift:  # a disk drawn around (0, 0) and placed by its group
            x, y = x + float(shift[1]), y + float(shift[2])
        widths[size] = width
        post = min(range(posts), key=lambda p: abs(centres[p] - (x + width / 2)))
        assert abs(centres[post] - (x + width / 2)) < 0.02, "a disk off its post"  # 2 decimals
        stacks[post].append((y, size))
    sizes = sorted(widths)
    assert all(widths[a] < widths[b] for a, b in itertools.pairwise(sizes))
    n = len(faces)
    posts_bottom_up = [[size for _, size in sorted(stack, reverse=True)] for stack in stacks]
    return State(posts_bottom_up, [faces[d] for d in range(1, n + 1)] if magnetic else None)


def read_svg(svg: str, *, posts: int = 3, magnetic: bool = True) -> list[State]:
    """The positions an SVG picture shows, one per panel, left to right."""
    root = svg_root(svg)
    panels = [g for g in root.iter(f"{SVG}g") if g.get("class") == "panel"]
    return [_disks_of(panel, posts, magnetic) for panel in panels]
