"""Rate limits: a token bucket per key (a device, a network address) on an injectable clock."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable


class RateLimiter:
    """Each key may spend ``burst`` requests at once, refilled at ``per_second``.

    The table keeps at most ``max_keys`` keys (the least recently seen go first), so a flood of
    new addresses or made-up device ids cannot grow it without bound.
    """

    def __init__(
        self, burst: int, per_second: float, clock: Callable[[], float], *, max_keys: int = 4096
    ) -> None:
        if burst < 1 or per_second <= 0:
            raise ValueError("a rate limit needs burst >= 1 and per_second > 0")
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, at)
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Spend one request of ``key``: 0.0 when allowed, else the seconds until one is free."""
        now = self.clock()
        with self._lock:
            tokens, at = self._buckets.pop(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + max(0.0, now - at) * self.per_second)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                wait = 0.0
            else:
                self._buckets[key] = (tokens, now)
                wait = (1.0 - tokens) / self.per_second
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        return wait


def retry_after(wait: float) -> str:
    """The ``Retry-After`` header for a wait: whole seconds, at least one."""
    return str(max(1, math.ceil(wait)))
