"""Worker functions for the bot pool's tests (module level: the pool's worker processes import them by name)."""

from __future__ import annotations

import os
import time
from typing import Any

from ageofsteam.server.thinking import Job, work


def think_hard(job: Job) -> dict[str, Any]:
    """A strong bot that uses all of its budget, on the CPU, before it answers."""
    if job.level == "strong" and job.seconds:
        end = time.perf_counter() + job.seconds
        n = 0
        while time.perf_counter() < end:
            n += 1
    return work(job)


def think_too_long(job: Job) -> dict[str, Any]:
    """A strong bot that never answers in time (the other levels answer as usual)."""
    if job.level == "strong":
        time.sleep(20)
    return work(job)


def die(job: Job) -> dict[str, Any]:
    """A strong bot whose worker process dies (the other levels answer as usual)."""
    if job.level == "strong":
        os._exit(3)
    return work(job)
