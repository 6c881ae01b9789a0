"""Thin adapters to the harnesses people evaluate and train models in, one module each.

Each module imports its harness (an optional extra) when it is imported, and nothing else in
hanoi_magnet imports it; each draws instances from :func:`hanoi_magnet.evaluation.generate`,
scores with :func:`hanoi_magnet.evaluation.score` and plays through
:class:`hanoi_magnet.episode.Episode`, adding no logic of its own.

* :mod:`hanoi_magnet.integrations.reasoning_gym`: the ``hanoi_magnet`` procedural dataset and
  curriculum (extra ``[reasoning-gym]``).
* :mod:`hanoi_magnet.integrations.inspect_ai`: inspect_ai tasks, single-turn and with a move
  tool (``[inspect]``).
* :mod:`hanoi_magnet.integrations.gymnasium`: ``HanoiEnv`` and ``HanoiMagnet/<label>-v0``
  (``[gym]``).
* :mod:`hanoi_magnet.integrations.verifiers`: a verifiers 0.4 task set and environment
  (``[verifiers]``; the package ``environments/hanoi_magnet_env`` exports them).
* :mod:`hanoi_magnet.integrations.openenv`: the episode as an OpenEnv environment, its
  FastAPI app and client (``[openenv]``).
* :mod:`hanoi_magnet.integrations.hf_datasets`: instance sets as Hugging Face datasets and
  Parquet (``[hf]``).

The install commands (from a checkout, a wheel, or the index) and the policies every adapter
shares are on :doc:`/integrations/index`.
"""
