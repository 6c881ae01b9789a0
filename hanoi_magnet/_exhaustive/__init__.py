"""Exhaustive breadth-first search: whole state spaces, at the size the machine allows.

Private; the public names are re-exported by :mod:`hanoi_magnet`. The modules, one concept each:

* :mod:`.layout`: the dense integer code of a position (pure Python);
* :mod:`.pure`: the layered search in pure Python, the reference and the fallback;
* :mod:`.tables`, :mod:`.moves`: the neighbours of many codes at once (numpy);
* :mod:`.bits`: the two-bit state table (numpy);
* :mod:`.layered`: the layered search over numpy arrays;
* :mod:`.bidirectional`: distances and paths between two positions (numpy);
* :mod:`.recursive`: whole-space distances for three posts from the self-similar graph (numpy);
* :mod:`.distributed`: the layered search on a Dask cluster;
* :mod:`.budget`, :mod:`.progress`: memory estimates and progress reports;
* :mod:`.results`, :mod:`.remoteness`, :mod:`.fileformat`, :mod:`.queries`: what the public
  functions return, and how it is written to files.

Nothing here imports numpy or dask at module level except the modules that need them, and
those are imported only when a search asks for them.
"""
