"""The solver registry: variant labels mapped to solver classes.

Built-in solvers register here with :func:`register`, exactly as third-party ones may; packages
can also declare solvers in the entry-point group ``hanoi_magnet.solvers`` (name = label,
value = ``module:SolverClass``), which is read on the first lookup and each entry loaded when
its label is first asked for. ``import hanoi_magnet`` never fails because of a plugin: one that
fails to load is dropped from :func:`labels`, and asking for its label raises
:class:`~hanoi_magnet.UnknownVariantError` saying which plugin failed and why. A plugin that
offers a built-in label is ignored, with one :class:`PluginWarning` a process.
"""

from __future__ import annotations

import re
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

from hanoi_magnet._path import three_post_path
from hanoi_magnet._steps import PlanClass, add_family
from hanoi_magnet.errors import InvalidArgumentError, UnknownVariantError
from hanoi_magnet.model import Move, State, _disk_count
from hanoi_magnet.plans import PlanSolver
from hanoi_magnet.solution import Solution
from hanoi_magnet.variants import Variant, normalize_label

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = [
    "ENTRY_POINT_GROUP",
    "PluginWarning",
    "Registry",
    "Solver",
    "default_registry",
    "labels",
    "register",
    "solve",
]

#: The entry-point group third-party packages use to offer solvers.
ENTRY_POINT_GROUP = "hanoi_magnet.solvers"

#: The plugin warnings already given in this process (each is given once, whatever asks).
_WARNED: set[str] = set()
_PACKAGE = __file__.rpartition("registry.py")[0]  # this package's directory, with its separator

S = TypeVar("S", bound=type[Any])


@runtime_checkable
class Solver(Protocol):
    """What a solver must offer: the variant it solves and the moves for n disks.

    A registered solver is a class; the registry makes an instance with no arguments. Its
    :meth:`solve` may return a :class:`~hanoi_magnet.Solution` or any iterable of
    :class:`~hanoi_magnet.Move`; in the second case the registry wraps the moves so that
    indexing, :meth:`~hanoi_magnet.Solution.unrank` and :meth:`~hanoi_magnet.Solution.rank` work
    by replay — or through the solver's own ``length(n)``, ``per_disk(n)``, ``unrank(n, k)``
    and ``rank(n, state)`` methods when it defines them.

    Example:
        >>> from hanoi_magnet import Move, Registry, Variant
        >>> registry = Registry()
        >>> @registry.register("classic")
        ... class TwoDisks:
        ...     variant = Variant.from_label("classic")
        ...     def solve(self, n):
        ...         return [Move(1, 0, 1), Move(2, 0, 2), Move(1, 1, 2)][: 3 if n else 0]
        >>> registry.solve("classic", 2).unrank(1)
        State(((2,), (1,), ()))
    """

    @property
    def variant(self) -> Variant:
        """The puzzle this solver solves."""
        ...

    def solve(self, n: int) -> Iterable[Move]:
        """The moves of a solution with ``n`` disks."""
        ...


class PluginWarning(UserWarning):
    """A solver plugin (entry point) is ignored: it offers a built-in label, or fails to load.

    Each is given once a process, as one line naming the plugin and the label.

    Example:
        >>> from hanoi_magnet import PluginWarning
        >>> issubclass(PluginWarning, UserWarning)
        True
    """


class Registry:
    """Labels mapped to solver classes.

    Lookups are case-insensitive (``"nnn"`` finds ``"NNN"``). The module-level
    :data:`default_registry` holds the built-in solvers and the installed plugins; create a
    ``Registry()`` (empty) or :meth:`Registry.copy` the default for a custom set.

    Example:
        >>> from hanoi_magnet import default_registry
        >>> "NNN" in default_registry, "nnn" in default_registry
        (True, True)
        >>> default_registry.get("nnn").label
        'NNN'
    """

    def __init__(self, *, entry_point_group: str | None = None) -> None:
        self._solvers: dict[str, type[Any]] = {}
        self._families: list[tuple[re.Pattern[str], Callable[[str], type[Any]]]] = []
        # family members made on demand (classic:7): remembered, but not listed by labels(),
        # which stays the same whatever was looked up before
        self._made: set[str] = set()
        self._group = entry_point_group
        self._entry_points: dict[str, EntryPoint] | None = None
        # plugins that failed to load: label -> why (get() says it; labels() no longer lists it)
        self._failed: dict[str, str] = {}
        self._lock = threading.RLock()

    # -- registration ---------------------------------------------------------------------------

    @overload
    def register(self, label: str, *, replace: bool = False) -> Callable[[S], S]: ...
    @overload
    def register(self, label: str, solver: S, *, replace: bool = False) -> S: ...
    def register(
        self, label: str, solver: S | None = None, *, replace: bool = False
    ) -> S | Callable[[S], S]:
        """Register a solver class under ``label``; usable as a decorator.

        Raises:
            ValueError: the label is taken and ``replace`` is false
                (:class:`~hanoi_magnet.InvalidArgumentError`).

        Example:
            >>> from hanoi_magnet import Registry, default_registry
            >>> registry = Registry()
            >>> registry.register("NNN", default_registry.get("NNN"))
            <class 'hanoi_magnet.solvers.magnetic.NNN'>
            >>> registry.register("NNN", default_registry.get("RNN"))
            Traceback (most recent call last):
            ...
            hanoi_magnet.errors.InvalidArgumentError: label 'NNN' is already registered to ...
        """
        key = normalize_label(label)
        if not key:
            raise InvalidArgumentError("a label must not be empty")

        def add(cls: S) -> S:
            if not isinstance(cls, type):
                raise InvalidArgumentError(
                    f"register expects a solver class, got {type(cls).__name__} {cls!r}"
                )
            with self._lock:
                existing = self._solvers.get(key)
                if existing is not None and existing is not cls and not replace:
                    raise InvalidArgumentError(
                        f"label {key!r} is already registered to {existing.__qualname__}; "
                        "pass replace=True to replace it"
                    )
                if issubclass(cls, PlanSolver):
                    cls._bind(key)
                self._solvers[key] = cls
                self._made.discard(key)  # registered by name: listed
            return cls

        return add if solver is None else add(solver)

    def register_family(self, pattern: str, factory: Callable[[str], type[Any]]) -> None:
        """Answer every label that matches the regular expression ``pattern``.

        The answer is ``factory(label)``, called once per label; the class is then registered.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.get("classic:6").label  # made on demand
            'classic:6'
        """
        self._families.append((re.compile(pattern), factory))

    def unregister(self, label: str) -> None:
        """Remove ``label``.

        Example:
            >>> from hanoi_magnet import Registry, default_registry
            >>> registry = default_registry.copy()
            >>> registry.unregister("NNN")
            >>> "NNN" in registry
            False
        """
        key = normalize_label(label)
        with self._lock:
            if self._solvers.pop(key, None) is None:
                raise UnknownVariantError(label, self.labels())
            self._made.discard(key)

    def copy(self) -> Registry:
        """A new registry with the same solvers, families and plugin group.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> len(default_registry.copy().labels()) == len(default_registry.labels())
            True
        """
        new = Registry(entry_point_group=self._group)
        new._solvers = dict(self._solvers)
        new._families = list(self._families)
        new._made = set(self._made)
        # Which labels came from plugins (loaded or not): a copy must not read them afresh and
        # mistake a loaded plugin for a built-in.
        new._entry_points = None if self._entry_points is None else dict(self._entry_points)
        new._failed = dict(self._failed)
        return new

    # -- lookup ---------------------------------------------------------------------------------

    def get(self, label: str) -> type[Any]:
        """The solver class registered under ``label``.

        Raises:
            UnknownVariantError: no solver answers to ``label``; the message lists the close
                matches (or, when a plugin offers the label but fails to load, says which
                plugin and why).

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.get("classic:4").__name__
            'FrameStewart4'
        """
        key = normalize_label(label)
        with self._lock:
            found = self._solvers.get(key)
            if found is not None:
                return found
            for pattern, factory in self._families:
                if pattern.fullmatch(key):
                    made = self.register(key, factory(key))
                    self._made.add(key)
                    return made
            entry = self._plugins().get(key)
            if entry is not None:
                loaded = self._load(key, entry)
                if loaded is not None:
                    return loaded
            failure = self._failed.get(key)
            if failure is not None:
                raise UnknownVariantError(label, (), reason=failure)
        raise UnknownVariantError(label, self.labels())

    def solver(self, label: str) -> Solver:
        """An instance of the solver registered under ``label``.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.solver("RRB").variant.label
            'RRB'
        """
        cls = self.get(label)
        try:
            return cls()  # type: ignore[no-any-return]
        except Exception as error:
            raise InvalidArgumentError(
                f"solver class {cls.__qualname__} for {label!r} cannot be created without "
                f"arguments: {error}"
            ) from error

    def variant(self, label: str) -> Variant:
        """The variant that the solver for ``label`` solves.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> default_registry.variant("NBR").goal_face
            Color.RED
        """
        variant = getattr(self.get(label), "variant", None)
        if not isinstance(variant, Variant):
            raise InvalidArgumentError(f"the solver for {label!r} has no Variant in .variant")
        return variant

    def solve(
        self,
        label: str,
        n: int | None = None,
        *,
        start: State | None = None,
        goal: State | None = None,
    ) -> Solution:
        """The optimal solution of ``label`` with ``n`` disks, or from ``start`` to ``goal``.

        With ``start`` and/or ``goal`` (legal positions under the variant's rules; the other
        end defaults to the variant's own), the answer is a shortest path between them (a
        :class:`~hanoi_magnet.search.Path`, three posts: exact in O(n) steps); ``n`` may then
        be left out.

        Raises:
            UnknownVariantError: no solver for ``label``.
            UnsolvableError: the variant has no solution (for n >= 1).
            UnreachableError: ``goal`` cannot be reached from ``start``.
            TooLargeError: from ``start`` or to ``goal``, a path whose recorded choices would
                take more than 512 MiB (more than 209,715 disks; see :doc:`/distances`).
            InvalidArgumentError: ``n`` is not an integer from 0 to
                :data:`~hanoi_magnet.model.MAX_DISKS`, or a position is not legal under the
                variant's rules (or has another number of disks), or it has four or more
                posts (use :func:`hanoi_magnet.search.shortest_path`).

        Example:
            >>> from hanoi_magnet import State, default_registry
            >>> default_registry.solve("linear", 3).length
            26
            >>> path = default_registry.solve("classic", start=State([[2], [1], []]))
            >>> path.length, [str(move) for move in path]
            (2, ['2: S -> D', '1: I -> D'])
        """
        if start is not None or goal is not None:
            return self._between(label, n, start, goal)
        if n is None:
            raise InvalidArgumentError("solve needs n (the number of disks), or a start or goal")
        n = _disk_count(n)
        solver = self.solver(label)
        result = solver.solve(n)
        if isinstance(result, Solution):
            return result
        return Solution.from_moves(self.variant(label), n, result, solver=solver)

    def _between(
        self, label: str, n: int | None, start: State | None, goal: State | None
    ) -> Solution:
        variant = self.variant(label)
        size = (start or goal).n if n is None else _disk_count(n)  # type: ignore[union-attr]
        ends = (
            variant.start(size) if start is None else start,
            variant.goal(size) if goal is None else goal,
        )
        for name, state in zip(("start", "goal"), ends, strict=True):
            if not isinstance(state, State):
                raise InvalidArgumentError(f"{name} must be a State, got {type(state).__name__}")
            reason = variant.rules.check_state(state)
            if reason is not None:
                raise InvalidArgumentError(
                    f"the {name} is not a legal position of {label}: {reason}"
                )
            if state.n != size:
                raise InvalidArgumentError(f"the {name} has {state.n} disks, not {size}")
        if variant.posts != 3:
            raise InvalidArgumentError(
                f"{label} has {variant.posts} posts; paths between any positions are exact on "
                "three posts (for more, search: hanoi_magnet.search.shortest_path)"
            )
        return three_post_path(variant.rules, ends[0], ends[1], variant=variant)

    def labels(self, *, load_plugins: bool = False) -> tuple[str, ...]:
        """Every registered label and every installed plugin's label, sorted.

        A plugin is imported only when its label is first asked for, so a plugin that will
        fail to load is listed until then (and dropped after). With ``load_plugins=True``
        every plugin is loaded first: the list is then exactly the labels that can be solved,
        and each plugin that failed gives one :class:`PluginWarning` saying why.

        Example:
            >>> from hanoi_magnet import default_registry
            >>> labels = default_registry.labels()
            >>> "NNN" in labels and "classic" in labels
            True
            >>> default_registry.labels(load_plugins=True) == labels  # no broken plugin here
            True
        """
        with self._lock:
            if load_plugins:
                for key, entry in list(self._plugins().items()):
                    if key not in self._solvers and self._load(key, entry) is None:
                        _warn_once(f"label {key!r} left out: {self._failed[key]}")
            listed = set(self._solvers) - self._made
            return tuple(sorted(listed | set(self._plugins())))

    def __contains__(self, label: object) -> bool:
        if not isinstance(label, str):
            return False
        try:
            self.get(label)
        except UnknownVariantError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.labels())

    def __len__(self) -> int:
        return len(self.labels())

    def __repr__(self) -> str:
        return f"<Registry of {len(self._solvers)} solvers>"

    # -- plugins --------------------------------------------------------------------------------

    def _plugins(self) -> dict[str, EntryPoint]:
        """The plugin entry points not yet loaded, read once (metadata only; nothing imported).

        A plugin offering a label the registry already answers to (a registered label or a
        family member such as ``classic:7``) is left out, with one warning a process.
        """
        if self._entry_points is None:
            self._entry_points = {}
            if self._group is not None:
                from importlib import metadata  # noqa: PLC0415 (only when plugins are read)

                for entry in metadata.entry_points(group=self._group):
                    key = normalize_label(entry.name)
                    if key in self._solvers or self._in_family(key):
                        _warn_once(
                            f"solver plugin {_plugin_name(entry)} offers the label {key!r}, "
                            "which is built in: the built-in solver is kept and the plugin's "
                            "ignored"
                        )
                        continue
                    self._entry_points[key] = entry
        return self._entry_points

    def _in_family(self, key: str) -> bool:
        return any(pattern.fullmatch(key) for pattern, _ in self._families)

    def _load(self, key: str, entry: EntryPoint) -> type[Any] | None:
        """Import a plugin and register its class; on failure, remember why and return None."""
        try:
            loaded = entry.load()
            if not isinstance(loaded, type):
                raise TypeError(f"it is a {type(loaded).__name__}, not a solver class")
            self.register(key, loaded)
        except Exception as error:
            assert self._entry_points is not None
            self._entry_points.pop(key, None)
            reason = f"{type(error).__name__}: {error}".splitlines()[0]
            self._failed[key] = (
                f"the solver plugin {_plugin_name(entry)} that offers it could not be loaded "
                f"({reason})"
            )
            return None
        return loaded


def _plugin_name(entry: EntryPoint) -> str:
    """A plugin for a message: its distribution (when known) and its ``module:Class``."""
    dist = getattr(entry, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return f"{name!r} ({entry.value})" if name else repr(entry.value)


def _warn_once(message: str) -> None:
    """A PluginWarning, once a process, attributed to the first caller outside the package."""
    if message in _WARNED:
        return
    _WARNED.add(message)
    level, frame = 2, sys._getframe(1)
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, PluginWarning, stacklevel=level)


#: The registry of the built-in solvers and installed plugins.
default_registry = Registry(entry_point_group=ENTRY_POINT_GROUP)


def register(label: str, *, replace: bool = False) -> Callable[[S], S]:
    """Decorator: register a solver class in the :data:`default_registry` under ``label``.

    Example:
        >>> from hanoi_magnet import default_registry, register, solve
        >>> from hanoi_magnet.plans import PlanSolver, SubStep
        >>> @register("my-rrb")
        ... class MyRRB(PlanSolver):
        ...     '''RRB under another name: a whole-puzzle sub-solve of the built-in table.'''
        ...     variant = default_registry.variant("RRB")
        ...     plan = (SubStep("RRB", "SID", disks=0),)
        >>> solve("my-rrb", 5).length
        121
        >>> default_registry.unregister("my-rrb")
    """
    return default_registry.register(label, replace=replace)


def solve(
    label: str,
    n: int | None = None,
    *,
    start: State | None = None,
    goal: State | None = None,
) -> Solution:
    """The optimal solution of the variant ``label`` with ``n`` disks (see :class:`Solution`).

    With ``start`` or ``goal``, the shortest path between them under the variant's rules
    (see :meth:`Registry.solve`).

    Example:
        >>> from hanoi_magnet import State, solve
        >>> [str(move) for move in solve("NNN", 2)]
        ['1: S -> I', '2: S -> D', '1: I -> S', '1: S -> D']
        >>> solve("NNN", start=State([[2], [1], []], faces="RB")).length
        5
    """
    return default_registry.solve(label, n, start=start, goal=goal)


def labels(*, load_plugins: bool = False) -> tuple[str, ...]:
    """Every label the default registry answers to (``classic:P`` works for any P >= 3).

    With ``load_plugins=True``, the installed plugins are loaded first, so that the list holds
    exactly the labels that can be solved (see :meth:`Registry.labels`).

    Example:
        >>> from hanoi_magnet import labels
        >>> len([label for label in labels() if len(label) == 3 and label.isupper()])
        27
    """
    return default_registry.labels(load_plugins=load_plugins)


def _plan_family(label: str) -> type[PlanClass] | None:
    """Let plan tables name family members (``classic:7``) the default registry makes."""
    for pattern, _factory in default_registry._families:
        if pattern.fullmatch(label):
            made = default_registry.get(label)
            return made if issubclass(made, PlanSolver) else None
    return None


add_family(_plan_family)
