"""One open queue, first come first served: Poisson arrivals, service of any spread (M/G/1).
Simulated customer by customer with Lindley's recursion (a customer waits for what the one
before it left, less the time between them): the check of the simulator's draws and statistics
against the Pollaczek-Khinchine formula, which gives the mean wait exactly,

    W_q = rho * s * (1 + scv) / (2 (1 - rho))          (rho = lambda * s)

so M/D/1 (scv 0) waits half as long as M/M/1 (scv 1). A batch is a fixed number of customers.
"""

from __future__ import annotations

import random

from .engine import sampler

BATCH = 2_000  # customers a batch
WARM = 2_000  # customers thrown away first


def pollaczek_khinchine(rate: float, mean: float, scv: float) -> float:
    """The mean wait before service in an M/G/1 queue."""
    rho = rate * mean
    if not 0 <= rho < 1:
        raise ValueError("the queue is stable only below 100 % busy")
    return rho * mean * (1 + scv) / (2 * (1 - rho))


class MG1:
    """An M/G/1 queue as a run.Source: each batch's mean wait and mean time in the system."""

    def __init__(self, rate: float, mean: float, scv: float, seed: int) -> None:
        rng = random.Random(seed)
        self.arrival = sampler(rng, 1.0 / rate, 1.0)
        self.service = sampler(rng, mean, scv)
        self.wait = 0.0  # the next customer's wait
        self.done = 0
        self.events = 0
        self.sums = [0.0, 0.0, 0]  # waits, times in system, customers of the batch

    def _serve(self, n: int) -> None:
        w, sums = self.wait, self.sums
        for _ in range(n):
            s = self.service()
            sums[0] += w
            sums[1] += w + s
            w = max(0.0, w + s - self.arrival())
        sums[2] += n
        self.wait = w
        self.done += n
        self.events += 2 * n  # an arrival and a departure each

    def warm(self, budget: int) -> bool:
        self._serve(max(1, min(WARM - self.done, budget // 2)))
        if self.done < WARM:
            return False
        self.sums = [0.0, 0.0, 0]
        return True

    def step(self, budget: int) -> tuple[float, float, float] | None:
        left = BATCH - int(self.sums[2])
        self._serve(max(1, min(left, budget // 2)))
        if self.sums[2] < BATCH:
            return None
        w, t, n = self.sums
        self.sums = [0.0, 0.0, 0]
        return w, t, n

    def merge(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> tuple[float, float, float]:
        return a[0] + b[0], a[1] + b[1], a[2] + b[2]

    def metrics(self, batch: tuple[float, float, float]) -> dict[str, float]:
        w, t, n = batch
        return {"wait": w / n, "response": t / n}
