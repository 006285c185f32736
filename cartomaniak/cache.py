"""The site's cache on Redis, falling back to a memory of its own while Redis is unreachable.

What the cache holds is short-lived counting: allauth's login rate limits and the abuse limits
of `cartomaniak.limits`. Losing Redis must not take login down (a 500 on every sign-in), and
must not switch those limits off either: while Redis fails, each process counts in its own
memory (a local fallback, not fail-open), so a brute force is still slowed, by each process
separately. When Redis answers again it is used at once; what was counted locally meanwhile is
forgotten. docs/security.md, *The cache degrading takes login down*.
"""

import logging
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# One warning at most per this many seconds while Redis stays down: a log, not a flood.
WARNING_INTERVAL_SECONDS = 30.0


def _fail_safe(name: str):
    def method(self, *args, **kwargs):
        try:
            return getattr(RedisCache, name)(self, *args, **kwargs)
        except (RedisError, OSError) as error:
            self._warn(name, error)
            return getattr(self._fallback, name)(*args, **kwargs)

    method.__name__ = name
    return method


class FailSafeRedisCache(RedisCache):
    """Django's Redis cache whose every operation falls back to a local memory on failure."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._fallback = LocMemCache(f"fail-safe-{id(self)}", {"TIMEOUT": self.default_timeout})
        self._warned_at = float("-inf")

    def _warn(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at < WARNING_INTERVAL_SECONDS:
            return
        self._warned_at = now
        logger.warning(
            "Cache unreachable (%s: %s): counting in this process's memory until it returns",
            operation,
            error,
        )

    add = _fail_safe("add")
    get = _fail_safe("get")
    set = _fail_safe("set")
    touch = _fail_safe("touch")
    delete = _fail_safe("delete")
    get_many = _fail_safe("get_many")
    has_key = _fail_safe("has_key")
    incr = _fail_safe("incr")
    set_many = _fail_safe("set_many")
    delete_many = _fail_safe("delete_many")
    clear = _fail_safe("clear")
