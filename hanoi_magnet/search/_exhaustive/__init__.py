"""Exhaustive breadth-first search: whole state spaces, at the size the machine allows.

Private; the public names are re-exported by :mod:`hanoi_magnet`. The modules, one concept each:

* :mod:`.layout`: the dense integer code of a position, the one every search, graph and file
  uses (pure Python);
* :mod:`.neighbours`: the moves of one code at a time (pure Python);
* :mod:`.pure`: the layered search in pure Python, the reference and the fallback;
* :mod:`.compiled` (and its numba kernels, :mod:`._numba_kernels`): the layered search compiled,
  and the symmetry of the posts;
* :mod:`.engines`, :mod:`.dispatch`: which engine runs a search (numpy and numba are optional);
* :mod:`.tables`, :mod:`.moves`: the neighbours of many codes at once (numpy);
* :mod:`.bits`: the two-bit state table (numpy);
* :mod:`.layered`: the layered search over numpy arrays;
* :mod:`.bidirectional`: the one bidirectional search between two positions (pure Python), with
  its kernels: pure-Python marks, numpy visited bits (:mod:`.bidirectional_numpy`) and the
  frontier search (:mod:`.frontier`);
* :mod:`.macro`, :mod:`.recursive`, :mod:`.three_posts`: whole-space distances on three posts
  from the self-similar graph (numpy);
* :mod:`.distributed`: the layered search on a Dask cluster;
* :mod:`.budget`, :mod:`.estimate`, :mod:`.progress`: memory estimates and progress reports;
* :mod:`.queries`, :mod:`.results`: explore and its result; :mod:`.distance_tables`,
  :mod:`.remoteness`, :mod:`.remoteness_numpy`, :mod:`.verify`: distance tables;
  :mod:`.diameter`, :mod:`.diameter_numpy`: diameters; :mod:`.fileformat`: the files.

Nothing here imports numpy, numba or dask at module level except the modules that need them,
and those are imported only when a search asks for them.
"""
