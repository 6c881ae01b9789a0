"""The regression guard: this checkout against an earlier revision, row by row, interleaved.

``python benchmarks/run.py --against REV`` (see ``benchmarks/README.md``):

* :mod:`.revisions` picks the revision (by default the previous main) and exports its package
  into a temporary directory;
* :mod:`.rows` defines the rows (the new tree's definitions, run against both packages);
* :mod:`.worker` runs rows in a subprocess that imports one tree's ``hanoi_magnet``;
* :mod:`.compare` alternates samples between the two workers and prints the table;
* :mod:`.stats` turns paired samples into medians, a ratio, its noise and a flag.
"""
