from __future__ import annotations

import subprocess
import sys
import warnings
from importlib import metadata
from pathlib import Path

import pytest

from hanoi_magnet import (
    ENTRY_POINT_GROUP,
    InvalidArgumentError,
    PluginWarning,
    Registry,
    UnknownVariantError,
    Variant,
    default_registry,
    labels,
    register,
    solve,
)
from hanoi_magnet import registry as registry_module
from hanoi_magnet.plans import PlanSolver, SubStep


def test_builtin_labels():
    known = labels()
    assert len([label for label in known if label.isupper()]) == 27
    for label in ("classic", "classic:4", "classic:5", "linear", "cyclic", "cyclic:ccw"):
        assert label in known


def test_lookup_is_case_insensitive_and_families_are_made_on_demand():
    assert default_registry.get("nNn") is default_registry.get("NNN")
    made = default_registry.get("classic:12")
    assert made.label == "classic:12"
    assert made is default_registry.get("CLASSIC:12")
    assert solve("classic:12", 3).length == 5


def test_unknown_label_lists_close_matches():
    with pytest.raises(UnknownVariantError) as caught:
        solve("NNQ", 2)
    assert "NNN" in caught.value.suggestions
    with pytest.raises(UnknownVariantError) as caught:
        default_registry.get("linaer")
    assert caught.value.suggestions[0] == "linear"
    assert "unknown variant label 'linaer'; did you mean 'linear'" in str(caught.value)


def test_duplicates_are_rejected_unless_replaced():
    registry = default_registry.copy()
    nnn = registry.get("NNN")
    with pytest.raises(ValueError, match="already registered"):
        registry.register("NNN", registry.get("RNN"))
    registry.register("NNN", nnn)  # the same class again is fine
    registry.register("nnn", registry.get("RNN"), replace=True)
    assert registry.get("NNN") is registry.get("RNN")
    assert default_registry.get("NNN") is nnn  # copies are independent


def test_register_requires_a_class_and_a_label():
    registry = Registry()
    with pytest.raises(InvalidArgumentError, match="expects a solver class"):
        registry.register("x", object())  # type: ignore[call-overload]
    with pytest.raises(InvalidArgumentError, match="must not be empty"):
        registry.register("  ", PlanSolver)


def test_unregister_and_container_protocol():
    registry = default_registry.copy()
    registry.unregister("NNN")
    assert "NNN" not in registry
    assert 3 not in registry
    with pytest.raises(UnknownVariantError):
        registry.unregister("NNN")
    assert len(registry) == len(list(registry))
    assert "Registry of" in repr(registry)


def test_solver_classes_needing_arguments_are_reported():
    registry = Registry()

    @registry.register("classic")
    class NeedsArguments:
        variant = Variant.from_label("classic")

        def __init__(self, speed):
            self.speed = speed

    with pytest.raises(InvalidArgumentError, match="cannot be created without arguments"):
        registry.solve("classic", 3)


def test_register_decorator_on_the_default_registry():
    @register("test-rrb")
    class Alias(PlanSolver):
        variant = default_registry.variant("RRB")
        plan = (SubStep("RRB", "SID", disks=0),)

    try:
        assert solve("test-rrb", 4).length == 40
        assert Alias.label == "test-rrb"
    finally:
        default_registry.unregister("test-rrb")


def _with_entry_points(monkeypatch, *entries, dist=None):
    points = [metadata.EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in entries]
    if dist is not None:
        points = [point._for(dist) for point in points]

    def fake(*, group):
        assert group == ENTRY_POINT_GROUP
        return points

    monkeypatch.setattr(metadata, "entry_points", fake)  # imported when plugins are read
    monkeypatch.setattr(registry_module, "_WARNED", set())  # a fresh process, for the warnings
    return Registry(entry_point_group=ENTRY_POINT_GROUP)


def test_plugins_are_listed_then_loaded_on_first_lookup(monkeypatch):
    registry = _with_entry_points(
        monkeypatch, ("Relabelled", "tests.plugins.good:RelabelledClassic")
    )
    registry.register("classic", default_registry.get("classic"))
    monkeypatch.delitem(sys.modules, "tests.plugins.good", raising=False)
    assert "relabelled" in registry.labels()
    assert "tests.plugins.good" not in sys.modules  # listed, not imported
    assert registry.solve("relabelled", 4).length == 15
    assert "tests.plugins.good" in sys.modules


def test_a_broken_plugin_is_dropped_and_its_label_says_why(monkeypatch):
    registry = _with_entry_points(
        monkeypatch,
        ("broken", "tests.plugins.broken:Nothing"),
        ("not-a-class", "tests.plugins.good:__doc__"),
    )
    registry.register("classic", default_registry.get("classic"))
    registry.register("my-rrb", default_registry.get("RRB"))
    assert {"broken", "not-a-class"} <= set(registry.labels())  # listed: not imported yet
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the error says it all: no warning besides
        for _ in range(2):  # the same answer every time, not "did you mean 'my-rrb'"
            with pytest.raises(UnknownVariantError) as caught:
                registry.get("broken")
            message = str(caught.value)
            assert "'tests.plugins.broken:Nothing' that offers it could not be loaded" in message
            assert "RuntimeError: this plugin is broken on purpose" in message
            assert "did you mean" not in message and caught.value.suggestions == ()
        with pytest.raises(UnknownVariantError, match="not a solver class"):
            registry.solve("not-a-class", 3)
        assert "not-a-class" not in registry
    assert registry.solve("classic", 3).length == 7
    assert registry.labels() == ("classic", "my-rrb")  # the listing matches what solves
    copy = registry.copy()
    with pytest.raises(UnknownVariantError, match="could not be loaded"):
        copy.get("broken")


def test_loading_every_plugin_lists_exactly_what_can_be_solved(monkeypatch):
    registry = _with_entry_points(
        monkeypatch,
        ("broken", "tests.plugins.broken:Nothing"),
        ("Relabelled", "tests.plugins.good:RelabelledClassic"),
    )
    registry.register("classic", default_registry.get("classic"))
    with pytest.warns(PluginWarning) as caught:
        listed = registry.labels(load_plugins=True)
    assert listed == ("classic", "relabelled")
    assert [str(w.message) for w in caught] == [
        (
            "label 'broken' left out: the solver plugin 'tests.plugins.broken:Nothing' that "
            "offers it could not be loaded (RuntimeError: this plugin is broken on purpose)"
        )
    ]
    for label in listed:
        assert registry.solve(label, 3).length == 7
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once a process
        assert registry.labels(load_plugins=True) == listed
        assert _with_entry_points(monkeypatch, ("broken", "tests.plugins.broken:Nothing")).labels(
            load_plugins=False
        ) == ("broken",)


def test_a_plugin_cannot_shadow_a_builtin(monkeypatch):
    registry = _with_entry_points(monkeypatch, ("NNN", "tests.plugins.good:RelabelledClassic"))
    registry.register("NNN", default_registry.get("NNN"))
    with pytest.warns(PluginWarning) as caught:
        registry.labels()
    assert [str(w.message) for w in caught] == [
        (
            "solver plugin 'tests.plugins.good:RelabelledClassic' offers the label 'NNN', which "
            "is built in: the built-in solver is kept and the plugin's ignored"
        )
    ]
    assert "\n" not in str(caught[0].message)
    assert caught[0].filename == __file__  # the caller's line, not the library's internals
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert registry.get("NNN") is default_registry.get("NNN")
        # once a process: another registry reading the same plugins does not warn again
        again = Registry(entry_point_group=ENTRY_POINT_GROUP)
        again.register("NNN", default_registry.get("NNN"))
        assert again.labels() == ("NNN",)


def test_the_shadowing_warning_names_the_distribution(monkeypatch):
    dist = metadata.PathDistribution(Path("/nonexistent/my_plugin-1.0.dist-info"))
    monkeypatch.setattr(type(dist), "name", property(lambda self: "my-plugin"))
    registry = _with_entry_points(
        monkeypatch, ("Classic:7", "my_plugin:Seven"), ("NNN", "my_plugin:Mine"), dist=dist
    )
    registry.register("NNN", default_registry.get("NNN"))
    registry.register_family(r"classic:\d+", default_registry.get)
    with pytest.warns(PluginWarning) as caught:
        assert registry.labels() == ("NNN",)
    assert sorted(str(w.message) for w in caught) == [
        (
            "solver plugin 'my-plugin' (my_plugin:Mine) offers the label 'NNN', which is built "
            "in: the built-in solver is kept and the plugin's ignored"
        ),
        (
            "solver plugin 'my-plugin' (my_plugin:Seven) offers the label 'classic:7', which is "
            "built in: the built-in solver is kept and the plugin's ignored"
        ),
    ]


def test_import_hanoi_magnet_reads_no_plugin():
    code = (
        "import hanoi_magnet as hm\n"
        "assert hm.default_registry._entry_points is None, 'entry points read on import'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")


def test_labels_do_not_depend_on_what_was_looked_up_before():
    before = labels()
    assert {"classic:4", "classic:5", "linear"} <= set(before)
    assert solve("classic:11", 3).length == 5  # a family member made on demand (2n - 1)
    assert "classic:11" in default_registry and labels() == before
    copy = default_registry.copy()
    assert copy.labels() == before and copy.get("classic:11") is default_registry.get("classic:11")
    copy.register("classic:11", default_registry.get("classic:11"), replace=True)
    assert "classic:11" in copy.labels() and "classic:11" not in labels()
