"""Logging filters of the site."""

import logging

from django.core.exceptions import PermissionDenied


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
