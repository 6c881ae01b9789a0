"""The search on a Dask cluster of several worker processes equals the in-memory one, count for
count (and farthest position for farthest position)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
distributed = pytest.importorskip("dask.distributed")

import hanoi_magnet as hm  # noqa: E402
from hanoi_magnet import search  # noqa: E402
from hanoi_magnet.search._exhaustive import distributed as backend  # noqa: E402

WORKERS = 3


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=WORKERS,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            worker_dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


CASES = [
    (hm.ClassicRules(4), hm.State.tower(1, posts=4)),  # fewer codes than workers: empty ranges
    (hm.ClassicRules(4), hm.State.tower(5, posts=4)),
    (hm.ClassicRules(5), hm.State([[4, 3], [2], [], [1], []])),
    (hm.ClassicRules(3, [(0, 1), (1, 2), (2, 0)]), hm.State.tower(4)),  # one-way moves
    (hm.ClassicRules(), hm.State([[5, 2], [4, 3], [1]])),
    (hm.MagneticRules("NNNN"), hm.State.tower(4, posts=4, face=hm.Color.RED)),
    (hm.MagneticRules("RBNN"), hm.State.tower(3, 2, posts=4, face=hm.Color.BLUE)),
    (hm.MagneticRules("NNN"), hm.State.tower(3, face=hm.Color.RED)),
]


@pytest.mark.parametrize(("rules", "start"), CASES, ids=repr)
def test_the_cluster_finds_what_one_process_finds(client, rules, start):
    events: list[search.SearchProgress] = []
    spread = search.explore(rules, start, client=client, progress=events.append)
    local = search.explore(rules, start)
    assert spread.counts == local.counts
    assert spread.farthest_positions() == local.farthest_positions()
    assert spread.engine == "dask" and spread.workers == WORKERS
    assert [event.layer for event in events if not event.done] == list(local.counts)
    assert all(event.workers == WORKERS for event in events) and events[-1].done
    # each worker held a third of the table, never the whole of it
    assert spread.peak_memory < 3 * (-(-8 * spread.reachable // 32) + 8 * WORKERS) + 8 * sum(
        local.counts
    )


def test_farthest_positions_are_kept_only_when_few(client, monkeypatch):
    start = hm.State.tower(5, posts=4)
    monkeypatch.setattr(backend, "KEEP", 1)  # each worker sends back at most one code
    spread = search.explore(hm.ClassicRules(4), start, client=client)
    assert spread.counts == search.explore(hm.ClassicRules(4), start).counts
    with pytest.raises(hm.SearchLimitError, match="were not kept"):
        spread.farthest_positions()


def test_nothing_is_left_on_the_workers(client):
    search.explore(hm.ClassicRules(4), hm.State.tower(3, posts=4), client=client)
    left = client.run(lambda: len(backend._PARTITIONS))
    assert set(left.values()) == {0}


def test_ranges_are_whole_words_and_cover_every_code():
    for size in (1, 31, 32, 1000, 4**9):
        for parts in (1, 2, 3, 7):
            bounds = backend.partition_bounds(size, parts)
            assert bounds[0] == 0 and bounds[-1] == size and len(bounds) == parts + 1
            assert bounds == sorted(bounds)
            assert all(bound % 32 == 0 or bound == size for bound in bounds)


def test_a_share_too_large_for_the_workers_is_refused_at_once(client):
    # each worker declares its memory limit to the scheduler; 4**20 codes / 3 are too many
    with pytest.raises(hm.SearchLimitError, match=r"on 3 workers \(per worker\) needs about"):
        search.explore(hm.ClassicRules(4), hm.State.tower(20, posts=4), client=client)
    with pytest.raises(hm.SearchLimitError, match="was not started"):
        search.explore(
            hm.ClassicRules(4), hm.State.tower(6, posts=4), client=client, max_memory=1000
        )


def test_not_a_client_is_refused():
    with pytest.raises(hm.InvalidArgumentError, match=r"dask\.distributed\.Client"):
        search.explore(hm.ClassicRules(4), hm.State.tower(2, posts=4), client=object())
