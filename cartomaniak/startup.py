"""Checks a production server makes before it serves anything."""

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ImproperlyConfigured

# collectstatic's own default: files it never copies.
IGNORED_PATTERNS = ["CVS", ".*", "*~"]


def static_files_check() -> None:
    """Refuse a production start whose static files are not collected, or not for this release.

    Production serves the hashed copies listed in the manifest that collectstatic writes; a page
    that names a file missing from it fails (a server error on every page). Better not to start,
    saying what to run.
    """
    if settings.WHITENOISE_USE_FINDERS:
        # The development default serves the source folders themselves. (Not `DEBUG`: the test
        # runner turns DEBUG off at run time while keeping the development default's files.)
        return
    manifest = staticfiles_storage.hashed_files  # the "paths" of the manifest, read at setup
    if not manifest:
        raise ImproperlyConfigured(
            f"The static files are not collected in {settings.STATIC_ROOT}: run "
            "`python manage.py collectstatic --noinput` before starting the server."
        )
    missing = sorted(
        path
        for finder in finders.get_finders()
        for path, _storage in finder.list(IGNORED_PATTERNS)
        if path not in manifest
    )
    if missing:
        raise ImproperlyConfigured(
            f"The static files in {settings.STATIC_ROOT} are those of another release "
            f"({', '.join(missing[:5])} missing): run `python manage.py collectstatic --noinput` "
            "before starting the server."
        )
