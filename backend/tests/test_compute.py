"""The model worker pool on its own: any operation of the models' table answered in another
process, refusals with their reason and cost, and a pool that starts anew after a worker dies."""

import asyncio
import json
import os
import signal

import pytest

import perfmodels
from app.compute import ModelError, ModelPool


@pytest.fixture(scope="module")
def pool():
    p = ModelPool(1)
    yield p
    p.close()


def test_answers_are_the_models_own_and_cost_cpu_time(pool):
    asked = {"system": "lavc", "knobs": {"users": 200}, "x": "locks_per_user_s", "values": [0.1, 0.5, 1.0]}
    body, cpu = asyncio.run(pool.run("sweep", asked))
    assert json.loads(body) == json.loads(
        json.dumps(perfmodels.sweep("lavc", {"users": 200}, "locks_per_user_s", [0.1, 0.5, 1.0]))
    )
    assert cpu > 0


def test_a_refusal_carries_the_models_reason(pool):
    with pytest.raises(ModelError) as e:
        asyncio.run(pool.run("evaluate", {"system": "decnet", "knobs": {"link_quota": -5}}))
    assert "link_quota" in str(e.value) and e.value.cpu >= 0


def test_a_dead_worker_fails_one_call_and_the_next_starts_a_new_pool(pool):
    from concurrent.futures.process import BrokenProcessPool

    asyncio.run(pool.warm())
    for pid in list(pool._executor()._processes):  # the worker dies, as if killed for memory
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        asyncio.run(pool.run("evaluate", {"system": "decnet"}))
    body, _ = asyncio.run(pool.run("evaluate", {"system": "decnet"}))
    assert json.loads(body)
