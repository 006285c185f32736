"""Logging filters of the site."""

import logging
import threading
import time

from django.core.exceptions import PermissionDenied, SuspiciousOperation


class RefusalWithoutTraceback(logging.Filter):
    """Keep the one-line "Forbidden" warning of a refused action, without its traceback.

    A 403 is the site working as meant (an operator without the permission, a locked prize):
    a traceback in the logs would look like a fault and hide the real ones.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True


class SuspiciousRequestAsWarning(logging.Filter):
    """Log a refused suspicious request (an unknown `Host`, above all) as one warning line.

    Django answers it 400 and logs an ERROR with a traceback: scanners send such requests all
    day through the proxy, and each one looked like a fault of the site.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], SuspiciousOperation):
            record.exc_info = None
            record.exc_text = None
            record.levelno = logging.WARNING
            record.levelname = logging.getLevelName(logging.WARNING)
        return True


class RepeatedErrorThrottle(logging.Filter):
    """Let one copy of a repeating error through per `interval` seconds, saying how many were
    held back.

    While Redis is down, channels-redis logs the same error with its traceback every second
    from every process: an outage must show in the logs, but not bury everything else in them.
    """

    interval = 60.0

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self._lock = threading.Lock()
        # (logger, message, exception type) -> (when one last went through, held back since)
        self._seen: dict[tuple, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        error_type = record.exc_info[0] if record.exc_info else None
        key = (record.name, record.msg, error_type)
        now = time.monotonic()
        with self._lock:
            last, held_back = self._seen.get(key, (None, 0))
            if last is not None and now - last < self.interval:
                self._seen[key] = (last, held_back + 1)
                return False
            self._seen[key] = (now, 0)
        if held_back:
            record.msg = f"{record.getMessage()} (repeated {held_back} times since the last report)"
            record.args = None
        return True
