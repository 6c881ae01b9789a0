"""The package's imports go one way: no cycles, and no layer imports a layer above it.

Every import statement counts — module level, inside functions, under ``if TYPE_CHECKING:`` —
so a cycle cannot hide in a late import. Read with :mod:`ast`, nothing is executed.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hanoi_magnet"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` imports (a package counts as its __init__)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from pkg import module`` imports the module; ``from module import name`` the module
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            # the deepest known module the name points into
            parts = target.split(".")
            while parts and ".".join(parts) not in known:
                parts.pop()
            if parts and ".".join(parts) != name:
                found.add(".".join(parts))
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_import_graph_has_no_cycle():
    edges = graph()
    # the package facade imports downward from everything; nothing may import it back
    facade = edges.pop("hanoi_magnet")
    assert facade
    importers = sorted(name for name, targets in edges.items() if "hanoi_magnet" in targets)
    assert importers == [], f"modules importing the facade: {importers}"
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_function_level_and_type_checking_imports_count(tmp_path):
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from hanoi_magnet.b import X\n"
        "def f():\n    from hanoi_magnet import c\n"
    )
    path = tmp_path / "a.py"
    path.write_text(source)
    known = {"hanoi_magnet.a", "hanoi_magnet.b", "hanoi_magnet.c"}
    assert imports_of("hanoi_magnet.a", path, known) == {"hanoi_magnet.b", "hanoi_magnet.c"}


#: The layers, bottom first (DESIGN.md, docs/architecture.rst): a module may import its own
#: layer's modules of the same package, and anything below.
LAYERS = [
    ("the puzzle", ["hanoi_magnet._digits", "hanoi_magnet._text", "hanoi_magnet._errors",
                    "hanoi_magnet._lazy", "hanoi_magnet._lookalikes",
                    "hanoi_magnet._numbers", "hanoi_magnet._state_text", "hanoi_magnet.model",
                    "hanoi_magnet.errors", "hanoi_magnet.rules", "hanoi_magnet._arcs",
                    "hanoi_magnet.variants"]),
    ("plan data and math", ["hanoi_magnet._math", "hanoi_magnet._steps"]),
    ("the engine", ["hanoi_magnet._engine"]),
    ("solutions", ["hanoi_magnet._backends", "hanoi_magnet.solution", "hanoi_magnet._path"]),
    ("solving", ["hanoi_magnet.plans", "hanoi_magnet.registry", "hanoi_magnet.solvers",
                 "hanoi_magnet.validate", "hanoi_magnet._move_text", "hanoi_magnet._replay",
                 "hanoi_magnet._replay_loops"]),
    ("capabilities", ["hanoi_magnet.theory", "hanoi_magnet.search", "hanoi_magnet.notation"]),
    ("pictures", ["hanoi_magnet.draw"]),
    ("applications", ["hanoi_magnet.view", "hanoi_magnet.testing", "hanoi_magnet.pytest_plugin",
                      "hanoi_magnet.evaluation", "hanoi_magnet.episode"]),
    ("harness adapters", ["hanoi_magnet.integrations"]),
    ("the command line", ["hanoi_magnet.cli", "hanoi_magnet.__main__"]),
]  # fmt: skip


def layer_of(module: str) -> tuple[int, str]:
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                return index, prefix
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def test_imports_go_down_the_layers():
    edges = graph()
    edges.pop("hanoi_magnet")
    wrong = []
    for source, targets in sorted(edges.items()):
        here, home = layer_of(source)
        for target in sorted(targets):
            there, other = layer_of(target)
            if there > here or (there == here and other != home and not _sideways(home, other)):
                wrong.append(f"{source} -> {target}")
    assert wrong == []


def _sideways(a: str, b: str) -> bool:
    """Imports within one layer between these homes are fine (their order: no cycles)."""
    solving = {"hanoi_magnet.plans", "hanoi_magnet.registry", "hanoi_magnet.solvers",
               "hanoi_magnet.validate", "hanoi_magnet._move_text", "hanoi_magnet._replay",
               "hanoi_magnet._replay_loops"}  # fmt: skip
    puzzle = {"hanoi_magnet._text", "hanoi_magnet._errors", "hanoi_magnet._numbers",
              "hanoi_magnet._state_text", "hanoi_magnet.model", "hanoi_magnet.errors",
              "hanoi_magnet.rules", "hanoi_magnet._arcs", "hanoi_magnet.variants"}  # fmt: skip
    math = {"hanoi_magnet._math", "hanoi_magnet._steps"}
    solutions = {"hanoi_magnet._backends", "hanoi_magnet.solution", "hanoi_magnet._path"}
    plugin = {"hanoi_magnet.pytest_plugin", "hanoi_magnet.testing"}
    command = {"hanoi_magnet.__main__", "hanoi_magnet.cli"}
    episode = {"hanoi_magnet.evaluation", "hanoi_magnet.episode"}  # the episode reads instances
    groups = (solving, puzzle, math, solutions, plugin, command, episode)
    return any({a, b} <= group for group in groups)


#: The search engine (docs/architecture.rst): one position code (``layout``) under three
#: interchangeable kernels. Only the compiled kernel's driver may import the numba module, and the
#: modules every search needs import neither numpy nor numba at module level.
EXHAUSTIVE = "hanoi_magnet.search._exhaustive"
WITHOUT_ARRAYS = [
    "layout",
    "neighbours",
    "pure",
    "bidirectional",
    "engines",
    "dispatch",
    "budget",
    "estimate",
    "queries",
    "symmetry",
    "invariants",
    "all_pairs",
    "graph_invariants",
]


def test_the_exhaustive_kernels_share_one_code_and_stay_apart():
    edges = graph()
    numba_users = sorted(
        source for source, targets in edges.items() if f"{EXHAUSTIVE}._numba_kernels" in targets
    )
    assert numba_users == [f"{EXHAUSTIVE}.compiled"]
    for kernel in ("pure", "layered", "compiled", "neighbours", "bidirectional_numpy", "frontier"):
        assert f"{EXHAUSTIVE}.layout" in _closure(edges, f"{EXHAUSTIVE}.{kernel}")
    for name in WITHOUT_ARRAYS:
        path = PACKAGE / "search" / "_exhaustive" / f"{name}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set()
        for node in tree.body:  # module level only: a search imports its engine when it runs
            if isinstance(node, ast.Import):
                top |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                top.add((node.module or "").split(".")[0])
        assert not {"numpy", "numba"} & top, name


def _closure(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in edges.get(todo.pop(), set()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_one_position_code_one_bidirectional_search_one_dot_writer():
    """Every search, graph and layout is on the layout's codes; the bidirectional kernels are
    reached only through the one loop; only the state graph writes DOT."""
    edges = graph()
    assert "hanoi_magnet.search._space" not in edges  # the first generation's codes are gone
    for user in ("_graph", "_layout", "_bidirectional"):
        assert f"{EXHAUSTIVE}.layout" in _closure(edges, f"hanoi_magnet.search.{user}"), user
    for kernel in ("bidirectional_numpy", "frontier"):
        importers = sorted(
            name for name, targets in edges.items() if f"{EXHAUSTIVE}.{kernel}" in targets
        )
        assert importers == [f"{EXHAUSTIVE}.bidirectional"], (kernel, importers)
    meets = [
        path.name
        for path in sorted(PACKAGE.rglob("*.py"))
        if "def meet(" in path.read_text(encoding="utf-8")
    ]
    assert meets == ["bidirectional.py"]
    writers = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "node [shape=" in path.read_text(encoding="utf-8")
    ]
    assert writers == ["search/_graph.py"]
