"""Cartomaniak project package: settings, URLs, ASGI entry point, Celery app and schedules."""

from .celery import app as celery_app

__all__ = ["celery_app"]
