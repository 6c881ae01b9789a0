"""The viewer's server under load: a cheap request alone, and while 8 expensive ones run.

First, what one move of play mode costs at each size (the moves, the exact distance, a hint).

Cheap: ``/api/frame?label=NNN&n=3&k=5`` and a play position of 20 disks. Expensive: 1,000-disk
paths from 8 new starts (``/api/frame?...&from=...``, each a new route: about 0.3 s of work).
Each round starts the 8 expensive requests at once, waits until the server's place for
long work is taken, then times one cheap request; the table gives the median over rounds
and its ratio to the same request alone (the same process, the same server). Before this
server dropped its single lock, the cheap request waited for all 8 (3-5 s).

    python benchmarks/run.py viewer_load
"""

from __future__ import annotations

import http.client
import random
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._harness import measure
from hanoi_magnet import default_registry
from hanoi_magnet.view import ViewerServer, play_position

ROUNDS = 5
HEAVY = 8
CHEAP = {
    "frame of NNN, 3 disks": "/api/frame?label=NNN&n=3&k=5",
    "play position, NNN 20 disks": "/api/position?label=NNN&n=20&pos="
    + "S" * 19
    + "I%2F"
    + "r" * 19
    + "b",
}


def _get(port: int, target: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def _starts(count: int, rng: random.Random) -> list[str]:
    variant = default_registry.variant("NNN")
    found = []
    for index in range(count):
        state = variant.start(1000)
        for _ in range(30 + index):
            state = variant.rules.apply(state, rng.choice(variant.rules.legal_moves(state)))
        found.append(state.format(compact=True))
    return found


def guidance() -> None:
    """What one move in play mode costs: play_position (moves, distance, hint) at each size."""
    rng = random.Random(20)
    variant = default_registry.variant("NNN")
    print("| play position (NNN, a random position) | median (ms) |")
    print("|---|---|")
    for n in (3, 20, 100, 1000):
        solution = default_registry.solve("NNN", n)
        state = solution.unrank(rng.randrange(solution.length + 1))
        for _ in range(20):  # off the optimal route
            state = variant.rules.apply(state, rng.choice(variant.rules.legal_moves(state)))
        text = state.format(compact=True)
        timing = measure(f"{n} disks", lambda text=text, n=n: play_position("NNN", n, text))
        print(f"| {n:,} disks | {timing.median * 1e3:.1f} |")
    print()


def main() -> None:
    guidance()
    rng = random.Random(8)
    with ViewerServer("NNN", 3) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            print("| cheap request | alone (ms) | beside 8 long ones (ms) | ratio | long done |")
            print("|---|---|---|---|---|")
            for name, target in CHEAP.items():
                alone = measure(name, lambda target=target: _get(server.port, target), repeat=9)
                loaded, done = [], []
                for _ in range(ROUNDS):
                    finished: list[int] = []
                    heavy = [
                        "/api/frame?"
                        + urllib.parse.urlencode(
                            {"label": "NNN", "n": 1000, "from": start, "k": -2}
                        )
                        for start in _starts(HEAVY, rng)
                    ]
                    threads = [
                        threading.Thread(
                            target=lambda t=t, into=finished: into.append(_get(server.port, t))
                        )
                        for t in heavy
                    ]
                    for worker in threads:
                        worker.start()
                    while server.heavy._value > 0 and len(finished) < HEAVY:  # type: ignore[attr-defined]
                        time.sleep(0.002)
                    began = time.perf_counter()
                    assert _get(server.port, target) == 200
                    loaded.append(time.perf_counter() - began)
                    done.append(len(finished))
                    for worker in threads:
                        worker.join()
                median = statistics.median(loaded)
                print(
                    f"| {name} | {alone.median * 1e3:.1f} | {median * 1e3:.1f} | "
                    f"{median / alone.median:.1f}x | {statistics.median(done):.0f} of {HEAVY} |"
                )
        finally:
            server.shutdown()
