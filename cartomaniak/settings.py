"""Settings for Cartomaniak.

With `DEBUG=1` and nothing else set, the *embedded default* for development: SQLite, an in-memory
channel layer, background jobs inside the ASGI process, console email. Each integration is
switched on by the environment: `DATABASE_URL` (PostgreSQL), `REDIS_URL` (channel layer, Celery
broker, cache), `EMAIL_HOST` (SMTP). Without `DEBUG=1` it is a production start, which needs
`SECRET_KEY` and `ALLOWED_HOSTS` (see `deploy/production.env.example`).
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# --- Core -----------------------------------------------------------------------------------

# Nothing set means production, and a production start refuses to run without a real secret key
# and the site's host names (fail closed). The development default (DEBUG on, a throw-away key,
# local host names) is asked for explicitly: `DEBUG=1`, which the Makefile's development commands
# and the test settings set (docs/security.md).
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
if DEBUG:
    SECRET_KEY = SECRET_KEY or "django-insecure-development-key-only-used-when-debug-is-on"
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "[::1]", "testserver"]
else:
    # The same rule as Django's deploy check (security.W009): long, varied, not a placeholder.
    if (
        len(SECRET_KEY) < 50
        or len(set(SECRET_KEY)) < 5
        or SECRET_KEY.startswith("django-insecure-")
    ):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set to 50 random characters or more for a production start "
            '(python -c "import secrets; print(secrets.token_urlsafe(50))"). '
            "For the development default, set DEBUG=1."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS must list the site's host names for a production start "
            "(ALLOWED_HOSTS=cartomaniak.fr). For the development default, set DEBUG=1."
        )
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "allauth",
    "allauth.account",
    "channels",
    "accounts",
    "games",
    "rankings",
    "tournaments",
]

MIDDLEWARE = [
    # /sante/ and /metrics, answered before anything a visitor's page does (cartomaniak/health.py).
    "cartomaniak.health.ProbeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "cartomaniak.middleware.RejectNulBytesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.SiteLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "cartomaniak.urls"
ASGI_APPLICATION = "cartomaniak.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
    )
}
IS_SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
if IS_SQLITE:
    # IMMEDIATE transactions take SQLite's write lock at BEGIN, so an atomic block is the single
    # writer that select_for_update() gives on PostgreSQL. WAL lets readers run beside it, and
    # the timeout makes a second writer wait instead of failing.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so that a live Daphne server in another process (browser tests) sees
    # the test database. Parallel runs can choose their own file.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("SQLITE_TEST_NAME", str(BASE_DIR / ".test-db.sqlite3")),
    }

# The websockets' database calls run on this many threads per process (cartomaniak/database.py).
# The threads mostly wait for PostgreSQL (a commit's flush), and concurrent commits share a flush:
# 16 beat 4 under load (docs/performance.md). SQLite has one writer at a time: one thread.
DATABASE_THREADS = int(os.environ.get("DATABASE_THREADS", "1" if IS_SQLITE else "16"))

# PostgreSQL connections come from one pool per process (psycopg's, through Django), bounded by
# design: never more than DATABASE_POOL_MAX_SIZE per process, whatever the number of requests and
# sockets at once. Persistent connections per thread leaked under ASGI, where every request runs
# on a thread of its own: bursts of requests held 38 and 53 connections in two processes until
# PostgreSQL refused new clients (docs/operations.md, *Database connections*, has the budget:
# processes x pool size + Celery <= max_connections). A request that finds the pool empty waits
# DATABASE_POOL_TIMEOUT seconds for a connection, then gets the 503 page. Each connection lent is
# checked first (one empty query): after PostgreSQL restarts, no request gets a dead connection.
# SQLite is one file of one process: a persistent connection per thread, as before.
DATABASE_POOL_MAX_SIZE = int(os.environ.get("DATABASE_POOL_MAX_SIZE", "20"))
if IS_SQLITE:
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DATABASE_CONN_MAX_AGE", "60"))
elif DATABASE_POOL_MAX_SIZE > 0:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = env_bool("DATABASE_HEALTH_CHECKS", True)
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DATABASE_POOL_MIN_SIZE", "1")),
        "max_size": DATABASE_POOL_MAX_SIZE,
        "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT", "10")),
        # An idle connection is given back to PostgreSQL after this long.
        "max_idle": 300,
    }
else:
    # No pool (DATABASE_POOL_MAX_SIZE=0): a connection per request, as Django advises under ASGI.
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DATABASE_CONN_MAX_AGE", "0"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# --- Redis: channel layer, cache, Celery ----------------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL", "")


def redis_services(url: str) -> tuple[dict, dict]:
    """Return the channel layers and the caches of the site on the Redis server at `url`.

    Both retry a command once on a fresh connection: a connection of the pool that died with a
    restarted Redis is replaced at once, instead of failing the first broadcast after Redis
    returns. A Redis that is down fails fast (the connect timeout), and neither failure breaks a
    request: broadcasts are logged (`games.events`), the cache falls back to a local memory
    (`cartomaniak.cache`). docs/security.md, *Faults of the real-time layer*.
    """
    from redis.asyncio.retry import Retry as AsyncRetry
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    channel_layers = {
        # Redis pub/sub: one PUBLISH per group message instead of the core layer's per-channel
        # lists; it cut the p99 of a move on two processes from about 100 ms to about 35 ms
        # (docs/performance.md). Nothing is lost by its lack of persistence: a client that
        # misses a version asks for a snapshot, and the game socket's heartbeat catches up
        # (docs/protocol.md).
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": url,
                        "retry": AsyncRetry(NoBackoff(), 1),
                        "socket_connect_timeout": 1,
                    }
                ]
            },
        }
    }
    caches = {
        "default": {
            "BACKEND": "cartomaniak.cache.FailSafeRedisCache",
            "LOCATION": url,
            "OPTIONS": {
                "retry": Retry(NoBackoff(), 1),
                "socket_connect_timeout": 1,
                "socket_timeout": 1,
            },
        }
    }
    return channel_layers, caches


if REDIS_URL:
    CHANNEL_LAYERS, CACHES = redis_services(REDIS_URL)
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "cartomaniak.layers.InProcessChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Who runs the scheduled jobs of `cartomaniak/schedules.py`: "embedded" (an asyncio task in the
# ASGI process) or "celery" (Celery beat + worker). Redis means production, hence Celery.
BACKGROUND_JOBS = os.environ.get("BACKGROUND_JOBS", "celery" if REDIS_URL else "embedded")

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "Europe/Paris"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Computer players' turns have a queue of their own, for workers of their own (docs/operations.md).
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "games.tasks.computer_act": {"queue": "computer"},
    "games.tasks.computer_apply": {"queue": "computer"},
}
# Every queue a task goes to, read from the routes: a worker started without `-Q` (make cluster,
# the systemd unit, `make worker`) consumes all of them, so a queue added to the routes can never
# be left without a worker again.
CELERY_TASK_QUEUES = [
    Queue(name)
    for name in dict.fromkeys(
        [CELERY_TASK_DEFAULT_QUEUE, *(route["queue"] for route in CELERY_TASK_ROUTES.values())]
    )
]

# --- Authentication (django-allauth) --------------------------------------------------------

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
# Free play is open as soon as the account exists; ranked play and tournaments check the flag.
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PRESERVE_USERNAME_CASING = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Cartomaniak] "
# Refuses what allauth's forms let through: an email longer than its column, "@" in a username.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Email ----------------------------------------------------------------------------------

DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Cartomaniak <noreply@cartomaniak.local>")
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# The site's address, for links in e-mails sent by scheduled jobs (no request to build them from).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

# --- Internationalisation and time ----------------------------------------------------------

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Paris"
USE_TZ = True

# --- Static files ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# The embedded default serves files straight from the source folders (no collectstatic step);
# production serves the hashed, compressed copies that collectstatic writes, and refuses to
# start without them (`cartomaniak/startup.py`).
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
if not DEBUG:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# --- Security in production -----------------------------------------------------------------

# How many reverse proxies stand between the visitors and Daphne, each adding the address it
# saw to X-Forwarded-For. The documented production set-up has one (docs/operations.md) and
# Daphne listens on the loopback only, so nothing else can reach it with a forged header.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT") or (0 if DEBUG else 1))
# allauth's rate limits (10 failed logins a minute per address) count the visitor's address,
# not the proxy's: otherwise one attacker would lock every visitor out at once.
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    if TRUSTED_PROXY_COUNT:
        # The proxy ends TLS and says so; trusted only because nothing else reaches Daphne.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Health and metrics (cartomaniak/health.py, cartomaniak/metrics.py) ------------------------

# /metrics answers a client of these networks (the address Daphne reports: behind nginx, with
# --proxy-headers, the visitor's own), or one that sends `Authorization: Bearer METRICS_TOKEN`.
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_ALLOWED_NETWORKS = env_list("METRICS_ALLOWED_NETWORKS", ["127.0.0.0/8", "::1/128"])
for _network in METRICS_ALLOWED_NETWORKS:
    try:
        ipaddress.ip_network(_network, strict=False)
    except ValueError as error:
        raise ImproperlyConfigured(f"METRICS_ALLOWED_NETWORKS: {error}") from None
# A Celery worker serves its figures (its child processes' too, through PROMETHEUS_MULTIPROC_DIR)
# on this port of this address; 0 serves none.
METRICS_WORKER_PORT = int(os.environ.get("METRICS_WORKER_PORT") or 0)
METRICS_WORKER_BIND = os.environ.get("METRICS_WORKER_BIND", "127.0.0.1")

# --- Game -----------------------------------------------------------------------------------

# Every decision of a player has this long before it is a forfeit (manille-2p.md, Timing).
GAME_DECISION_SECONDS = int(os.environ.get("GAME_DECISION_SECONDS", "180"))
# Computer players (docs/computer.md): their human-like pause is multiplied by this (0 plays at
# once), and the embedded default plays their turns in this many threads.
COMPUTER_PAUSE_SCALE = float(os.environ.get("COMPUTER_PAUSE_SCALE", "1"))
COMPUTER_THREADS = int(os.environ.get("COMPUTER_THREADS", "2"))
# A direct challenge in the waiting room waits this long for its answer, then expires.
LOBBY_CHALLENGE_SECONDS = int(os.environ.get("LOBBY_CHALLENGE_SECONDS", "60"))

# Abuse limits of the live site (games/limits.py, docs/security.md): open sockets per member
# (per address for anonymous spectators), messages per socket (a burst, then a steady rate),
# messages per member (all his sockets), waiting-room actions (create, cancel, join) per member
# and minute.
SOCKETS_PER_MEMBER = int(os.environ.get("SOCKETS_PER_MEMBER", "10"))
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "30"))
SOCKET_MESSAGES_BURST = int(os.environ.get("SOCKET_MESSAGES_BURST", "100"))
SOCKET_MESSAGES_PER_SECOND = float(os.environ.get("SOCKET_MESSAGES_PER_SECOND", "10"))
# A member's sockets together, across processes (games/limits.py).
MEMBER_MESSAGES_BURST = int(os.environ.get("MEMBER_MESSAGES_BURST", "150"))
MEMBER_MESSAGES_PER_SECOND = float(os.environ.get("MEMBER_MESSAGES_PER_SECOND", "20"))
LOBBY_ACTIONS_PER_MINUTE = int(os.environ.get("LOBBY_ACTIONS_PER_MINUTE", "20"))
# Guests (docs/guests.md): how many one address may create an hour, and how long a guest
# without a game in progress is kept after his last visit.
GUESTS_PER_ADDRESS_PER_HOUR = int(os.environ.get("GUESTS_PER_ADDRESS_PER_HOUR", "10"))
GUEST_INACTIVE_DAYS = int(os.environ.get("GUEST_INACTIVE_DAYS", "30"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "refusal_without_traceback": {"()": "cartomaniak.logging.RefusalWithoutTraceback"},
        "repeated_error_throttle": {"()": "cartomaniak.logging.RepeatedErrorThrottle"},
        "suspicious_request_as_warning": {"()": "cartomaniak.logging.SuspiciousRequestAsWarning"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "daphne": {"level": "WARNING"},
        "django.channels.server": {"level": "WARNING"},
        "django.request": {"filters": ["refusal_without_traceback"]},
        "django.security.DisallowedHost": {"filters": ["suspicious_request_as_warning"]},
        # Redis down: the channel layer's receive loop fails every second in every process.
        # (A logger's filters do not apply to its children: each module is named.)
        "channels_redis.pubsub": {"filters": ["repeated_error_throttle"]},
        "channels_redis.core": {"filters": ["repeated_error_throttle"]},
        # A probe every few seconds while the database or Redis is down: once a minute.
        "cartomaniak.health": {"filters": ["repeated_error_throttle"]},
        "cartomaniak.metrics": {"filters": ["repeated_error_throttle"]},
    },
}
