"""A live Daphne server (HTTP and websockets) and a real Chromium driven by Playwright.

Channels' `ChannelsLiveServerTestCase` runs the whole ASGI application in a separate process on
the test database (a file for SQLite, the test database on PostgreSQL). Playwright drives
Debian's Chromium: never `playwright install`, there is no browser download here.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing import ChannelsLiveServerTestCase
from daphne.testing import DaphneProcess
from django.core.cache import cache
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

# Playwright's sync API runs an event loop in this thread; Django would otherwise refuse the
# ORM calls the tests make between two browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class InheritedDatabaseDaphneProcess(DaphneProcess):
    """Daphne on the database settings the fork inherits.

    Channels' setup hook prefixes "test_" to a name that is already the test database's on
    PostgreSQL (giving "test_test_..."); the forked process needs no change at all.
    """

    def __init__(self, host, get_application, *, setup=None, **options) -> None:
        super().__init__(host, get_application, **options)


@pytest.mark.browser
class BrowserTestCase(ChannelsLiveServerTestCase):
    host = "127.0.0.1"
    serve_static = True
    ProtocolServerProcess = InheritedDatabaseDaphneProcess

    @classmethod
    def setUpClass(cls) -> None:
        # The live server is a forked process: what earlier websocket tests left in this one
        # (a channel layer bound to closed event loops, the worker thread of asgiref's
        # single-thread executor, which a fork does not copy) would hang its consumers.
        channel_layers.backends.clear()
        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
        super().setUpClass()
        cls._playwright = sync_playwright().start()
        cls.browser: Browser = cls._playwright.chromium.launch(
            executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True
        )

    @classmethod
    def tearDownClass(cls) -> None:
        cls.browser.close()
        cls._playwright.stop()
        super().tearDownClass()

    def setUp(self) -> None:
        super().setUp()
        # The cache is shared with the server (Redis in CI) and outlives a run: allauth keeps its
        # rate limits and confirmation-email cool-downs there.
        cache.clear()

    def new_context(self, **options) -> BrowserContext:
        # A browser that asks for English: the site must still answer in French by default.
        options.setdefault("locale", "en-US")
        options.setdefault("base_url", self.live_server_url)
        context = self.browser.new_context(**options)
        context.set_default_timeout(10_000)
        self.addCleanup(context.close)
        return context

    def new_page(self, **options) -> Page:
        return self.new_context(**options).new_page()
