"""Sphinx configuration for hanoi_magnet (no network access needed: no intersphinx)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import hanoi_magnet

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "hanoi_magnet"
author = "hanoi_magnet developers"
copyright = "2026, hanoi_magnet developers"
# the version of the package being documented (the installed metadata can lag behind an
# editable install's source, which is the one place the version is written)
release = hanoi_magnet.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx.ext.mathjax",
    # MathJax 3 copied into _static and loaded from there: formulas render with no network.
    "sphinx-mathjax-offline",
    "hanoi_docs",
    # the try-it page: Pyodide (npm) and the wheels, built into the output (no CDN)
    "pyodide_site",
]
# the Pyodide release the try-it page runs (npm package "pyodide"; 0.29: Python 3.13)
pyodide_version = "0.29.5"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_class_signature = "separated"
autodoc_default_options = {"members": True, "show-inheritance": True}

doctest_global_setup = "import hanoi_magnet as hm"
# The default also ignores exception messages; ours are part of the API, so compare them.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_test_doctest_blocks = "default"

nitpicky = True
# Without intersphinx (the build machines are offline), standard-library targets cannot be
# linked; everything of our own must resolve.
nitpick_ignore_regex = [
    ("py:.*", r"(collections\.abc|typing|typing_extensions|enum|re|importlib\.metadata)\..*"),
    ("py:.*", r"fractions\.Fraction"),
    ("py:.*", r"http\.server\..*"),
    ("py:.*", r"argparse\..*"),
    ("py:.*", r"(pathlib|array|random|dask)\..*"),  # standard library and Dask (no intersphinx)
    ("py:.*", r"traitlets\..*"),  # the widget's validation errors (traitlets, no intersphinx)
    ("py:.*", r"(int|str|bool|object|type|tuple|list|dict|range|slice|Exception|ValueError)"),
    ("py:.*", r"(TypeError|LookupError|IndexError|UserWarning|Iterator|Iterable|Callable)"),
    ("py:class", r"hanoi_magnet\.registry\.S"),
    ("py:class", r"hanoi_magnet(\.\w+)*\._\w+"),  # private helpers named in signatures
    ("py:class", r"hanoi_magnet(\.\w+)*\._\w+(\.\w+)+"),  # and names in private modules
]

templates_path: list[str] = []
# Pages written at build time and published beside the HTML as they are (the viewer's exports,
# shown in an iframe); the directory must exist before the build starts.
VIEWER_PAGES = Path(__file__).parent / "_generated" / "pages"
VIEWER_PAGES.mkdir(parents=True, exist_ok=True)
html_extra_path = [str(VIEWER_PAGES)]
exclude_patterns = ["_build"]
html_title = f"hanoi_magnet {release}"
try:
    import furo  # noqa: F401

    html_theme = "furo"
except ImportError:  # the default theme is fine too
    html_theme = "alabaster"
